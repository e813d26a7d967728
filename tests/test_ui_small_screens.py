"""The window on a laptop: usable at 1366×768 and 1024×700 (the canvas keeps its room, the plots their axes, the
toolbar's overflow holds what does not fit, messages stay in sight), and the arrangement the user made is
remembered for a screen of that size."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QToolBar, QToolButton

from designer.ui.app import PROJECTS
from designer.ui.window_layout import COMPACT_WIDTH
from tests.ui_input import click, show_window, window_key


@pytest.mark.parametrize("size", [(1366, 768), (1024, 700)])
def test_usable_on_a_laptop_screen(qtbot, size):
    w = show_window(qtbot, path=PROJECTS / "small-rocev2-pod.json", size=size)
    assert (w.width(), w.height()) == size                  # the window can be that small
    assert w.minimumSizeHint().height() <= size[1] and w.minimumSizeHint().width() <= size[0]
    window_key(qtbot, w, Qt.Key.Key_F5)
    qtbot.waitUntil(lambda: w.runs.last_result is not None, timeout=90000)
    qtbot.wait(200)
    assert w.view.viewport().width() >= 0.45 * size[0]      # the canvas is the larger part (was 380 px of 1024)
    assert w.view.viewport().height() >= 0.4 * size[1]
    for plot in w.runs.plots.plots.values():                 # every plot keeps a readable height and its axes
        assert plot.height() >= 60 and plot.getAxis("left").isVisible()
    assert w.statusBar().isVisible() and w.statusBar().geometry().bottom() <= w.height()
    w.show_message("Racks planned: cable types and lengths follow the positions")
    qtbot.wait(50)
    assert w.message_area.width() > 150                    # a message has room beside the summary
    # what the toolbar cannot show is one click away in its overflow
    toolbar = w.findChild(QToolBar, "main_toolbar")
    export = toolbar.widgetForAction(w.actions_by_name["export_pdf"])
    if not export.isVisible():
        more = toolbar.findChild(QToolButton, "qt_toolbar_ext_button")
        assert more is not None and more.isVisible()
        click(more)
        qtbot.waitUntil(export.isVisible)
    if size[0] < COMPACT_WIDTH:                              # narrow: palette and overview tabbed on the right
        assert w.dockWidgetArea(w.palette_dock) == Qt.DockWidgetArea.RightDockWidgetArea
        assert w.tabifiedDockWidgets(w.inspector_dock)


def test_the_arrangement_is_remembered_for_a_screen_of_that_size(qtbot):
    first = show_window(qtbot, path=PROJECTS / "small-rocev2-pod.json", size=(1300, 760))
    default_area = first.dockWidgetArea(first.palette_dock)
    moved_to = (Qt.DockWidgetArea.LeftDockWidgetArea if default_area == Qt.DockWidgetArea.RightDockWidgetArea
                else Qt.DockWidgetArea.RightDockWidgetArea)
    first.addDockWidget(moved_to, first.palette_dock)                  # the user moves the palette
    first.resize(700, 600)
    assert first.close()                                                 # closing saves the arrangement
    second = show_window(qtbot, path=PROJECTS / "small-rocev2-pod.json", size=(760, 700))
    assert second.dockWidgetArea(second.palette_dock) == default_area   # a new window starts from the default
    assert second.restore_arrangement()                                  # as the application does at start
    assert second.dockWidgetArea(second.palette_dock) == moved_to
    assert (second.width(), second.height()) == (700, 600)


@pytest.mark.parametrize("size", [(1366, 768), (1024, 700)])
def test_a_segments_settings_fit_the_inspector_without_a_sideways_scroll(qtbot, size):
    w = show_window(qtbot, path=PROJECTS / "small-rocev2-pod.json", size=size)
    w.show_properties()
    w.scene.select_ids(segments=[next(iter(w.editor.doc.segments))])
    qtbot.waitUntil(lambda: "rocev2.reconvergence_ms" in w.inspector.editors)
    qtbot.wait(50)
    field = w.inspector.editors["rocev2.reconvergence_ms"]
    w.inspector.ensureWidgetVisible(field)                  # as when the field is edited
    assert w.inspector.horizontalScrollBar().value() == 0   # its label stays in sight
    assert w.inspector.widget().minimumSizeHint().width() <= w.inspector.viewport().width()
