"""Rules on links and ports: endpoints exist, one link per port, speeds the ports can run, media and planes agree."""

from __future__ import annotations

from designer.i18n.findings import Params, render_message
from designer.model.links import Link
from designer.model.nodes import Port
from designer.topology.physical.schedule import link_speeds_gbps
from designer.topology.rules.finding import CheckContext, Finding, Names, Phrase, Term, finding

RULES = {
    "link-endpoint": "A link names a node or port that does not exist, or joins a port to itself.",
    "port-reuse": "A port is used by two or more links.",
    "too-many-links": "A node has more links than ports.",
    "link-too-fast": "A link is faster than a port at one of its ends.",
    "speed-mismatch": "A port cannot run the link's speed (a port of speed S runs S, S/2 or S/4, or the speeds its "
                      "switch model's catalog entry lists).",
    "medium-mismatch": "A link joins an InfiniBand port to an Ethernet port (only a gateway bridges the two).",
    "plane-mismatch": "A link's plane (back-end or front-end) differs from the plane of a NIC port it uses.",
}

# A finding about one link and how a group of links with the same problem words it:
# (group message id, its parameters without the links, the single link's finding).
_Member = tuple[str, Params, Finding]


def check(ctx: CheckContext) -> list[Finding]:
    findings: list[Finding] = []
    per_link: list[_Member] = []
    users: dict[tuple[str, str], list[str]] = {}  # (node, port) -> link ids
    for link in ctx.doc.links.values():
        ends = (link.a, link.b)
        missing = [str(e) for e in ends if ctx.port(e.node, e.port) is None]
        if missing:
            findings.append(finding("link-endpoint", "error", "finding.link-endpoint.missing.detail",
                                    nodes=tuple(e.node for e in ends if e.node in ctx.doc.nodes),
                                    links=(link.id,), link=link.id,
                                    ends=Names(missing, limit=None, sep="finding.list.and")))
            continue
        if link.a == link.b:
            findings.append(finding("link-endpoint", "error", "finding.link-endpoint.self.detail",
                                    nodes=(link.a.node,), links=(link.id,), link=link.id, port=link.a.port,
                                    node=ctx.name(link.a.node)))
            continue
        for e in ends:
            users.setdefault((e.node, e.port), []).append(link.id)
        per_link.extend(_speed(ctx, link))
        per_link.extend(_medium_and_plane(ctx, link))
    findings.extend(_grouped(per_link))
    for (node_id, port), link_ids in users.items():
        if len(link_ids) > 1:
            findings.append(finding("port-reuse", "error", "finding.port-reuse.detail",
                                    nodes=(node_id,), links=tuple(link_ids), value=float(len(link_ids)),
                                    port=port, node=ctx.name(node_id), count=len(link_ids),
                                    link_ids=Names(link_ids, limit=None)))
    for node_id, links in ctx.links_by_node.items():
        ports = ctx.doc.nodes[node_id].port_count()
        if len(links) > ports:
            findings.append(finding("too-many-links", "error", "finding.too-many-links.detail",
                                    nodes=(node_id,), links=tuple(link.id for link in links),
                                    value=float(len(links)), node=ctx.name(node_id), count=len(links),
                                    ports=ports))
    return findings


def _grouped(per_link: list[_Member]) -> list[Finding]:
    """One finding per kind of problem: a wrong protocol or speed on a whole tier must not flood the list.

    A problem seen on a single link keeps its specific message; many links with the same problem
    (same rule and same summary) become one finding that lists them.
    """
    groups: dict[tuple[str, str], list[_Member]] = {}
    for msg_id, params, f in per_link:
        # links with the same English summary (the message less its link list) form one group
        summary = render_message(msg_id, (("count", 0), ("link_ids", Names(()))) + params, "en")
        groups.setdefault((f.rule, summary), []).append((msg_id, params, f))
    out = []
    for (rule, _summary), members in groups.items():
        if len(members) == 1:
            out.append(members[0][2])
            continue
        links = list(dict.fromkeys(lid for _, _, f in members for lid in f.links))
        nodes = tuple(dict.fromkeys(n for _, _, f in members for n in f.nodes))
        msg_id, params, first = members[0]
        out.append(finding(rule, first.severity, msg_id, nodes=nodes, links=tuple(links), value=first.value,
                           count=len(links), link_ids=Names(links), **dict(params)))
    return out


def _speed(ctx: CheckContext, link: Link) -> list[_Member]:
    out: list[_Member] = []
    for e in (link.a, link.b):
        port = ctx.known_port(e.node, e.port)
        model = ctx.doc.nodes[e.node].model
        speeds = link_speeds_gbps(ctx.catalog, ctx.doc.nodes[e.node], port.speed_gbps)
        if link.speed_gbps > port.speed_gbps + 1e-6:
            out.append(("finding.link-too-fast.group.detail",
                        (("speed", link.speed_gbps), ("port_speed", port.speed_gbps), ("model", model)),
                        finding("link-too-fast", "error", "finding.link-too-fast.detail",
                                nodes=(e.node,), links=(link.id,), value=link.speed_gbps, link=link.id,
                                speed=link.speed_gbps, port=e.port, node=ctx.name(e.node),
                                port_speed=port.speed_gbps)))
        elif not any(abs(s - link.speed_gbps) < 1e-6 for s in speeds):
            can = Names([f"{s:g}" for s in speeds], limit=None)
            out.append(("finding.speed-mismatch.group.detail",
                        (("speed", link.speed_gbps), ("port_speed", port.speed_gbps), ("model", model),
                         ("speeds", can)),
                        finding("speed-mismatch", "error", "finding.speed-mismatch.detail",
                                nodes=(e.node,), links=(link.id,), value=link.speed_gbps, port=e.port,
                                node=ctx.name(e.node), link=link.id, speed=link.speed_gbps, speeds=can)))
    return out


def _medium_text(ctx: CheckContext, node_id: str, port: Port, medium: str) -> Term | Phrase:
    name = Term("medium", "ib" if medium == "ib" else "ethernet")
    if port.medium == "vpi":
        seg = ctx.segment_of.get(node_id)
        if seg:
            return Phrase("finding.medium.vpi-in-segment", (("medium", name), ("segment", repr(seg.name))))
        return Phrase("finding.medium.vpi-outside", (("medium", name),))
    return name


def _medium_and_plane(ctx: CheckContext, link: Link) -> list[_Member]:
    out: list[_Member] = []
    pa, pb = ctx.known_port(link.a.node, link.a.port), ctx.known_port(link.b.node, link.b.port)
    ma, mb = ctx.medium(link.a.node, pa), ctx.medium(link.b.node, pb)
    if ma != mb:
        ta, tb = _medium_text(ctx, link.a.node, pa, ma), _medium_text(ctx, link.b.node, pb, mb)
        sides = [Phrase("finding.medium.ports-of", (("medium", ta), ("model", ctx.doc.nodes[link.a.node].model))),
                 Phrase("finding.medium.ports-of", (("medium", tb), ("model", ctx.doc.nodes[link.b.node].model)))]
        sides.sort(key=lambda side: render_message(side.msg_id, side.params, "en"))
        out.append(("finding.medium-mismatch.group.detail", (("side_a", sides[0]), ("side_b", sides[1])),
                    finding("medium-mismatch", "error", "finding.medium-mismatch.detail",
                            nodes=(link.a.node, link.b.node), links=(link.id,), link=link.id,
                            medium_a=ta, port_a=link.a.port, node_a=ctx.name(link.a.node),
                            medium_b=tb, port_b=link.b.port, node_b=ctx.name(link.b.node))))
    for e, port in ((link.a, pa), (link.b, pb)):
        if port.plane is not None and port.plane != link.plane:
            model = ctx.doc.nodes[e.node].model
            out.append(("finding.plane-mismatch.group.detail",
                        (("plane", Term("plane", link.plane)), ("port_plane", Term("plane", port.plane)),
                         ("model", model)),
                        finding("plane-mismatch", "error", "finding.plane-mismatch.detail",
                                nodes=(e.node,), links=(link.id,), link=link.id,
                                plane=Term("plane", link.plane), port=e.port, node=ctx.name(e.node),
                                port_plane=Term("plane", port.plane))))
    return out
