"""The canvas driven through its real widgets: palette drops, link drags, segments, undo/redo."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, QPointF, Qt
from PySide6.QtGui import QDropEvent, QMouseEvent

from designer.model import fileformat
from designer.model.document import FabricDocument
from designer.ui.main_window import MainWindow
from designer.ui.theme import PROTOCOL_COLOURS


@pytest.fixture
def window(qtbot, monkeypatch):
    from PySide6.QtWidgets import QMessageBox
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Discard)
    w = MainWindow(FabricDocument(name="test"))
    qtbot.addWidget(w)
    w.resize(1200, 800)
    w.show()
    qtbot.waitExposed(w)
    w.view.resetTransform()
    w.view.centerOn(0, 0)
    return w


def palette_item(window, spec):
    tree = window.palette_panel.tree
    for i in range(tree.topLevelItemCount()):
        group = tree.topLevelItem(i)
        for j in range(group.childCount()):
            if group.child(j).data(0, Qt.ItemDataRole.UserRole) == spec:
                return group.child(j)
    raise AssertionError(f"palette has no {spec}")


def drop(window, spec, scene_pos):
    """Drop a palette entry's drag payload on the canvas at a scene position."""
    mime = window.palette_panel.tree.mime_for(palette_item(window, spec))
    view_pos = QPointF(window.view.mapFromScene(QPointF(*scene_pos)))
    for kind in (QEvent.Type.DragEnter, QEvent.Type.DragMove):
        from PySide6.QtGui import QDragMoveEvent
        ev = QDragMoveEvent(view_pos.toPoint(), Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton,
                            Qt.KeyboardModifier.NoModifier, kind)
        window.view.viewport().setAcceptDrops(True)
        from PySide6.QtWidgets import QApplication
        QApplication.sendEvent(window.view.viewport(), ev)
    ev = QDropEvent(view_pos, Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton,
                    Qt.KeyboardModifier.NoModifier)
    from PySide6.QtWidgets import QApplication
    QApplication.sendEvent(window.view.viewport(), ev)


def mouse(window, kind, scene_pos, button=Qt.MouseButton.LeftButton):
    from PySide6.QtWidgets import QApplication
    vp = window.view.viewport()
    local = QPointF(window.view.mapFromScene(QPointF(*scene_pos)))
    buttons = Qt.MouseButton.NoButton if kind == QEvent.Type.MouseButtonRelease else button
    ev = QMouseEvent(kind, local, QPointF(vp.mapToGlobal(local.toPoint())), button, buttons,
                     Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(vp, ev)


def drag(window, start, end):
    mouse(window, QEvent.Type.MouseButtonPress, start)
    mid = ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
    mouse(window, QEvent.Type.MouseMove, mid)
    mouse(window, QEvent.Type.MouseMove, end)
    mouse(window, QEvent.Type.MouseButtonRelease, end)


def build_pod(window):
    drop(window, "hgx-h100", (-100, 160))
    drop(window, "hgx-h100", (100, 160))
    drop(window, "sn5600|leaf|400", (0, -20))
    ids = list(window.editor.doc.nodes)
    return ids


def test_palette_drop_places_a_node_where_dropped(window):
    drop(window, "hgx-h100", (100, 60))
    doc = window.editor.doc
    assert len(doc.nodes) == 1
    node = next(iter(doc.nodes.values()))
    assert node.model == "hgx-h100" and node.kind == "server"
    assert (node.x, node.y) == (100.0, 60.0)
    assert node.id in window.scene.node_items
    assert window.scene.node_items[node.id].pos() == QPointF(100, 60)
    drop(window, "sn5600|leaf|400", (0, -200))
    leaf = doc.nodes[list(doc.nodes)[1]]
    assert leaf.role == "leaf" and leaf.ports()[0].speed_gbps == 400.0 and leaf.port_count() == 128


def test_link_drag_between_nodes_makes_a_link(window):
    server, _, leaf = build_pod(window)
    window.set_mode("link")
    drag(window, (-100, 160), (0, -20))
    doc = window.editor.doc
    assert len(doc.links) == 1
    link = next(iter(doc.links.values()))
    assert {link.a.node, link.b.node} == {server, leaf}
    assert link.speed_gbps == 400.0 and link.plane == "backend"
    assert link.id in window.scene.drawn_links()


def test_impossible_link_is_refused_with_a_message(window):
    drop(window, "hgx-h100", (-100, 160))
    drop(window, "qm9700|spine|400", (200, -200))   # InfiniBand
    drop(window, "sn5600|spine|800", (-200, -200))  # Ethernet at 800G
    window.set_mode("link")
    drag(window, (200, -200), (-200, -200))          # IB switch to Ethernet switch
    assert window.editor.doc.links == {}
    text, error = window.last_message
    assert error and "protocols cannot meet" in text
    drag(window, (-100, 160), (-200, -200))          # 400G NIC to an 800G-only switch
    assert window.editor.doc.links == {}
    assert "matching speed" in window.last_message[0]


def test_segment_and_protocol_switch_change_document_and_drawing(window):
    server, server2, leaf = build_pod(window)
    window.editor.connect(server, leaf)
    window.scene.select_ids([server, server2, leaf])
    seg_id = window.new_segment("Pod A", "rocev2")
    doc = window.editor.doc
    assert doc.segments[seg_id].nodes == [server, server2, leaf]
    hull = window.scene.hull_items[seg_id]
    link_id = next(iter(doc.links))
    assert window.scene.cable_colour(link_id) == PROTOCOL_COLOURS["rocev2"]
    assert "RoCEv2" in hull.label.text()
    window.scene.select_ids(segments=[seg_id])
    window.inspector.refresh()
    combo = window.inspector.editors["protocol"]
    assert combo.currentText() == "RoCEv2"                # shown by name, not as "rocev2"
    combo.setCurrentIndex(combo.findData("ib"))
    combo.activated.emit(combo.currentIndex())
    assert doc.segments[seg_id].protocol == "ib"
    assert "InfiniBand" in window.scene.hull_items[seg_id].label.text()
    assert window.scene.cable_colour(link_id) == PROTOCOL_COLOURS["ib"]
    window.editor.undo_stack.undo()
    assert doc.segments[seg_id].protocol == "rocev2"
    assert window.scene.cable_colour(link_id) == PROTOCOL_COLOURS["rocev2"]


def test_drag_of_many_nodes_is_one_command(window):
    a, b, leaf = build_pod(window)
    window.set_mode("link")
    drag(window, (-100, 160), (0, -20))                 # a cable, to follow the drag
    window.set_mode("select")
    window.scene.select_ids([a, b])
    before = window.editor.undo_stack.count()
    drag(window, (-100, 160), (-100 + 80, 160 + 40))
    doc = window.editor.doc
    assert window.editor.undo_stack.count() == before + 1
    assert (doc.nodes[a].x, doc.nodes[a].y) == (-20.0, 200.0)
    assert (doc.nodes[b].x, doc.nodes[b].y) == (180.0, 200.0)
    assert (doc.nodes[leaf].x, doc.nodes[leaf].y) == (0.0, -20.0)
    (link_id,) = window.scene.cables.ids_of_node(a)                # the cable follows its node
    line = window.scene.link_line(link_id)
    assert {(line.p1().x(), line.p1().y()), (line.p2().x(), line.p2().y())} == {(-20.0, 200.0), (0.0, -20.0)}
    window.editor.undo_stack.undo()
    assert (doc.nodes[a].x, doc.nodes[a].y) == (-100.0, 160.0)
    assert window.scene.node_items[a].pos() == QPointF(-100, 160)


def test_undo_redo_of_every_kind_of_edit_restores_the_document_exactly(window):
    stack, doc = window.editor.undo_stack, window.editor.doc
    snapshots = [fileformat.dumps(doc)]

    def step(action):
        action()
        snapshots.append(fileformat.dumps(doc))

    step(lambda: drop(window, "hgx-h100", (-100, 160)))
    step(lambda: drop(window, "hgx-h200", (100, 160)))
    step(lambda: drop(window, "sn5600|leaf|400", (0, -20)))
    ids = list(doc.nodes)
    step(lambda: window.editor.connect(ids[0], ids[2]))
    step(lambda: window.editor.connect(ids[1], ids[2]))
    step(lambda: window.editor.move({ids[0]: (-140.0, 200.0)}, {ids[0]: (-100.0, 160.0)}))
    step(lambda: window.editor.update("node", ids[1], {"label": "节点 二"}, "rename"))
    step(lambda: (window.scene.select_ids(ids), window.new_segment("S1", "rocev2")))
    seg = list(doc.segments)[0]
    step(lambda: window.editor.set_protocol(seg, "ib"))
    step(lambda: (window.scene.select_ids([ids[0], ids[2]]), window.editor.duplicate()))
    step(lambda: (window.scene.select_ids([ids[2]]), window.editor.delete_selection()))
    step(lambda: (window.scene.select_ids(segments=[seg]), window.editor.delete_selection()))
    assert stack.count() == len(snapshots) - 1
    for i in range(stack.count(), 0, -1):
        stack.undo()
        assert fileformat.dumps(doc) == snapshots[i - 1], f"undo of step {i} ({stack.command(i - 1).text()})"
    for i in range(1, stack.count() + 1):
        stack.redo()
        assert fileformat.dumps(doc) == snapshots[i], f"redo of step {i}"
    # the drawing follows the document
    assert set(window.scene.node_items) == set(doc.nodes)
    assert window.scene.drawn_links() == set(doc.links)


def test_copy_paste_keeps_links_inside_the_copied_set(window):
    a, b, leaf = build_pod(window)
    window.editor.connect(a, leaf)
    window.editor.connect(b, leaf)
    window.scene.select_ids([a, leaf])
    assert window.editor.copy_selection()
    new_ids = window.editor.paste()
    doc = window.editor.doc
    assert len(new_ids) == 2 and len(doc.nodes) == 5
    inner = [x for x in doc.links.values() if x.a.node in new_ids and x.b.node in new_ids]
    assert len(inner) == 1 and len(doc.links) == 3
    assert doc.nodes[new_ids[0]].x == doc.nodes[a].x + 40


def test_generate_is_one_undoable_command(window):
    topology = pytest.importorskip("designer.topology")
    new = topology.generate("leaf-spine", gpus=32, backend="rocev2")
    for nid, (x, y) in topology.auto_layout(new).items():
        new.nodes[nid].x, new.nodes[nid].y = x, y
    before = fileformat.dumps(window.editor.doc)
    window.editor.replace_with(new, "Generate")
    assert len(window.editor.doc.nodes) == len(new.nodes) > 0
    assert len(window.scene.cables.ids) == len(new.links)
    window.editor.undo_stack.undo()
    assert fileformat.dumps(window.editor.doc) == before
    assert window.scene.cables.ids == []


def test_copies_in_a_multi_site_design_keep_their_site_and_a_paste_elsewhere_leaves_it(window):
    """Ctrl+D on a server of a two-site design raised a traceback (the copy named a site it did not carry); a copy
    stays in its site, cables across the span included, and pasted into a design without sites belongs to none. A
    design put in place of the drawing (a restored autosave) lost its sites, long-haul bundles and proposal."""
    from designer.ui.app import PROJECTS

    opened = fileformat.load(str(PROJECTS / "two-site-100km.json"))
    window.editor.replace_with(opened, "Restore autosaved work")   # the path a restored autosave takes
    doc = window.editor.doc
    assert fileformat.dumps(doc) == fileformat.dumps(opened)      # every part of it: sites and long-haul too
    server = next(n for n in doc.nodes.values() if n.kind == "server" and n.site)
    window.scene.select_ids([server.id])
    new = window.editor.duplicate()
    assert len(new) == 1 and doc.nodes[new[0]].site == server.site
    crossing = next(lk for lk in doc.links.values()
                    if doc.nodes[lk.a.node].site and doc.nodes[lk.b.node].site
                    and doc.nodes[lk.a.node].site != doc.nodes[lk.b.node].site)
    window.scene.select_ids([crossing.a.node, crossing.b.node])
    assert len(window.editor.duplicate()) == 2
    fileformat.loads(fileformat.dumps(doc))                       # the design stays valid
    window.scene.select_ids([server.id])
    assert window.editor.copy_selection()
    window.editor.replace_with(FabricDocument(name="empty"), "New")
    pasted = window.editor.paste()
    assert len(pasted) == 1 and window.editor.doc.nodes[pasted[0]].site is None
    assert any("belong to no site" in text for text, _error in window.message_area.history)
