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
    ends = _cable_ends(doc, set(twins))       # each swapped switch's cable ends, found in one pass
    peers: dict[str, set[str]] = defaultdict(set)     # switch -> the switches cabled to it, kept up as cables move
    for a, b in switch_links(doc):
        peers[a].add(b)
        peers[b].add(a)
    merged = 0
    for members in _tiers(doc, twins).values():
        for keep, gone in _packing(members, used, twins):
            if gone in peers[keep]:
                continue
            move_cables(doc, doc.nodes[keep], doc.nodes[gone], ends.pop(gone, []))
            for peer in peers.pop(gone, set()):
                peers[peer].discard(gone)
                peers[peer].add(keep)
                peers[keep].add(peer)
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


def switch_links(doc: FabricDocument) -> list[tuple[str, str]]:
    """The two ends of every cable between two switches."""
    def is_switch(node_id: str) -> bool:
        node = doc.nodes.get(node_id)
        return node is not None and node.kind == "switch"
    return [(lk.a.node, lk.b.node) for lk in doc.links.values() if is_switch(lk.a.node) and is_switch(lk.b.node)]


def switch_fabrics(doc: FabricDocument) -> DisjointSets[str]:
    """The switches grouped by the switch-to-switch cables that join them (a switch cabled to no other switch is a
    fabric of its own)."""
    sets: DisjointSets[str] = DisjointSets()
    for a, b in switch_links(doc):
        sets.union(a, b)
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


def _cable_ends(doc: FabricDocument, nodes: set[str]) -> dict[str, list[tuple[str, str]]]:
    """Each of `nodes` -> its cables' ends at it, (link id, "a" or "b")."""
    ends: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for link in doc.links.values():
        for end in ("a", "b"):
            node_id = getattr(link, end).node
            if node_id in nodes:
                ends[node_id].append((link.id, end))
    return ends


def move_cables(doc: FabricDocument, keep: Node, gone: Node, ends: list[tuple[str, str]] | None = None) -> None:
    """Every cable of `gone` (its `ends`, found here when not given) to new ports of `keep` (one port group per kind
    of port moved); `gone` leaves the drawing and its segments. Switches here, long-haul gateways in
    protocol_options.py."""
    moved: dict[tuple, list[tuple[str, str]]] = defaultdict(list)     # port kind -> (link id, end)
    for link_id, end in _cable_ends(doc, {gone.id})[gone.id] if ends is None else ends:
        link = doc.links[link_id]
        port = gone.port(getattr(link, end).port)
        kind = (port.speed_gbps, port.medium, port.plane) if port else (link.speed_gbps, "ethernet", None)
        moved[kind].append((link_id, end))
    for k, (kind, ends) in enumerate(moved.items()):
        prefix = f"{gone.id}-{k + 1}-"
        keep.port_groups.append(PortGroup(prefix, len(ends), kind[0], kind[1], kind[2]))
        for i, (link_id, end) in enumerate(ends, start=1):
            setattr(doc.links[link_id], end, Endpoint(keep.id, f"{prefix}{i}"))
    del doc.nodes[gone.id]
    for seg in doc.segments.values():
        if gone.id in seg.nodes:
            seg.nodes.remove(gone.id)
