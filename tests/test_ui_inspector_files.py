"""Inspector validation and the file round trip, driven through the real window."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QMessageBox

from designer.model import fileformat
from designer.model.document import FabricDocument
from designer.ui.main_window import MainWindow


@pytest.fixture
def window(qtbot):
    w = MainWindow(FabricDocument(name="inspector test"))
    qtbot.addWidget(w)
    w.show()
    return w


def pod(window):
    e = window.editor
    a = e.place("hgx-h100", QPointF(-100, 160))
    b = e.place("hgx-h100", QPointF(100, 160))
    leaf = e.place("sn5600|leaf|400", QPointF(0, -20))
    e.connect(a, leaf)
    e.connect(b, leaf)
    window.scene.select_ids([a, b, leaf])
    seg = window.new_segment("Pod 甲", "rocev2")
    return a, b, leaf, seg


def type_into(window, key, text):
    field = window.inspector.editors[key]
    field.setText(text)
    field.editingFinished.emit()


@pytest.mark.parametrize("key, text, words", [
    ("length_m", "abc", "must be a number"),
    ("length_m", "-3", "at least"),
    ("length_m", "nan", "finite"),
])
def test_bad_link_value_is_refused_where_typed_and_changes_nothing(window, key, text, words):
    pod(window)
    link_id = next(iter(window.editor.doc.links))
    window.scene.select_ids(links=[link_id])
    window.inspector.refresh()
    before, count = fileformat.dumps(window.editor.doc), window.editor.undo_stack.count()
    type_into(window, key, text)
    error = window.inspector.errors[key]
    assert not error.isHidden() and words in error.text()
    assert fileformat.dumps(window.editor.doc) == before
    assert window.editor.undo_stack.count() == count


def test_good_value_is_one_undoable_command(window):
    pod(window)
    link_id = next(iter(window.editor.doc.links))
    window.scene.select_ids(links=[link_id])
    window.inspector.refresh()
    type_into(window, "length_m", "12.5")
    assert window.editor.doc.links[link_id].length_m == 12.5
    window.editor.undo_stack.undo()
    assert window.editor.doc.links[link_id].length_m == 2.0


def test_segment_setting_with_cross_field_rule_is_refused(window):
    *_, seg = pod(window)
    window.scene.select_ids(segments=[seg])
    window.inspector.refresh()
    before = fileformat.dumps(window.editor.doc)
    xoff = window.editor.doc.segments[seg].rocev2.xoff_kb
    type_into(window, "rocev2.xon_kb", f"{xoff + 100:g}")  # Xon above Xoff
    assert "Xon must be below Xoff" in window.inspector.errors["rocev2.xon_kb"].text()
    assert fileformat.dumps(window.editor.doc) == before
    type_into(window, "rocev2.qps", "4")
    assert window.editor.doc.segments[seg].rocev2.qps == 4
    window.inspector.refresh()
    type_into(window, "rocev2.qps", "2.5")
    assert window.editor.doc.segments[seg].rocev2.qps == 4
    assert "whole number" in window.inspector.errors["rocev2.qps"].text()


def test_save_close_open_gives_the_same_document(window, qtbot, tmp_path):
    pod(window)
    window.editor.update("node", next(iter(window.editor.doc.nodes)), {"label": "训练节点"}, "rename")
    assert window.isWindowModified()
    path = tmp_path / "pod.json"
    assert window.save_to(str(path))
    assert not window.isWindowModified() and "pod.json" in window.windowTitle()
    saved = fileformat.dumps(window.editor.doc)
    assert window.close()
    again = MainWindow()
    qtbot.addWidget(again)
    assert again.open_path(str(path))
    assert fileformat.dumps(again.editor.doc) == saved
    assert set(again.scene.node_items) == set(again.editor.doc.nodes)
    assert str(path.resolve()) in again.recent_files()


def test_closing_with_unsaved_work_asks(window, monkeypatch):
    pod(window)
    asked = []

    def answer(*args, **kwargs):
        asked.append(args)
        return QMessageBox.StandardButton.Cancel

    monkeypatch.setattr(QMessageBox, "question", answer)
    assert not window.close()
    assert asked and window.isVisible()
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Discard)
    assert window.close()


def test_opening_a_bad_file_shows_one_line_and_keeps_the_design(window, monkeypatch, tmp_path):
    pod(window)
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "fabric-designer/1", "nodes": [{"id": 3}]}', encoding="utf-8")
    shown = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _p, _t, text: shown.append(text))
    before = fileformat.dumps(window.editor.doc)
    assert not window.open_path(str(bad), ask=False)
    assert len(shown) == 1 and "bad.json" in shown[0]
    assert fileformat.dumps(window.editor.doc) == before


def test_export_png_and_svg(window, tmp_path):
    pod(window)
    assert window.export_canvas("png", str(tmp_path / "c.png"))
    assert window.export_canvas("svg", str(tmp_path / "c.svg"))
    assert (tmp_path / "c.png").stat().st_size > 1000
    svg = (tmp_path / "c.svg").read_text(encoding="utf-8")
    assert "<svg" in svg and "Pod" in svg


def test_dark_theme_recolours_the_canvas(window):
    light_bg = window.scene.theme.background
    window.set_theme("dark")
    assert window.scene.theme.background.lightness() < 80 < light_bg.lightness()
    window.set_theme("light")


def test_open_example_projects_without_problems(qtbot):
    from designer.ui.app import PROJECTS
    for path in sorted(PROJECTS.glob("*.json")):
        w = MainWindow()
        qtbot.addWidget(w)
        assert w.open_path(str(path), ask=False), path
        assert len(w.scene.node_items) == len(w.editor.doc.nodes) > 0
        w.editor.undo_stack.setClean()
        w.close()


def test_the_design_view_names_each_segment_and_its_protocol_once(qapp):
    from designer.i18n import current_language, render, set_language
    from designer.ui.inspector import _segment_label
    from designer.ui.theme import protocol_name

    before = current_language()
    set_language("en")
    try:
        chinese = render("generate.segment.backend", "zh_CN", protocol="RoCEv2")
        assert _segment_label("Back-end (RoCEv2)", "rocev2") == "Back-end (RoCEv2)"
        assert _segment_label(chinese, "rocev2") == "Back-end (RoCEv2)"        # generated in Chinese
        assert _segment_label("Pod A", "ib") == f"Pod A ({protocol_name('ib')})"  # typed by the user
    finally:
        set_language(before)
