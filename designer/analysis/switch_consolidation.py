"""The other protocol's option of a drawing on its own switches, built where the port counts differ as that protocol's
generators would build it.

An InfiniBand drawing of 64-port Quantum-2 switches priced as RoCEv2 swaps each for a Spectrum-4 SN5600, which runs 128
ports of 400G (64 cages of two): one for one, half of each counterpart's ports stay empty and the RoCEv2 option costs
twice the switches a RoCEv2 design of the same ports would buy (the generators build such a fabric with half as many
leaves and spines). Here the switches of a tier (same role, counterpart model, port speed, site, segment and fabric) are
packed into as few counterparts as their used ports fill (first fit, largest first), but never fewer than two spines
(cores) where two or more were drawn, as the generators build a Clos (topology/sizing.py), nor leaves of different rails
into one (a rail-optimized scalable unit keeps a leaf per rail even where a larger switch is left half full, as both
protocols' generators build it and NVIDIA's SuperPOD guides build a partial unit: docs/references.md
[dgx-superpod-gb200-ra]), their cables moving to the switch that takes them; no cable is added or lost, so cables and
optics are priced as drawn. Switches cabled to each other are not merged into one, nor are switches of fabrics that no
cable joins (the rails of a rail-only back-end, the planes of a multi-plane one: merging them would join what the design
keeps apart).

A rail of a rail-only back-end is built as the generator builds a rail of the counterpart (rail_only.py: one switch
while the switch's ports hold its servers, else a two-tier Clos), with real cables, so that the racks, the power and the
bill of materials count what that design has. An InfiniBand rail of four leaves and two spines whose 128 GPUs one SN5600
holds becomes that switch, its leaf-to-spine cables and their optics gone (`collapse_rails`), as does a fabric in tiers
only for want of its switches' ports (`tiered_by_ports`: the RoCEv2 option of a 128-GPU InfiniBand leaf-spine); a
RoCEv2 rail that is one SN5600 becomes, on 64-port Quantum-2 switches, four leaves and two spines with the 128 cables
and optics between them (`clos_in_place`; a back-end that is one switch alike).

A fabric of several switches that the counterpart cannot hold, and a single switch whose cables two tiers of
counterparts must carry, are rebuilt as the Clos the generators build (clos_rebuild.py); a hybrid's pods are joined
into one fabric without their gateways (pod_joining.py). A switch that stays, swapped to a counterpart of fewer ports,
is given that model's ports (`fit_ports`). What no Clos can rebuild (a core with endpoints, mixed speeds) is priced
as several counterparts, unlinked (protocol_options.py).
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable

from designer.catalog.instantiate import switch_node
from designer.catalog.loader import Catalog
from designer.model.document import FabricDocument
from designer.model.links import Endpoint, Link
from designer.model.nodes import Node, PortGroup
from designer.topology.disjoint_sets import DisjointSets
from designer.topology.physical.layout import layouts


def consolidate(doc: FabricDocument, twins: dict[str, int]) -> int:
    """Merge switches of `doc` (already swapped to their counterparts) whose used ports fit fewer counterparts;
    `twins` maps each swapped switch to the ports its counterpart runs at the drawn speed. Returns the switches
    merged away (0: none)."""
    used = used_ports(doc)
    ends = cable_ends(doc, set(twins))       # each swapped switch's cable ends, found in one pass
    peers: dict[str, set[str]] = defaultdict(set)     # switch -> the switches cabled to it, kept up as cables move
    for a, b in switch_links(doc):
        peers[a].add(b)
        peers[b].add(a)
    merged = 0
    for (role, *_rest), members in _tiers(doc, twins).items():
        # at least two spines (cores) where two were drawn, as the generators build them: losing one never cuts a
        # leaf off (topology/sizing.py)
        least = 2 if role in ("spine", "core") and len(members) >= 2 else 1
        for keep, gone in _packing(members, used, twins, least):
            if gone in peers[keep]:
                continue
            move_cables(doc, doc.nodes[keep], doc.nodes[gone], ends.pop(gone, []))
            for peer in peers.pop(gone, set()):
                peers[peer].discard(gone)
                peers[peer].add(keep)
                peers[keep].add(peer)
            merged += 1
    return merged


def used_ports(doc: FabricDocument) -> dict[str, int]:
    """Each node -> the cables that end on it."""
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
        rail = node.rail if node.role == "leaf" else None       # a rail's leaves stay its own (`consolidate`)
        tiers[(node.role, node.model, speed, node.site, segment.get(nid), fabric.find(nid), rail)].append(nid)
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


def _packing(members: list[str], used: dict[str, int], twins: dict[str, int], least: int = 1) -> list[tuple[str, str]]:
    """(kept switch, switch merged into it) pairs of a first-fit-decreasing packing of the tier's used ports into
    counterparts, at least `least` of them (spread evenly, largest first, when fewer would do); none when the
    packing saves no switch."""
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
    if len(bins) < least:
        bins, room = [[] for _ in range(least)], [capacity] * least
        for nid in order:
            k = max(range(least), key=lambda i: room[i])
            bins[k].append(nid)
            room[k] -= used.get(nid, 0)
    if len(bins) >= len(members) or len(bins) < math.ceil(sum(used.get(n, 0) for n in members) / capacity):
        return []
    return [(b[0], other) for b in bins for other in b[1:]]


def cable_ends(doc: FabricDocument, nodes: set[str]) -> dict[str, list[tuple[str, str]]]:
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
    of port moved); `gone` leaves the drawing and its segments."""
    moved: dict[tuple, list[tuple[str, str]]] = defaultdict(list)     # port kind -> (link id, end)
    for link_id, end in cable_ends(doc, {gone.id})[gone.id] if ends is None else ends:
        link = doc.links[link_id]
        port = gone.port(getattr(link, end).port)
        kind = (port.speed_gbps, port.medium, port.plane) if port else (link.speed_gbps, "ethernet", None)
        moved[kind].append((link_id, end))
    for k, (kind, ends) in enumerate(moved.items()):
        prefix = f"{gone.id}-{k + 1}-"
        keep.port_groups.append(PortGroup(prefix, len(ends), kind[0], kind[1], kind[2]))
        for i, (link_id, end) in enumerate(ends, start=1):
            setattr(doc.links[link_id], end, Endpoint(keep.id, f"{prefix}{i}"))
    leave_drawing(doc, gone.id)


def leave_drawing(doc: FabricDocument, node_id: str) -> None:
    """`node_id` leaves the drawing and its segments; its cables stay, moved or to be moved by the caller."""
    del doc.nodes[node_id]
    for seg in doc.segments.values():
        if node_id in seg.nodes:
            seg.nodes.remove(node_id)


def tiered_by_ports(doc: FabricDocument) -> set[str]:
    """The switches of `doc`'s fabrics of several switches that one of their own switches could not hold: more
    cables reach the fabric from servers and other devices than the most ports any of its switches has. Such a
    fabric is in tiers because its switches have too few ports (a 128-GPU InfiniBand back-end on 64-port Quantum-2
    switches), not by the designer's choice."""
    fabric = switch_fabrics(doc)
    members = fabric.groups()
    outer: dict[str, int] = defaultdict(int)
    for link in doc.links.values():
        ends = [e.node for e in (link.a, link.b) if e.node in fabric]
        if len(ends) == 1:
            outer[fabric.find(ends[0])] += 1
    return {nid for root, nodes in members.items() if len(nodes) > 1
            and outer[root] > max(len(doc.nodes[n].ports()) for n in nodes) for nid in nodes}


def collapse_rails(doc: FabricDocument, twins: dict[str, int], catalog: Catalog,
                   tiered: set[str] | frozenset[str] = frozenset()) -> set[str]:
    """Each rail of a rail-only back-end built of several swapped switches (a fabric of its own whose switches all
    carry its rail number) whose cables to the servers one counterpart's ports hold, as that one counterpart: the
    generator builds such a rail as one switch (designer/topology/rail_only.py: a rail is one switch while its
    servers fit the switch's endpoint ports), so a 128-GPU rail of four 64-port leaves and two spines is one
    128-port switch. The rail's own cables go, with their optics; its other cables move in port order to the kept
    switch, now the counterpart's ports alone. Rails stay apart. A fabric of switches all in `tiered` (the drawn
    design's `tiered_by_ports`: in tiers only because the drawn switches have too few ports) is collapsed alike, as
    the generators build a back-end that one switch holds (a 128-GPU InfiniBand leaf-spine's RoCEv2 option is one
    SN5600, as generate("leaf-spine", backend="rocev2") builds it). Other fabrics keep their tiers, as drawn (a fat
    tree that one of its own switches could hold was drawn in tiers on purpose). `twins` as for `consolidate`;
    returns the switches that went."""
    members = switch_fabrics(doc).groups()
    fabrics = [sorted(m) for m in members.values() if len(m) > 1 and all(n in twins for n in m)
               and (common_value(doc.nodes[n].rail for n in m) is not None or all(n in tiered for n in m))]
    ends = cable_ends(doc, {n for m in fabrics for n in m})
    gone: set[str] = set()
    for nodes in fabrics:
        gone |= collapse_fabric(doc, nodes, ends, catalog)
    return gone


def collapse_fabric(doc: FabricDocument, members: list[str], ends: dict[str, list[tuple[str, str]]],
              catalog: Catalog) -> set[str]:
    """One rail as one counterpart switch (see `collapse_rails`), unless its switches differ in model or site,
    its other cables in speed, or they do not fit; returns the switches that went."""
    inside = set(members)
    own: set[str] = set()
    outer: list[tuple[str, str]] = []                 # (link id, end at the fabric), switch by switch, port order
    for nid in members:
        for link_id, end in in_port_order(doc, doc.nodes[nid], ends.get(nid, [])):
            if far_end(doc.links[link_id], end).node in inside:
                own.add(link_id)
            else:
                outer.append((link_id, end))
    nodes = [doc.nodes[n] for n in members]
    speeds = {doc.links[link_id].speed_gbps for link_id, _ in outer}
    model = catalog.switches.get(nodes[0].model)
    if (len({(n.model, n.site) for n in nodes}) > 1 or len(speeds) != 1 or model is None
            or model.breakout_for(next(iter(speeds))) is None):
        return set()
    on = {n: sum(1 for lid, end in outer if getattr(doc.links[lid], end).node == n) for n in members}
    first = min(nodes, key=lambda n: (n.role != "leaf", -on[n.id], members.index(n.id)))
    keep = switch_node(catalog, model.id, first.id, first.role or "leaf", speed_gbps=next(iter(speeds)),
                       label=first.label, x=first.x, y=first.y, pod=common_value(n.pod for n in nodes),
                       rail=common_value(n.rail for n in nodes))
    ports = [p.name for p in keep.ports()]
    if len(outer) > len(ports):
        return set()
    keep.site = first.site
    doc.nodes[keep.id] = keep
    for (link_id, end), port in zip(outer, ports, strict=False):
        setattr(doc.links[link_id], end, Endpoint(keep.id, port))
    for link_id in own:
        del doc.links[link_id]
    gone = inside - {keep.id}
    leave_nodes(doc, gone)
    return gone


def in_port_order(doc: FabricDocument, node: Node, ends: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """`node`'s cable `ends` (link id, "a" or "b") in the order of its ports (a port it does not list last)."""
    order = {name: i for i, name in enumerate(p.name for p in node.ports())}
    return sorted(ends, key=lambda e: order.get(getattr(doc.links[e[0]], e[1]).port, len(order)))


def far_end(link: Link, end: str) -> Endpoint:
    """The end of `link` other than `end` ("a" or "b")."""
    return link.b if end == "a" else link.a


def common_value(values: Iterable[int | None]) -> int | None:
    """The one value all of `values` share, else None."""
    seen = set(values)
    return next(iter(seen)) if len(seen) == 1 else None


def leave_nodes(doc: FabricDocument, nodes: set[str]) -> None:
    """`nodes` leave the drawing and its segments."""
    for nid in nodes:
        del doc.nodes[nid]
    for seg in doc.segments.values():
        seg.nodes = [n for n in seg.nodes if n not in nodes]


def fit_ports(doc: FabricDocument, switches: Iterable[str], catalog: Catalog) -> list[str]:
    """Each of `switches` (swapped to a counterpart, its cables placed) whose port groups need more cages than its
    model has (the drawn switch's 128 ports on a 64-port counterpart, or a packed switch's own ports and those it
    took) laid out again as the model's ports at its cables' speed, the cables in port order, each run of one kind
    (to a switch or not, of one cable class) from a fresh cage, as the generators start the uplinks
    (clos.first_uplink_port): a cage takes one assembly. A switch whose cables run at several speeds, or do not
    fit, stays as it is. Returns the switches laid out again."""
    nodes = [doc.nodes[n] for n in switches if n in doc.nodes]
    laid = layouts(nodes, catalog)
    over = [n for n in nodes if laid[n.id].overbooked]
    ends = cable_ends(doc, {n.id for n in over})
    return [n.id for n in over if _lay_out_again(doc, n, in_port_order(doc, n, ends.get(n.id, [])), catalog)]


def _lay_out_again(doc: FabricDocument, node: Node, ends: list[tuple[str, str]], catalog: Catalog) -> bool:
    """`node`'s cable `ends` (in port order) on the ports of its model as `fit_ports` lays them; whether it could."""
    model = catalog.switches.get(node.model)
    speeds = {doc.links[link_id].speed_gbps for link_id, _ in ends}
    if model is None or len(speeds) != 1 or model.breakout_for(next(iter(speeds))) is None:
        return False
    speed = next(iter(speeds))
    fresh = switch_node(catalog, model.id, node.id, node.role or "leaf", speed_gbps=speed)
    ports = [p.name for p in fresh.ports()]
    per_cage = max(1, round(model.lanes_per_cage * model.lane_gbps / speed)) if model.lanes_per_cage else 1
    slots: list[int] = []
    kind = None
    for link_id, end in ends:
        link = doc.links[link_id]
        far = doc.nodes.get(far_end(link, end).node)
        here = (far is not None and far.kind == "switch", link.cable)
        nxt = slots[-1] + 1 if slots else 0
        slots.append(-(-nxt // per_cage) * per_cage if slots and here != kind else nxt)
        kind = here
    if slots and slots[-1] >= len(ports):
        if len(ends) > len(ports):
            return False
        slots = list(range(len(ends)))              # no room for fresh cages: port after port
    node.port_groups = fresh.port_groups
    for (link_id, end), slot in zip(ends, slots, strict=True):
        setattr(doc.links[link_id], end, Endpoint(node.id, ports[slot]))
    return True
