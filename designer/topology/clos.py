"""One Clos fabric (2 or 3 tiers) from the endpoints each leaf carries: its switches and its links.

The generators decide which endpoint ports go to which leaf (rack-style, radix-filled, rails);
this module sizes the tiers above with `sizing` and wires them: every leaf has the same number of
links to every spine of its pod, every aggregation switch the same number to every core of its plane.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from designer.catalog.instantiate import switch_node
from designer.catalog.loader import Catalog
from designer.i18n.message import Message
from designer.topology.sizing import (
    ClosShape,
    SizingError,
    SwitchSpec,
    leaf_ports,
    single_switch,
    size_three_tier,
    size_two_tier,
)
from designer.topology.wiring import LEAF_SPINE_AOC, SPINE_CORE_OPTICS, Cable, DesignBuilder, dac_length_m


@dataclass
class LeafGroup:
    """The endpoint ports (node id, port name) one leaf carries, in the order of its ports."""

    endpoints: list[tuple[str, str]]
    pod: int = 0               # pod inside a 3-tier fabric (0-based); 0 for 2 tiers
    rail: int | None = None    # rail-optimized: the rail (1-based) of this leaf
    group: int | None = None   # rail-optimized: the scalable unit (1-based) of this leaf


@dataclass(frozen=True)
class TierNames:
    """Id prefixes and roles of a fabric's tiers (back-end leaf/spine/core, or the front-end)."""

    leaf: str = "leaf-"
    spine: str = "spine-"
    core: str = "core-"
    leaf_role: str = "leaf"
    spine_role: str = "spine"
    core_role: str = "core"


BACKEND_NAMES = TierNames()
FRONTEND_NAMES = TierNames("fe-leaf-", "fe-spine-", "fe-core-", "frontend", "frontend", "frontend")


@dataclass
class ClosBlueprint:
    """Everything needed to build one fabric, sized but not built (plan() stops here)."""

    leaves: list[LeafGroup]
    shape: ClosShape
    leaf: SwitchSpec
    spine: SwitchSpec
    core: SwitchSpec
    plane: str
    names: TierNames = BACKEND_NAMES
    endpoint_cable: Cable = Cable("dac", 2.0)
    fabric_pod: int | None = None       # hybrid: the pod number every switch of this fabric carries
    gateway_gbps: float = 0.0           # speed of the gateway ports kept on the spines
    rule: Message | None = None         # why it has its tiers (designer/topology/backend_fabric.py)
    peer_links: int = 0                 # one tier of two leaves: links joining them (an MLAG-style peer link)

    @property
    def link_count(self) -> int:
        endpoints = sum(len(g.endpoints) for g in self.leaves)
        return endpoints + self.shape.leaf_spine_link_count + self.shape.spine_core_link_count + self.peer_links

    @property
    def switch_count(self) -> int:
        return self.shape.leaves + self.shape.spines + self.shape.cores


def blueprint(leaves: list[LeafGroup], leaf: SwitchSpec, spine: SwitchSpec, core: SwitchSpec,  # noqa: PLR0913
              oversubscription: float, *, tiers: int, plane: str, names: TierNames = BACKEND_NAMES,
              endpoint_cable: Cable = Cable("dac", 2.0), fabric_pod: int | None = None,
              gateway_lanes: int = 0, gateway_gbps: float = 0.0, spare_uplinks: bool = True) -> ClosBlueprint:
    """Size the tiers above `leaves` (raises SizingError when they do not fit); one tier is a single switch.
    `spare_uplinks`: leaves may get more uplinks than their ratio needs where that saves spines (sizing.py)."""
    if tiers == 1:
        shape = single_switch([len(g.endpoints) for g in leaves], leaf)
    elif tiers == 2:
        per_port = max(1, round(spine.speed_gbps / gateway_gbps)) if gateway_lanes else 1
        shape = size_two_tier([len(g.endpoints) for g in leaves], leaf, spine, oversubscription,
                              gateway_lanes, per_port, spare_uplinks)
    else:
        pods: dict[int, list[int]] = {}
        for g in leaves:
            pods.setdefault(g.pod, []).append(len(g.endpoints))
        shape = size_three_tier([pods[p] for p in sorted(pods)], leaf, spine, core, oversubscription, spare_uplinks)
    return ClosBlueprint(leaves, shape, leaf, spine, core, plane, names, endpoint_cable, fabric_pod, gateway_gbps)


def fitted_blueprint(deal: Callable[[int], list[LeafGroup]], spec: SwitchSpec, oversubscription: float, *,
                     tiers: int, **options: Any) -> ClosBlueprint:
    """The back-end Clos of `spec` switches at the asked ratio: every leaf exactly the uplinks its endpoints need
    (never more), so the fullest leaf's down:up is the asked ratio or below it by less than one uplink's step
    (74 down, 37 up at 2:1; 41 down, 21 up), whichever protocol's switch it is. Leaves are dealt by `deal(lanes)`
    (a generator's leaf groups, at most `lanes` endpoint lanes a leaf) for every lane count from a full leaf's
    down ports down, and the fabric of the fewest switches wins, then of the fewest uplinks (the ratio nearest the
    asked one), then the fullest leaves: where a full leaf's uplinks have no divisor that fits the spines
    (37 = prime), a leaf takes fewer endpoints instead of spare uplinks (512 GPUs at 2:1 on 128 ports: 8 leaves of
    64 down and 32 up under 2 spines, not 7 of 74 down and 39 up under 3), as an architect builds a leaf of
    2k down and k up. `options` go to `blueprint`; raises its SizingError when no lane count fits."""
    full = lanes_per_leaf(spec, oversubscription)
    most_leaves = spec.ports * (spec.ports // 2 if tiers == 3 else 1)   # each spine (core) port takes a leaf (pod)
    best: ClosBlueprint | None = None
    last_fills: list[int] | None = None
    for lanes in range(full, 0, -1):
        groups = deal(lanes)
        fills = [len(g.endpoints) for g in groups]
        above = _fewest_above(sum(fills), spec, oversubscription, tiers)
        if len(groups) > most_leaves or (best is not None and len(groups) + above > best.switch_count):
            break                       # more leaves than the tier above holds, or than can beat the best
        if fills == last_fills:
            continue
        last_fills = fills
        try:
            bp = blueprint(groups, spec, spec, spec, oversubscription, tiers=tiers, spare_uplinks=False, **options)
        except SizingError:
            continue
        if best is None or _fitness(bp) < _fitness(best):
            best = bp
    if best is None:        # the full leaves' own reason
        return blueprint(deal(full), spec, spec, spec, oversubscription, tiers=tiers, spare_uplinks=False, **options)
    return best


def _fewest_above(lanes: int, spec: SwitchSpec, oversubscription: float, tiers: int) -> int:
    """A floor on the switches above the leaves of `lanes` endpoint lanes, whatever the leaves: the leaves' uplinks
    are at least the lanes' capacity over the ratio; spines hold them on their ports, aggregation switches on half
    theirs with as many up, cores all those."""
    uplinks = math.ceil(lanes * spec.endpoint_gbps / (oversubscription * spec.speed_gbps) - 1e-9)
    if tiers == 3:
        return math.ceil(uplinks / max(1, spec.ports // 2)) + math.ceil(uplinks / spec.ports)
    return math.ceil(uplinks / spec.ports)


def _fitness(bp: ClosBlueprint) -> tuple[int, int]:
    """What `fitted_blueprint` minimises: switches, then leaf uplinks."""
    return bp.switch_count, bp.shape.leaf_spine_link_count


@dataclass
class BuiltClos:
    """Ids of the switches a fabric got, and the spine ports left for gateways."""

    leaves: list[str] = field(default_factory=list)
    spines: list[str] = field(default_factory=list)
    cores: list[str] = field(default_factory=list)
    gateway_ports: list[tuple[str, str]] = field(default_factory=list)  # (spine id, port), spread over spines


def build(bp: ClosBlueprint, cat: Catalog, out: DesignBuilder) -> BuiltClos:
    """Create the fabric's switches and links in `out`: spines pod by pod, then each leaf with its endpoints and
    its uplinks, the cores of a third tier, a peer link, and the spine ports kept for gateways."""
    built = BuiltClos()
    pods = sorted({g.pod for g in bp.leaves})
    pod_number = {p: (bp.fabric_pod if bp.fabric_pod is not None else (p + 1 if bp.shape.tiers == 3 else None))
                  for p in pods}
    spine_ids = {p: _add_spines(bp, cat, out, pod_number[p]) for p in pods}
    for p in pods:
        built.spines.extend(spine_ids[p])
    leaves_in_pod: dict[int, int] = {}
    for g in bp.leaves:
        leaf_id = _add_leaf(bp, cat, out, g, pod_number[g.pod])
        built.leaves.append(leaf_id)
        index_in_pod = leaves_in_pod.get(g.pod, 0)
        leaves_in_pod[g.pod] = index_in_pod + 1
        _link_leaf_to_spines(bp, cat, out, leaf_id, index_in_pod, spine_ids[g.pod])
    if bp.shape.tiers == 3:
        built.cores.extend(_add_cores(bp, cat, out, [spine_ids[p] for p in pods]))
    if bp.peer_links and len(built.leaves) == 2:
        _peer_links(bp, out, built.leaves)
    built.gateway_ports.extend(_gateway_ports(bp, built.spines))
    return built


def _splits_gateway_ports(bp: ClosBlueprint) -> bool:
    """The spines' gateway ports are split into lanes of the (slower) gateway speed."""
    return bool(bp.gateway_gbps) and bp.spine.speed_gbps > bp.gateway_gbps


def _add_spines(bp: ClosBlueprint, cat: Catalog, out: DesignBuilder, pod: int | None) -> list[str]:
    """The spines (aggregation switches in 3 tiers) of one pod; their ids."""
    split = _splits_gateway_ports(bp)
    ids = []
    for _ in range(bp.shape.spines_per_pod):
        node = switch_node(cat, bp.spine.model, out.next_id(bp.names.spine), bp.names.spine_role,
                           speed_gbps=bp.spine.speed_gbps, pod=pod,
                           split_ports=bp.shape.gateway_ports if split else 0,
                           split_gbps=bp.gateway_gbps if split else None)
        out.add(node)
        ids.append(node.id)
    return ids


def _add_leaf(bp: ClosBlueprint, cat: Catalog, out: DesignBuilder, g: LeafGroup, pod: int | None) -> str:
    """One leaf, cabled to the endpoints it carries (on split lanes when its ports are split); its id."""
    split = bp.leaf.lanes_per_port > 1
    node = switch_node(cat, bp.leaf.model, out.next_id(bp.names.leaf), bp.names.leaf_role,
                       speed_gbps=bp.leaf.speed_gbps,
                       pod=pod if g.group is None or bp.fabric_pod is not None else g.group,
                       rail=g.rail,
                       split_ports=bp.shape.down_ports if split else 0,
                       split_gbps=bp.leaf.endpoint_gbps if split else None)
    out.add(node)
    down_prefix = "s" if split else "p"
    for slot, end in enumerate(g.endpoints):
        length = dac_length_m(slot // 8) if bp.endpoint_cable.type == "dac" else None
        out.link(end, (node.id, f"{down_prefix}{slot + 1}"), bp.leaf.endpoint_gbps, bp.endpoint_cable,
                 bp.plane, length)
    return node.id


def _link_leaf_to_spines(bp: ClosBlueprint, cat: Catalog, out: DesignBuilder, leaf_id: str, index_in_pod: int,
                         spines: list[str]) -> None:
    """The leaf's uplinks, round-robin over its pod's spines; the leaf's place in its pod picks the spine ports."""
    shape = bp.shape
    first_up = 1 if bp.leaf.lanes_per_port > 1 else first_uplink_port(shape, cat, bp.leaf)
    for t in range(shape.uplinks):
        spine = spines[t % len(spines)]
        spine_port = index_in_pod * shape.leaf_spine_links + t // len(spines) + 1
        out.link((leaf_id, f"p{first_up + t}"), (spine, f"p{spine_port}"), bp.leaf.speed_gbps,
                 LEAF_SPINE_AOC, bp.plane)


def _add_cores(bp: ClosBlueprint, cat: Catalog, out: DesignBuilder, aggregation: list[list[str]]) -> list[str]:
    """The third tier: plane a holds the cores every pod's a-th aggregation switch connects to (`aggregation`:
    each pod's aggregation switches, pod by pod); the cores' ids."""
    shape = bp.shape
    planes: list[list[str]] = []
    for _ in range(shape.spines_per_pod):
        plane_ids = []
        for _ in range(shape.cores_per_plane):
            node = switch_node(cat, bp.core.model, out.next_id(bp.names.core), bp.names.core_role,
                               speed_gbps=bp.core.speed_gbps)
            out.add(node)
            plane_ids.append(node.id)
        planes.append(plane_ids)
    for pi, pod_switches in enumerate(aggregation):
        for a, agg in enumerate(pod_switches):
            cores = planes[a]
            for t in range(shape.spine_up_ports):
                core = cores[t % len(cores)]
                core_port = pi * shape.spine_core_links + t // len(cores) + 1
                out.link((agg, f"p{shape.spine_down_ports + t + 1}"), (core, f"p{core_port}"),
                         bp.spine.speed_gbps, SPINE_CORE_OPTICS, bp.plane)
    return [core for plane in planes for core in plane]


def _gateway_ports(bp: ClosBlueprint, spines: list[str]) -> list[tuple[str, str]]:
    """The spine ports left for gateways, round-robin over the spines."""
    shape = bp.shape
    if not shape.gateway_ports:
        return []
    split = _splits_gateway_ports(bp)
    lanes = shape.gateway_ports * (round(bp.spine.speed_gbps / bp.gateway_gbps) if split else 1)
    first = 1 if split else shape.spine_down_ports + shape.spine_up_ports + 1
    prefix = "s" if split else "p"
    return [(spine, f"{prefix}{first + i}") for i in range(lanes) for spine in spines]


def _peer_links(bp: ClosBlueprint, out: DesignBuilder, leaves: list[str]) -> None:
    """Join the two leaves of a one-tier pair on their last ports, so traffic between their sides has a path."""
    a, b = leaves
    for i in range(bp.peer_links):
        port = f"p{bp.leaf.ports - i}"
        out.link((a, port), (b, port), bp.leaf.speed_gbps, LEAF_SPINE_AOC, bp.plane)


def first_uplink_port(shape: ClosShape, cat: Catalog, leaf: SwitchSpec) -> int:
    """The leaf's first uplink port: right after the down ports, moved to the next cage boundary when a cage of
    the model holds several ports and the ports allow it (a twin-port cage takes one cable or module, so a
    server and a spine must not share one)."""
    model = cat.switches.get(leaf.model)
    first = shape.down_ports + 1
    if model is None or not model.cages or not model.lane_gbps:
        return first
    per_cage = max(1, int(round(model.lanes_per_cage * model.lane_gbps / leaf.speed_gbps)))
    aligned = -(-shape.down_ports // per_cage) * per_cage + 1
    return aligned if aligned + shape.uplinks - 1 <= leaf.ports else first


def lanes_per_leaf(leaf: SwitchSpec, oversubscription: float) -> int:
    """Endpoint lanes a full leaf takes at this oversubscription."""
    down, _ = leaf_ports(leaf.ports, oversubscription)
    return down * leaf.lanes_per_port
