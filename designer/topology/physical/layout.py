"""Which cage and which lanes each port of a node sits on.

A switch model has `cages` front-panel cages of `lanes_per_cage` electrical lanes of `lane_gbps` each, and
native ports of `port_gbps`: a Quantum-2 QM9700 has 32 twin-port OSFP cages of 8 x 100G lanes holding two
400G native ports each ("1/1" and "1/2" in the switch's own naming; split, "1/2/1" and "1/2/2" at 200G); a
Spectrum-4 SN5600 cage is one 800G native port, split into 2 x 400G ("1/1", "1/2") or 4 x 200G. A node's
ports are laid out group by group in the order of its port groups, every group starting on a fresh native port.

Forms (what plugs into a cage): "osfp8" is a finned twin-port OSFP switch cage (two 400G engines or one
800G port); "osfp4" a single-port flat-top OSFP (ConnectX-7); "qsfp" a QSFP28/56/112 cage (four lanes).
A NIC port is a cage of its own, in the NIC model's form, of the card's lane rate (`lane_gbps`: a QSFP112 cage of
4 x 100G lanes run at 200G takes a 400G-class module in its 200G mode); a NIC port that splits natively into plane
ports (a ConnectX-8 as 2 x 400G) holds them all in its one cage.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from designer.catalog.loader import Catalog
from designer.model.nodes import Node
from designer.topology.multi_plane import is_split_nic, reaches_planes

TWIN_FORM = "osfp8"


@dataclass(frozen=True)
class CageSlot:
    """Where a port sits: cage (1-based), its place among the cage's ports, its lanes, the cage's shape."""

    cage: int
    sub: int                 # 1-based place among the cage's ports
    subs: int                # ports in the cage
    first_lane: int
    last_lane: int
    form: str                # osfp8 | osfp4 | qsfp
    cage_gbps: float
    port_gbps: float = 0.0   # this port's speed
    port_id: str = ""        # as the switch names it: "17/2" (cage 17, its second port), "5/1/2" (split)

    @property
    def lanes(self) -> str:
        return f"{self.first_lane}-{self.last_lane}" if self.last_lane > self.first_lane else f"{self.first_lane}"


@dataclass(frozen=True)
class NodeLayout:
    """A node's ports on its cages, and how many cages the ports need against how many the model has."""

    slots: dict[str, CageSlot]
    cages_needed: int
    cages_available: int
    uneven: tuple[str, ...] = ()    # port groups whose speed does not divide a native port

    @property
    def overbooked(self) -> bool:
        return self.cages_needed > self.cages_available or bool(self.uneven)


def layouts(nodes: Iterable[Node], catalog: Catalog) -> dict[str, NodeLayout]:
    """Every node's layout; nodes of one model with the same ports share one (thousands of servers do)."""
    memo: dict[tuple[object, ...], NodeLayout] = {}
    out = {}
    for node in nodes:
        groups = tuple((g.prefix, g.count, g.speed_gbps) for g in node.port_groups)
        key = (node.kind, node.model, node.nic_model, groups)
        if key not in memo:
            memo[key] = node_layout(node, catalog)
        out[node.id] = memo[key]
    return out


def node_layout(node: Node, catalog: Catalog) -> NodeLayout:
    """The cage layout of a node; a model the catalog lacks gets one cage per port at the port's speed."""
    if node.kind == "switch" and node.model in catalog.switches:
        m = catalog.switches[node.model]
        if m.cages and m.lanes_per_cage and m.lane_gbps:
            return _switch_layout(node, m.cages, m.cage_form or TWIN_FORM, m.lanes_per_cage, m.lane_gbps,
                                  m.port_gbps)
    return _per_port_layout(node, catalog)


def _switch_layout(node: Node, cages: int, form: str, lanes: int, lane_gbps: float, native_gbps: float) -> NodeLayout:
    """Ports on native ports (a twin-port cage has two), native ports on cages; a split native port holds
    several slower ports. Every group starts on a fresh native port."""
    cage_gbps = lanes * lane_gbps
    natives = max(1, int(round(cage_gbps / native_gbps)))
    native_lanes = lanes // natives
    placed: list[tuple[str, int, int, int, float, bool]] = []   # (port, native index, split index, lanes, speed, split)
    uneven: list[str] = []
    pointer = 0
    for group in node.port_groups:
        per_native = native_gbps / group.speed_gbps if group.speed_gbps > 0 else 0
        port_lanes = group.speed_gbps / lane_gbps
        if per_native < 1 - 1e-9 or abs(per_native - round(per_native)) > 1e-9 or port_lanes < 1 - 1e-9:
            uneven.append(group.prefix)
            per_native, port_lanes = 1, native_lanes
        per_native, port_lanes = int(round(per_native)), int(round(port_lanes))
        for i, port in enumerate(group.ports()):
            placed.append((port.name, pointer + i // per_native, i % per_native, port_lanes, group.speed_gbps,
                           per_native > 1))
        pointer += math.ceil(group.count / per_native) if group.count else 0
    per_cage: dict[int, int] = {}
    for _, n, _, _, _, _ in placed:
        per_cage[n // natives] = per_cage.get(n // natives, 0) + 1
    slots: dict[str, CageSlot] = {}
    seen: dict[int, int] = {}
    for name, n, k, port_lanes, speed, split in placed:
        cage, j = n // natives, n % natives
        seen[cage] = seen.get(cage, 0) + 1
        first = j * native_lanes + k * port_lanes + 1
        port_id = f"{cage + 1}/{j + 1}" if natives > 1 else f"{cage + 1}"
        if split:
            port_id += f"/{k + 1}"
        slots[name] = CageSlot(cage + 1, seen[cage], per_cage[cage], first, first + port_lanes - 1, form, cage_gbps,
                               speed, port_id)
    return NodeLayout(slots, math.ceil(pointer / natives), cages, tuple(uneven))


def _per_port_layout(node: Node, catalog: Catalog) -> NodeLayout:
    """Servers, storage, gateways and unknown switches: every port is a cage of its own, but for a NIC's plane ports
    on a card with fewer ports than planes, which share its one cage (its lanes split among them). The ports need the
    card's cages: a card with a port per plane has them, a card whose one port splits so natively (the catalog's
    `plane_splits`, a ConnectX-8) has its one; a single-port card drawn into planes lacks one cage per plane more."""
    nic = catalog.nics.get(node.nic_model) if node.kind == "server" and node.nic_model else None
    slots: dict[str, CageSlot] = {}
    n = needed = 0
    for group in node.port_groups:
        form = port_form(node, group.prefix, group.speed_gbps, catalog)
        lanes = 4 if form != TWIN_FORM else 8
        nic_port = nic is not None and (group.prefix == "be" or is_split_nic(group.prefix))
        if is_split_nic(group.prefix) and (nic is None or nic.ports < group.count):
            n += 1
            needed += 1 if nic is None or reaches_planes(nic, group.count) else group.count
            per = max(1, lanes // group.count)
            for k, port in enumerate(group.ports()):
                slots[port.name] = CageSlot(n, k + 1, group.count, k * per + 1, (k + 1) * per, form,
                                            group.speed_gbps * group.count, group.speed_gbps, port.name)
            continue
        cage_gbps = lanes * nic.lane_gbps if nic_port and nic is not None and nic.lane_gbps else group.speed_gbps
        used = max(1, min(lanes, round(lanes * group.speed_gbps / cage_gbps))) if cage_gbps > 0 else lanes
        for port in group.ports():
            n += 1
            slots[port.name] = CageSlot(n, 1, 1, 1, used, form, cage_gbps, group.speed_gbps, port.name)
        needed += group.count
    return NodeLayout(slots, needed, n)


def port_form(node: Node, prefix: str, speed_gbps: float, catalog: Catalog) -> str:
    """The cage form of a non-switch port: the back-end NIC's for `be` ports, QSFP for slow Ethernet,
    single-port OSFP for 400G and faster otherwise."""
    if node.kind == "server" and (prefix == "be" or is_split_nic(prefix)) and node.nic_model in catalog.nics:
        return catalog.nics[node.nic_model].form
    if speed_gbps <= 200 or node.kind != "server" and prefix in ("fe", "eth"):
        return "qsfp"
    return "osfp4"
