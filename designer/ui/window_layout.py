"""The window on small and large screens: a size that fits the screen it opens on, docks that give way on a
laptop, and the arrangement the user made remembered per screen size.

At 1024 px wide the left palette, the canvas and the right docks side by side left the canvas a third of the
window; below COMPACT_WIDTH the palette and the overview join the right-hand tabs instead. Form docks scroll
rather than set the window's minimum height (the Run panel alone made it taller than a 768-line screen). The
toolbar's overflow button holds what does not fit (Qt's extension menu). The geometry and dock state are saved
under the screen's size on close and restored when the window next opens on a screen of that size.
"""

from __future__ import annotations

from PySide6.QtCore import QSettings, QSize, Qt
from PySide6.QtWidgets import QDockWidget, QFrame, QMainWindow, QScrollArea, QTabBar, QWidget

COMPACT_WIDTH = 1200          # narrower windows tab the palette and the overview with the right-hand docks
DEFAULT_SIZE = QSize(1500, 920)
SCREEN_SHARE = 0.96           # a window made to fit a screen leaves a little of it free


def scrollable(widget: QWidget) -> QScrollArea:
    """`widget` in a frameless scroll area: a tall form scrolls instead of setting its dock's minimum height."""
    area = QScrollArea()
    area.setWidget(widget)
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setObjectName(f"{widget.objectName() or type(widget).__name__}_scroll")
    return area


def layout_key(window: QMainWindow) -> str:
    """The settings group of the screen the window is on ("layout/1366x768")."""
    screen = window.screen()
    size = screen.availableGeometry().size() if screen is not None else DEFAULT_SIZE
    return f"layout/{size.width()}x{size.height()}"


def fit_to_screen(window: QMainWindow, compact_docks: list[QDockWidget], beside: QDockWidget) -> None:
    """Size the window to the screen it is on and, when that makes it narrow, tab `compact_docks` with `beside`."""
    screen = window.screen()
    available = screen.availableGeometry().size() if screen is not None else DEFAULT_SIZE
    size = QSize(min(DEFAULT_SIZE.width(), int(available.width() * SCREEN_SHARE)),
                 min(DEFAULT_SIZE.height(), int(available.height() * SCREEN_SHARE)))
    window.resize(size)
    if size.width() < COMPACT_WIDTH:
        tab_with(window, compact_docks, beside)


def screen_is_small(window: QMainWindow) -> bool:
    """The screen the window is on is smaller than its default size in either direction."""
    screen = window.screen()
    available = screen.availableGeometry().size() if screen is not None else DEFAULT_SIZE
    return available.width() < DEFAULT_SIZE.width() or available.height() < DEFAULT_SIZE.height()


def restore_arrangement(window: QMainWindow, settings: QSettings) -> bool:
    """The geometry and docks saved on close for a screen of this size, if any (True when restored). The
    application calls it once its window is made (windows made by scripts and tests keep the default)."""
    key = layout_key(window)
    geometry, state = settings.value(f"{key}/geometry"), settings.value(f"{key}/state")
    return bool(geometry is not None and state is not None and window.restoreGeometry(geometry)
                and window.restoreState(state))


def tab_with(window: QMainWindow, docks: list[QDockWidget], beside: QDockWidget) -> None:
    """Move `docks` into the tabs of `beside` (its area), keeping `beside` in front."""
    area = window.dockWidgetArea(beside)
    for dock in docks:
        window.removeDockWidget(dock)
        window.addDockWidget(area, dock)
        window.tabifyDockWidget(beside, dock)
        dock.show()
    beside.raise_()
    for bar in window.findChildren(QTabBar):     # six tabs in a narrow column: whole names, scrolled, not "P…"
        bar.setElideMode(Qt.TextElideMode.ElideNone)
        bar.setUsesScrollButtons(True)


def save_arrangement(window: QMainWindow, settings: QSettings) -> None:
    """Remember the window's geometry and docks for the screen size it is on."""
    key = layout_key(window)
    settings.setValue(f"{key}/geometry", window.saveGeometry())
    settings.setValue(f"{key}/state", window.saveState())


def in_compact_tabs(window: QMainWindow, dock: QDockWidget) -> bool:
    """The dock shares the right-hand tabs (the compact arrangement)."""
    return window.dockWidgetArea(dock) == Qt.DockWidgetArea.RightDockWidgetArea
