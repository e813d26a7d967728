"""The other protocol's option of a drawing on its own switches, built where the port counts differ as that protocol's
generators would build it.

An InfiniBand drawing of 64-port Quantum-2 switches priced as RoCEv2 swaps each for a Spectrum-4 SN5600, which runs 128
ports of 400G (64 cages of two): one for one, half of each counterpart's ports stay empty and the RoCEv2 option costs
twice the switches a RoCEv2 design of the same ports would buy (the generators build such a fabric with half as many
leaves and spines). Here the switches of a tier (same role, counterpart model, port speed, site, segment and fabric) are
packed into as few counterparts as their used ports fill (first fit, largest first), but never fewer than two spines
(cores) where two or more were drawn, as the generators build a Clos (topology/sizing.py), nor leaves of different
rails into one (a rail-optimized scalable unit keeps a leaf per rail even where a larger switch is left half full, as
both protocols' generators build it and NVIDIA's SuperPOD guides build a partial unit: docs/references.md
[dgx-superpod-gb200-ra]), their cables moving to the switch that takes them; no cable is added or lost, so cables
and optics are priced as drawn. Switches cabled to each
other are not merged into one, nor are switches of fabrics that no cable joins (the rails of a rail-only back-end, the
planes of a multi-plane one: merging them would join what the design keeps apart).

A rail of a rail-only back-end is built as the generator builds a rail of the counterpart (rail_only.py: one switch
while the switch's ports hold its servers, else a two-tier Clos), with real cables, so that the racks, the power and the
bill of materials count what that design has. An InfiniBand rail of four leaves and two spines whose 128 GPUs one SN5600
holds becomes that switch, its leaf-to-spine cables and their optics gone (`collapse_rails`), as does a fabric in tiers
only for want of its switches' ports (`tiered_by_ports`: the RoCEv2 option of a 128-GPU InfiniBand leaf-spine); a
RoCEv2 rail that is one SN5600 becomes, on 64-port Quantum-2 switches, four leaves and two spines with the 128 cables
and optics between them (`clos_in_place`; a back-end that is one switch alike).

A fabric of several switches that the counterpart cannot hold is rebuilt as the Clos the generators build of it over
the same endpoint ports (`clos_of_fabric`): a 512-GPU RoCEv2 fat tree of 8 SN5600 leaves (64 GPUs, 64 uplinks) and 4
spines, on 64-port QM9700s, is 16 leaves of 32 GPUs and 8 spines, as generate("fat-tree", backend="ib") builds it; a
2-tier 4,096-GPU one is a 3-tier fat tree (two tiers of 64-port switches hold 2,048 endpoints at 1:1). Left on the
drawn switch, its 128 cables would book its 32 twin-port cages twice over (the `cage-capacity` check); priced as
unlinked units beside it, the option lacked the third tier's switches and cables (5 % under the generated design at
4,096 GPUs). The cables a Clos adds take their runs in a rack plan of the option and the class the cabling fit gives
them there (`cables_by_racks`), as a generated design's do. A switch that stays, swapped to a counterpart of fewer
ports, is given that model's ports (`fit_ports`). What no Clos can rebuild (a core with endpoints, mixed speeds) is
priced as several counterparts, unlinked (protocol_options.py).
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from designer.catalog.instantiate import switch_node
from designer.catalog.loader import Catalog
from designer.model.document import FabricDocument
from designer.model.errors import ProjectError
from designer.model.links import Endpoint, Link
from designer.model.nodes import Node, PortGroup
from designer.topology.cabling_fit import cable_classes
from designer.topology.clos import (
    BuiltClos,
    ClosBlueprint,
    LeafGroup,
    TierNames,
    build,
    fitted_blueprint,
    lanes_per_leaf,
)
from designer.topology.disjoint_sets import DisjointSets
from designer.topology.physical.layout import layouts
from designer.topology.physical.power import cabling_power_w
from designer.topology.physical.schedule import build_schedule
from designer.topology.racks.floor import places, run_length_m, same_floor
from designer.topology.racks.planner import plan_racks
from designer.topology.rail_only import rail_clos
from designer.topology.segment_names import backend_of_pods
from designer.topology.sizing import SizingError, SwitchSpec, balanced
from designer.topology.wiring import DesignBuilder


def consolidate(doc: FabricDocument, twins: dict[str, int]) -> int:
    """Merge switches of `doc` (already swapped to their counterparts) whose used ports fit fewer counterparts;
    `twins` maps each swapped switch to the ports its counterpart runs at the drawn speed. Returns the switches
    merged away (0: none)."""
    used = used_ports(doc)
    ends = _cable_ends(doc, set(twins))       # each swapped switch's cable ends, found in one pass
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
    of port moved); `gone` leaves the drawing and its segments."""
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
    members: dict[str, list[str]] = defaultdict(list)
    for nid in fabric:
        members[fabric.find(nid)].append(nid)
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
    fabric = switch_fabrics(doc)
    members: dict[str, list[str]] = defaultdict(list)
    for nid in fabric:
        members[fabric.find(nid)].append(nid)
    fabrics = [sorted(m) for m in members.values() if len(m) > 1 and all(n in twins for n in m)
               and (_common(doc.nodes[n].rail for n in m) is not None or all(n in tiered for n in m))]
    ends = _cable_ends(doc, {n for m in fabrics for n in m})
    gone: set[str] = set()
    for nodes in fabrics:
        gone |= _collapse(doc, nodes, ends, catalog)
    return gone


def _collapse(doc: FabricDocument, members: list[str], ends: dict[str, list[tuple[str, str]]],
              catalog: Catalog) -> set[str]:
    """One rail as one counterpart switch (see `collapse_rails`), unless its switches differ in model or site,
    its other cables in speed, or they do not fit; returns the switches that went."""
    inside = set(members)
    own: set[str] = set()
    outer: list[tuple[str, str]] = []                 # (link id, end at the fabric), switch by switch, port order
    for nid in members:
        for link_id, end in _in_port_order(doc, doc.nodes[nid], ends.get(nid, [])):
            if _far_end(doc.links[link_id], end).node in inside:
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
                       label=first.label, x=first.x, y=first.y, pod=_common(n.pod for n in nodes),
                       rail=_common(n.rail for n in nodes))
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
    _leave(doc, gone)
    return gone


def _in_port_order(doc: FabricDocument, node: Node, ends: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """`node`'s cable `ends` (link id, "a" or "b") in the order of its ports (a port it does not list last)."""
    order = {name: i for i, name in enumerate(p.name for p in node.ports())}
    return sorted(ends, key=lambda e: order.get(getattr(doc.links[e[0]], e[1]).port, len(order)))


def _far_end(link: Link, end: str) -> Endpoint:
    """The end of `link` other than `end` ("a" or "b")."""
    return link.b if end == "a" else link.a


def _common(values: Iterable[int | None]) -> int | None:
    """The one value all of `values` share, else None."""
    seen = set(values)
    return next(iter(seen)) if len(seen) == 1 else None


def _leave(doc: FabricDocument, nodes: set[str]) -> None:
    """`nodes` leave the drawing and its segments."""
    for nid in nodes:
        del doc.nodes[nid]
    for seg in doc.segments.values():
        seg.nodes = [n for n in seg.nodes if n not in nodes]


def clos_in_place(doc: FabricDocument, node_id: str, spec: SwitchSpec, oversubscription: float,
                  catalog: Catalog) -> list[str] | None:
    """The switch `node_id`, a fabric of its own whose cables one counterpart (`spec`, the tier it makes) cannot hold,
    as the two-tier Clos of counterparts the generators build for such a rail (rail_only.rail_clos): its cables' far
    ends in port order over leaves of as many as a leaf takes at `oversubscription`, each leaf's uplinks round-robin
    over the spines (clos.build), so a 128-GPU rail on 64-port switches is four leaves and two spines joined by 128
    cables. Those cables are real links, priced with their optics and counted by the racks, the power and the bill: at
    the generators' leaf-to-spine length (until `cables_by_racks` gives them their runs), of the class the cabling fit
    gives them there (a leaf's twin-port uplink cage reaches two spines: optics). The switch's own cables keep their
    kind and length and move to the leaf ports; the switch leaves the drawing, its leaves and spines join its segments.
    Returns the new switches, or None (nothing changed) when two tiers of `spec` cannot hold the cables."""
    node = doc.nodes[node_id]
    ends = _in_port_order(doc, node, _cable_ends(doc, {node_id})[node_id])
    far: dict[tuple[str, str], tuple[str, str]] = {}     # far end of each of its cables -> (link id, its end)
    for link_id, end in ends:
        other = _far_end(doc.links[link_id], end)
        far[(other.node, other.port)] = (link_id, end)
    out = DesignBuilder()
    try:
        bp = rail_clos(list(far), spec, oversubscription, node.rail, TierNames(f"{node_id}-leaf-", f"{node_id}-spine-"))
        build(bp, catalog, out)
    except SizingError:
        return None
    if any(n in doc.nodes for n in out.nodes) or any(f"{node_id}-{lk}" in doc.links for lk in out.links):
        return None
    for new in out.nodes.values():
        new.site, new.x, new.y, new.rail = node.site, node.x, node.y, node.rail
        doc.nodes[new.id] = new
    added = [_place(doc, link, far, node_id) for link in out.links.values()]
    for link_id, cable in cable_classes(doc, catalog, [lid for lid in added if lid]).items():
        doc.links[link_id].cable = cable
    for seg in doc.segments.values():
        if node_id in seg.nodes:
            seg.nodes.extend(out.nodes)
    _leave(doc, {node_id})
    return list(out.nodes)


def _place(doc: FabricDocument, link: Link, far: dict[tuple[str, str], tuple[str, str]], node_id: str) -> str | None:
    """A link of the rail's Clos into `doc`: a drawn cable (its far end in `far`) moves to the leaf port, a cable
    between two of the Clos's switches is added under a name of the rail's. Returns the added link's id."""
    drawn = far.get((link.a.node, link.a.port))
    if drawn is not None:
        setattr(doc.links[drawn[0]], drawn[1], link.b)
        return None
    link.id = f"{node_id}-{link.id}"
    doc.links[link.id] = link
    return link.id


def clos_of_fabric(doc: FabricDocument, members: list[str], spec: SwitchSpec, oversubscription: float,
                   catalog: Catalog, packed: bool = False) -> list[str] | None:
    """The fabric `members` (switches of one counterpart, `spec`, some of which cannot hold their drawn cables) as
    the Clos the generators build of the counterpart over the same endpoint ports: each drawn leaf's endpoint
    cables, in port order, over as few leaves as hold them at `oversubscription` (balanced, as fat_tree and rail_clos
    cut theirs), the tiers above sized and wired by clos.build: two tiers where they fit and the drawing has two,
    else three, in pods of half a switch's ports of leaves (as fat_tree_3 groups them). A 512-GPU RoCEv2 fat tree
    of 8 SN5600 leaves and 4 spines on 64-port QM9700s is 16 leaves and 8 spines, as the InfiniBand generator builds
    it; a 2-tier 4,096-GPU one needs a third tier. The endpoint cables keep their kind and length and move to the
    leaf ports; the drawn switch-to-switch cables go and the Clos's own come, priced with their optics as in
    `clos_in_place`. With `packed` (pods joined into one fabric) the endpoints are dealt to the leaves anew, as the
    generators deal a fabric's (`_packed_leaves`), not drawn leaf by drawn leaf. Returns the new switches, or None
    (nothing changed) for a fabric that is not a plain Clos (endpoints on a spine, mixed speeds or sites) or that two
    or three tiers of the counterpart cannot hold."""
    inside = set(members)
    nodes = [doc.nodes[n] for n in sorted(members)]
    cabled = _fabric_cables(doc, nodes, inside)
    names = _free_names(doc, nodes[0].id, inside)
    if cabled is None or names is None or len({n.site for n in nodes}) > 1:
        return None
    own, far = cabled.own, cabled.far
    speeds = {doc.links[lid].speed_gbps for lid in own} | {doc.links[lid].speed_gbps for lid, _ in far.values()}
    if speeds != {spec.speed_gbps}:
        return None
    sized = _fabric_blueprint(cabled, spec, oversubscription, 3 if _role(nodes, "core") else 2, names,
                              _common(n.pod for n in nodes), packed)
    tag = nodes[0].id
    if sized is None or any(f"{tag}-L{k}" in doc.links for k in range(1, sized[0].link_count + 1)):
        return None
    bp, origins = sized
    widths = {names.leaf: bp.shape.leaves, names.spine: bp.shape.spines, names.core: bp.shape.cores}
    out = DesignBuilder({prefix: max(2, len(str(count))) for prefix, count in widths.items()})
    built = build(bp, catalog, out)
    if len(built.gateway_ports) < len(cabled.gateways):
        return None
    segment = next((seg for seg in doc.segments.values() if inside & set(seg.nodes)), None)
    for link_id in own:
        del doc.links[link_id]
    _leave(doc, inside)
    _add_switches(doc, out, built, origins, nodes)
    added = [_place(doc, link, far, tag) for link in out.links.values()]
    for link_id, cable in cable_classes(doc, catalog, [lid for lid in added if lid]).items():
        doc.links[link_id].cable = cable
    for gateway, (node_id, port) in zip(cabled.gateways, built.gateway_ports, strict=False):
        link_id, end = far[gateway]
        setattr(doc.links[link_id], end, Endpoint(node_id, port))
    if segment is not None:
        segment.nodes.extend(out.nodes)
    return list(out.nodes)


def _add_switches(doc: FabricDocument, out: DesignBuilder, built: BuiltClos, origins: list[Node],
                  drawn: list[Node]) -> None:
    """The Clos's switches into `doc`, each where a drawn switch of its tier stood (a leaf where the drawn leaf it
    cuts did; the cores of a new third tier by the spines), on its site."""
    for tier, like in ((built.leaves, origins), (built.spines, _role(drawn, "spine")),
                       (built.cores, _role(drawn, "core") or _role(drawn, "spine"))):
        for k, new_id in enumerate(tier):
            place = like[k % len(like)] if like else drawn[0]
            new = out.nodes[new_id]
            new.site, new.x, new.y = place.site, place.x, place.y
            doc.nodes[new_id] = new


@dataclass
class _Cabled:
    """A fabric's cables: its own (both ends inside), each other cable's far end -> (link id, its end at the fabric),
    each leaf with its endpoints' far ends in port order, and the far ends of the spines' other cables (long-haul
    equipment drawn on the spines; a hybrid pod's gateways go before: drop_protocol_gateways), spine by spine in port
    order, kept on the rebuilt spines (tests/test_protocol_options.py: DCI routers on the spines)."""

    own: set[str]
    far: dict[tuple[str, str], tuple[str, str]]
    leaves: list[tuple[Node, list[tuple[str, str]]]]
    gateways: list[tuple[str, str]]


def _fabric_cables(doc: FabricDocument, nodes: list[Node], inside: set[str]) -> _Cabled | None:
    """The fabric's cables (`_Cabled`); None when a core has cables leaving the fabric, or no leaf has any."""
    ends = _cable_ends(doc, inside)
    cabled = _Cabled(set(), {}, [], [])
    for node in nodes:
        outer: list[tuple[str, str]] = []
        for link_id, end in _in_port_order(doc, node, ends.get(node.id, [])):
            other = _far_end(doc.links[link_id], end)
            if other.node in inside:
                cabled.own.add(link_id)
            else:
                outer.append((other.node, other.port))
                cabled.far[(other.node, other.port)] = (link_id, end)
        if outer and node.role == "core":
            return None
        if outer and node.role == "spine":
            cabled.gateways.extend(outer)
        elif outer:
            cabled.leaves.append((node, outer))
    return cabled if cabled.leaves else None


def _fabric_blueprint(cabled: _Cabled, spec: SwitchSpec, oversubscription: float, tiers: int, names: TierNames,
                      pod: int | None, packed: bool = False) -> tuple[ClosBlueprint, list[Node]] | None:
    """The Clos of `spec` over the drawn leaves' endpoints (see `clos_of_fabric`), its spines keeping ports for the
    drawn spines' gateway cables as the hybrid generator keeps them (two tiers only), every switch of two tiers in
    the drawn switches' one `pod` (a hybrid pod's), and the drawn leaf of each of its leaves; None when the tiers
    cannot hold them."""
    if lanes_per_leaf(spec, oversubscription) < 1:
        return None
    drawn = {end: node for node, ends in cabled.leaves for end in ends}
    gateways = len(cabled.gateways)
    for depth in range(tiers, 3 if gateways else 4):
        try:
            bp = fitted_blueprint(_dealer(cabled, spec, packed, depth), spec, oversubscription, tiers=depth,
                                  plane="backend", names=names,
                                  gateway_lanes=gateways, gateway_gbps=spec.speed_gbps if gateways else 0.0,
                                  fabric_pod=pod if depth == 2 else None)
        except SizingError:
            continue
        return bp, [drawn[g.endpoints[0]] for g in bp.leaves]
    return None


def _dealer(cabled: _Cabled, spec: SwitchSpec, packed: bool, tiers: int) -> Callable[[int], list[LeafGroup]]:
    """The drawn endpoints dealt to leaves of at most `lanes` lanes (`_packed_leaves`, else `_leaves_by_drawn`), in
    pods of half a switch's ports of leaves for three tiers."""
    def deal(lanes: int) -> list[LeafGroup]:
        dealt = _packed_leaves(cabled, lanes) if packed else None
        groups, _ = dealt if dealt is not None else _leaves_by_drawn(cabled, lanes)
        if tiers == 3:
            _in_pods(groups, spec.ports // 2)
        return groups
    return deal


def _leaves_by_drawn(cabled: _Cabled, lanes: int) -> tuple[list[LeafGroup], list[Node]]:
    """Each drawn leaf's endpoints over as few leaves of `lanes` as hold them, balanced, and the drawn leaf of each."""
    groups: list[LeafGroup] = []
    origins: list[Node] = []
    units: list[tuple[int, int] | None] = []      # a rail leaf's (drawn scalable unit, its part of it)
    for node, ends in cabled.leaves:
        start = 0
        for j, count in enumerate(balanced(len(ends), -(-len(ends) // lanes))):
            groups.append(LeafGroup(ends[start:start + count], rail=node.rail))
            origins.append(node)
            units.append(None if node.rail is None else (node.pod or 0, j))
            start += count
    number = {key: k + 1 for k, key in enumerate(sorted({u for u in units if u is not None}))}
    for g, unit in zip(groups, units, strict=True):       # scalable units numbered as the generator numbers them
        g.group = number[unit] if unit is not None else None
    return groups, origins


def _packed_leaves(cabled: _Cabled, lanes: int) -> tuple[list[LeafGroup], list[Node]] | None:
    """All drawn leaves' endpoints dealt to leaves of `lanes` as the generators deal a fabric's: in order over the
    fewest leaves that hold them, at least two (fat_tree.leaf_groups); on rails, each rail's over as many scalable
    units as the fullest rail needs, a leaf per rail in each (rail_optimized.leaf_groups). Also the drawn leaf where
    each leaf's first endpoint was; None when some drawn leaves carry a rail and others none."""
    rails: dict[int | None, list[tuple[str, str]]] = defaultdict(list)
    drawn: dict[tuple[str, str], Node] = {}
    for node, ends in cabled.leaves:
        rails[node.rail].extend(ends)
        drawn.update((end, node) for end in ends)
    if None in rails and len(rails) > 1:
        return None
    cut: list[tuple[int | None, int | None, list[tuple[str, str]]]]
    if None in rails:
        ends = rails[None]
        cut = [(None, None, run) for run in _runs(ends, max(min(2, len(ends)), -(-len(ends) // lanes)))]
    else:
        units = max(-(-len(ends) // lanes) for ends in rails.values())
        per_rail = {rail: _runs(ends, units) for rail, ends in rails.items()}
        cut = [(rail, g + 1, per_rail[rail][g]) for g in range(units) for rail in sorted(rails, key=lambda r: r or 0)]
    groups = [LeafGroup(run, rail=rail, group=group) for rail, group, run in cut if run]
    return groups, [drawn[g.endpoints[0]] for g in groups]


def _runs(items: list[tuple[str, str]], count: int) -> list[list[tuple[str, str]]]:
    """`items` cut into `count` consecutive runs of near-equal length."""
    runs, start = [], 0
    for n in balanced(len(items), count):
        runs.append(items[start:start + n])
        start += n
    return runs


def _in_pods(groups: list[LeafGroup], leaves_per_pod: int) -> None:
    """The leaves over pods of at most `leaves_per_pod`, at least two, consecutive and balanced (fat_tree_3)."""
    pods = max(min(2, len(groups)), -(-len(groups) // max(1, leaves_per_pod)))
    start = 0
    for pod, count in enumerate(balanced(len(groups), pods)):
        for g in groups[start:start + count]:
            g.pod, g.group = pod, None
        start += count


def _free_names(doc: FabricDocument, first: str, inside: set[str]) -> TierNames | None:
    """The new tiers' id prefixes: the drawn fabric's own (plane2-leaf-, or leaf-), else the first switch's id
    before them, whichever no other node of `doc` uses; None when both are taken."""
    drawn = first[:first.index("leaf-")] if "leaf-" in first else f"{first}-"
    for prefix in dict.fromkeys((drawn, f"{first}-")):
        names = TierNames(f"{prefix}leaf-", f"{prefix}spine-", f"{prefix}core-")
        if not any(n not in inside and n.startswith((names.leaf, names.spine, names.core)) for n in doc.nodes):
            return names
    return None


def _role(nodes: list[Node], role: str) -> list[Node]:
    return [n for n in nodes if n.role == role]


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
    ends = _cable_ends(doc, {n.id for n in over})
    return [n.id for n in over if _lay_out_again(doc, n, _in_port_order(doc, n, ends.get(n.id, [])), catalog)]


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
        far = doc.nodes.get(_far_end(link, end).node)
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


def cables_by_racks(doc: FabricDocument, switches: set[str], catalog: Catalog) -> None:
    """The cables between two of `switches` (a Clos built in an option) at their runs in a rack plan of `doc`, each
    of the class the cabling fit gives it there, as the generators fit theirs (cabling_fit.py: the racks packed
    counting each device's cabling power as the cables are now): spines and the cores of a third tier share the
    network row, so their cables are copper where a generated design's are. Left as they are when the racks cannot
    be planned."""
    ids = [lk.id for lk in doc.links.values() if lk.a.node in switches and lk.b.node in switches]
    if not ids:
        return
    cabling_w = cabling_power_w(build_schedule(doc, catalog, None, doc.build.fibre), doc, catalog)
    try:
        where = places(plan_racks(doc, catalog, cabling_w=cabling_w), doc.build)
    except ProjectError:
        return
    for link_id in ids:
        link = doc.links[link_id]
        a, b = where.get(link.a.node), where.get(link.b.node)
        if a is not None and b is not None and same_floor(a, b):       # no run between two sites' floors
            link.length_m = run_length_m(a, b, doc.build)
    for link_id, cable in cable_classes(doc, catalog, ids).items():
        doc.links[link_id].cable = cable


def drop_protocol_gateways(doc: FabricDocument, catalog: Catalog) -> list[tuple[Link, Link]]:
    """The InfiniBand <-> Ethernet gateways of `doc` (a hybrid back-end's, between its pods; not long-haul equipment)
    out of the drawing with their cables, for an option that runs one protocol: nothing is left for them to
    translate. Returns each gateway's cables in pairs, its k-th InfiniBand port's with its k-th Ethernet port's (the
    two pods' switch ends it joined)."""
    gateways = [n for n in doc.nodes.values() if n.kind == "gateway" and _translates(n, catalog)]
    ends = _cable_ends(doc, {n.id for n in gateways})
    pairs: list[tuple[Link, Link]] = []
    for node in gateways:
        sides: dict[str, list[Link]] = {"ib": [], "ethernet": []}
        for link_id, end in _in_port_order(doc, node, ends.get(node.id, [])):
            port = node.port(getattr(doc.links[link_id], end).port)
            link = doc.links.pop(link_id)
            if port is not None and port.medium in sides:
                sides[port.medium].append(link)
        pairs.extend(zip(sides["ib"], sides["ethernet"], strict=False))
    _leave(doc, {n.id for n in gateways})
    return pairs


def _translates(node: Node, catalog: Catalog) -> bool:
    """Whether `node` is a protocol gateway: a catalog gateway that is no long-haul equipment, with InfiniBand and
    Ethernet ports."""
    model = catalog.gateways.get(node.model)
    media = {g.medium for g in node.port_groups}
    return model is not None and not model.long_haul and {"ib", "ethernet"} <= media


def join_pods(doc: FabricDocument, pairs: list[tuple[Link, Link]], specs: dict[str, SwitchSpec],
              oversubscription: float, catalog: Catalog) -> list[str]:
    """The pods the dropped gateways' cable `pairs` joined (drop_protocol_gateways), now of one protocol, joined as
    its generator joins that many GPUs (backend_fabric.backend_blueprint): one switch of the counterpart where its
    ports hold all their endpoint cables (`_collapse`), else one Clos of it over them (`clos_of_fabric`: two tiers,
    three where two do not hold them, as fat_tree / fat_tree_3 build them), its cables at their runs in the option's
    racks; their segments one segment, the first's (an InfiniBand segment has its own fabric managers). Where the
    pods' switches are not one model at one speed (`specs`: each switch -> the tier it makes) or neither holds them,
    each gateway's pair becomes one cable between the two switches it joined, the gateway's place taken by a link of
    the protocol. Returns the switches of the joined fabric (none when the pods were cabled directly)."""
    fabric = switch_fabrics(doc)
    touched = {fabric.find(_switch_end(doc, link).node) for pair in pairs for link in pair}
    members = sorted(n for n in list(fabric) if fabric.find(n) in touched and n in doc.nodes)
    kinds = {specs.get(n) for n in members}
    spec = next(iter(kinds))
    built = None
    _one_segment(doc, set(members))
    if len(kinds) == 1 and spec is not None and len(members) > 1:
        gone = _collapse(doc, members, _cable_ends(doc, set(members)), catalog)
        built = ([n for n in members if n not in gone] if gone
                 else clos_of_fabric(doc, members, spec, oversubscription, catalog, packed=True))
    if built is None:
        for ib, eth in pairs:
            a, b = _switch_end(doc, ib), _switch_end(doc, eth)
            doc.links[ib.id] = Link(ib.id, a, b, ib.speed_gbps, ib.cable, ib.length_m + eth.length_m, ib.plane)
        cables_by_racks(doc, {_switch_end(doc, link).node for pair in pairs for link in pair}, catalog)
        return []
    cables_by_racks(doc, set(built), catalog)
    return built


def _one_segment(doc: FabricDocument, members: set[str]) -> None:
    """The segments holding any of `members` as one: the first, with its settings and name (a generated pod name
    the generated back-end's), and the others' nodes."""
    touched = [seg for seg in doc.segments.values() if members & set(seg.nodes)]
    if len(touched) > 1:
        touched[0].name = backend_of_pods(touched[0].name)
    for seg in touched[1:]:
        touched[0].nodes.extend(n for n in seg.nodes if n not in touched[0].nodes)
        del doc.segments[seg.id]


def _switch_end(doc: FabricDocument, link: Link) -> Endpoint:
    """The end of a dropped gateway's `link` still in `doc` (the pod switch's)."""
    return link.a if link.a.node in doc.nodes else link.b
