"""Live plots of a running simulation (pyqtgraph): throughput, latency percentiles, link utilization,
queue depth, PFC / ECN / credit figures, and the time series of the selected link or node.

Snapshots are written into preallocated numpy buffers as they arrive; a <=20 Hz QTimer pushes the
filled part to each curve with `setData` (never clear() and re-plot: that grows memory, DESIGN.md §6).
Right-click a plot -> Export… saves it as PNG, SVG or CSV (pyqtgraph's exporters); hovering shows values.
Failures of a what-if run are vertical lines on every plot: red where an element failed (from the
snapshots' extra["failure_events"]), green where it came back or traffic was rerouted (`mark_recoveries`).
"""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt, QTimer
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QGridLayout, QLabel, QVBoxLayout, QWidget

from designer.sim.failures import parse_failure
from designer.sim.workload_spec import WorkloadError
from designer.ui.time_breakdown import TimeBreakdownChart

CAPACITY = 6000            # snapshots kept per run (the engine emits at most 5000 plus the last)
LINK_ROWS = 512            # per-link history rows (links x rows floats); later snapshots are not kept per link
REFRESH_MS = 50            # 20 Hz
PLOTS_PER_TICK = 1         # plots redrawn per tick (each of the six about 3 times a second)
OVERLAY_COLOURS = ("#7f7f7f", "#8c564b", "#e377c2", "#bcbd22", "#17becf")
MARK_COLOURS = {"failure": "#d62728", "up": "#2ca02c", "recovered": "#2ca02c"}

# the texts below are marked for translation (QT_TRANSLATE_NOOP) and translated where shown
SERIES = {  # key -> (plot, label, colour)
    "throughput_gbps": ("throughput", QT_TRANSLATE_NOOP("LivePlots", "goodput"), "#1f77b4"),
    "p50": ("latency", QT_TRANSLATE_NOOP("LivePlots", "p50"), "#2ca02c"),
    "p99": ("latency", QT_TRANSLATE_NOOP("LivePlots", "p99"), "#ff7f0e"),
    "p999": ("latency", QT_TRANSLATE_NOOP("LivePlots", "p99.9"), "#d62728"),
    "util_mean": ("utilization", QT_TRANSLATE_NOOP("LivePlots", "mean"), "#1f77b4"),
    "util_max": ("utilization", QT_TRANSLATE_NOOP("LivePlots", "max"), "#d62728"),
    "queue_max_kb": ("queues", QT_TRANSLATE_NOOP("LivePlots", "deepest queue"), "#9467bd"),
    "pfc_pct": ("lossless", QT_TRANSLATE_NOOP("LivePlots", "PFC paused"), "#d62728"),
    "ecn_pct": ("lossless", QT_TRANSLATE_NOOP("LivePlots", "ECN marked"), "#ff7f0e"),
    "credit_pct": ("lossless", QT_TRANSLATE_NOOP("LivePlots", "credit stall"), "#8c564b"),
    "sel_util": ("selection", QT_TRANSLATE_NOOP("LivePlots", "utilization"), "#17becf"),
}
PLOTS = {  # plot -> (title, y label, y unit)
    "throughput": (QT_TRANSLATE_NOOP("LivePlots", "Throughput"), QT_TRANSLATE_NOOP("LivePlots", "goodput"), "Gb/s"),
    "latency": (QT_TRANSLATE_NOOP("LivePlots", "One-way latency (running percentiles)"),
                QT_TRANSLATE_NOOP("LivePlots", "latency"), "µs"),
    "utilization": (QT_TRANSLATE_NOOP("LivePlots", "Back-end link utilization"),
                    QT_TRANSLATE_NOOP("LivePlots", "utilization"), "%"),
    "queues": (QT_TRANSLATE_NOOP("LivePlots", "Queue depth"), QT_TRANSLATE_NOOP("LivePlots", "queue"), "KB"),
    "lossless": (QT_TRANSLATE_NOOP("LivePlots", "PFC pauses, ECN marks, credit stalls"),
                 QT_TRANSLATE_NOOP("LivePlots", "share"), "%"),
    "selection": (QT_TRANSLATE_NOOP("LivePlots", "Selected cable or node"),
                  QT_TRANSLATE_NOOP("LivePlots", "utilization"), "%"),
}


class LivePlots(QWidget):
    """A grid of live plots fed by `add_snapshot`; `reset` before a run."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        pg.setConfigOptions(antialias=True)
        pal = self.palette()
        self.t_ms = np.zeros(CAPACITY)
        self.buffers = {k: np.zeros(CAPACITY) for k in SERIES}
        self.n = 0
        self.link_ids: list[str] = []
        self.link_rows = np.zeros((0, 0), dtype=np.float32)
        self.link_index: dict[str, int] = {}
        self.selection: list[str] = []          # link ids whose max utilization the selection plot shows
        self.selection_name = ""
        self.plots: dict[str, pg.PlotWidget] = {}
        self.curves: dict[str, pg.PlotDataItem] = {}
        self.hover: dict[str, pg.TextItem] = {}
        grid = QGridLayout()
        grid.setContentsMargins(2, 2, 2, 2)
        grid.setSpacing(4)
        fg = pal.color(QPalette.ColorRole.WindowText)
        for i, (name, (title, ylabel, unit)) in enumerate(PLOTS.items()):
            w = pg.PlotWidget(background=pal.color(QPalette.ColorRole.Base))
            w.setTitle(self.tr(title), color=fg.name(), size="9pt")
            w.setLabel("left", self.tr(ylabel), units=None, **{"color": fg.name()})
            w.getAxis("left").setLabel(f"{self.tr(ylabel)} ({unit})")
            w.setLabel("bottom", self.tr("simulated time (ms)"))
            for side in ("left", "bottom"):
                w.getAxis(side).enableAutoSIPrefix(False)    # the unit is in the label: no "(x0.001)" beside it
            w.showGrid(x=True, y=True, alpha=0.2)
            w.setMouseEnabled(x=True, y=False)
            w.setToolTip(self.tr("Hover for values; right-click → Export… for PNG, SVG or CSV"))
            # one row of legend entries at the top right: it covers as little of the curves as it can
            legend = w.addLegend(offset=(-8, 2), labelTextSize="8pt",
                                 colCount=sum(1 for plot, _l, _c in SERIES.values() if plot == name))
            legend.setLabelTextColor(fg)
            # every figure here is >= 0: an invisible point at the origin keeps 0 on the axis, so a steady value
            # reads as a level, not as noise magnified around it
            w.addItem(pg.ScatterPlotItem([0.0], [0.0], size=0, pen=None, brush=None))
            text = pg.TextItem(anchor=(0, 1), color=fg)
            text.setZValue(10)
            w.addItem(text, ignoreBounds=True)
            self.hover[name] = text
            w.scene().sigMouseMoved.connect(lambda pos, n=name: self._on_hover(n, pos))
            self.plots[name] = w
            grid.addWidget(w, i // 3, i % 3)
        for key, (plot, label, colour) in SERIES.items():
            pen = pg.mkPen(QColor(colour), width=2 if plot != "latency" or key == "p99" else 1.5)
            self.curves[key] = self.plots[plot].plot([], [], pen=pen, name=self.tr(label))
        self.chart = TimeBreakdownChart(self)
        grid.addWidget(self.chart, 0, 3, 2, 1)
        self.chart.setMinimumWidth(260)
        for c in range(3):
            grid.setColumnStretch(c, 1)
        self.hot_links = QLabel()
        self.hot_links.setWordWrap(True)
        self.hot_links.setToolTip(self.tr("The five busiest cables in the latest interval"))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(grid, 1)
        layout.addWidget(self.hot_links)
        self._dirty = False
        self._stale: set[str] = set()          # plots whose curves still show older data
        self._turn = 0
        self._last_util = np.zeros(0)
        self.marks: list[tuple[float, str, str]] = []     # (time ms, "failure" | "up" | "recovered", label)
        self._mark_items: list[tuple[pg.PlotWidget, pg.InfiniteLine]] = []
        self._pending_ups: list[tuple[float, str]] = []    # (up time s, label) of failures not yet back
        self._overlay_curves: list[pg.PlotDataItem] = []
        self.timer = QTimer(self)
        self.timer.setInterval(REFRESH_MS)
        self.timer.timeout.connect(self.refresh)
        self.timer.start()

    # ---- data ---------------------------------------------------------------------------------
    def reset(self) -> None:
        """Empty the buffers (kept allocated) for a new run."""
        self.n = 0
        self.link_ids = []
        self.link_rows = np.zeros((0, 0), dtype=np.float32)
        self._last_util = np.zeros(0)
        self._dirty = True
        self.hot_links.setText("")
        for plot, line in self._mark_items:
            plot.removeItem(line)
        self._mark_items = []
        self.marks = []
        self._pending_ups = []
        self.refresh()

    def add_snapshot(self, snap) -> None:
        """Append one snapshot to the buffers (drawing happens on the next timer tick)."""
        if self.n >= CAPACITY:
            return
        i = self.n
        if not self.link_ids:
            self.link_ids = list(snap.link_ids)
            self.link_index = {lid: k for k, lid in enumerate(self.link_ids)}
            self.link_rows = np.zeros((LINK_ROWS, len(self.link_ids)), dtype=np.float32)
        util = np.asarray(snap.link_utilization, dtype=float)
        used = util[util > 0]
        extra = snap.extra or {}
        values = {
            "throughput_gbps": snap.throughput_gbps,
            "p50": snap.latency_us.get("p50", 0.0), "p99": snap.latency_us.get("p99", 0.0),
            "p999": snap.latency_us.get("p999", 0.0),
            "util_mean": 100 * float(used.mean()) if len(used) else 0.0,
            "util_max": 100 * float(min(util.max(), 1.0)) if len(util) else 0.0,
            "queue_max_kb": extra.get("queue_max_B", 0.0) / 1e3,
            "pfc_pct": 100 * extra.get("pfc_pause_fraction", 0.0),
            "ecn_pct": 100 * extra.get("ecn_mark_fraction", 0.0),
            "credit_pct": 100 * extra.get("credit_stall_fraction", 0.0),
        }
        self.t_ms[i] = snap.time_s * 1e3
        for key, v in values.items():
            self.buffers[key][i] = v
        if i < LINK_ROWS and len(util) == self.link_rows.shape[1]:
            self.link_rows[i] = util
        self.buffers["sel_util"][i] = self._selection_value(i)
        self.n += 1
        self._dirty = True
        self._last_util = util
        self._note_failures(extra.get("failure_events", []), snap.time_s)

    # ---- failure markers ----------------------------------------------------------------------
    def _note_failures(self, events: list, time_s: float) -> None:
        known = sum(1 for m in self.marks if m[1] == "failure")
        for t, text in events[known:]:
            self.add_mark(t * 1e3, "failure", text)
            try:
                up_s = parse_failure(text).up_s
            except WorkloadError:
                up_s = None
            if up_s is not None:
                self._pending_ups.append((up_s, text))
        for up_s, text in [p for p in self._pending_ups if p[0] <= time_s]:
            self._pending_ups.remove((up_s, text))
            self.add_mark(up_s * 1e3, "up", text)

    def add_mark(self, t_ms: float, kind: str, text: str) -> None:
        """A vertical line on every plot at `t_ms`; the throughput plot labels it."""
        self.marks.append((t_ms, kind, text))
        words = {"failure": QCoreApplication.translate("LivePlots", "✕ {what}"),
                 "up": QCoreApplication.translate("LivePlots", "▲ back: {what}"),
                 "recovered": QCoreApplication.translate("LivePlots", "rerouted: {what}")}
        label = words[kind].format(what=text.split("@")[0])
        for name, plot in self.plots.items():
            style = Qt.PenStyle.SolidLine if kind == "failure" else Qt.PenStyle.DashLine
            pen = pg.mkPen(QColor(MARK_COLOURS[kind]), width=2, style=style)
            kw = {}
            if name == "throughput":
                y = {"failure": 0.82, "up": 0.62, "recovered": 0.62}[kind]
                kw = {"label": label, "labelOpts": {"position": y, "color": MARK_COLOURS[kind],
                                                    "fill": (255, 255, 255, 210), "movable": False}}
            line = pg.InfiniteLine(pos=t_ms, angle=90, pen=pen, movable=False, **kw)
            line.setToolTip(label)
            plot.addItem(line, ignoreBounds=True)
            self._mark_items.append((plot, line))

    def set_overlays(self, runs: dict[str, tuple[np.ndarray, np.ndarray]]) -> None:
        """Throughput of earlier scenario runs as thin dashed curves (name -> (time ms, Gb/s)), to compare."""
        plot = self.plots["throughput"]
        for curve in self._overlay_curves:
            plot.removeItem(curve)
        self._overlay_curves = []
        for k, (name, (t_ms, gbps)) in enumerate(runs.items()):
            colour = OVERLAY_COLOURS[k % len(OVERLAY_COLOURS)]
            pen = pg.mkPen(QColor(colour), width=1.2, style=Qt.PenStyle.DashLine)
            self._overlay_curves.append(plot.plot(t_ms, gbps, pen=pen, name=name))

    def mark_recoveries(self, failures: list[dict]) -> None:
        """After a run: where traffic moved again after each failure that stalled flows (data["failures"])."""
        for f in failures:
            if f.get("flows_stalled") and f.get("recovered") and f.get("recovery_time_s") is not None:
                self.add_mark(f["recovery_time_s"] * 1e3, "recovered", f.get("spec", f.get("element", "")))

    def _show_hot_links(self) -> None:
        util = self._last_util
        if len(util):
            top = np.argsort(util)[::-1][:5]
            self.hot_links.setText(self.tr("Hot cables: {0}").format(", ".join(
                f"{self.link_ids[k]} {100 * min(util[k], 1.0):.0f} %" for k in top if util[k] > 0)))

    def _selection_value(self, row: int) -> float:
        cols = [self.link_index[x] for x in self.selection if x in self.link_index]
        if not cols or row >= min(self.n + 1, LINK_ROWS):
            return 0.0
        return 100 * float(min(self.link_rows[row, cols].max(), 1.0))

    def set_selection(self, link_ids: list[str], name: str) -> None:
        """Show the utilization of these cables (a node: all its cables, max) in the selection plot."""
        self.selection = list(link_ids)
        self.selection_name = name
        self.plots["selection"].setTitle(self.tr("Selected: {0}").format(name) if name
                                         else self.tr(PLOTS["selection"][0]))
        rows = min(self.n, LINK_ROWS)
        for r in range(rows):
            self.buffers["sel_util"][r] = self._selection_value(r)
        self._dirty = True

    def series(self, key: str) -> tuple[np.ndarray, np.ndarray]:
        """The recorded (time ms, values) of one series (what the curve shows)."""
        return self.t_ms[: self.n].copy(), self.buffers[key][: self.n].copy()

    # ---- drawing ------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Push the filled part of the buffers to the curves (called by the timer).

        A few plots per tick, in turn: a plot whose axes rescale costs several ms to lay out and paint,
        and all six in one tick stalled the event loop for ~50 ms (measured); in turn, each plot still
        updates several times a second."""
        if self._dirty:
            self._dirty = False
            self._stale = set(PLOTS)
            self._show_hot_links()
        if not self._stale:
            return
        order = list(PLOTS)
        n = self.n
        for _ in range(min(PLOTS_PER_TICK, len(self._stale))):
            while order[self._turn % len(order)] not in self._stale:
                self._turn += 1
            name = order[self._turn % len(order)]
            self._turn += 1
            self._stale.discard(name)
            for key, (plot, _label, _colour) in SERIES.items():
                if plot == name:
                    rows = min(n, LINK_ROWS) if key == "sel_util" else n
                    self.curves[key].setData(self.t_ms[:rows], self.buffers[key][:rows])

    def _on_hover(self, name: str, pos) -> None:
        plot = self.plots[name].getPlotItem()
        text = self.hover[name]
        if self.n == 0 or not plot.sceneBoundingRect().contains(pos):
            text.setText("")
            return
        x = plot.vb.mapSceneToView(pos).x()
        i = int(np.clip(np.searchsorted(self.t_ms[: self.n], x), 0, self.n - 1))
        parts = [f"t = {self.t_ms[i]:.3f} ms"]
        for key, (p, label, _c) in SERIES.items():
            if p == name:
                parts.append(f"{self.tr(label)}: {self.buffers[key][i]:.4g}")
        text.setText("\n".join(parts))
        text.setPos(self.t_ms[i], plot.vb.viewRange()[1][0])

    def stop(self) -> None:
        """Stop the refresh timer (before the widget is deleted)."""
        self.timer.stop()
