"""Bill of materials: everything a design needs to buy, counted from the document as it is built, priced once.

Lines, in this order (KIND_ORDER):
* switches and gateways by model; back-end NIC cards of the server's `nic_model`, one per NIC: per back-end port,
  or per group of plane ports of a multi-plane NIC (a card with a port per plane, or one whose port splits so
  natively); front-end NIC cards (ports of the card's model, cabled ports only);
* cables (DAC, ACC, splitters, AOC), transceivers and fibre, link end by link end as the gear takes them
  (designer/topology/physical/schedule.py), with the user's spares percentage on top of each part;
* management: fabric-manager (UFM / Subnet Manager) appliances of InfiniBand fabrics, an out-of-band
  switch per rack and its patch cords; facility: racks and PDUs from the rack plan; fibre trunks and patch
  panels when structured cabling is chosen; installation per cable or as a percentage;
* GPU servers (catalog price without back-end NICs) and storage nodes;
* support per year, by kind (a recurring line: not capex).

Every price is the catalog's (USD) through `unit_price_usd`; the cost report, the exports, the proposal and
the window all read these lines, so one item has one price everywhere.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from designer.catalog.loader import Catalog
from designer.i18n.message import Message
from designer.model.document import FabricDocument
from designer.model.errors import ProjectError
from designer.topology.bom_lines import BomItem, Lines, unit_price_usd
from designer.topology.bom_site import (
    PATCH_FIBRE_M,
    installation_lines,
    site_lines,
    support_lines,
    trunked_links,
)
from designer.topology.long_haul_bom import long_haul_lines
from designer.topology.multi_plane import nic_cards
from designer.topology.nic_choice import frontend_cards, frontend_nic_for
from designer.topology.physical.parts import cable_price_usd
from designer.topology.physical_build import PhysicalBuild, physical_build

KIND_ORDER = ("switch", "gateway", "nic", "cable", "optics", "fibre", "management", "facility", "service",
              "server", "storage", "support")
NETWORK_KINDS = frozenset({"switch", "gateway", "nic", "cable", "optics", "fibre", "management", "service"})
SPARED_KINDS = frozenset({"cable", "optics", "fibre"})

__all__ = ["BomItem", "KIND_ORDER", "NETWORK_KINDS", "BillOfMaterials", "bill_of_materials", "unit_price_usd"]


@dataclass
class BillOfMaterials:
    """The lines, and the physical build they were counted from (rack plan, cable schedule)."""

    items: list[BomItem]
    build: PhysicalBuild
    notes: list[Message] = field(default_factory=list)


def bill_of_materials(doc: FabricDocument, catalog: Catalog) -> list[BomItem]:
    """The design's lines in USD, ordered by kind (network first) then model id.

    Raises ProjectError naming the node when a model or NIC is not in the catalog.
    """
    return priced_build(doc, catalog).items


def priced_build(doc: FabricDocument, catalog: Catalog, build: PhysicalBuild | None = None) -> BillOfMaterials:
    """The bill of materials together with the rack plan and cable schedule it counts (`build`, or built here)."""
    build = build if build is not None else physical_build(doc, catalog)
    lines = Lines(catalog)
    _devices(doc, catalog, lines)
    _frontend_nics(doc, catalog, lines)
    _cabling(build, catalog, lines, trunked_links(doc, build))
    site_lines(doc, catalog, build, lines)
    long_haul_lines(doc, catalog, lines)
    _spares(lines, doc.build.spares_percent)
    installation_lines(doc, catalog, lines)
    support_lines(lines, doc.assumptions.support_fraction_per_year)
    order = {k: i for i, k in enumerate(KIND_ORDER)}
    return BillOfMaterials(sorted(lines.items(), key=lambda i: (order[i.kind], i.model)), build)


def _devices(doc: FabricDocument, catalog: Catalog, lines: Lines) -> None:
    for node in doc.nodes.values():
        try:
            if node.kind == "switch":
                lines.add("switch", catalog.switch(node.model))
            elif node.kind == "gateway":
                lines.add("gateway", catalog.gateway(node.model))
            elif node.kind == "storage":
                lines.add("storage", catalog.storage_model(node.model))
            elif node.kind == "server":
                lines.add("server", catalog.server(node.model))
                n_backend = nic_cards(node)
                if n_backend:
                    if not node.nic_model:
                        raise ProjectError(Message("error.bom.no_nic_model"))
                    lines.add("nic", catalog.nic(node.nic_model), n_backend)
            else:
                raise ProjectError(Message("error.bom.unknown_kind", kind=node.kind))
        except ProjectError as exc:
            raise ProjectError(Message("error.bom.node", node=node.id, text=exc.messages[0])) from None


def _frontend_nics(doc: FabricDocument, catalog: Catalog, lines: Lines) -> None:
    """Front-end NIC cards of GPU servers: enough cards of the model for the port speed to hold the cabled ports."""
    cabled: dict[str, int] = {}
    for link in doc.links.values():
        for end in (link.a, link.b):
            node = doc.nodes.get(end.node)
            if node is not None and node.kind == "server":
                port = node.port(end.port)
                if port is not None and port.plane == "frontend":
                    cabled[end.node] = cabled.get(end.node, 0) + 1
    for server_id, n_ports in cabled.items():
        nic = catalog.nic(frontend_nic_for(catalog, doc.nodes[server_id]))
        lines.add("nic", nic, frontend_cards(nic, n_ports))


def _cabling(build: PhysicalBuild, catalog: Catalog, lines: Lines, trunked: set[str]) -> None:
    """Cables and fibre per assembly, transceivers per cage; a fibre riding a trunk is two short patch fibres."""
    for asm in build.schedule.assemblies.values():
        part = catalog.cables[asm.part]
        if part.type == "fibre" and trunked.issuperset(asm.links):
            lines.add("fibre", part, 2, price_usd=cable_price_usd(part, PATCH_FIBRE_M))
        else:
            lines.add("fibre" if part.type == "fibre" else "cable", part, 1, price_usd=asm.price_usd)
    for module_id in build.schedule.modules.values():
        lines.add("optics", catalog.transceivers[module_id])


def _spares(lines: Lines, percent: float) -> None:
    """Spare cables and optics: the percentage of each part, rounded up."""
    if percent <= 0:
        return
    for item in lines.items():
        if item.kind in SPARED_KINDS:
            lines.add_spares(item, math.ceil(item.count * percent / 100.0 - 1e-9))


__all__ += ["PhysicalBuild", "frontend_nic_for", "priced_build", "unit_price_usd"]
