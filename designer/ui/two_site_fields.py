"""The two-site template's fields in File → New from template: GPUs per site, the distance, the long-haul links'
capacity and count, and the site-edge equipment from the catalog's long-haul models of the chosen protocol
(designer/topology/two_site.py builds the design; its layout, site by site, is kept as generated)."""

from __future__ import annotations

import html

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QComboBox, QDoubleSpinBox, QSpinBox, QWidget

from designer.catalog.loader import Catalog
from designer.i18n import render_finding
from designer.model.document import FabricDocument
from designer.model.sites import DISTANCE_KM, LINK_COUNT, crosses_sites
from designer.topology.cost import cost_report
from designer.topology.rules import long_haul
from designer.topology.rules.finding import CheckContext
from designer.topology.two_site import TwoSiteOptions

# the catalog's long-haul equipment for each back-end protocol (GatewayModel.long_haul)
LONG_HAUL_KIND = {"rocev2": "dci-router", "ib": "ib-long-haul"}
GPUS_PER_SERVER = 8      # the generator's 8-GPU servers: each site holds whole servers


class TwoSiteFields:
    """The widgets of the two-site rows and the generator options they make."""

    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog
        self.gpus_per_site = QSpinBox()
        self.gpus_per_site.setRange(GPUS_PER_SERVER, 32_768)
        self.gpus_per_site.setSingleStep(GPUS_PER_SERVER)
        self.gpus_per_site.setValue(64)
        self.distance = QDoubleSpinBox()
        self.distance.setDecimals(1)
        self.distance.setRange(max(DISTANCE_KM.minimum, 0.1), DISTANCE_KM.maximum)
        self.distance.setValue(100.0)
        self.distance.setSuffix(" km")
        self.distance.setToolTip(QCoreApplication.translate(
            "TwoSiteFields", "Fibre distance between the sites; light takes 5 µs per km"))
        self.capacity = QComboBox()
        for gbps in sorted({o.line_gbps for o in catalog.long_haul_optics.values()}, reverse=True):
            self.capacity.addItem(f"{gbps:g} Gb/s", float(gbps))
        self.capacity.setCurrentIndex(max(0, self.capacity.findData(TwoSiteOptions.dci_gbps)))
        self.links = QSpinBox()
        self.links.setRange(int(LINK_COUNT.minimum), int(LINK_COUNT.maximum))
        self.links.setValue(4)
        self.equipment = QComboBox()
        self.fill_equipment("rocev2")

    def rows(self) -> list[tuple[str, QWidget]]:
        """(label, widget) of each row, in the order the dialog shows them."""
        return [(QCoreApplication.translate("TwoSiteFields", "GPUs per site"), self.gpus_per_site),
                (QCoreApplication.translate("TwoSiteFields", "Distance"), self.distance),
                (QCoreApplication.translate("TwoSiteFields", "Long-haul link capacity"), self.capacity),
                (QCoreApplication.translate("TwoSiteFields", "Long-haul links"), self.links),
                (QCoreApplication.translate("TwoSiteFields", "Site-edge equipment"), self.equipment)]

    def fill_equipment(self, backend: str) -> None:
        """The default for the protocol, then the catalog's long-haul models of that protocol."""
        kept = self.equipment.currentData()
        self.equipment.blockSignals(True)
        self.equipment.clear()
        self.equipment.addItem(QCoreApplication.translate("TwoSiteFields", "Default for the protocol and capacity"),
                               None)
        for model in self.catalog.gateways.values():
            if model.long_haul and model.long_haul == LONG_HAUL_KIND.get(backend):
                self.equipment.addItem(f"{model.model} ({model.long_haul_ports} × {model.long_haul_gbps:g}G)",
                                       model.id)
        self.equipment.setCurrentIndex(max(0, self.equipment.findData(kept)))
        self.equipment.blockSignals(False)
        if backend == "ib":          # the appliances' line ports are slower than a RoCEv2 router's: follow them
            fastest = max((m.long_haul_gbps for m in self.catalog.gateways.values()
                           if m.long_haul == LONG_HAUL_KIND["ib"]), default=0.0)
            if 0 < fastest < float(self.capacity.currentData()) and self.capacity.findData(fastest) >= 0:
                self.capacity.setCurrentIndex(self.capacity.findData(fastest))

    def options(self, backend: str, frontend: bool, oversubscription: float = 1.0) -> TwoSiteOptions:
        """The generator's options from the fields (the generator refuses what cannot be built)."""
        return TwoSiteOptions(self.gpus_per_site.value(), float(self.distance.value()),
                              float(self.capacity.currentData()), self.links.value(), backend,
                              self.equipment.currentData(), frontend, oversubscription=oversubscription)

    def connect(self, slot) -> None:
        """Call `slot` whenever a field changes."""
        for box in (self.gpus_per_site, self.distance, self.links):
            box.valueChanged.connect(slot)
        for combo in (self.capacity, self.equipment):
            combo.currentIndexChanged.connect(slot)


def two_site_summary(doc: FabricDocument, catalog: Catalog) -> str:
    """The preview of a two-site design (rich text): its counts, the long-haul bundle, the capex, and what the
    long-haul checks say of it (the equipment or optics that do not reach, the headroom a lossless class lacks)."""
    lh = doc.long_haul[0]
    site = {nid: n.site for nid, n in doc.nodes.items()}
    edge_ids = {e.node for link in doc.links.values() if crosses_sites(site[link.a.node], site[link.b.node])
                for e in (link.a, link.b)}
    switches = sum(1 for n in doc.nodes.values() if n.kind == "switch" and n.id not in edge_ids)
    edge = catalog.gateways.get(lh.equipment) or catalog.switches.get(lh.equipment)
    optics = catalog.long_haul_optics.get(lh.optics or "")
    servers = sum(1 for n in doc.nodes.values() if n.kind == "server")
    counts = QCoreApplication.translate("TwoSiteFields", "GPUs: {0} ({1} sites), servers: {2}, switches: {3}")
    bundle = QCoreApplication.translate("TwoSiteFields",
                                        "Long-haul: {0} × {1:g} Gb/s over {2:g} km, {3:.3g} ms one way")
    ends = QCoreApplication.translate("TwoSiteFields", "At each end: {0}; optics: {1}")
    capex = QCoreApplication.translate("TwoSiteFields", "estimated capex ≈ {0:,.0f} USD")
    lines = [counts.format(doc.gpu_count(), len(doc.sites), servers, switches),
             bundle.format(lh.count, lh.capacity_gbps, lh.distance_km, lh.one_way_us / 1000),
             ends.format(html.escape(edge.model if edge else lh.equipment),
                         html.escape(optics.model if optics else "–")),
             "<b>" + capex.format(cost_report(doc, catalog).capex) + "</b>"]
    errors = [f for f in long_haul.check(CheckContext(doc, catalog)) if f.severity == "error"]
    lines += [f"<span style='color:#d64545'>{html.escape(render_finding(f), quote=False)}</span>" for f in errors]
    return "<br>".join(lines)
