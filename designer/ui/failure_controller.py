"""What-if failures in the window: the canvas context menu (Fail now / Schedule failure…), the failed
elements drawn over the canvas, the Scenarios dock and its runs and comparison table.

Scheduled failures become part of the selected scenario through an undoable SetScenariosCommand; "Fail
now" goes straight to the running simulation (designer/ui/sim_worker.py SimRunner.fail_now) and is not
an edit of the design.
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING

import shiboken6
from PySide6.QtCore import QObject, QPoint, Qt, Slot
from PySide6.QtWidgets import QDialog, QMenu

from designer.model.scenarios import Scenario
from designer.sim.scenario_run import comparison_row
from designer.ui.commands import SetScenariosCommand
from designer.ui.failure_dialog import ScheduleFailureDialog
from designer.ui.failure_layer import FailureLayer, state_from_schedule, state_from_snapshot
from designer.ui.labels import cable_name, node_name
from designer.ui.node_item import NodeItem
from designer.ui.scenarios_panel import ScenariosPanel, scenario_problem

if TYPE_CHECKING:                      # the window imports this module
    from designer.ui.main_window import MainWindow

FAILABLE_NODE_KINDS = ("switch", "gateway")


class FailureController(QObject):
    """Owns the failure views of one MainWindow (built after its RunController)."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.runs = window.runs
        self.panel = ScenariosPanel()
        self.dock = window.add_dock(self.tr("Scenarios"), self.panel, Qt.DockWidgetArea.RightDockWidgetArea,
                                    "scenarios", scroll=True)
        window.tabifyDockWidget(window.inspector_dock, self.dock)
        window.inspector_dock.raise_()
        self.layer: FailureLayer | None = None
        self.running_scenario: str | None = None
        self.queue: list[str] = []          # scenarios still to run (Run all)
        self.overlays: dict[str, tuple] = {}
        self.panel.set_document(self.doc)
        self.panel.edit_requested.connect(self.set_scenarios)
        self.panel.run_requested.connect(self.run_scenario)
        self.panel.run_all_requested.connect(self.run_all)
        self.panel.list.currentRowChanged.connect(lambda _r: self.show_schedule())
        window.scene.document_changed.connect(self._on_document_changed)
        self.runs.snapshot_drawn.connect(self._on_snapshot)
        self.runs.runner.finished.connect(self._on_finished)
        self.runs.runner.failed.connect(lambda _m: self._end_queue())
        self.runs.runner.stopped.connect(self._on_stopped)

    @property
    def doc(self):
        return self.window.editor.doc

    # ---- context menu -----------------------------------------------------------------------------
    def element_at(self, view_pos: QPoint) -> tuple[str, str] | None:
        """("link", id) or ("switch", id) under a point of the view (nodes win over cables)."""
        items = self.window.view.items(view_pos)
        for item in items:
            if isinstance(item, NodeItem):
                node = self.doc.nodes.get(item.node_id)
                return ("switch", node.id) if node is not None and node.kind in FAILABLE_NODE_KINDS else None
        link_id = self.window.view.cable_at(view_pos)
        return None if link_id is None else ("link", link_id)

    def context_menu(self, kind: str, element: str) -> QMenu:
        """The failure actions for one element (the menu is built, not shown: tests trigger its actions)."""
        menu = QMenu(self.window)
        self.add_failure_actions(menu, kind, element)
        return menu

    def add_failure_actions(self, menu: QMenu, kind: str, element: str) -> None:
        """Fail now / Schedule failure… for a cable or a switch, under a section naming it."""
        name = cable_name(self.doc, element) if kind == "link" else node_name(self.doc, element)
        what = self.tr("Failure of cable {id}") if kind == "link" else self.tr("Failure of switch {id}")
        menu.addSection(what.format(id=name))
        now = menu.addAction(self.tr("Fail now"), lambda: self.fail_now(kind, element))
        now.setEnabled(self.runs.runner.running)
        now.setToolTip(self.tr("Fail it in the running simulation at its current time") if now.isEnabled()
                       else self.tr("Start a run first"))
        menu.addAction(self.tr("Schedule failure…"), lambda: self.schedule_failure(kind, element))
        menu.setToolTipsVisible(True)

    # ---- failing ------------------------------------------------------------------------------------
    def fail_now(self, kind: str, element: str) -> bool:
        """Fail the element in the running simulation, at the engine's current time."""
        if not self.runs.runner.fail_now(kind, element):
            self.window.show_message(self.tr("Fail now works during a run: start one first"), True)
            return False
        self.window.show_message(self.tr("{kind} {id} failed in the running simulation").format(
            kind=self.tr("Cable") if kind == "link" else self.tr("Switch"), id=element))
        return True

    def schedule_failure(self, kind: str, element: str, spec_text: str | None = None) -> str | None:
        """Add a failure to the selected scenario (a new scenario when there is none); undoable.
        Without `spec_text` the Schedule failure dialog asks for its time."""
        if spec_text is None:
            dialog = ScheduleFailureDialog(self.doc, kind, element, self.window)
            if dialog.exec() != QDialog.DialogCode.Accepted:
                return None
            spec_text = dialog.spec_text()
        scenarios = copy.deepcopy(self.doc.scenarios)
        current = self.panel.current_name()
        target = next((s for s in scenarios if s.name == current), None)
        if target is None:
            target = Scenario(self.panel.unique_name(self.tr("Scenario")), [self.runs.panel.workload_spec()], [],
                              self.runs.panel.seed.value())
            scenarios.append(target)
        target.failures.append(spec_text)
        problem = scenario_problem(self.doc, target)
        if problem:
            self.window.show_message(problem, True)
            return None
        self.set_scenarios(scenarios, self.tr("Schedule {spec} in '{name}'").format(spec=spec_text, name=target.name))
        self.panel.select(target.name)
        self.dock.show()
        self.dock.raise_()
        return spec_text

    @Slot(list, str)
    def set_scenarios(self, scenarios: list, text: str) -> None:
        self.window.editor.undo_stack.push(SetScenariosCommand(self.doc, scenarios, text))

    # ---- drawing ------------------------------------------------------------------------------------
    def failure_layer(self) -> FailureLayer:
        """The canvas layer (made again when the scene was rebuilt and deleted it)."""
        if self.layer is None or not shiboken6.isValid(self.layer) or self.layer.scene() is not self.window.scene:
            self.layer = FailureLayer(self.window.scene)
            self.window.scene.addItem(self.layer)
        return self.layer

    def show_schedule(self) -> None:
        """Before a run (or after it was stopped): the selected scenario's failures to come."""
        if self.runs.runner.running:
            return
        s = self.panel.current()
        self.failure_layer().set_state(state_from_schedule(s.failures if s else []))

    @Slot(object)
    def _on_snapshot(self, snap) -> None:
        self.failure_layer().set_state(state_from_snapshot(snap.extra or {}, snap.time_s))

    @Slot(object)
    def _on_document_changed(self, changes: list) -> None:
        if any(c.id == "replaced" for c in changes):
            self.panel.set_document(self.doc)
            self.overlays = {}
            self.runs.plots.set_overlays({})
        if any(c.kind == "document" and c.id in ("scenarios", "replaced") for c in changes):
            self.panel.refresh()
            self.show_schedule()
        elif any(c.kind in ("node", "link") for c in changes) and not self.runs.runner.running:
            self.show_schedule()       # items moved or were rebuilt: redraw over them

    # ---- scenario runs ----------------------------------------------------------------------------
    @Slot(str)
    def run_scenario(self, name: str) -> bool:
        """Simulate one scenario (its workloads, failures and seed) with the live views."""
        s = next((x for x in self.doc.scenarios if x.name == name), None)
        if s is None:
            return False
        problem = scenario_problem(self.doc, s)
        if problem:
            self.panel.show_message(problem, error=True)
            self._end_queue()
            return False
        self.runs.start(list(s.workloads), s.seed, None, list(s.failures), scenario=True)
        self.running_scenario = name
        self.failure_layer().set_state(state_from_schedule(s.failures))
        self.panel.show_message(self.tr("Running '{name}'…").format(name=name))
        return True

    @Slot()
    def run_all(self) -> None:
        """Run every scenario one after the other; the table compares them."""
        self.queue = [s.name for s in self.doc.scenarios]
        self._next()

    def _next(self) -> None:
        while self.queue:
            if self.run_scenario(self.queue.pop(0)):
                return

    def _end_queue(self) -> None:
        self.queue = []
        self.running_scenario = None

    @Slot()
    def _on_stopped(self) -> None:
        if self.running_scenario is not None and not self.runs.runner.running:
            self._end_queue()

    @Slot(object)
    def _on_finished(self, result) -> None:
        self.runs.plots.mark_recoveries(result.data.get("failures", []))
        name, self.running_scenario = self.running_scenario, None
        if name is None:
            return
        self.panel.set_row(comparison_row(name, result))
        self.overlays[name] = self.runs.plots.series("throughput_gbps")
        self.runs.plots.set_overlays(self.overlays)
        done = bool(result.data.get("completed", True))
        text = self.outcome_text(name, result.data)
        self.panel.show_message(text, error=not done)
        self.window.show_message(text, not done)
        self._next()

    def outcome_text(self, name: str, data: dict) -> str:
        """One sentence per failure of a finished run: what failed, what it did to the traffic, recovery."""
        parts = []
        for f in data.get("failures", []):
            what = self.tr("{spec}: throughput fell {dip} at {t} ms").format(
                spec=f["spec"].split("@")[0], dip=f"{(f['throughput_dip'] or 0.0):.0%}", t=f"{f['time_s'] * 1e3:.3g}")
            if f["flows_stalled"]:
                what += self.tr(", {n} flows ({bytes}) stalled").format(n=f["flows_stalled"],
                                                                        bytes=_gb(f["bytes_stalled"]))
                delay_ms = (f["recovery_time_s"] - f["time_s"]) * 1e3
                what += (self.tr(", rerouted after {d} ms").format(d=f"{delay_ms:.3g}") if f["recovered"]
                         else self.tr(", never recovered"))
            parts.append(what)
        if not data.get("completed", True):
            parts.append(self.tr("some transfers lost their only path and never completed"))
        head = self.tr("'{name}' done").format(name=name)
        return head + (": " + "; ".join(parts) if parts else "")


def _gb(n: float) -> str:
    return f"{n / 1e9:.3g} GB" if n >= 1e8 else f"{n / 1e6:.3g} MB"
