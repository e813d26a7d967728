"""The designer window: canvas in the centre, palette, inspector, problems, history and overview docks."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP, QRectF, QSettings, Qt, QTimer, Slot
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDockWidget,
    QFileDialog,
    QFormLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QUndoView,
)

from designer.catalog.loader import Catalog, load_catalog
from designer.model import fileformat
from designer.model.document import FabricDocument
from designer.model.errors import ProjectError
from designer.ui import help_dialogs
from designer.ui.autosave import Autosaver
from designer.ui.canvas_menu import CanvasMenu
from designer.ui.claims_dialog import ClaimsLauncher
from designer.ui.design_summary import BACKGROUND_LINKS, SummaryRunner, counts_text, summarise
from designer.ui.editor import Editor
from designer.ui.failure_controller import FailureController
from designer.ui.inspector import Inspector
from designer.ui.jobs_controller import JobsController
from designer.ui.message_area import ElidedLabel, MessageArea
from designer.ui.overview import Overview
from designer.ui.palette import Palette
from designer.ui.plain_text import literal
from designer.ui.plot_style import restyle_all_plots
from designer.ui.problems import ProblemsPanel
from designer.ui.rack_controller import RackController
from designer.ui.run_controller import RunController
from designer.ui.scene import FabricScene
from designer.ui.sweep_controller import SweepController
from designer.ui.theme import PROTOCOL_COLOURS, Theme, apply_theme, protocol_name
from designer.ui.view import FabricView
from designer.ui.window_actions import WindowActions
from designer.ui.window_layout import (
    fit_to_screen,
    restore_arrangement,
    save_arrangement,
    screen_is_small,
    scrollable,
)

FILE_FILTER = QT_TRANSLATE_NOOP("MainWindow", "Fabric designs (*.json *.fabric.json);;All files (*)")
MAX_RECENT = 8
BOTTOM_DOCKS_SHARE = 0.32      # of the window's height, for the plots and problems docks


@contextmanager
def collection_paused() -> Iterator[None]:
    """Python's cyclic garbage collector paused while a design is read and drawn: it made ~1M long-lived objects
    (a 56k-cable fabric) and rescanned them again and again, nearly half the time of an open (measured).

    Afterwards what exists is set aside from collection (`gc.freeze`) until the next open: those objects live as
    long as the design, and the collector's first pass over them cost 0.1-0.3 s at the end of the open, its next
    passes a stall while panning. The next open gives them back to the collector first, so that a replaced design
    that holds a reference cycle is still freed."""
    was_enabled = gc.isenabled()
    gc.unfreeze()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        if was_enabled:
            gc.enable()


class MainWindow(WindowActions):
    """One window, one design."""

    def __init__(self, doc: FabricDocument | None = None, path: str | None = None,
                 catalog: Catalog | None = None, theme_name: str = "light") -> None:
        super().__init__()
        self.catalog = catalog or load_catalog()
        self.theme: Theme = apply_theme(theme_name)
        self.path: str | None = path
        self.help_dialog: QDialog | None = None     # the help page shown beside the window, if any
        self.results_unsaved = False       # a run's results not saved yet (unsaved work, like an edit)
        self.settings = QSettings("FabricDesigner", "FabricDesigner")
        self.scene = FabricScene(doc or FabricDocument(), self.theme)
        self.view = FabricView(self.scene)
        self.editor = Editor(self.scene.doc, self.catalog, self.scene, self)
        self.setCentralWidget(self.view)
        self.setAcceptDrops(True)
        self._build_docks()
        self._build_actions()
        self._build_status()
        self._wire()
        self.runs = RunController(self)   # Run panel, live plots, heat-map and Compare (run_controller.py)
        self.failures = FailureController(self)   # Fail now / Schedule failure…, Scenarios dock (failure_controller.py)
        self.sweeps = SweepController(self, self.simulate_menu)   # design-space sweeps and their dock
        self.claims = ClaimsLauncher(self, self.simulate_menu)    # re-run a published comparison (claims_dialog.py)
        self.racks = RackController(self)   # the Racks dock: elevation, Plan racks, build settings (rack_controller.py)
        self.jobs = JobsController(self)    # the Jobs dock, servers tinted by job, a job alone (jobs_controller.py)
        self.view_menu.addAction(self.jobs.dock.toggleViewAction())
        self.canvas_menu = CanvasMenu(self)      # right-click on the canvas (canvas_menu.py)
        fit_to_screen(self, [self.palette_dock, self.overview_dock], self.inspector_dock)
        self.restored_arrangement = False

        self._update_title()
        self.refresh_summary()
        QTimer.singleShot(0, self.view.zoom_to_fit)
        self.autosaver = Autosaver(self)   # unsaved work goes to a recovery file (autosave.py)

    # ---- construction -------------------------------------------------------------------------
    def add_dock(self, title: str, widget, area: Qt.DockWidgetArea, name: str,
                 scroll: bool = False) -> QDockWidget:
        """A dock named `name` (for saved layouts) holding `widget`, added at `area`; the controllers use it too.
        `scroll`: a form taller than a small screen scrolls inside its dock."""
        dock = QDockWidget(title, self)
        dock.setObjectName(name)
        dock.setWidget(scrollable(widget) if scroll else widget)
        self.addDockWidget(area, dock)
        return dock

    def _build_docks(self) -> None:
        self.palette_panel = Palette(self.catalog)
        self.palette_dock = self.add_dock(self.tr(
                "Palette"), self.palette_panel, Qt.DockWidgetArea.LeftDockWidgetArea, "palette")
        self.overview = Overview(self.view)
        self.overview_dock = self.add_dock(self.tr(
                "Overview"), self.overview, Qt.DockWidgetArea.LeftDockWidgetArea, "overview")
        self.inspector = Inspector(self.editor)
        self.inspector_dock = self.add_dock(self.tr("Inspector"), self.inspector, Qt.DockWidgetArea.RightDockWidgetArea,
                                         "inspector")
        self.history = QUndoView(self.editor.undo_stack)
        self.history.setEmptyLabel(self.tr("Opened design"))
        self.history_dock = self.add_dock(self.tr(
                "History"), self.history, Qt.DockWidgetArea.RightDockWidgetArea, "history")
        self.problems = ProblemsPanel()
        self.problems_dock = self.add_dock(self.tr("Problems"), self.problems, Qt.DockWidgetArea.BottomDockWidgetArea,
                                        "problems")
        self.resizeDocks([self.palette_dock, self.inspector_dock], [270, 320], Qt.Orientation.Horizontal)
        self.resizeDocks([self.palette_dock, self.overview_dock], [600, 180], Qt.Orientation.Vertical)
        self.resizeDocks([self.problems_dock], [150], Qt.Orientation.Vertical)
        self.tabifyDockWidget(self.inspector_dock, self.history_dock)
        self.inspector_dock.raise_()

    @Slot()
    def open_preferences(self) -> None:
        """Edit → Preferences…: the language, applied at the next start."""
        from designer.ui.preferences_dialog import PreferencesDialog
        PreferencesDialog(self.settings, self).exec()

    def _build_status(self) -> None:
        # messages have a place of their own: the summary beside them gives way (both elide), never hides them;
        # with no message the summary takes the room (the capex at the summary's end was cut off otherwise)
        self.message_area = MessageArea()
        self.message_area.speaking.connect(self._give_message_room)
        self.summary_label = ElidedLabel()
        self.summary_label.setObjectName("design_summary")
        self.legend = QLabel()
        self.zoom_label = QLabel()
        self.statusBar().addWidget(self.message_area, 0)
        self.statusBar().addPermanentWidget(self.summary_label, 2)
        self.statusBar().addPermanentWidget(self.legend)
        self.statusBar().addPermanentWidget(self.zoom_label)
        swatches = []
        for key in ("ib", "rocev2", "frontend"):
            swatches.append(f"<span style='color:{PROTOCOL_COLOURS[key].name()}; font-size:14px'>"
                            f"{'━ ━' if key == 'frontend' else '━━'}</span> {protocol_name(key)}")
        self.legend.setText("&nbsp;&nbsp;".join(swatches))
        self.legend.setToolTip(self.tr("Cable colours: back-end segments by protocol; the front-end dashed"))
        self._summary_timer = QTimer(self)
        self._summary_timer.setSingleShot(True)
        self._summary_timer.setInterval(250)
        self._summary_timer.timeout.connect(self.refresh_summary)
        self._summary_generation = 0
        self.summary_runner = SummaryRunner(self)
        self.summary_runner.ready.connect(self._on_summary_ready)

    def _wire(self) -> None:
        self.view.model_dropped.connect(self.editor.place)
        self.view.link_requested.connect(self.editor.connect)
        self.view.nodes_moved.connect(self.editor.move)
        self.view.nudge_requested.connect(self.editor.nudge)
        self.view.files_dropped.connect(lambda paths: self.open_path(paths[0]))
        self.view.zoom_changed.connect(lambda s: self.zoom_label.setText(f"{s * 100:.0f} %"))
        self.palette_panel.place_requested.connect(
            lambda spec: self.editor.place(spec, self.view.mapToScene(self.view.viewport().rect().center())))
        self.editor.message.connect(self.show_message)
        self.editor.link_refused.connect(self.view.show_refusal)
        self.editor.undo_stack.cleanChanged.connect(self._on_clean_changed)
        self.scene.document_changed.connect(lambda _c: self._summary_timer.start())
        self.problems.focus_requested.connect(self.focus_items)

    # ---- messages, title, summary -------------------------------------------------------------
    @Slot(bool)
    def _give_message_room(self, speaking: bool) -> None:
        """Three fifths of the free width for a message while it shows, none once it is gone (QStatusBar keeps a
        widget's stretch from when it was added, so the area is added again)."""
        bar = self.statusBar()
        bar.removeWidget(self.message_area)
        bar.insertWidget(0, self.message_area, 3 if speaking else 0)
        self.message_area.show()

    @Slot(str, bool)
    def show_message(self, text: str, error: bool = False) -> None:
        """Say something in the message area (errors stay longer and are marked)."""
        self.last_message = (text, error)
        self.message_area.show_message(text, error)

    @Slot(bool)
    def _on_clean_changed(self, clean: bool) -> None:
        self.setWindowModified(self.has_unsaved_work())

    def _update_title(self) -> None:
        name = Path(self.path).name if self.path else self.tr("unsaved")
        self.setWindowTitle(self.tr("{0} — {1}[*] — Fabric Designer").format(self.editor.doc.name, name))
        self.setWindowModified(self.has_unsaved_work())

    @Slot()
    def refresh_summary(self) -> None:
        """Compute the summary now (a small design), or in the background (a large one: see design_summary)."""
        doc = self.editor.doc
        self._summary_generation += 1
        if len(doc.links) > BACKGROUND_LINKS:
            self.summary_label.set_full_text(counts_text(doc))
            unchanged = self.path if self.path and self.editor.undo_stack.isClean() else None
            self.summary_runner.request(doc, self.catalog, self._summary_generation, saved_at=unchanged)
            return
        self._show_summary(summarise(doc, self.catalog))

    @Slot(int, object)
    def _on_summary_ready(self, generation: int, outcome: object) -> None:
        if generation != self._summary_generation:
            return                  # the design changed meanwhile: a newer summary is on its way
        if isinstance(outcome, Exception):
            self.show_message(self.tr("The design checks could not run: {0}").format(outcome), True)
            return
        self._show_summary(outcome)

    def _show_summary(self, s) -> None:
        self.summary_label.set_full_text(s.status_text())
        self.problems.show_findings(s.findings, unavailable="checks" in s.unavailable)
        n_err = sum(1 for f in s.findings if f.severity == "error")
        if not n_err:
            title = self.tr("Problems ({0})").format(len(s.findings))
        elif n_err == 1:
            title = self.tr("Problems (1 error, {0} in all)").format(len(s.findings))
        else:
            title = self.tr("Problems ({0} errors, {1} in all)").format(n_err, len(s.findings))
        self.problems_dock.setWindowTitle(title)
        self.summary = s

    def wait_for_summary(self, timeout_s: float = 60.0) -> bool:
        """Wait (serving events) until a background summary is in; False on timeout (tests, benchmarks)."""
        import time
        end = time.monotonic() + timeout_s
        while self.summary_runner.busy() and time.monotonic() < end:
            QApplication.processEvents()
            time.sleep(0.01)
        QApplication.processEvents()
        return not self.summary_runner.busy()

    @Slot(list, list)
    def focus_items(self, nodes: list, links: list) -> None:
        self.scene.select_ids(nodes, links)
        rect = None
        for n in nodes:
            item = self.scene.node_items.get(n)
            if item is not None:
                r = item.sceneBoundingRect()
                rect = r if rect is None else rect.united(r)
        for x in links:
            line = self.scene.link_line(x)
            if line is not None:
                r = QRectF(line.p1(), line.p2()).normalized()
                rect = r if rect is None else rect.united(r)
        if rect is not None:
            self.view.centerOn(rect.center())

    # ---- modes, theme, selection --------------------------------------------------------------
    def set_mode(self, mode: str) -> None:
        self.view.set_mode(mode)
        self.actions_by_name[f"mode_{mode}"].setChecked(True)
        self.show_message(self.tr("Link mode: drag from one node to another") if mode == "link"
                          else self.tr("Select mode"))

    def set_theme(self, name: str) -> None:
        """The light or dark theme on everything: canvas, docks, and every plot and chart (their colours come
        from the palette when they are made, so those already made are restyled here)."""
        self.theme = apply_theme(name)
        self.scene.set_theme(self.theme)
        self.sweeps.view.redraw()          # its series colours follow the palette too
        restyle_all_plots()
        self.settings.setValue("theme", name)
        self.overview.rerender()

    @Slot()
    def show_quick_start(self) -> None:
        self._show_help(help_dialogs.quick_start(self))

    def _show_help(self, dialog: QDialog) -> None:
        """A help page beside the window (not modal); one at a time."""
        if self.help_dialog is not None:
            self.help_dialog.close()
        self.help_dialog = dialog
        dialog.show()

    @Slot()
    def show_properties(self) -> None:
        """Bring the Inspector to the front (it shows the selection)."""
        self.inspector_dock.show()
        self.inspector_dock.raise_()
        self.inspector.refresh()

    @Slot()
    def select_all(self) -> None:
        self.scene.select_ids(list(self.editor.doc.nodes), list(self.editor.doc.links))

    @Slot(bool)
    def new_segment(self, name: str | None = None, protocol: str | None = None) -> str | None:
        nodes, _, _ = self.scene.selected_ids()
        if not nodes:
            self.show_message(self.tr("Select the nodes of the new segment first"), True)
            return None
        if name is None or protocol is None:
            dialog = SegmentDialog(self, self.tr("Segment {0}").format(len(self.editor.doc.segments) + 1))
            if dialog.exec() != QDialog.DialogCode.Accepted:
                return None
            name, protocol = dialog.values()
        seg_id = self.editor.new_segment(name, protocol, nodes)
        if seg_id:
            self.scene.select_ids(segments=[seg_id])
        return seg_id

    # ---- files --------------------------------------------------------------------------------
    def has_unsaved_work(self) -> bool:
        """Edits since the last save, the results of a run (or a comparison) not saved with the design, or a design
        that was made here (generated, advised, opened from a sweep point) and never saved."""
        return (not self.editor.undo_stack.isClean() or self.results_unsaved
                or (self.path is None and bool(self.editor.doc.nodes)))

    def mark_results_unsaved(self) -> None:
        """A run or a comparison finished: its results are part of the design now, and not saved yet."""
        self.results_unsaved = True
        self.setWindowModified(True)

    def maybe_save(self) -> bool:
        """True when it is fine to drop the current design (saved, discarded, or unchanged)."""
        if not self.has_unsaved_work():
            return True
        question = (self.tr("Save '{0}' with the results of its last run? They are lost otherwise.")
                    if self.results_unsaved and self.editor.undo_stack.isClean()
                    else self.tr("Save the changes to '{0}'?"))
        answer = QMessageBox.question(
            self, self.tr("Unsaved changes"), question.format(self.editor.doc.name),
            QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel)
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        return answer == QMessageBox.StandardButton.Discard

    def set_document(self, doc: FabricDocument, path: str | None) -> None:
        """Show `doc`, read from `path` or untitled (None: Save asks where)."""
        self.path = path
        self.results_unsaved = False
        self.editor.set_document(doc)
        self._update_title()
        self._summary_timer.stop()          # the change that replaced the document asked for one: this is it
        self.refresh_summary()
        self.view.zoom_to_fit()

    @Slot()
    def new_design(self) -> None:
        if self.maybe_save():
            self.set_document(FabricDocument(), None)

    @Slot()
    def help_me_choose(self) -> None:
        """Run the advisor wizard; open the candidate the user picks (as a new, unsaved design)."""
        from designer.ui.advisor_wizard import AdvisorWizard

        wizard = AdvisorWizard(self)
        if wizard.exec() != QDialog.DialogCode.Accepted:
            return
        doc = wizard.chosen_design()
        if doc is not None and self.maybe_save():
            self.set_document(doc, None)
            self.show_message(self.tr("Opened the advisor's candidate: {0}").format(doc.name))

    @Slot()
    def new_from_template(self) -> None:
        """Generate a fabric into a new untitled design (the open one is kept or saved first, never overwritten)."""
        try:
            from designer.ui.generator_dialog import GeneratorDialog
            dialog = GeneratorDialog(self.catalog, self)
        except ImportError:
            self.show_message(self.tr("The topology generators are not installed"), True)
            return
        if dialog.exec() != QDialog.DialogCode.Accepted or not self.maybe_save():
            return                          # the open design is kept or saved before the new one is built
        self.show_message(self.tr("Generating the design…"))
        QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        QApplication.processEvents()        # the message and the cursor show before a large design's generation
        try:
            doc = dialog.generate()
        except (ProjectError, ValueError) as exc:
            QApplication.restoreOverrideCursor()
            QMessageBox.warning(self, self.tr("Cannot generate"), literal(str(exc)))
            return
        QApplication.restoreOverrideCursor()
        self.set_document(doc, None)
        self.show_message(self.tr("New untitled design: {0} ({1} GPUs); Save asks where to keep it").format(
            dialog.kind.currentText(), doc.gpu_count()))

    @Slot()
    def open_dialog(self) -> None:
        if not self.maybe_save():
            return
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Open design"), self._last_dir(), self.tr(str(FILE_FILTER)))
        if path:
            self.open_path(path, ask=False)

    def open_path(self, path: str, ask: bool = True) -> bool:
        """Open a design file; a bad file gets a one-line message, never a traceback."""
        if ask and not self.maybe_save():
            return False
        with collection_paused():
            try:
                doc = fileformat.load(path)
            except ProjectError as exc:
                doc = None
                problem = str(exc)
            if doc is not None:
                self.set_document(doc, path)
        if doc is None:
            QMessageBox.warning(self, self.tr("Cannot open"), literal(problem))
            self.show_message(problem, True)
            return False
        self._add_recent(path)
        self.show_message(self.tr("Opened {0}").format(path))
        return True

    @Slot()
    def save(self) -> bool:
        if not self.path:
            return self.save_as()
        return self.save_to(self.path)

    @Slot()
    def save_as(self) -> bool:
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Save design"), self._last_dir(), self.tr(str(FILE_FILTER)))
        return self.save_to(path) if path else False

    def save_to(self, path: str) -> bool:
        try:
            fileformat.save(self.editor.doc, path)
        except (ProjectError, OSError) as exc:
            QMessageBox.warning(self, self.tr("Cannot save"), literal(str(exc)))
            return False
        self.path = path
        self.results_unsaved = False
        self.editor.undo_stack.setClean()
        self._add_recent(path)
        self._update_title()
        self.show_message(self.tr("Saved {0}").format(path))
        return True

    def _last_dir(self) -> str:
        return str(Path(self.path).parent) if self.path else str(Path.cwd())

    def recent_files(self) -> list[str]:
        value = self.settings.value("recent", [])
        if isinstance(value, str):        # one recent file comes back from QSettings as a plain string
            return [value]
        return [str(v) for v in value] if isinstance(value, list) else []

    def _add_recent(self, path: str) -> None:
        path = str(Path(path).resolve())
        recent = [p for p in self.recent_files() if p != path]
        self.settings.setValue("recent", [path] + recent[:MAX_RECENT - 1])
        self._fill_recent()

    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        for p in self.recent_files():
            self.recent_menu.addAction(Path(p).name, lambda p=p: self.open_path(p)).setToolTip(p)
        self.recent_menu.setEnabled(bool(self.recent_files()))

    # ---- window events ------------------------------------------------------------------------
    def closeEvent(self, event: QCloseEvent) -> None:
        if self.maybe_save():
            save_arrangement(self, self.settings)
            self._summary_timer.stop()
            self.summary_runner.shutdown()
            self.message_area.stop()
            self.runs.shutdown()
            self.jobs.shutdown()
            self.sweeps.shutdown()
            self.claims.shutdown()
            self.autosaver.stop()
            self.autosaver.discard()   # a clean exit leaves no recovery file behind
            event.accept()
        else:
            event.ignore()

    def screen_is_small(self) -> bool:
        """The screen is smaller than the window's default size (a laptop): the application opens it maximized."""
        return screen_is_small(self)

    def restore_arrangement(self) -> bool:
        """The window as the user left it on a screen of this size (see window_layout); True when restored."""
        self.restored_arrangement = restore_arrangement(self, self.settings)
        return self.restored_arrangement

    def showEvent(self, event) -> None:
        super().showEvent(event)
        if not self.restored_arrangement and not getattr(self, "_docks_sized", False):
            self._docks_sized = True            # the canvas keeps two thirds of the height, the plots the rest
            QTimer.singleShot(0, lambda: self.resizeDocks([self.problems_dock], [int(
                self.height() * BOTTOM_DOCKS_SHARE)], Qt.Orientation.Vertical))

    def dragEnterEvent(self, event) -> None:
        if event.mimeData().hasUrls():
            event.acceptProposedAction()

    def dropEvent(self, event) -> None:
        paths = [u.toLocalFile() for u in event.mimeData().urls() if u.isLocalFile()]
        if paths:
            self.open_path(paths[0])


class SegmentDialog(QDialog):
    """Name and protocol of a new back-end segment."""

    def __init__(self, parent, name: str) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("New back-end segment"))
        self.name = QLineEdit(name)
        self.protocol = QComboBox()
        self.protocol.addItem(self.tr("RoCEv2"), "rocev2")
        self.protocol.addItem(self.tr("InfiniBand"), "ib")
        form = QFormLayout(self)
        form.addRow(self.tr("Name"), self.name)
        form.addRow(self.tr("Protocol"), self.protocol)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def values(self) -> tuple[str, str]:
        return self.name.text(), self.protocol.currentData()
