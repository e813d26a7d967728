"""The window's language: chosen in Preferences (QSettings "language") or taken from the system locale.

Loads the compiled Qt catalog (resources/i18n/designer_<lang>.qm) and sets the same language for the
core's messages (designer.i18n), so that the window, check findings and new proposals agree. Qt's own
texts (standard dialog buttons, the wizard's Next/Finish, edit context menus) come from Qt's catalog of the
same language when the Qt installation ships it, through the same translator.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QObject, QSettings, QTranslator

from designer import i18n

QM_DIR = Path(__file__).resolve().parents[2] / "resources" / "i18n"
SETTING = "language"
# (code, name shown in its own language); "" follows the system locale
CHOICES = (("", "System default"), ("en", "English"), ("zh_CN", "中文（简体）"))


def system_language() -> str:
    """'zh_CN' when the system locale is Chinese, else 'en'."""
    return "zh_CN" if QLocale.system().language() == QLocale.Language.Chinese else "en"


def chosen_language(settings: QSettings | None = None) -> str:
    """The language set in Preferences, or the system's when none (or an unknown one) is set."""
    settings = settings or QSettings("FabricDesigner", "FabricDesigner")
    code = str(settings.value(SETTING, "") or "")
    return code if code in i18n.LANGUAGES else system_language()


class WindowTranslator(QTranslator):
    """The window's catalog, falling back to Qt's own catalog (qtbase_<lang>.qm) for Qt's texts.

    One translator, so that removing it (to switch back) removes both."""

    def __init__(self, parent: QObject, language: str) -> None:
        super().__init__(parent)
        base = QTranslator(self)
        self.qt_base = base if base.load(f"qtbase_{language}",
                                         QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)) else None

    # the stubs say str, but Qt reads a None (null string) as "not found" and shows the source text
    def translate(  # type: ignore[override]
            self, context: str, source: str, disambiguation: str | None = None, n: int = -1) -> str | None:
        text = super().translate(context, source, disambiguation, n)
        if not text and self.qt_base is not None:
            text = self.qt_base.translate(context, source, disambiguation, n)
        return text or None     # None (a null string): not found, Qt shows the source text

    def isEmpty(self) -> bool:
        return super().isEmpty() and self.qt_base is None


def install_translator(app: QCoreApplication, language: str) -> QTranslator | None:
    """Install the Qt catalog of `language` on `app` (none for English) and set the core's language.

    Returns the translator, which the caller keeps (and may remove with app.removeTranslator to switch back).
    """
    i18n.set_language(language)
    if language == "en":
        return None
    translator = WindowTranslator(app, language)
    if not translator.load(str(QM_DIR / f"designer_{language}.qm")):
        return None
    app.installTranslator(translator)
    return translator
