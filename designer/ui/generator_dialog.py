"""File → New from template: the topology generators with a live count of switches and cost."""

from __future__ import annotations

import html

from PySide6.QtCore import QT_TRANSLATE_NOOP, Slot
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QLabel,
    QSpinBox,
    QVBoxLayout,
)

from designer.catalog.loader import Catalog
from designer.model.document import FabricDocument
from designer.model.errors import ProjectError
from designer.model.limits import MAX_GPUS_PER_NODE
from designer.topology.multi_plane import KIND as MULTI_PLANE
from designer.topology.multi_plane import PLANE_CHOICES
from designer.topology.two_site import KIND as TWO_SITE
from designer.topology.two_site import TwoSiteOptions, generate_two_site
from designer.ui.two_site_fields import TwoSiteFields, two_site_summary

PREVIEW_COST_GPUS = 2048  # generating the design for its cost takes well under 0.2 s up to here
# generator kind -> its name in the combo (translated where shown; English: the kind itself)
KIND_NAMES = {"leaf-spine": QT_TRANSLATE_NOOP("GeneratorDialog", "leaf-spine"),
              "fat-tree": QT_TRANSLATE_NOOP("GeneratorDialog", "fat-tree"),
              "fat-tree-3": QT_TRANSLATE_NOOP("GeneratorDialog", "fat-tree-3"),
              "rail-optimized": QT_TRANSLATE_NOOP("GeneratorDialog", "rail-optimized"),
              "rail-only": QT_TRANSLATE_NOOP("GeneratorDialog", "rail-only"),
              "multi-plane": QT_TRANSLATE_NOOP("GeneratorDialog", "multi-plane"),
              TWO_SITE: QT_TRANSLATE_NOOP("GeneratorDialog", "two sites")}
MULTI_PLANE_DEFAULT = 2     # planes offered first: Alibaba HPN's dual plane (designer/topology/multi_plane.py)
BACKENDS = (("rocev2", "RoCEv2"), ("ib", "InfiniBand"), ("hybrid", QT_TRANSLATE_NOOP("GeneratorDialog", "hybrid")))
# the preview's counts (Plan fields), in the order and the words shown
COUNT_NAMES = {"gpus": QT_TRANSLATE_NOOP("GeneratorDialog", "gpus"),
               "servers": QT_TRANSLATE_NOOP("GeneratorDialog", "servers"),
               "leaves": QT_TRANSLATE_NOOP("GeneratorDialog", "leaves"),
               "spines": QT_TRANSLATE_NOOP("GeneratorDialog", "spines"),
               "cores": QT_TRANSLATE_NOOP("GeneratorDialog", "cores"),
               "frontend_switches": QT_TRANSLATE_NOOP("GeneratorDialog", "frontend switches"),
               "gateways": QT_TRANSLATE_NOOP("GeneratorDialog", "gateways"),
               "storage": QT_TRANSLATE_NOOP("GeneratorDialog", "storage"),
               "links": QT_TRANSLATE_NOOP("GeneratorDialog", "links"),
               "backend_links": QT_TRANSLATE_NOOP("GeneratorDialog", "backend links"),
               "frontend_links": QT_TRANSLATE_NOOP("GeneratorDialog", "frontend links"),
               "pods": QT_TRANSLATE_NOOP("GeneratorDialog", "pods")}


class GeneratorDialog(QDialog):
    """Parameters of a generated fabric; `result()` is the generated, laid-out document."""

    def __init__(self, catalog: Catalog, parent=None) -> None:
        super().__init__(parent)
        from designer import topology
        self.topology = topology
        self.catalog = catalog
        self.setWindowTitle(self.tr("New from template"))
        self.kind = QComboBox()
        for kind in (*topology.GENERATOR_KINDS, TWO_SITE):
            self.kind.addItem(self.tr(str(KIND_NAMES[kind])) if kind in KIND_NAMES else kind, kind)
        self.gpus = QSpinBox()
        self.gpus.setRange(8, 65_536)
        self.gpus.setSingleStep(8)
        self.gpus.setValue(128)
        self.per_server = QSpinBox()
        self.per_server.setRange(1, MAX_GPUS_PER_NODE)      # 8 in an HGX server, 72 in an NVL72 rack
        self.per_server.setValue(8)
        self.backend = QComboBox()
        for backend, name in BACKENDS:
            self.backend.addItem(self.tr(str(name)), backend)
        self.oversub = QDoubleSpinBox()
        self.oversub.setRange(1.0, 8.0)
        self.oversub.setSingleStep(0.5)
        self.oversub.setSuffix(" : 1")
        self.link = QComboBox()
        self.link.addItems(["400", "800", "1600", "200", "100"])
        self.planes = self._planes_choice()
        self.server, self.switch = self._model_choices(catalog)
        self.sites = TwoSiteFields(catalog)
        self.frontend = QCheckBox(self.tr("Ethernet front-end plane"))
        self.frontend.setChecked(True)
        self.preview = QLabel()
        self.preview.setWordWrap(True)
        self.preview.setMinimumHeight(60)
        form = self._form()
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.preview)
        layout.addWidget(buttons)
        for w in (self.kind, self.backend, self.link, self.switch, self.planes):
            w.currentIndexChanged.connect(self.update_preview)
        for box in (self.gpus, self.per_server, self.oversub):
            box.valueChanged.connect(self.update_preview)
        for edit in (self.gpus.lineEdit(), self.per_server.lineEdit(), self.oversub.lineEdit()):
            edit.textEdited.connect(lambda _text: self.update_preview())     # a number being typed, maybe not one
        self.frontend.toggled.connect(self.update_preview)
        self.sites.connect(self.update_preview)
        self.backend.currentIndexChanged.connect(lambda *_: self.sites.fill_equipment(self.backend.currentData()))
        self.update_preview()

    def _form(self) -> QFormLayout:
        """The parameter rows, in the order the dialog shows them."""
        form = QFormLayout()
        form.addRow(self.tr("Topology"), self.kind)
        form.addRow(self.tr("GPUs"), self.gpus)
        form.addRow(self.tr("GPUs per server"), self.per_server)
        form.addRow(self.tr("GPU servers"), self.server)
        form.addRow(self.tr("Back-end switches"), self.switch)
        form.addRow(self.tr("Back-end protocol"), self.backend)
        form.addRow(self.tr("Oversubscription"), self.oversub)
        form.addRow(self.tr("Link speed (Gb/s)"), self.link)
        form.addRow(self.tr("Planes"), self.planes)
        for label, widget in self.sites.rows():
            form.addRow(label, widget)
        form.addRow("", self.frontend)
        self.form = form
        return form

    def two_site(self) -> bool:
        return self.kind.currentData() == TWO_SITE

    def show_rows(self) -> None:
        """The rows of the chosen kind: a two-site design sizes each site by its GPUs and the generator's servers,
        switches and link speed; the others have no sites."""
        across = self.two_site()
        for widget in (self.gpus, self.per_server, self.server, self.switch, self.link, self.planes):
            self.form.setRowVisible(widget, not across)
        for _, field in self.sites.rows():
            self.form.setRowVisible(field, across)

    def _planes_choice(self) -> QComboBox:
        """Planes each NIC port is split into (used by the multi-plane kind only)."""
        planes = QComboBox()
        planes.addItems([str(p) for p in PLANE_CHOICES])
        planes.setCurrentText(str(MULTI_PLANE_DEFAULT))
        planes.setToolTip(self.tr("Ports each NIC port is split into, one independent plane each (multi-plane "
                                  "designs)"))
        return planes

    def _model_choices(self, catalog: Catalog) -> tuple[QComboBox, QComboBox]:
        """The GPU server and back-end switch models of the catalog, each after a "default" entry."""
        server = QComboBox()
        server.addItem(self.tr("Default for the GPUs per server"), None)
        for model in catalog.servers.values():
            server.addItem(model.model, model.id)
        server.currentIndexChanged.connect(self.follow_server)
        switch = QComboBox()
        switch.addItem(self.tr("Default for the protocol and speed"), None)
        for sw in catalog.switches.values():
            if {"leaf", "spine"} & set(sw.roles):
                switch.addItem(sw.model, sw.id)
        return server, switch

    def params(self) -> dict:
        multi = self.kind.currentData() == MULTI_PLANE
        self.planes.setEnabled(multi)
        return dict(gpus=self.gpus.value(), gpus_per_server=self.per_server.value(),
                    backend=self.backend.currentData(), oversubscription=self.oversub.value(),
                    link_gbps=float(self.link.currentText()), frontend=self.frontend.isChecked(),
                    server_model=self.server.currentData(), switch_model=self.switch.currentData(),
                    planes=int(self.planes.currentText()) if multi else 1)

    @Slot(int)
    def follow_server(self, *_: object) -> None:
        """A chosen server model sets the GPUs per server, and the link speed up to its NICs' when they are faster
        (an HGX B300's 800G ConnectX-8)."""
        model = self.catalog.servers.get(self.server.currentData() or "")
        if model is not None:
            self.per_server.setValue(model.gpus)
            self.gpus.setSingleStep(model.gpus)          # whole servers (16 racks of 72: 1,152 GPUs)
            if self.gpus.value() % model.gpus:
                self.gpus.setValue(max(1, round(self.gpus.value() / model.gpus)) * model.gpus)
            nic = self.catalog.nics.get(model.nic_model)
            speed = min(nic.port_gbps, model.backend_nic_gbps) if nic else 0.0
            if speed > float(self.link.currentText()) and self.link.findText(f"{speed:g}") >= 0:
                self.link.setCurrentText(f"{speed:g}")
        self.update_preview()

    @Slot(bool)
    @Slot(float)
    @Slot(int)
    def update_preview(self, *_: object) -> None:
        """Counts (and cost when it can be had cheaply) of the design these parameters make."""
        self.show_rows()
        typed = next((box for box in (self.gpus, self.per_server, self.oversub) if not box.hasAcceptableInput()), None)
        if typed is not None:             # what the box shows is not what OK would use: say so, and wait
            self.preview.setText("<span style='color:#d64545'>" + html.escape(self.tr(
                "'{0}' is not a value of this field: from {1} to {2}").format(
                    typed.lineEdit().text(), f"{typed.minimum():,g}", f"{typed.maximum():,g}"), quote=False)
                + "</span>")
            self.ok.setEnabled(False)
            return
        if self.two_site():
            self.two_site_preview()
            return
        try:
            counts = self.topology.plan(self.kind.currentData(), catalog=self.catalog, **self.params())
        except (ProjectError, ValueError) as exc:
            self.preview.setText(f"<span style='color:#d64545'>{html.escape(str(exc), quote=False)}</span>")
            self.ok.setEnabled(False)
            return
        items = counts.items() if isinstance(counts, dict) else vars(counts).items()
        text = ", ".join(f"{self._count_name(k)}: {v}" for k, v in items
                         if isinstance(v, (int, float)) and not isinstance(v, bool))
        capex = self.estimate_capex()
        if capex is not None:
            text += "<br><b>" + self.tr("estimated capex ≈ {0:,.0f} USD").format(capex) + "</b>"
        self.preview.setText(text)
        self.ok.setEnabled(True)

    def _count_name(self, key: str) -> str:
        return self.tr(str(COUNT_NAMES[key])) if key in COUNT_NAMES else key.replace("_", " ")

    def estimate_capex(self) -> float | None:
        """Capex of the design these parameters make; skipped above PREVIEW_COST_GPUS to keep typing fluid."""
        if self.gpus.value() > PREVIEW_COST_GPUS:
            return None
        try:
            from designer.topology.cost import cost_report
            doc = self.topology.generate(self.kind.currentData(), catalog=self.catalog, **self.params())
            return float(cost_report(doc, self.catalog).capex)
        except (ImportError, ProjectError, ValueError):
            return None

    def two_site_options(self) -> TwoSiteOptions:
        return self.sites.options(self.backend.currentData(), self.frontend.isChecked(), self.oversub.value())

    def two_site_preview(self) -> None:
        """The two sites' counts, the long-haul bundle and what the checks say of it, and the capex."""
        try:
            text = two_site_summary(generate_two_site(self.two_site_options(), self.catalog), self.catalog)
        except (ProjectError, ValueError) as exc:
            self.preview.setText(f"<span style='color:#d64545'>{html.escape(str(exc), quote=False)}</span>")
            self.ok.setEnabled(False)
            return
        self.preview.setText(text)
        self.ok.setEnabled(True)

    def generate(self) -> FabricDocument:
        """Build and lay out the design (raises ProjectError/ValueError on impossible parameters); a two-site
        design keeps the generator's layout (each site's drawing, the second mirrored, the edge equipment facing
        the other site), which the site boxes of the canvas follow."""
        if self.two_site():
            return generate_two_site(self.two_site_options(), self.catalog)
        doc = self.topology.generate(self.kind.currentData(), catalog=self.catalog, **self.params())
        positions = self.topology.auto_layout(doc)
        for node_id, (x, y) in positions.items():
            doc.nodes[node_id].x, doc.nodes[node_id].y = float(x), float(y)
        return doc
