"""Servers tinted by the jobs that run on them: a band of each job's colour around the server, under its body.

A server that holds GPUs of two or more jobs shows them side by side, each band as wide as its share of the
server's GPUs. The layer only views what it is handed (designer/sim/job_layout.py: which jobs run where) and the
nodes' positions in the scene; it edits nothing.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QGraphicsObject, QStyleOptionGraphicsItem, QWidget

from designer.ui.node_item import BODY
from designer.ui.theme import job_colour

MARGIN_PX = 7.0        # how far the band reaches out of the server's body (scene units)


class JobTintLayer(QGraphicsObject):
    """Job colours around the servers of a fabric scene; `set_layout` to change them."""

    def __init__(self, scene) -> None:
        super().__init__()
        self.fabric_scene = scene
        self.setZValue(9)                   # under the nodes (10), above cables and the heat-map
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.servers: dict[str, list[tuple[int, int]]] = {}
        self._bounds = QRectF()

    def set_layout(self, servers: dict[str, list[tuple[int, int]]]) -> None:
        """Per server id, the (job index, GPUs) pairs it holds."""
        self.prepareGeometryChange()
        self.servers = dict(servers)
        self._bounds = self._extent()
        self.update()

    def _extent(self) -> QRectF:
        rect = QRectF()
        for node_id in self.servers:
            item = self.fabric_scene.node_items.get(node_id)
            if item is not None:
                rect = rect.united(self.band_rect(item.pos()))
        return rect

    def moved(self) -> None:
        """Nodes moved: the bands follow them."""
        self.set_layout(self.servers)

    @staticmethod
    def band_rect(pos) -> QRectF:
        return BODY.translated(pos).adjusted(-MARGIN_PX, -MARGIN_PX, MARGIN_PX, MARGIN_PX)

    def colours_of(self, node_id: str) -> list[str]:
        """The colours a server shows, left to right (for tests and tooltips)."""
        return [job_colour(k).name() for k, _n in self.servers.get(node_id, [])]

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        exposed = option.exposedRect
        for node_id, shares in self.servers.items():
            item = self.fabric_scene.node_items.get(node_id)
            if item is None:
                continue
            rect = self.band_rect(item.pos())
            if not rect.intersects(exposed):
                continue
            total = sum(n for _k, n in shares) or 1
            left = rect.left()
            for k, n in shares:
                width = rect.width() * n / total
                painter.fillRect(QRectF(left, rect.top(), width, rect.height()), job_colour(k))
                left += width
