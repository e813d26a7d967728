"""The fixed text of the proposal, one table per language (en.py, zh_cn.py), so that a translation is one more
table. A key ending in ".one" is the singular form of the key without it, where the language has one."""

from __future__ import annotations

from designer.report.strings.en import EN
from designer.report.strings.zh_cn import ZH_CN

STRINGS: dict[str, dict[str, str]] = {"en": EN, "zh_CN": ZH_CN}
LANGUAGES = tuple(STRINGS)


def tr(key: str, language: str = "en", **values: object) -> str:
    """The fixed text `key` in `language` (English where a translation lacks it), with `values` filled in."""
    table = STRINGS.get(language, EN)
    template = table.get(key, EN[key])
    return template.format(**values) if values else template


def has(key: str, language: str = "en") -> bool:
    """Whether `language` has its own text for `key` (used for singular forms, which not every language has)."""
    return key in STRINGS.get(language, EN)
