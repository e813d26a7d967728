"""A design as it is built: its rack plan and, with the lengths that plan gives, every link's cables and optics."""

from __future__ import annotations

from dataclasses import dataclass

from designer.catalog.loader import Catalog
from designer.model.document import FabricDocument
from designer.topology.physical.schedule import Schedule, build_schedule
from designer.topology.racks.plan import RackPlan, rack_plan


@dataclass
class PhysicalBuild:
    plan: RackPlan
    schedule: Schedule


def physical_build(doc: FabricDocument, catalog: Catalog) -> PhysicalBuild:
    """The rack plan (saved or fresh) and the cable schedule of the design's links.

    A link's length is the design's (what the simulator's propagation delay and the checks use too); planning
    the racks (the generators, or Plan racks in the window) sets it from the positions plus slack.
    """
    plan = rack_plan(doc, catalog)
    schedule = build_schedule(doc, catalog, None, doc.build.fibre)
    add_cabling_power(plan, schedule, doc, catalog)
    return PhysicalBuild(plan, schedule)


def add_cabling_power(plan: RackPlan, schedule: Schedule, doc: FabricDocument, catalog: Catalog) -> None:
    """Each rack's load gains the transceivers in its devices' cages and the active cables starting there."""
    rack_of = {nid: place.rack for nid, place in plan.places.items()}
    extra: dict[str, float] = {}
    for (node, _cage), module in schedule.modules.items():
        if node in rack_of and module in catalog.transceivers:
            extra[rack_of[node]] = extra.get(rack_of[node], 0.0) + catalog.transceivers[module].power_w
    for asm in schedule.assemblies.values():
        part = catalog.cables.get(asm.part)
        link = doc.links.get(asm.links[0]) if asm.links else None
        if part is not None and part.power_w and link is not None and link.a.node in rack_of:
            extra[rack_of[link.a.node]] = extra.get(rack_of[link.a.node], 0.0) + part.power_w
    for load in plan.loads:
        load.power_w += extra.get(load.rack.name, 0.0)
