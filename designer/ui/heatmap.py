"""Link utilization as a heat-map over the canvas: one item draws every cable, one pen per colour bucket.

Recolouring thousands of cables with `setPen` per item is slow (DESIGN.md §6: ~112 s for 12k links
with the BSP index); this layer keeps the lines in numpy-backed buckets and repaints itself with one
`drawLines` call per bucket. Cables paused by PFC or waiting for IB credits, or dropping, get a
dashed outline that blinks (toggled by a timer, one `update()`), so the eye finds them.
"""

from __future__ import annotations

from html import escape

import numpy as np
from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QLineF, QRectF, Qt, QTimer
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QGraphicsObject, QStyleOptionGraphicsItem, QWidget

# bucket upper bounds (fraction of line rate) and their colours: idle grey-blue to saturated red
BUCKETS = (0.0, 0.25, 0.5, 0.75, 0.9, np.inf)
COLOURS = ("#9aa6b2", "#4c78a8", "#54a24b", "#eeca3b", "#f58518", "#d62728")
BUCKET_NAMES = (QT_TRANSLATE_NOOP("HeatmapLayer", "idle"), "< 25 %", "25–50 %", "50–75 %", "75–90 %", "≥ 90 %")
PAUSED_COLOUR = "#b000b5"
DROP_COLOUR = "#000000"


def bucket_of(util: np.ndarray) -> np.ndarray:
    """Colour bucket of each utilization (0: idle, then by the BUCKETS bounds)."""
    u = np.asarray(util, dtype=float)
    b = np.searchsorted(np.asarray(BUCKETS[1:-1]), u, side="left") + 1
    return np.where(u <= 0.0, 0, b)


def legend_html() -> str:
    """The heat-map legend as rich text (status bar / run panel)."""
    parts = [f"<span style='color:{c}; font-size:15px'>━━</span> "
             + escape(QCoreApplication.translate("HeatmapLayer", name))      # "< 25 %" is text, not a tag
             for c, name in zip(COLOURS, BUCKET_NAMES, strict=True)]
    parts.append(f"<span style='color:{PAUSED_COLOUR}; font-size:15px'>┅┅</span> "
                 + QCoreApplication.translate("HeatmapLayer", "paused / credit wait"))
    return QCoreApplication.translate("HeatmapLayer", "Utilization: {0}").format("&nbsp;&nbsp;".join(parts))


class HeatmapLayer(QGraphicsObject):
    """Draws the cables of a scene coloured by utilization; `set_utilization` to update."""

    def __init__(self, scene) -> None:
        super().__init__()
        self.fabric_scene = scene
        self.setZValue(4)                       # above the protocol-coloured cables, below chosen ones
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.link_ids: list[str] = []
        self.util = np.zeros(0)
        self.paused = np.zeros(0, dtype=bool)
        self.dropping = np.zeros(0, dtype=bool)
        self._buckets: list[list[QLineF]] = [[] for _ in COLOURS]
        self._marked: list[QLineF] = []
        self._rect = QRectF()
        self._blink_on = True
        self.blink = QTimer(self)
        self.blink.setInterval(400)
        self.blink.timeout.connect(self._toggle_blink)

    def set_utilization(self, link_ids: list[str], util: np.ndarray, paused: np.ndarray | None = None,
                        dropping: np.ndarray | None = None) -> None:
        """New per-link utilization (0..1, same order as link_ids) and optional paused/dropping flags."""
        self.link_ids = list(link_ids)
        self.util = np.asarray(util, dtype=float)
        n = len(self.link_ids)
        self.paused = np.zeros(n, bool) if paused is None else np.asarray(paused, bool)
        self.dropping = np.zeros(n, bool) if dropping is None else np.asarray(dropping, bool)
        self._rebuild()

    def _rebuild(self) -> None:
        items = self.fabric_scene.link_items
        buckets = bucket_of(self.util)
        self._buckets = [[] for _ in COLOURS]
        self._marked = []
        rect = QRectF()
        for k, lid in enumerate(self.link_ids):
            item = items.get(lid)
            if item is None or not item.isVisible():
                continue
            line = item.line()
            self._buckets[int(buckets[k])].append(line)
            if self.paused[k] or self.dropping[k]:
                self._marked.append(line)
            rect = rect.united(QRectF(line.p1(), line.p2()).normalized())
        self.prepareGeometryChange()
        self._rect = rect.adjusted(-4, -4, 4, 4)
        if self._marked and not self.blink.isActive():
            self.blink.start()
        elif not self._marked:
            self.blink.stop()
            self._blink_on = True
        self.update()

    def colour_counts(self) -> list[int]:
        """How many drawn cables fall in each colour bucket (what the canvas shows)."""
        return [len(b) for b in self._buckets]

    def colour_of(self, link_id: str) -> str:
        """The heat-map colour of one cable (hex)."""
        k = self.link_ids.index(link_id)
        return COLOURS[int(bucket_of(self.util[k: k + 1])[0])]

    def _toggle_blink(self) -> None:
        self._blink_on = not self._blink_on
        self.update()

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        for colour, lines in zip(COLOURS, self._buckets, strict=True):
            if lines:
                pen = QPen(QColor(colour), 3.0 if colour != COLOURS[0] else 1.5)
                pen.setCosmetic(True)
                painter.setPen(pen)
                painter.drawLines(lines)
        if self._marked and self._blink_on:
            pen = QPen(QColor(PAUSED_COLOUR), 6.0, Qt.PenStyle.DashLine)
            pen.setCosmetic(True)
            painter.setPen(pen)
            painter.drawLines(self._marked)

    def stop(self) -> None:
        self.blink.stop()
