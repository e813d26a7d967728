"""A node on the canvas: a view of one document Node (icon, label, port usage), never its owner."""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import TYPE_CHECKING, cast

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QApplication, QGraphicsItem, QGraphicsRectItem, QStyleOptionGraphicsItem, QWidget

from designer.model.nodes import Node
from designer.ui import icons
from designer.ui.theme import Theme

if TYPE_CHECKING:                      # the scene imports this module
    from designer.ui.scene import FabricScene

GRID_PX = 20.0
BODY_W, BODY_H = 76.0, 50.0
LABEL_H = 30.0
LABEL_BACKING_ALPHA = 210   # how much of what lies under a node's name its backing hides (of 255)
ICON_PX = 30
# Below this scale the node is a plain tile (no icon, no text): cheap and readable at fabric scale.
LOD_DETAIL = 0.45
LOD_PORTS = 0.8
USAGE_MIN_PT = 6.5          # the smallest font the ports in use shrink to before they are cut short

# node kinds as the window names them (translated where shown)
KIND_NAMES = {"server": QT_TRANSLATE_NOOP("NodeItem", "server"), "switch": QT_TRANSLATE_NOOP("NodeItem", "switch"),
              "gateway": QT_TRANSLATE_NOOP("NodeItem", "gateway"), "storage": QT_TRANSLATE_NOOP("NodeItem", "storage")}
TIER_COLOURS = {"server": "#76b900", "leaf": "#2b6cb0", "spine": "#6b46c1", "core": "#9b2c2c",
                "frontend": "#4a5568", "gateway": "#b7791f", "storage": "#2c7a7b"}


def snap(value: float) -> float:
    return round(value / GRID_PX) * GRID_PX


def kind_name(kind: str) -> str:
    """A node kind in the window's language (an unknown one as it is)."""
    return QCoreApplication.translate("NodeItem", str(KIND_NAMES[kind])) if kind in KIND_NAMES else kind


Usage = str | Callable[[], str]
BOUNDS = QRectF(-BODY_W / 2 - 40, -BODY_H / 2 - 2, BODY_W + 80, BODY_H + LABEL_H + 4)
BODY = QRectF(-BODY_W / 2, -BODY_H / 2, BODY_W, BODY_H)


class NodeItem(QGraphicsRectItem):
    """Paints one node; position changes made by a mouse drag are reported, not written to the document.

    A rect item so that Qt asks C++ for its bounds: a Python boundingRect() was called ~8,000 times a frame on a
    3,000-node fabric. Zoomed out, the scene's NodeTiles layer draws every node at once and these items only
    take clicks and drags (they have no contents then)."""

    def __init__(self, node: Node, theme: Theme, usage: Usage = "", detailed: bool = True) -> None:
        super().__init__(BOUNDS)
        self.setPen(QPen(Qt.PenStyle.NoPen))
        self.node_id = node.id
        self.theme = theme
        flags = QGraphicsItem.GraphicsItemFlag.ItemIsSelectable | QGraphicsItem.GraphicsItemFlag.ItemIsMovable
        self.setFlags(flags if detailed else flags | QGraphicsItem.GraphicsItemFlag.ItemHasNoContents)
        self.setZValue(10)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)  # pans repaint from a pixmap
        self.sync(node, usage)

    def sync(self, node: Node, usage: Usage = "") -> bool:
        """Take label, icon and position from the document's node; True when it moved. `usage`: the ports in use
        ("be 3/8"), or what tells them when first shown (an open of 3,000 nodes shows none of them)."""
        self.label = node.display_name
        self.icon = icons.node_icon_name(node)
        self.tile = QColor(TIER_COLOURS.get(self.icon, "#888888"))
        self._usage = usage
        self.node = node                  # for the tooltip, made when asked (3,000 of them slowed an open)
        moved = self.pos() != QPointF(node.x, node.y)
        if moved:
            self.setPos(node.x, node.y)
        self.update()
        return moved

    @property
    def usage(self) -> str:
        if not isinstance(self._usage, str):
            self._usage = self._usage()
        return self._usage

    def toolTip(self) -> str:          # Qt's name: the scene asks for it when the pointer rests here
        """A rich-text tooltip: text from the file is escaped (a label "<img src=...>" shows as typed)."""
        node, usage = self.node, self.usage
        return (f"<b>{escape(node.display_name)}</b><br>{escape(kind_name(node.kind))} · {escape(node.model)}"
                + (f" · {escape(node.role)}" if node.role else "")
                + ("<br>" + QCoreApplication.translate("NodeItem", "{0} GPUs").format(node.gpus) if node.gpus else "")
                + ("<br>" + QCoreApplication.translate("NodeItem", "ports used: {0}").format(usage) if usage else ""))

    def body_rect(self) -> QRectF:
        return QRectF(BODY)

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addRect(BODY.adjusted(0, 0, 0, LABEL_H * 0.6))
        return path

    def set_detailed(self, detailed: bool) -> None:
        """Paint itself (zoomed in) or leave it to the scene's tiles (zoomed out)."""
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents, not detailed)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        lod = option.levelOfDetailFromTransform(painter.worldTransform())
        body = self.body_rect()
        selected = self.isSelected()
        if lod < LOD_DETAIL:
            painter.fillRect(body, self.theme.selection if selected else self.tile)
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        pen = QPen(self.theme.selection if selected else self.theme.node_border, 2.5 if selected else 1.0)
        pen.setCosmetic(True)
        painter.setPen(pen)
        painter.setBrush(self.theme.node_fill)
        painter.drawRoundedRect(body, 6, 6)
        self.paint_face(painter, body)
        self.paint_text(painter, body, lod, selected)

    def paint_face(self, painter: QPainter, body: QRectF) -> None:
        """Inside the body: the tier stripe and the icon."""
        painter.fillRect(QRectF(body.left() + 1, body.top() + 1, 4, body.height() - 2), self.tile)
        painter.drawPixmap(QRectF(-ICON_PX / 2, body.top() + 4, ICON_PX, ICON_PX),
                           icons.pixmap(self.icon, ICON_PX), QRectF())

    def paint_usage(self, painter: QPainter, font: QFont, rect: QRectF) -> None:
        """The ports in use, in the body beside the tier stripe (`fitted_usage`)."""
        text, fitted = fitted_usage(self.usage, font, rect.width())
        painter.setFont(fitted)
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)

    def paint_text(self, painter: QPainter, body: QRectF, lod: float, selected: bool) -> None:
        """The ports in use at the foot of the body (zoomed in) and the label under it."""
        painter.setPen(self.theme.text)
        font = QFont(painter.font())
        font.setPointSizeF(8.0)
        painter.setFont(font)
        if lod >= LOD_PORTS and self.usage:
            self.paint_usage(painter, font, QRectF(body.left() + 5, body.bottom() - 14, body.width() - 6, 13))
        font.setPointSizeF(8.5)
        font.setBold(selected)
        painter.setFont(font)
        label_rect = QRectF(body.center().x() - BODY_W / 2 - 38, body.bottom() + 2, BODY_W + 76, LABEL_H - 4)
        text = painter.fontMetrics().elidedText(self.label, Qt.TextElideMode.ElideMiddle, int(label_rect.width()))
        flags = Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop
        # the name on a patch of the canvas's colour: cables drawn under the nodes no longer cross its letters
        backing = QColor(self.theme.background)
        backing.setAlpha(LABEL_BACKING_ALPHA)
        ink = painter.fontMetrics().boundingRect(label_rect.toRect(), int(flags), text)
        painter.fillRect(ink.adjusted(-2, 0, 2, 0), backing)
        painter.drawText(label_rect, flags, text)

    def mouseMoveEvent(self, event) -> None:
        """Qt moves the selected nodes; snap them to the grid (hold Alt to place freely) and let the scene move
        their cables. (No itemChange override: Qt would call it a dozen times per item while a fabric is built.)"""
        super().mouseMoveEvent(event)
        scene = cast("FabricScene | None", self.scene())     # node items live only in the fabric scene
        if scene is None:
            return
        free = bool(QApplication.keyboardModifiers() & Qt.KeyboardModifier.AltModifier)
        for item in scene.selectedItems():
            if isinstance(item, NodeItem):
                if not free:
                    item.setPos(snap(item.pos().x()), snap(item.pos().y()))
                scene.node_item_moved(item.node_id)


def fitted_usage(usage: str, font: QFont, width_px: float) -> tuple[str, QFont]:
    """The ports in use as they fit `width_px`, and the font to draw them in. Where they are wider (a site-edge
    box's "lan 4/12 · wan 4/4") the font shrinks, down to USAGE_MIN_PT, and the text closes up ("lan 4/12·wan 4/4",
    then "lan4/12·wan4/4") until it fits; only then is it cut short (the whole in the node's tooltip)."""
    smallest = QFont(font)
    smallest.setPointSizeF(USAGE_MIN_PT)
    closed = usage.replace(" · ", "·")
    for text in (usage, closed, closed.replace(" ", "")):
        if QFontMetricsF(smallest).horizontalAdvance(text) <= width_px:
            break
    fitted = QFont(font)
    natural_px = QFontMetricsF(font).horizontalAdvance(text)
    if natural_px > width_px:
        fitted.setPointSizeF(max(USAGE_MIN_PT, font.pointSizeF() * width_px / natural_px * 0.98))
    return QFontMetricsF(fitted).elidedText(text, Qt.TextElideMode.ElideRight, width_px), fitted
