"""Rules on back-end segments: membership, protocol support of the models, PFC / ECN settings, PFC headroom."""

from __future__ import annotations

from designer.catalog.models import SPEAKS
from designer.model.segments import Segment
from designer.topology.headroom import required_headroom_kb
from designer.topology.rules.finding import CheckContext, Finding, Names, finding

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


def check(ctx: CheckContext) -> list[Finding]:
    findings = _membership(ctx) + _missing(ctx)
    for seg in ctx.doc.segments.values():
        findings.extend(_protocol(ctx, seg))
        findings.extend(_thresholds(seg))
        findings.extend(_headroom(ctx, seg))
    return findings


def _seg_name(seg: Segment) -> str:
    """The segment as messages quote it: its name, or its id when it has no name of its own."""
    return f"'{seg.name}'" if seg.name and seg.name != seg.id else f"'{seg.id}'"


def _membership(ctx: CheckContext) -> list[Finding]:
    out = []
    first: dict[str, str] = {}
    for seg in ctx.doc.segments.values():
        ghosts = [n for n in seg.nodes if n not in ctx.doc.nodes]
        if ghosts:
            out.append(finding("segment-member", "error", "finding.segment-member.unknown.detail",
                               nodes=tuple(ghosts), segment=_seg_name(seg), count=len(ghosts),
                               names=Names([repr(g) for g in ghosts])))
        for n in seg.nodes:
            if n in first and first[n] != seg.id:
                other = ctx.doc.segments[first[n]]
                out.append(finding("segment-member", "error", "finding.segment-member.overlap.detail",
                                   nodes=(n,), node=ctx.name(n), segment_a=_seg_name(other),
                                   segment_b=_seg_name(seg)))
            first.setdefault(n, seg.id)
    return out


def _missing(ctx: CheckContext) -> list[Finding]:
    stray = [n.id for n in ctx.doc.nodes.values()
             if n.kind in ("server", "switch") and n.id not in ctx.segment_of and ctx.backend_links(n.id)]
    if not stray:
        return []
    return [finding("segment-missing", "warning", "finding.segment-missing.detail",
                    nodes=tuple(stray), value=float(len(stray)), count=len(stray),
                    names=Names([ctx.name(n) for n in stray]))]


def _protocol(ctx: CheckContext, seg: Segment) -> list[Finding]:
    out = []
    wrong_switches: list[str] = []
    wrong_nics: list[str] = []
    for nid in seg.nodes:
        node = ctx.doc.nodes.get(nid)
        if node is None or not ctx.model_known(node):
            continue
        if node.kind == "switch":
            if ctx.catalog.switches[node.model].protocol not in SPEAKS.get(seg.protocol, ()):
                wrong_switches.append(nid)
        elif node.kind == "server" and node.nic_model in ctx.catalog.nics:
            if ctx.catalog.nics[node.nic_model].protocol not in SPEAKS.get(seg.protocol, ()):
                wrong_nics.append(nid)
    proto = _PROTOCOL_NAME.get(seg.protocol, seg.protocol)
    if wrong_switches:
        models = sorted({ctx.doc.nodes[n].model for n in wrong_switches})
        out.append(finding("segment-protocol", "error", "finding.segment-protocol.switch.detail",
                           nodes=tuple(wrong_switches), segment=_seg_name(seg), protocol=proto,
                           models=Names(models, limit=None), names=Names([ctx.name(n) for n in wrong_switches])))
    if wrong_nics:
        models = sorted({ctx.doc.nodes[n].nic_model or "" for n in wrong_nics})
        out.append(finding("segment-protocol", "error", "finding.segment-protocol.nic.detail",
                           nodes=tuple(wrong_nics), segment=_seg_name(seg), protocol=proto,
                           models=Names(models, limit=None), names=Names([ctx.name(n) for n in wrong_nics])))
    return out


def _thresholds(seg: Segment) -> list[Finding]:
    """The RoCEv2 block is checked even on an IB segment: comparing protocols runs the segment as RoCEv2."""
    r = seg.rocev2
    name = _seg_name(seg)
    out = []
    if min(r.xoff_kb, r.xon_kb, r.headroom_kb) <= 0:
        out.append(finding("pfc-thresholds", "error", "finding.pfc-thresholds.positive.detail",
                           segment=name, xoff=r.xoff_kb, xon=r.xon_kb, headroom=r.headroom_kb))
    elif r.xon_kb >= r.xoff_kb:
        out.append(finding("pfc-thresholds", "error", "finding.pfc-thresholds.xon.detail", value=r.xon_kb,
                           segment=name, xon=r.xon_kb, xoff=r.xoff_kb))
    if r.kmin_kb >= r.kmax_kb or r.kmin_kb < 0:
        out.append(finding("ecn-thresholds", "error", "finding.ecn-thresholds.kmin.detail", value=r.kmin_kb,
                           segment=name, kmin=r.kmin_kb, kmax=r.kmax_kb))
    if not 0.0 <= r.pmax <= 1.0:
        out.append(finding("ecn-thresholds", "error", "finding.ecn-thresholds.pmax.detail", value=r.pmax,
                           segment=name, pmax=r.pmax))
    return out


def _headroom(ctx: CheckContext, seg: Segment) -> list[Finding]:
    """Every Ethernet back-end link touching a PFC-enabled RoCEv2 segment needs its headroom (topology/headroom.py)."""
    r = seg.rocev2
    if seg.protocol != "rocev2" or not r.pfc or r.headroom_kb <= 0:
        return []
    short: list[tuple[float, str, float, float]] = []  # (required KB, link id, speed, length)
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
                short.append((need, link.id, link.speed_gbps, link.length_m))
                nodes.update((link.a.node, link.b.node))
    if not short:
        return []
    need, worst_link, speed, length = max(short)
    return [finding("pfc-headroom", "error", "finding.pfc-headroom.detail",
                    nodes=tuple(sorted(nodes)), links=tuple(sorted(lid for _, lid, _, _ in short)),
                    value=round(need, 3), segment=_seg_name(seg), headroom=r.headroom_kb, count=len(short),
                    need=need, speed=speed, length=length, link=worst_link)]
