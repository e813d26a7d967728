"""Rules on links and ports: endpoints exist, one link per port, speeds the ports can run, media and planes agree."""

from __future__ import annotations

from designer.topology.rules.finding import CheckContext, Finding, listing, plural

RULES = {
    "link-endpoint": "A link names a node or port that does not exist, or joins a port to itself.",
    "port-reuse": "A port is used by two or more links.",
    "too-many-links": "A node has more links than ports.",
    "link-too-fast": "A link is faster than a port at one of its ends.",
    "speed-mismatch": "A port cannot run the link's speed (a port of speed S runs S, S/2 or S/4).",
    "medium-mismatch": "A link joins an InfiniBand port to an Ethernet port (only a gateway bridges the two).",
    "plane-mismatch": "A link's plane (back-end or front-end) differs from the plane of a NIC port it uses.",
}

# A port of speed S may run a link at S, S/2 or S/4 (lane-rate fallback, e.g. 400G -> 200G / 100G).
SPEED_DIVISORS = (1, 2, 4)


def _runs_at(port_gbps: float, link_gbps: float) -> bool:
    return any(abs(port_gbps / d - link_gbps) < 1e-6 for d in SPEED_DIVISORS)


def check(ctx: CheckContext) -> list[Finding]:
    findings: list[Finding] = []
    per_link: list[Finding] = []
    users: dict[tuple[str, str], list[str]] = {}  # (node, port) -> link ids
    for link in ctx.doc.links.values():
        ends = (link.a, link.b)
        missing = [str(e) for e in ends if ctx.port(e.node, e.port) is None]
        if missing:
            findings.append(Finding("link-endpoint", "error",
                                    f"link '{link.id}' ends at {' and '.join(missing)}, which does not exist",
                                    nodes=tuple(e.node for e in ends if e.node in ctx.doc.nodes),
                                    links=(link.id,)))
            continue
        if link.a == link.b:
            findings.append(Finding("link-endpoint", "error",
                                    f"link '{link.id}' joins port {link.a.port} of {ctx.name(link.a.node)} to itself",
                                    nodes=(link.a.node,), links=(link.id,)))
            continue
        for e in ends:
            users.setdefault((e.node, e.port), []).append(link.id)
        per_link.extend(_speed(ctx, link))
        per_link.extend(_medium_and_plane(ctx, link))
    findings.extend(_grouped(per_link))
    for (node_id, port), link_ids in users.items():
        if len(link_ids) > 1:
            findings.append(Finding("port-reuse", "error",
                                    f"port {port} of {ctx.name(node_id)} is used by {len(link_ids)} links "
                                    f"({', '.join(link_ids)}); a port takes one cable",
                                    nodes=(node_id,), links=tuple(link_ids), value=float(len(link_ids))))
    for node_id, links in ctx.links_by_node.items():
        ports = ctx.doc.nodes[node_id].port_count()
        if len(links) > ports:
            findings.append(Finding("too-many-links", "error",
                                    f"{ctx.name(node_id)} has {len(links)} links but only {plural(ports, 'port')}",
                                    nodes=(node_id,), links=tuple(link.id for link in links),
                                    value=float(len(links))))
    return findings


def _grouped(per_link: list[tuple[str, Finding]]) -> list[Finding]:
    """One finding per kind of problem: a wrong protocol or speed on a whole tier must not flood the list.

    A problem seen on a single link keeps its specific message; many links with the same problem
    (same rule and same summary) become one finding that lists them.
    """
    groups: dict[tuple[str, str], list[Finding]] = {}
    for summary, f in per_link:
        groups.setdefault((f.rule, summary), []).append(f)
    out = []
    for (rule, summary), members in groups.items():
        if len(members) == 1:
            out.append(members[0])
            continue
        links = list(dict.fromkeys(lid for f in members for lid in f.links))
        nodes = tuple(dict.fromkeys(n for f in members for n in f.nodes))
        out.append(Finding(rule, members[0].severity,
                           f"{plural(len(links), 'link')} ({listing(links)}) {summary}",
                           nodes=nodes, links=tuple(links), value=members[0].value))
    return out


def _speed(ctx: CheckContext, link) -> list[tuple[str, Finding]]:
    out = []
    for e in (link.a, link.b):
        port = ctx.port(e.node, e.port)
        model = ctx.doc.nodes[e.node].model
        if link.speed_gbps > port.speed_gbps + 1e-6:
            out.append((f"run at {link.speed_gbps:g} Gb/s on {port.speed_gbps:g} Gb/s ports of {model}",
                        Finding("link-too-fast", "error",
                                f"link '{link.id}' runs at {link.speed_gbps:g} Gb/s but port {e.port} of "
                                f"{ctx.name(e.node)} is a {port.speed_gbps:g} Gb/s port",
                                nodes=(e.node,), links=(link.id,), value=link.speed_gbps)))
        elif not _runs_at(port.speed_gbps, link.speed_gbps):
            can = ", ".join(f"{port.speed_gbps / d:g}" for d in SPEED_DIVISORS)
            out.append((f"run at {link.speed_gbps:g} Gb/s, which {port.speed_gbps:g} Gb/s ports of {model} "
                        f"cannot (they run {can} Gb/s)",
                        Finding("speed-mismatch", "error",
                                f"port {e.port} of {ctx.name(e.node)} cannot run link '{link.id}' at "
                                f"{link.speed_gbps:g} Gb/s (it runs {can} Gb/s)",
                                nodes=(e.node,), links=(link.id,), value=link.speed_gbps)))
    return out


def _medium_text(ctx: CheckContext, node_id: str, port, medium: str) -> str:
    name = "InfiniBand" if medium == "ib" else "Ethernet"
    if port.medium == "vpi":
        seg = ctx.segment_of.get(node_id)
        return f"{name} (a VPI NIC {'in segment ' + repr(seg.name) if seg else 'outside any segment'})"
    return name


def _medium_and_plane(ctx: CheckContext, link) -> list[tuple[str, Finding]]:
    out = []
    pa, pb = ctx.port(link.a.node, link.a.port), ctx.port(link.b.node, link.b.port)
    ma, mb = ctx.medium(link.a.node, pa), ctx.medium(link.b.node, pb)
    if ma != mb:
        ta, tb = _medium_text(ctx, link.a.node, pa, ma), _medium_text(ctx, link.b.node, pb, mb)
        sides = sorted([f"{ta} ports of {ctx.doc.nodes[link.a.node].model}",
                        f"{tb} ports of {ctx.doc.nodes[link.b.node].model}"])
        out.append((f"join {sides[0]} to {sides[1]}; InfiniBand and Ethernet meet only through a gateway",
                    Finding("medium-mismatch", "error",
                            f"link '{link.id}' joins {ta} port {link.a.port} of {ctx.name(link.a.node)} to "
                            f"{tb} port {link.b.port} of {ctx.name(link.b.node)}; "
                            f"InfiniBand and Ethernet meet only through a gateway",
                            nodes=(link.a.node, link.b.node), links=(link.id,))))
    for e, port in ((link.a, pa), (link.b, pb)):
        if port.plane is not None and port.plane != link.plane:
            model = ctx.doc.nodes[e.node].model
            out.append((f"on the {link.plane} plane use {port.plane} ports of {model}",
                        Finding("plane-mismatch", "error",
                                f"link '{link.id}' is on the {link.plane} plane but port {e.port} of "
                                f"{ctx.name(e.node)} is a {port.plane} port",
                                nodes=(e.node,), links=(link.id,))))
    return out
