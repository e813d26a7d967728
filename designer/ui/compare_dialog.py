"""Compare: the same workload on the design's InfiniBand and RoCEv2 options, side by side.

Each option is the design on that protocol's own hardware, as the proposal prices it (designer/analysis/
protocol_options.py: a tier of smaller switches rebuilt as their Clos, a hybrid's pods one fabric without gateways);
both are priced in a thread, then each runs on its own design through a SimRunner (off the GUI thread), so the
window, the CLI's compare and the proposal state the same figures. The dialog overlays their throughput and
p99-latency curves and fills a table of headline figures, capex among them, with the better value of each row marked.
"""

from __future__ import annotations

import threading

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QT_TRANSLATE_NOOP, QObject, Qt, Signal, Slot
from PySide6.QtGui import QBrush, QColor, QFont, QPalette
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QLabel,
    QProgressBar,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from designer.analysis.protocol_options import option_designs, variants
from designer.catalog.loader import Catalog
from designer.model.document import FabricDocument
from designer.sim.long_haul import ib_long_haul_note
from designer.sim.metrics import SimResult
from designer.sim.time_breakdown import split_time
from designer.topology.leaf_shape import LeafShape, leaf_shape, leaf_sizes_differ
from designer.topology.oversubscription import TIER_ORDER
from designer.ui.plot_style import colours, legend_html, scaled_unit, set_title
from designer.ui.sim_worker import SimRunner
from designer.ui.theme import PROTOCOL_COLOURS
from designer.ui.time_breakdown import TimeBreakdownChart

PROTOS = ("ib", "rocev2")
NAMES = {"ib": "InfiniBand", "rocev2": "RoCEv2"}
CAPEX = QT_TRANSLATE_NOOP("CompareDialog", "Capex")
# row label (translated where shown), how to read the figure from a result's data, format, True if higher is better
ROWS = (
    (QT_TRANSLATE_NOOP("CompareDialog", "Completion time (ms)"), lambda d, c: d["completion_time_s"] * 1e3, "{:,.4g}",
     False),
    (QT_TRANSLATE_NOOP("CompareDialog", "Bus bandwidth (Gb/s)"), lambda d, c: d.get("busbw_gbps"), "{:.1f}", True),
    (QT_TRANSLATE_NOOP("CompareDialog", "Goodput (Gb/s)"), lambda d, c: d["goodput_gbps"], "{:.1f}", True),
    (QT_TRANSLATE_NOOP("CompareDialog", "Throughput vs ideal fabric"), lambda d, c: d.get("throughput_fraction"),
     "{:.1%}", True),
    (QT_TRANSLATE_NOOP("CompareDialog", "p99 latency (µs)"), lambda d, c: d["latency_us"]["p99"], "{:.2f}", False),
    (QT_TRANSLATE_NOOP("CompareDialog", "p99.9 latency (µs)"), lambda d, c: d["latency_us"]["p999"], "{:.2f}",
     False),
    (QT_TRANSLATE_NOOP("CompareDialog", "GPU utilization"), lambda d, c: d.get("gpu_utilization"), "{:.1%}", True),
    (QT_TRANSLATE_NOOP("CompareDialog", "PFC paused port-time"), lambda d, c: d["pfc_pause_fraction"], "{:.2%}",
     False),
    (QT_TRANSLATE_NOOP("CompareDialog", "Credit-stall port-time"), lambda d, c: d["credit_stall_fraction"], "{:.2%}",
     False),
    (QT_TRANSLATE_NOOP("CompareDialog", "Time to train (days)"), lambda d, c: d.get("train_days"), "{:.3g}", False),
    (QT_TRANSLATE_NOOP("CompareDialog", "Step jitter (CV)"), lambda d, c: (d.get("jitter") or {}).get("step_cv"),
     "{:.2%}", False),
    (QT_TRANSLATE_NOOP("CompareDialog", "Requests/s within the latency target"),
     lambda d, c: next((w["max_qps_at_target"] for w in d.get("workloads", [])
                        if w.get("max_qps_at_target") is not None), None), "{:.3g}", True),
    (CAPEX, lambda d, c: c, "{:,.0f}", False),
    (QT_TRANSLATE_NOOP("CompareDialog", "Capex per Gb/s of goodput"),
     lambda d, c: (c / d["goodput_gbps"]) if c and d["goodput_gbps"] else None, "{:,.0f}", False),
)
PROGRESS_STEPS = 200       # the progress bar's scale: both runs, half each
PLOTS = (("throughput", QT_TRANSLATE_NOOP("CompareDialog", "Throughput"), "Gb/s"),
         ("p99", QT_TRANSLATE_NOOP("CompareDialog", "p99 latency"), "µs"))


class _Prices(QObject):
    """Each protocol's option built and priced on its own hardware, in a thread: on a 16,384-GPU design its bills of
    materials and rack plans take seconds, which the window would otherwise stand still for before the dialog shows.
    `ready` carries ({protocol: capex}, {protocol: the design that option runs on}); both {} for a design the cost
    model cannot price: the dialog then compares without capex, each run on the drawing with its protocol
    overridden."""

    ready = Signal(object, object)

    def compute(self, doc: FabricDocument, catalog: Catalog) -> None:
        try:
            priced = variants(doc, catalog)
            capex = {p: priced[p].cost.capex for p in PROTOS}
            designs = option_designs(doc, catalog, priced)
        except Exception:  # noqa: BLE001 - a design the cost model cannot price still compares
            capex, designs = {}, {}
        self.ready.emit(capex, designs)      # queued to the GUI thread; dropped if the dialog is gone


class CompareDialog(QDialog):
    """Runs IB then RoCEv2 and shows both; `results` holds the two SimResults when done."""

    compared = Signal()     # both runs finished (named apart from QDialog.done)

    def __init__(self, doc: FabricDocument, workloads: list[str], seed: int, catalog: Catalog,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Compare InfiniBand vs RoCEv2 — {0}").format(', '.join(workloads)))
        self.doc, self.workloads, self.seed = doc, list(workloads), seed
        self.catalog = catalog
        self.capex: dict[str, float] = {}   # each protocol's option priced on its own hardware, once `_price` has
        self.designs: dict[str, FabricDocument] | None = None    # the design each option runs on, once priced
        currency = doc.assumptions.currency
        self.results: dict[str, SimResult] = {}
        self.series: dict[str, tuple[list[float], list[float], list[float]]] = {p: ([], [], []) for p in PROTOS}
        self.runner = SimRunner(self)
        self.runner.snapshot.connect(self._on_snapshot)
        self.runner.finished.connect(self._on_finished)
        self.runner.failed.connect(self._on_failed)
        self.current = ""
        pal = self.palette()
        fg = pal.color(QPalette.ColorRole.WindowText)
        self.status = QLabel()
        self.note = QLabel()           # what a run made of the design, where a reader needs it to read the figures
        self.note.setWordWrap(True)
        self.note.hide()
        self.shapes = QLabel()         # what each option is built of beside its protocol, once both are built
        self.shapes.setWordWrap(True)
        self.shapes.hide()
        self.progress = QProgressBar()
        self.progress.setRange(0, PROGRESS_STEPS)
        self.table = QTableWidget(len(ROWS), 2)
        self.table.setHorizontalHeaderLabels([NAMES[p] for p in PROTOS])
        self.table.setVerticalHeaderLabels([self.tr(str(r[0])) if r[0] != CAPEX
                                            else self.tr("Capex ({0})").format(currency) for r in ROWS])
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.setColumnWidth(0, 150)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 8)
        self.plots: dict[str, pg.PlotWidget] = {}
        self.curves: dict[tuple[str, str], pg.PlotDataItem] = {}
        for name, title_text, _unit in PLOTS:
            title = self.tr(str(title_text))
            w = pg.PlotWidget(background=pal.color(QPalette.ColorRole.Base))
            # the legend is in the title line: over the curves it hid their ends
            set_title(w.getPlotItem(), title, legend_html([(NAMES[p], PROTOCOL_COLOURS[p].name()) for p in PROTOS]), fg)
            w.showGrid(x=True, y=True, alpha=0.2)
            for side in ("left", "bottom"):
                w.getAxis(side).enableAutoSIPrefix(False)
            for p in PROTOS:
                self.curves[(name, p)] = w.plot([], [], pen=pg.mkPen(PROTOCOL_COLOURS[p], width=2),
                                                connect="finite")        # a gap where no latency is known yet
            self.plots[name] = w
        self._label_axes()
        self.chart = TimeBreakdownChart(self)
        self.chart.setMinimumHeight(170)
        self._lay_out()
        self.resize(1200, 760)

    def _lay_out(self) -> None:
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        grid = QGridLayout()           # the figures above where the time went; the curves beside them
        grid.addWidget(self.table, 0, 0)
        grid.addWidget(self.chart, 1, 0)
        grid.addWidget(self.plots["throughput"], 0, 1)
        grid.addWidget(self.plots["p99"], 1, 1)
        grid.setColumnStretch(0, 1)
        grid.setColumnStretch(1, 1)
        grid.setRowStretch(0, 1)
        grid.setRowStretch(1, 1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.status)
        layout.addWidget(self.progress)
        layout.addLayout(grid, 1)
        layout.addWidget(self.shapes)
        layout.addWidget(self.note)
        layout.addWidget(buttons)

    def start(self) -> None:
        """Build and price each option, then run IB, then RoCEv2, each on its option's design (all off the GUI
        thread)."""
        self.status.setText(self.tr("Building each option on its protocol's hardware…"))
        self._prices = _Prices()
        self._prices.ready.connect(self._on_priced)
        self.progress.setRange(0, 0)    # busy until the first run reports: building and pricing a large design's
        #                                 options takes seconds, and an empty bar read as a dialog that hung
        threading.Thread(target=self._prices.compute, args=(self.doc, self.catalog), daemon=True).start()

    @Slot(object, object)
    def _on_priced(self, capex: dict[str, float], designs: dict[str, FabricDocument]) -> None:
        self.capex = capex
        self.designs = designs
        text = self.shapes_text(designs)
        self.shapes.setText(text)
        self.shapes.setVisible(bool(text))
        self._run_next()

    def shapes_text(self, designs: dict[str, FabricDocument]) -> str:
        """Each option's switches by tier and its fullest leaf, and, where both options' leaves are oversubscribed
        and reach different numbers of servers, that leaf size alone can change the time (topology/leaf_shape.py)."""
        shapes = {p: leaf_shape(designs[p]) for p in PROTOS if p in designs}
        if len(shapes) < len(PROTOS) or any(s is None for s in shapes.values()):
            return ""
        text = self.tr("Back-end switches: {0}.").format(self.tr("; ").join(
            self._shape_text(NAMES[p], s) for p, s in shapes.items() if s))
        differ = leaf_sizes_differ(shapes)
        if differ is not None:
            why = self.tr("The {0} option's leaves reach more servers: at the same oversubscription less of "
                          "a collective's traffic leaves them, so part of a difference in time can come "
                          "from the switches rather than the protocol.").format(NAMES[differ[0]])
            text += ("" if text.endswith("。") else " ") + why
        return text

    def _shape_text(self, name: str, shape: LeafShape) -> str:
        """One option's switches: the one switch and what it reaches, or its tiers and fullest leaf."""
        if shape.single:
            return self.tr("{0}: one switch (servers: {1}, ports: {2})").format(name, shape.servers,
                                                                               shape.endpoint_ports)
        tiers = " / ".join(str(shape.switches[t]) for t in TIER_ORDER)
        return self.tr("{0}: leaf / spine / core switches {1}, fullest leaf (servers: {2}, ports down: {3}, "
                       "up: {4})").format(name, tiers, shape.servers, shape.endpoint_ports, shape.uplinks)

    def _run_next(self) -> None:
        left = [p for p in PROTOS if p not in self.results]
        if not left:
            self.status.setText(self.tr(
                    "Done: {0} on '{1}', seed {2}.").format(', '.join(self.workloads), self.doc.name, self.seed))
            self._show_progress(PROGRESS_STEPS)
            self.compared.emit()
            return
        self.current = left[0]
        self.status.setText(self.tr("Simulating the {0} option…").format(NAMES[self.current]))
        self.runner.start((self.designs or {}).get(self.current, self.doc), self.workloads, self.seed, self.current)

    @Slot(object)
    def _on_snapshot(self, snap) -> None:
        t, thr, p99 = self.series[self.current]
        t.append(snap.time_s * 1e3)
        thr.append(snap.throughput_gbps)
        p99.append(snap.latency_us.get("p99", 0.0) or np.nan)     # 0: no packet has arrived yet
        done = PROTOS.index(self.current)
        self._show_progress(int(PROGRESS_STEPS / len(PROTOS) * (done + snap.progress)))
        self._draw(self.current)

    @Slot(object)
    def _on_finished(self, result) -> None:
        self.results[self.current] = result
        t, thr, p99 = self.series[self.current]
        # the curves run to the completion time at their last rate (the run's mean goodput is in the table:
        # drawn as the last point it would read as a spike)
        t.append(result.completion_time_s * 1e3)
        thr.append(thr[-1] if thr else float(result.data["goodput_gbps"]))
        p99.append(float(result.data["latency_us"]["p99"]))
        self._draw(self.current)
        self._fill_column(self.current)
        note = ib_long_haul_note(result.data)
        if note is not None:
            self.note.setText(note.render())
            self.note.show()
        self._run_next()

    @Slot(str)
    def _on_failed(self, message: str) -> None:
        self._show_progress(self.progress.value())
        self.status.setText("⚠ " + message)
        self.status.setStyleSheet("color: #c0392b;")

    def _show_progress(self, value: int) -> None:
        """The bar at `value` of PROGRESS_STEPS, no longer busy."""
        if self.progress.maximum() == 0:
            self.progress.setRange(0, PROGRESS_STEPS)
        self.progress.setValue(max(0, value))

    def _units(self) -> dict[str, tuple[float, str]]:
        """(divisor, unit) of the time axis and of each plot, from the largest value of both runs."""
        def top(k: int) -> float:
            return max((max(self.series[p][k]) for p in PROTOS if self.series[p][k]), default=0.0)

        units = {"time": scaled_unit("ms", top(0))}
        for k, (name, _title, unit) in enumerate(PLOTS, start=1):
            units[name] = scaled_unit(unit, top(k))
        return units

    def _label_axes(self, units: dict[str, tuple[float, str]] | None = None) -> None:
        units = units or self._units()
        fg = colours()[0].name()
        for name, title_text, _unit in PLOTS:
            self.plots[name].setLabel("left", f"{self.tr(str(title_text))} ({units[name][1]})", color=fg)
            self.plots[name].setLabel("bottom", self.tr("simulated time ({0})").format(units["time"][1]), color=fg)

    def _draw(self, _proto: str) -> None:
        """Both runs' curves, in the units the largest values ask for (they change as a run grows)."""
        units = self._units()
        if units != getattr(self, "_shown_units", None):
            self._shown_units = units
            self._label_axes(units)
        top = dict.fromkeys(self.plots, 0.0)
        for p in PROTOS:
            t, thr, p99 = (np.asarray(v, dtype=float) for v in self.series[p])
            for name, values in (("throughput", thr / units["throughput"][0]), ("p99", p99 / units["p99"][0])):
                self.curves[(name, p)].setData(t / units["time"][0], values)
                if len(values):
                    top[name] = max(top[name], float(np.nanmax(values)))
        for name, highest in top.items():
            if highest > 0:
                # from zero: an axis from 360 to 370 Gb/s made a 3 % difference look like a chasm
                self.plots[name].setYRange(0.0, highest * 1.08, padding=0)

    def value(self, row: int, proto: str) -> float | None:
        """The figure of a table row for one protocol (None: not applicable)."""
        result = self.results.get(proto)
        if result is None:
            return None
        v = ROWS[row][1](result.data, self.capex.get(proto))
        return None if v is None else float(v)

    def _fill_column(self, proto: str) -> None:
        col = PROTOS.index(proto)
        for row, (_label, _get, fmt, _higher) in enumerate(ROWS):
            v = self.value(row, proto)
            item = QTableWidgetItem("—" if v is None else fmt.format(v))
            item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            self.table.setItem(row, col, item)
        if len(self.results) == len(PROTOS):
            for row in range(len(ROWS)):       # figures neither run has (training days of a collective) hidden
                self.table.setRowHidden(row, all(self.value(row, p) is None for p in PROTOS))
            self._mark_better()
            rows = []
            for p in PROTOS:
                d = self.results[p].data
                compute = sum(float(w.get("compute_s") or 0.0) for w in d["workloads"])
                rows.append(split_time(NAMES[p], d["completion_time_s"], d.get("throughput_fraction"), compute))
            self.chart.set_rows(rows)

    def better(self, row: int) -> str | None:
        """Which protocol has the better value in this row (None: a tie or not applicable)."""
        a, b = (self.value(row, p) for p in PROTOS)
        # a tie too where the two values read the same as shown: no winner the reader cannot see
        if a is None or b is None or np.isclose(a, b, rtol=1e-6, atol=1e-12) or \
                ROWS[row][2].format(a) == ROWS[row][2].format(b):
            return None
        higher = ROWS[row][3]
        return PROTOS[0] if (a > b) == higher else PROTOS[1]

    def _mark_better(self) -> None:
        bold = QFont(self.table.font())
        bold.setBold(True)
        for row in range(len(ROWS)):
            win = self.better(row)
            if win is None:
                continue
            item = self.table.item(row, PROTOS.index(win))
            if item is None:
                continue
            item.setText("✓ " + item.text())
            item.setFont(bold)
            item.setForeground(QBrush(QColor("#1e7b34")))
            item.setToolTip(self.tr("The better value of the two"))

    def reject(self) -> None:
        self.runner.shutdown()
        super().reject()

    def closeEvent(self, event) -> None:
        self.runner.shutdown()
        super().closeEvent(event)
