"""The canvas scene: a projection of one FabricDocument, kept in step by its change notifications.

Data flows one way: command -> document -> batched changes -> this scene updates its items. Items
never write the document; a mouse drag is turned into a command by the view on release.

Level of detail keeps a 56k-cable fabric fluid: cables are rows of one array drawn by one layer (culled to the
view), zoomed-out nodes are tiles drawn by one layer, and below a zoom that grows with the cable count the cables
give way to tier-to-tier bundles (grouped once per change of the drawing, not per zoom step).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import partial
from html import escape

import numpy as np
from PySide6.QtCore import QLineF, QPointF, QRectF, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QGraphicsScene, QGraphicsSceneHelpEvent, QToolTip

from designer.model.document import Change, FabricDocument
from designer.model.links import Link
from designer.ui.bundles import Bundle, BundleItem, BundleLabels, fans, group_cables, speeds_text, tier
from designer.ui.cable_layer import HIT_PX, CableGeometry, CableLayer
from designer.ui.labels import cable_name
from designer.ui.node_item import BODY, NodeItem
from designer.ui.node_tiles import NodeTiles
from designer.ui.rack_item import make_node_item
from designer.ui.segment_hull import SegmentHull, SegmentLabel
from designer.ui.site_boxes import SiteBoxes
from designer.ui.theme import Theme

# A batch larger than this is redrawn from scratch (an open, a generate): one pass beats many small ones.
REBUILD_BATCH = 400


@dataclass
class _Touched:
    """What one batch of document changes touched, gathered before the scene redraws it."""
    links_changed: bool = False                              # a cable added or removed
    nodes_changed: bool = False                              # a node added or removed
    segments_changed: bool = False
    nodes: set[str] = field(default_factory=set)             # node items to bring up to date
    links: set[str] = field(default_factory=set)             # cables to restyle (if not all are drawn again)
    hulls: set[str] = field(default_factory=set)             # segment outlines to draw again


class FabricScene(QGraphicsScene):
    """Items for nodes, links, segment hulls and bundles, keyed by document id."""

    document_changed = Signal(object)  # list[Change], after the items are up to date

    def __init__(self, doc: FabricDocument, theme: Theme) -> None:
        super().__init__()
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)  # BSP stalls on fabric-wide lines
        self.theme = theme
        self.doc = doc
        self.dragging = False
        self.quiet_labels = False  # set while the overview renders: no bundle or segment tags
        self.show_planes = {"backend", "frontend"}
        self.bundled = False
        self.detailed = True                   # nodes paint themselves (False: the tiles layer draws them)
        self.node_items: dict[str, NodeItem] = {}
        self.hull_items: dict[str, SegmentHull] = {}
        self.bundle_items: list[BundleItem | BundleLabels] = []
        self.bundles: list[Bundle] = []        # the drawing's bundles, grouped once per change
        self.bundle_of_cable = np.zeros(0, dtype=np.int64)   # cable row -> index in `bundles` (-1: none)
        self._bundles_stale = True
        self.chosen_links: set[str] = set()
        self.cables = CableGeometry()
        self.cable_shown = np.zeros(0, dtype=bool)          # cable row on a shown plane
        self.cable_layer = CableLayer(self)
        self.tiles = NodeTiles(self)
        self.site_boxes = SiteBoxes(self)        # multi-site designs: a box per site (site_boxes.py)
        self.addItem(self.cable_layer)
        self.addItem(self.cable_layer.tags)
        self.addItem(self.tiles)
        self._segment_of: dict[str, str] = {}
        self._unsubscribe = doc.subscribe(self._on_changes)
        self.rebuild()

    # ---- binding ------------------------------------------------------------------------------
    def set_document(self, doc: FabricDocument) -> None:
        """Show another document (after Open or New)."""
        self._unsubscribe()
        self.doc = doc
        self._unsubscribe = doc.subscribe(self._on_changes)
        self.rebuild()
        self.document_changed.emit([Change("document", "update", "replaced")])

    def detach(self) -> None:
        self._unsubscribe()

    def rebuild(self) -> None:
        """Make the drawing's items again (layers owned by others, like the heat-map, stay)."""
        self.chosen_links = set()
        for item in [*self.node_items.values(), *self.bundle_items]:
            self.removeItem(item)
        for hull in self.hull_items.values():
            self.removeItem(hull.label)
            self.removeItem(hull)
        self.node_items.clear()
        self.hull_items.clear()
        self.bundle_items = []
        self._index_segments()
        self._build_cables()                     # first: it counts the ports each node has in use
        for node in self.doc.nodes.values():
            item = make_node_item(node, self.theme, partial(self._usage, node.id), self.detailed)
            self.addItem(item)
            self.node_items[node.id] = item
        for seg_id in self.doc.segments:
            self._refresh_hull(seg_id)
        self._refresh_sites()
        self.tiles.refresh()
        self._bundles_stale = True
        self._apply_bundling()
        self._update_scene_rect(exact=True)

    def set_theme(self, theme: Theme) -> None:
        """Draw with another theme's colours (overlays such as the heat-map stay as they are)."""
        self.theme = theme
        self.rebuild()
        self.update()

    # ---- change notification ------------------------------------------------------------------
    def _on_changes(self, changes: list[Change]) -> None:
        """Redraw what a batch of document changes touched; a large batch redraws the whole scene."""
        if len(changes) > REBUILD_BATCH:
            selected = self.selected_ids()
            self.rebuild()
            self.select_ids(*selected)
        else:
            touched = self._gather(changes)
            if touched.segments_changed:
                self._reindex_segments(touched)
            self._redraw(touched)
        self.document_changed.emit(changes)

    def _gather(self, changes: list[Change]) -> _Touched:
        """Add and remove the node items the batch adds and removes; collect what else it touched."""
        touched = _Touched(links_changed=any(ch.kind == "link" and ch.action != "update" for ch in changes))
        for ch in changes:
            if ch.kind == "node":
                self._on_node_change(ch, touched)
            elif ch.kind == "link":
                self._on_link_change(ch, touched.nodes)
            elif ch.kind == "segment":
                touched.segments_changed = True
                touched.hulls.add(ch.id)
        return touched

    def _on_node_change(self, ch: Change, touched: _Touched) -> None:
        touched.nodes.add(ch.id)
        if ch.action == "remove":
            item = self.node_items.pop(ch.id, None)
            if item is not None:
                self.removeItem(item)
            touched.nodes_changed = True
        elif ch.action == "add":
            item = make_node_item(self.doc.nodes[ch.id], self.theme, detailed=self.detailed)
            self.addItem(item)
            self.node_items[ch.id] = item
            touched.nodes_changed = True
        seg = self._segment_of.get(ch.id)
        if seg:
            touched.hulls.add(seg)

    def _reindex_segments(self, touched: _Touched) -> None:
        """Index the nodes by segment again; the cables of every node whose segment changed take new colours."""
        old = dict(self._segment_of)
        self._index_segments()
        moved = {n for n in old.keys() | self._segment_of.keys() if old.get(n) != self._segment_of.get(n)}
        for seg_id in touched.hulls:
            if seg_id in self.doc.segments:
                moved |= set(self.doc.segments[seg_id].nodes)
        for n in moved:
            touched.links |= self.cables.ids_of_node(n)

    def _redraw(self, touched: _Touched) -> None:
        """Cables (all again when one came or went, else the touched ones), node items, outlines, bundles."""
        cables_rebuilt = touched.links_changed or touched.nodes_changed
        if cables_rebuilt:
            self._build_cables()                 # before the nodes: their port counts come from it
        self._sync_nodes(touched)
        if not cables_rebuilt:
            for link_id in touched.links:
                self._restyle_link(link_id)
        for seg_id in touched.hulls:
            self._refresh_hull(seg_id)
        self._refresh_sites()
        if touched.nodes_changed:
            self.tiles.refresh()
        if cables_rebuilt or touched.segments_changed:
            self._bundles_stale = True
        if self.bundled or self._bundles_stale:
            self._apply_bundling()
        self.cable_layer.update()
        self._update_scene_rect()

    def _sync_nodes(self, touched: _Touched) -> None:
        """Bring the touched nodes' items up to date; their cables are restyled with them."""
        for node_id in touched.nodes:
            node = self.doc.nodes.get(node_id)
            item = self.node_items.get(node_id)
            if node is None or item is None:
                continue
            if item.sync(node, self._usage(node_id)):
                self.node_item_moved(node_id)
            touched.links |= self.cables.ids_of_node(node_id)

    def _on_link_change(self, ch: Change, touched_nodes: set[str]) -> None:
        if ch.action == "remove":
            self.chosen_links.discard(ch.id)
            touched_nodes.update(self.cables.nodes_of(ch.id))     # the rows still hold the removed cable
        elif ch.action == "add":
            link = self.doc.links[ch.id]
            touched_nodes.update((link.a.node, link.b.node))
        else:
            self._restyle_link(ch.id)

    # ---- links --------------------------------------------------------------------------------
    def colour_key(self, link: Link) -> str:
        """Which protocol colour a cable gets: front-end, its segment's protocol, or its media."""
        if link.plane == "frontend":
            return "frontend"
        for end in (link.a.node, link.b.node):
            seg_id = self._segment_of.get(end)
            if seg_id:
                return self.doc.segments[seg_id].protocol
        media = {self.doc.port(link.a).medium, self.doc.port(link.b).medium}
        if "ib" in media:
            return "ib"
        if "ethernet" in media:
            return "rocev2"
        return "unassigned"

    def _build_cables(self) -> None:
        """Every cable's row again (after an open, or cables or nodes added or removed)."""
        self.cables.build(self.doc, self.colour_key)
        self.chosen_links &= set(self.cables.index)
        self._apply_planes()
        self.cable_layer.geometry_changed()

    def _apply_planes(self) -> None:
        self.cable_shown = np.ones(len(self.cables.ids), dtype=bool)
        if "frontend" not in self.show_planes:
            self.cable_shown &= ~self.cables.frontend
        if "backend" not in self.show_planes:
            self.cable_shown &= self.cables.frontend

    def _restyle_link(self, link_id: str) -> None:
        link = self.doc.links.get(link_id)
        if link is not None:
            self.cables.set_style(link_id, self.colour_key(link))

    def link_tip(self, link: Link) -> str:
        """A cable's tooltip: its ends by name, speed, cable and protocol."""
        from designer.ui.theme import protocol_name
        return (f"<b>{escape(cable_name(self.doc, link.id))}</b><br>{escape(str(link.a))} ↔ {escape(str(link.b))}"
                f"<br>{link.speed_gbps:g} Gb/s · {escape(link.cable)} · {link.length_m:g} m"
                f"<br>{protocol_name(self.colour_key(link))}")

    def link_line(self, link_id: str) -> QLineF | None:
        """Where a cable is drawn (between its nodes' centres), or None for an unknown id."""
        return self.cables.line(link_id)

    def link_drawn(self, link_id: str) -> bool:
        """The cable is drawn on its own now (its plane is shown and bundles do not stand in for it)."""
        k = self.cables.index.get(link_id)
        return k is not None and not self.bundled and bool(self.cable_shown[k])

    def drawn_links(self) -> set[str]:
        """Ids of the cables drawn one by one now (none while bundles stand in for them)."""
        if self.bundled:
            return set()
        return {lid for lid, on in zip(self.cables.ids, self.cable_shown.tolist(), strict=True) if on}

    def cable_colour(self, link_id: str) -> QColor:
        """The colour a cable is drawn in (its protocol's, or the front-end's)."""
        k = self.cables.index[link_id]
        return self.theme.protocol(self.cables.styles[int(self.cables.style[k])])

    def cable_at(self, pos: QPointF, scale: float) -> str | None:
        """The drawn cable within a few screen pixels of a scene point (at view scale `scale`), or None."""
        if self.bundled:
            return None
        k = self.cables.nearest(pos.x(), pos.y(), HIT_PX / max(scale, 1e-6), self.cable_shown)
        return None if k < 0 else self.cables.ids[k]

    def helpEvent(self, event: QGraphicsSceneHelpEvent) -> None:
        """Tooltips: a node's (made when asked), another item's own, else the cable under the pointer (cables are
        not items)."""
        view = event.widget().parent() if event.widget() is not None else None
        items = [it for it in self.items(event.scenePos()) if it.toolTip()]
        if items and not isinstance(items[0], NodeItem):
            super().helpEvent(event)
            return
        scale = view.transform().m11() if view is not None and hasattr(view, "transform") else 1.0
        link_id = None if items else self.cable_at(event.scenePos(), scale)
        tip = items[0].toolTip() if items else (self.link_tip(self.doc.links[link_id]) if link_id else "")
        if tip:
            QToolTip.showText(event.screenPos(), tip, event.widget())
        else:
            QToolTip.hideText()
        event.accept()

    def node_item_moved(self, node_id: str) -> None:
        """A node item moved (by a drag or by sync): keep its cables, tile and hull attached."""
        item = self.node_items.get(node_id)
        if item is None:
            return
        x, y = item.pos().x(), item.pos().y()
        self.cables.move_node(node_id, x, y)
        self.tiles.moved(node_id, x, y)
        self.cable_layer.node_moved(x, y)
        if self.dragging:
            seg = self._segment_of.get(node_id)
            if seg:
                self._refresh_hull(seg)
            if self.doc.nodes[node_id].site is not None:
                self._refresh_sites()
        self.update()      # overlays drawn over the cables (heat-map, failures) follow too

    def _refresh_sites(self) -> None:
        """The site boxes around the nodes of each site (nothing to draw in a one-site design)."""
        if not self.doc.sites and not self.site_boxes.items:
            return
        rects = {nid: item.sceneBoundingRect() for nid, item in self.node_items.items()
                 if nid in self.doc.nodes and self.doc.nodes[nid].site is not None}
        self.site_boxes.refresh(self.doc, rects, self.theme)

    # ---- segments -----------------------------------------------------------------------------
    def _refresh_hull(self, seg_id: str) -> None:
        seg = self.doc.segments.get(seg_id)
        hull = self.hull_items.get(seg_id)
        if seg is None or not seg.nodes:
            if hull is not None:
                self.removeItem(hull.label)
                self.removeItem(hull)
                del self.hull_items[seg_id]
            return
        if hull is None:
            hull = self.hull_items[seg_id] = SegmentHull(seg)
            self.addItem(hull)
            self.addItem(hull.label)
        rects = [item.sceneBoundingRect().adjusted(38, 0, -38, -14)
                 for n in seg.nodes if (item := self.node_items.get(n)) is not None]
        hull.rebuild(seg, rects, self.theme.protocol(seg.protocol), self.theme.text, self.theme.hull_alpha)

    # ---- planes, bundles, level of detail ----------------------------------------------------------
    def set_planes(self, planes: set[str]) -> None:
        """Show the back-end, the front-end or both."""
        self.show_planes = set(planes)
        self._apply_planes()
        self._bundles_stale = True
        self._apply_bundling()
        self.cable_layer.update()

    def set_bundled(self, bundled: bool) -> None:
        """Draw tier-to-tier bundles instead of cables (a zoomed-out or huge fabric)."""
        if bundled != self.bundled:
            self.bundled = bundled
            self._apply_bundling()
            self.cable_layer.update()

    def set_detailed(self, detailed: bool) -> None:
        """Nodes with icon and label (zoomed in), or coloured tiles drawn by one layer (zoomed out)."""
        if detailed != self.detailed:
            self.detailed = detailed
            for item in self.node_items.values():
                item.set_detailed(detailed)
            self.tiles.update()

    def _apply_bundling(self) -> None:
        """Bundle items shown when bundled (grouped again when the drawing changed), removed otherwise."""
        if self._bundles_stale and self.bundled:
            self._group_bundles()
        if not self.bundled:
            for item in self.bundle_items:
                self.removeItem(item)
            self.bundle_items = []
            return
        self._draw_bundles()

    def _group_bundles(self) -> None:
        self.bundles, self.bundle_of_cable = group_cables(self.doc, self.cables, self.cable_shown)
        self._bundles_stale = False

    def _draw_bundles(self) -> None:
        for item in self.bundle_items:
            self.removeItem(item)
        self.bundle_items = []
        bundles = self.bundles
        tiers = {nid: tier(node) for nid, node in self.doc.nodes.items()}
        lines = []
        for b in bundles:
            line = QLineF(*self._bundle_ends(b.ends_a, b.ends_b))
            lines.append(line)
            item = BundleItem(line, b.count, speeds_text(b.speeds_gbps), self.theme.protocol(b.colour_key),
                              b.colour_key == "frontend")
            self.addItem(item)
            self.bundle_items.append(item)
        tags = []
        for text, idx in fans(bundles, tiers):
            # one tag per fan, at the middle of its bundles' upper halves
            points = [lines[i].pointAt(0.62) for i in idx]
            anchor = QPointF(sum(p.x() for p in points) / len(points), sum(p.y() for p in points) / len(points))
            colour = QColor(self.theme.protocol(bundles[idx[0]].colour_key))
            colour.setAlpha(225)
            tags.append((anchor, text, colour))
        labels = BundleLabels(tags)
        self.addItem(labels)
        self.bundle_items.append(labels)

    def _bundle_ends(self, ends_a: set[str], ends_b: set[str]) -> tuple[QPointF, QPointF]:
        """Join the facing edges of the two node groups (the label then sits in the gap, not on nodes)."""
        (ca, ra), (cb, rb) = self._group_extent(ends_a), self._group_extent(ends_b)
        if ra.intersects(rb) or abs(ca.y() - cb.y()) < abs(ca.x() - cb.x()):
            return ca, cb
        if cb.y() < ca.y():
            return QPointF(ca.x(), ra.top()), QPointF(cb.x(), rb.bottom())
        return QPointF(ca.x(), ra.bottom()), QPointF(cb.x(), rb.top())

    def _group_extent(self, node_ids: set[str]) -> tuple[QPointF, QRectF]:
        """The centre and the bounding rectangle of a group of nodes' bodies (from the tiles' position arrays)."""
        rows = [k for n in node_ids if (k := self.tiles.index.get(n)) is not None]
        if not rows:
            return QPointF(), QRectF()
        xy = self.tiles.xy[rows]
        (x0, y0), (x1, y1), (cx, cy) = xy.min(axis=0), xy.max(axis=0), xy.mean(axis=0)
        return QPointF(cx, cy), QRectF(QPointF(x0 + BODY.left(), y0 + BODY.top()),
                                       QPointF(x1 + BODY.right(), y1 + BODY.bottom()))

    # ---- selection ----------------------------------------------------------------------------
    def selected_ids(self) -> tuple[list[str], list[str], list[str]]:
        """Ids of the selected nodes, links and segments (in document order)."""
        nodes, links, segs = set(), set(), set()
        for item in self.selectedItems():
            if isinstance(item, NodeItem):
                nodes.add(item.node_id)
            elif isinstance(item, SegmentLabel):
                segs.add(item.segment_id)
        links = self.chosen_links
        return ([n for n in self.doc.nodes if n in nodes], [x for x in self.doc.links if x in links],
                [s for s in self.doc.segments if s in segs])

    def choose_links(self, link_ids: set[str]) -> None:
        """Set the chosen cables (cables are picked by the scene, not by Qt's selection)."""
        chosen = set(link_ids) & set(self.cables.index)
        if chosen != self.chosen_links:
            self.chosen_links = chosen
            self.cable_layer.update()
            self.selectionChanged.emit()

    def select_ids(self, nodes: Iterable[str] = (), links: Iterable[str] = (), segments: Iterable[str] = ()) -> None:
        self.clearSelection()
        self.choose_links(set(links))
        for n in nodes:
            if n in self.node_items:
                self.node_items[n].setSelected(True)
        for s in segments:
            if s in self.hull_items:
                self.hull_items[s].label.setSelected(True)
        self.tiles.update()

    # ---- helpers ------------------------------------------------------------------------------
    def _index_segments(self) -> None:
        self._segment_of = {n: sid for sid, seg in self.doc.segments.items() for n in seg.nodes}

    def _usage(self, node_id: str) -> str:
        """A node's ports in use by group, "be 3/8 · fe 0/2" (counted when the cables were laid out)."""
        node = self.doc.nodes.get(node_id)
        return "" if node is None else _usage_text(node, self.cables.port_use.get(node_id, {}))

    def nodes_rect(self) -> QRectF:
        """The nodes' items, and the site boxes around them (with their tags) where the design has sites."""
        rect = QRectF()
        for item in self.node_items.values():
            rect = rect.united(item.sceneBoundingRect())
        for box in self.site_boxes.items:
            rect = rect.united(box.sceneBoundingRect())
        return rect

    def drawing_rect(self) -> QRectF:
        """`nodes_rect` and the segments' outlines around them: what a fit to the window shows."""
        rect = self.nodes_rect()
        for hull in self.hull_items.values():
            rect = rect.united(hull.sceneBoundingRect())
        return rect

    def tag_height_px(self) -> float:
        """Height in screen pixels of the segments' name tags, drawn above their outlines at every zoom (0: none)."""
        return max((hull.label.boundingRect().height() + 2 for hull in self.hull_items.values()), default=0.0)

    def _update_scene_rect(self, exact: bool = False) -> None:
        # An explicit rect: itemsBoundingRect is slow on large scenes and would chase every bundle label. Edits
        # only grow it (`exact` after an open): a rect that shrank when a node was deleted scrolled the view away
        # from where the user was working.
        rect = self.nodes_rect()
        if rect.isNull():
            rect = QRectF(-400, -300, 800, 600)
        rect = rect.adjusted(-2000, -2000, 2000, 2000)
        self.setSceneRect(rect if exact else rect.united(self.sceneRect()))


def _usage_text(node, used: dict[str, int]) -> str:
    parts = [f"{g.prefix} {used.get(g.prefix, 0)}/{g.count}" for g in node.port_groups if g.count]
    return " · ".join(parts)
