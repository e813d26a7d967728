"""The message catalogs: ids to templates per language, the current language, and rendering."""

from __future__ import annotations

import json
import string
from functools import cache
from pathlib import Path

from designer.i18n.messages_en import EN

LANGUAGES = ("en", "zh_CN")
CATALOG_DIR = Path(__file__).resolve().parents[2] / "resources" / "i18n"
_ALIASES = {"zh": "zh_CN", "zh_cn": "zh_CN", "zh-cn": "zh_CN", "zh_hans": "zh_CN", "en_us": "en", "en_gb": "en"}
_state = {"language": "en"}


class UnknownLanguage(ValueError):
    """A language code with no catalog; the message lists the available ones."""


def normalise(language: str) -> str:
    """'zh', 'zh-CN', 'zh_CN.UTF-8' -> 'zh_CN'; raises UnknownLanguage for a language without a catalog."""
    code = language.split(".")[0].strip()
    code = _ALIASES.get(code.lower(), code)
    if code not in LANGUAGES:
        raise UnknownLanguage(f"unknown language '{language}' (available: {', '.join(LANGUAGES)})")
    return code


def set_language(language: str) -> str:
    """Make `language` the one core messages render in; returns the normalised code."""
    _state["language"] = normalise(language)
    return _state["language"]


def current_language() -> str:
    """The language core messages render in ('en' unless set_language was called)."""
    return _state["language"]


@cache
def _table(language: str) -> dict[str, str]:
    if language == "en":
        return EN
    # the catalog of a language is split by subject: core_<lang>.json plus core_<subject>_<lang>.json files
    table: dict[str, str] = {}
    for path in sorted(CATALOG_DIR.glob(f"core*_{language}.json")):
        table.update(json.loads(path.read_text(encoding="utf-8")))
    return table


def render(msg_id: str, language: str | None = None, **params: object) -> str:
    """The message `msg_id` in `language` (default: the current one), with `params` filled in.

    A translation that lacks the id falls back to English, so a missing entry never hides a message
    (the catalog test reports it instead).
    """
    table = _table(normalise(language) if language else current_language())
    template = table.get(msg_id) or EN[msg_id]
    return template.format(**params) if params else template


def missing_ids(language: str) -> list[str]:
    """Ids that `language` lacks, has empty, or whose placeholders differ from English (catalog checks)."""
    table = _table(normalise(language))
    fields = string.Formatter()
    out = []
    for msg_id, english in EN.items():
        text = table.get(msg_id, "")
        names = {f[1] for f in fields.parse(english) if f[1]}
        if not text.strip() or {f[1] for f in fields.parse(text) if f[1]} != names:
            out.append(msg_id)
    return out
