"""The window says what happened: a message area the design summary never hides, and a hint at the pointer
when a cable is refused, with what would work. Driven by real mouse and keyboard events."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from designer.catalog import load_catalog
from designer.catalog.instantiate import server_node, switch_node
from designer.model.document import FabricDocument
from tests.ui_input import drag, key, node_point, settle, show_window


def server_and_800g_leaf() -> FabricDocument:
    cat = load_catalog()
    doc = FabricDocument(name="a server and an 800G leaf")
    doc.add_node(server_node(cat, "hgx-h100", "srv-1", x=-160.0, y=120.0, label="srv-1"))
    doc.add_node(switch_node(cat, "sn5600", "leaf-1", "leaf", speed_gbps=800, label="leaf-1", x=160.0, y=-60.0))
    return doc


@pytest.fixture
def window(qtbot):
    w = show_window(qtbot, server_and_800g_leaf(), size=(1100, 720))
    w.view.resetTransform()
    w.view.centerOn(0, 0)
    return w


def test_a_refused_cable_is_said_in_the_message_area_and_at_the_pointer(window, qtbot):
    # a long design summary fills the status bar as a big fabric's does
    window.summary_label.set_full_text("GPUs 16384 · switches 884 · links 56068 · " * 6)
    key(window.view, Qt.Key.Key_L)                    # link mode from the keyboard
    assert window.view.mode == "link"
    start, end = node_point(window, "srv-1"), node_point(window, "leaf-1")
    drag(window.view.viewport(), start, end)
    settle()
    assert window.editor.doc.links == {}                # nothing was cabled
    area = window.message_area
    assert area.isVisible() and area.error
    assert "400G" in area.full_text() and "800G" in area.full_text()
    # the message is readable where it is: it has room beside the summary, not a sliver
    assert area.width() > window.statusBar().width() // 4
    assert area.shown_text().startswith("⚠ Cannot connect")
    # the hint sits at the pointer and says what would work
    hint = window.view.hint
    assert hint.isVisible()
    assert "2×400G breakout" in hint.text() and "SN5600" in hint.text()
    assert hint.geometry().adjusted(-30, -30, 30, 30).contains(end)          # beside the pointer
    assert window.view.viewport().rect().contains(hint.geometry())           # and wholly on the canvas
    key(window.view, Qt.Key.Key_Escape)                 # any key hides it
    assert not hint.isVisible()


def test_a_cable_that_fits_is_made_and_said(window, qtbot):
    cat = load_catalog()
    window.editor.doc.add_node(switch_node(cat, "sn5600", "leaf-2", "leaf", speed_gbps=400, label="leaf-2",
                                           x=-160.0, y=-60.0))
    key(window.view, Qt.Key.Key_L)
    drag(window.view.viewport(), node_point(window, "srv-1"), node_point(window, "leaf-2"))
    settle()
    assert len(window.editor.doc.links) == 1
    assert not window.message_area.error and "Linked" in window.message_area.full_text()
    assert not window.view.hint.isVisible()


def test_messages_clear_after_a_while_and_stay_in_the_tooltip(window, qtbot, monkeypatch):
    import designer.ui.message_area as ma
    monkeypatch.setattr(ma, "INFO_MS", 50)
    window.show_message("Saved somewhere")
    assert window.message_area.full_text() == "Saved somewhere"
    qtbot.waitUntil(lambda: window.message_area.full_text() == "", timeout=2000)
    assert "Saved somewhere" in window.message_area.toolTip()


def test_with_no_message_the_summary_has_the_room(window, qtbot, monkeypatch):
    """The summary ends with the capex: at the usual window size it was cut off beside an empty message area."""
    import designer.ui.message_area as ma
    monkeypatch.setattr(ma, "INFO_MS", 50)
    summary = "GPUs 128   ·   switches 10   ·   links 338   ·   oversubscription 1.00:1   ·   capex ≈ 6,611,467 USD"
    window.summary_label.set_full_text(summary)
    window.show_message("Racks planned: cable types and lengths follow the positions")
    settle()
    assert window.message_area.width() > window.statusBar().width() // 4       # a message has its room
    qtbot.waitUntil(lambda: window.message_area.full_text() == "", timeout=2000)
    settle()
    assert window.summary_label.shown_text() == summary                        # then the summary is whole
    assert window.message_area.isVisible()                                     # and the area is back for the next
    window.show_message("Saved")
    settle()
    assert window.message_area.shown_text() == "Saved"
