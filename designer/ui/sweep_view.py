"""The Sweep dock: a sweep's progress, its chart (one line per combination of the other parameters) and the table
of its points. It draws what `designer.analysis.sweep.chart` computes, live while points finish."""

from __future__ import annotations

from html import escape

import pyqtgraph as pg
from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt, Signal, Slot
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QProgressBar,
    QPushButton,
    QSizePolicy,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from designer.analysis.sweep import SweepError
from designer.analysis.sweep.chart import (
    CHART_METRICS,
    MONEY_METRICS,
    SweepChart,
    currency_of,
    default_metric,
    default_x_param,
    metric_value,
    sweep_chart,
    time_scale,
)
from designer.analysis.sweep.results import SweepResults
from designer.ui.plot_style import colours

# Okabe-Ito colours: distinguishable for colour-blind readers, one per series
SERIES_COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#F0E442")
# the chart's metric names in the window's language (the core's labels are English)
METRIC_LABELS = {
    "step_time_s": QT_TRANSLATE_NOOP("SweepView", "Step time (s)"),
    "completion_time_s": QT_TRANSLATE_NOOP("SweepView", "Completion time (s)"),
    "gpu_utilization": QT_TRANSLATE_NOOP("SweepView", "GPU utilization (%)"),
    "busbw_gbps": QT_TRANSLATE_NOOP("SweepView", "Bus bandwidth (Gb/s)"),
    "algbw_gbps": QT_TRANSLATE_NOOP("SweepView", "Algorithm bandwidth (Gb/s)"),
    "goodput_gbps": QT_TRANSLATE_NOOP("SweepView", "Goodput (Gb/s)"),
    "throughput_fraction": QT_TRANSLATE_NOOP("SweepView", "Throughput vs ideal fabric (%)"),
    "latency_p50_us": QT_TRANSLATE_NOOP("SweepView", "Latency p50 (µs)"),
    "latency_p99_us": QT_TRANSLATE_NOOP("SweepView", "Latency p99 (µs)"),
    "latency_p999_us": QT_TRANSLATE_NOOP("SweepView", "Latency p99.9 (µs)"),
    "link_utilization_max": QT_TRANSLATE_NOOP("SweepView", "Busiest link utilization (%)"),
    "pfc_pause_fraction": QT_TRANSLATE_NOOP("SweepView", "PFC pause time (%)"),
    "ecn_mark_fraction": QT_TRANSLATE_NOOP("SweepView", "ECN-marked bytes (%)"),
    "capex": QT_TRANSLATE_NOOP("SweepView", "Capital cost"),
    "capex_network": QT_TRANSLATE_NOOP("SweepView", "Network capital cost"),
    "tco": QT_TRANSLATE_NOOP("SweepView", "Total cost of ownership"),
    "cost_per_gbps": QT_TRANSLATE_NOOP("SweepView", "Capital cost per Gb/s of goodput"),
}
# the generator options' axis names in the window's language (a segment setting keeps its own name)
PARAM_LABELS = {
    "gpus": QT_TRANSLATE_NOOP("SweepView", "GPUs"),
    "kind": QT_TRANSLATE_NOOP("SweepView", "Topology"),
    "backend": QT_TRANSLATE_NOOP("SweepView", "Back-end protocol"),
    "oversubscription": QT_TRANSLATE_NOOP("SweepView", "Oversubscription"),
    "link_gbps": QT_TRANSLATE_NOOP("SweepView", "Link speed (Gb/s)"),
    "gpus_per_server": QT_TRANSLATE_NOOP("SweepView", "GPUs per server"),
    "frontend": QT_TRANSLATE_NOOP("SweepView", "Front-end network"),
    "server_model": QT_TRANSLATE_NOOP("SweepView", "GPU server model"),
    "switch_model": QT_TRANSLATE_NOOP("SweepView", "Back-end switch model"),
    "nic_model": QT_TRANSLATE_NOOP("SweepView", "Back-end NIC model"),
    "planes": QT_TRANSLATE_NOOP("SweepView", "Planes"),
    "place": QT_TRANSLATE_NOOP("SweepView", "Job placement"),
    "gpus_per_site": QT_TRANSLATE_NOOP("SweepView", "GPUs per site"),
    "distance_km": QT_TRANSLATE_NOOP("SweepView", "Distance between sites (km)"),
    "dci_gbps": QT_TRANSLATE_NOOP("SweepView", "Long-haul link capacity (Gb/s)"),
    "dci_links": QT_TRANSLATE_NOOP("SweepView", "Long-haul links"),
}
# the metrics the table shows beside the parameters
TABLE_METRICS = ("step_time_s", "completion_time_s", "busbw_gbps", "gpu_utilization", "latency_p99_us", "capex",
                 "tco")


def metric_label(metric: str, currency: str = "") -> str:
    """A metric's name in the window's language (the core's English label for one the window does not know);
    money metrics name the results' currency."""
    text = METRIC_LABELS.get(metric)
    label = QCoreApplication.translate("SweepView", str(text)) if text else CHART_METRICS.get(metric, metric)
    return f"{label} ({currency})" if metric in MONEY_METRICS and currency else label


def param_label(name: str) -> str:
    text = PARAM_LABELS.get(name)
    return QCoreApplication.translate("SweepView", str(text)) if text else name


def _cell(value: object) -> str:
    if value is None or value == "":
        return "–"
    if isinstance(value, float):
        return f"{value:,.4g}" if abs(value) < 1e4 else f"{value:,.0f}"
    return str(value)


class SweepView(QWidget):
    """Progress line, metric and x-axis choosers, the chart and the points table."""

    stop_requested = Signal()
    open_requested = Signal()
    point_activated = Signal(object)      # the row (dict) of the point the user double-clicked

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.results: SweepResults | None = None
        self.total = 0
        self.preferred_x: str | None = None
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self._chart_canvas())
        split.addWidget(self._points_table())
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(self._top_row())
        layout.addWidget(split, 1)

    def _top_row(self) -> QHBoxLayout:
        """Progress (text, bar, Stop), Open results…, and what the chart shows against what."""
        self.status = QLabel(self.tr("No sweep yet: Simulate → Design-space sweep…"))
        self.progress = QProgressBar()
        self.progress.setMaximumWidth(180)
        self.progress.setVisible(False)
        self.stop_button = QPushButton(self.tr("Stop"))
        self.stop_button.setToolTip(self.tr("Stop after the points that are running; finished points stay in the "
                                            "results file and a new sweep with the same file continues"))
        self.stop_button.setVisible(False)
        self.stop_button.clicked.connect(self.stop_requested)
        self.open_button = QPushButton(self.tr("Open results…"))
        self.open_button.setToolTip(self.tr("Chart a sweep's results file (.csv or .parquet), e.g. one written by "
                                            "'fabric-designer sweep'"))
        self.open_button.clicked.connect(self.open_requested)
        self._axis_choosers()
        top = QHBoxLayout()
        top.setContentsMargins(4, 2, 4, 2)
        top.addWidget(self.status, 1)
        for widget in (self.progress, self.stop_button, self.open_button, QLabel(self.tr("Show:")), self.y_metric,
                       QLabel(self.tr("against")), self.x_param):
            top.addWidget(widget)
        return top

    def _axis_choosers(self) -> None:
        """The metric on the vertical axis and the parameter on the horizontal one; a change redraws."""
        self.y_metric = QComboBox()
        self.y_metric.setToolTip(self.tr("The figure on the vertical axis"))
        self.x_param = QComboBox()
        self.x_param.setToolTip(self.tr("The parameter on the horizontal axis; every combination of the others is "
                                        "one line"))
        for combo in (self.y_metric, self.x_param):
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
            combo.currentIndexChanged.connect(self.redraw)

    def _chart_canvas(self) -> pg.GraphicsLayoutWidget:
        """The plot, and its legend in a column of its own beside it: a sweep has up to dozens of lines to name."""
        pal = self.palette()
        self.fg = pal.color(QPalette.ColorRole.WindowText)
        self.canvas = pg.GraphicsLayoutWidget()
        self.canvas.setBackground(pal.color(QPalette.ColorRole.Base))
        self.canvas.setToolTip(self.tr("Right-click → Export… for PNG, SVG or CSV"))
        self.plot = self.canvas.addPlot(row=0, col=0)
        self.plot.showGrid(x=True, y=True, alpha=0.2)
        for side in ("left", "bottom"):
            self.plot.getAxis(side).enableAutoSIPrefix(False)     # units are scaled here, named in the label
        self.legend = pg.LegendItem(labelTextSize="8pt", labelTextColor=self.fg)
        self.canvas.addItem(self.legend, row=0, col=1)
        self.legend.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.canvas.ci.layout.setAlignment(self.legend, Qt.AlignmentFlag.AlignTop)
        self.canvas.ci.layout.setColumnStretchFactor(0, 1)
        return self.canvas

    def _points_table(self) -> QTableWidget:
        """The sweep's points, one per row; a double-click opens the point's design."""
        self.table = QTableWidget(0, 0)
        self.table.setToolTip(self.tr("Double-click a point to open its design"))
        self.table.cellDoubleClicked.connect(self._row_activated)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        return self.table

    # ---- progress -----------------------------------------------------------------------------
    def start(self, total: int, output_name: str, preferred_x: str | None = None) -> None:
        """A sweep of `total` points began (into `output_name`); `preferred_x` is the parameter the chart puts on
        its horizontal axis (known from the grid before the first point has finished)."""
        self.total = total
        self.preferred_x = preferred_x
        self.results = None
        self.output_name = output_name
        self.progress.setRange(0, max(1, total))
        self.progress.setValue(0)
        self.progress.setVisible(True)
        self.stop_button.setVisible(True)
        self.stop_button.setEnabled(True)
        self.status.setText(self.tr("Sweep of {0} points into {1}: starting…").format(total, output_name))

    @Slot(int, int, int)
    def set_progress(self, done: int, total: int, failed: int) -> None:
        self.progress.setRange(0, max(1, total))
        self.progress.setValue(done)
        tail = self.tr(", {0} could not be built or run").format(failed) if failed else ""
        self.status.setText(self.tr("Sweep into {0}: {1} of {2} points done{3}").format(
            self.output_name, done, total, tail))

    def finish(self, text: str, error: bool = False) -> None:
        """The sweep ended (finished, stopped or failed): say how, hide the progress."""
        self.progress.setVisible(False)
        self.stop_button.setVisible(False)
        self.status.setText(f"<span style='color:#c0392b'>{escape(text)}</span>" if error else escape(text))

    def stopping(self) -> None:
        self.stop_button.setEnabled(False)
        self.status.setText(self.tr("Stopping after the running points…"))

    # ---- results ------------------------------------------------------------------------------
    def show_results(self, results: SweepResults) -> None:
        """Show `results` (complete or not): refill the choosers if the parameters changed, redraw, refill."""
        first = self.results is None or self.results.param_names != results.param_names
        self.results = results
        if first:
            self._fill_choosers()
        self.redraw()
        self._fill_table()

    def _fill_choosers(self) -> None:
        assert self.results is not None
        for combo in (self.y_metric, self.x_param):
            combo.blockSignals(True)
            combo.clear()
        for metric in CHART_METRICS:
            self.y_metric.addItem(metric_label(metric), metric)
        index = self.y_metric.findData(default_metric(self.results))
        self.y_metric.setCurrentIndex(max(0, index))
        for name in self.results.param_names:
            self.x_param.addItem(param_label(name), name)
        x_default = self.preferred_x if self.preferred_x in self.results.param_names \
            else default_x_param(self.results)
        self.x_param.setCurrentIndex(max(0, self.x_param.findData(x_default)))
        for combo in (self.y_metric, self.x_param):
            combo.blockSignals(False)

    def chart(self) -> SweepChart | None:
        """The chart of the current choices, or None when there is nothing to draw."""
        if self.results is None or not self.results.rows:
            return None
        try:
            return sweep_chart(self.results, self.y_metric.currentData(), self.x_param.currentData())
        except SweepError:
            return None

    @Slot()
    def redraw(self) -> None:
        self.plot.clear()
        self.legend.clear()
        chart = self.chart()
        if chart is None or self.results is None:
            return
        bottom = self.plot.getAxis("bottom")
        bottom.setTicks([chart.x_ticks] if chart.categorical else None)
        fg = colours()[0]       # the palette now: the theme may have changed since the dock was made
        self.plot.setLabel("bottom", param_label(chart.x_param), color=fg.name())
        values = [y for series in chart.series for y in series.y if y is not None]
        scale, unit = time_scale(values) if chart.metric.endswith("_s") else (1.0, "")
        label = metric_label(chart.metric, currency_of(self.results))
        if unit:
            label = label.replace("(s)", f"({unit})")
        self.plot.setLabel("left", label, color=fg.name())
        for k, series in enumerate(chart.series):
            pts = [(x, y * scale) for x, y in zip(series.x, series.y, strict=True) if y is not None]
            if not pts:
                continue
            colour = QColor(SERIES_COLOURS[k % len(SERIES_COLOURS)])
            if colour == QColor("#000000"):
                colour = QColor(fg)          # Okabe-Ito's black is the text colour (white on the dark theme)
            xs, ys = zip(*pts, strict=True)
            curve = self.plot.plot(list(xs), list(ys), pen=pg.mkPen(colour, width=2), symbol="o", symbolSize=7,
                                   symbolBrush=colour, symbolPen=colour)
            name = ", ".join(f"{param_label(n)}={v}" for n, v in series.params) or series.label
            self.legend.addItem(curve, name or label)

    def _fill_table(self) -> None:
        assert self.results is not None
        params = self.results.param_names
        metrics = [m for m in TABLE_METRICS if any(metric_value(r, m) is not None for r in self.results.rows)]
        currency = currency_of(self.results)
        # times in the unit that suits the column (ms for most collectives), as on the chart
        scales = {m: time_scale([metric_value(r, m) or 0.0 for r in self.results.rows])
                  for m in metrics if m.endswith("_s")}
        labels = [metric_label(m, currency).replace("(s)", f"({scales[m][1]})") if m in scales
                  else metric_label(m, currency) for m in metrics]
        headers = [*map(param_label, params), *labels, self.tr("Problem")]
        self.table.setColumnCount(len(headers))
        self.table.setHorizontalHeaderLabels(headers)
        self.table.setRowCount(len(self.results.rows))

        def shown(row: dict, metric: str) -> float | None:
            value = metric_value(row, metric)
            return value * scales[metric][0] if value is not None and metric in scales else value

        for r, row in enumerate(self.results.rows):
            cells = [row.get(p) for p in params] + [shown(row, m) for m in metrics] + [row.get("error") or ""]
            for c, value in enumerate(cells):
                item = QTableWidgetItem(_cell(value) if c < len(cells) - 1 else str(value))
                if c >= len(params) and c < len(cells) - 1:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                if row.get("error"):
                    item.setForeground(QColor("#c0392b"))
                    item.setToolTip(str(row["error"]))
                self.table.setItem(r, c, item)

    @Slot(int, int)
    def _row_activated(self, row: int, _column: int) -> None:
        if self.results is not None and 0 <= row < len(self.results.rows):
            self.point_activated.emit(self.results.rows[row])
