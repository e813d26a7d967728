"""The other protocol's option where its switches cannot hold a drawn fabric as drawn: the Clos its generators build.

A RoCEv2 rail (or a back-end) that is one SN5600 becomes, on 64-port Quantum-2 switches, four leaves and two spines
with the 128 cables and optics between them (`clos_in_place`). A fabric of several switches that the counterpart
cannot hold is rebuilt as the Clos the generators build of it over the same endpoint ports (`clos_of_fabric`): a
512-GPU RoCEv2 fat tree of 8 SN5600 leaves (64 GPUs, 64 uplinks) and 4 spines, on 64-port QM9700s, is 16 leaves of
32 GPUs and 8 spines, as generate("fat-tree", backend="ib") builds it; a 2-tier 4,096-GPU one is a 3-tier fat tree
(two tiers of 64-port switches hold 2,048 endpoints at 1:1). Left on the drawn switch, its 128 cables would book its
32 twin-port cages twice over (the `cage-capacity` check); priced as unlinked units beside it, the option lacked the
third tier's switches and cables (5 % under the generated design at 4,096 GPUs). The cables a Clos adds take their
runs in a rack plan of the option and the class the cabling fit gives them there (`cables_by_racks`), as a generated
design's do.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass

from designer.analysis.switch_consolidation import (
    cable_ends,
    common_value,
    far_end,
    in_port_order,
    leave_nodes,
)
from designer.catalog.loader import Catalog
from designer.model.document import FabricDocument
from designer.model.errors import ProjectError
from designer.model.links import Endpoint, Link
from designer.model.nodes import Node
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
from designer.topology.multi_plane import on_plane, plane_port
from designer.topology.physical.power import cabling_power_w
from designer.topology.physical.schedule import build_schedule
from designer.topology.racks.floor import places, run_length_m, same_floor
from designer.topology.racks.planner import plan_racks
from designer.topology.rail_only import rail_clos
from designer.topology.rail_optimized import leaf_groups
from designer.topology.sizing import SizingError, SwitchSpec, balanced
from designer.topology.wiring import CROSS_RACK_AOC, DesignBuilder


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
    ends = in_port_order(doc, node, cable_ends(doc, {node_id})[node_id])
    far: dict[tuple[str, str], tuple[str, str]] = {}     # far end of each of its cables -> (link id, its end)
    for link_id, end in ends:
        other = far_end(doc.links[link_id], end)
        far[(other.node, other.port)] = (link_id, end)
    out = DesignBuilder()
    try:
        names = TierNames(f"{node_id}-leaf-", f"{node_id}-spine-")
        bp = plane_clos(list(far), spec, oversubscription, names) or rail_clos(list(far), spec, oversubscription,
                                                                               node.rail, names)
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
    leave_nodes(doc, {node_id})
    return list(out.nodes)


def plane_clos(ends: list[tuple[str, str]], spec: SwitchSpec, oversubscription: float,
               names: TierNames) -> ClosBlueprint | None:
    """A plane of a multi-plane back-end drawn as one switch (every end a NIC's port of one plane, be{i}p{p}, every
    server with the same NICs), as the multi-plane generator builds a plane of `spec`: rail-optimized, a leaf per NIC
    index of each group of servers (multi_plane.plane_fabrics), so that the option of a 256-GPU plane on 64-port
    switches has the generator's 8 leaves, not 4 leaves dealt in port order. None for anything else."""
    parsed = [(server, plane_port(port)) for server, port in ends]
    ports = {(server, *nic_plane) for server, nic_plane in parsed if nic_plane is not None}
    if not ends or len(ports) < len(ends):
        return None
    servers = list(dict.fromkeys(server for server, _ in ends))
    nics = sorted({nic for _, nic, _ in ports})
    planes = {plane for _, _, plane in ports}
    if len(planes) != 1 or nics != list(range(1, len(nics) + 1)) or len(ports) != len(servers) * len(nics):
        return None
    plane = planes.pop()

    def deal(lanes: int) -> list[LeafGroup]:
        return on_plane(leaf_groups(servers, len(nics), lanes), plane)
    try:
        return fitted_blueprint(deal, spec, oversubscription, tiers=2, plane="backend", names=names,
                                endpoint_cable=CROSS_RACK_AOC)
    except SizingError:
        return None


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
                              common_value(n.pod for n in nodes), packed)
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
    leave_nodes(doc, inside)
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
    ends = cable_ends(doc, inside)
    cabled = _Cabled(set(), {}, [], [])
    for node in nodes:
        outer: list[tuple[str, str]] = []
        for link_id, end in in_port_order(doc, node, ends.get(node.id, [])):
            other = far_end(doc.links[link_id], end)
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

