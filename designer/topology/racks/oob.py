"""The out-of-band management network of a rack plan: every management port to the switch at the top of its rack.

Managed ports: each device's BMC or management ports (its model's `mgmt_ports`), each PDU and each fabric-
manager host. The switch of a rack is its `oob-<rack>` mount; a rack with more ports than one switch has
gets a second switch (`oob-<rack>-2`, numbered on). Patch cords run up the rack: the height between the
device and the switch plus the build's slack, ordered from the cord's lengths.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from designer.catalog.loader import Catalog
from designer.catalog.models import CableModel
from designer.model.document import FabricDocument
from designer.topology.physical.parts import ordered_length_m
from designer.topology.physical_build import PhysicalBuild
from designer.topology.racks.floor import U_M

DEFAULT_SWITCH_PORTS = 48


@dataclass(frozen=True)
class OobRun:
    device: str          # node id, or the PDU / UFM mount's item
    rack: str
    device_u: int
    switch: str          # oob-A01, oob-A01-2
    switch_u: int
    switch_port: int
    part: CableModel
    length_m: float


def oob_runs(doc: FabricDocument, catalog: Catalog, build: PhysicalBuild) -> list[OobRun]:
    """Every management patch cord of the plan (none when the build has no out-of-band switches)."""
    part = next((c for c in sorted(catalog.cables.values(), key=lambda c: c.id) if c.type == "rj45"), None)
    switches = {m.rack: m for m in build.plan.layout.mounts if m.kind == "oob-switch"}
    if part is None or not switches:
        return []
    capacity = int(switch_ports(catalog))
    used: dict[str, int] = {}
    runs = []
    for m in build.plan.layout.mounts:
        if m.rack not in switches or m.kind in ("oob-switch", "patch-panel"):
            continue
        ports = 1
        if m.kind == "node" and m.item in doc.nodes:
            node = doc.nodes[m.item]
            model = catalog.device_model(node.kind, node.model)
            ports = model.mgmt_ports if model is not None else 1
        top = switches[m.rack]
        for _ in range(ports):
            n = used.get(m.rack, 0) + 1
            used[m.rack] = n
            extra = (n - 1) // capacity
            name = top.item if extra == 0 else f"{top.item}-{extra + 1}"
            rise = abs(top.u - max(m.u, 1)) * U_M + doc.build.slack_m
            runs.append(OobRun(m.item, m.rack, m.u, name, top.u, (n - 1) % capacity + 1, part,
                               ordered_length_m(part, rise)))
    return runs


def switch_ports(catalog: Catalog) -> float:
    parts = catalog.parts_of("oob-switch")
    return parts[0].capacity if parts and parts[0].capacity > 0 else DEFAULT_SWITCH_PORTS


def switches_needed(runs: list[OobRun], catalog: Catalog) -> int:
    """Management switches: per rack, enough for its ports (at least the one at the top)."""
    per_rack: dict[str, int] = {}
    for r in runs:
        per_rack[r.rack] = per_rack.get(r.rack, 0) + 1
    return sum(max(1, math.ceil(n / switch_ports(catalog))) for n in per_rack.values())
