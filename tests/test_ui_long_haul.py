"""pytest-qt: a long-haul cable's inspector shows its bundle, whose distance is typed there, undoably."""

from __future__ import annotations

from pathlib import Path

import pytest

from designer.model import fileformat

PROJECTS = Path(__file__).resolve().parent.parent / "projects"


@pytest.fixture()
def window(qtbot):
    from designer.ui.main_window import MainWindow

    w = MainWindow()
    qtbot.addWidget(w)
    w.open_path(str(PROJECTS / "two-site-100km.json"), ask=False)
    return w


def _long_haul_cable(doc):
    return next(link.id for link in doc.links.values()
                if doc.nodes[link.a.node].site != doc.nodes[link.b.node].site)


def _type(window, key, text):
    field = window.inspector.editors[key]
    field.setText(text)
    field.editingFinished.emit()


def test_the_distance_is_edited_on_the_bundle_and_undone(window, qtbot):
    doc = window.editor.doc
    window.scene.select_ids(links=[_long_haul_cable(doc)])
    window.inspector.refresh()
    assert "long_haul.distance_km" in window.inspector.editors
    count = window.editor.undo_stack.count()
    _type(window, "long_haul.distance_km", "1000")
    assert doc.long_haul[0].distance_km == 1000.0 and window.editor.undo_stack.count() == count + 1
    text = fileformat.dumps(doc)
    assert '"distance_km": 1000.0' in text                 # the file keeps it
    window.editor.undo_stack.undo()
    assert doc.long_haul[0].distance_km == 100.0


@pytest.mark.parametrize("text, words", [("-5", "at least"), ("abc", "must be a number"), ("50000", "at most")])
def test_a_bad_distance_is_refused_where_typed(window, text, words):
    doc = window.editor.doc
    window.scene.select_ids(links=[_long_haul_cable(doc)])
    window.inspector.refresh()
    before = fileformat.dumps(doc)
    _type(window, "long_haul.distance_km", text)
    error = window.inspector.errors["long_haul.distance_km"]
    assert not error.isHidden() and words in error.text()
    assert fileformat.dumps(doc) == before


def test_a_cable_inside_a_site_has_no_bundle(window):
    doc = window.editor.doc
    inside = next(link.id for link in doc.links.values()
                  if doc.nodes[link.a.node].site == doc.nodes[link.b.node].site)
    window.scene.select_ids(links=[inside])
    window.inspector.refresh()
    assert "long_haul.distance_km" not in window.inspector.editors
