"""Translations for the core's user-facing text (check findings, CLI messages) without Qt.

The core speaks in message ids with parameters; the caller renders them in the chosen language with
`render()`. English lives in designer/i18n/messages_en.py, other languages in resources/i18n/core_<lang>.json.
The window uses Qt's own translator for its widgets and sets the same language here for core text.
"""

from designer.i18n.catalog import (
    LANGUAGES,
    UnknownLanguage,
    current_language,
    missing_ids,
    render,
    set_language,
)
from designer.i18n.findings import render_finding

__all__ = ["LANGUAGES", "UnknownLanguage", "current_language", "missing_ids", "render", "render_finding",
           "set_language"]
