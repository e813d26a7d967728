"""An unexpected exception in the window becomes a dialog with the details, not a dead program.

Installed as `sys.excepthook` by the application: Qt calls it for an exception that escapes a slot
or an event handler, and the event loop keeps running afterwards. The hook prints the traceback
(for a terminal), saves a recovery copy of the design (the autosaver), and shows the dialog with a
"Copy details" button for a bug report. An exception raised while the dialog is open is only
printed, so that a failing paint handler cannot stack dialogs without end.
"""

from __future__ import annotations

import platform
import sys
import traceback
from collections.abc import Callable
from types import TracebackType

from PySide6.QtCore import QCoreApplication, Qt, Slot
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

import designer


def error_report(kind: type[BaseException], value: BaseException, tb: TracebackType | None) -> str:
    """The text a person pastes into a bug report: versions and the traceback."""
    try:
        from PySide6 import __version__ as qt_version
    except ImportError:  # pragma: no cover - PySide6 is always there when this runs
        qt_version = "?"
    version = getattr(designer, "__version__", "?")
    head = (f"Fabric Designer {version}, Python {platform.python_version()}, PySide6 {qt_version}, "
            f"{platform.system()} {platform.release()}\n")
    return head + "".join(traceback.format_exception(kind, value, tb))


class ErrorDialog(QDialog):
    """Says what happened in one sentence, shows the details, and copies them on request."""

    def __init__(self, summary: str, details: str, recovery_note: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Unexpected error"))
        self.details = details
        layout = QVBoxLayout(self)
        text = QLabel(self.tr(
                "Fabric Designer hit an unexpected error and carried on:\n{0}\n\n{1}").format(summary, recovery_note))
        text.setTextFormat(Qt.TextFormat.PlainText)   # the message may quote user text: never rich text
        text.setWordWrap(True)
        layout.addWidget(text)
        self.details_view = QPlainTextEdit(details)
        self.details_view.setReadOnly(True)
        self.details_view.setMinimumSize(560, 220)
        layout.addWidget(self.details_view)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.copy_button = QPushButton(self.tr("Copy details"))
        buttons.addButton(self.copy_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.copy_button.clicked.connect(self.copy_details)
        buttons.rejected.connect(self.reject)
        buttons.accepted.connect(self.accept)
        layout.addWidget(buttons)

    @Slot()
    def copy_details(self) -> None:
        QGuiApplication.clipboard().setText(self.details)
        self.copy_button.setText(self.tr("Copied"))


class ErrorHook:
    """The sys.excepthook of the window: print, save a recovery copy, show the dialog, keep running."""

    def __init__(self, window_getter: Callable[[], object | None], show: bool = True) -> None:
        self.window_getter = window_getter
        self.show = show
        self.showing = False
        self.count = 0
        self.last_dialog: ErrorDialog | None = None

    def __call__(self, kind: type[BaseException], value: BaseException, tb: TracebackType | None) -> None:
        if issubclass(kind, KeyboardInterrupt):
            sys.__excepthook__(kind, value, tb)
            return
        self.count += 1
        details = error_report(kind, value, tb)
        print(details, file=sys.stderr)
        if self.showing or QApplication.instance() is None:
            return
        window = self.window_getter()
        note = QCoreApplication.translate("ErrorDialog", "Your design is unchanged since the last completed edit.")
        autosaver = getattr(window, "autosaver", None)
        if autosaver is not None:
            try:
                saved = autosaver.save_now()
            except Exception:  # noqa: BLE001 - the hook itself must never raise
                saved = False
            if saved:
                note += " " + QCoreApplication.translate("ErrorDialog", "A recovery copy was saved to {0}.").format(
                    autosaver.file)
        note += " " + QCoreApplication.translate(
            "ErrorDialog", "Save your work under a new name, and send the details below with a bug report.")
        summary = f"{kind.__name__}: {value}"
        self.last_dialog = ErrorDialog(summary[:500], details, note, window if isinstance(window, QWidget) else None)
        if not self.show:
            return
        self.showing = True
        try:
            self.last_dialog.exec()
        finally:
            self.showing = False


def install(window_getter: Callable[[], object | None]) -> ErrorHook:
    """Make unexpected exceptions show the error dialog; returns the hook (tests inspect it)."""
    hook = ErrorHook(window_getter)
    sys.excepthook = hook
    return hook
