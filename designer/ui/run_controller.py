"""Running simulations in the window: the Run panel and Live plots docks, the canvas heat-map, the
status-bar progress, the Compare dialog, and the last run's summary stored with the document."""

from __future__ import annotations

import dataclasses
import time
from html import escape
from typing import TYPE_CHECKING

import numpy as np
import pyqtgraph as pg
import shiboken6
from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QObject, Qt, QTimer, Signal, Slot
from PySide6.QtWidgets import QLabel, QProgressBar

from designer.sim.run_summary import summarise_run
from designer.sim.time_breakdown import segment_breakdowns, workload_breakdowns
from designer.ui.compare_dialog import CompareDialog
from designer.ui.heatmap import HeatmapLayer, legend_html
from designer.ui.labels import cable_name, node_name
from designer.ui.live_plots import LivePlots
from designer.ui.plot_style import scaled_unit, style_view, with_unit
from designer.ui.run_panel import RunPanel, algorithm_name
from designer.ui.sim_worker import SimRunner

if TYPE_CHECKING:                      # the window imports this module
    from designer.ui.main_window import MainWindow

HEATMAP_MS = 100   # the canvas recolours at most 10 times a second


class RunController(QObject):
    """Owns the simulation runner and the run views of one MainWindow."""

    snapshot_drawn = Signal(object)     # the latest snapshot, when the canvas repaints (<= 10 Hz)

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.runner = SimRunner(self)
        self.panel = RunPanel()
        self.panel.fit_to_gpus(window.editor.doc.gpu_count())
        self.panel.fit_to_sites(len(window.editor.doc.sites))
        self.plots = LivePlots()
        self.plots.cable_name = lambda link_id: cable_name(self.doc, link_id)
        self._add_docks()
        self._add_status_widgets()
        self.heat_legend = self._heat_legend()
        self.plots.add_above(self.heat_legend)
        self.layer: HeatmapLayer | None = None
        self.last_snapshot = None
        self.last_result = None
        self.compare_dialog: CompareDialog | None = None
        self.heat_job = -1                    # the job whose cables the heat-map shows (-1: all traffic)
        self.job_links: list[np.ndarray] = []     # per job of the run, the indices of the cables it crosses
        self.workloads: list[str] = []
        self.seed = 1
        self.backend: str | None = None
        self.started_at = 0.0
        self._heat_dirty = False
        self._pending: list = []
        self.heat_timer = QTimer(self)
        self.heat_timer.setInterval(HEATMAP_MS)
        self.heat_timer.timeout.connect(self._paint_heatmap)
        self.heat_timer.start()
        self._connect_panel_and_runner()
        window.scene.selectionChanged.connect(self._on_selection)
        window.inspector.series_view = self.selection_series_widget
        self._take_over_actions()
        window.scene.document_changed.connect(self._on_document_changed)

    def _add_docks(self) -> None:
        """The Run panel beside the Inspector and the live plots beside the Problems list; the Inspector on top."""
        window = self.window
        self.panel_dock = window.add_dock(self.tr("Run"), self.panel, Qt.DockWidgetArea.RightDockWidgetArea, "run",
                                          scroll=True)
        self.plots_dock = window.add_dock(self.tr(
                "Live plots"), self.plots, Qt.DockWidgetArea.BottomDockWidgetArea, "live_plots")
        window.tabifyDockWidget(window.problems_dock, self.plots_dock)
        window.tabifyDockWidget(window.inspector_dock, self.panel_dock)
        window.inspector_dock.raise_()

    def _add_status_widgets(self) -> None:
        """The simulated time and the run's progress, at the right of the status bar."""
        self.progress = QProgressBar()
        self.progress.setRange(0, 1000)
        self.progress.setMaximumWidth(160)
        self.progress.setVisible(False)
        self.sim_time = QLabel()
        self.window.statusBar().addPermanentWidget(self.sim_time)
        self.window.statusBar().addPermanentWidget(self.progress)

    @staticmethod
    def _heat_legend() -> QLabel:
        """The heat-map's colours, above the plots while the canvas shows them."""
        legend = QLabel(legend_html())
        legend.setWordWrap(True)
        # its line is kept while hidden: showing it mid-run must not resize (and so repaint) all seven plots
        policy = legend.sizePolicy()
        policy.setRetainSizeWhenHidden(True)
        legend.setSizePolicy(policy)
        legend.setVisible(False)
        return legend

    def _connect_panel_and_runner(self) -> None:
        """The Run panel's buttons drive the runner; the runner's snapshots and outcome come back here."""
        self.panel.run_requested.connect(self.start)
        self.panel.pause_toggled.connect(self.set_paused)
        self.panel.stop_requested.connect(self.stop)
        self.panel.compare_requested.connect(self.compare)
        self.runner.snapshot.connect(self._on_snapshot)
        self.runner.busy.connect(self.show_busy)
        self.runner.steps.connect(self.show_steps)
        self.runner.finished.connect(self._on_finished)
        self.runner.failed.connect(self._on_failed)

    def _take_over_actions(self) -> None:
        """The window's Run and Compare actions, disabled until now, start runs from here."""
        for key, slot, tip_text in (
                ("run", self.run_from_panel, QT_TRANSLATE_NOOP("RunController",
                                                               "Simulate the workload chosen in the Run panel")),
                ("compare", lambda: self.compare(), QT_TRANSLATE_NOOP(
                    "RunController", "Run the workload as InfiniBand and as RoCEv2 and show both side by side"))):
            tip = self.tr(str(tip_text))
            action = self.window.actions_by_name[key]
            action.triggered.connect(slot)
            action.setEnabled(True)
            action.setToolTip(f"{tip}  ({action.shortcut().toString()})")
            action.setStatusTip(tip)

    @property
    def doc(self):
        return self.window.editor.doc

    # ---- running --------------------------------------------------------------------------------
    @Slot()
    def run_from_panel(self) -> None:
        """The Run action: run what the panel's form says."""
        self.panel_dock.show()
        self.panel_dock.raise_()
        self.panel.run_button.click()

    @Slot(list, int, object)
    def start(self, workloads: list[str], seed: int = 1, backend: str | None = None,
              failures: list[str] | None = None, scenario: bool = False) -> int:
        """Start a run of `workloads` on the open design (off the GUI thread). What showed the previous run goes
        at once: the heat-map is taken off the canvas, the plots are emptied and the Run panel's figures are
        marked as the previous run's until this one's are in. The dashed curves of earlier scenarios stay only
        for a run of another `scenario`, which they are there to compare with."""
        self.plots.reset()
        if not scenario:
            self.plots.set_overlays({})
        self._pending = []
        self.hide_heatmap()
        self.last_snapshot = None
        self.last_result = None
        self.panel.mark_figures_stale()
        self.workloads, self.seed, self.backend = list(workloads), seed, backend
        self.job_links = []
        self.plots.set_jobs(self._job_names(workloads) if len(workloads) > 1 else [])
        self.started_at = time.perf_counter()
        run_id = self.runner.start(self.doc, workloads, seed, backend, failures)
        self.panel.set_running(True)
        self.panel.show_message(self.tr(
                "Running {0} (seed {1}, {2})…").format(
                    ', '.join(self._job_names(workloads)), seed, {None: self.tr("as drawn"), "ib": self.tr("all IB"),
                                                 "rocev2": self.tr("all RoCEv2")}[backend]))
        self.progress.setRange(0, 1000)
        self.progress.setValue(0)
        self.progress.setVisible(True)
        self.sim_time.setText("")              # the previous run's "simulated … in … s" is not this run's
        self.plots_dock.show()
        self.plots_dock.raise_()
        self.panel_dock.raise_()
        return run_id

    @Slot(bool)
    def set_paused(self, paused: bool) -> None:
        self.runner.set_paused(paused)
        self.panel.show_message(self.tr("Paused") if paused else self.tr("Running…"))

    @Slot()
    def stop(self) -> None:
        """Cancel the run at once; its remaining snapshots are dropped."""
        if self.runner.running:
            self.runner.stop()
            self._pending = []
            self.panel.show_message(self.tr("Stopped"))
        self._idle()

    def _idle(self) -> None:
        self.panel.set_running(False)
        self.progress.setVisible(False)

    @Slot(float)
    def show_busy(self, share: float) -> None:
        """A congested step is running through the queues: nothing to plot until it is done, so say so (the share
        is of that step). Before the run's first snapshot the progress bar says "working" rather than sit at 0 %
        beside a step's share; from then on it keeps the share of the whole run."""
        self.sim_time.setText(self.tr("simulating the queues of a congested step: {0:.0%} of the step").format(
            share))
        if self.last_snapshot is None and not self._pending:
            self.progress.setRange(0, 0)

    @Slot(int, int)
    def show_steps(self, done: int, count: int) -> None:
        """A training run's further steps (for the step-to-step jitter): the bar shows the steps simulated, the
        plots keep the first step's curves."""
        self.progress.setRange(0, 1000)
        self.progress.setValue(round(1000 * done / count))
        self.sim_time.setText(self.tr("simulated training step {0} of {1} (step-to-step jitter)").format(done, count))

    @Slot(object)
    def _on_snapshot(self, snap) -> None:
        # only queue it: the GUI thread shares the interpreter with the worker, so every Qt call made
        # per snapshot costs a hand-over of the GIL; the 10 Hz timer draws the queued batch at once
        self._pending.append(snap)

    def _drain(self) -> None:
        if not self._pending:
            return
        batch, self._pending = self._pending, []
        for snap in batch:
            self.plots.add_snapshot(snap)
            if snap.extra and "job_links" in snap.extra:
                self.job_links = [np.asarray(x) for x in snap.extra["job_links"]]
        snap = batch[-1]
        self.last_snapshot = snap
        self.progress.setRange(0, 1000)
        percent = round(snap.progress * 100)           # the bar and the text beside it say the same number
        self.progress.setValue(10 * percent)
        self.sim_time.setText(self.tr("simulated {0:.3f} ms · {1:.0%}").format(snap.time_s * 1e3, percent / 100))
        self._heat_dirty = True

    @Slot(object)
    def _on_finished(self, result) -> None:
        self._drain()
        self.plots.flush()
        self.last_result = result
        whole = getattr(result, "link_utilization", None)
        if whole is not None and self.last_snapshot is not None:      # colours and hot cables: the whole run's
            self.last_snapshot = dataclasses.replace(self.last_snapshot, link_utilization=whole)
            self.plots.show_run_hot_links(self.last_snapshot.link_ids, whole)
        self._idle()
        data = result.data
        wall = time.perf_counter() - self.started_at
        self.sim_time.setText(self.tr(
                "simulated {0:.3f} ms in {1:.2f} s").format(data['completion_time_s'] * 1e3, wall))
        names = self._job_names(self.workloads)            # the design's jobs go by their names
        self.panel.show_message(self.tr("Done: {0}").format(', '.join(names)))
        self.panel.show_figures(figures_text(data, names if names != self.workloads else None))
        scroll = self.panel_dock.widget()
        if hasattr(scroll, "ensureWidgetVisible"):
            scroll.ensureWidgetVisible(self.panel.figures)      # on a short screen the figures are below the form
        bars = workload_breakdowns(data)
        if names != self.workloads and len(names) == len(bars):
            bars = [dataclasses.replace(bar, label=name) for bar, name in zip(bars, names, strict=True)]
        self.plots.chart.set_rows(bars + segment_breakdowns(data))
        # the last run stays with the design (saved in the project file; not an undoable edit)
        self.doc.set_results(summarise_run(data, self.workloads, self.seed, self.backend))
        self.window.mark_results_unsaved()
        self._heat_dirty = True
        self._paint_heatmap()

    @Slot(str)
    def _on_failed(self, message: str) -> None:
        self._idle()
        self.panel.show_message(message, error=True)
        self.window.show_message(message, True)

    # ---- heat-map and selection -----------------------------------------------------------------
    def heatmap(self) -> HeatmapLayer:
        """The canvas heat-map layer (made again when the scene was rebuilt and deleted it)."""
        if self.layer is None or not shiboken6.isValid(self.layer) or self.layer.scene() is not self.window.scene:
            self.layer = HeatmapLayer(self.window.scene)
            self.window.scene.addItem(self.layer)
        return self.layer

    @Slot()
    def _paint_heatmap(self) -> None:
        self._drain()
        if not self._heat_dirty or self.last_snapshot is None:
            return
        self._heat_dirty = False
        snap = self.last_snapshot
        extra = snap.extra or {}
        util, paused, dropping = (self._of_heat_job(x) for x in (snap.link_utilization, extra.get("link_paused"),
                                                                 extra.get("link_dropping")))
        per_job = extra.get("job_link_utilization")
        if per_job is not None and 0 <= self.heat_job < len(per_job):
            util = per_job[self.heat_job]            # the cables coloured by this job's own traffic
        held = extra.get("job_link_paused")
        if held is not None and 0 <= self.heat_job < len(held):
            paused = self._of_heat_job(held[self.heat_job])   # only its own class's pauses (several classes)
        self.heatmap().set_utilization(snap.link_ids, util, paused, dropping)
        self.heatmap().setVisible(True)
        self.heat_legend.setVisible(True)
        self.snapshot_drawn.emit(snap)

    def _job_names(self, workloads: list[str]) -> list[str]:
        """The workloads of a run as the window names them: the jobs' names when it runs the design's jobs (their
        specs, servers and all, are long), else the specs."""
        jobs = self.doc.jobs
        return [j.name for j in jobs] if workloads == [j.spec() for j in jobs] else list(workloads)

    @Slot(int)
    def set_heat_job(self, job: int) -> None:
        """Show on the canvas only job `job`'s traffic on the cables it crosses (-1: all traffic)."""
        self.heat_job = job
        self._heat_dirty = True
        if self.last_snapshot is not None:
            self._paint_heatmap()

    def _of_heat_job(self, values):
        """Per-cable values with the cables the chosen job does not cross set to nothing (0 / False)."""
        if values is None or not 0 <= self.heat_job < len(self.job_links):
            return values
        values = np.asarray(values)
        out = np.zeros_like(values)
        keep = self.job_links[self.heat_job]
        out[keep] = values[keep]
        return out

    def hide_heatmap(self) -> None:
        if self.layer is not None and shiboken6.isValid(self.layer):
            self.layer.setVisible(False)
            self.layer.stop()
        self.heat_legend.setVisible(False)
        self.last_snapshot = None

    def _forget_run(self) -> None:
        """Another design is open: a run still going is stopped (its results would describe the design it ran on,
        not this one) and what showed the last run goes: plots, figures, the heat-map, the simulated time."""
        if self.runner.running:
            self.runner.stop()
            self.window.show_message(self.tr("Stopped the run: the design it ran on was closed"), True)
        self._pending = []
        self._idle()
        self.plots.clear()
        self.last_result = None
        self.workloads = []
        self.panel.clear_figures()
        self.sim_time.setText("")

    @Slot(object)
    def _on_document_changed(self, changes: list) -> None:
        if any(c.id == "replaced" for c in changes):
            self._forget_run()
        if any(c.kind in ("node", "link", "segment") or c.id == "replaced" for c in changes):
            self.hide_heatmap()     # the drawing changed: the colours no longer describe it
            self.panel.fit_to_gpus(self.doc.gpu_count())
        if any(c.id in ("sites", "replaced") for c in changes):
            self.panel.fit_to_sites(len(self.doc.sites))

    @Slot()
    def _on_selection(self) -> None:
        if not shiboken6.isValid(self.window.scene) or not shiboken6.isValid(self.plots):
            return    # the window is being torn down
        nodes, links, _ = self.window.scene.selected_ids()
        if links:
            self.plots.set_selection(links, cable_name(self.doc, links[0]) if len(links) == 1
                                     else self.tr("{0} cables").format(len(links)))
        elif nodes:
            ids = [x.id for x in self.doc.links_of(nodes[0])]
            self.plots.set_selection(ids, self.tr("{0} (busiest of its {1} cables)").format(
                node_name(self.doc, nodes[0]), len(ids)))
        else:
            self.plots.set_selection([], "")

    def selection_series_widget(self):
        """The selected cable's (or node's busiest cable's) utilization over the last run, for the inspector."""
        if self.plots.n == 0 or not self.plots.selection:
            return None
        t_ms, util = self.plots.series("sel_util")
        rows = min(len(t_ms), len(util))
        if rows == 0:
            return None
        widget = pg.PlotWidget()
        widget.setMinimumHeight(150)
        t_scale, t_unit = scaled_unit("ms", float(t_ms[rows - 1]))
        widget.setTitle(self.tr("Utilization in the last run: {0}").format(self.plots.selection_name), size="8pt")
        widget.setLabel("bottom", self.tr("simulated time ({0})").format(t_unit))
        widget.setLabel("left", "%")
        widget.plot(t_ms[:rows] / t_scale, util[:rows], pen=pg.mkPen("#17becf", width=2))
        widget.setObjectName("inspector_series")
        style_view(widget)
        return widget

    # ---- compare --------------------------------------------------------------------------------
    @Slot(list, int)
    def compare(self, workloads: list[str] | None = None, seed: int | None = None) -> CompareDialog:
        """Open the comparison and start it."""
        if workloads is None:
            workloads = [self.panel.workload_spec()]
        dialog = CompareDialog(self.doc.copy(), workloads, self.panel.seed.value() if seed is None else seed,
                               self.window.catalog, self.window)
        dialog.compared.connect(lambda: self._keep_comparison(dialog))
        self.compare_dialog = dialog
        dialog.show()
        dialog.start()
        return dialog

    def _keep_comparison(self, dialog: CompareDialog) -> None:
        self.doc.set_results({p: summarise_run(r.data, dialog.workloads, dialog.seed, p)
                              for p, r in dialog.results.items()})
        self.window.mark_results_unsaved()

    def shutdown(self) -> None:
        """Stop threads and timers (window closing)."""
        self.heat_timer.stop()
        self.plots.stop()
        if self.layer is not None and shiboken6.isValid(self.layer):
            self.layer.stop()
        self.runner.shutdown()
        if self.compare_dialog is not None and shiboken6.isValid(self.compare_dialog):
            self.compare_dialog.runner.shutdown()


def figures_text(data: dict, names: list[str] | None = None) -> str:
    """Headline figures of a result as rich text for the Run panel (`names`: the workloads' names, default their
    specs)."""
    lat = data["latency_us"]
    completion = with_unit(data["completion_time_s"] * 1e3, "ms")
    if data.get("completed") is False:
        completion = QCoreApplication.translate("RunController", "not completed (stopped at {0})").format(completion)
    rows = [(QCoreApplication.translate("RunController", "Completion"), completion),
            (QCoreApplication.translate("RunController", "Goodput"), with_unit(data["goodput_gbps"], "Gb/s"))]
    if data.get("busbw_gbps") is not None:
        rows.append((QCoreApplication.translate("RunController", "Bus bandwidth"),
                     with_unit(data["busbw_gbps"], "Gb/s")))
    if data.get("throughput_fraction") is not None:
        rows.append((QCoreApplication.translate("RunController", "vs ideal fabric"),
                     f"{data['throughput_fraction']:.1%}"))
    rows.append((QCoreApplication.translate("RunController", "Latency p50 / p99 / p99.9"),     # each in its unit
                 " / ".join(with_unit(lat[k], "µs", 3) for k in ("p50", "p99", "p999"))))
    if data.get("gpu_utilization") is not None:
        rows.append((QCoreApplication.translate("RunController", "GPU utilization"),
                     f"{data['gpu_utilization']:.1%}"))
    rows.append((QCoreApplication.translate("RunController", "PFC paused / credit stall"),
                 f"{data['pfc_pause_fraction']:.2%} / {data['credit_stall_fraction']:.2%}"))
    rows.append((QCoreApplication.translate("RunController", "ECN marked"), f"{data['ecn_mark_fraction']:.2%}"))
    if data.get("scaleup_share") is not None:
        rows.append((QCoreApplication.translate("RunController", "Bytes inside NVLink domains"),
                     f"{data['scaleup_share']:.1%}"))
    rows += algorithm_rows(data, names) + training_rows(data) + cross_site_rows(data)
    return "<table>" + "".join(f"<tr><td>{k}&nbsp;&nbsp;</td><td align=right><b>{v}</b></td></tr>"
                               for k, v in rows) + "</table>"


def training_rows(data: dict) -> list[tuple[str, str]]:
    """Days to train and step jitter of a training run over several steps; the most requests per second an
    inference workload serves within its latency target."""
    rows = []
    for w in data.get("workloads") or []:
        if w.get("train_days") is not None:
            rows.append((QCoreApplication.translate("RunController", "Time to train"),
                         QCoreApplication.translate("RunController", "{0:.3g} days").format(w["train_days"])))
        if w.get("jitter"):
            rows.append((QCoreApplication.translate("RunController", "Step jitter (CV)"),
                         f"{w['jitter']['step_cv']:.2%}"))
        if w.get("max_qps_at_target") is not None:
            rows.append((QCoreApplication.translate("RunController", "Requests/s within {0:g} ms").format(
                w["target_ms"]), f"{w['max_qps_at_target']:.3g}"))
    return rows


def cross_site_rows(data: dict) -> list[tuple[str, str]]:
    """Bytes and time inside and across sites of the first training run that crossed sites, and what the distance
    adds to a pipeline split across them (designer/sim/site_dp.py, site_pp.py)."""
    w = next((w for w in data.get("workloads") or [] if w.get("cross_site_s") is not None), None)
    if w is None:
        return []
    rows = [(QCoreApplication.translate("RunController", "Bytes inside / across sites"),
             f"{w['inside_site_bytes'] / 1e9:,.1f} / {w['cross_site_bytes'] / 1e9:,.1f} GB"),
            (QCoreApplication.translate("RunController", "Across sites: time / not hidden"),
             f"{with_unit(w['cross_site_s'] * 1e3, 'ms')} / {with_unit(w['cross_site_exposed_s'] * 1e3, 'ms')}")]
    if w.get("pp_distance_s") is not None:
        rows.append((QCoreApplication.translate("RunController", "Pipeline bubble added by the distance"),
                     with_unit(w["pp_distance_s"] * 1e3, "ms")))
    return rows


def algorithm_rows(data: dict, names: list[str] | None = None) -> list[tuple[str, str]]:
    """The collective algorithm the engine ran, per workload that has one (it names it; others have none)."""
    out = []
    workloads = data.get("workloads") or []
    names = names if names is not None and len(names) == len(workloads) else [
        str(w.get("spec") or w.get("kind") or "") for w in workloads]
    for w, name in zip(workloads, names, strict=True):
        algorithm = w.get("algorithm")
        if algorithm:
            label = QCoreApplication.translate("RunController", "Algorithm")
            if len(workloads) > 1:
                label += f" ({escape(name)})"
            out.append((label, escape(algorithm_name(str(algorithm)))))
    return out


def link_utilization_of(snapshot, link_id: str) -> float:
    """One cable's utilization in a snapshot (for the inspector and tests)."""
    return float(np.asarray(snapshot.link_utilization)[list(snapshot.link_ids).index(link_id)])
