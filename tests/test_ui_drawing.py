"""Drawing as users expect, with real mouse and keyboard input: Connect a selection in one step (rail-aligned or
round-robin, as many cables as free ports allow), a context menu with the usual actions, node numbers per kind,
palette entries whose port configuration shows, inspector refusals at full width, and Help."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QTableWidget, QTextBrowser

from designer.catalog import load_catalog
from designer.catalog.instantiate import server_node, switch_node
from designer.model import fileformat
from designer.model.document import FabricDocument
from designer.ui.app import PROJECTS
from designer.ui.main_window import MainWindow
from tests.ui_input import (
    click_menu,
    click_menu_entry,
    double_click,
    drag,
    node_point,
    right_click,
    show_window,
    type_into,
    when_modal,
    window_key,
)

CTRL = Qt.KeyboardModifier.ControlModifier


def rack(servers: int, leaves: int) -> FabricDocument:
    cat = load_catalog()
    doc = FabricDocument(name="rack")
    for s in range(1, servers + 1):
        doc.add_node(server_node(cat, "hgx-h100", f"srv-{s}", x=-400.0 + 100 * s, y=200.0, label=f"srv-{s}"))
    for k in range(1, leaves + 1):
        doc.add_node(switch_node(cat, "sn5600", f"leaf-{k}", "leaf", speed_gbps=400, label=f"leaf-{k}",
                                 x=-200.0 + 300 * k, y=-60.0))
    return doc


def open_window(qtbot, doc: FabricDocument) -> MainWindow:
    return show_window(qtbot, doc)


def select_all_by_rubber_band(w: MainWindow) -> None:
    area = w.view.viewport().rect()
    drag(w.view.viewport(), area.topLeft() + QPoint(3, 3), area.bottomRight() - QPoint(3, 3))


@pytest.mark.parametrize("keys, pattern", [(CTRL, "rail"), (CTRL | Qt.KeyboardModifier.ShiftModifier, "round")])
def test_connect_cables_a_selection_in_one_undoable_step(qtbot, keys, pattern):
    w = open_window(qtbot, rack(servers=4, leaves=2))
    select_all_by_rubber_band(w)
    assert len(w.scene.selected_ids()[0]) == 6
    window_key(qtbot, w, Qt.Key.Key_K, keys)
    doc = w.editor.doc
    assert len(doc.links) == 4 * 8                                      # every back-end NIC cabled
    assert w.editor.undo_stack.count() == 1
    for link in doc.links.values():
        server, leaf = (link.a, link.b) if link.a.node.startswith("srv") else (link.b, link.a)
        nic = int(server.port.removeprefix("be")) - 1
        s = int(server.node.removeprefix("srv-")) - 1
        expected = nic % 2 if pattern == "rail" else (s + nic) % 2
        assert leaf.node == f"leaf-{expected + 1}", (server, leaf)
        assert link.plane == "backend"
    window_key(qtbot, w, Qt.Key.Key_Z, CTRL)
    assert doc.links == {}


def test_connect_makes_as_many_cables_as_free_ports_allow_and_says_what_is_left(qtbot):
    w = open_window(qtbot, rack(servers=20, leaves=1))                 # 160 NICs, one 128-port leaf
    select_all_by_rubber_band(w)
    window_key(qtbot, w, Qt.Key.Key_K, CTRL)
    assert len(w.editor.doc.links) == 128
    text = w.message_area.full_text()
    assert "128 cables" in text and "32 ports left free" in text


def test_right_click_offers_the_usual_actions_and_delete_works(qtbot):
    w = open_window(qtbot, rack(servers=2, leaves=1))
    right_click(w.view.viewport(), node_point(w, "leaf-1"))
    menu = w.canvas_menu.last_menu
    qtbot.waitUntil(menu.isVisible)
    texts = [a.text().replace("&", "") for a in menu.actions() if a.text()]
    for expected in ("Properties", "Copy", "Duplicate", "Delete", "Fail now", "Schedule failure…"):
        assert expected in texts, texts
    assert w.scene.selected_ids()[0] == ["leaf-1"]                      # the right-clicked node is selected
    click_menu_entry(qtbot, menu, "Delete")
    assert "leaf-1" not in w.editor.doc.nodes
    window_key(qtbot, w, Qt.Key.Key_Z, CTRL)
    assert "leaf-1" in w.editor.doc.nodes
    # a selection of servers and a switch offers Connect
    select_all_by_rubber_band(w)
    assert len(w.scene.selected_ids()[0]) == 3, w.scene.selected_ids()
    right_click(w.view.viewport(), node_point(w, "srv-1"))
    menu = w.canvas_menu.last_menu
    qtbot.waitUntil(menu.isVisible)
    assert "Connect" in [a.text().replace("&", "") for a in menu.actions()]
    menu.close()
    # on empty canvas: paste, select all, zoom to fit
    right_click(w.view.viewport(), w.view.viewport().rect().topLeft() + QPoint(5, 5))
    menu = w.canvas_menu.last_menu
    qtbot.waitUntil(menu.isVisible)
    assert [a.text().replace("&", "") for a in menu.actions()] == ["Paste", "Select all", "Zoom to fit"]
    menu.close()


def test_nodes_are_numbered_per_kind(qtbot):
    w = open_window(qtbot, FabricDocument(name="empty"))
    w.palette_dock.raise_()                                             # its tab, when the palette is tabbed
    tree = w.palette_panel.tree
    qtbot.waitUntil(tree.isVisible)

    def place(title_start: str, group: str) -> str:
        before = set(w.editor.doc.nodes)
        top = next(tree.topLevelItem(i) for i in range(tree.topLevelItemCount())
                   if tree.topLevelItem(i).text(0) == group)
        item = next(top.child(j) for j in range(top.childCount()) if top.child(j).text(0).startswith(title_start))
        tree.scrollToItem(item)
        double_click(tree.viewport(), tree.visualItemRect(item).center())
        (new,) = set(w.editor.doc.nodes) - before
        return new

    assert place("128×400G", "Leaf switches") == "leaf-1"                # not leaf-5 after other kinds
    assert place("HGX H100", "GPU servers") == "gpu-1"
    assert place("128×400G", "Leaf switches") == "leaf-2"
    assert place("64×800G", "Spine switches") == "spine-1"


def test_palette_entries_show_their_port_configuration(qtbot):
    w = open_window(qtbot, FabricDocument(name="empty"))
    w.palette_dock.raise_()
    tree = w.palette_panel.tree
    qtbot.waitUntil(tree.isVisible)
    metrics = QFontMetrics(tree.font())
    shown = []
    top = next(tree.topLevelItem(i) for i in range(tree.topLevelItemCount())
               if tree.topLevelItem(i).text(0) == "Leaf switches")
    for j in range(top.childCount()):
        item = top.child(j)
        if "SN5600" in item.text(0):
            width = tree.visualItemRect(item).width() - tree.iconSize().width() - 8
            shown.append(metrics.elidedText(item.text(0), Qt.TextElideMode.ElideRight, width))
    assert len(shown) == 3 and len(set(shown)) == 3, shown              # the three variants read differently
    assert all("×" in text for text in shown)


def test_a_refusal_in_the_inspector_is_shown_whole_under_its_field(qtbot):
    w = open_window(qtbot, fileformat.load(str(PROJECTS / "small-rocev2-pod.json")))
    w.resize(1024, 700)
    w.show_properties()
    segment = next(iter(w.editor.doc.segments))
    w.scene.select_ids(segments=[segment])
    qtbot.waitUntil(lambda: "rocev2.kmax_kb" in w.inspector.editors)
    field = w.inspector.editors["rocev2.kmax_kb"]
    w.inspector.ensureWidgetVisible(field)
    type_into(field, "1")
    QTest.keyClick(field, Qt.Key.Key_Return)
    error = w.inspector.errors["rocev2.kmax_kb"]
    qtbot.waitUntil(error.isVisible)
    form_width = w.inspector.widget().width()
    assert error.width() > 0.8 * form_width                             # the whole width, not the field column
    assert error.height() >= error.heightForWidth(error.width())         # every line of it shows
    assert "Kmax" in error.text()


def test_help_has_a_quick_start_a_shortcut_list_and_about(qtbot):
    w = open_window(qtbot, FabricDocument(name="empty"))
    window_key(qtbot, w, Qt.Key.Key_F1)
    page = w.help_dialog.findChild(QTextBrowser)
    assert w.help_dialog.isVisible() and "Simulate" in page.toPlainText() and "F5" in page.toPlainText()
    click_menu(qtbot, w, "Help", "Keyboard shortcuts")
    table = w.help_dialog.findChild(QTableWidget)
    rows = {table.item(r, 0).text(): table.item(r, 1).text() for r in range(table.rowCount())}
    assert rows["Run simulation"] == "F5" and rows["Connect selection, rail-aligned"] == "Ctrl+K"
    seen = []
    when_modal(lambda box: (seen.append(box.text()), box.accept()))
    click_menu(qtbot, w, "Help", "About Fabric Designer")
    assert seen and "Fabric Designer" in seen[0] and "Qt" in seen[0]
    w.help_dialog.close()
    assert QApplication.activeModalWidget() is None
