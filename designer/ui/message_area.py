"""Where the window speaks: a message area of its own in the status bar, and a hint bubble at the pointer.

The design summary sits beside the message area and gives way to it while a message shows (both elide, neither
hides the other), so that "Cannot connect…", "Saved…" and "Link mode…" are always seen; with no message the
summary has the room (`speaking` tells the window which). A refusal that happened under the pointer
(a cable that cannot be made) is also said there, in a bubble, with what would work instead.
"""

from __future__ import annotations

from collections import deque

from PySide6.QtCore import QPoint, QRect, Qt, QTimer, Signal, Slot
from PySide6.QtGui import QFontMetrics, QPainter, QPaintEvent, QPalette
from PySide6.QtWidgets import QFrame, QLabel, QSizePolicy, QVBoxLayout, QWidget

INFO_MS, ERROR_MS = 6000, 12000          # how long a message stays
HINT_MS = 9000                           # how long a hint bubble stays (a click or a key hides it sooner)
HISTORY = 12                             # messages kept for the area's tooltip
ERROR_COLOUR = "#c62828"


class ElidedLabel(QLabel):
    """A one-line label that shortens its text with "…" to the width it is given (the whole text in its
    tooltip), so that it never pushes its neighbours out of the status bar."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.setMinimumWidth(40)
        self._full = ""

    def set_full_text(self, text: str, tip: str | None = None) -> None:
        self._full = text
        self.setToolTip(text if tip is None else tip)
        super().setText(text)
        self.update()

    def full_text(self) -> str:
        return self._full

    def shown_text(self) -> str:
        """The text as it fits the label now (what the user reads)."""
        return QFontMetrics(self.font()).elidedText(self._full, Qt.TextElideMode.ElideRight,
                                                     max(0, self.contentsRect().width()))

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setPen(self.palette().color(self.foregroundRole()))
        painter.drawText(self.contentsRect(), int(Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft),
                         self.shown_text())


class MessageArea(ElidedLabel):
    """The window's latest message, cleared after a while; the last few are in its tooltip."""

    speaking = Signal(bool)              # a message began to show (True) or the area fell silent (False)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("message_area")
        self.history: deque[tuple[str, bool]] = deque(maxlen=HISTORY)
        self.error = False
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self.clear_message)

    def show_message(self, text: str, error: bool = False) -> None:
        self.error = error
        self.history.append((text, error))
        self.setStyleSheet(f"color: {ERROR_COLOUR}; font-weight: bold;" if error else "")
        tip = "\n".join(("⚠ " if e else "") + t for t, e in reversed(self.history))
        was_silent = not self.full_text()
        self.set_full_text(("⚠ " if error else "") + text, tip)
        self._timer.start(ERROR_MS if error else INFO_MS)
        if was_silent:
            self.speaking.emit(True)

    @Slot()
    def clear_message(self) -> None:
        self.error = False
        self.setStyleSheet("")
        was_speaking = bool(self.full_text())
        self.set_full_text("", "\n".join(("⚠ " if e else "") + t for t, e in reversed(self.history)))
        if was_speaking:
            self.speaking.emit(False)

    def stop(self) -> None:
        self._timer.stop()


class PointerHint(QFrame):
    """A bubble near the pointer inside a view's viewport: what was refused there, and what would work."""

    def __init__(self, viewport: QWidget) -> None:
        super().__init__(viewport)
        self._viewport = viewport
        self.setObjectName("pointer_hint")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        pal = viewport.palette()
        self.setStyleSheet(
            f"#pointer_hint {{ background: {pal.color(QPalette.ColorRole.ToolTipBase).name()};"
            f" border: 1px solid {ERROR_COLOUR}; border-left: 4px solid {ERROR_COLOUR}; border-radius: 4px; }}"
            f" QLabel {{ color: {pal.color(QPalette.ColorRole.ToolTipText).name()}; }}")
        self.title = QLabel()
        self.title.setStyleSheet(f"color: {ERROR_COLOUR}; font-weight: bold;")
        self.body = QLabel()
        for label in (self.title, self.body):
            label.setWordWrap(True)
            label.setTextFormat(Qt.TextFormat.PlainText)     # node names from the file are shown as typed
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 5, 8, 6)
        layout.setSpacing(2)
        layout.addWidget(self.title)
        layout.addWidget(self.body)
        self.setMaximumWidth(380)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self.hide)
        self.hide()

    def show_at(self, pos: QPoint, title: str, body: str = "") -> None:
        """Show `title` (and `body`, e.g. what would work) just below and right of `pos` (viewport pixels),
        kept inside the viewport."""
        self.title.setText(title)
        self.body.setText(body)
        self.body.setVisible(bool(body))
        self.adjustSize()
        area = self._viewport.rect()
        x = min(pos.x() + 16, area.right() - self.width() - 4)
        y = pos.y() + 18
        if y + self.height() > area.bottom() - 4:
            y = pos.y() - self.height() - 12
        self.setGeometry(QRect(max(4, x), max(4, y), self.width(), self.height()))
        self.show()
        self.raise_()
        self._timer.start(HINT_MS)

    def text(self) -> str:
        return self.title.text() + ("\n" + self.body.text() if self.body.text() else "")

    def stop(self) -> None:
        self._timer.stop()
