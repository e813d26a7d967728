"""Zoomed out, every node is a coloured tile: one item draws them all (one `drawRects` per tier colour).

Below the zoom where a node's icon and label can be read, thousands of NodeItem paints (a Python call each)
were most of a frame; the items stay for clicks and drags but draw nothing then (`NodeItem.set_detailed`).
"""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from designer.ui.node_item import BODY, BODY_H, BODY_W


class NodeTiles(QGraphicsItem):
    """Tiles of a scene's nodes at their item positions; `refresh` after nodes are added, removed or moved."""

    def __init__(self, scene) -> None:
        super().__init__()
        self.fabric_scene = scene
        self.setZValue(10)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.ids: list[str] = []
        self.index: dict[str, int] = {}
        self.xy = np.zeros((0, 2))
        self.colour = np.zeros(0, dtype=np.int32)
        self.colours: list[QColor] = []
        self._rects: list[QRectF] | None = None      # one per node, made when first drawn after a change
        self._rect = QRectF()

    def refresh(self) -> None:
        items = self.fabric_scene.node_items
        self.ids = list(items)
        self.index = {nid: k for k, nid in enumerate(self.ids)}
        self.xy = np.array([(it.pos().x(), it.pos().y()) for it in items.values()]).reshape(-1, 2)
        names: dict[str, int] = {}
        self.colour = np.array([names.setdefault(it.tile.name(), len(names)) for it in items.values()],
                               dtype=np.int32)
        self.colours = [QColor(name) for name in names]
        self._rects = None
        self.prepareGeometryChange()
        if len(self.xy):
            lo, hi = self.xy.min(axis=0), self.xy.max(axis=0)
            self._rect = QRectF(lo[0], lo[1], hi[0] - lo[0], hi[1] - lo[1]).adjusted(-BODY_W, -BODY_H, BODY_W, BODY_H)
        else:
            self._rect = QRectF()
        self.update()

    def moved(self, node_id: str, x: float, y: float) -> None:
        k = self.index.get(node_id)
        if k is None:
            return
        self.xy[k] = (x, y)
        if self._rects is not None:
            self._rects[k] = BODY.translated(x, y)
        if not self._rect.adjusted(BODY_W, BODY_H, -BODY_W, -BODY_H).contains(x, y):
            self.refresh()
        else:
            self.update()

    def boundingRect(self) -> QRectF:
        return self._rect

    def shape(self) -> QPainterPath:
        return QPainterPath()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        scene = self.fabric_scene
        if scene.detailed or not len(self.xy):
            return
        r = option.exposedRect
        x, y = self.xy[:, 0], self.xy[:, 1]
        inside = ((x >= r.left() - BODY_W) & (x <= r.right() + BODY_W) & (y >= r.top() - BODY_H)
                  & (y <= r.bottom() + BODY_H))
        painter.setPen(Qt.PenStyle.NoPen)
        if self._rects is None:
            self._rects = [BODY.translated(px, py) for px, py in self.xy.tolist()]
        rects = self._rects
        for c, colour in enumerate(self.colours):
            rows = np.nonzero(inside & (self.colour == c))[0]
            if len(rows):
                painter.setBrush(colour)
                painter.drawRects([rects[k] for k in rows.tolist()])
        selected = [it for it in scene.selectedItems() if getattr(it, "node_id", None) in scene.node_items]
        if selected:
            painter.setBrush(scene.theme.selection)
            painter.drawRects([BODY.translated(it.pos()) for it in selected])
