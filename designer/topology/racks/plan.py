"""The rack plan of a design as the rest of the program uses it: layout, cable lengths, power and U per rack.

`rack_plan()` takes the layout saved with the design when it still places exactly the design's devices, and
otherwise plans afresh (saying why), so a hand-drawn design or an old file gets a plan too.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from designer.catalog.loader import Catalog
from designer.model.document import FabricDocument
from designer.model.rack_layout import Mount, RackDef, RackLayout
from designer.topology.physical.power import cabling_power_w
from designer.topology.physical.schedule import Schedule, build_schedule
from designer.topology.racks.devices import device_power_w, device_u, rack_scale
from designer.topology.racks.floor import Place, places, run_length_m, same_floor
from designer.topology.racks.planner import plan_racks


@dataclass
class RackLoad:
    """What one rack holds: U used of its U, power of its devices against its budget."""

    rack: RackDef
    used_u: int
    power_w: float
    mounts: list[Mount] = field(default_factory=list)


@dataclass
class RackPlan:
    layout: RackLayout
    places: dict[str, Place]
    lengths_m: dict[str, float]
    loads: list[RackLoad]
    saved: bool                        # True: the layout saved with the design; False: planned now
    reason: str | None = None          # why a saved layout was not used: "none" | "changed" | "invalid"

    def load_of(self, rack: str) -> RackLoad | None:
        return next((lo for lo in self.loads if lo.rack.name == rack), None)


def rack_plan(doc: FabricDocument, catalog: Catalog, schedule: Schedule | None = None) -> RackPlan:
    """The design's rack plan: the saved one when it fits the design, else a fresh one (packed with the cabling
    power of `schedule`, the design's cable schedule, made here when not given)."""
    saved = doc.racks
    reason = "none" if saved is None else saved_layout_problem(doc, saved, catalog)
    if saved is not None and reason is None:
        layout = saved
    else:
        schedule = schedule or build_schedule(doc, catalog, None, doc.build.fibre)
        layout = plan_racks(doc, catalog, cabling_w=cabling_power_w(schedule, doc, catalog))
    return _with_figures(doc, catalog, layout, saved=reason is None, reason=reason)


def saved_layout_problem(doc: FabricDocument, layout: RackLayout, catalog: Catalog) -> str | None:
    """"changed" when the saved layout does not place exactly the design's devices (or, in a design of several
    sites, places one on another site's floor: a file of before sites were planned apart), "invalid" when two items
    overlap or one leaves its rack; None when it can be used."""
    mounts = layout.node_mounts()
    if set(mounts) != set(doc.nodes) or _off_site(doc, layout):
        return "changed"
    units = doc.build.rack_units
    taken: set[tuple[str, int]] = set()
    for m in layout.mounts:
        height = device_u(doc.nodes[m.item], catalog) if m.kind == "node" else m.height_u
        if m.kind == "pdu":
            continue
        whole_rack = m.kind == "node" and rack_scale(doc.nodes[m.item], catalog)   # an NVL72 is its own rack
        if m.u < 1 or (m.u + height - 1 > units and not whole_rack):
            return "invalid"
        for u in range(m.u, m.u + height):
            if (m.rack, u) in taken:
                return "invalid"
            taken.add((m.rack, u))
    return None


def _off_site(doc: FabricDocument, layout: RackLayout) -> bool:
    """Whether a device of a design with devices on several floors stands in a rack of another floor."""
    if len({node.site or "" for node in doc.nodes.values()}) < 2:
        return False
    site_of = {r.name: r.site for r in layout.racks}
    return any(site_of.get(m.rack) != (doc.nodes[m.item].site or "") for m in layout.mounts if m.kind == "node")


def run_lengths_m(doc: FabricDocument, where: dict[str, Place]) -> dict[str, float]:
    """Every link's run between its two placed ends, slack included (links with an unplaced end, or with ends on two
    sites' floors, are left out: no run between floors is measured)."""
    lengths = {}
    for link in doc.links.values():
        a, b = where.get(link.a.node), where.get(link.b.node)
        if a is not None and b is not None and same_floor(a, b):
            lengths[link.id] = run_length_m(a, b, doc.build)
    return lengths


def _with_figures(doc: FabricDocument, catalog: Catalog, layout: RackLayout, *, saved: bool,
                  reason: str | None) -> RackPlan:
    where = places(layout, doc.build)
    lengths = run_lengths_m(doc, where)
    loads = {r.name: RackLoad(r, 0, 0.0) for r in layout.racks}
    extras = {p.id: p for p in catalog.parts.values()}
    for m in layout.mounts:
        load = loads.get(m.rack)
        if load is None:
            continue
        load.mounts.append(m)
        load.used_u += m.height_u
        if m.kind == "node" and m.item in doc.nodes:
            load.power_w += device_power_w(doc.nodes[m.item], catalog)
        elif m.kind in ("oob-switch", "ufm"):
            part = next((p for p in extras.values() if p.kind == m.kind), None)
            load.power_w += part.power_w if part else 0.0
    return RackPlan(layout, where, lengths, list(loads.values()), saved, reason)
