"""The canvas scene: a projection of one FabricDocument, kept in step by its change notifications.

Data flows one way: command -> document -> batched changes -> this scene updates its items. Items
never write the document; a mouse drag is turned into a command by the view on release.
"""

from __future__ import annotations

from collections import defaultdict

from PySide6.QtCore import QLineF, QPointF, QRectF, Signal
from PySide6.QtGui import QColor, QFont
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QGraphicsSimpleTextItem

from designer.model.document import Change, FabricDocument
from designer.model.links import Link
from designer.ui.bundles import BundleItem, BundleLabels, fans, group_links, speeds_text, tier
from designer.ui.link_item import LinkItem
from designer.ui.node_item import NodeItem
from designer.ui.segment_hull import SegmentHull, SegmentLabel
from designer.ui.theme import Theme

# A batch larger than this is redrawn from scratch (an open, a generate): one pass beats many small ones.
REBUILD_BATCH = 400
# Fabrics with more cables than this always draw bundles.
ALWAYS_BUNDLE_LINKS = 20_000


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
        self.node_items: dict[str, NodeItem] = {}
        self.link_items: dict[str, LinkItem] = {}
        self.hull_items: dict[str, SegmentHull] = {}
        self.bundle_items: list[BundleItem] = []
        self.chosen_links: set[str] = set()
        self.pair_badges: dict[tuple[str, str], QGraphicsSimpleTextItem] = {}
        self._links_of: dict[str, set[str]] = defaultdict(set)
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
        self.chosen_links = set()
        self.pair_badges = {}
        self.clear()
        self.node_items.clear()
        self.link_items.clear()
        self.hull_items.clear()
        self.bundle_items = []
        self._index_links()
        self._index_segments()
        usage = self._usage_all()
        for node in self.doc.nodes.values():
            item = NodeItem(node, self.theme, usage.get(node.id, ""))
            self.addItem(item)
            self.node_items[node.id] = item
        for link in self.doc.links.values():
            self._add_link_item(link)
        for seg_id in self.doc.segments:
            self._refresh_hull(seg_id)
        self._apply_bundling()
        self._update_scene_rect()

    # ---- change notification ------------------------------------------------------------------
    def _on_changes(self, changes: list[Change]) -> None:
        if len(changes) > REBUILD_BATCH:
            selected = self.selected_ids()
            self.rebuild()
            self.select_ids(*selected)
            self.document_changed.emit(changes)
            return
        touched_nodes: set[str] = set()
        restyle_links: set[str] = set()
        hulls: set[str] = set()
        segments_changed = False
        for ch in changes:
            if ch.kind == "node":
                touched_nodes.add(ch.id)
                if ch.action == "remove":
                    item = self.node_items.pop(ch.id, None)
                    if item is not None:
                        self.removeItem(item)
                elif ch.action == "add":
                    item = NodeItem(self.doc.nodes[ch.id], self.theme)
                    self.addItem(item)
                    self.node_items[ch.id] = item
                seg = self._segment_of.get(ch.id)
                if seg:
                    hulls.add(seg)
            elif ch.kind == "link":
                self._on_link_change(ch, touched_nodes)
            elif ch.kind == "segment":
                segments_changed = True
                hulls.add(ch.id)
        if segments_changed:
            old = dict(self._segment_of)
            self._index_segments()
            moved = {n for n in old.keys() | self._segment_of.keys() if old.get(n) != self._segment_of.get(n)}
            for seg_id in hulls:
                if seg_id in self.doc.segments:
                    moved |= set(self.doc.segments[seg_id].nodes)
            for n in moved:
                restyle_links |= self._links_of.get(n, set())
        for node_id in touched_nodes:
            node = self.doc.nodes.get(node_id)
            item = self.node_items.get(node_id)
            if node is None or item is None:
                continue
            item.sync(node, self._usage(node_id))
            restyle_links |= self._links_of.get(node_id, set())
        for link_id in restyle_links:
            self._restyle_link(link_id)
        for seg_id in hulls:
            self._refresh_hull(seg_id)
        if self.bundled or any(ch.kind == "link" and ch.action != "update" for ch in changes):
            self._apply_bundling()
        self._update_scene_rect()
        self.document_changed.emit(changes)

    def _on_link_change(self, ch: Change, touched_nodes: set[str]) -> None:
        if ch.action == "remove":
            self.chosen_links.discard(ch.id)
            item = self.link_items.pop(ch.id, None)
            for node_id, ends in self._links_of.items():
                if ch.id in ends:
                    ends.discard(ch.id)
                    touched_nodes.add(node_id)
            if item is not None:
                self.removeItem(item)
        elif ch.action == "add":
            link = self.doc.links[ch.id]
            self._links_of[link.a.node].add(link.id)
            self._links_of[link.b.node].add(link.id)
            self._add_link_item(link)
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

    def _add_link_item(self, link: Link) -> None:
        key = self.colour_key(link)
        item = LinkItem(link.id, self.theme.protocol(key), key == "frontend", self.theme.selection)
        item.set_ends(self._line(link))
        item.setToolTip(self._link_tip(link, key))
        item.setVisible(not self.bundled and link.plane in self.show_planes)
        self.addItem(item)
        self.link_items[link.id] = item

    def _restyle_link(self, link_id: str) -> None:
        link, item = self.doc.links.get(link_id), self.link_items.get(link_id)
        if link is None or item is None:
            return
        key = self.colour_key(link)
        item.restyle(self.theme.protocol(key), key == "frontend", self.theme.selection)
        item.set_ends(self._line(link))
        item.setToolTip(self._link_tip(link, key))

    def _link_tip(self, link: Link, key: str) -> str:
        from designer.ui.theme import protocol_name
        return (f"<b>{link.a} ↔ {link.b}</b><br>{link.speed_gbps:g} Gb/s · {link.cable} · {link.length_m:g} m"
                f"<br>{protocol_name(key)}")

    def _line(self, link: Link) -> QLineF:
        a, b = self.node_items.get(link.a.node), self.node_items.get(link.b.node)
        if a is None or b is None:
            return QLineF()
        return QLineF(a.pos(), b.pos())

    def node_item_moved(self, node_id: str) -> None:
        """A node item moved (by a drag or by sync): keep its cables and hull attached."""
        for link_id in self._links_of.get(node_id, ()):
            item, link = self.link_items.get(link_id), self.doc.links.get(link_id)
            if item is not None and link is not None:
                item.set_ends(self._line(link))
        for pair in self.pair_badges:
            if node_id in pair:
                self._place_badge(pair)
        if self.dragging:
            seg = self._segment_of.get(node_id)
            if seg:
                self._refresh_hull(seg)

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

    # ---- planes and bundles -------------------------------------------------------------------
    def set_planes(self, planes: set[str]) -> None:
        """Show the back-end, the front-end or both."""
        self.show_planes = set(planes)
        self._apply_bundling(force=True)

    def set_bundled(self, bundled: bool) -> None:
        bundled = bundled or len(self.doc.links) > ALWAYS_BUNDLE_LINKS
        if bundled != self.bundled:
            self.bundled = bundled
            self._apply_bundling(force=True)

    def _apply_bundling(self, force: bool = False) -> None:
        self._draw_bundles()
        self._refresh_pair_badges()

    def _refresh_pair_badges(self) -> None:
        """'×N' on cables that join the same two nodes N times (they are drawn as one line)."""
        for badge in self.pair_badges.values():
            self.removeItem(badge)
        self.pair_badges = {}
        if self.bundled:
            return
        pairs: dict[tuple[str, str], int] = defaultdict(int)
        for link in self.doc.links.values():
            if link.plane in self.show_planes:
                pairs[tuple(sorted((link.a.node, link.b.node)))] += 1
        font = QFont()
        font.setPointSizeF(7.5)
        font.setBold(True)
        for pair, count in pairs.items():
            if count < 2:
                continue
            badge = QGraphicsSimpleTextItem(f"×{count}")
            badge.setFont(font)
            badge.setBrush(self.theme.text)
            badge.setZValue(4)
            badge.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
            self.addItem(badge)
            self.pair_badges[pair] = badge
            self._place_badge(pair)

    def _place_badge(self, pair: tuple[str, str]) -> None:
        a, b = self.node_items.get(pair[0]), self.node_items.get(pair[1])
        badge = self.pair_badges.get(pair)
        if a is not None and b is not None and badge is not None:
            badge.setPos(QLineF(a.pos(), b.pos()).pointAt(0.5) + QPointF(3, -6))

    def _draw_bundles(self) -> None:
        for item in self.bundle_items:
            self.removeItem(item)
        self.bundle_items = []
        for link_id, item in self.link_items.items():
            want = not self.bundled and self.doc.links[link_id].plane in self.show_planes
            if item.isVisible() != want:
                item.setVisible(want)
        if not self.bundled:
            return
        colour_of = {lid: self.colour_key(link) for lid, link in self.doc.links.items()}
        shown = {lid for lid, link in self.doc.links.items() if link.plane in self.show_planes}
        bundles = group_links(self.doc, colour_of, shown)
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
        ca, cb = self._centroid(ends_a), self._centroid(ends_b)
        ra, rb = self._group_rect(ends_a), self._group_rect(ends_b)
        if ra.intersects(rb) or abs(ca.y() - cb.y()) < abs(ca.x() - cb.x()):
            return ca, cb
        if cb.y() < ca.y():
            return QPointF(ca.x(), ra.top()), QPointF(cb.x(), rb.bottom())
        return QPointF(ca.x(), ra.bottom()), QPointF(cb.x(), rb.top())

    def _group_rect(self, node_ids: set[str]) -> QRectF:
        rect = QRectF()
        for n in node_ids:
            item = self.node_items.get(n)
            if item is not None:
                rect = rect.united(item.body_rect().translated(item.pos()))
        return rect

    def _centroid(self, node_ids: set[str]) -> QPointF:
        xs = [self.node_items[n].pos() for n in node_ids if n in self.node_items]
        if not xs:
            return QPointF()
        return QPointF(sum(p.x() for p in xs) / len(xs), sum(p.y() for p in xs) / len(xs))

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
        for link_id in self.chosen_links - link_ids:
            if link_id in self.link_items:
                self.link_items[link_id].set_chosen(False)
        for link_id in link_ids:
            if link_id in self.link_items:
                self.link_items[link_id].set_chosen(True)
        changed = link_ids != self.chosen_links
        self.chosen_links = set(link_ids) & set(self.link_items)
        if changed:
            self.selectionChanged.emit()

    def select_ids(self, nodes: list[str] = (), links: list[str] = (), segments: list[str] = ()) -> None:
        self.clearSelection()
        self.choose_links(set(links))
        for n in nodes:
            if n in self.node_items:
                self.node_items[n].setSelected(True)
        for s in segments:
            if s in self.hull_items:
                self.hull_items[s].label.setSelected(True)

    # ---- helpers ------------------------------------------------------------------------------
    def _index_links(self) -> None:
        self._links_of = defaultdict(set)
        for link in self.doc.links.values():
            self._links_of[link.a.node].add(link.id)
            self._links_of[link.b.node].add(link.id)

    def _index_segments(self) -> None:
        self._segment_of = {n: sid for sid, seg in self.doc.segments.items() for n in seg.nodes}

    def _usage(self, node_id: str) -> str:
        node = self.doc.nodes[node_id]
        used: dict[str, int] = defaultdict(int)
        for link_id in self._links_of.get(node_id, ()):
            link = self.doc.links[link_id]
            port = link.a.port if link.a.node == node_id else link.b.port
            used[port.rstrip("0123456789")] += 1
        return _usage_text(node, used)

    def _usage_all(self) -> dict[str, str]:
        used: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
        for link in self.doc.links.values():
            for end in (link.a, link.b):
                used[end.node][end.port.rstrip("0123456789")] += 1
        return {nid: _usage_text(node, used[nid]) for nid, node in self.doc.nodes.items()}

    def nodes_rect(self) -> QRectF:
        rect = QRectF()
        for item in self.node_items.values():
            rect = rect.united(item.sceneBoundingRect())
        return rect

    def _update_scene_rect(self) -> None:
        # An explicit rect: itemsBoundingRect is slow on large scenes and would chase every bundle label.
        rect = self.nodes_rect()
        if rect.isNull():
            rect = QRectF(-400, -300, 800, 600)
        self.setSceneRect(rect.adjusted(-2000, -2000, 2000, 2000))


def _usage_text(node, used: dict[str, int]) -> str:
    parts = [f"{g.prefix} {used.get(g.prefix, 0)}/{g.count}" for g in node.port_groups if g.count]
    return " · ".join(parts)
