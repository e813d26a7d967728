"""The editing actions of one open design: every change to the document becomes a QUndoCommand."""

from __future__ import annotations

import atexit
import copy

from PySide6.QtCore import QMimeData, QObject, QPointF, Signal, Slot
from PySide6.QtGui import QGuiApplication, QUndoStack

from designer.catalog.instantiate import node_from_model, switch_node
from designer.catalog.loader import Catalog
from designer.model.document import FabricDocument
from designer.model.errors import ProjectError
from designer.model.fileformat import dumps, loads
from designer.model.segments import PROTOCOLS, Segment
from designer.ui.commands import (
    AddItemsCommand,
    AddSegmentCommand,
    MoveNodesCommand,
    RemoveItemsCommand,
    ReplaceDocumentCommand,
    UpdateCommand,
)
from designer.ui.link_planner import LinkRefused, plan_connections, plan_link, tiers_to_connect
from designer.ui.node_item import snap
from designer.ui.scene import FabricScene
from designer.ui.theme import protocol_name

CLIPBOARD_MIME = "application/x-fabric-designer-selection"
ID_PREFIX = {"server": "gpu", "leaf": "leaf", "spine": "spine", "core": "core", "frontend": "fe",
             "gateway": "gw", "storage": "stor"}


def parse_spec(spec: str) -> tuple[str, str | None, float | None]:
    """A palette entry 'model|role|speed' -> (model id, role or None, port speed or None)."""
    model, _, rest = spec.partition("|")
    role, _, speed = rest.partition("|")
    return model, role or None, float(speed) if speed else None


_CLIPBOARD_HOOKED = False


def _release_clipboard_at_exit() -> None:
    """Take our data off the clipboard before the interpreter ends: Qt freeing a clipboard object that
    Python already finalised crashed the exit (measured under the offscreen platform)."""
    global _CLIPBOARD_HOOKED
    if _CLIPBOARD_HOOKED:
        return
    _CLIPBOARD_HOOKED = True

    def release() -> None:
        app = QGuiApplication.instance()
        if app is None:
            return
        board = QGuiApplication.clipboard()
        data = board.mimeData()
        if data is not None and data.hasFormat(CLIPBOARD_MIME):
            board.clear()

    atexit.register(release)


class Editor(QObject):
    """Owns the undo stack of a document and turns user intents into commands."""

    message = Signal(str, bool)  # text, is_error
    link_refused = Signal(str, str)   # why a cable cannot be made, what would work (the view shows it at the pointer)

    def __init__(self, doc: FabricDocument, catalog: Catalog, scene: FabricScene,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.doc, self.catalog, self.scene = doc, catalog, scene
        self.undo_stack = QUndoStack(self)
        self.paste_count = 0

    def set_document(self, doc: FabricDocument) -> None:
        self.doc = doc
        self.undo_stack.clear()
        self.scene.set_document(doc)

    def _say(self, text: str, error: bool = False) -> None:
        self.message.emit(text, error)

    # ---- place --------------------------------------------------------------------------------
    @Slot(str, QPointF)
    def place(self, spec: str, pos: QPointF) -> str | None:
        """Place a catalog model at `pos`; returns the new node id (None if refused)."""
        model_id, role, speed = parse_spec(spec)
        kind = self.catalog.model_kind(model_id)
        prefix = ID_PREFIX.get(role or "", ID_PREFIX.get(kind or "", "n"))
        node_id = self.numbered_id(f"{prefix}-")
        x, y = snap(pos.x()), snap(pos.y())
        try:
            if kind == "switch":
                m = self.catalog.switch(model_id)
                node = switch_node(self.catalog, model_id, node_id, role or m.roles[0], speed_gbps=speed,
                                   label=node_id, x=x, y=y)
            else:
                node = node_from_model(self.catalog, model_id, node_id, x=x, y=y, label=node_id)
        except ProjectError as exc:
            self._say(str(exc), True)
            return None
        self.undo_stack.push(AddItemsCommand(self.doc, [node], [], self.tr(
                "Place {0} ({1})").format(node_id, model_id)))
        self._say(self.tr("Placed {0}: {1}").format(node_id, model_id))
        return node_id

    def numbered_id(self, prefix: str, taken: set[str] | frozenset = frozenset()) -> str:
        """The lowest free number of its kind: the first leaf drawn is leaf-1, the next leaf-2 (a leaf deleted
        leaves its number to the next one drawn); `taken`: ids given out already but not in the document yet."""
        doc, k = self.doc, 1
        while (f"{prefix}{k}" in doc.nodes or f"{prefix}{k}" in doc.links or f"{prefix}{k}" in doc.segments
               or f"{prefix}{k}" in taken):
            k += 1
        return f"{prefix}{k}"

    # ---- links --------------------------------------------------------------------------------
    @Slot(str, str)
    def connect(self, a_id: str, b_id: str) -> str | None:
        """Cable two nodes on their first free compatible ports; a refusal is reported, not raised."""
        try:
            link = plan_link(self.doc, a_id, b_id, catalog=self.catalog)
        except LinkRefused as exc:
            self._say(self.tr("Cannot connect: {0}").format(exc), True)
            self.link_refused.emit(str(exc), exc.hint)
            return None
        self.undo_stack.push(AddItemsCommand(self.doc, [], [link], self.tr("Link {0} ↔ {1}").format(link.a, link.b)))
        self._say(self.tr("Linked {0} ↔ {1} at {2:g} Gb/s ({3})").format(link.a, link.b, link.speed_gbps, link.plane))
        return link.id

    def connect_selection(self, pattern: str = "rail") -> list[str]:
        """Cable the selected servers to the selected switches (or leaves to spines), "rail"-aligned or
        "round-robin", as many cables as free ports allow, in one undoable step; returns the new cables' ids."""
        nodes, _, _ = self.scene.selected_ids()
        lower, upper = tiers_to_connect(self.doc, nodes)
        if not lower or not upper:
            self._say(self.tr("Select servers and the switches to cable them to (or leaves and spines)"), True)
            return []
        plan = plan_connections(self.doc, lower, upper, pattern, self.catalog)
        how = self.tr("rail-aligned") if pattern == "rail" else self.tr("round-robin")
        if not plan.links:
            self._say(self.tr("Nothing to connect: {0}").format(plan.reason), True)
            return []
        text = self.tr("Connect {0} × {1} nodes ({2}): {3} cables").format(len(lower), len(upper), how,
                                                                          len(plan.links))
        self.undo_stack.push(AddItemsCommand(self.doc, [], plan.links, text))
        if plan.left_free:
            self._say(text + self.tr("; {0} ports left free: {1}").format(plan.left_free, plan.reason))
        else:
            self._say(text)
        return [link.id for link in plan.links]

    # ---- move, delete -------------------------------------------------------------------------
    @Slot(object, object)
    def move(self, new: dict[str, tuple[float, float]], old: dict[str, tuple[float, float]],
             text: str = "") -> None:
        new = {k: v for k, v in new.items() if k in self.doc.nodes and v != old.get(k)}
        if new:
            self.undo_stack.push(MoveNodesCommand(self.doc, new, {k: old[k] for k in new}, text))

    @Slot(float, float)
    def nudge(self, dx: float, dy: float) -> None:
        nodes, _, _ = self.scene.selected_ids()
        old = {n: (self.doc.nodes[n].x, self.doc.nodes[n].y) for n in nodes}
        self.move({n: (x + dx, y + dy) for n, (x, y) in old.items()}, old, self.tr("Nudge"))

    @Slot()
    def delete_selection(self) -> None:
        nodes, links, segs = self.scene.selected_ids()
        if not (nodes or links or segs):
            self._say(self.tr("Nothing selected to delete"), True)
            return
        links = [x for x in links if not any(self.doc.links[x].touches(n) for n in nodes)]
        self.undo_stack.push(RemoveItemsCommand(self.doc, nodes, links, segs))

    # ---- properties ---------------------------------------------------------------------------
    def update(self, kind: str, obj_id: str, values: dict[str, object], text: str) -> None:
        self.undo_stack.push(UpdateCommand(self.doc, kind, obj_id, values, text))

    # ---- segments -----------------------------------------------------------------------------
    def new_segment(self, name: str, protocol: str, node_ids: list[str]) -> str | None:
        name = name.strip()
        if protocol not in PROTOCOLS:
            self._say(self.tr("unknown protocol '{0}' (ib or rocev2)").format(protocol), True)
            return None
        if not name:
            self._say(self.tr("a segment needs a name"), True)
            return None
        members = [n for n in node_ids if n in self.doc.nodes]
        if not members:
            self._say(self.tr("select the nodes of the new segment first"), True)
            return None
        seg = Segment(self.doc.new_id("seg"), name, protocol, members)
        self.undo_stack.push(AddSegmentCommand(self.doc, seg))
        return seg.id

    def set_protocol(self, segment_id: str, protocol: str) -> None:
        seg = self.doc.segments[segment_id]
        if seg.protocol != protocol:
            self.update("segment", segment_id, {"protocol": protocol}, self.tr("Segment '{0}': {1} → {2}").format(
                seg.name, protocol_name(seg.protocol), protocol_name(protocol)))

    # ---- clipboard ----------------------------------------------------------------------------
    def selection_document(self) -> FabricDocument | None:
        nodes, _, _ = self.scene.selected_ids()
        if not nodes:
            return None
        part = FabricDocument(name="clipboard")
        keep = set(nodes)
        for n in nodes:
            part.nodes[n] = copy.deepcopy(self.doc.nodes[n])
        for link in self.doc.links.values():
            if link.a.node in keep and link.b.node in keep:  # only cables inside the copied set
                part.links[link.id] = copy.deepcopy(link)
        used_sites = {self.doc.nodes[n].site for n in nodes}
        part.sites = [copy.deepcopy(s) for s in self.doc.sites if s.id in used_sites]   # the copied nodes' sites
        return part

    @Slot()
    def copy_selection(self) -> bool:
        part = self.selection_document()
        if part is None:
            self._say(self.tr("Select nodes to copy"), True)
            return False
        mime = QMimeData()
        mime.setData(CLIPBOARD_MIME, dumps(part).encode("utf-8"))
        mime.setText(self.tr("{0} nodes, {1} links from Fabric Designer").format(len(part.nodes), len(part.links)))
        QGuiApplication.clipboard().setMimeData(mime)
        _release_clipboard_at_exit()
        self.paste_count = 0
        self._say(self.tr("Copied {0} nodes and {1} links").format(len(part.nodes), len(part.links)))
        return True

    @Slot()
    def paste(self) -> list[str]:
        mime = QGuiApplication.clipboard().mimeData()
        if mime is None or not mime.hasFormat(CLIPBOARD_MIME):
            self._say(self.tr("The clipboard holds no fabric nodes"), True)
            return []
        try:
            part = loads(bytes(mime.data(CLIPBOARD_MIME).data()).decode("utf-8"))
        except ProjectError as exc:
            self._say(self.tr("Cannot paste: {0}").format(exc), True)
            return []
        self.paste_count += 1
        return self._insert_copy(part, 40.0 * self.paste_count, self.tr("Paste {0} nodes"))

    @Slot()
    def duplicate(self) -> list[str]:
        part = self.selection_document()
        if part is None:
            self._say(self.tr("Select nodes to duplicate"), True)
            return []
        try:
            copied = loads(dumps(part))
        except ProjectError as exc:
            self._say(self.tr("Cannot duplicate: {0}").format(exc), True)
            return []
        return self._insert_copy(copied, 40.0, self.tr("Duplicate {0} nodes"))

    def _insert_copy(self, part: FabricDocument, offset: float, text: str) -> list[str]:
        """Add a copy of `part` with fresh ids, shifted by `offset`, as one command (`text`: its undo text,
        {0} the number of nodes)."""
        rename: dict[str, str] = {}
        nodes = []
        taken = set(self.doc.nodes)
        sites = {s.id for s in self.doc.sites}
        homeless = 0
        for node in part.nodes.values():
            prefix = node.id.rstrip("0123456789")
            new_id = self.numbered_id(prefix if prefix.endswith("-") else prefix + "-", taken)
            taken.add(new_id)
            rename[node.id] = new_id
            dup = copy.deepcopy(node)
            dup.id, dup.x, dup.y = new_id, node.x + offset, node.y + offset
            if node.label == node.id or not node.label:
                dup.label = new_id
            if dup.site is not None and dup.site not in sites:   # copied from a site this design does not have
                dup.site, homeless = None, homeless + 1
            nodes.append(dup)
        links = []
        used_link_ids = set(self.doc.links)
        for link in part.links.values():
            new_id = self.doc.new_id("l")
            while new_id in used_link_ids:
                new_id = self.doc.new_id("l")
            used_link_ids.add(new_id)
            dup = copy.deepcopy(link)
            dup.id = new_id
            dup.a = type(link.a)(rename[link.a.node], link.a.port)
            dup.b = type(link.b)(rename[link.b.node], link.b.port)
            links.append(dup)
        self.undo_stack.push(AddItemsCommand(self.doc, nodes, links, text.format(len(nodes))))
        self.scene.select_ids([n.id for n in nodes])
        if homeless:
            self._say(self.tr("{0} pasted nodes stood in a site this design does not have: they belong to no site "
                              "now").format(homeless), True)
        return [n.id for n in nodes]

    # ---- align / distribute -------------------------------------------------------------------
    def align(self, how: str) -> None:
        """Align the selected nodes: left, right, top, bottom, hcenter, vcenter."""
        nodes, _, _ = self.scene.selected_ids()
        if len(nodes) < 2:
            self._say(self.tr("Select two or more nodes to align"), True)
            return
        old = {n: (self.doc.nodes[n].x, self.doc.nodes[n].y) for n in nodes}
        xs, ys = [p[0] for p in old.values()], [p[1] for p in old.values()]
        target = {"left": min(xs), "right": max(xs), "hcenter": sum(xs) / len(xs),
                  "top": min(ys), "bottom": max(ys), "vcenter": sum(ys) / len(ys)}[how]
        horizontal = how in ("left", "right", "hcenter")
        new = {n: ((target, y) if horizontal else (x, target)) for n, (x, y) in old.items()}
        texts = {"left": self.tr("Align left"), "right": self.tr("Align right"), "top": self.tr("Align top"),
                 "bottom": self.tr("Align bottom"), "hcenter": self.tr("Align centres horizontally"),
                 "vcenter": self.tr("Align middles vertically")}
        self.move(new, old, texts[how])

    def distribute(self, axis: str) -> None:
        """Spread the selected nodes evenly between the outermost two along 'x' or 'y'."""
        nodes, _, _ = self.scene.selected_ids()
        if len(nodes) < 3:
            self._say(self.tr("Select three or more nodes to distribute"), True)
            return
        i = 0 if axis == "x" else 1
        old = {n: (self.doc.nodes[n].x, self.doc.nodes[n].y) for n in nodes}
        order = sorted(nodes, key=lambda n: old[n][i])
        lo, hi = old[order[0]][i], old[order[-1]][i]
        new = {}
        for k, n in enumerate(order):
            v = lo + (hi - lo) * k / (len(order) - 1)
            new[n] = (v, old[n][1]) if i == 0 else (old[n][0], v)
        self.move(new, old, self.tr("Distribute horizontally") if axis == "x" else self.tr("Distribute vertically"))

    # ---- generate -----------------------------------------------------------------------------
    def replace_with(self, new: FabricDocument, text: str) -> None:
        """Replace the drawing with a generated design (one undoable command)."""
        self.undo_stack.push(ReplaceDocumentCommand(self.doc, new, text))
