"""The window's language: chosen in Preferences (QSettings "language") or taken from the system locale.

Loads the compiled Qt catalog (resources/i18n/designer_<lang>.qm) and sets the same language for the
core's messages (designer.i18n), so that the window, check findings and new proposals agree.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLocale, QSettings, QTranslator

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


def install_translator(app: QCoreApplication, language: str) -> QTranslator | None:
    """Install the Qt catalog of `language` on `app` (none for English) and set the core's language.

    Returns the translator, which the caller keeps (and may remove with app.removeTranslator to switch back).
    """
    i18n.set_language(language)
    if language == "en":
        return None
    translator = QTranslator(app)
    if not translator.load(str(QM_DIR / f"designer_{language}.qm")):
        return None
    app.installTranslator(translator)
    return translator
