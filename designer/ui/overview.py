"""The overview (minimap): the whole drawing small, with the main view's visible area; click to go there.

The drawing is rendered into a pixmap only after the document changes (debounced), so that panning the
main view costs a rectangle, not a second render of thousands of items.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt, QTimer, Slot
from PySide6.QtGui import QColor, QMouseEvent, QPainter, QPaintEvent, QPen, QPixmap
from PySide6.QtWidgets import QWidget

from designer.ui.view import FabricView


class Overview(QWidget):
    """A fitted, cached picture of the scene plus the main view's visible rectangle."""

    def __init__(self, main: FabricView) -> None:
        super().__init__()
        self.main = main
        self.setMinimumSize(180, 120)
        self.setToolTip(self.tr("Overview: click or drag to move the canvas"))
        self._pixmap = QPixmap()
        self._source = QRectF()
        self._target = QRectF()
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(300)
        self._timer.timeout.connect(self.rerender)
        main.horizontalScrollBar().valueChanged.connect(self.update)
        main.verticalScrollBar().valueChanged.connect(self.update)
        main.zoom_changed.connect(lambda _s: self.update())
        main.fabric_scene.document_changed.connect(lambda _c: self._timer.start())

    @Slot()
    def rerender(self) -> None:
        scene = self.main.fabric_scene
        src = scene.nodes_rect().adjusted(-60, -60, 60, 60)
        if src.isNull() or self.width() < 4 or self.height() < 4:
            return
        scale = min(self.width() / src.width(), self.height() / src.height())
        w, h = src.width() * scale, src.height() * scale
        self._target = QRectF((self.width() - w) / 2, (self.height() - h) / 2, w, h)
        self._source = src
        ratio = self.devicePixelRatioF()
        pm = QPixmap(int(self.width() * ratio), int(self.height() * ratio))
        pm.setDevicePixelRatio(ratio)
        pm.fill(scene.theme.background)
        painter = QPainter(pm)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        bundled = scene.bundled
        if not bundled and len(scene.doc.links) > 200:
            scene.set_bundled(True)  # the overview always shows the bundled picture of a big fabric
        # tags are left out by their own paint (hiding them would deselect a selected segment's tag, and the
        # inspector would jump away from the segment being edited each time the overview redraws)
        scene.quiet_labels = True
        scene.render(painter, self._target, src)
        scene.quiet_labels = False
        if not bundled:
            scene.set_bundled(False)
        painter.end()
        self._pixmap = pm
        self.update()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._timer.start()

    def _to_widget(self, p: QPointF) -> QPointF:
        s = self._target.width() / self._source.width()
        return QPointF(self._target.left() + (p.x() - self._source.left()) * s,
                       self._target.top() + (p.y() - self._source.top()) * s)

    def _to_scene(self, p: QPointF) -> QPointF:
        s = self._source.width() / self._target.width()
        return QPointF(self._source.left() + (p.x() - self._target.left()) * s,
                       self._source.top() + (p.y() - self._target.top()) * s)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.fillRect(self.rect(), self.main.fabric_scene.theme.background)
        if self._pixmap.isNull() or self._source.isNull():
            return
        painter.drawPixmap(0, 0, self._pixmap)
        visible = self.main.mapToScene(self.main.viewport().rect()).boundingRect()
        rect = QRectF(self._to_widget(visible.topLeft()), self._to_widget(visible.bottomRight()))
        colour = QColor(self.main.fabric_scene.theme.selection)
        painter.setPen(QPen(colour, 1.5))
        colour.setAlpha(35)
        painter.setBrush(colour)
        painter.drawRect(rect.intersected(QRectF(self.rect())))

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if not self._source.isNull():
            self.main.centerOn(self._to_scene(event.position()))

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if event.buttons() & Qt.MouseButton.LeftButton and not self._source.isNull():
            self.main.centerOn(self._to_scene(event.position()))
