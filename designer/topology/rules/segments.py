"""Rules on back-end segments: membership, protocol support of the models, PFC / ECN settings, PFC headroom."""

from __future__ import annotations

from designer.topology.headroom import required_headroom_kb
from designer.topology.rules.finding import CheckContext, Finding, listing, plural

RULES = {
    "segment-member": "A segment lists a node that does not exist, or a node that is also in another segment.",
    "segment-protocol": "A switch or NIC model in a segment does not speak the segment's protocol.",
    "segment-missing": "A server or switch on the back-end belongs to no segment.",
    "pfc-thresholds": "PFC Xon is not below Xoff, or a PFC figure is not positive.",
    "ecn-thresholds": "ECN Kmin is not below Kmax, or Pmax is outside 0..1.",
    "pfc-headroom": "PFC headroom is too small for a link's cable length at its speed (IEEE 802.1Qbb model).",
}

_PROTOCOL_NAME = {"ib": "InfiniBand", "rocev2": "RoCEv2"}
# What a catalog model's `protocol` must be to serve in a segment of each protocol.
_SPEAKS = {"ib": ("ib", "vpi"), "rocev2": ("ethernet", "vpi")}


def check(ctx: CheckContext) -> list[Finding]:
    findings = _membership(ctx) + _missing(ctx)
    for seg in ctx.doc.segments.values():
        findings.extend(_protocol(ctx, seg))
        findings.extend(_thresholds(seg))
        findings.extend(_headroom(ctx, seg))
    return findings


def _seg_name(seg) -> str:
    return f"segment '{seg.name}'" if seg.name and seg.name != seg.id else f"segment '{seg.id}'"


def _membership(ctx: CheckContext) -> list[Finding]:
    out = []
    first: dict[str, str] = {}
    for seg in ctx.doc.segments.values():
        ghosts = [n for n in seg.nodes if n not in ctx.doc.nodes]
        if ghosts:
            out.append(Finding("segment-member", "error",
                               f"{_seg_name(seg)} lists {listing([repr(g) for g in ghosts])}, "
                               f"which {'is' if len(ghosts) == 1 else 'are'} not in the design",
                               nodes=tuple(ghosts)))
        for n in seg.nodes:
            if n in first and first[n] != seg.id:
                other = ctx.doc.segments[first[n]]
                out.append(Finding("segment-member", "error",
                                   f"{ctx.name(n)} is in both {_seg_name(other)} and {_seg_name(seg)}; "
                                   f"a node runs one protocol", nodes=(n,)))
            first.setdefault(n, seg.id)
    return out


def _missing(ctx: CheckContext) -> list[Finding]:
    stray = [n.id for n in ctx.doc.nodes.values()
             if n.kind in ("server", "switch") and n.id not in ctx.segment_of and ctx.backend_links(n.id)]
    if not stray:
        return []
    return [Finding("segment-missing", "warning",
                    f"{plural(len(stray), 'node')} on the back-end belong to no segment "
                    f"({listing([ctx.name(n) for n in stray])}); their protocol is undefined until one is assigned",
                    nodes=tuple(stray), value=float(len(stray)))]


def _protocol(ctx: CheckContext, seg) -> list[Finding]:
    out = []
    wrong_switches: list[str] = []
    wrong_nics: list[str] = []
    for nid in seg.nodes:
        node = ctx.doc.nodes.get(nid)
        if node is None or not ctx.model_known(node):
            continue
        if node.kind == "switch":
            if ctx.catalog.switches[node.model].protocol not in _SPEAKS.get(seg.protocol, ()):
                wrong_switches.append(nid)
        elif node.kind == "server" and node.nic_model in ctx.catalog.nics:
            if ctx.catalog.nics[node.nic_model].protocol not in _SPEAKS.get(seg.protocol, ()):
                wrong_nics.append(nid)
    proto = _PROTOCOL_NAME.get(seg.protocol, seg.protocol)
    if wrong_switches:
        models = sorted({ctx.doc.nodes[n].model for n in wrong_switches})
        out.append(Finding("segment-protocol", "error",
                           f"{_seg_name(seg)} runs {proto} but switch model {', '.join(models)} does not "
                           f"({listing([ctx.name(n) for n in wrong_switches])})",
                           nodes=tuple(wrong_switches)))
    if wrong_nics:
        models = sorted({ctx.doc.nodes[n].nic_model or "" for n in wrong_nics})
        out.append(Finding("segment-protocol", "error",
                           f"{_seg_name(seg)} runs {proto} but NIC model {', '.join(models)} does not "
                           f"({listing([ctx.name(n) for n in wrong_nics])})",
                           nodes=tuple(wrong_nics)))
    return out


def _thresholds(seg) -> list[Finding]:
    """The RoCEv2 block is checked even on an IB segment: comparing protocols runs the segment as RoCEv2."""
    r = seg.rocev2
    out = []
    if min(r.xoff_kb, r.xon_kb, r.headroom_kb) <= 0:
        out.append(Finding("pfc-thresholds", "error",
                           f"{_seg_name(seg)}: PFC Xoff ({r.xoff_kb:g} KB), Xon ({r.xon_kb:g} KB) and headroom "
                           f"({r.headroom_kb:g} KB) must be positive"))
    elif r.xon_kb >= r.xoff_kb:
        out.append(Finding("pfc-thresholds", "error",
                           f"{_seg_name(seg)}: PFC Xon ({r.xon_kb:g} KB) must be below Xoff ({r.xoff_kb:g} KB), "
                           f"or a paused port would never resume", value=r.xon_kb))
    if r.kmin_kb >= r.kmax_kb or r.kmin_kb < 0:
        out.append(Finding("ecn-thresholds", "error",
                           f"{_seg_name(seg)}: ECN Kmin ({r.kmin_kb:g} KB) must be at least 0 and below Kmax "
                           f"({r.kmax_kb:g} KB)", value=r.kmin_kb))
    if not 0.0 <= r.pmax <= 1.0:
        out.append(Finding("ecn-thresholds", "error",
                           f"{_seg_name(seg)}: ECN Pmax ({r.pmax:g}) is a probability and must lie in 0..1",
                           value=r.pmax))
    return out


def _headroom(ctx: CheckContext, seg) -> list[Finding]:
    """Every Ethernet back-end link touching a PFC-enabled RoCEv2 segment needs its headroom (§5.3)."""
    r = seg.rocev2
    if seg.protocol != "rocev2" or not r.pfc or r.headroom_kb <= 0:
        return []
    short: list[tuple[float, str, str]] = []  # (required KB, link id, description)
    nodes: set[str] = set()
    seen: set[str] = set()
    for nid in seg.nodes:
        for link in ctx.backend_links(nid):
            if link.id in seen:
                continue
            seen.add(link.id)
            pa, pb = ctx.port(link.a.node, link.a.port), ctx.port(link.b.node, link.b.port)
            if pa is None or pb is None or link.speed_gbps <= 0 or link.length_m < 0:
                continue
            if ctx.medium(link.a.node, pa) != "ethernet" or ctx.medium(link.b.node, pb) != "ethernet":
                continue
            need = required_headroom_kb(link.speed_gbps, link.length_m, r.mtu_bytes)
            if need > r.headroom_kb + 1e-9:
                short.append((need, link.id, f"{link.speed_gbps:g} Gb/s over {link.length_m:g} m"))
                nodes.update((link.a.node, link.b.node))
    if not short:
        return []
    worst = max(short)
    return [Finding("pfc-headroom", "error",
                    f"{_seg_name(seg)} reserves {r.headroom_kb:g} KB of PFC headroom but "
                    f"{plural(len(short), 'link')} need more: up to {worst[0]:.0f} KB for {worst[2]} "
                    f"(link '{worst[1]}'); raise the headroom or shorten the cables",
                    nodes=tuple(sorted(nodes)), links=tuple(sorted(lid for _, lid, _ in short)),
                    value=round(worst[0], 3))]
