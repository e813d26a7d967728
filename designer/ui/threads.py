"""Ending a worker's thread: the one way the dialogs and controllers stop a QThread they started."""

from __future__ import annotations

from PySide6.QtCore import QThread


def end_thread(thread: QThread | None) -> None:
    """Ask the thread's event loop to quit and wait until it has (nothing when there is no thread)."""
    if thread is not None:
        thread.quit()
        thread.wait()
