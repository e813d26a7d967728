"""Export the canvas as PNG (at a chosen scale, for high-DPI sharpness), SVG or PDF (both vector).

Each exporter draws the whole drawing, or `source` (a scene rectangle, e.g. the current view) when given.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, QMarginsF, QRectF, QSize, Qt
from PySide6.QtGui import QImage, QPageSize, QPainter, QPdfWriter
from PySide6.QtSvg import QSvgGenerator

from designer.ui.scene import FabricScene

MARGIN = 40.0


def _cannot_write(path: str | Path) -> OSError:
    """The error the export dialogs show (in the window's language)."""
    return OSError(QCoreApplication.translate("ImageExportDialog", "cannot write {0}").format(path))


def _source(scene: FabricScene) -> QRectF:
    rect = scene.nodes_rect()
    for hull in scene.hull_items.values():
        rect = rect.united(hull.sceneBoundingRect())
    return rect.adjusted(-MARGIN, -MARGIN, MARGIN, MARGIN)


def export_png(scene: FabricScene, path: str | Path, scale: float = 2.0, source: QRectF | None = None) -> QSize:
    """Render the drawing to a PNG at `scale` pixels per scene unit; returns the image size in pixels."""
    src = source or _source(scene)
    size = QSize(max(1, int(src.width() * scale)), max(1, int(src.height() * scale)))
    image = QImage(size, QImage.Format.Format_ARGB32)
    image.fill(scene.theme.background)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    scene.render(painter, QRectF(0, 0, size.width(), size.height()), src, Qt.AspectRatioMode.KeepAspectRatio)
    painter.end()
    # PySide6 takes the format as a str and refuses bytes; its stubs ask for bytes
    if not image.save(str(path), "PNG"):  # type: ignore[call-overload]
        raise _cannot_write(path)
    return size


def export_svg(scene: FabricScene, path: str | Path, title: str = "Fabric", source: QRectF | None = None) -> None:
    """Render the drawing as vector SVG (icons embedded)."""
    src = source or _source(scene)
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
        raise _cannot_write(path)


def export_pdf(scene: FabricScene, path: str | Path, title: str = "Fabric", source: QRectF | None = None) -> None:
    """Render the drawing as a one-page vector PDF sized to the drawing (72 scene units per inch)."""
    src = source or _source(scene)
    writer = QPdfWriter(str(path))
    writer.setTitle(title)
    writer.setCreator("Fabric Designer")
    writer.setResolution(72)
    writer.setPageSize(QPageSize(src.size(), QPageSize.Unit.Point, title, QPageSize.SizeMatchPolicy.ExactMatch))
    writer.setPageMargins(QMarginsF(0, 0, 0, 0))
    painter = QPainter(writer)
    if not painter.isActive():
        raise _cannot_write(path)
    target = QRectF(0, 0, writer.width(), writer.height())
    painter.fillRect(target, scene.theme.background)
    scene.render(painter, target, src, Qt.AspectRatioMode.KeepAspectRatio)
    painter.end()
    if not Path(path).exists():
        raise _cannot_write(path)
