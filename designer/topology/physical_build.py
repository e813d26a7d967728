"""A design as it is built: its rack plan and, with the lengths that plan gives, every link's cables and optics."""

from __future__ import annotations

from dataclasses import dataclass

from designer.catalog.loader import Catalog
from designer.model.document import FabricDocument
from designer.topology.physical.power import cabling_power_w
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
    schedule = build_schedule(doc, catalog, None, doc.build.fibre)
    plan = rack_plan(doc, catalog, schedule)
    add_cabling_power(plan, cabling_power_w(schedule, doc, catalog))
    return PhysicalBuild(plan, schedule)


def add_cabling_power(plan: RackPlan, cabling_w: dict[str, float]) -> None:
    """Each rack's load gains its devices' cabling power (per device id: the transceivers in its cages and the
    active cables starting there, `cabling_power_w`)."""
    extra: dict[str, float] = {}
    for node, watts in cabling_w.items():
        place = plan.places.get(node)
        if place is not None:
            extra[place.rack] = extra.get(place.rack, 0.0) + watts
    for load in plan.loads:
        load.power_w += extra.get(load.rack.name, 0.0)
