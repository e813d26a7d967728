"""Sweeps in the window: Simulate → "Design-space sweep…" opens the dialog, the sweep runs in a worker thread
(its points in local processes, so the window stays responsive) and the Sweep dock draws the points as they
finish. The last results file is offered to the PDF export as an appendix."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, QThread, QTimer, Signal, Slot
from PySide6.QtWidgets import QFileDialog, QMenu

from designer.analysis.local_processes import start_fork_server
from designer.analysis.sweep import SweepError, SweepSummary, run_sweep
from designer.analysis.sweep.grid import format_value
from designer.analysis.sweep.results import SweepResults, read_results, results_from_rows
from designer.analysis.sweep.runner import build_point_design
from designer.model.errors import ProjectError
from designer.sim.workload_spec import WorkloadError
from designer.ui.sweep_dialog import SweepDialog, SweepRequest
from designer.ui.sweep_view import SweepView
from designer.ui.threads import end_thread

if TYPE_CHECKING:                      # the window imports this module
    from designer.ui.main_window import MainWindow

REDRAW_MS = 250   # the chart redraws at most four times a second however fast points finish


def chart_axis(request: SweepRequest) -> str | None:
    """The parameter the chart puts on its horizontal axis: the first with several numeric values (the grid is
    known before any point finishes, the results so far may hold only one value of it)."""
    for axis in request.axes:
        numeric = all(isinstance(v, int | float) and not isinstance(v, bool) for v in axis.values)
        if len(axis.values) > 1 and numeric:
            return axis.name
    return request.axes[0].name if request.axes else None


class SweepWorker(QObject):
    """Runs run_sweep() in a worker thread: `row(point, row)` per finished point, then `done` or `failed`."""

    progress = Signal(int, int, int)        # done, total, failed
    row = Signal(object, object)            # the point's parameters, its figures
    done = Signal(object)                   # SweepSummary
    stopped = Signal()
    failed = Signal(str)

    def __init__(self, request: SweepRequest) -> None:
        super().__init__()
        self.request = request
        self.cancel = threading.Event()
        self._failed = 0

    def _on_row(self, point: dict, row: dict) -> None:
        self._failed += bool(row.get("error"))
        self.row.emit(point, row)

    @Slot()
    def run(self) -> None:
        r = self.request
        try:
            summary = run_sweep(r.task, r.axes, r.output, workers=None if r.dask_address else r.workers,
                                dask_address=r.dask_address, cancel=self.cancel,
                                on_row=self._on_row,
                                progress=lambda d, t: self.progress.emit(d, t, self._failed))
        except (SweepError, WorkloadError, ProjectError) as exc:
            self.failed.emit(str(exc).splitlines()[0])
        except OSError as exc:
            self.failed.emit(f"{r.output}: {exc.strerror or exc}")
        except Exception as exc:  # noqa: BLE001 - a bug reaches the user as a message, not a silent dead thread
            self.failed.emit(f"{type(exc).__name__}: {exc}")
        else:
            if self.cancel.is_set() and summary.computed + summary.resumed < summary.total:
                self.stopped.emit()
            else:
                self.done.emit(summary)


class SweepController(QObject):
    """Owns the Sweep dock, the dialog and the worker thread of one MainWindow."""

    finished = Signal()     # a sweep ended (done, stopped or failed); tests wait on it

    def __init__(self, window: MainWindow, simulate_menu: QMenu) -> None:
        super().__init__(window)
        self.window = window
        self.view = SweepView()
        self.dock = window.add_dock(self.tr("Sweep"), self.view, Qt.DockWidgetArea.BottomDockWidgetArea, "sweep")
        window.tabifyDockWidget(window.problems_dock, self.dock)
        self.dock.hide()
        self.action = simulate_menu.addAction(self.tr("Design-space s&weep…"), self.open_dialog)
        self.action.setStatusTip(self.tr("Vary protocol, oversubscription, scale or segment settings; simulate and "
                                         "cost every combination and chart the results"))
        simulate_menu.addAction(self.dock.toggleViewAction())
        self.view.stop_requested.connect(self.stop)
        self.view.open_requested.connect(self.open_results)
        self.view.point_activated.connect(self.open_point)
        self.worker_thread: QThread | None = None
        self.worker: SweepWorker | None = None
        self.request: SweepRequest | None = None
        self.last_output: Path | None = None      # the results file of the last sweep (for the PDF appendix)
        self._earlier: list[dict] = []             # rows the results file held before this sweep
        self._new: list[dict] = []
        self._dirty = False
        self.redraw_timer = QTimer(self)
        self.redraw_timer.setInterval(REDRAW_MS)
        self.redraw_timer.timeout.connect(self._redraw)

    def running(self) -> bool:
        return self.worker_thread is not None

    def default_output(self) -> Path:
        """<design name>-sweep.csv beside the saved design, else in the home folder."""
        folder = Path(self.window.path).parent if self.window.path else Path.home()
        stem = Path(self.window.path).stem.removesuffix(".fabric") if self.window.path else "sweep"
        return folder / f"{stem}-sweep.csv"

    @Slot()
    def open_dialog(self) -> None:
        if self.running():
            self.dock.show()
            self.dock.raise_()
            return
        workload = self.window.runs.panel.workload_spec()
        start_fork_server()     # the points' workers start from it: its imports run while the dialog is filled in
        dialog = SweepDialog(self.window.editor.doc, workload, self.default_output(), self.window)
        request = dialog.request() if dialog.exec() else None
        if request is not None:
            self.start(request)

    # ---- running ------------------------------------------------------------------------------
    def start(self, request: SweepRequest) -> None:
        """Run `request` in a worker thread; the dock shows progress and the chart."""
        if self.running():
            return
        self.request = request
        self._earlier = self._rows_already_in(request.output)
        self._new = []
        self.view.results = None
        self.dock.show()
        self.dock.raise_()
        self.view.start(request.point_count, request.output.name, chart_axis(request))
        if self._earlier:
            self._dirty = True
            self._redraw()
        self.worker = SweepWorker(request)
        self.worker_thread = QThread(self)
        self.worker.moveToThread(self.worker_thread)
        self.worker_thread.started.connect(self.worker.run)
        self.worker.progress.connect(self.view.set_progress)
        self.worker.row.connect(self._on_row)
        self.worker.done.connect(self._on_done)
        self.worker.stopped.connect(self._on_stopped)
        self.worker.failed.connect(self._on_failed)
        self.redraw_timer.start()
        self.worker_thread.start()
        self.window.show_message(self.tr("Sweep of {0} points started").format(request.point_count))

    def _rows_already_in(self, output: Path) -> list[dict]:
        """The rows a results file holds already (a resumed sweep shows them at once); none if unreadable —
        the sweep itself then says what is wrong with the file."""
        if not output.exists():
            return []
        try:
            return list(read_results(output).rows)
        except SweepError:
            return []

    @Slot()
    def stop(self) -> None:
        if self.worker is not None:
            self.worker.cancel.set()
            self.view.stopping()

    @Slot(object, object)
    def _on_row(self, point: dict, row: dict) -> None:
        self._new.append({**row, **point})
        self._dirty = True

    @Slot()
    def _redraw(self) -> None:
        if not self._dirty or self.request is None:
            return
        self._dirty = False
        names = [a.name for a in self.request.axes]
        fresh = results_from_rows(names, self._new).rows if self._new else []
        rows = sorted([*self._earlier, *fresh], key=lambda r: int(r.get("point") or 0))
        self.view.show_results(SweepResults(names, rows))

    def _end(self) -> None:
        self.redraw_timer.stop()
        if self.worker_thread is not None:
            end_thread(self.worker_thread)
            self.worker_thread.deleteLater()
        if self.worker is not None:
            self.worker.deleteLater()
        self.worker_thread = self.worker = None
        self.finished.emit()

    def _show_file(self, output: Path) -> None:
        """Redraw from the results file as written (point order, every point), the final word of a sweep."""
        try:
            self.view.show_results(read_results(output))
        except SweepError:
            self._dirty = True
            self._redraw()

    @Slot(object)
    def _on_done(self, summary: SweepSummary) -> None:
        assert self.request is not None
        output = self.request.output
        self._end()
        self.last_output = output
        self._show_file(output)
        failed = self.tr(", {0} could not be built or run (see the Problem column)").format(summary.failed) \
            if summary.failed else ""
        text = self.tr("Sweep finished: {0} points in {1} ({2} already there, {3} run){4}").format(
            summary.total, output.name, summary.resumed, summary.computed, failed)
        self.view.finish(text)
        self.window.show_message(text)

    @Slot()
    def _on_stopped(self) -> None:
        assert self.request is not None
        output = self.request.output
        self._end()
        self.last_output = output
        self._dirty = True
        self._redraw()
        text = self.tr("Sweep stopped: the finished points are in {0}; run the sweep again with the same file "
                       "to continue").format(output.name)
        self.view.finish(text)
        self.window.show_message(text)

    @Slot(str)
    def _on_failed(self, text: str) -> None:
        self._end()
        message = self.tr("The sweep could not run: {0}").format(text)
        self.view.finish(message, error=True)
        self.window.show_message(message, error=True)

    # ---- results files and points ------------------------------------------------------------
    @Slot()
    def open_results(self, path: str | None = None) -> bool:
        """Chart a results file (asks for it when `path` is None); a file that is not a sweep's is a message."""
        if self.running():
            return False
        if path is None:
            folder = str(self.last_output.parent) if self.last_output else str(self.default_output().parent)
            path, _ = QFileDialog.getOpenFileName(self.window, self.tr("Open sweep results"), folder,
                                                  self.tr("Sweep results (*.csv *.parquet)"))
            if not path:
                return False
        try:
            results = read_results(path)
        except SweepError as exc:
            self.view.finish(self.tr("Cannot open the sweep results: {0}").format(str(exc).splitlines()[0]),
                             error=True)
            return False
        self.request = None                       # a file's points have no task to rebuild them from
        self.last_output = Path(path)
        self.dock.show()
        self.dock.raise_()
        self.view.preferred_x = None
        self.view.results = None
        self.view.show_results(results)
        self.view.finish(self.tr("{0}: {1} points").format(Path(path).name, len(results.rows)))
        return True

    def point_design(self, row: dict):
        """The design of a point of the sweep run in this window, rebuilt as the sweep built it (None when the
        results came from a file: the window does not know how their designs were made)."""
        if self.request is None:
            return None
        point = {}
        for axis in self.request.axes:
            text = str(row.get(axis.name, ""))
            value = next((v for v in axis.values if format_value(v) == text), None)
            if value is None:
                return None
            point[axis.name] = value
        doc = build_point_design(self.request.task, point)
        doc.name = self.tr("Sweep point {0}: {1}").format(
            row.get("point", "?"), ", ".join(f"{k}={format_value(v)}" for k, v in point.items()))
        return doc

    @Slot(object)
    def open_point(self, row: dict) -> None:
        """Open a point's design as a new, unsaved design (after asking about unsaved changes)."""
        try:
            doc = self.point_design(row)
        except (ProjectError, WorkloadError) as exc:
            self.window.show_message(self.tr("Cannot build the point's design: {0}").format(
                str(exc).splitlines()[0]), error=True)
            return
        if doc is None:
            self.window.show_message(self.tr("Only the points of a sweep run in this window can be opened"),
                                     error=True)
            return
        if self.window.maybe_save():
            self.window.set_document(doc, None)
            self.window.show_message(self.tr("Opened {0}").format(doc.name))

    def shutdown(self) -> None:
        """Stop a running sweep and wait for it (window closing)."""
        if self.worker is not None:
            self.worker.cancel.set()
        end_thread(self.worker_thread)
