"""Link utilization as a heat-map over the canvas: one item colours every cable, or every bundle when the fabric
is drawn as bundles (by its busiest cable, as the legend says).

Recolouring thousands of cables with `setPen` per item is slow (~112 s for 12k links with the BSP index); this
layer keeps utilization per row of the scene's cable arrays (numpy) and a paint draws the exposed cables with one
`drawLines` per colour bucket. Cables paused by PFC or waiting for IB credits, or dropping, get a dashed outline
that blinks (toggled by a timer, one `update()`), so the eye finds them. It stays in the scene across a theme
switch or a redraw of the items, and maps the last utilization onto the cables again when their rows changed.
"""

from __future__ import annotations

from html import escape

import numpy as np
from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QRectF, Qt, QTimer, Slot
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen
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
             + escape(QCoreApplication.translate("HeatmapLayer", str(name)))      # "< 25 %" is text, not a tag
             for c, name in zip(COLOURS, BUCKET_NAMES, strict=True)]
    parts.append(f"<span style='color:{PAUSED_COLOUR}; font-size:15px'>┅┅</span> "
                 + QCoreApplication.translate("HeatmapLayer", "paused / credit wait"))
    bundles = QCoreApplication.translate("HeatmapLayer", "a bundle shows its busiest cable")
    return QCoreApplication.translate("HeatmapLayer", "Utilization: {0}").format("&nbsp;&nbsp;".join(parts)) + \
        f" &nbsp;·&nbsp; <i>{escape(bundles)}</i>"


class HeatmapLayer(QGraphicsObject):
    """Colours the cables (or bundles) of a scene by utilization; `set_utilization` to update."""

    def __init__(self, scene) -> None:
        super().__init__()
        self.fabric_scene = scene
        self.setZValue(4)                       # above the protocol-coloured cables, below chosen ones
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.link_ids: list[str] = []
        self.util = np.zeros(0)
        self.paused = np.zeros(0, dtype=bool)
        self.dropping = np.zeros(0, dtype=bool)
        self._rows = np.zeros(0, dtype=np.int64)      # snapshot position -> cable row (-1: not drawn here)
        self._rows_key: tuple = ()
        self._row_bucket = np.zeros(0, dtype=np.int64)   # per cable row: colour bucket (-1: no value)
        self._row_marked = np.zeros(0, dtype=bool)
        self._bundle_bucket: np.ndarray | None = None
        self._blink_on = True
        self.blink = QTimer(self)
        self.blink.setInterval(400)
        self.blink.timeout.connect(self._toggle_blink)

    def set_utilization(self, link_ids: list[str], util: np.ndarray, paused: np.ndarray | None = None,
                        dropping: np.ndarray | None = None) -> None:
        """New per-link utilization (0..1, same order as link_ids) and optional paused/dropping flags."""
        self.link_ids = link_ids
        self.util = np.asarray(util, dtype=float)
        n = len(link_ids)
        self.paused = np.zeros(n, bool) if paused is None else np.asarray(paused, bool)
        self.dropping = np.zeros(n, bool) if dropping is None else np.asarray(dropping, bool)
        self._recolour()

    def _rows_of(self, link_ids: list[str]) -> np.ndarray:
        """Cable rows of a snapshot's links. A run keeps one order of links, so the map is made once per run
        and drawing (the key samples the list: comparing 56k ids per snapshot would cost more than the recolour)."""
        geo = self.fabric_scene.cables
        n = len(link_ids)
        key = (geo.version, n, link_ids[0], link_ids[n // 2], link_ids[-1]) if n else (geo.version, 0)
        if key != self._rows_key:
            self._rows = np.fromiter((geo.index.get(lid, -1) for lid in link_ids), dtype=np.int64, count=n)
            self._rows_key = key
        return self._rows

    def _recolour(self) -> None:
        geo = self.fabric_scene.cables
        rows = self._rows_of(self.link_ids)
        valid = rows >= 0
        bucket = np.full(len(geo.ids), -1, dtype=np.int64)
        bucket[rows[valid]] = bucket_of(self.util[valid])
        marked = np.zeros(len(geo.ids), dtype=bool)
        marked[rows[valid]] = (self.paused | self.dropping)[valid]
        self._row_bucket, self._row_marked = bucket, marked
        self._bundle_bucket = None
        if marked.any() and not self.blink.isActive():
            self.blink.start()
        elif not marked.any():
            self.blink.stop()
            self._blink_on = True
        self.update()

    def _current(self) -> None:
        """Map the last utilization again if the scene's cables were rebuilt (a theme switch, an edit)."""
        if len(self._row_bucket) != len(self.fabric_scene.cables.ids) or \
                self._rows_key[:1] != (self.fabric_scene.cables.version,):
            self._recolour()

    def bundle_buckets(self) -> np.ndarray:
        """Colour bucket of each of the scene's bundles: its busiest cable's (-1: none of its cables reported)."""
        self._current()
        scene = self.fabric_scene
        if self._bundle_bucket is None or len(self._bundle_bucket) != len(scene.bundles):
            owner = scene.bundle_of_cable
            worst = np.full(len(scene.bundles), -1, dtype=np.int64)
            has = (owner >= 0) & (self._row_bucket >= 0) if len(owner) == len(self._row_bucket) else None
            if has is not None and has.any():
                np.maximum.at(worst, owner[has], self._row_bucket[has])
            self._bundle_bucket = worst
        return self._bundle_bucket

    def colour_counts(self) -> list[int]:
        """How many drawn cables fall in each colour bucket (what the canvas shows)."""
        self._current()
        shown = self._row_bucket[self.fabric_scene.cable_shown & (self._row_bucket >= 0)]
        return np.bincount(shown, minlength=len(COLOURS)).tolist()

    def colour_of(self, link_id: str) -> str:
        """The heat-map colour of one cable (hex)."""
        k = self.link_ids.index(link_id)
        return COLOURS[int(bucket_of(self.util[k: k + 1])[0])]

    @Slot()
    def _toggle_blink(self) -> None:
        self._blink_on = not self._blink_on
        self.update()

    def boundingRect(self) -> QRectF:
        return self.fabric_scene.sceneRect()

    def shape(self) -> QPainterPath:
        return QPainterPath()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        self._current()
        if self.fabric_scene.bundled:
            self._paint_bundles(painter)
            return
        geo = self.fabric_scene.cables
        rows = geo.in_rect(option.exposedRect, self.fabric_scene.cable_shown & (self._row_bucket >= 0))
        buckets = self._row_bucket[rows]
        lines = geo.lines
        for b, colour in enumerate(COLOURS):
            mine = rows[buckets == b]
            if len(mine):
                pen = QPen(QColor(colour), 3.0 if b else 1.5)
                pen.setCosmetic(True)
                painter.setPen(pen)
                painter.drawLines([lines[k] for k in mine.tolist()])
        marked = rows[self._row_marked[rows]]
        if len(marked) and self._blink_on:
            pen = QPen(QColor(PAUSED_COLOUR), 6.0, Qt.PenStyle.DashLine)
            pen.setCosmetic(True)
            painter.setPen(pen)
            painter.drawLines([lines[k] for k in marked.tolist()])

    def _paint_bundles(self, painter: QPainter) -> None:
        """Each bundle in the colour of its busiest cable, a little wider than the bundle itself."""
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        buckets = self.bundle_buckets()
        items = [it for it in self.fabric_scene.bundle_items if hasattr(it, "line")]
        # the busiest drawn last, so that where bundles cross the hot one stays in sight
        for b, item in sorted(zip(buckets.tolist(), items, strict=False), key=lambda pair: pair[0]):
            if b < 0:
                continue
            pen = QPen(QColor(COLOURS[b]), item.width_px + 1.0)
            pen.setCosmetic(True)
            pen.setCapStyle(Qt.PenCapStyle.RoundCap)
            painter.setPen(pen)
            painter.drawLine(item.line)

    def stop(self) -> None:
        self.blink.stop()
