"""The other protocol's option of a drawing on fewer, larger switches where its switch has more ports.

An InfiniBand drawing of 64-port Quantum-2 switches priced as RoCEv2 swaps each for a Spectrum-4 SN5600, which runs
128 ports of 400G (64 cages of two): one for one, half of each counterpart's ports stay empty and the RoCEv2 option
costs twice the switches a RoCEv2 design of the same ports would buy (the generators build such a fabric with half
as many leaves and spines). Here the switches of a tier (same role, counterpart model, port speed, site, segment
and fabric) are packed into as few counterparts as their used ports fill (first fit, largest first), their cables
moving to the switch that takes them; no cable is added or lost, so cables and optics are priced as drawn. Switches
cabled to each other are not merged into one, nor are switches of fabrics that no cable joins (the rails of a
rail-only back-end, the planes of a multi-plane one: merging them would join what the design keeps apart). The
opposite case, a counterpart with fewer ports than a switch uses, is priced as several counterparts
(protocol_options.py).
"""

from __future__ import annotations

import math
from collections import defaultdict

from designer.model.document import FabricDocument
from designer.model.links import Endpoint
from designer.model.nodes import Node, PortGroup
from designer.topology.disjoint_sets import DisjointSets


def consolidate(doc: FabricDocument, twins: dict[str, int]) -> int:
    """Merge switches of `doc` (already swapped to their counterparts) whose used ports fit fewer counterparts;
    `twins` maps each swapped switch to the ports its counterpart runs at the drawn speed. Returns the switches
    merged away (0: none)."""
    used = _used_ports(doc)
    merged = 0
    for members in _tiers(doc, twins).values():
        for keep, gone in _packing(members, used, twins):
            if _cabled_together(doc, keep, gone):
                continue
            move_cables(doc, doc.nodes[keep], doc.nodes[gone])
            merged += 1
    return merged


def _used_ports(doc: FabricDocument) -> dict[str, int]:
    used: dict[str, int] = defaultdict(int)
    for link in doc.links.values():
        used[link.a.node] += 1
        used[link.b.node] += 1
    return used


def _tiers(doc: FabricDocument, twins: dict[str, int]) -> dict[tuple, list[str]]:
    """The swapped switches by tier: role, model, port speed, site, back-end segment and fabric (the switches that
    switch-to-switch cables join)."""
    segment = {nid: seg.id for seg in doc.segments.values() for nid in seg.nodes}
    fabric = switch_fabrics(doc)
    tiers: dict[tuple, list[str]] = defaultdict(list)
    for nid in twins:
        node = doc.nodes[nid]
        speed = max((g.speed_gbps for g in node.port_groups), default=0.0)
        tiers[(node.role, node.model, speed, node.site, segment.get(nid), fabric.find(nid))].append(nid)
    return tiers


def switch_fabrics(doc: FabricDocument) -> DisjointSets[str]:
    """The switches grouped by the switch-to-switch cables that join them (a switch cabled to no other switch is a
    fabric of its own)."""
    sets: DisjointSets[str] = DisjointSets()
    for link in doc.links.values():
        a, b = doc.nodes.get(link.a.node), doc.nodes.get(link.b.node)
        if a is not None and b is not None and a.kind == b.kind == "switch":
            sets.union(a.id, b.id)
    return sets


def _packing(members: list[str], used: dict[str, int], twins: dict[str, int]) -> list[tuple[str, str]]:
    """(kept switch, switch merged into it) pairs of a first-fit-decreasing packing of the tier's used ports into
    counterparts; none when the packing saves no switch."""
    capacity = twins[members[0]]
    order = sorted(members, key=lambda n: (-used.get(n, 0), n))
    bins: list[list[str]] = []
    room: list[int] = []
    for nid in order:
        need = used.get(nid, 0)
        k = next((i for i, r in enumerate(room) if r >= need), None)
        if k is None:
            bins.append([nid])
            room.append(capacity - need)
        else:
            bins[k].append(nid)
            room[k] -= need
    if len(bins) >= len(members) or len(bins) < math.ceil(sum(used.get(n, 0) for n in members) / capacity):
        return []
    return [(b[0], other) for b in bins for other in b[1:]]


def _cabled_together(doc: FabricDocument, a: str, b: str) -> bool:
    return any({link.a.node, link.b.node} == {a, b} for link in doc.links.values())


def move_cables(doc: FabricDocument, keep: Node, gone: Node) -> None:
    """Every cable of `gone` to new ports of `keep` (one port group per kind of port moved); `gone` leaves the
    drawing and its segments. Switches here, long-haul gateways in protocol_options.py."""
    moved: dict[tuple, list[tuple[str, str]]] = defaultdict(list)     # port kind -> (link id, end)
    for link in doc.links.values():
        for end in ("a", "b"):
            ep = getattr(link, end)
            if ep.node == gone.id:
                port = gone.port(ep.port)
                kind = (port.speed_gbps, port.medium, port.plane) if port else (link.speed_gbps, "ethernet", None)
                moved[kind].append((link.id, end))
    for k, (kind, ends) in enumerate(moved.items()):
        prefix = f"{gone.id}-{k + 1}-"
        keep.port_groups.append(PortGroup(prefix, len(ends), kind[0], kind[1], kind[2]))
        for i, (link_id, end) in enumerate(ends, start=1):
            setattr(doc.links[link_id], end, Endpoint(keep.id, f"{prefix}{i}"))
    del doc.nodes[gone.id]
    for seg in doc.segments.values():
        if gone.id in seg.nodes:
            seg.nodes.remove(gone.id)
