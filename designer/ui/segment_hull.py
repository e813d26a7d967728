"""A back-end segment drawn as a translucent hull behind its member nodes, with its name and protocol."""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QCoreApplication, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainterPath, QPen, QPolygonF, QTransform
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem, QGraphicsSimpleTextItem, QStyle

from designer.model.segments import Segment
from designer.topology.hull import convex_hull
from designer.ui.theme import protocol_name

PAD_PX = 22.0


def hull_candidates(rects: list[QRectF], pad: float) -> list[tuple[float, float]]:
    """The corners of the padded rectangles that can be on their hull: of the corners sharing an x, only the
    highest and the lowest (a 3,000-node segment's 12,000 corners made the hull a third of a second)."""
    if not rects:
        return []
    r = np.array([(q.left() - pad, q.top() - pad, q.right() + pad, q.bottom() + pad) for q in rects])
    xs = np.concatenate([r[:, 0], r[:, 2]])
    top, bottom = np.concatenate([r[:, 1], r[:, 1]]), np.concatenate([r[:, 3], r[:, 3]])
    order = np.argsort(xs, kind="stable")
    xs, top, bottom = xs[order], top[order], bottom[order]
    starts = np.flatnonzero(np.r_[True, xs[1:] != xs[:-1]])
    ux = xs[starts]
    low, high = np.minimum.reduceat(top, starts), np.maximum.reduceat(bottom, starts)
    return list(zip(ux.tolist(), low.tolist(), strict=True)) + list(zip(ux.tolist(), high.tolist(), strict=True))


class SegmentLabel(QGraphicsSimpleTextItem):
    """The segment's name tag: click it to select the segment and edit it in the inspector."""

    def __init__(self, segment_id: str) -> None:
        super().__init__()
        self.segment_id = segment_id
        # Same size on screen at every zoom, so that the segment stays named on a zoomed-out fabric.
        self.setFlags(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable
                      | QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
        font = QFont(self.font())
        font.setBold(True)
        font.setPointSizeF(10)
        self.setFont(font)


    def paint(self, painter, option, widget=None) -> None:
        if getattr(self.scene(), "quiet_labels", False):
            return                      # the overview draws the drawing without its tags
        # a pill of the canvas colour behind the text keeps the tag readable over cables and nodes
        theme = getattr(self.scene(), "theme", None)
        if theme is not None:
            back = QColor(theme.background)
            back.setAlpha(225)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(back)
            painter.drawRoundedRect(self.boundingRect().adjusted(-5, -2, 5, 2), 6, 6)
        if self.isSelected():
            pen = QPen(self.brush().color(), 1.5)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(self.boundingRect().adjusted(-5, -2, 5, 2), 6, 6)
        option.state &= ~QStyle.StateFlag.State_Selected
        super().paint(painter, option, widget)


class SegmentHull(QGraphicsPathItem):
    """The hull of one segment; rebuilt when members move or the segment changes."""

    def __init__(self, segment: Segment) -> None:
        super().__init__()
        self.segment_id = segment.id
        self.setZValue(-10)
        # A separate top-level item so that the tag stays above the nodes (a child would sit behind them).
        self.label = SegmentLabel(segment.id)
        self.label.setZValue(20)

    def rebuild(self, segment: Segment, member_rects: list[QRectF], colour: QColor, text_colour: QColor,
                alpha: int) -> None:
        path = QPainterPath()
        hull = convex_hull(hull_candidates(member_rects, PAD_PX))
        if hull:
            path.addPolygon(QPolygonF([QPointF(x, y) for x, y in hull]))
            path.closeSubpath()
        fill = QColor(colour)
        fill.setAlpha(alpha)
        edge = QColor(colour)
        edge.setAlpha(min(255, alpha * 4))
        pen = QPen(edge, 2.0, Qt.PenStyle.DashLine)
        pen.setCosmetic(True)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        self.setPen(pen)
        self.setBrush(QBrush(fill))
        self.setPath(path)
        self.protocol = segment.protocol
        self.label.setText(f"{segment.name}  ·  {protocol_name(segment.protocol)}")
        self.label.setBrush(QBrush(edge.darker(120) if text_colour.lightness() < 128 else edge.lighter(130)))
        box = path.boundingRect()
        self.label.setPos(box.left() + 8, box.top())
        # lift the tag above the hull by its own height, in screen pixels (the tag ignores zoom)
        self.label.setTransform(QTransform.fromTranslate(0, -self.label.boundingRect().height() - 2))
        self.setToolTip(QCoreApplication.translate("SegmentHull",
                "Back-end segment '{0}' ({1}), {2} nodes").format(
                    segment.name, protocol_name(segment.protocol), len(segment.nodes)))
