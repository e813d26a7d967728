"""Level of detail, layers, keyboard, problems dock and the generator dialog, on the real window."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, Qt

from designer.model import fileformat
from designer.model.document import FabricDocument
from designer.ui.app import PROJECTS
from designer.ui.bundles import BundleItem, BundleLabels
from designer.ui.main_window import MainWindow
from designer.ui.node_item import BODY, NodeItem
from designer.ui.segment_hull import SegmentLabel
from designer.ui.view import bundle_scale


@pytest.fixture
def window(qtbot):
    w = MainWindow(FabricDocument(name="views"))
    qtbot.addWidget(w)
    w.resize(1200, 800)
    w.show()
    return w


def test_large_fabric_opens_and_draws_bundles_when_zoomed_out(window):
    """(How long opening it takes: benchmarks/canvas.py.)"""
    path = PROJECTS / "rail-optimized-1024.json"
    assert window.open_path(str(path), ask=False)
    doc = window.editor.doc
    window.view.zoom_by(0.05 / window.view.scale_factor())
    scene = window.scene
    assert scene.bundled
    bundles = [b for b in scene.bundle_items if isinstance(b, BundleItem)]
    assert 0 < len(bundles) < len(doc.links) / 10
    assert sum(b.count for b in bundles) == len(doc.links)  # every cable is in exactly one bundle
    assert scene.drawn_links() == set()
    window.view.zoom_by(2.0 / window.view.scale_factor())
    assert not scene.bundled and scene.bundle_items == []
    assert scene.drawn_links() == set(doc.links)
    assert bundle_scale(100) == 0.0 and bundle_scale(len(doc.links)) > bundle_scale(400)


def test_bundle_tags_keep_off_the_nodes(window):
    """Zoomed out, a fan's count tag ("×16 200G to 2 FE switches") stood on the front-end switches it names, and
    another under a segment's name."""
    assert window.open_path(str(PROJECTS / "hybrid-ib-rocev2.json"), ask=False)
    window.view.zoom_by(0.38 / window.view.scale_factor())
    scene = window.scene
    assert scene.bundled
    window.view.viewport().grab()                     # paints the tags
    labels = next(item for item in scene.items() if isinstance(item, BundleLabels))
    assert len(labels.drawn) == len(labels.tags) >= 5
    to_screen = window.view.viewportTransform()
    drawn = [item.deviceTransform(to_screen).mapRect(BODY if isinstance(item, NodeItem) else item.boundingRect())
             for item in scene.items() if isinstance(item, NodeItem | SegmentLabel)]   # names keep their pixel size
    assert [(tag, under) for tag in labels.drawn for under in drawn if tag.intersects(under)] == []
    assert all(not a.intersects(b) for i, a in enumerate(labels.drawn) for b in labels.drawn[i + 1:])


def test_layer_switch_hides_the_other_plane(window):
    assert window.open_path(str(PROJECTS / "small-rocev2-pod.json"), ask=False)
    doc, scene = window.editor.doc, window.scene
    window.view.zoom_by(1.5 / window.view.scale_factor())
    window.layer_combo.setCurrentIndex(1)  # back-end only
    assert scene.drawn_links() == {i for i in doc.links if doc.links[i].plane == "backend"}
    window.layer_combo.setCurrentIndex(2)  # front-end only
    assert scene.drawn_links() == {i for i in doc.links if doc.links[i].plane == "frontend"}
    window.layer_combo.setCurrentIndex(0)
    assert scene.drawn_links() == set(doc.links)


def test_arrow_keys_nudge_the_selection_as_one_undoable_move(window, qtbot):
    node = window.editor.place("hgx-h100", QPointF(0, 0))
    window.scene.select_ids([node])
    window.view.setFocus()
    qtbot.keyClick(window.view, Qt.Key.Key_Right)
    qtbot.keyClick(window.view, Qt.Key.Key_Down)
    n = window.editor.doc.nodes[node]
    assert (n.x, n.y) == (20.0, 20.0)
    window.editor.undo_stack.undo()
    assert (n.x, n.y) == (20.0, 0.0)


def test_delete_key_removes_node_with_its_cables(window, qtbot):
    e = window.editor
    a, leaf = e.place("hgx-h100", QPointF(0, 200)), e.place("sn5600|leaf|400", QPointF(0, 0))
    e.connect(a, leaf)
    window.scene.select_ids([a])
    window.actions_by_name["delete"].trigger()
    assert list(e.doc.nodes) == [leaf] and e.doc.links == {}
    assert set(window.scene.node_items) == {leaf} and window.scene.drawn_links() == set()


def test_problem_click_selects_and_centres_its_culprits(window):
    e = window.editor
    e.place("hgx-h100", QPointF(-600, 400))
    e.place("hgx-h100", QPointF(600, 400))
    e.place("qm9700|leaf|400", QPointF(0, 0))
    window.view.centerOn(3000, -3000)
    window.refresh_summary()
    problems = window.problems
    rows = [problems.topLevelItem(i) for i in range(problems.topLevelItemCount())]
    row = next(r for r in rows if r.data(0, Qt.ItemDataRole.UserRole) and
               r.data(0, Qt.ItemDataRole.UserRole)[0])
    culprits = row.data(0, Qt.ItemDataRole.UserRole)[0]
    problems.itemClicked.emit(row, 0)
    selected, _, _ = window.scene.selected_ids()
    assert selected and set(selected) == set(culprits) & set(e.doc.nodes)
    xs = [e.doc.nodes[n].x for n in selected]
    ys = [e.doc.nodes[n].y for n in selected]
    centre = window.view.mapToScene(window.view.viewport().rect().center())
    assert min(xs) - 100 <= centre.x() <= max(xs) + 100 and min(ys) - 100 <= centre.y() <= max(ys) + 100


def test_generator_dialog_previews_counts_and_generates_one_command(window, qtbot):
    from designer.ui.generator_dialog import GeneratorDialog
    dialog = GeneratorDialog(window.catalog, window)
    qtbot.addWidget(dialog)
    dialog.kind.setCurrentText("leaf-spine")
    dialog.gpus.setValue(64)
    first = dialog.preview.text()
    assert "servers: 8" in first and "capex" in first
    dialog.gpus.setValue(128)
    assert "servers: 16" in dialog.preview.text()
    doc = dialog.generate()
    assert doc.gpu_count() == 128
    before = fileformat.dumps(window.editor.doc)
    window.editor.replace_with(doc, "Generate")
    assert window.editor.doc.gpu_count() == 128 and window.editor.undo_stack.count() == 1
    window.editor.undo_stack.undo()
    assert fileformat.dumps(window.editor.doc) == before


def test_unexpected_error_shows_a_dialog_not_a_dead_window(window, monkeypatch):
    import sys

    from designer.ui.app import install_error_dialog
    from designer.ui.error_dialog import ErrorDialog
    shown = []
    monkeypatch.setattr(ErrorDialog, "exec", lambda box: shown.append(box.details))
    old = sys.excepthook
    try:
        install_error_dialog()
        try:
            raise KeyError("boom")
        except KeyError:
            sys.excepthook(*sys.exc_info())
    finally:
        sys.excepthook = old
    assert len(shown) == 1 and "KeyError" in shown[0]


def test_palette_search_filters_models(window):
    palette = window.palette_panel
    palette.search.setText("quantum")
    tree = palette.tree
    visible = [tree.topLevelItem(i).child(j).text(0) for i in range(tree.topLevelItemCount())
               for j in range(tree.topLevelItem(i).childCount()) if not tree.topLevelItem(i).child(j).isHidden()]
    assert visible and all("Quantum" in t for t in visible)
    palette.search.setText("")
    assert all(not tree.topLevelItem(i).isHidden() for i in range(tree.topLevelItemCount()))


def test_generator_dialog_builds_a_chosen_server_and_switch_generation(window, qtbot):
    """Choosing an 800G server raises the link speed to its NICs'; the design takes the chosen models."""
    from designer.ui.generator_dialog import GeneratorDialog
    dialog = GeneratorDialog(window.catalog, window)
    qtbot.addWidget(dialog)
    dialog.gpus.setValue(64)
    dialog.per_server.setValue(4)
    dialog.server.setCurrentIndex(dialog.server.findData("hgx-b300"))
    assert dialog.per_server.value() == 8 and dialog.link.currentText() == "800"
    dialog.switch.setCurrentIndex(dialog.switch.findData("th6-64x1600"))
    assert "servers: 8" in dialog.preview.text() and dialog.ok.isEnabled()
    doc = dialog.generate()
    assert {n.model for n in doc.nodes.values() if n.kind == "server"} == {"hgx-b300"}
    assert {n.model for n in doc.nodes.values() if n.kind == "switch" and n.role == "leaf"} == {"th6-64x1600"}
    dialog.switch.setCurrentIndex(dialog.switch.findData("qm9700"))     # InfiniBand switch, RoCEv2 asked for
    assert not dialog.ok.isEnabled() and "qm9700" in dialog.preview.text()


@pytest.mark.parametrize("name", ["small-rocev2-pod", "hybrid-ib-rocev2"])
def test_fit_to_window_shows_every_segment_name_and_no_node_under_one(window, name):
    """A fit to the window left a segment's name tag (drawn above its outline at a fixed pixel size) cut off at
    the top of the small pod; the hybrid's gateways stood on the RoCEv2 pod's tag."""
    window.resize(1500, 920)
    assert window.open_path(str(PROJECTS / f"{name}.json"), ask=False)
    window.view.zoom_to_fit()
    scene, to_screen = window.scene, window.view.viewportTransform()
    port = window.view.viewport().rect()
    tags = [item.deviceTransform(to_screen).mapRect(item.boundingRect())
            for item in scene.items() if isinstance(item, SegmentLabel)]
    nodes = [item.deviceTransform(to_screen).mapRect(BODY) for item in scene.items() if isinstance(item, NodeItem)]
    assert tags and all(port.contains(tag.toAlignedRect()) for tag in tags)
    assert [(tag, node) for tag in tags for node in nodes if tag.intersects(node)] == []
