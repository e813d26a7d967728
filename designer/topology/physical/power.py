"""The power the cabling adds to each device: the transceivers in its cages and the active cables starting there
(an active copper or optical cable draws at its ends; the catalog gives one figure per cable, booked at its a-end
as the cable schedule books it)."""

from __future__ import annotations

from designer.catalog.loader import Catalog
from designer.model.document import FabricDocument
from designer.topology.physical.schedule import Schedule


def cabling_power_w(schedule: Schedule, doc: FabricDocument, catalog: Catalog) -> dict[str, float]:
    """Device id -> watts of the transceivers in its cages and the active cables that start at it."""
    out: dict[str, float] = {}
    for (node, _cage), module in schedule.modules.items():
        if module in catalog.transceivers:
            out[node] = out.get(node, 0.0) + catalog.transceivers[module].power_w
    for asm in schedule.assemblies.values():
        part = catalog.cables.get(asm.part)
        link = doc.links.get(asm.links[0]) if asm.links else None
        if part is not None and part.power_w and link is not None:
            out[link.a.node] = out.get(link.a.node, 0.0) + part.power_w
    return out
