"""One Clos fabric (2 or 3 tiers) from the endpoints each leaf carries: its switches and its links.

The generators decide which endpoint ports go to which leaf (rack-style, radix-filled, rails);
this module sizes the tiers above with `sizing` and wires them: every leaf has the same number of
links to every spine of its pod, every aggregation switch the same number to every core of its plane.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from designer.catalog.instantiate import switch_node
from designer.catalog.loader import Catalog
from designer.i18n.message import Message
from designer.topology.sizing import (
    ClosShape,
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
              gateway_lanes: int = 0, gateway_gbps: float = 0.0) -> ClosBlueprint:
    """Size the tiers above `leaves` (raises SizingError when they do not fit); one tier is a single switch."""
    if tiers == 1:
        shape = single_switch([len(g.endpoints) for g in leaves], leaf)
    elif tiers == 2:
        per_port = max(1, round(spine.speed_gbps / gateway_gbps)) if gateway_lanes else 1
        shape = size_two_tier([len(g.endpoints) for g in leaves], leaf, spine, oversubscription,
                              gateway_lanes, per_port)
    else:
        pods: dict[int, list[int]] = {}
        for g in leaves:
            pods.setdefault(g.pod, []).append(len(g.endpoints))
        shape = size_three_tier([pods[p] for p in sorted(pods)], leaf, spine, core, oversubscription)
    return ClosBlueprint(leaves, shape, leaf, spine, core, plane, names, endpoint_cable, fabric_pod, gateway_gbps)


@dataclass
class BuiltClos:
    """Ids of the switches a fabric got, and the spine ports left for gateways."""

    leaves: list[str] = field(default_factory=list)
    spines: list[str] = field(default_factory=list)
    cores: list[str] = field(default_factory=list)
    gateway_ports: list[tuple[str, str]] = field(default_factory=list)  # (spine id, port), spread over spines


def build(bp: ClosBlueprint, cat: Catalog, out: DesignBuilder) -> BuiltClos:  # noqa: C901
    """Create the fabric's switches and links in `out`."""
    shape, names = bp.shape, bp.names
    built = BuiltClos()
    split_leaf = bp.leaf.lanes_per_port > 1
    pod_of_leaf = [g.pod for g in bp.leaves]
    pods = sorted(set(pod_of_leaf))
    pod_number = {p: (bp.fabric_pod if bp.fabric_pod is not None else (p + 1 if shape.tiers == 3 else None))
                  for p in pods}

    # spines (aggregation in 3 tiers), pod by pod
    spine_ids: dict[int, list[str]] = {}
    gw_split = bp.gateway_gbps and bp.spine.speed_gbps > bp.gateway_gbps
    for p in pods:
        ids = []
        for _ in range(shape.spines_per_pod):
            node = switch_node(cat, bp.spine.model, out.next_id(names.spine), names.spine_role,
                               speed_gbps=bp.spine.speed_gbps, pod=pod_number[p],
                               split_ports=shape.gateway_ports if gw_split else 0,
                               split_gbps=bp.gateway_gbps if gw_split else None)
            out.add(node)
            ids.append(node.id)
        spine_ids[p] = ids
        built.spines.extend(ids)

    # leaves and their endpoints, then leaf-to-spine links
    index_in_pod: dict[int, int] = {}
    for g in bp.leaves:
        node = switch_node(cat, bp.leaf.model, out.next_id(names.leaf), names.leaf_role,
                           speed_gbps=bp.leaf.speed_gbps,
                           pod=pod_number[g.pod] if g.group is None or bp.fabric_pod is not None else g.group,
                           rail=g.rail,
                           split_ports=shape.down_ports if split_leaf else 0,
                           split_gbps=bp.leaf.endpoint_gbps if split_leaf else None)
        out.add(node)
        built.leaves.append(node.id)
        down_prefix = "s" if split_leaf else "p"
        for slot, end in enumerate(g.endpoints):
            length = dac_length_m(slot // 8) if bp.endpoint_cable.type == "dac" else None
            out.link(end, (node.id, f"{down_prefix}{slot + 1}"), bp.leaf.endpoint_gbps, bp.endpoint_cable,
                     bp.plane, length)
        jj = index_in_pod.get(g.pod, 0)
        index_in_pod[g.pod] = jj + 1
        first_up = 1 if split_leaf else first_uplink_port(shape, cat, bp.leaf)
        spines = spine_ids[g.pod]
        for t in range(shape.uplinks):
            spine = spines[t % len(spines)]
            spine_port = jj * shape.leaf_spine_links + t // len(spines) + 1
            out.link((node.id, f"p{first_up + t}"), (spine, f"p{spine_port}"), bp.leaf.speed_gbps,
                     LEAF_SPINE_AOC, bp.plane)

    # cores: plane a holds the cores every pod's a-th aggregation switch connects to
    if shape.tiers == 3:
        planes: list[list[str]] = []
        for _ in range(shape.spines_per_pod):
            plane_ids = []
            for _ in range(shape.cores_per_plane):
                node = switch_node(cat, bp.core.model, out.next_id(names.core), names.core_role,
                                   speed_gbps=bp.core.speed_gbps)
                out.add(node)
                plane_ids.append(node.id)
            planes.append(plane_ids)
            built.cores.extend(plane_ids)
        for pi, p in enumerate(pods):
            for a, agg in enumerate(spine_ids[p]):
                cores = planes[a]
                for t in range(shape.spine_up_ports):
                    core = cores[t % len(cores)]
                    core_port = pi * shape.spine_core_links + t // len(cores) + 1
                    out.link((agg, f"p{shape.spine_down_ports + t + 1}"), (core, f"p{core_port}"),
                             bp.spine.speed_gbps, SPINE_CORE_OPTICS, bp.plane)

    if bp.peer_links and len(built.leaves) == 2:
        _peer_links(bp, out, built.leaves)

    # spine ports left for gateways, round-robin over the spines
    if shape.gateway_ports:
        lanes = shape.gateway_ports * (round(bp.spine.speed_gbps / bp.gateway_gbps) if gw_split else 1)
        first = 1 if gw_split else shape.spine_down_ports + shape.spine_up_ports + 1
        prefix = "s" if gw_split else "p"
        for i in range(lanes):
            for spine in built.spines:
                built.gateway_ports.append((spine, f"{prefix}{first + i}"))
    return built


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
