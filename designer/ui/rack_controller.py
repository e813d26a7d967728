"""The Racks dock: the rack elevation of the open design, Plan racks, and the build settings.

The dock follows the document: every edit batch (and a new or opened design) redraws the plan, debounced.
Plan racks and a change of the build settings are undoable commands on the document; planning places the
devices and sets every cable's type and length from the positions (designer/topology/cabling_fit.py).
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, QTimer, Slot
from PySide6.QtGui import QUndoCommand
from PySide6.QtWidgets import QDialog, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from designer.model.build_settings import BuildSettings
from designer.model.document import FabricDocument
from designer.model.errors import ProjectError
from designer.topology.cabling_fit import fit_cables_to_racks
from designer.topology.physical_build import physical_build
from designer.topology.racks.elevation import Elevation, elevation
from designer.ui.build_settings_dialog import BuildSettingsDialog
from designer.ui.rack_view import RackElevationView

if TYPE_CHECKING:
    from designer.ui.main_window import MainWindow

REDRAW_DELAY_MS = 300


class PlanRacksCommand(QUndoCommand):
    """Place the devices in racks and give every cable its type and length from the positions."""

    def __init__(self, doc: FabricDocument, planned: FabricDocument, text: str,
                 build: BuildSettings | None = None) -> None:
        super().__init__(text)
        self.doc = doc
        self.old = (copy.deepcopy(doc.build), copy.deepcopy(doc.racks),
                    {lid: (lk.cable, lk.length_m) for lid, lk in doc.links.items()})
        self.new = (copy.deepcopy(build or doc.build), copy.deepcopy(planned.racks),
                    {lid: (lk.cable, lk.length_m) for lid, lk in planned.links.items()})

    def redo(self) -> None:
        self._apply(self.new)

    def undo(self) -> None:
        self._apply(self.old)

    def _apply(self, state) -> None:
        build, racks, links = state
        with self.doc.batch():
            self.doc.set_build(build)
            self.doc.set_racks(racks)
            for lid, (cable, length) in links.items():
                link = self.doc.links.get(lid)
                if link is not None and (link.cable, link.length_m) != (cable, length):
                    self.doc.update_link(lid, cable=cable, length_m=length)


class RacksPanel(QWidget):
    """Summary line, the two actions, and the elevation."""

    def __init__(self, view: RackElevationView) -> None:
        super().__init__()
        self.view = view
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.plan_button = QPushButton(self.tr("Plan racks"))
        self.plan_button.setToolTip(self.tr("Place the devices in racks by the build settings and give every "
                                            "cable its type and length from the positions (undoable)"))
        self.settings_button = QPushButton(self.tr("Build settings…"))
        self.settings_button.setToolTip(self.tr("Racks and floor, spares, device labels and the optional lines "
                                                "of the bill of materials"))
        self.fit_button = QPushButton(self.tr("Fit"))
        buttons = QHBoxLayout()
        for b in (self.plan_button, self.settings_button, self.fit_button):
            buttons.addWidget(b)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addLayout(buttons)
        layout.addWidget(view, 1)


class RackController(QObject):
    """Owns the Racks dock of one MainWindow."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.view = RackElevationView(window.theme)
        self.panel = RacksPanel(self.view)
        self.dock = window.add_dock(self.tr("Racks"), self.panel, Qt.DockWidgetArea.BottomDockWidgetArea, "racks")
        window.tabifyDockWidget(window.problems_dock, self.dock)
        window.problems_dock.raise_()
        self.model: Elevation | None = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(REDRAW_DELAY_MS)
        self._timer.timeout.connect(self.refresh)
        window.scene.document_changed.connect(lambda _changes: self._timer.start())
        self.panel.plan_button.clicked.connect(self.plan_racks)
        self.panel.settings_button.clicked.connect(self.edit_settings)
        self.panel.fit_button.clicked.connect(self.view.fit)
        self.dock.visibilityChanged.connect(lambda shown: shown and self.model is None and self._timer.start())
        self._timer.start()

    @property
    def doc(self) -> FabricDocument:
        return self.window.editor.doc

    @Slot()
    def refresh(self) -> None:
        """Redraw the plan of the design as it is now (the saved plan, or a fresh one when it no longer fits).

        A hidden dock waits: planning a large design takes a moment, and the dock redraws when it is shown."""
        if not self.dock.isVisible():
            self.model = None            # stale: the next showing redraws
            return
        try:
            plan = physical_build(self.doc, self.window.catalog).plan   # loads with optics and active cables
        except ProjectError as exc:
            self.model = None
            self.view.scene().clear()
            self.panel.summary.setText(self.tr("No rack plan: {0}").format(exc.one_line()))
            return
        self.model = elevation(self.doc, self.window.catalog, plan)
        self.view.theme = self.window.theme
        self.view.show_elevation(self.model)
        if self.view.auto_fit:            # until the user zooms, the first row fits the view
            self.view.fit_first_row()
        self.panel.summary.setText(self._summary(self.model))

    def _summary(self, m: Elevation) -> str:
        racks, rows = len(m.racks), len(m.rows)
        over = sum(1 for r in m.racks if r.power_w > r.budget_w + 1e-6)
        if m.floors:                      # several sites: each floor's racks and rows, as the proposal counts them
            text = self.tr("{0} racks ({1}), {2:,.1f} kW").format(racks, m.floors_text(), m.total_power_w / 1000)
        else:
            text = (self.tr("1 rack in 1 row, {0:,.1f} kW").format(m.total_power_w / 1000) if racks == 1 else
                    self.tr("{0} racks in {1} rows, {2:,.1f} kW").format(racks, rows, m.total_power_w / 1000)
                    if rows > 1 else self.tr("{0} racks in 1 row, {1:,.1f} kW").format(racks, m.total_power_w / 1000))
        if over:
            text += " · " + (self.tr("1 rack over the power budget") if over == 1 else
                             self.tr("{0} racks over the power budget").format(over))
        if m.saved:
            return text + " · " + self.tr("plan saved with the design")
        if m.reason == "changed":
            return text + " · " + self.tr("planned now: the design changed since its racks were planned; "
                                          "Plan racks keeps this plan")
        return text + " · " + self.tr("planned now; Plan racks keeps this plan and sets the cable lengths")

    @Slot()
    def plan_racks(self) -> None:
        self._plan(self.tr("Plan racks"), None)

    @Slot()
    def edit_settings(self) -> None:
        dialog = BuildSettingsDialog(self.window, self.doc.build)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return
        self._plan(self.tr("Change build settings"), dialog.settings())

    def _plan(self, text: str, build: BuildSettings | None) -> None:
        planned = self.doc.copy()
        if build is not None:
            planned.build = copy.deepcopy(build)
        try:
            fit_cables_to_racks(planned, self.window.catalog)
        except ProjectError as exc:
            self.window.show_message(exc.one_line(), True)
            return
        self.window.editor.undo_stack.push(PlanRacksCommand(self.doc, planned, text, build))
        self.window.show_message(self.tr("Racks planned: cable types and lengths follow the positions"))
