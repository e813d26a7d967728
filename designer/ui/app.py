"""Start the designer window: application set-up, theme, CJK font, error dialog, example design."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QCoreApplication

from designer.model import fileformat
from designer.model.document import FabricDocument
from designer.model.errors import ProjectError

PROJECTS = Path(__file__).resolve().parents[2] / "projects"
DEFAULT_EXAMPLE = "small-rocev2-pod.json"
CJK_FAMILY = "WenQuanYi Micro Hei"


def default_example() -> Path | None:
    """The example opened when no file is given: the small RoCEv2 pod, else the first example."""
    preferred = PROJECTS / DEFAULT_EXAMPLE
    if preferred.exists():
        return preferred
    examples = sorted(PROJECTS.glob("*.json"))
    return examples[0] if examples else None


def install_error_dialog(window_getter=lambda: None):
    """An unexpected exception shows a dialog with details and "Copy details", saves a recovery copy,
    and the window keeps running (designer/ui/error_dialog.py)."""
    from designer.ui.error_dialog import install
    return install(window_getter)


def use_cjk_fallback(app) -> None:
    """Add a CJK font after the default one so that Chinese labels render everywhere."""
    from PySide6.QtGui import QFontDatabase
    if CJK_FAMILY in QFontDatabase.families():
        font = app.font()
        font.setFamilies([font.family(), CJK_FAMILY])
        app.setFont(font)


def load_initial(path: str | None) -> tuple[FabricDocument, str | None, str | None]:
    """The document to show first, its path, and an error message if `path` could not be opened."""
    target = Path(path) if path else default_example()
    if target is None:
        return FabricDocument(), None, None
    try:
        return fileformat.load(target), str(target), None
    except ProjectError as exc:
        return FabricDocument(), None, str(exc)


def run_gui(path: str | None) -> int:
    """Open the designer window on `path` (or an example design) and run until it closes."""
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication, QMessageBox

    from designer.ui.autosave import offer_recovery
    from designer.ui.main_window import MainWindow
    from designer.ui.scripted_session import start_if_requested

    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("Fabric Designer")
    app.setOrganizationName("FabricDesigner")
    use_cjk_fallback(app)
    from designer.ui.language import chosen_language, install_translator
    translator = install_translator(app, chosen_language())  # noqa: F841  # kept alive until app.exec() returns
    holder: list = []
    install_error_dialog(lambda: holder[0] if holder else None)
    doc, opened, error = load_initial(path)
    theme = str(QSettings("FabricDesigner", "FabricDesigner").value("theme", "light"))
    window = MainWindow(doc, opened, theme_name=theme if theme in ("light", "dark") else "light")
    holder.append(window)
    window.runs.runner.keep_process_ready()     # the first Run need not wait for a simulation process to start
    if window.restore_arrangement() or not window.screen_is_small():   # the size and docks last used here
        window.show()
    else:
        window.showMaximized()         # a laptop screen: all of it (the default size would not fit)
    if error:
        from designer.ui.plain_text import literal
        QMessageBox.warning(window, QCoreApplication.translate("app", "Cannot open"), literal(error))
    offer_recovery(window)             # work left by a crash or a kill comes back first
    start_if_requested(window)         # end-to-end tests only (environment variables)
    return app.exec()
