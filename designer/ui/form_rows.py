"""Small pieces the export dialogs share: a path field with its Browse button, and the problem line."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QPushButton, QWidget

PROBLEM_STYLE = "color: #c0392b;"


def path_row(field: QLineEdit, browse_text: str, on_browse: Callable[[], None]) -> QWidget:
    """`field` with a Browse… button beside it, as one form row."""
    row = QHBoxLayout()
    row.setContentsMargins(0, 0, 0, 0)
    button = QPushButton(browse_text)
    button.clicked.connect(on_browse)
    row.addWidget(field)
    row.addWidget(button)
    holder = QWidget()
    holder.setLayout(row)
    return holder


def show_problem(label: QLabel, action: QPushButton, problem: str | None) -> None:
    """Say what is wrong where the user looks, and allow the action only when nothing is."""
    label.setText(problem or "")
    label.setStyleSheet(PROBLEM_STYLE if problem else "")
    action.setEnabled(problem is None)
