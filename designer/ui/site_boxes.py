"""Sites of a multi-site design drawn as boxes around their nodes, each long-haul bundle as a tag between two boxes.

A view of the document like the segment hulls: rebuilt from the node items' positions whenever the drawing
changes; it never writes the document.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPen, QTransform
from PySide6.QtWidgets import QGraphicsItem, QGraphicsRectItem, QGraphicsScene, QGraphicsSimpleTextItem, QGraphicsView

from designer.i18n import render
from designer.model.document import FabricDocument
from designer.topology.site_names import shown_site_name
from designer.ui.theme import Theme

PAD_PX = 48.0


class _Tag(QGraphicsSimpleTextItem):
    """A site's or a bundle's name tag; the overview draws the drawing without its tags."""

    def paint(self, painter, option, widget=None) -> None:
        if not getattr(self.scene(), "quiet_labels", False):
            super().paint(painter, option, widget)


class _SiteTag(_Tag):
    """A site's name and GPUs above its box. The tag keeps its size on screen at every zoom, so a long name is cut
    short with an ellipsis, as it is drawn, where it would run past its box (into the next site's tag); the GPU
    count stays whole and the whole name is in the tooltip."""

    def __init__(self, name: str, gpus: int, box_w: float) -> None:
        super().__init__(render("ui.site.tag", site=name, gpus=gpus))
        self.name, self.gpus, self.box_w = name, gpus, box_w
        self.setToolTip(self.text())

    def paint(self, painter, option, widget=None) -> None:
        view = widget.parent() if widget is not None else None
        shown = self.shown_text(view.transform().m11() if isinstance(view, QGraphicsView) else 1.0)
        if getattr(self.scene(), "quiet_labels", False) or shown == self.text():
            super().paint(painter, option, widget)
            return
        painter.setFont(self.font())
        painter.setPen(self.brush().color())
        painter.drawText(QPointF(0.0, QFontMetricsF(self.font()).ascent()), shown)

    def shown_text(self, scale: float) -> str:
        """The tag as drawn in a view at `scale` screen pixels a scene unit: the name cut to fit over the box."""
        metrics = QFontMetricsF(self.font())
        room_px = self.box_w * scale
        if metrics.horizontalAdvance(self.text()) <= room_px:
            return self.text()
        rest_px = metrics.horizontalAdvance(render("ui.site.tag", site="", gpus=self.gpus))
        name = metrics.elidedText(self.name, Qt.TextElideMode.ElideRight, max(room_px - rest_px, 0.0))
        return render("ui.site.tag", site=name, gpus=self.gpus)


def _styled(tag: _Tag, colour: QColor, size: float) -> QGraphicsSimpleTextItem:
    tag.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)   # readable at every zoom
    font = QFont(tag.font())
    font.setBold(True)
    font.setPointSizeF(size)
    tag.setFont(font)
    tag.setBrush(QBrush(colour))
    tag.setZValue(21)
    return tag


class SiteBoxes:
    """The boxes and tags of every site and long-haul bundle on one scene."""

    def __init__(self, scene: QGraphicsScene) -> None:
        self.scene = scene
        self.items: list[QGraphicsItem] = []

    def clear(self) -> None:
        for item in self.items:
            self.scene.removeItem(item)
        self.items = []

    def refresh(self, doc: FabricDocument, rects_by_node: dict[str, QRectF], theme: Theme) -> None:
        """Draw every site around its nodes' items, and each bundle's capacity and distance between its sites."""
        self.clear()
        if not doc.sites:
            return
        boxes: dict[str, QRectF] = {}
        site_gpus = doc.gpus_by_site()
        for site in doc.sites:
            rects = [r for nid, r in rects_by_node.items() if doc.nodes[nid].site == site.id]
            if not rects:
                continue
            box = rects[0]
            for r in rects[1:]:
                box = box.united(r)
            boxes[site.id] = box = box.adjusted(-PAD_PX, -PAD_PX, PAD_PX, PAD_PX)
            self._box(box, theme)
            tag = self._add(_styled(_SiteTag(shown_site_name(site.display_name), site_gpus.get(site.id, 0),
                                             box.width()), theme.text, 12))
            tag.setPos(box.left(), box.top())
            # above the box by its own height in screen pixels (the tag ignores zoom), clear of the segment's tag
            tag.setTransform(QTransform.fromTranslate(0, -tag.boundingRect().height() - 4))
        for lh in doc.long_haul:
            if lh.a in boxes and lh.b in boxes:
                self._bundle_tag(lh.count, lh.capacity_gbps, lh.distance_km, lh.one_way_us, boxes[lh.a],
                                 boxes[lh.b], theme)

    def _box(self, box: QRectF, theme: Theme) -> None:
        item = QGraphicsRectItem(box)
        edge = QColor(theme.text)
        edge.setAlpha(150)
        pen = QPen(edge, 2.5, Qt.PenStyle.DashDotLine)
        pen.setCosmetic(True)
        item.setPen(pen)
        fill = QColor(theme.text)
        fill.setAlpha(10)
        item.setBrush(QBrush(fill))
        item.setZValue(-20)        # behind the segment hulls
        self._add(item)

    def _bundle_tag(self, count: int, gbps: float, km: float, one_way_us: float, a: QRectF, b: QRectF,
                    theme: Theme) -> None:
        text = render("ui.site.bundle", count=count, gbps=f"{gbps:g}", km=f"{km:,g}", ms=f"{one_way_us / 1000:.3g}")
        tag = self._add(_styled(_Tag(text), theme.selection, 11))
        # above the gap between the two boxes, where the generator draws the bundle (site-edge equipment beside the
        # spine rows), a line above the sites' own tags; centred on the gap in screen pixels (the tag ignores zoom)
        mid = QPointF((a.center().x() + b.center().x()) / 2, min(a.top(), b.top()))
        tag.setPos(mid)
        height = tag.boundingRect().height()
        tag.setTransform(QTransform.fromTranslate(-tag.boundingRect().width() / 2, -2 * height - 12))

    def _add(self, item: QGraphicsItem) -> QGraphicsItem:
        self.scene.addItem(item)
        self.items.append(item)
        return item
