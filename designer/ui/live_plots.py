"""Live plots of a running simulation (pyqtgraph): throughput, latency percentiles, link utilization,
queue depth, PFC / ECN / credit figures, and the time series of the selected link or node.

Snapshots are written into preallocated numpy buffers as they arrive; a <=20 Hz QTimer pushes the
filled part to each curve with `setData` (never clear() and re-plot: that grows memory).
All panels share one simulated-time axis (linked, from 0 to a round number past the latest snapshot, in µs, ms
or s as the run's length asks); every value axis scales its unit with its values (Gb/s to Tb/s, µs to ms, KB to
MB); legends are written in each title line, so none covers a curve. Before the first run the dock says what it
will show. Cables are named by their ends' labels ("leaf-03 → spine-01"), never by internal ids.
Right-click a plot -> Export… saves it as PNG, SVG or CSV (pyqtgraph's exporters); hovering shows values.
Failures of a what-if run are vertical lines on every plot: red where an element failed (from the
snapshots' extra["failure_events"]), green where it came back or traffic was rerouted (`mark_recoveries`).
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt, QTimer, Slot
from PySide6.QtGui import QColor, QFontMetrics
from PySide6.QtWidgets import QGraphicsItem, QGridLayout, QLabel, QSizePolicy, QStackedWidget, QVBoxLayout, QWidget

from designer.sim.failures import parse_failure
from designer.sim.workload_spec import WorkloadError
from designer.ui.job_series import JobCurves
from designer.ui.plot_style import colours, legend_html, scaled_unit, set_title, style_view
from designer.ui.time_breakdown import TimeBreakdownChart

CAPACITY = 6000            # snapshots kept per run (the engine emits at most 5000 plus the last)
LINK_ROWS = 512            # per-link history rows (links x rows floats); later snapshots are not kept per link
REFRESH_MS = 50            # 20 Hz
PLOTS_PER_TICK = 2         # plots redrawn per tick (each of the six about 7 times a second)
Y_HEADROOM = 1.05          # a value axis ends at least this far above the highest value (the line stays inside)
ONE_ROW_BELOW_PX = 330     # a shorter (and wide) dock shows the plots in one row
HOT_PLACES = 5             # cables (or bundles of parallel cables) named under the plots
HOT_CANDIDATES = 512       # the busiest cables looked through for them
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
    "pfc_pct": ("lossless", QT_TRANSLATE_NOOP("LivePlots", "PFC pause"), "#d62728"),
    "ecn_pct": ("lossless", QT_TRANSLATE_NOOP("LivePlots", "ECN"), "#ff7f0e"),
    "credit_pct": ("lossless", QT_TRANSLATE_NOOP("LivePlots", "credit stall"), "#8c564b"),
    "sel_util": ("selection", QT_TRANSLATE_NOOP("LivePlots", "utilization"), "#17becf"),
}
PLOTS = {  # plot -> (title, y label, base unit of the y values, tooltip)
    "throughput": (QT_TRANSLATE_NOOP("LivePlots", "Throughput"), QT_TRANSLATE_NOOP("LivePlots", "goodput"), "Gb/s",
                   QT_TRANSLATE_NOOP("LivePlots", "Useful bytes delivered through the NICs per second")),
    "latency": (QT_TRANSLATE_NOOP("LivePlots", "Latency"), QT_TRANSLATE_NOOP("LivePlots", "latency"), "µs",
                QT_TRANSLATE_NOOP("LivePlots", "One-way latency of delivered data, queueing included: running "
                                               "percentiles")),
    "utilization": (QT_TRANSLATE_NOOP("LivePlots", "Link utilization"),
                    QT_TRANSLATE_NOOP("LivePlots", "utilization"), "%",
                    QT_TRANSLATE_NOOP("LivePlots", "Back-end links that carried traffic: mean and busiest")),
    "queues": (QT_TRANSLATE_NOOP("LivePlots", "Queue depth"), QT_TRANSLATE_NOOP("LivePlots", "queue"), "KB",
               QT_TRANSLATE_NOOP("LivePlots", "The deepest queue of any port")),
    "lossless": (QT_TRANSLATE_NOOP("LivePlots", "Lossless signals"), QT_TRANSLATE_NOOP("LivePlots", "share"), "%",
                 QT_TRANSLATE_NOOP("LivePlots", "PFC pauses, ECN marks and IB credit stalls (share of port-time or "
                                                "bytes)")),
    "selection": (QT_TRANSLATE_NOOP("LivePlots", "Selection"),
                  QT_TRANSLATE_NOOP("LivePlots", "utilization"), "%",
                  QT_TRANSLATE_NOOP("LivePlots", "Select a cable or a node on the canvas to follow it here")),
}
EMPTY_TEXT = QT_TRANSLATE_NOOP("LivePlots", "Run a simulation to see its throughput, latency, link utilization, "
                                            "queues and PFC / ECN / credit signals here, over simulated time.\n"
                                            "Simulate → Run simulation (F5), with the workload chosen in the Run "
                                            "panel.")


NICE_STEPS = (1.0, 1.2, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0)


def nice_ceiling(value: float) -> float:
    """The next round number (1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6 or 8 times a power of ten) at or above `value`: the
    end of a time axis that grows now and then, never more than a quarter past the data."""
    if value <= 0:
        return 1.0
    power = 10.0 ** math.floor(math.log10(value))
    return next(step * power for step in NICE_STEPS if value <= step * power * (1 + 1e-9))


class LivePlots(QWidget):
    """A grid of live plots fed by `add_snapshot`; `reset` before a run."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        pg.setConfigOptions(antialias=True)
        self._init_series()
        self._build_plots()
        self.pages = self._build_pages()
        self._column = QVBoxLayout(self)
        self._column.setContentsMargins(0, 0, 0, 0)
        self._column.addWidget(self.pages, 1)
        self._dirty = False
        self._stale: set[str] = set()          # plots whose curves still show older data
        self._turn = 0
        self._frame_n = 0                       # snapshots the panels of the current round of redraws show
        self.timer = QTimer(self)
        self.timer.setInterval(REFRESH_MS)
        self.timer.timeout.connect(self.refresh)
        self.timer.start()

    def add_above(self, widget: QWidget) -> None:
        """Show `widget` above the plots (the run controller's heat-map legend)."""
        self._column.insertWidget(0, widget)

    def _init_series(self) -> None:
        """The run's data as the plots receive it: the time axis, one buffer per series, each cable's utilization,
        the selection's cables, the overlays and the failure marks."""
        self.t_ms = np.zeros(CAPACITY)
        self.buffers = {k: np.zeros(CAPACITY) for k in SERIES}
        self.n = 0
        self.link_ids: list[str] = []
        self.link_rows = np.zeros((0, 0), dtype=np.float32)
        self.link_index: dict[str, int] = {}
        self.selection: list[str] = []          # link ids whose max utilization the selection plot shows
        self.selection_name = ""
        self.cable_name: Callable[[str], str] = str     # a cable's name for people (set by the run controller)
        self.units: dict[str, tuple[float, str]] = {}   # plot (and "time") -> (divisor, unit) shown now
        self.x_end_ms = 0.0
        self._overlays: dict[str, tuple[np.ndarray, np.ndarray]] = {}
        self._overlay_curves: list[pg.PlotDataItem] = []
        self._last_util = np.zeros(0)
        self.marks: list[tuple[float, str, str]] = []     # (time ms, "failure" | "up" | "recovered", label)
        self._mark_items: list[tuple[pg.PlotWidget, pg.InfiniteLine, float]] = []
        self._pending_ups: list[tuple[float, str]] = []    # (up time s, label) of failures not yet back

    def _build_plots(self) -> None:
        """One plot per quantity with its curves, on one simulated-time axis, and the time-breakdown chart,
        arranged in two rows."""
        self.plots: dict[str, pg.PlotWidget] = {}
        self.curves: dict[str, pg.PlotDataItem] = {}
        self.hover: dict[str, pg.TextItem] = {}
        fg, bg = colours()
        self.grid = QGridLayout()
        self.grid.setContentsMargins(2, 2, 2, 2)
        self.grid.setSpacing(4)
        for name in PLOTS:
            self._make_plot(name, fg=fg, bg=bg)
        for key, (plot, _label, colour) in SERIES.items():
            pen = pg.mkPen(QColor(colour), width=2 if plot != "latency" or key == "p99" else 1.5)
            self.curves[key] = self.plots[plot].plot([], [], pen=pen, connect="finite")    # gaps: no value yet
        self.jobs = JobCurves(self.plots["throughput"], CAPACITY)     # one goodput curve per job (job_series.py)
        for name in PLOTS:
            self._set_title(name)
        for w in self.plots.values():           # one simulated-time axis: a pan or zoom of one moves them all
            w.getPlotItem().getViewBox().sigXRangeChanged.connect(self._follow_time_range)
        self._syncing = False
        self.chart = TimeBreakdownChart(self)
        self.chart.setMinimumWidth(160)
        self.rows_shown = 0
        self._arrange(2)

    def _build_pages(self) -> QStackedWidget:
        """The empty state before a run, and the page of plots with the busiest cables under them."""
        self.hot_links = QLabel()
        self.hot_links.setWordWrap(True)
        self.hot_links.setTextFormat(Qt.TextFormat.PlainText)   # cable names come from the file
        self.hot_links.setToolTip(self.tr("The five busiest cables in the latest interval"))
        page = QWidget()
        inner = QVBoxLayout(page)
        inner.setContentsMargins(0, 0, 0, 0)
        inner.addLayout(self.grid, 1)
        inner.addWidget(self.hot_links)
        self.empty = QLabel(self.tr(str(EMPTY_TEXT)))
        self.empty.setObjectName("plots_empty_state")
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty.setWordWrap(True)
        self.empty.setMargin(16)
        pages = QStackedWidget()
        pages.addWidget(self.empty)
        pages.addWidget(page)
        return pages

    def _arrange(self, rows: int) -> None:
        """The six plots and the breakdown chart in two rows (3 + chart), or in one row when the dock is short and
        wide (a laptop screen), so that each plot keeps a readable height. Only the lowest row names the shared
        time axis."""
        if rows == self.rows_shown:
            return
        self.rows_shown = rows
        per_row = 6 // rows
        for i, name in enumerate(PLOTS):
            self.grid.addWidget(self.plots[name], i // per_row, i % per_row)
            self.plots[name].setProperty("names_time_axis", i // per_row == rows - 1 and (rows == 2 or i == 0))
            self._label_axes(name)
        self.grid.addWidget(self.chart, 0, per_row, rows, 1)
        for c in range(7):
            self.grid.setColumnStretch(c, 4 if c < per_row else 0)
        self.grid.setColumnStretch(per_row, 5)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        size = event.size()
        self._arrange(1 if size.height() < ONE_ROW_BELOW_PX and size.width() > 2.5 * size.height() else 2)
        QTimer.singleShot(0, self, self._relabel_time_axes)   # once the plots have their new widths

    def _make_plot(self, name: str, fg: QColor, bg: QColor) -> pg.PlotWidget:
        _title, _ylabel, unit, tip = PLOTS[name]
        w = pg.PlotWidget(background=bg)
        w.setObjectName(f"plot_{name}")
        self.plots[name] = w
        self.units[name] = scaled_unit(unit, 0.0)
        for side in ("left", "bottom"):
            axis = w.getAxis(side)
            axis.enableAutoSIPrefix(False)    # the unit is in the label: no "(x0.001)" beside it
            # painted once into a pixmap until its ticks change: a repaint of the plot around it replayed every tick
            # label's text (6 ms an axis on a loaded 2-core machine, a third of the window's painting in a run)
            axis.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        w.showGrid(x=True, y=True, alpha=0.2)
        w.setMouseEnabled(x=True, y=False)
        w.setToolTip(self.tr(str(tip)) + "\n" + self.tr("Hover for values; right-click → Export… for PNG, SVG or CSV"))
        w.setProperty("names_time_axis", True)
        # a plot takes the room the grid gives it: its title's width must not push the grid past the window
        w.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Ignored)
        w.setMinimumSize(110, 60)
        w.enableAutoRange(x=False)              # the shared time axis is set by the window, never by one plot
        # every figure here is >= 0: an invisible point at the origin keeps 0 on the axis, so a steady value
        # reads as a level, not as noise magnified around it
        w.addItem(pg.ScatterPlotItem([0.0], [0.0], size=0, pen=None, brush=None))
        text = pg.TextItem(anchor=(0, 1), color=fg)
        text.setZValue(10)
        w.addItem(text, ignoreBounds=True)
        self.hover[name] = text
        if name == "selection":
            self.nothing_selected = pg.TextItem(self.tr("Select a cable\nor a node"), color=fg, anchor=(0.5, 0.5))
            w.addItem(self.nothing_selected, ignoreBounds=True)
            # mid-panel wherever the time axis runs (placed once, it slid out of sight as the axis grew)
            w.getPlotItem().getViewBox().sigRangeChanged.connect(
                lambda _view, ranges: self.nothing_selected.setPos(sum(ranges[0]) / 2, sum(ranges[1]) / 2))
        w.scene().sigMouseMoved.connect(lambda pos, n=name: self._on_hover(n, pos))
        self._label_axes(name)
        return w

    def _set_title(self, name: str) -> None:
        title = self.tr(str(PLOTS[name][0])) if name != "selection" or not self.selection_name else \
            self.tr("Selected: {0}").format(self.selection_name)
        entries = [(self.tr(str(label)), colour) for _key, (plot, label, colour) in SERIES.items() if plot == name]
        entries += [(n, OVERLAY_COLOURS[k % len(OVERLAY_COLOURS)]) for k, n in enumerate(self._overlays_of(name))]
        entries += self.jobs.legend() if name == "throughput" else []
        set_title(self.plots[name].getPlotItem(), title, legend_html(entries, dashed=set(self._overlays_of(name))),
                  colours()[0])

    def _overlays_of(self, name: str) -> list[str]:
        return list(self._overlays) if name == "throughput" else []

    def _label_axes(self, name: str) -> None:
        _title, ylabel, _unit, _tip = PLOTS[name]
        fg, _bg = colours()
        w = self.plots[name]
        w.setLabel("left", f"{self.tr(str(ylabel))} ({self.units[name][1]})", color=fg.name())
        time_unit = self.units.get("time", scaled_unit("ms", 0.0))[1]
        text = self._time_label(w, time_unit) if w.property("names_time_axis") else ""
        if text != w.getAxis("bottom").labelText:
            w.setLabel("bottom", text, color=fg.name())

    def _time_label(self, w: pg.PlotWidget, time_unit: str) -> str:
        """"simulated time (ms)", or "time (ms)" where the plot is too narrow for the whole of it."""
        full = self.tr("simulated time ({0})").format(time_unit)
        room = w.width() - w.getAxis("left").width() - 8
        return full if QFontMetrics(w.font()).horizontalAdvance(full) <= room else self.tr("time ({0})").format(
            time_unit)

    def _relabel_time_axes(self) -> None:
        for name, w in self.plots.items():
            if w.property("names_time_axis"):
                self._label_axes(name)

    def restyle(self) -> None:
        """The current palette's colours on every plot (after a theme switch)."""
        for w in self.plots.values():
            style_view(w)
        style_view(self.chart)

    # ---- data ---------------------------------------------------------------------------------
    def reset(self) -> None:
        """Empty the buffers (kept allocated) for a new run, and show the plots (not the empty state), every one
        empty at once: none may show the previous run's curves while its turn comes."""
        self.n = 0
        self.link_ids = []
        self.link_rows = np.zeros((0, 0), dtype=np.float32)
        self._last_util = np.zeros(0)
        self.jobs.reset()
        self._dirty = True
        self.x_end_ms = 0.0
        self.hot_links.setText("")
        for plot, line, _t in self._mark_items:
            plot.removeItem(line)
        self._mark_items = []
        self.marks = []
        self._pending_ups = []
        self.chart.set_rows([])
        self.pages.setCurrentIndex(1)
        self._dirty, self._stale, self._frame_n = False, set(PLOTS), 0
        self._extend_time_axis()
        for name in PLOTS:
            self._draw(name)
        self._stale = set()

    def clear(self) -> None:
        """Another design is open: no curves, no overlays of runs on the one before, the empty state."""
        self.reset()
        self.set_overlays({})
        self.pages.setCurrentIndex(0)

    def set_jobs(self, names: list[str]) -> None:
        """The jobs of the coming run, each with a goodput curve of its own (none: no per-job curves)."""
        self.jobs.set_jobs(names)
        self._set_title("throughput")

    def showing_empty_state(self) -> bool:
        return self.pages.currentIndex() == 0

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
            # a latency of 0 is none measured yet (no packet has arrived): a gap, not a point at zero
            **{k: snap.latency_us.get(k, 0.0) or np.nan for k in ("p50", "p99", "p999")},
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
        self.jobs.add(i, extra.get("job_gbps"))
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
        scale = self.units.get("time", (1.0, "ms"))[0]
        for name, plot in self.plots.items():
            style = Qt.PenStyle.SolidLine if kind == "failure" else Qt.PenStyle.DashLine
            pen = pg.mkPen(QColor(MARK_COLOURS[kind]), width=2, style=style)
            kw = {}
            if name == "throughput":
                y = {"failure": 0.82, "up": 0.62, "recovered": 0.62}[kind]
                kw = {"label": label, "labelOpts": {"position": y, "color": MARK_COLOURS[kind],
                                                    "fill": (255, 255, 255, 210), "movable": False}}
            line = pg.InfiniteLine(pos=t_ms / scale, angle=90, pen=pen, movable=False, **kw)
            line.setToolTip(label)
            plot.addItem(line, ignoreBounds=True)
            self._mark_items.append((plot, line, t_ms))

    def set_overlays(self, runs: dict[str, tuple[np.ndarray, np.ndarray]]) -> None:
        """Throughput of earlier scenario runs as thin dashed curves (name -> (time ms, Gb/s)), to compare."""
        plot = self.plots["throughput"]
        for curve in self._overlay_curves:
            plot.removeItem(curve)
        self._overlays = dict(runs)
        self._overlay_curves = []
        for k in range(len(runs)):
            colour = OVERLAY_COLOURS[k % len(OVERLAY_COLOURS)]
            pen = pg.mkPen(QColor(colour), width=1.2, style=Qt.PenStyle.DashLine)
            self._overlay_curves.append(plot.plot([], [], pen=pen))
        self._set_title("throughput")
        self._stale.add("throughput")

    def mark_recoveries(self, failures: list[dict]) -> None:
        """After a run: where traffic moved again after each failure that stalled flows (data["failures"])."""
        for f in failures:
            if f.get("flows_stalled") and f.get("recovered") and f.get("recovery_time_s") is not None:
                self.add_mark(f["recovery_time_s"] * 1e3, "recovered", f.get("spec", f.get("element", "")))

    def show_run_hot_links(self, link_ids: list[str], util: np.ndarray) -> None:
        """After a run: the busiest places over the whole run (the latest interval is only its tail)."""
        if list(link_ids) != self.link_ids:
            return
        self._last_util = np.asarray(util)
        self._show_hot_links(self.tr("Busiest cables over the run: {0}"))

    def _show_hot_links(self, title: str | None = None) -> None:
        """The five busiest places of the latest interval (or those `title` names): a cable, or the parallel cables
        of one bundle (the same two ends) once, "×N" for as many of them as busy; nothing when no cable carried
        traffic."""
        util = self._last_util
        shown: dict[str, list[float]] = {}
        for k in np.argsort(util)[::-1][:HOT_CANDIDATES]:
            if util[k] <= 0:
                break
            name = self.cable_name(self.link_ids[k])
            if name in shown or len(shown) < HOT_PLACES:
                shown.setdefault(name, []).append(min(float(util[k]), 1.0))
        parts = []
        for name, busy in shown.items():
            alike = sum(1 for u in busy if u >= busy[0] - 0.005)          # within half a percent of the busiest
            parts.append(f"{name}{f' ×{alike}' if alike > 1 else ''} {100 * busy[0]:.0f} %")
        self.hot_links.setText((title or self.tr("Hot cables: {0}")).format(", ".join(parts)) if parts else "")

    def _selection_value(self, row: int) -> float:
        cols = [self.link_index[x] for x in self.selection if x in self.link_index]
        if not cols or row >= min(self.n + 1, LINK_ROWS):
            return 0.0
        return 100 * float(min(self.link_rows[row, cols].max(), 1.0))

    def set_selection(self, link_ids: list[str], name: str) -> None:
        """Show the utilization of these cables (a node: all its cables, max) in the selection plot."""
        self.selection = list(link_ids)
        self.selection_name = name
        self._set_title("selection")
        rows = min(self.n, LINK_ROWS)
        for r in range(rows):
            self.buffers["sel_util"][r] = self._selection_value(r)
        self._dirty = True

    def series(self, key: str) -> tuple[np.ndarray, np.ndarray]:
        """The recorded (time ms, values) of one series, in the engine's units (what the curve shows, unscaled)."""
        return self.t_ms[: self.n].copy(), self.buffers[key][: self.n].copy()

    # ---- drawing ------------------------------------------------------------------------------
    @Slot()
    def refresh(self) -> None:
        """Push the filled part of the buffers to the curves (called by the timer).

        A few plots per tick, in turn: a plot whose axes rescale costs several ms to lay out and paint,
        and all six in one tick stalled the event loop for ~50 ms (measured); in turn, each plot still
        updates several times a second. A round of turns draws every panel up to the same snapshot (new ones
        wait for the next round), so while a run streams in, the panels never show different moments. The
        shared time axis moves only when the run passes its end (a round number)."""
        if self._dirty and not self._stale:
            self._dirty = False
            self._frame_n = self.n
            self._stale = set(PLOTS)
            self._show_hot_links()
            self._extend_time_axis()
        if not self._stale:
            return
        order = list(PLOTS)
        for _ in range(min(PLOTS_PER_TICK, len(self._stale))):
            while order[self._turn % len(order)] not in self._stale:
                self._turn += 1
            name = order[self._turn % len(order)]
            self._turn += 1
            self._stale.discard(name)
            self._draw(name)

    def flush(self) -> None:
        """A run ended: the time axis ends where the run did, and every plot is drawn now (its last points must
        not wait for their turn)."""
        self._dirty, self._stale, self._frame_n = False, set(PLOTS), self.n
        self._show_hot_links()
        if self.n:
            self.x_end_ms = float(self.t_ms[self.n - 1])
            unit = scaled_unit("ms", self.x_end_ms)
            if unit != self.units.get("time"):
                self.units["time"] = unit
                for name in PLOTS:
                    self._label_axes(name)
                for _plot, line, t_ms in self._mark_items:
                    line.setPos(t_ms / unit[0])
            self._stale = set(PLOTS)
            self.plots["throughput"].setXRange(0.0, self.x_end_ms / unit[0], padding=0.0)
        for name in list(self._stale):
            self._stale.discard(name)
            self._draw(name)

    def _extend_time_axis(self) -> None:
        n = self._frame_n
        t_max = float(self.t_ms[n - 1]) if n else 0.0
        if n and t_max <= self.x_end_ms:
            return
        self.x_end_ms = nice_ceiling(t_max) if n else 1.0
        unit = scaled_unit("ms", self.x_end_ms)
        if unit != self.units.get("time"):
            self.units["time"] = unit
            for name in PLOTS:
                self._label_axes(name)
                self._stale.add(name)
            for _plot, line, t_ms in self._mark_items:
                line.setPos(t_ms / unit[0])
        self.plots["throughput"].setXRange(0.0, self.x_end_ms / unit[0], padding=0.0)   # the others follow

    @Slot(object, object)
    def _follow_time_range(self, view, x_range) -> None:
        """Every panel shows the time range one was given (pyqtgraph's own X link lines up plots stacked one above
        the other, and shifted the ranges of plots side by side)."""
        if self._syncing:
            return
        self._syncing = True
        try:
            for w in self.plots.values():
                if w.getPlotItem().getViewBox() is not view:
                    w.setXRange(*x_range, padding=0.0)
        finally:
            self._syncing = False

    def _draw(self, name: str) -> None:
        """One plot's curves from the buffers (up to the round's snapshot), in the units their values ask for now."""
        n = min(self._frame_n, self.n)
        t_scale = self.units.get("time", (1.0, "ms"))[0]
        keys = [k for k, (plot, _l, _c) in SERIES.items() if plot == name]
        rows = {k: min(n, LINK_ROWS) if k == "sel_util" else n for k in keys}
        top = max((float(self.buffers[k][: rows[k]].max()) for k in keys if rows[k]), default=0.0)
        if name == "throughput":
            top = max([top, self.jobs.top(n)] + [float(np.max(g)) for _t, g in self._overlays.values() if len(g)])
        unit = scaled_unit(PLOTS[name][2], top)
        if unit != self.units[name]:
            self.units[name] = unit
            self._label_axes(name)
        for k in keys:
            if k == "sel_util" and not self.selection:
                self.curves[k].setData([], [])      # nothing selected: no line (a zero would read as an idle cable)
                continue
            self.curves[k].setData(self.t_ms[: rows[k]] / t_scale, self.buffers[k][: rows[k]] / unit[0])
        # from 0 to a round number a little above the data (nothing but zeros: 0..1, not -0.4..0.4 around nothing):
        # the axis moves only when the data pass its end, not with every point (a new axis is drawn afresh)
        self.plots[name].getPlotItem().getViewBox().setYRange(
            0.0, nice_ceiling(Y_HEADROOM * top / unit[0]) if top > 0 else 1.0, padding=0.0)
        if name == "selection":
            self.nothing_selected.setVisible(not self.selection)
        if name == "throughput":
            self.jobs.draw(self.t_ms, n, t_scale, unit[0])
            for curve, (t_ms, gbps) in zip(self._overlay_curves, self._overlays.values(), strict=True):
                curve.setData(np.asarray(t_ms) / t_scale, np.asarray(gbps) / unit[0])

    def _on_hover(self, name: str, pos) -> None:
        plot = self.plots[name].getPlotItem()
        text = self.hover[name]
        if self.n == 0 or not plot.sceneBoundingRect().contains(pos):
            text.setText("")
            return
        t_scale, t_unit = self.units.get("time", (1.0, "ms"))
        y_scale, y_unit = self.units[name]
        x = plot.vb.mapSceneToView(pos).x() * t_scale
        i = int(np.clip(np.searchsorted(self.t_ms[: self.n], x), 0, self.n - 1))
        parts = [f"t = {self.t_ms[i] / t_scale:.4g} {t_unit}"]
        for key, (p, label, _c) in SERIES.items():
            if p == name:
                parts.append(f"{self.tr(str(label))}: {self.buffers[key][i] / y_scale:.4g} {y_unit}")
        if name == "throughput":
            parts += self.jobs.values(i, y_scale, y_unit)
        text.setText("\n".join(parts))
        text.setPos(self.t_ms[i] / t_scale, plot.vb.viewRange()[1][0])

    def stop(self) -> None:
        """Stop the refresh timer (before the widget is deleted)."""
        self.timer.stop()
