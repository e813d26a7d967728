"""Real input for window tests: QTest mouse and keyboard events on the widgets a user would touch."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QAbstractButton, QApplication, QWidget

LEFT = Qt.MouseButton.LeftButton
RIGHT = Qt.MouseButton.RightButton
NO_MOD = Qt.KeyboardModifier.NoModifier


def view_point(window, scene_xy: tuple[float, float]) -> QPoint:
    """Viewport pixels of a scene position in the window's canvas."""
    return window.view.mapFromScene(QPointF(*scene_xy))


def node_point(window, node_id: str) -> QPoint:
    node = window.editor.doc.nodes[node_id]
    return view_point(window, (node.x, node.y))


def drag(widget: QWidget, start: QPoint, end: QPoint, button=LEFT, modifier=NO_MOD, steps: int = 4) -> None:
    """Press at `start`, move in a few steps, release at `end` (widget pixels)."""
    QTest.mousePress(widget, button, modifier, start)
    for k in range(1, steps + 1):
        p = start + (end - start) * (k / steps)
        QTest.mouseMove(widget, p)
    QTest.mouseRelease(widget, button, modifier, end)


def click(widget: QWidget, pos: QPoint | None = None, button=LEFT, modifier=NO_MOD) -> None:
    QTest.mouseClick(widget, button, modifier, pos if pos is not None else widget.rect().center())


def press_button(button: QAbstractButton) -> None:
    """Click a push button as a user would (it must be visible and enabled for the click to count)."""
    assert button.isVisible(), f"'{button.text()}' is not visible"
    QTest.mouseClick(button, LEFT, NO_MOD, button.rect().center())


def key(widget: QWidget, key_code, modifier=NO_MOD) -> None:
    QTest.keyClick(widget, key_code, modifier)


def type_into(widget: QWidget, text: str) -> None:
    """Select all in a line edit and type `text` (then the edit holds exactly what was typed)."""
    widget.setFocus()
    QTest.keyClick(widget, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    QTest.keyClicks(widget, text)


def settle(ms: int = 30) -> None:
    QTest.qWait(ms)
    QApplication.processEvents()


def when_modal(callback, timeout_ms: int = 10000) -> None:
    """Call `callback(dialog)` as soon as a modal dialog is up (a test's answer to an `exec()` it is about to
    start); polls the event loop, so schedule it before the action that opens the dialog."""
    from PySide6.QtCore import QElapsedTimer, QTimer

    clock = QElapsedTimer()
    clock.start()

    def poll() -> None:
        dialog = QApplication.activeModalWidget()
        if dialog is not None and dialog.isVisible():
            callback(dialog)
        elif clock.elapsed() < timeout_ms:
            QTimer.singleShot(20, poll)

    QTimer.singleShot(20, poll)


def window_key(qtbot, window, key_code, modifier=NO_MOD) -> None:
    """A key pressed in `window` as a user would after clicking it: the window is made active first (the
    offscreen platform does not hand activation back after a dialog or a dock change)."""
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    QTest.keyClick(QApplication.focusWidget() or window, key_code, modifier)


def click_menu(qtbot, window, menu_title: str, action_text: str) -> None:
    """Open a menu of the menu bar with the mouse and click one of its entries (texts without '&')."""
    from PySide6.QtWidgets import QMenu

    bar = window.menuBar()
    top = next(a for a in bar.actions() if a.text().replace("&", "") == menu_title)
    QTest.mouseClick(bar, LEFT, NO_MOD, bar.actionGeometry(top).center())
    menu: QMenu = top.menu()
    qtbot.waitUntil(menu.isVisible)
    entry = next(a for a in menu.actions() if a.text().replace("&", "") == action_text)
    QTest.mouseClick(menu, LEFT, NO_MOD, menu.actionGeometry(entry).center())
    qtbot.waitUntil(lambda: not menu.isVisible())


def choose(qtbot, combo, text: str) -> None:
    """Open a combo box with a click and pick the entry showing `text` with the arrow keys and Return."""
    index = combo.findText(text)
    assert index >= 0, f"no '{text}' in the combo"
    QTest.mouseClick(combo, LEFT, NO_MOD, combo.rect().center())
    view = combo.view()
    qtbot.waitUntil(view.isVisible)
    QTest.keyClick(view, Qt.Key.Key_Home)
    for _ in range(combo.count()):              # the arrow keys skip greyed entries
        if view.currentIndex().row() == index:
            break
        QTest.keyClick(view, Qt.Key.Key_Down)
    QTest.keyClick(view, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not view.isVisible())
    assert combo.currentIndex() == index


def right_click(widget: QWidget, pos: QPoint) -> None:
    """A right click as the platform delivers it: press and release, then the context-menu event."""
    from PySide6.QtGui import QContextMenuEvent

    QTest.mousePress(widget, RIGHT, NO_MOD, pos)
    QTest.mouseRelease(widget, RIGHT, NO_MOD, pos)
    event = QContextMenuEvent(QContextMenuEvent.Reason.Mouse, pos, widget.mapToGlobal(pos))
    QApplication.sendEvent(widget, event)


def click_menu_entry(qtbot, menu, text: str) -> None:
    """Click the entry of an open menu whose text (without '&') is `text`."""
    qtbot.waitUntil(menu.isVisible)
    entry = next(a for a in menu.actions() if a.text().replace("&", "") == text)
    QTest.mouseClick(menu, LEFT, NO_MOD, menu.actionGeometry(entry).center())


def double_click(widget: QWidget, pos: QPoint) -> None:
    """A double click as a user makes it: a click, then the second press that Qt reports as a double click
    (QTest's mouseDClick alone lacks the first press, and item views ignore it)."""
    QTest.mouseClick(widget, LEFT, NO_MOD, pos)
    QTest.mouseDClick(widget, LEFT, NO_MOD, pos)


def show_window(qtbot, doc=None, path: str | None = None, size: tuple[int, int] = (1366, 768)):
    """A MainWindow on `doc` (read from `path` when no doc is given), shown at `size`, its start-up done (it fits
    the drawing to the view once), ready for input."""
    from designer.model import fileformat
    from designer.ui.main_window import MainWindow

    window = MainWindow(doc if doc is not None else fileformat.load(str(path)), str(path) if path else None)
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    qtbot.wait(50)
    return window
