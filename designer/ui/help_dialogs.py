"""Help → Quick start, Keyboard shortcuts and About: what a first-time user needs without leaving the window.

The shortcut list is made from the window's own actions, so it always says what the keys do now.
"""

from __future__ import annotations

import platform
from html import escape

import PySide6
from PySide6.QtCore import QCoreApplication, Qt, qVersion
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QMainWindow,
    QMessageBox,
    QTableWidget,
    QTableWidgetItem,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

import designer


def _steps() -> list[tuple[str, str]]:
    """(heading, what to do) of the quick start, in the window's language."""
    return [
        (QCoreApplication.translate("QuickStart", "Draw"),
         QCoreApplication.translate("QuickStart", "Drag servers and switches from the Palette onto the canvas. "
                                    "Press L and drag from one node to another to cable them; select servers and "
                                    "switches and press Ctrl+K to cable them all at once (rail-aligned), or "
                                    "Ctrl+Shift+K (round-robin). Or start from File → New from template "
                                    "(Ctrl+Shift+N).")),
        (QCoreApplication.translate("QuickStart", "Choose the protocol"),
         QCoreApplication.translate("QuickStart", "Select the back-end nodes and press Ctrl+G to make them an "
                                    "InfiniBand or RoCEv2 segment; click its name tag to tune PFC, ECN, DCQCN or "
                                    "adaptive routing in the Inspector.")),
        (QCoreApplication.translate("QuickStart", "Check"),
         QCoreApplication.translate("QuickStart", "The Problems dock lists what the design rules find (ports, "
                                    "speeds, reach, oversubscription); click a problem to see its culprits.")),
        (QCoreApplication.translate("QuickStart", "Simulate"),
         QCoreApplication.translate("QuickStart", "Choose a workload in the Run panel and press F5: the live plots "
                                    "fill as the simulation goes and the canvas becomes a utilization heat-map. "
                                    "F6 runs it as InfiniBand and as RoCEv2 side by side. Right-click a switch "
                                    "or a cable to fail it.")),
        (QCoreApplication.translate("QuickStart", "Hand over"),
         QCoreApplication.translate("QuickStart", "File → Export PDF proposal (Ctrl+P) writes the proposal with "
                                    "the drawing, the bill of materials, the results and a recommendation; the "
                                    "hand-over files are the cabling plan and the BOM as spreadsheets.")),
    ]


def quick_start_html() -> str:
    rows = "".join(f"<li><b>{escape(head)}</b> — {escape(body)}</li>" for head, body in _steps())
    title = QCoreApplication.translate("QuickStart", "Fabric Designer in five steps")
    tail = QCoreApplication.translate("QuickStart", "Help → Keyboard shortcuts lists every key; every edit can be "
                                      "undone with Ctrl+Z.")
    return f"<h2>{escape(title)}</h2><ol>{rows}</ol><p>{escape(tail)}</p>"


def _dialog(parent: QWidget, title: str, body: QWidget) -> QDialog:
    dialog = QDialog(parent)
    dialog.setWindowTitle(title)
    layout = QVBoxLayout(dialog)
    layout.addWidget(body)
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
    buttons.rejected.connect(dialog.reject)
    layout.addWidget(buttons)
    dialog.resize(620, 480)
    return dialog


def quick_start(parent: QWidget) -> QDialog:
    """The quick-start page (not modal: it can stay open beside the window)."""
    text = QTextBrowser()
    text.setObjectName("quick_start")
    text.setHtml(quick_start_html())
    return _dialog(parent, QCoreApplication.translate("QuickStart", "Quick start"), text)


def shortcut_rows(window: QMainWindow) -> list[tuple[str, str]]:
    """(what, keys) for every action of the window with a shortcut, and the canvas gestures."""
    from designer.ui.window_actions import without_mnemonic
    rows = {}
    for action in window.findChildren(QAction):
        keys = ", ".join(k.toString(QKeySequence.SequenceFormat.NativeText) for k in action.shortcuts())
        if keys and action.text():
            rows[without_mnemonic(action.text())] = keys
    gestures = [(QCoreApplication.translate("Shortcuts", "Zoom on the canvas"),
                 QCoreApplication.translate("Shortcuts", "Mouse wheel")),
                (QCoreApplication.translate("Shortcuts", "Pan the canvas"),
                 QCoreApplication.translate("Shortcuts", "Space + drag, or middle button drag")),
                (QCoreApplication.translate("Shortcuts", "Nudge the selection"),
                 QCoreApplication.translate("Shortcuts", "Arrow keys (Alt: one pixel)")),
                (QCoreApplication.translate("Shortcuts", "Place without snapping to the grid"),
                 QCoreApplication.translate("Shortcuts", "Alt while dragging")),
                (QCoreApplication.translate("Shortcuts", "Add a cable to the selection"),
                 QCoreApplication.translate("Shortcuts", "Ctrl + click")),
                (QCoreApplication.translate("Shortcuts", "Actions for what is under the pointer"),
                 QCoreApplication.translate("Shortcuts", "Right-click"))]
    return sorted(rows.items(), key=lambda r: r[0].lower()) + gestures


def shortcuts(window: QMainWindow) -> QDialog:
    rows = shortcut_rows(window)
    table = QTableWidget(len(rows), 2)
    table.setObjectName("shortcut_table")
    table.setHorizontalHeaderLabels([QCoreApplication.translate("Shortcuts", "Action"),
                                     QCoreApplication.translate("Shortcuts", "Keys")])
    for r, (what, keys) in enumerate(rows):
        table.setItem(r, 0, QTableWidgetItem(what))
        item = QTableWidgetItem(keys)
        item.setTextAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        table.setItem(r, 1, item)
    table.verticalHeader().setVisible(False)
    table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
    table.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
    table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
    return _dialog(window, QCoreApplication.translate("Shortcuts", "Keyboard shortcuts"), table)


def about_text() -> str:
    what = QCoreApplication.translate("About", "Draw the network of an AI cluster, choose InfiniBand or RoCEv2 for "
                                      "each back-end segment, simulate it, compare the protocols on the same "
                                      "drawing and hand over a proposal with its bill of materials.")
    built = QCoreApplication.translate("About", "Python {0} · Qt {1} · PySide {2}").format(
        platform.python_version(), qVersion(), PySide6.__version__)
    return (f"<h3>Fabric Designer {escape(designer.__version__)}</h3><p>{escape(what)}</p>"
            f"<p><small>{escape(built)}</small></p>")


def about(parent: QWidget) -> None:
    QMessageBox.about(parent, QCoreApplication.translate("About", "About Fabric Designer"), about_text())
