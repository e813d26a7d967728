"""A rack-scale NVLink domain on the canvas (a GB200 or GB300 NVL72 rack): one node drawn as its rack.

The rack stands taller than a server tile, grown upwards so that its label sits where a server's does. Its front
shows the trays as the product stacks them: compute trays above and below a band of NVLink switch trays
(10, 9 and 8 in an NVL72 rack, NVIDIA GB200 NVL72 documentation, docs/references.md [nvidia-gpu-systems]), every
compute tray with its GPUs as small squares. Zoomed out the scene's tiles draw it like any node.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath

from designer.catalog.loader import load_catalog
from designer.catalog.models import ServerModel
from designer.model.nodes import Node
from designer.ui.node_item import BODY, LABEL_H, NodeItem, Usage
from designer.ui.theme import Theme

RACK_W, RACK_H = 76.0, 96.0          # a server tile's width; taller, grown upwards
RACK_BODY = QRectF(-RACK_W / 2, BODY.bottom() - RACK_H, RACK_W, RACK_H)
RACK_BOUNDS = RACK_BODY.adjusted(-40, -2, 40, LABEL_H + 4)
SWITCH_TRAY_COLOUR = "#6b46c1"       # the NVLink switch trays: the spine colour (they join every GPU)
USAGE_H = 14.0                       # the ports-in-use line at the foot (node_item.py)


def rack_model(node: Node) -> ServerModel | None:
    """The catalog model of a node that is a rack-scale NVLink domain, else None."""
    model = load_catalog().servers.get(node.model) if node.kind == "server" else None
    return model if model is not None and model.rack_scale else None


def make_node_item(node: Node, theme: Theme, usage: Usage = "", detailed: bool = True) -> NodeItem:
    """The canvas item of a node: a rack for a rack-scale domain, the usual tile for anything else."""
    model = rack_model(node)
    if model is None:
        return NodeItem(node, theme, usage, detailed)
    return RackItem(node, model, theme, usage, detailed)


def tray_rows(compute_trays: int, switch_trays: int) -> list[bool]:
    """Top to bottom, True for a compute tray: the switch trays in the middle, two compute trays more above."""
    above = (compute_trays + 2) // 2     # NVL72: 10 above the switch trays, 8 below
    return [True] * above + [False] * switch_trays + [True] * (compute_trays - above)


class RackItem(NodeItem):
    """Paints a rack-scale domain: its trays, its GPUs, the ports in use and its label."""

    def __init__(self, node: Node, model: ServerModel, theme: Theme, usage: Usage = "",
                 detailed: bool = True) -> None:
        self.rows = tray_rows(model.compute_trays, model.nvlink_switch_trays)
        self.gpus_per_tray = max(1, model.gpus // max(1, model.compute_trays))
        super().__init__(node, theme, usage, detailed)
        self.setRect(RACK_BOUNDS)

    def body_rect(self) -> QRectF:
        return QRectF(RACK_BODY)

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addRect(RACK_BODY.adjusted(0, 0, 0, LABEL_H * 0.6))
        return path

    def toolTip(self) -> str:
        domain = QCoreApplication.translate("RackItem", "one NVLink domain of {0} GPUs").format(self.node.gpus)
        return f"{super().toolTip()}<br>{domain}"

    def paint_face(self, painter: QPainter, body: QRectF) -> None:
        """One thin bar per tray; a compute tray shows its GPUs in the server colour."""
        area = body.adjusted(5, 4, -5, -USAGE_H - 2)
        pitch = area.height() / max(1, len(self.rows))
        painter.setPen(Qt.PenStyle.NoPen)
        tray_fill = QColor(self.theme.node_border)
        tray_fill.setAlpha(70)
        switch = QColor(SWITCH_TRAY_COLOUR)
        gap = max(0.6, pitch * 0.18)
        for k, compute in enumerate(self.rows):
            bar = QRectF(area.left(), area.top() + k * pitch + gap / 2, area.width(), pitch - gap)
            if not compute:
                painter.fillRect(bar, switch)
                continue
            painter.fillRect(bar, tray_fill)
            cell = bar.width() / self.gpus_per_tray
            for g in range(self.gpus_per_tray):
                painter.fillRect(QRectF(bar.left() + g * cell + 1.5, bar.top(), cell - 3, bar.height()), self.tile)
