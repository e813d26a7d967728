"""Tier-to-tier bundles: what a large or zoomed-out fabric draws instead of thousands of cables.

Links are grouped by (tier, pod and site of one end, the same of the other, plane / protocol); each group
is one line from the centre of its nodes on one side to the centre on the other, its width growing
with the log of its cable count, labelled with the count and speed.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np
from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen, QTransform
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from designer.model.document import FabricDocument
from designer.model.nodes import Node
from designer.ui.node_item import BODY, NodeItem
from designer.ui.segment_hull import SegmentLabel


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
        tiers = QCoreApplication.translate("BundleItem", str(TIER_PLURAL[fan[1]])) if fan[1] in TIER_PLURAL else fan[1]
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
    link_ids: list[str] = field(default_factory=list)   # its cables (the heat-map colours it by the busiest)


# Lower rank = higher in the drawing. A bundle fans out to each node of its upper end when that
# tier has at most FAN_OUT_MAX nodes, so that a zoomed-out fabric still shows which switch gets what.
TIER_RANK = {"core": 0, "spine": 1, "frontend": 1, "leaf": 2, "gateway": 3, "storage": 4, "server": 4}
FAN_OUT_MAX = 16


def group_cables(doc: FabricDocument, cables, shown: np.ndarray) -> tuple[list[Bundle], np.ndarray]:
    """Bundles of the shown cables (rows of a CableGeometry), and each row's bundle (-1: not shown).

    The lower end of a bundle is a (tier, pod, site) group (each site of a multi-site design draws its own bundles,
    inside its box); the upper end is one switch when its group is small (a fan of bundles), else its whole group;
    one bundle per colour. Grouped with numpy: a 56k-cable fabric in
    tens of milliseconds (a dict per cable took seconds). Bundles come in the order of their first cable.
    """
    nodes = [doc.nodes[n] for n in cables.node_ids]
    tiers = [tier(n) for n in nodes]
    rank = np.array([TIER_RANK.get(t, 5) for t in tiers], dtype=np.int64)
    groups: dict[tuple, int] = {}
    group = np.array([groups.setdefault((t, n.pod, n.site), len(groups)) for t, n in zip(tiers, nodes, strict=True)],
                     dtype=np.int64)
    group_keys = list(groups)
    group_size = np.bincount(group, minlength=len(groups))
    owner = np.full(len(cables.ids), -1, dtype=np.int64)
    rows = np.nonzero(shown & (cables.end_rows >= 0).all(axis=1))[0]
    if not len(rows):
        return [], owner
    a, b = cables.end_rows[rows, 0], cables.end_rows[rows, 1]
    swap = rank[a] < rank[b]                      # the lower end (higher rank) first
    lo, hi = np.where(swap, b, a), np.where(swap, a, b)
    upper = np.where(group_size[group[hi]] <= FAN_OUT_MAX, hi, -1 - group[hi])
    keys = np.stack([group[lo], upper, cables.style[rows]], axis=1)
    _, first, inverse = np.unique(keys, axis=0, return_index=True, return_inverse=True)
    order = np.argsort(first)                     # first-seen order, as the cables are listed
    rank_of = np.empty_like(order)
    rank_of[order] = np.arange(len(order))
    bundle = rank_of[inverse.ravel()]
    owner[rows] = bundle
    out = []
    members = np.argsort(bundle, kind="stable")
    bounds = np.cumsum(np.bincount(bundle, minlength=len(order)))[:-1]
    for idx in np.split(members, bounds):
        g, up, style = keys[idx[0]].tolist()
        upper_key = cables.node_ids[up] if up >= 0 else group_keys[-1 - up]
        colour = cables.styles[style]
        out.append(Bundle((group_keys[g], upper_key, colour), colour, len(idx),
                          set(cables.speed[rows[idx]].tolist()),
                          {cables.node_ids[n] for n in set(lo[idx].tolist())},
                          {cables.node_ids[n] for n in set(hi[idx].tolist())},
                          [cables.ids[r] for r in rows[idx].tolist()]))
    return out, owner


# where a fan's tag may go, in screen pixels from its place: down or up a tag's height at a time, nearest first, then
# aside by half a tag's width or a whole one
TAG_STEPS = tuple(sorted(((dx, dy) for dx in (0, -90, 90, -180, 180) for dy in range(-105, 106, 21)),
                         key=lambda d: (abs(d[0]), abs(d[1]), -d[1])))


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
        self.drawn: list[QRectF] = []        # where the last paint put each tag, in the painting device's pixels
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
        self.drawn = placed
        for anchor, text, colour in self.tags:
            at = transform.map(anchor)
            w = metrics.horizontalAdvance(text) + 12
            box = self._clear_spot(QRectF(at - QPointF(w / 2, 9), at + QPointF(w / 2, 9)), placed, transform)
            placed.append(box)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(colour)
            painter.drawRoundedRect(box, 8, 8)
            painter.setPen(QColor("#ffffff"))
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
        painter.restore()


    def _clear_spot(self, box: QRectF, placed: list[QRectF], transform: QTransform) -> QRectF:
        """`box` moved by the first of `TAG_STEPS` (screen pixels) that overlaps no tag already drawn and no node or
        segment name (drawn under the tags: a tag there hid the switches it names); failing that, the first clear
        of the tags alone."""
        fallback = None
        for dx, dy in TAG_STEPS:
            moved = box.translated(dx, dy)
            if any(moved.intersects(other) for other in placed):
                continue
            if not self._covers_items(moved, transform):
                return moved
            fallback = fallback or moved
        return fallback or box

    def _covers_items(self, box: QRectF, transform: QTransform) -> bool:
        scene = self.scene()
        inverse, ok = transform.inverted()
        if scene is None or not ok:
            return False
        near = scene.items(inverse.mapRect(box), Qt.ItemSelectionMode.IntersectsItemBoundingRect,
                           Qt.SortOrder.DescendingOrder, transform)   # the transform: a name keeps its pixel size
        for item in near:
            if isinstance(item, NodeItem | SegmentLabel):
                drawn = BODY if isinstance(item, NodeItem) else item.boundingRect()
                if item.deviceTransform(transform).mapRect(drawn).intersects(box):
                    return True
        return False


def speeds_text(speeds: set[float]) -> str:
    return "/".join(f"{s:g}G" for s in sorted(speeds, reverse=True))
