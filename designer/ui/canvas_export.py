"""Export the canvas as PNG (at a chosen scale, for high-DPI sharpness) or SVG (vector)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QImage, QPainter
from PySide6.QtSvg import QSvgGenerator

from designer.ui.scene import FabricScene

MARGIN = 40.0


def _source(scene: FabricScene) -> QRectF:
    rect = scene.nodes_rect()
    for hull in scene.hull_items.values():
        rect = rect.united(hull.sceneBoundingRect())
    return rect.adjusted(-MARGIN, -MARGIN, MARGIN, MARGIN)


def export_png(scene: FabricScene, path: str | Path, scale: float = 2.0) -> QSize:
    """Render the whole drawing to a PNG; returns the image size in pixels."""
    src = _source(scene)
    size = QSize(max(1, int(src.width() * scale)), max(1, int(src.height() * scale)))
    image = QImage(size, QImage.Format.Format_ARGB32)
    image.fill(scene.theme.background)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    scene.render(painter, QRectF(0, 0, size.width(), size.height()), src, Qt.AspectRatioMode.KeepAspectRatio)
    painter.end()
    if not image.save(str(path), "PNG"):
        raise OSError(f"cannot write {path}")
    return size


def export_svg(scene: FabricScene, path: str | Path, title: str = "Fabric") -> None:
    """Render the whole drawing as vector SVG (icons embedded)."""
    src = _source(scene)
    gen = QSvgGenerator()
    gen.setFileName(str(path))
    gen.setSize(QSize(int(src.width()), int(src.height())))
    gen.setViewBox(QRectF(0, 0, src.width(), src.height()))
    gen.setTitle(title)
    gen.setDescription("Exported by Fabric Designer")
    painter = QPainter(gen)
    painter.fillRect(QRectF(0, 0, src.width(), src.height()), scene.theme.background)
    scene.render(painter, QRectF(0, 0, src.width(), src.height()), src)
    painter.end()
    if not Path(path).exists():
        raise OSError(f"cannot write {path}")
