"""One undoable edit of the window's kinds, chosen by numbers: the property tests and the soak benchmark
drive random edit sequences with it."""

from __future__ import annotations

from PySide6.QtGui import QUndoStack

from designer.catalog import load_catalog
from designer.catalog.instantiate import server_node, switch_node
from designer.model.document import FabricDocument
from designer.model.segments import Segment
from designer.ui.commands import (
    AddItemsCommand,
    AddSegmentCommand,
    MoveNodesCommand,
    RemoveItemsCommand,
    UpdateCommand,
)
from designer.ui.link_planner import LinkRefused, plan_link

CATALOG = load_catalog()
EDIT_KINDS = ("add_server", "add_leaf", "link", "move", "rename", "remove_node", "remove_link", "segment", "protocol")


def apply_edit(stack: QUndoStack, doc: FabricDocument, kind: str, k: int, x: float, text: str) -> None:
    """Push one undoable edit of `kind` (chosen by `k` among the present items)."""
    nodes, links = list(doc.nodes), list(doc.links)
    if kind == "add_server":
        nid = doc.new_id("srv-")
        stack.push(AddItemsCommand(doc, [server_node(CATALOG, "hgx-h100", nid, x=x, y=0.0)], [], "add"))
    elif kind == "add_leaf":
        nid = doc.new_id("leaf-")
        stack.push(AddItemsCommand(doc, [switch_node(CATALOG, "sn5600", nid, "leaf", speed_gbps=400, x=x)], [],
                                   "add"))
    elif kind == "link" and len(nodes) > 1:
        _push_link(stack, doc, nodes[k % len(nodes)], nodes[(k // 7 + 1) % len(nodes)])
    elif kind == "move" and nodes:
        nid = nodes[k % len(nodes)]
        n = doc.nodes[nid]
        stack.push(MoveNodesCommand(doc, {nid: (x, n.y + 1)}, {nid: (n.x, n.y)}))
    elif kind == "rename" and nodes:
        stack.push(UpdateCommand(doc, "node", nodes[k % len(nodes)], {"label": text}, "rename"))
    elif kind == "remove_node" and nodes:
        stack.push(RemoveItemsCommand(doc, [nodes[k % len(nodes)]], [], []))
    elif kind == "remove_link" and links:
        stack.push(RemoveItemsCommand(doc, [], [links[k % len(links)]], []))
    elif kind == "segment" and nodes:
        members = nodes[k % len(nodes):][:3]
        stack.push(AddSegmentCommand(doc, Segment(doc.new_id("seg-"), text or "s", "ib", members)))
    elif kind == "protocol" and doc.segments:
        sid = list(doc.segments)[k % len(doc.segments)]
        new = "ib" if doc.segments[sid].protocol == "rocev2" else "rocev2"
        stack.push(UpdateCommand(doc, "segment", sid, {"protocol": new}, "protocol"))


def _push_link(stack: QUndoStack, doc: FabricDocument, a: str, b: str) -> None:
    """A cable between `a` and `b` on ports the window would choose; none when it would refuse one."""
    try:
        stack.push(AddItemsCommand(doc, [], [plan_link(doc, a, b)], "link"))
    except LinkRefused:
        pass
