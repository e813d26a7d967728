"""The "three speeds" chart: where the time of each workload and segment went (stacked horizontal bars)."""

from __future__ import annotations

from html import escape

import pyqtgraph as pg
from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QSizePolicy, QWidget

from designer.sim.time_breakdown import TimeBreakdown
from designer.ui.plot_style import scaled_unit, set_title

PARTS = (("compute_s", QT_TRANSLATE_NOOP("TimeBreakdownChart", "compute"), "#54a24b"),
         ("transport_s", QT_TRANSLATE_NOOP("TimeBreakdownChart", "transport"), "#4c78a8"),
         ("coordination_s", QT_TRANSLATE_NOOP("TimeBreakdownChart", "congestion"), "#e45756"))


class TimeBreakdownChart(pg.PlotWidget):
    """Stacked bars, one per TimeBreakdown, in milliseconds."""

    def __init__(self, parent: QWidget | None = None) -> None:
        pal = parent.palette() if parent is not None else QPalette()
        super().__init__(parent, background=pal.color(QPalette.ColorRole.Base))
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Ignored)
        fg = pal.color(QPalette.ColorRole.WindowText)
        # the legend is part of the title: the chart is narrow and a legend box would cover the bars
        key = "&nbsp; ".join(f"<span style='color:{colour}'>■</span>"
                        f"{escape(QCoreApplication.translate('TimeBreakdownChart', str(label)))}"
                        for _key, label, colour in PARTS)
        title = self.tr("Where the time went")
        set_title(self.getPlotItem(), title, f"<span style='font-size:7pt'>{key}</span>", fg)
        self.getPlotItem().getViewBox().setToolTip(
            self.tr("compute: GPU busy · transport: bytes at line rate on an ideal fabric · congestion: queueing, "
            "PFC pauses, credit waits, congestion-control limits and hash collisions"))
        self.showGrid(x=True, y=False, alpha=0.2)
        self.setMouseEnabled(x=False, y=False)
        self.bars: list[pg.BarGraphItem] = []
        self.rows: list[TimeBreakdown] = []
        for _key, _label, colour in PARTS:
            bar = pg.BarGraphItem(x0=[], y=[], width=[], height=0.6, brush=QColor(colour), pen=pg.mkPen(None))
            self.addItem(bar)
            self.bars.append(bar)
        # before a run's end there is nothing to split: say when there will be, instead of an empty 0..1 frame
        self.empty = pg.TextItem(self.tr("Where each workload's time went\nappears here when a run is done"),
                                 color=fg, anchor=(0.5, 0.5))
        self.addItem(self.empty, ignoreBounds=True)
        self.set_rows([])

    def set_rows(self, rows: list[TimeBreakdown]) -> None:
        """Replace the bars (one row per breakdown, top to bottom); none: the empty state."""
        self.rows = list(rows)
        n = len(rows)
        self.empty.setVisible(n == 0)
        for side in ("left", "bottom"):
            self.getAxis(side).setStyle(showValues=n > 0)
        if n == 0:
            self.empty.setPos(0.5, 0.5)
            self.setXRange(0, 1, padding=0)
            self.setYRange(0, 1, padding=0)
        ys = [n - 1 - i for i in range(n)]
        left = [0.0] * n
        divisor, unit = scaled_unit("ms", max((r.total_s * 1e3 for r in rows), default=0.0))
        self.setLabel("bottom", self.tr("time ({0})").format(unit))
        for (key, _label, _c), bar in zip(PARTS, self.bars, strict=True):
            widths = [getattr(r, key) * 1e3 / divisor for r in rows]
            bar.setOpts(x0=list(left), y=ys, width=widths, height=0.6)
            left = [a + b for a, b in zip(left, widths, strict=True)]
        if n == 0:
            self.setToolTip("")
            return
        axis = self.getAxis("left")
        axis.setTicks([[(y, _short(r.label)) for y, r in zip(ys, rows, strict=True)]])
        self.setYRange(-0.7, max(n, 1) - 0.3, padding=0)
        self.setXRange(0, max(left, default=1.0) * 1.05 or 1.0, padding=0)
        row_text = self.tr("{0}: compute {1:.3f} ms, transport {2:.3f} ms, congestion {3:.3f} ms")
        self.setToolTip("\n".join(row_text.format(r.label, r.compute_s * 1e3, r.transport_s * 1e3,
                                                  r.coordination_s * 1e3) for r in rows))


def _short(label: str, limit: int = 11) -> str:
    """A row label that leaves the narrow chart room for its bars (the tooltip has the whole label)."""
    return label if len(label) <= limit else label[: limit - 1] + "…"
