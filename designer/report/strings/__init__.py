"""The fixed text of the proposal, one table per language (en.py, zh_cn.py), so that a translation is one more
table. A key ending in ".one" is the singular form of the key without it, where the language has one."""

from __future__ import annotations

import re
import string

from designer.report.strings.en import EN
from designer.report.strings.zh_cn import ZH_CN

STRINGS: dict[str, dict[str, str]] = {"en": EN, "zh_CN": ZH_CN}
LANGUAGES = tuple(STRINGS)


_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]")
_LATIN = re.compile(r"[A-Za-z0-9]")


def _joined(left: str, right: str) -> str:
    """`left + right` with a space where Chinese meets Latin letters or digits at the seam (Chinese typesetting)."""
    if left and right and not left[-1].isspace() and not right[0].isspace():
        a, b = left[-1], right[0]
        if (_CJK.match(a) and _LATIN.match(b)) or (_LATIN.match(a) and _CJK.match(b)):
            return f"{left} {right}"
    return left + right


def spaced_format(template: str, values: dict[str, object]) -> str:
    """`template.format(**values)` with a space wherever a filled-in value and the template's Chinese meet Latin
    text; the values themselves (names the user typed) are left as they are."""
    out = ""
    for literal, name, spec, conversion in string.Formatter().parse(template):
        out = _joined(out, literal)
        if name is not None:
            field = "{" + name + ("!" + conversion if conversion else "") + (":" + spec if spec else "") + "}"
            out = _joined(out, field.format(**values))
    return out


def tr(key: str, language: str = "en", **values: object) -> str:
    """The fixed text `key` in `language` (English where a translation lacks it), with `values` filled in."""
    table = STRINGS.get(language, EN)
    template = table.get(key, EN[key])
    if not values:
        return template
    return spaced_format(template, values) if language.startswith("zh") else template.format(**values)


def has(key: str, language: str = "en") -> bool:
    """Whether `language` has its own text for `key` (used for singular forms, which not every language has)."""
    return key in STRINGS.get(language, EN)
