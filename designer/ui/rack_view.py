"""The rack elevation: every rack of the plan, row by row, its devices at their U, its power against its budget.
A design of several sites shows each site's floor under the site's name.

A view of the core's elevation model (designer/topology/racks/elevation.py); colours come from the theme
(back-end protocol colours for switches, the palette for servers and the rest).
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt, Slot
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import QGraphicsRectItem, QGraphicsScene, QGraphicsSimpleTextItem, QGraphicsView

from designer.topology.racks.elevation import Box, Elevation, RackColumn
from designer.ui.theme import Theme

U_PX = 11.0            # one rack unit
RACK_W = 132.0
RACK_GAP = 14.0
ROW_GAP = 58.0
ROW_SIDE_GAP = 56.0    # between two rows of the floor drawn side by side (Fit in a wide, short view)
HEAD_H = 30.0          # rack name and power above the rack
SITE_H = 24.0          # a site's name above the first row of its floor
MIN_FIT_SCALE = 0.55   # the first drawing's zoom: a server's 7.5 pt label stays legible
MAX_FIT_SCALE = 1.5
PDU_W = 5.0


class RackElevationView(QGraphicsView):
    """Draws an Elevation; zooms with the wheel like the canvas."""

    def __init__(self, theme: Theme) -> None:
        super().__init__()
        self.theme = theme
        self.setScene(QGraphicsScene(self))
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)   # rows start at the left
        self.boxes: dict[str, QGraphicsRectItem] = {}
        self.row_height = 0.0
        self.model: Elevation | None = None
        self.lines: list[list[int]] = []   # the rows (indices) of each line of the drawing, side by side
        self.auto_fit = True          # the first row across the width, as the view is sized; until the user zooms
        self.fit_whole = False        # after Fit: the whole floor in view, as the view is sized; until the user zooms

    def wheelEvent(self, event) -> None:
        factor = 1.15 if event.angleDelta().y() > 0 else 1 / 1.15
        self.auto_fit = self.fit_whole = False
        self.scale(factor, factor)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if self.auto_fit:             # a dock is laid out after its first drawing: fit to its real size
            self.fit_first_row()
        elif self.fit_whole:
            self.fit()

    def show_elevation(self, model: Elevation) -> None:
        """Draw the floor one row under the other (or as Fit last arranged it, while it holds)."""
        self.model = model
        self._draw(model, self._fitted_lines() if self.fit_whole else [[r] for r in range(len(model.rows))])
        if self.fit_whole:
            self._fit_scene()

    def _draw(self, model: Elevation, lines: list[list[int]]) -> None:
        """Draw the floor's rows in `lines`: each line the rows (indices) drawn side by side, a gap between them."""
        scene = self.scene()
        scene.clear()
        self.boxes = {}
        self.lines = lines
        scene.setBackgroundBrush(QBrush(self.theme.background))
        y = 0.0
        site_at = {f.rows.start: model.heading(f) for f in model.floors}   # a floor's first row -> its heading
        self.row_height = (SITE_H if site_at else 0.0) + HEAD_H + max((c.units for c in model.racks),
                                                                      default=42) * U_PX + ROW_GAP
        for line in lines:
            height = max((c.units for r in line for c in model.rows[r]), default=42) * U_PX
            top = y + (SITE_H if any(r in site_at for r in line) else 0.0)
            starts = self._row_starts(model, line)
            headed = [k for k, r in enumerate(line) if r in site_at]
            for k, r in enumerate(line):
                if r in site_at:       # up to the next heading on this line, never over it
                    later = [starts[j] for j in headed if j > k]
                    room = later[0] - starts[k] - ROW_SIDE_GAP / 2 if later else None
                    self._heading(site_at[r], starts[k], y, room)
                x = starts[k]
                for col in model.rows[r]:
                    self._rack(col, x, top, height)
                    x += RACK_W + RACK_GAP
            y = top + HEAD_H + height + ROW_GAP
        scene.setSceneRect(scene.itemsBoundingRect().adjusted(-10, -10, 10, 10))

    @Slot()
    def fit(self) -> None:
        """The whole floor in view, as large as the view allows: in a wide, short view (a dock along the bottom)
        rows are drawn side by side, as many to a line as makes the drawing largest."""
        self.auto_fit, self.fit_whole = False, True
        if self.model is not None:
            lines = self._fitted_lines()
            if lines != self.lines:
                self._draw(self.model, lines)
        self._fit_scene()

    def _fitted_lines(self) -> list[list[int]]:
        assert self.model is not None
        rows = self.model.rows
        return rows_in_lines([len(row) for row in rows], [max((c.units for c in row), default=42) for row in rows],
                             self.viewport().width(), self.viewport().height(),
                             {f.rows.start for f in self.model.floors})

    def _fit_scene(self) -> None:
        self.resetTransform()
        self.fitInView(self.scene().sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)

    def fit_first_row(self) -> None:
        """The first row whole in the view, as large as fits, but never so small that a server's label cannot
        be read (scroll for the rest, and for the other rows); shown from its top, where the racks' names are."""
        rect = self.scene().sceneRect()
        if rect.isEmpty():
            return
        self.resetTransform()
        first = QRectF(rect.x(), rect.y(), rect.width(), min(rect.height(), self.row_height))
        fits = min(self.viewport().width() / max(1.0, first.width()),
                   self.viewport().height() / max(1.0, first.height()))
        scale = max(MIN_FIT_SCALE, min(fits, MAX_FIT_SCALE))
        self.scale(scale, scale)
        self.ensureVisible(QRectF(first.x(), first.y(), 1.0, 1.0), 0, 0)   # from the top left: the racks' names
                                                                           # and power bars in view

    # ---- one rack ---------------------------------------------------------------------------------
    def _rack(self, col: RackColumn, x: float, y: float, height: float) -> None:
        scene, t = self.scene(), self.theme
        top = y + HEAD_H
        frame = scene.addRect(QRectF(x, top, RACK_W, col.units * U_PX), QPen(t.node_border, 1.2),
                              QBrush(t.node_fill))
        frame.setToolTip(self.tr("Rack {0}: {1} of {2} U, {3:.1f} of {4:.0f} kW, {5} PDUs").format(
            col.name, col.used_u, col.units, col.power_w / 1000, col.budget_w / 1000, col.pdus))
        self._text(col.name, x, y, bold=True)
        load = col.power_w / col.budget_w if col.budget_w else 0.0
        self._text(self.tr("{0:.1f} / {1:.0f} kW").format(col.power_w / 1000, col.budget_w / 1000),
                   x + 46, y + 1)
        bar = QColor(t.selection if load <= 1.0 else QColor(t.protocol("rocev2")))
        scene.addRect(QRectF(x, y + 18, RACK_W * min(load, 1.0), 5), QPen(Qt.PenStyle.NoPen), QBrush(bar))
        scene.addRect(QRectF(x, y + 18, RACK_W, 5), QPen(t.node_border, 0.6))
        if col.pdus:
            for side in (x - PDU_W - 1, x + RACK_W + 1):
                pdu = scene.addRect(QRectF(side, top + 4, PDU_W, col.units * U_PX - 8), QPen(t.node_border, 0.6),
                                    QBrush(t.grid))
                pdu.setToolTip(self.tr("{0} PDUs on the A and B feeds").format(col.pdus))
        for box in col.boxes:
            self._box(box, x, top, col.units)

    def _box(self, box: Box, x: float, top: float, units: int) -> None:
        t = self.theme
        y = top + (units - (box.u + box.height_u - 1)) * U_PX
        rect = QRectF(x + 3, y + 1, RACK_W - 6, box.height_u * U_PX - 2)
        fill = QColor(t.protocol(box.family)) if box.family != "neutral" else QColor(t.background)
        if box.family != "neutral":
            fill.setAlpha(150)
        item = self.scene().addRect(rect, QPen(t.node_border, 0.8), QBrush(fill))
        item.setToolTip(self.tr("{0}\n{1} ({2})\nU{3}-U{4}, {5:,.0f} W").format(
            box.label, box.model, box.kind, box.u, box.u + box.height_u - 1, box.power_w))
        self.boxes[box.item] = item
        label = QGraphicsSimpleTextItem(box.label, item)
        font = QFont(label.font())
        font.setPointSizeF(6.5 if box.height_u < 2 else 7.5)
        label.setFont(font)
        label.setBrush(QBrush(t.text))
        text_w = label.boundingRect().width()
        if text_w > rect.width() - 4:
            label.setScale((rect.width() - 4) / text_w)
        label.setPos(rect.x() + 2, rect.y() + max(0.0, (rect.height() - label.boundingRect().height()) / 2))

    def _text(self, text: str, x: float, y: float, bold: bool = False, size_pt: float = 8.5) -> QGraphicsSimpleTextItem:
        item = self.scene().addSimpleText(text)
        font = QFont(item.font())
        font.setBold(bold)
        font.setPointSizeF(size_pt)
        item.setFont(font)
        item.setBrush(QBrush(self.theme.text))
        item.setPos(x, y)
        return item

    def _heading(self, text: str, x: float, y: float, room: float | None) -> None:
        """A site's name over its floor, cut short with an ellipsis where it would run into the next site's
        heading on the same line (the whole name in its tooltip)."""
        item = self._text(text, x, y, bold=True, size_pt=11.0)
        if room is not None and item.boundingRect().width() > room:
            item.setText(QFontMetricsF(item.font()).elidedText(text, Qt.TextElideMode.ElideRight, max(room, 0.0)))
            item.setToolTip(text)

    @staticmethod
    def _row_starts(model: Elevation, line: list[int]) -> list[float]:
        """Where each row of a line starts: rows side by side, ROW_SIDE_GAP between two."""
        starts, x = [], 0.0
        for r in line:
            starts.append(x)
            x += len(model.rows[r]) * (RACK_W + RACK_GAP) + ROW_SIDE_GAP - RACK_GAP
        return starts


def rows_in_lines(racks: list[int], units: list[int], view_w: float, view_h: float,
                  headed: set[int] | frozenset[int] = frozenset()) -> list[list[int]]:
    """The floor's rows (`racks` per row, `units` high) in order, in lines of consecutive rows side by side, so that
    the whole floor drawn in a `view_w` x `view_h` view is as large as it can be: for each width a line may take
    (the first rows' together, or the floor's width shared by k lines), rows are packed greedily, and the packing
    whose bounding box scales largest into the view wins (one row a line when the view is tall, all in one line when
    it is very wide). A line holding a row of `headed` (a site's first) is a site's heading taller, as drawn."""
    n = len(racks)
    if n == 0:
        return []
    widths = [k * (RACK_W + RACK_GAP) for k in racks]
    side = ROW_SIDE_GAP - RACK_GAP
    total = sum(widths) + (n - 1) * side
    limits = {sum(widths[:j + 1]) + j * side for j in range(n)} | {max(max(widths), total / k) for k in range(1, n + 1)}
    best: tuple[float, list[list[int]]] = (-1.0, [[r] for r in range(n)])
    for limit in sorted(limits):
        lines = _packed(widths, side, limit)
        width = max(sum(widths[r] for r in line) + (len(line) - 1) * side for line in lines)
        height = sum(_line_height([units[r] for r in line], any(r in headed for r in line)) for line in lines)
        scale = min(view_w / max(width, 1.0), view_h / max(height, 1.0))
        if scale > best[0] + 1e-12:
            best = (scale, lines)
    return best[1]


def _line_height(units: list[int], headed: bool) -> float:
    """A line's height as `_draw` stacks it: the site's heading if one starts there, the racks' names, the racks."""
    return (SITE_H if headed else 0.0) + HEAD_H + max(units) * U_PX + ROW_GAP


def _packed(widths: list[float], side: float, limit: float) -> list[list[int]]:
    """Rows in order, each added to the current line while the line stays within `limit` wide (a row wider than
    the limit takes a line of its own)."""
    lines: list[list[int]] = [[0]]
    width = widths[0]
    for r in range(1, len(widths)):
        if width + side + widths[r] <= limit + 1e-9:
            lines[-1].append(r)
            width += side + widths[r]
        else:
            lines.append([r])
            width = widths[r]
    return lines
