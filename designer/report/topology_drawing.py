"""The topology as a vector drawing (reportlab.graphics), made from the document, not from a screenshot.

Devices sit in tier rows (core, spine, leaf, servers, front-end); lines are coloured by plane and protocol;
shaded hulls mark back-end segments. Large designs are drawn as bundles: one box per tier and pod with a
device count, one line per group pair labelled with its cable count and speed.
"""

from __future__ import annotations

import math
import re
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from reportlab.graphics.shapes import Drawing, Group, Line, Polygon, Rect, String
from reportlab.lib import colors
from reportlab.pdfbase.pdfmetrics import stringWidth

from designer.catalog.loader import Catalog
from designer.model.document import FabricDocument
from designer.model.nodes import Node
from designer.model.segments import Segment
from designer.report.design_facts import tier_of
from designer.report.products import short_name
from designer.report.strings import tr
from designer.report.styles import (
    ACCENT,
    BACKEND_COLOUR,
    FRONTEND_COLOUR,
    INK,
    MUTED,
    PROTOCOL_COLOURS,
    RULE,
)
from designer.topology.hull import convex_hull
from designer.topology.segment_names import names_protocol, shown_name
from designer.topology.site_names import shown_site_name

ROW_ORDER = ("core", "spine", "leaf", "end", "frontend")   # "end": servers, gateways, storage
DETAIL_NODE_LIMIT = 80      # above this many devices the overview is drawn as bundles
LABEL_COLUMN = 58.0         # left margin holding the row names
SITE_GAP = 28.0             # between two sites' bands of devices
SITE_PAD = 7.0              # a site's box around its devices (outside their segment's hull)
SITE_PAD_TOP = 20.0         # above them: room for the segment's name inside the site's box
SITE_LABELS_H = 26.0        # above the top row: the sites' names and the long-haul bundle between them
MIN_FONT = 3.6              # labels shrink down to this size before they turn vertical; never an ellipsis
PROTOCOL_SHORT = {"ib": "IB", "rocev2": "RoCEv2"}
FILL = {"switch": colors.HexColor("#E4ECF4"), "server": colors.HexColor("#FFFFFF"),
        "gateway": colors.HexColor("#FDF1E3"), "storage": colors.HexColor("#F1ECF8")}


def row_of(node: Node) -> str:
    tier = tier_of(node)
    return tier if tier in ("core", "spine", "leaf", "frontend") else "end"


@dataclass
class _Item:
    """A box on the drawing: one device, or (bundled) a group of devices of one tier, pod and segment."""

    key: str
    row: str
    kind: str
    label: str
    sublabel: str
    segment: str | None
    order: tuple
    x: float = 0.0
    y: float = 0.0
    w: float = 0.0
    h: float = 0.0
    members: list[str] = field(default_factory=list)
    site: str | None = None
    upright: bool = False       # its row is too dense for labels across: every label of the row reads upwards


@dataclass
class _Edge:
    count: int = 0
    speeds: set[float] = field(default_factory=set)


def _colour_key(doc: FabricDocument, plane: str, nodes: Iterable[Node], seg_of: dict[str, str]) -> str:
    """"frontend", a segment protocol ("ib"/"rocev2"), or "backend" for back-end links in no segment."""
    if plane == "frontend":
        return "frontend"
    for node in nodes:
        seg = seg_of.get(node.id)
        if seg is not None:
            return doc.segments[seg].protocol
    return "backend"


def _colour(key: str) -> colors.Color:
    return PROTOCOL_COLOURS.get(key) or (FRONTEND_COLOUR if key == "frontend" else BACKEND_COLOUR)


def fitted_size(text: str, font: str, size: float, width: float, minimum: float = MIN_FONT) -> float | None:
    """The largest size up to `size` at which `text` fits `width` points, or None below `minimum`."""
    if not text:
        return size
    natural = stringWidth(text, font, size)
    if natural <= width:
        return size
    shrunk = size * width / natural
    return shrunk if shrunk >= minimum else None


def natural_key(text: str) -> tuple:
    """Sort 'srv2' before 'srv10'."""
    return tuple(int(part) if part.isdigit() else part for part in re.split(r"(\d+)", text))


def _speed_text(speeds: set[float]) -> str:
    return "/".join(f"{s:g}G" for s in sorted(speeds))


class TopologyDrawer:
    """Draws a document (or a part of it) at a given size with the proposal's font and strings."""

    def __init__(self, doc: FabricDocument, font: str, language: str = "en", catalog: Catalog | None = None):
        self.doc = doc
        self.font = font
        self.language = language
        self.catalog = catalog
        self.seg_of: dict[str, str] = {}
        self.site_index = {site.id: i for i, site in enumerate(doc.sites)}
        self.seg_index: dict[str, int] = {}
        for i, seg in enumerate(doc.segments.values()):
            self.seg_index[seg.id] = i
            for node_id in seg.nodes:
                self.seg_of.setdefault(node_id, seg.id)

    # ---- public ---------------------------------------------------------------------------------
    def overview(self, width: float, height: float, focus: set[str] | None = None) -> Drawing:
        """All of the design: every device when it is small, bundles per tier and pod when it is large; the
        bundles holding any of `focus` (the detail drawing's devices) are outlined."""
        nodes = list(self.doc.nodes.values())
        if len(self.doc.nodes) <= DETAIL_NODE_LIMIT:
            return self._draw(nodes, width, height, self._device_item, bundled=False, focus=focus or set())
        return self._draw(nodes, width, height, self._group_item, bundled=True, focus=focus or set())

    def detail_nodes(self) -> tuple[str, list[Node], set[str]]:
        """One pod (the first) or one leaf with what hangs off it, the switches above it, and the focused nodes."""
        pods = sorted({n.pod for n in self.doc.nodes.values() if n.pod is not None})
        if pods:
            pod = pods[0]
            inside = {n.id for n in self.doc.nodes.values() if n.pod == pod}
            what = tr("topo_pod", self.language, pod=pod)
        else:  # no pods: the first leaf and what hangs off it
            leaves = sorted((n for n in self.doc.nodes.values() if tier_of(n) == "leaf"),
                            key=lambda n: natural_key(n.id))
            if not leaves:
                return "", [], set()
            inside = {leaves[0].id} | {link.other(leaves[0].id).node for link in self.doc.links_of(leaves[0].id)}
            inside = {n for n in inside if self.doc.nodes[n].kind != "switch" or n == leaves[0].id}
            what = leaves[0].display_name
        focus = {n for n in inside if self.doc.nodes[n].kind == "switch"} or set(inside)
        # the switches directly above, so that its uplinks have somewhere to go
        above = set()
        for link in self.doc.links.values():
            a, b = link.a.node, link.b.node
            if (a in inside) != (b in inside):
                other = b if a in inside else a
                if self.doc.nodes[other].kind == "switch" and self.doc.nodes[other].role != "frontend":
                    above.add(other)
        nodes = [self.doc.nodes[i] for i in sorted(inside | above, key=natural_key)]
        return what, nodes, focus

    def detail(self, nodes: list[Node], width: float, height: float, focus: set[str] | None = None) -> Drawing:
        """The given nodes device by device (links to devices outside the set are left out); `focus` outlined."""
        grouped = len(nodes) > DETAIL_NODE_LIMIT
        return self._draw(nodes, width, height, self._group_item if grouped else self._device_item, bundled=grouped,
                          focus=focus or set())

    def legend(self, width: float, nodes: list[Node] | None = None, focus_label: str | None = None) -> Drawing:
        """Swatches for the planes and protocols present (among `nodes`, default all), one per segment hull, and
        the outline of the focused devices when `focus_label` names them."""
        keys = []
        inside = None if nodes is None else {n.id for n in nodes}
        for link in self.doc.links.values():
            if inside is not None and (link.a.node not in inside or link.b.node not in inside):
                continue
            ends = [self.doc.nodes[link.a.node], self.doc.nodes[link.b.node]]
            key = _colour_key(self.doc, link.plane, ends, self.seg_of)
            if key not in keys:
                keys.append(key)
        names = {"ib": "legend_ib", "rocev2": "legend_rocev2", "backend": "legend_backend",
                 "frontend": "legend_frontend"}
        entries = [(tr(names[k], self.language), _colour(k), "line") for k in ("ib", "rocev2", "backend", "frontend")
                   if k in keys]
        for seg in self.doc.segments.values():
            if inside is not None and not inside & set(seg.nodes):
                continue
            name, said = _segment_name(seg, self.language)
            proto = "InfiniBand" if seg.protocol == "ib" else "RoCEv2"
            text = tr("legend_segment_named", self.language, name=name) if said else \
                tr("legend_segment", self.language, name=name, protocol=proto)
            entries.append((text,
                            PROTOCOL_COLOURS.get(seg.protocol, BACKEND_COLOUR), "hull"))
        if focus_label:
            entries.append((focus_label, ACCENT, "focus"))
        return self._legend_drawing(entries, width)

    def _legend_drawing(self, entries: list[tuple[str, colors.Color, str]], width: float) -> Drawing:
        size, gap = 7.5, 14.0
        widths = [26 + stringWidth(text, self.font, size) for text, _c, _k in entries]
        lines: list[list[int]] = [[]]
        used = 0.0
        for i, w in enumerate(widths):
            if lines[-1] and used + w > width:
                lines.append([])
                used = 0.0
            lines[-1].append(i)
            used += w + gap
        height = 14.0 * len(lines) + 4
        d = Drawing(width, height)
        for row, members in enumerate(lines):
            x, y = 0.0, height - 12 - 14 * row
            for i in members:
                text, colour, kind = entries[i]
                if kind == "line":
                    d.add(Line(x, y + 3, x + 18, y + 3, strokeColor=colour, strokeWidth=2))
                elif kind == "focus":
                    d.add(Rect(x, y - 1, 18, 9, rx=2, ry=2, fillColor=colors.white, strokeColor=colour,
                               strokeWidth=1.6))
                else:
                    d.add(Rect(x, y - 1, 18, 9, fillColor=colour, fillOpacity=0.12, strokeColor=colour,
                               strokeWidth=0.6, strokeOpacity=0.6))
                d.add(String(x + 23, y, text, fontName=self.font, fontSize=size, fillColor=INK))
                x += widths[i] + gap
        return d

    # ---- items ----------------------------------------------------------------------------------
    def _model_name(self, node: Node) -> str:
        return short_name(self.catalog, node.kind, node.model) if self.catalog is not None else node.model

    def _device_item(self, node: Node) -> _Item:
        seg = self.seg_of.get(node.id)
        order = (self._site_rank(node.site), self.seg_index.get(seg, -1) if seg else -1,
                 node.pod if node.pod is not None else -1, node.rail if node.rail is not None else -1, node.x,
                 natural_key(node.id))
        return _Item(node.id, row_of(node), node.kind, node.display_name, self._model_name(node), seg, order,
                     site=node.site)

    def _group_item(self, node: Node) -> _Item:
        row = row_of(node)
        seg = self.seg_of.get(node.id)
        pod = node.pod if row in ("leaf", "end") else None
        key = f"{row}|{node.kind}|{pod}|{seg}|{node.site}"
        tier_name = tr(f"tier_{tier_of(node)}", self.language)
        sub = tr("topo_pod", self.language, pod=pod) if pod is not None else ""
        order = (self._site_rank(node.site), self.seg_index.get(seg, -1) if seg else -1, pod if pod is not None else -1,
                 node.kind)
        return _Item(key, row, node.kind, tier_name, sub, seg, order, site=node.site)

    def _site_rank(self, site: str | None) -> int:
        """A site's place among the design's sites (after them: no site)."""
        return self.site_index.get(site, len(self.site_index)) if site is not None else len(self.site_index)

    # ---- drawing --------------------------------------------------------------------------------
    def _group(self, nodes: list[Node], item_of: Callable[[Node], _Item],
               bundled: bool) -> tuple[dict[str, _Item], dict[str, str]]:
        items: dict[str, _Item] = {}
        node_item: dict[str, str] = {}
        for node in nodes:
            item = item_of(node)
            item = items.setdefault(item.key, item)
            item.members.append(node.id)
            node_item[node.id] = item.key
        if bundled:
            for item in items.values():
                item.label = f"{item.label} ×{len(item.members)}"
                models = sorted({self._model_name(self.doc.nodes[m]) for m in item.members})
                item.sublabel = " · ".join(filter(None, [item.sublabel, ", ".join(models)]))
        return items, node_item

    def _edges(self, node_item: dict[str, str]) -> dict[tuple[str, str, str], _Edge]:
        edges: dict[tuple[str, str, str], _Edge] = defaultdict(_Edge)
        for link in self.doc.links.values():
            ia, ib = node_item.get(link.a.node), node_item.get(link.b.node)
            if ia is None or ib is None or ia == ib:
                continue
            ends = [self.doc.nodes[link.a.node], self.doc.nodes[link.b.node]]
            key = _colour_key(self.doc, link.plane, ends, self.seg_of)
            pair = (min(ia, ib), max(ia, ib), key)
            edges[pair].count += 1
            edges[pair].speeds.add(link.speed_gbps)
        return edges

    def _draw(self, nodes: list[Node], width: float, height: float, item_of: Callable[[Node], _Item],
              *, bundled: bool, focus: set[str]) -> Drawing:
        items, node_item = self._group(nodes, item_of, bundled)
        edges = self._edges(node_item)
        rows = [r for r in ROW_ORDER if any(i.row == r for i in items.values())]
        d = Drawing(width, height)
        self._place_rows(d, rows, items, edges, width, height, bundled)
        self._draw_sites(d, items)
        self._draw_hulls(d, items)
        self._draw_edges(d, items, edges, bundled)
        focused = {node_item[n] for n in focus if n in node_item}
        for item in items.values():
            self._draw_item(d, item, bundled, item.key in focused)
        return d

    def _place_rows(self, d: Drawing, rows: list[str], items: dict[str, _Item], edges: dict, width: float,
                    height: float, bundled: bool) -> None:
        """Set every item's box, row by row (barycentre order; with several sites, each site's devices in a band of
        its own across the page), and write each row's name, count and models."""
        bands = self._site_bands(items, rows, width - LABEL_COLUMN - 8)
        top, bottom = 14.0 + (SITE_LABELS_H if bands else 0.0), 10.0
        pitch = (height - top - bottom) / max(1, len(rows))
        neighbours: dict[str, set[str]] = defaultdict(set)
        for ka, kb, _key in edges:
            neighbours[ka].add(kb)
            neighbours[kb].add(ka)
        slot: dict[str, float] = {}
        for r_index, row in enumerate(rows):
            members = sorted((i for i in items.values() if i.row == row), key=lambda i: i.order)
            if r_index > 0:
                # barycentre ordering: put a device under the devices it connects to in the rows already placed,
                # so that a leaf's servers sit below it and lines do not cross the page
                def centre(item: _Item, fallback: float) -> float:
                    placed = [slot[k] for k in neighbours[item.key] if k in slot]
                    return sum(placed) / len(placed) if placed else fallback
                ranked = [(it.order[0] if bands else 0, self._segment_rank(it, neighbours, items),
                           centre(it, k / max(1, len(members) - 1)), it.order, it) for k, it in enumerate(members)]
                members = [it for *_key, it in sorted(ranked, key=lambda t: t[:4])]
            for k, it in enumerate(members):
                slot[it.key] = k / max(1, len(members) - 1)
            y_mid = height - top - pitch * r_index - pitch / 2
            self._set_boxes(members, bands, y_mid, pitch, width, bundled)
            self._row_label(d, row, members, y_mid, bundled)

    def _segment_rank(self, item: _Item, neighbours: dict[str, set[str]], items: dict[str, _Item]) -> float:
        """Where a device stands among the back-end segments of its row, so that each segment's devices sit together
        (its shaded area holds no other): a member at its segment's place, a device joined to members of several
        (a gateway) between theirs, any other (storage, the front-end's devices) after them all."""
        if item.segment is not None:
            return float(self.seg_index.get(item.segment, 0))
        joined = [self.seg_index.get(items[k].segment or "", 0) for k in neighbours[item.key]
                  if k in items and items[k].segment is not None]
        return sum(joined) / len(joined) if joined else float(len(self.seg_index))

    def _set_boxes(self, members: list[_Item], bands: dict[str | None, tuple[float, float]] | None, y_mid: float,
                   pitch: float, width: float, bundled: bool) -> None:
        """Lay one row's boxes out centred on `y_mid`: across the page, or each site's in its band."""
        spans = bands or {None: (LABEL_COLUMN, width - LABEL_COLUMN - 8)}
        by_band: dict[str | None, list[_Item]] = defaultdict(list)
        for it in members:
            by_band[it.site if bands else None].append(it)
        gaps = {b: min(10.0, spans[b][1] / len(group) * 0.18) for b, group in by_band.items()}
        w = min([110.0 if bundled else 70.0] + [(spans[b][1] - gaps[b] * (len(group) - 1)) / len(group)
                                                 for b, group in by_band.items()])
        across = bundled or all(fitted_size(i.label, self.font, 6.5, w - 4, 4.2) is not None for i in members)
        box_h = self._row_box_height(members, w, pitch, bundled, across)
        for b, group in by_band.items():
            x0, area = spans[b]
            start = x0 + (area - (len(group) * w + (len(group) - 1) * gaps[b])) / 2
            for k, item in enumerate(group):
                item.x, item.y, item.w, item.h = start + k * (w + gaps[b]), y_mid - box_h / 2, w, box_h
                item.upright = not across

    def _site_bands(self, items: dict[str, _Item], rows: list[str],
                    area: float) -> dict[str | None, tuple[float, float]] | None:
        """Where each site's devices go across the page when the drawing holds devices of two sites or more (None
        otherwise): a band as wide as its widest row asks, SITE_GAP between two, the devices of no site last."""
        sites = sorted({i.site for i in items.values()}, key=self._site_rank)
        if sum(1 for site in sites if site is not None) < 2:
            return None
        need = {site: max(sum(1 for i in items.values() if i.row == r and i.site == site) for r in rows)
                for site in sites}
        usable = area - SITE_GAP * (len(sites) - 1) - 2 * SITE_PAD      # the boxes clear of the row names
        bands, x = {}, LABEL_COLUMN + SITE_PAD
        for site in sites:
            bands[site] = (x, usable * need[site] / sum(need.values()))
            x += bands[site][1] + SITE_GAP
        return bands

    def _row_box_height(self, members: list[_Item], w: float, pitch: float, bundled: bool, across: bool) -> float:
        """Boxes are low and wide; a row too dense for its labels `across` gets tall boxes that hold them upright."""
        base = min(26.0 if bundled else 18.0, pitch * 0.42)
        if across:
            return base
        need = max(stringWidth(i.label, self.font, 5.0) for i in members) + 6
        return max(base, min(need, pitch * 0.7))

    def _row_label(self, d: Drawing, row: str, members: list[_Item], y_mid: float, bundled: bool) -> None:
        """The row's name and device count; the end row counts its servers and names the storage and gateways
        beside them, else the row's one model when it has one."""
        others = [i for i in members if row == "end" and i.kind != "server"]
        count = sum(len(i.members) for i in members if i not in others)
        name = tr(f"tier_{row if row != 'end' else 'server'}", self.language)
        d.add(String(0, y_mid + 1, name, fontName=self.font, fontSize=7.5, fillColor=INK))
        d.add(String(0, y_mid - 8, f"×{count}", fontName=self.font, fontSize=7, fillColor=MUTED))
        if others:
            kinds = sorted({i.kind for i in others})
            third = " · ".join(f"{tr(f'tier_{k}', self.language)} ×{sum(len(i.members) for i in others if i.kind == k)}"
                               for k in kinds)
        else:
            models = sorted({i.sublabel for i in members if i.sublabel}) if not bundled else []
            third = models[0] if len(models) == 1 else ""
        if third:
            size = fitted_size(third, self.font, 6.0, LABEL_COLUMN - 4, 3.0) or 3.0
            d.add(String(0, y_mid - 16, third, fontName=self.font, fontSize=size, fillColor=MUTED))

    def _draw_edges(self, d: Drawing, items: dict[str, _Item], edges: dict, bundled: bool) -> None:
        max_count = max((e.count for e in edges.values()), default=1)
        label_edges = bundled or len(edges) <= 12
        for (ka, kb, colour_key), edge in sorted(edges.items()):
            a, b = items[ka], items[kb]
            upper, lower = (a, b) if a.y >= b.y else (b, a)
            x1, y1 = upper.x + upper.w / 2, upper.y
            x2, y2 = lower.x + lower.w / 2, lower.y + lower.h
            if upper.y == lower.y:  # same row: join the facing sides
                y1 = y2 = upper.y + upper.h / 2
                x1, x2 = (upper.x + upper.w, lower.x) if upper.x < lower.x else (upper.x, lower.x + lower.w)
            # line width grows with the log of the bundle size so that 1 and 1,000 cables both read
            stroke = 0.5 + (1.8 * math.log1p(edge.count) / math.log1p(max_count) if bundled else 0.0)
            d.add(Line(x1, y1, x2, y2, strokeColor=_colour(colour_key), strokeWidth=stroke,
                       strokeOpacity=0.85 if bundled else 0.7))
            if label_edges and (bundled or edge.count > 1):
                text = f"{edge.count}×{_speed_text(edge.speeds)}"
                tx, ty = x1 + (x2 - x1) * 0.5, y1 + (y2 - y1) * 0.5
                tw = stringWidth(text, self.font, 6)
                d.add(Rect(tx - tw / 2 - 1.5, ty - 2.5, tw + 3, 8, fillColor=colors.white, strokeColor=None))
                d.add(String(tx, ty - 0.5, text, fontName=self.font, fontSize=6, fillColor=INK,
                             textAnchor="middle"))

    def _draw_sites(self, d: Drawing, items: dict[str, _Item]) -> None:
        """With devices of two sites or more: a box around each site's, its name and GPUs above it, and above the
        gap between two boxes the long-haul bundle that joins them (as the editor draws them)."""
        boxes: dict[str, tuple[float, float, float, float]] = {}
        for site in self.doc.sites:
            members = [i for i in items.values() if i.site == site.id]
            if members:
                boxes[site.id] = (min(i.x for i in members) - SITE_PAD, min(i.y for i in members) - SITE_PAD,
                                  max(i.x + i.w for i in members) + SITE_PAD,
                                  max(i.y + i.h for i in members) + SITE_PAD_TOP)
        if len(boxes) < 2:
            return
        site_gpus = self.doc.gpus_by_site()
        for site in self.doc.sites:
            if site.id not in boxes:
                continue
            x0, y0, x1, y1 = boxes[site.id]
            d.add(Rect(x0, y0, x1 - x0, y1 - y0, fillColor=None, strokeColor=MUTED, strokeWidth=0.8,
                       strokeDashArray=[4, 2, 1, 2]))
            text = tr("topo_site", self.language, site=shown_site_name(site.display_name, self.language),
                      gpus=f"{site_gpus.get(site.id, 0):,}")
            size = fitted_size(text, self.font, 7.5, x1 - x0, MIN_FONT) or MIN_FONT
            d.add(String(x0, y1 + 3, text, fontName=self.font, fontSize=size, fillColor=INK))
        for lh in self.doc.long_haul:
            if lh.a in boxes and lh.b in boxes:
                left, right = sorted((boxes[lh.a], boxes[lh.b]))
                text = tr("topo_long_haul", self.language, count=lh.count, gbps=f"{lh.capacity_gbps:g}",
                          km=f"{lh.distance_km:,g}")
                d.add(String((left[2] + right[0]) / 2, max(left[3], right[3]) + 13, text, fontName=self.font,
                             fontSize=7, fillColor=ACCENT, textAnchor="middle"))

    def _draw_hulls(self, d: Drawing, items: dict[str, _Item]) -> None:
        by_seg: dict[str, list[_Item]] = defaultdict(list)
        for item in items.values():
            if item.segment is not None:
                by_seg[item.segment].append(item)
        for seg_id, members in by_seg.items():
            seg = self.doc.segments[seg_id]
            pad = 6.0
            corners = []
            for it in members:
                corners += [(it.x - pad, it.y - pad), (it.x + it.w + pad, it.y - pad),
                            (it.x - pad, it.y + it.h + pad), (it.x + it.w + pad, it.y + it.h + pad)]
            hull = convex_hull(corners)
            colour = PROTOCOL_COLOURS.get(seg.protocol, BACKEND_COLOUR)
            d.add(Polygon([c for p in hull for c in p], fillColor=colour, fillOpacity=0.07, strokeColor=colour,
                          strokeWidth=0.7, strokeOpacity=0.5, strokeDashArray=[3, 2]))
            top_left = min((p for p in hull), key=lambda p: (-p[1], p[0]))
            name, said = _segment_name(seg, self.language)
            text = name if said else f"{name} · {PROTOCOL_SHORT.get(seg.protocol, seg.protocol)}"
            d.add(String(top_left[0] + 2, top_left[1] + 2, text, fontName=self.font, fontSize=6.5, fillColor=colour))

    def _draw_item(self, d: Drawing, item: _Item, bundled: bool, focused: bool = False) -> None:
        fill = FILL.get(item.kind, FILL["switch"])
        stroke, width = (ACCENT, 1.6) if focused else ((INK, 0.5) if bundled else (RULE, 0.4))
        d.add(Rect(item.x, item.y, item.w, item.h, rx=2, ry=2, fillColor=fill, strokeColor=stroke,
                   strokeWidth=width))
        inner = item.w - 4
        cx, cy = item.x + item.w / 2, item.y + item.h / 2
        size = None if item.upright else fitted_size(item.label, self.font, 6.5, inner, 4.2)
        if size is None:        # too narrow to write across: write along the box's height, reading upwards
            size = fitted_size(item.label, self.font, min(5.0, item.w * 0.8), item.h - 4, 2.0) or 2.0
            upright = Group(String(0, 0, item.label, fontName=self.font, fontSize=size, fillColor=INK,
                                   textAnchor="middle"))
            upright.transform = (0, 1, -1, 0, cx + size / 3, cy)
            d.add(upright)
            return
        two_lines = bool(item.sublabel) and (bundled or item.h >= 16)
        d.add(String(cx, cy + 1 if two_lines else cy - size / 3, item.label, fontName=self.font, fontSize=size,
                     fillColor=INK, textAnchor="middle"))
        if two_lines:
            sub = fitted_size(item.sublabel, self.font, size - 1, inner, 3.0) or 3.0
            d.add(String(cx, cy - size, item.sublabel, fontName=self.font, fontSize=sub, fillColor=MUTED,
                         textAnchor="middle"))


def _segment_name(seg: Segment, language: str) -> tuple[str, bool]:
    """A segment's name in `language` (a generated one translated), and whether it names its protocol already
    ("Back-end (IB)"), so that the drawing does not repeat it."""
    name = shown_name(seg.name or seg.id, language)
    return name, names_protocol(name, seg.protocol)
