"""One look for every plot and chart of the window: colours from the application palette (so the dark theme
reaches every plot, the sweep chart and the comparison's too), units that scale with the values, and legends
written in the title line instead of over the curves.
"""

from __future__ import annotations

from html import escape

import pyqtgraph as pg
import shiboken6
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPalette, QTextOption
from PySide6.QtWidgets import QApplication

# Units a value may be shown in, from its base unit: (size in the base unit, name), smallest first.
LADDERS = {
    "ms": ((1e-3, "µs"), (1.0, "ms"), (1e3, "s")),
    "µs": ((1.0, "µs"), (1e3, "ms"), (1e6, "s")),
    "Gb/s": ((1.0, "Gb/s"), (1e3, "Tb/s")),
    "KB": ((1.0, "KB"), (1e3, "MB"), (1e6, "GB")),
}
TITLE_PT, LEGEND_PT = 9, 8


def scaled_unit(base: str, top: float) -> tuple[float, str]:
    """(divisor, unit) that writes values whose largest is `top` (in `base`) readably: 103,675 Gb/s as
    103.7 Tb/s, 2,300 µs as 2.3 ms, 0.4 ms as 400 µs. Units without a ladder (%) stay as they are."""
    ladder = LADDERS.get(base)
    if not ladder:
        return 1.0, base
    size, unit = ladder[0] if base != "ms" else ladder[1]
    for step_size, step_unit in ladder:
        if top >= step_size:
            size, unit = step_size, step_unit
    return size, unit


def with_unit(value: float, base: str, digits: int = 4) -> str:
    """A value in the unit that reads best: with_unit(59785.2, "Gb/s") -> "59.79 Tb/s"."""
    size, unit = scaled_unit(base, abs(value))
    return f"{value / size:.{digits}g} {unit}"


def colours(palette: QPalette | None = None) -> tuple[QColor, QColor]:
    """(foreground, background) of plots: the palette's window text on its base colour."""
    pal = palette or QApplication.palette()
    return pal.color(QPalette.ColorRole.WindowText), pal.color(QPalette.ColorRole.Base)


def legend_html(entries: list[tuple[str, str]], dashed: set[str] | None = None) -> str:
    """A plot's legend for the line under its title: "━ p50 ━ p99 ━ p99.9" (entries: (label, colour)). Above the
    plot, the legend never covers a curve; entries are parted by ordinary spaces, so a legend wider than a narrow
    plot wraps between entries."""
    keys = []
    for label, colour in entries:
        mark = "┅" if dashed and label in dashed else "━"
        keys.append(f"<span style='color:{colour}'>{mark}</span>&nbsp;{escape(label).replace(' ', '&nbsp;')}")
    return f"<span style='font-size:{LEGEND_PT}pt'>{'&nbsp; '.join(keys)}</span>" if keys else ""


def set_title(item: pg.PlotItem, title: str, legend: str, fg: QColor, size_pt: int = TITLE_PT) -> None:
    """A plot's title (plain text) and legend (markup) that never make the plot wider than its cell: pyqtgraph sets
    a title's minimum width to its text's at every resize, which pushed narrow plots past their neighbours (and
    their axes out of sight). Here a long title is elided ("Where the time…", whole in its tooltip), the legend
    wraps at the plot's width, and the plot gives the title the height of its lines."""
    label = item.titleLabel
    label.parts = (title, legend)
    if not getattr(label, "shrinkable", False):
        label.shrinkable = True
        label.updateMin = lambda: _height_only_minimum(label)
        label.resizeEvent = lambda _event: _fit_title(label, item)
        # over the whole plot, its value axis included (pyqtgraph puts it over the data column alone)
        item.layout.removeItem(label)
        item.layout.addItem(label, 0, 0, 1, 3)
    item.setTitle(_title_markup(title, legend), color=fg.name(), size=f"{size_pt}pt")
    _fit_title(label, item)          # setTitle fixed the title row at 30 px again


def _title_markup(title: str, legend: str) -> str:
    return f"<div align='center'><b>{escape(title)}</b>{'<br>' + legend if legend else ''}</div>"


def _fit_title(label: pg.LabelItem, item: pg.PlotItem) -> None:
    """The title elided to the label's width, the text wrapped there, its row as high as its lines (at most a title
    line and two of legend), placed at the label's top left."""
    width = label.width()
    if width <= 1:
        return
    title, legend = label.parts
    font = QFont(label.item.font())
    font.setBold(True)
    font.setPointSizeF(float(str(label.opts.get("size", f"{TITLE_PT}pt")).removesuffix("pt")))
    shown = QFontMetricsF(font).elidedText(title, Qt.TextElideMode.ElideRight, width - 2)
    label.setToolTip(title if shown != title else "")
    markup = _title_markup(shown, legend)
    if markup != label.text:
        label.setText(markup)
    option = label.item.document().defaultTextOption()
    option.setWrapMode(QTextOption.WrapMode.WordWrap)        # between words only, never inside one
    label.item.document().setDefaultTextOption(option)
    label.item.setTextWidth(width)
    legend_font = QFont(font)
    legend_font.setPointSizeF(LEGEND_PT)
    most = (QFontMetricsF(font).lineSpacing() + 2 * QFontMetricsF(legend_font).lineSpacing()
            + 2 * label.item.document().documentMargin() + 1)
    height = min(label.itemRect().height(), most)     # a plot narrower still loses its legend's fourth line
    label.setMaximumHeight(height)
    item.layout.setRowFixedHeight(0, height)
    _height_only_minimum(label)
    label.item.setPos(0, 0)


def _height_only_minimum(label: pg.LabelItem) -> None:
    bounds = label.itemRect()
    label.setMinimumWidth(0)
    label.setMinimumHeight(bounds.height())
    label._sizeHint = {Qt.SizeHint.MinimumSize: (0, bounds.height()),
                       Qt.SizeHint.PreferredSize: (0, bounds.height()),
                       Qt.SizeHint.MaximumSize: (-1, -1), Qt.SizeHint.MinimumDescent: (0, 0)}
    label.updateGeometry()


def style_plot(item: pg.PlotItem, fg: QColor) -> None:
    """Axes, grid, title, legend and texts of one plot in the foreground colour."""
    for side in ("left", "bottom", "right", "top"):
        axis = item.getAxis(side)
        axis.setPen(pg.mkPen(fg))
        axis.setTextPen(pg.mkPen(fg))
        axis.labelStyle = {**axis.labelStyle, "color": fg.name()}
        axis._updateLabel()
    title = item.titleLabel
    if title.text:
        title.setText(title.text, color=fg.name())
    legend = item.legend
    if legend is not None:
        legend.setLabelTextColor(fg)
        for _sample, label in legend.items:
            label.setText(label.text)
    for child in item.items:
        if isinstance(child, pg.TextItem) and not getattr(child, "keeps_colour", False):
            child.setColor(fg)


def style_view(view: pg.GraphicsView, palette: QPalette | None = None) -> None:
    """A PlotWidget or GraphicsLayoutWidget in the palette's colours, with every plot and legend in it."""
    fg, bg = colours(palette)
    view.setBackground(bg)
    for item in view.scene().items():
        if isinstance(item, pg.PlotItem):
            style_plot(item, fg)
        elif isinstance(item, pg.LegendItem):
            item.setLabelTextColor(fg)
            for _sample, label in item.items:
                label.setText(label.text)


def restyle_all_plots() -> int:
    """After a theme switch: every plot and chart of the application in the new palette; returns how many."""
    # only views whose C++ objects are alive and that still have a scene: a closed window's plots may linger in
    # allWidgets() until Qt deletes them, and touching those crashes
    views = [w for w in QApplication.allWidgets()
             if isinstance(w, pg.GraphicsView) and shiboken6.isValid(w) and w.scene() is not None
             and shiboken6.isValid(w.scene())]
    for view in views:
        style_view(view)
    return len(views)
