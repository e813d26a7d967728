"""Tier-to-tier bundles: what a large or zoomed-out fabric draws instead of thousands of cables.

Links are grouped by (tier and pod of one end, tier and pod of the other, plane / protocol); each group
is one line from the centre of its nodes on one side to the centre on the other, its width growing
with the log of its cable count, labelled with the count and speed.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from designer.model.document import FabricDocument
from designer.model.nodes import Node


def tier(node: Node) -> str:
    return node.role if node.kind == "switch" and node.role else node.kind


# a fan's upper tier, as its tag names it (translated where shown)
TIER_PLURAL = {"spine": QT_TRANSLATE_NOOP("BundleItem", "spines"), "leaf": QT_TRANSLATE_NOOP("BundleItem", "leaves"),
               "core": QT_TRANSLATE_NOOP("BundleItem", "cores"),
               "frontend": QT_TRANSLATE_NOOP("BundleItem", "FE switches"),
               "server": QT_TRANSLATE_NOOP("BundleItem", "servers"),
               "storage": QT_TRANSLATE_NOOP("BundleItem", "storage nodes"),
               "gateway": QT_TRANSLATE_NOOP("BundleItem", "gateways")}


def fans(bundles: list[Bundle], tier_of: dict[str, str]) -> list[tuple[str, list[int]]]:
    """Bundles grouped into fans (same lower group, upper tier and colour): (label, bundle indexes)."""
    members: dict[tuple, list[int]] = {}
    for i, b in enumerate(bundles):
        fan = (b.key[0], tier_of[next(iter(b.ends_b))], b.colour_key)
        members.setdefault(fan, []).append(i)
    out = []
    for fan, idx in members.items():
        count = sum(bundles[i].count for i in idx)
        speeds = set().union(*(bundles[i].speeds_gbps for i in idx))
        tiers = QCoreApplication.translate("BundleItem", TIER_PLURAL[fan[1]]) if fan[1] in TIER_PLURAL else fan[1]
        to = QCoreApplication.translate("BundleItem", " to {0} {1}").format(len(idx), tiers) if len(idx) > 1 else ""
        out.append((f"×{count} {speeds_text(speeds)}{to}", idx))
    return out


@dataclass
class Bundle:
    """A group of cables between two groups of nodes."""

    key: tuple
    colour_key: str
    count: int = 0
    speeds_gbps: set[float] = field(default_factory=set)
    ends_a: set[str] = field(default_factory=set)
    ends_b: set[str] = field(default_factory=set)


# Lower rank = higher in the drawing. A bundle fans out to each node of its upper end when that
# tier has at most FAN_OUT_MAX nodes, so that a zoomed-out fabric still shows which switch gets what.
TIER_RANK = {"core": 0, "spine": 1, "frontend": 1, "leaf": 2, "gateway": 3, "storage": 4, "server": 4}
FAN_OUT_MAX = 16


def group_links(doc: FabricDocument, colour_of: dict[str, str], visible: set[str] | None = None) -> list[Bundle]:
    """Bundles of the document's links (Qt-free grouping; `colour_of` maps link id -> colour key).

    The lower end of a bundle is a (tier, pod) group; the upper end is one switch when its group is
    small (a fan of bundles), else its whole (tier, pod) group.
    """
    group_size: dict[tuple, int] = {}
    for node in doc.nodes.values():
        key = (tier(node), node.pod)
        group_size[key] = group_size.get(key, 0) + 1
    bundles: dict[tuple, Bundle] = {}
    for link in doc.links.values():
        if visible is not None and link.id not in visible:
            continue
        na, nb = doc.nodes[link.a.node], doc.nodes[link.b.node]
        if TIER_RANK.get(tier(na), 5) < TIER_RANK.get(tier(nb), 5):
            na, nb = nb, na  # na is the lower end, nb the upper
        ga = (tier(na), na.pod)
        gb = (tier(nb), nb.pod)
        upper = nb.id if group_size[gb] <= FAN_OUT_MAX else gb
        key = (ga, upper, colour_of[link.id])
        b = bundles.get(key)
        if b is None:
            b = bundles[key] = Bundle(key, colour_of[link.id])
        b.count += 1
        b.speeds_gbps.add(link.speed_gbps)
        b.ends_a.add(na.id)
        b.ends_b.add(nb.id)
    return list(bundles.values())


class BundleItem(QGraphicsItem):
    """One bundle, painted as a thick line (its count is drawn by BundleLabels)."""

    def __init__(self, line: QLineF, count: int, speeds: str, colour: QColor, dashed: bool) -> None:
        super().__init__()
        self.line, self.count, self.speeds = line, count, speeds
        self.colour, self.dashed = colour, dashed
        self.width_px = 1.5 + 1.6 * math.log2(max(1, count))
        self.setZValue(2)
        self.setToolTip(QCoreApplication.translate("BundleItem", "{0} cables · {1}").format(count, speeds))

    def boundingRect(self) -> QRectF:
        return QRectF(self.line.p1(), self.line.p2()).normalized().adjusted(-60, -60, 60, 60)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        colour = QColor(self.colour)
        pen = QPen(colour, self.width_px)
        pen.setCosmetic(True)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        if self.dashed:
            pen.setStyle(Qt.PenStyle.DashLine)
        painter.setPen(pen)
        painter.drawLine(self.line)


class BundleLabels(QGraphicsItem):
    """The count tags of all bundles, drawn above every line in screen pixels (readable at any zoom)."""

    def __init__(self, tags: list[tuple[QPointF, str, QColor]]) -> None:
        super().__init__()
        self.tags = tags
        self.setZValue(15)
        xs = [p.x() for p, _, _ in tags] or [0.0]
        ys = [p.y() for p, _, _ in tags] or [0.0]
        self._rect = QRectF(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))

    def boundingRect(self) -> QRectF:
        # the tags keep their pixel size; allow for them at the smallest zoom (1/0.02 scene units a pixel)
        return self._rect.adjusted(-6000, -600, 6000, 600)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        if getattr(self.scene(), "quiet_labels", False):
            return
        transform = painter.worldTransform()
        painter.save()
        painter.resetTransform()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        font = QFont(painter.font())
        font.setPointSizeF(8.5)
        font.setBold(True)
        painter.setFont(font)
        metrics = painter.fontMetrics()
        placed: list[QRectF] = []
        for anchor, text, colour in self.tags:
            at = transform.map(anchor)
            w = metrics.horizontalAdvance(text) + 12
            box = QRectF(at - QPointF(w / 2, 9), at + QPointF(w / 2, 9))
            for _ in range(6):  # step clear of tags already drawn, so that none hides another
                if not any(box.intersects(other) for other in placed):
                    break
                box.translate(0, 21)
            placed.append(box)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(colour)
            painter.drawRoundedRect(box, 8, 8)
            painter.setPen(QColor("#ffffff"))
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
        painter.restore()


def speeds_text(speeds: set[float]) -> str:
    return "/".join(f"{s:g}G" for s in sorted(speeds, reverse=True))
