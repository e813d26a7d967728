"""Every cable of the canvas in one item: the ends in numpy arrays, drawn culled to what is exposed.

A QGraphicsLineItem per cable cost 5 s to open a 56k-cable fabric and most of each frame (Qt walks every item on
every paint). Here the cables are rows of an array: a paint selects the rows that cross the exposed rectangle
(numpy) and draws them with one `drawLines` per style from QLineF objects made once per change; a click finds the
nearest cable within a few pixels the same way (a wider hit area than the 1.4 px line); cables that join the same
two nodes several times are drawn once with a "×N" tag. The heat-map and failure layers read the same arrays.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import numpy as np
from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen, QTransform
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from designer.model.document import FabricDocument
from designer.model.links import Link
from designer.ui.node_item import NodeItem
from designer.ui.segment_hull import SegmentLabel

CABLE_PX = 1.4             # a cable's width on screen
CHOSEN_PX = 3.0            # a chosen cable's width
HIT_PX = 6.0               # a click this close to a cable (screen pixels) picks it
ANTIALIAS_MAX = 3000       # more cables than this in view are drawn without antialiasing (it costs fill time)


def cable_pen(colour: QColor, dashed: bool, width: float = CABLE_PX) -> QPen:
    pen = QPen(colour, width)
    pen.setCosmetic(True)          # same width at every zoom and on high-DPI screens
    if dashed:
        pen.setStyle(Qt.PenStyle.DashLine)
    return pen


class CableGeometry:
    """The cables of a document as arrays (row k is cable `ids[k]`): ends in scene units, style, plane."""

    def __init__(self) -> None:
        self.ids: list[str] = []
        self.index: dict[str, int] = {}
        self.ends = np.zeros((0, 4))                    # x1, y1, x2, y2
        self.style = np.zeros(0, dtype=np.int32)        # index into `styles`
        self.styles: list[str] = []                     # colour keys (protocol / front-end)
        self.frontend = np.zeros(0, dtype=bool)
        self.node_ids: list[str] = []                    # the nodes whose rows `end_rows` holds
        self.end_rows = np.zeros((0, 2), dtype=np.int64) # per cable: its two nodes (rows of node_ids; -1: none)
        self.speed = np.zeros(0)
        self._lines: list[QLineF] | None = []
        self.pairs = np.zeros((0, 2), dtype=np.int64)   # (row of one cable of the pair, cables between the pair)
        self._ends_of: dict[str, list[tuple[int, int]]] | None = {}
        self._links_built: list[Link] = []
        self._port_use: dict[str, dict[str, int]] | None = {}
        self.version = 0                                # bumped whenever rows change meaning

    def build(self, doc: FabricDocument, key_of: Callable[[Link], str]) -> None:
        """All rows again from the document (cable ends at their nodes' positions); `key_of` gives a link's colour
        key. Each node's ports in use are counted by prefix (the "be 3/8" on a node). Done in whole-array steps: a
        dictionary update per cable end was a third of the time to open a 56k-cable fabric."""
        links = list(doc.links.values())
        self.ids = list(doc.links)
        self.index = {lid: k for k, lid in enumerate(self.ids)}
        self.node_ids = list(doc.nodes)
        node_row = {nid: k for k, nid in enumerate(self.node_ids)}
        n = len(links)
        ends_a = np.fromiter((node_row.get(link.a.node, -1) for link in links), dtype=np.int64, count=n)
        ends_b = np.fromiter((node_row.get(link.b.node, -1) for link in links), dtype=np.int64, count=n)
        styles: dict[str, int] = {}
        self.style = np.fromiter((styles.setdefault(key_of(link), len(styles)) for link in links), dtype=np.int32,
                                 count=n)
        self.styles = list(styles)
        xy = np.array([(node.x, node.y) for node in doc.nodes.values()], dtype=float).reshape(-1, 2)
        placed = (ends_a >= 0) & (ends_b >= 0)
        self.ends = np.zeros((n, 4))
        self.ends[placed] = np.hstack([xy[ends_a[placed]], xy[ends_b[placed]]])
        self.end_rows = np.stack([ends_a, ends_b], axis=1)
        self._links_built, self._port_use = links, None
        self.pairs = _repeated_pairs(ends_a, ends_b, placed, len(self.node_ids))
        self.speed = np.fromiter((link.speed_gbps for link in links), dtype=float, count=n)
        self.frontend = np.fromiter((link.plane == "frontend" for link in links), dtype=bool, count=n)
        self._ends_of = None
        self._lines = None
        self.version += 1

    @property
    def port_use(self) -> dict[str, dict[str, int]]:
        """node -> port prefix -> ports of it in use, counted when first asked for after a build (a node shows its
        counts only when zoomed in close)."""
        if self._port_use is None:
            self._port_use = _ports_in_use(self._links_built)
        return self._port_use

    def _ends_at(self, node_id: str) -> list[tuple[int, int]]:
        """(row, end) of each cable end at a node (end 0: the cable's a side), indexed at the first edit after a
        build (an open never needs it)."""
        if self._ends_of is None:
            self._ends_of = _ends_by_node(self.end_rows, self.node_ids)
        return self._ends_of.get(node_id, [])

    def ids_of_node(self, node_id: str) -> set[str]:
        """The cables at a node."""
        return {self.ids[k] for k, _ in self._ends_at(node_id)}

    def nodes_of(self, link_id: str) -> tuple[str, ...]:
        """The two nodes a cable joins (none for an unknown cable)."""
        k = self.index.get(link_id)
        if k is None:
            return ()
        return tuple(self.node_ids[r] for r in self.end_rows[k].tolist() if r >= 0)

    @property
    def lines(self) -> list[QLineF]:
        """A QLineF per row, made when first drawn (a zoomed-out fabric draws bundles and never needs them)."""
        if self._lines is None:
            self._lines = [QLineF(*row) for row in self.ends.tolist()]
        return self._lines

    def set_style(self, link_id: str, key: str) -> None:
        k = self.index.get(link_id)
        if k is not None:
            if key not in self.styles:
                self.styles.append(key)
            self.style[k] = self.styles.index(key)

    def move_node(self, node_id: str, x: float, y: float) -> None:
        """A node moved: the ends of its cables follow."""
        for k, end in self._ends_at(node_id):
            self.ends[k, 2 * end: 2 * end + 2] = (x, y)
            if self._lines is not None:
                self._lines[k] = QLineF(*self.ends[k].tolist())

    def line(self, link_id: str) -> QLineF | None:
        k = self.index.get(link_id)
        return None if k is None else self.lines[k]

    def rows_of_node(self, node_id: str) -> list[int]:
        return [k for k, _ in self._ends_at(node_id)]

    def bounds(self) -> QRectF:
        if not len(self.ends):
            return QRectF()
        xs, ys = self.ends[:, [0, 2]], self.ends[:, [1, 3]]
        return QRectF(QPointF(xs.min(), ys.min()), QPointF(xs.max(), ys.max()))

    def in_rect(self, rect: QRectF, shown: np.ndarray) -> np.ndarray:
        """Rows of shown cables whose bounding box meets `rect` (the ones a paint of `rect` can need)."""
        e = self.ends
        if not len(e):
            return np.zeros(0, dtype=np.int64)
        hit = (shown & (np.minimum(e[:, 0], e[:, 2]) <= rect.right()) & (np.maximum(e[:, 0], e[:, 2]) >= rect.left())
               & (np.minimum(e[:, 1], e[:, 3]) <= rect.bottom()) & (np.maximum(e[:, 1], e[:, 3]) >= rect.top()))
        return np.nonzero(hit)[0]

    def nearest(self, x: float, y: float, tolerance: float, shown: np.ndarray) -> int:
        """The row of the shown cable nearest to (x, y) within `tolerance` scene units, or -1."""
        rows = self.in_rect(QRectF(x - tolerance, y - tolerance, 2 * tolerance, 2 * tolerance), shown)
        if not len(rows):
            return -1
        e = self.ends[rows]
        p = np.array([x, y])
        a, d = e[:, :2], e[:, 2:] - e[:, :2]
        length2 = (d * d).sum(axis=1)
        t = np.clip(((p - a) * d).sum(axis=1) / np.where(length2 > 0, length2, 1.0), 0.0, 1.0)
        dist = np.hypot(*(a + d * t[:, None] - p).T)
        best = int(np.argmin(dist))
        return int(rows[best]) if dist[best] <= tolerance else -1


def _on_screen(transform: QTransform, points: np.ndarray) -> np.ndarray:
    """Scene points [k, xy] mapped by a view's affine transform (what QTransform.map gives each), at once."""
    x, y = points[:, 0], points[:, 1]
    return np.stack([transform.m11() * x + transform.m21() * y + transform.dx(),
                     transform.m12() * x + transform.m22() * y + transform.dy()], axis=1)


TAG_BACKDROP_ALPHA = 215                      # a tag's backdrop: the canvas colour, lines just showing through
TAG_ALONG = (0.5, 0.35, 0.65, 0.25, 0.75)   # where along its cable a tag may sit, tried in turn


def tag_spots(a: np.ndarray, b: np.ndarray, sizes: np.ndarray,
              blocked: np.ndarray | None = None) -> list[tuple[float, float] | None]:
    """Where each cable's "×N" tag goes on screen: the first point along the cable from end a [k, xy] to end b
    (`TAG_ALONG`) where its box (`sizes` [k, wh], drawn up and right of the point) overlaps no tag placed before it
    and no box of `blocked` [m, (x0, y0, x1, y1)] (the nodes, drawn over the cables); None where every such point
    does (two bundles crossing at their middles no longer print "×4×4" on one spot, nor a tag under a node).
    Boxes are looked up in a grid of cells the size of the largest tag, so a paint stays linear in the tags."""
    cell_w, cell_h = (float(sizes[:, 0].max()) + 4, float(sizes[:, 1].max()) + 2) if len(sizes) else (1.0, 1.0)
    grid: dict[tuple[int, int], list[tuple[float, float, float, float]]] = {}
    for box in ([] if blocked is None else blocked.tolist()):
        for i in range(int(box[0] // cell_w), int(box[2] // cell_w) + 1):
            for j in range(int(box[1] // cell_h), int(box[3] // cell_h) + 1):
                grid.setdefault((i, j), []).append(tuple(box))
    out: list[tuple[float, float] | None] = []
    for k in range(len(a)):
        w, h = float(sizes[k, 0]) + 4, float(sizes[k, 1]) + 2
        spot = None
        for t in TAG_ALONG:
            x, y = (1 - t) * a[k] + t * b[k]
            box = (x, y - h, x + w, y)
            cells = [(i, j) for i in range(int(box[0] // cell_w) - 1, int(box[2] // cell_w) + 2)
                     for j in range(int(box[1] // cell_h) - 1, int(box[3] // cell_h) + 2)]
            if not any(_boxes_meet(box, other) for c in cells for other in grid.get(c, ())):
                spot = (float(x), float(y))
                grid.setdefault((int(x // cell_w), int(y // cell_h)), []).append(box)
                break
        out.append(spot)
    return out


def _boxes_meet(p: tuple[float, float, float, float], q: tuple[float, float, float, float]) -> bool:
    return p[0] < q[2] and q[0] < p[2] and p[1] < q[3] and q[1] < p[3]


def _ports_in_use(links: list[Link]) -> dict[str, dict[str, int]]:
    """node -> port prefix -> ports of it with a cable ("be7" counts for "be")."""
    digits = "0123456789"
    counts = Counter([(link.a.node, link.a.port.rstrip(digits)) for link in links]
                     + [(link.b.node, link.b.port.rstrip(digits)) for link in links])
    use: dict[str, dict[str, int]] = {}
    for (node_id, prefix), count in counts.items():
        use.setdefault(node_id, {})[prefix] = count
    return use


def _repeated_pairs(ends_a: np.ndarray, ends_b: np.ndarray, placed: np.ndarray, nodes: int) -> np.ndarray:
    """(first row, count) for each pair of nodes joined by more than one cable, in row order of the first."""
    rows = np.nonzero(placed)[0]
    lo, hi = np.minimum(ends_a[rows], ends_b[rows]), np.maximum(ends_a[rows], ends_b[rows])
    _, first, counts = np.unique(lo * max(nodes, 1) + hi, return_index=True, return_counts=True)
    repeated = counts > 1
    order = np.argsort(first[repeated], kind="stable")
    return np.stack([rows[first[repeated][order]], counts[repeated][order]], axis=1).astype(np.int64).reshape(-1, 2)


def _ends_by_node(end_rows: np.ndarray, node_ids: list[str]) -> dict[str, list[tuple[int, int]]]:
    """node id -> (row, end) of every cable end at it, in row order (a cable whose node is unknown has none)."""
    out: dict[str, list[tuple[int, int]]] = {}
    for k, (a, b) in enumerate(end_rows.tolist()):
        if a >= 0:
            out.setdefault(node_ids[a], []).append((k, 0))
        if b >= 0:
            out.setdefault(node_ids[b], []).append((k, 1))
    return out


class CableLayer(QGraphicsItem):
    """Draws the scene's cables (not when bundles stand in for them), chosen ones highlighted, "×N" tags."""

    def __init__(self, scene) -> None:
        super().__init__()
        self.fabric_scene = scene
        self.setZValue(1)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._rect = QRectF()
        self.tags = CableTags(self)

    def update(self, *args) -> None:
        """Repaint the cables and their tags (drawn by `CableTags`, above the heat-map)."""
        super().update(*args)
        self.tags.update(*args)

    def geometry_changed(self) -> None:
        self.prepareGeometryChange()
        self.tags.prepareGeometryChange()
        self._rect = self.fabric_scene.cables.bounds().adjusted(-40, -40, 40, 40)
        self.update()

    def node_moved(self, x: float, y: float) -> None:
        """A cable end moved to (x, y): grow the bounds if it left them, and repaint."""
        if not self._rect.contains(x, y):
            self.geometry_changed()
        else:
            self.update()

    def boundingRect(self) -> QRectF:
        return self._rect

    def shape(self) -> QPainterPath:
        return QPainterPath()          # never under the pointer: cables are picked by the scene

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        scene = self.fabric_scene
        if scene.bundled:
            return
        geo = scene.cables
        rows = geo.in_rect(option.exposedRect, scene.cable_shown)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, len(rows) <= ANTIALIAS_MAX)
        lines = geo.lines
        styles = geo.style[rows]
        for s, key in enumerate(geo.styles):
            mine = rows[styles == s]
            if len(mine):
                painter.setPen(cable_pen(scene.theme.protocol(key), key == "frontend"))
                painter.drawLines([lines[k] for k in mine.tolist()])
        chosen = [geo.index[c] for c in scene.chosen_links if c in geo.index]
        if chosen:
            painter.setPen(cable_pen(scene.theme.selection, False, CHOSEN_PX))
            painter.drawLines([lines[k] for k in chosen])

    def _node_boxes(self, transform: QTransform, exposed: QRectF) -> np.ndarray:
        """[m, (x0, y0, x1, y1)] on screen of the nodes and segment names in the exposed part of the scene (drawn over
        the cables: a tag there is hidden or mixed into the name)."""
        rects = [item.sceneBoundingRect() for item in self.fabric_scene.items(exposed)
                 if isinstance(item, (NodeItem, SegmentLabel))]
        if not rects:
            return np.zeros((0, 4))
        corners = np.array([[r.left(), r.top(), r.right(), r.bottom()] for r in rects])
        lo, hi = _on_screen(transform, corners[:, :2]), _on_screen(transform, corners[:, 2:])
        return np.concatenate([np.minimum(lo, hi), np.maximum(lo, hi)], axis=1)

    def paint_pair_tags(self, painter: QPainter, exposed: QRectF) -> None:
        """"×N" at the middle of cables that join the same two nodes N times (drawn as one line)."""
        scene, geo = self.fabric_scene, self.fabric_scene.cables
        if not len(geo.pairs) or scene.quiet_labels:
            return
        rows, counts = geo.pairs[:, 0], geo.pairs[:, 1]
        e = geo.ends[rows]
        mid = (e[:, :2] + e[:, 2:]) / 2
        inside = (scene.cable_shown[rows] & (mid[:, 0] >= exposed.left()) & (mid[:, 0] <= exposed.right())
                  & (mid[:, 1] >= exposed.top()) & (mid[:, 1] <= exposed.bottom()))
        if not inside.any():
            return
        transform = painter.worldTransform()
        painter.save()
        painter.resetTransform()
        font = QFont(painter.font())
        font.setPointSizeF(7.5)
        font.setBold(True)
        painter.setFont(font)
        painter.setPen(scene.theme.text)
        metrics = painter.fontMetrics()
        texts = [f"×{count}" for count in counts[inside].tolist()]
        a, b = _on_screen(transform, e[inside, :2]), _on_screen(transform, e[inside, 2:])
        width = {t: metrics.horizontalAdvance(t) for t in set(texts)}
        sizes = np.array([[width[t], metrics.height()] for t in texts], dtype=float)
        backdrop = QColor(scene.theme.background)
        backdrop.setAlpha(TAG_BACKDROP_ALPHA)
        for k, spot in enumerate(tag_spots(a, b, sizes, self._node_boxes(transform, exposed))):
            if spot is not None:
                x, y = spot
                painter.fillRect(QRectF(x + 1, y - sizes[k, 1] - 1, sizes[k, 0] + 4, sizes[k, 1]), backdrop)
                painter.drawText(QPointF(x, y) + QPointF(3, -4), texts[k])
        painter.restore()


class CableTags(QGraphicsItem):
    """The "×N" tags of the cable layer, drawn above the heat-map (which recolours the cables over the layer after a
    run and hid the tags under crossing bundles), each on a backdrop of the canvas colour so that the lines crossing
    it do not cut through its digits."""

    def __init__(self, layer: CableLayer) -> None:
        super().__init__()
        self.layer = layer
        self.setZValue(5)                    # above the heat-map (4), under the job tint (9) and the nodes (10)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def boundingRect(self) -> QRectF:
        return self.layer.boundingRect()

    def shape(self) -> QPainterPath:
        return QPainterPath()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        if not self.layer.fabric_scene.bundled:
            self.layer.paint_pair_tags(painter, option.exposedRect)
