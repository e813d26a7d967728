"""The canvas view: zoom under the cursor, pan, rubber-band selection, link drawing, drops.

The view turns gestures into intents (signals); the Editor turns intents into undo commands.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QLineF, QPoint, QPointF, QRect, QRectF, Qt, Signal, Slot
from PySide6.QtGui import QColor, QKeyEvent, QMouseEvent, QPainter, QPen, QWheelEvent
from PySide6.QtWidgets import QGraphicsLineItem, QGraphicsView

from designer.ui.message_area import PointerHint
from designer.ui.node_item import GRID_PX, LOD_DETAIL, NodeItem
from designer.ui.scene import FabricScene

MODEL_MIME = "application/x-fabric-designer-model"
MIN_SCALE, MAX_SCALE = 0.02, 4.0
# Zoomed out, fabrics with many cables draw tier-to-tier bundles. The denser the fabric, the sooner:
# the scale below which bundles appear grows with the square root of the cable count (cables per
# screen area grow with 1/scale^2), from BUNDLE_SCALE at BUNDLE_MIN_LINKS up to 1:1.
BUNDLE_SCALE = 0.33
BUNDLE_MIN_LINKS = 200


def bundle_scale(link_count: int) -> float:
    """The zoom below which a fabric of `link_count` cables is drawn as bundles (0: never)."""
    if link_count <= BUNDLE_MIN_LINKS:
        return 0.0
    return min(1.0, BUNDLE_SCALE * math.sqrt(link_count / BUNDLE_MIN_LINKS))


class FabricView(QGraphicsView):
    """Shows a FabricScene; emits what the user asked for."""

    model_dropped = Signal(str, QPointF)       # palette spec, scene position
    link_requested = Signal(str, str)           # node id, node id
    nodes_moved = Signal(object, object)        # {id: new (x, y)}, {id: old (x, y)}
    nudge_requested = Signal(float, float)      # arrow keys
    files_dropped = Signal(list)
    zoom_changed = Signal(float)

    def __init__(self, scene: FabricScene) -> None:
        super().__init__(scene)
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing
                            | QPainter.RenderHint.SmoothPixmapTransform)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setDragMode(QGraphicsView.DragMode.RubberBandDrag)
        self.setAcceptDrops(True)
        self.setOptimizationFlag(QGraphicsView.OptimizationFlag.DontSavePainterState, True)
        self.mode = "select"
        self._pan_from: QPointF | None = None
        self._space = False
        self._link_from: str | None = None
        self._rubber_link: QGraphicsLineItem | None = None
        self._press_positions: dict[str, tuple[float, float]] = {}
        self.pointer = QPoint()              # where the pointer last was (viewport pixels): hints appear there
        self.hint = PointerHint(self.viewport())

    @property
    def fabric_scene(self) -> FabricScene:
        return self.scene()  # type: ignore[return-value]

    # ---- modes --------------------------------------------------------------------------------
    def set_mode(self, mode: str) -> None:
        """'select' (move, rubber band) or 'link' (drag from a node to another to cable them)."""
        if mode not in ("select", "link"):
            raise ValueError(f"unknown canvas mode '{mode}'")
        self.mode = mode
        self.setDragMode(QGraphicsView.DragMode.RubberBandDrag if mode == "select"
                         else QGraphicsView.DragMode.NoDrag)
        self.viewport().setCursor(Qt.CursorShape.CrossCursor if mode == "link" else Qt.CursorShape.ArrowCursor)

    # ---- zoom ---------------------------------------------------------------------------------
    def scale_factor(self) -> float:
        return self.transform().m11()

    def zoom_by(self, factor: float) -> None:
        target = min(MAX_SCALE, max(MIN_SCALE, self.scale_factor() * factor))
        factor = target / self.scale_factor()
        if abs(factor - 1.0) > 1e-9:
            self.scale(factor, factor)
        self._after_zoom()

    @Slot()
    def zoom_to_fit(self) -> None:
        rect = self.fabric_scene.drawing_rect()
        if rect.isNull():
            rect = QRectF(-400, -300, 800, 600)
        self.fitInView(rect.adjusted(-40, -40, 40, 40), Qt.AspectRatioMode.KeepAspectRatio)
        tag_px = self.fabric_scene.tag_height_px()
        if tag_px:      # the segments' tags keep their size at every zoom: room above the outlines at this one
            top = 1.2 * (tag_px + 8) / self.scale_factor()
            self.fitInView(rect.adjusted(-40, -40 - top, 40, 40), Qt.AspectRatioMode.KeepAspectRatio)
        if self.scale_factor() > 1.5:
            self.zoom_by(1.5 / self.scale_factor())
        self._after_zoom()

    def centre_on_items(self, rect: QRectF) -> None:
        self.centerOn(rect.center())

    def _after_zoom(self) -> None:
        scene = self.fabric_scene
        scene.set_bundled(self.scale_factor() < bundle_scale(len(scene.doc.links)))
        scene.set_detailed(self.scale_factor() >= LOD_DETAIL)
        self.zoom_changed.emit(self.scale_factor())

    def wheelEvent(self, event: QWheelEvent) -> None:
        steps = event.angleDelta().y() / 120.0
        if steps:
            self.zoom_by(math.pow(1.15, steps))
        event.accept()

    # ---- background grid ----------------------------------------------------------------------
    def drawBackground(self, painter: QPainter, rect: QRectF | QRect) -> None:
        theme = self.fabric_scene.theme
        painter.fillRect(rect, theme.background)
        if self.scale_factor() < 0.3:
            return  # a grid finer than 6 px is noise
        step = GRID_PX * (5 if self.scale_factor() < 0.7 else 1)
        left = math.floor(rect.left() / step) * step
        top = math.floor(rect.top() / step) * step
        lines = []
        x = left
        while x < rect.right():
            lines.append(QLineF(x, rect.top(), x, rect.bottom()))
            x += step
        y = top
        while y < rect.bottom():
            lines.append(QLineF(rect.left(), y, rect.right(), y))
            y += step
        pen = QPen(theme.grid, 1)
        pen.setCosmetic(True)
        painter.setPen(pen)
        painter.drawLines(lines)

    # ---- hints at the pointer ------------------------------------------------------------------
    @Slot(str, str)
    def show_refusal(self, reason: str, hint: str) -> None:
        """A cable the user just drew was refused: say why, and what would work, where the pointer is."""
        self.hint.show_at(self.pointer, self.tr("Cannot connect: {0}").format(reason), hint)

    # ---- mouse --------------------------------------------------------------------------------
    def node_at(self, view_pos: QPointF) -> NodeItem | None:
        for item in self.items(view_pos.toPoint()):
            if isinstance(item, NodeItem):
                return item
        return None

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self.pointer = event.position().toPoint()
        self.hint.hide()
        pan = event.button() == Qt.MouseButton.MiddleButton or (
            event.button() == Qt.MouseButton.LeftButton and self._space)
        if pan:
            self._pan_from = event.position()
            self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
            event.accept()
            return
        if self.mode == "link" and event.button() == Qt.MouseButton.LeftButton:
            node = self.node_at(event.position())
            if node is not None:
                self._link_from = node.node_id
                self._rubber_link = QGraphicsLineItem(QLineF(node.pos(), node.pos()))
                pen = QPen(self.fabric_scene.theme.selection, 2, Qt.PenStyle.DashLine)
                pen.setCosmetic(True)
                self._rubber_link.setPen(pen)
                self._rubber_link.setZValue(100)
                self.fabric_scene.addItem(self._rubber_link)
            event.accept()
            return
        if event.button() == Qt.MouseButton.LeftButton and self._pick_link(event):
            event.accept()
            return
        if event.button() == Qt.MouseButton.LeftButton:
            self.fabric_scene.dragging = True
            self._press_positions = {nid: (it.pos().x(), it.pos().y())
                                     for nid, it in self.fabric_scene.node_items.items() if it.isSelected()}
        super().mousePressEvent(event)
        if event.button() == Qt.MouseButton.LeftButton:
            # the press may have changed the selection: remember every selected node's start
            for nid, it in self.fabric_scene.node_items.items():
                if it.isSelected() and nid not in self._press_positions:
                    self._press_positions[nid] = (it.pos().x(), it.pos().y())

    def cable_at(self, view_pos: QPoint) -> str | None:
        """The cable within a few pixels of a viewport point, unless a node or a tag is there."""
        for item in self.items(view_pos):
            if item.flags() & item.GraphicsItemFlag.ItemIsSelectable:
                return None
        return self.fabric_scene.cable_at(self.mapToScene(view_pos), self.scale_factor())

    def _pick_link(self, event: QMouseEvent) -> bool:
        """A click on or near a cable (with no node or tag above it) chooses it; Ctrl-click toggles."""
        scene = self.fabric_scene
        ctrl = bool(event.modifiers() & Qt.KeyboardModifier.ControlModifier)
        link_id = self.cable_at(event.position().toPoint())
        if link_id is not None:
            chosen = set(scene.chosen_links) if ctrl else set()
            chosen ^= {link_id}
            if not ctrl:
                scene.clearSelection()
            scene.choose_links(chosen)
            return True
        if not ctrl and scene.chosen_links:
            scene.choose_links(set())
        return False

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        self.pointer = event.position().toPoint()
        if self._pan_from is not None:
            delta = event.position() - self._pan_from
            self._pan_from = event.position()
            self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() - round(delta.x()))
            self.verticalScrollBar().setValue(self.verticalScrollBar().value() - round(delta.y()))
            event.accept()
            return
        if self._rubber_link is not None:
            line = self._rubber_link.line()
            self._rubber_link.setLine(QLineF(line.p1(), self.mapToScene(event.position().toPoint())))
            event.accept()
            return
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        self.pointer = event.position().toPoint()
        if self._pan_from is not None:
            self._pan_from = None
            self.set_mode(self.mode)
            event.accept()
            return
        if self._rubber_link is not None:
            self.fabric_scene.removeItem(self._rubber_link)
            self._rubber_link = None
            target = self.node_at(event.position())
            source, self._link_from = self._link_from, None
            if target is not None and source is not None and target.node_id != source:
                self.link_requested.emit(source, target.node_id)
            event.accept()
            return
        super().mouseReleaseEvent(event)
        if event.button() == Qt.MouseButton.LeftButton and self.fabric_scene.dragging:
            self.fabric_scene.dragging = False
            self._finish_drag()

    def _finish_drag(self) -> None:
        """One drag of many nodes is one command, made here on release."""
        items = self.fabric_scene.node_items
        new, old = {}, {}
        for nid, start in self._press_positions.items():
            item = items.get(nid)
            if item is None:
                continue
            now = (item.pos().x(), item.pos().y())
            if now != start:
                new[nid], old[nid] = now, start
        self._press_positions = {}
        if new:
            self.nodes_moved.emit(new, old)

    # ---- keys ---------------------------------------------------------------------------------
    def keyPressEvent(self, event: QKeyEvent) -> None:
        self.hint.hide()
        step = 1.0 if event.modifiers() & Qt.KeyboardModifier.AltModifier else GRID_PX
        arrows: dict[int, tuple[float, float]] = {Qt.Key.Key_Left: (-step, 0.0), Qt.Key.Key_Right: (step, 0.0),
                  Qt.Key.Key_Up: (0.0, -step), Qt.Key.Key_Down: (0.0, step)}
        if event.key() in arrows:
            self.nudge_requested.emit(*arrows[event.key()])
            event.accept()
            return
        if event.key() == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space = True
            self.viewport().setCursor(Qt.CursorShape.OpenHandCursor)
            event.accept()
            return
        super().keyPressEvent(event)

    def keyReleaseEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space = False
            self.set_mode(self.mode)
            event.accept()
            return
        super().keyReleaseEvent(event)

    # ---- drops --------------------------------------------------------------------------------
    def dragEnterEvent(self, event) -> None:
        mime = event.mimeData()
        if mime.hasFormat(MODEL_MIME) or mime.hasUrls():
            event.acceptProposedAction()
        else:
            super().dragEnterEvent(event)

    def dragMoveEvent(self, event) -> None:
        mime = event.mimeData()
        if mime.hasFormat(MODEL_MIME) or mime.hasUrls():
            event.acceptProposedAction()
        else:
            super().dragMoveEvent(event)

    def dropEvent(self, event) -> None:
        mime = event.mimeData()
        if mime.hasFormat(MODEL_MIME):
            spec = bytes(mime.data(MODEL_MIME).data()).decode("utf-8")
            self.model_dropped.emit(spec, self.mapToScene(event.position().toPoint()))
            event.acceptProposedAction()
        elif mime.hasUrls():
            paths = [u.toLocalFile() for u in mime.urls() if u.isLocalFile()]
            if paths:
                self.files_dropped.emit(paths)
            event.acceptProposedAction()
        else:
            super().dropEvent(event)


def overview_pen(colour: QColor) -> QPen:
    pen = QPen(colour, 2)
    pen.setCosmetic(True)
    return pen
