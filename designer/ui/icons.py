"""The SVG icons of node kinds (resources/icons), rendered once per size and device-pixel ratio."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QIcon, QPainter, QPixmap
from PySide6.QtSvg import QSvgRenderer

from designer.model.nodes import Node

ICON_DIR = Path(__file__).resolve().parents[2] / "resources" / "icons"
ICON_NAMES = ("server", "leaf", "spine", "core", "frontend", "gateway", "storage")

_renderers: dict[str, QSvgRenderer] = {}
_pixmaps: dict[tuple[str, int, float], QPixmap] = {}


def icon_name(kind: str, role: str | None) -> str:
    """Which icon draws a node: switches by role, everything else by kind."""
    if kind == "switch":
        return role if role in ICON_NAMES else "leaf"
    return kind if kind in ICON_NAMES else "server"


def node_icon_name(node: Node) -> str:
    return icon_name(node.kind, node.role)


def renderer(name: str) -> QSvgRenderer:
    if name not in _renderers:
        path = ICON_DIR / f"{name}.svg"
        _renderers[name] = QSvgRenderer(str(path))
    return _renderers[name]


def pixmap(name: str, size_px: int, device_pixel_ratio: float = 2.0) -> QPixmap:
    """The icon as a pixmap of `size_px` logical pixels, sharp at `device_pixel_ratio`."""
    key = (name, size_px, device_pixel_ratio)
    if key not in _pixmaps:
        side = max(1, round(size_px * device_pixel_ratio))
        pm = QPixmap(side, side)
        pm.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pm)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        renderer(name).render(painter, QRectF(0, 0, side, side))
        painter.end()
        pm.setDevicePixelRatio(device_pixel_ratio)
        _pixmaps[key] = pm
    return _pixmaps[key]


def qicon(name: str) -> QIcon:
    return QIcon(str(ICON_DIR / f"{name}.svg"))
