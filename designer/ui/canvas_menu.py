"""The canvas's right-click menu: the usual actions for what is under the pointer (Properties, Connect, Copy,
Duplicate, Delete), the failure actions of a switch or a cable, and Paste / Select all / Zoom to fit on empty
canvas. A right-click on an element outside the selection selects it first, as file managers do.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QPoint, Qt, Slot
from PySide6.QtWidgets import QMenu

from designer.ui.failure_controller import FAILABLE_NODE_KINDS
from designer.ui.link_planner import tiers_to_connect
from designer.ui.node_item import NodeItem
from designer.ui.segment_hull import SegmentLabel

if TYPE_CHECKING:                      # the window imports this module
    from designer.ui.main_window import MainWindow


class CanvasMenu(QObject):
    """Builds and shows the canvas context menu of one MainWindow."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        view = window.view
        view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        view.customContextMenuRequested.connect(self.show)
        self.last_menu: QMenu | None = None

    def hit(self, view_pos: QPoint) -> tuple[str, str] | None:
        """("node" | "segment" | "link", id) under a point of the view, or None."""
        for item in self.window.view.items(view_pos):
            if isinstance(item, NodeItem):
                return "node", item.node_id
            if isinstance(item, SegmentLabel):
                return "segment", item.segment_id
        link_id = self.window.view.cable_at(view_pos)
        return None if link_id is None else ("link", link_id)

    def select_hit(self, hit: tuple[str, str] | None) -> None:
        """Make the element under the pointer the selection unless it is part of it already."""
        if hit is None:
            return
        scene = self.window.scene
        nodes, links, segments = scene.selected_ids()
        kind, element = hit
        chosen = {"node": nodes, "link": links, "segment": segments}[kind]
        if element not in chosen:
            scene.select_ids(nodes=[element] if kind == "node" else [], links=[element] if kind == "link" else [],
                             segments=[element] if kind == "segment" else [])

    def build(self, view_pos: QPoint) -> QMenu:
        """The menu for a point of the view (built, not shown: tests trigger its actions)."""
        w = self.window
        hit = self.hit(view_pos)
        self.select_hit(hit)
        menu = QMenu(w)
        menu.setToolTipsVisible(True)
        a = w.actions_by_name
        if hit is None:
            for key in ("paste", "select_all", "fit"):
                menu.addAction(a[key])
            return menu
        nodes, _links, _segments = w.scene.selected_ids()
        menu.addAction(a["properties"])
        lower, upper = tiers_to_connect(w.editor.doc, nodes)
        if lower and upper:
            connect = QMenu(self.tr("Connect"), menu)       # made here: see main_window.owned_menu
            menu.addMenu(connect)
            connect.addAction(a["connect_rail"])
            connect.addAction(a["connect_round_robin"])
        if nodes:
            menu.addAction(a["copy"])
            menu.addAction(a["duplicate"])
        menu.addSeparator()
        menu.addAction(a["delete"])
        kind, element = hit
        node = w.editor.doc.nodes.get(element) if kind == "node" else None
        if kind == "link" or (node is not None and node.kind in FAILABLE_NODE_KINDS):
            w.failures.add_failure_actions(menu, "link" if kind == "link" else "switch", element)
        return menu

    @Slot(QPoint)
    def show(self, view_pos: QPoint) -> None:
        menu = self.build(view_pos)
        self.last_menu = menu
        menu.popup(self.window.view.viewport().mapToGlobal(view_pos))
