"""Names the generator gives sites ("Site A", "站点 A"), and such a name in another language.

As with segments (segment_names.py), the two-site generator names its sites in the language it runs in and the
project keeps that text; whoever shows the design in another language (a Chinese proposal of a design generated in
English) shows a generated name in that language, and a name the user typed as typed.
"""

from __future__ import annotations

import re
from functools import cache

from designer.i18n import LANGUAGES, render

SITE_ID = "generate.site"


def site_name(letter: str, language: str | None = None) -> str:
    """The name of a generated site: "Site A"."""
    return render(SITE_ID, language, letter=letter)


def shown_site_name(name: str, language: str | None = None) -> str:
    """`name` in `language` (default: the current one) if the generator gave it (in any language), else unchanged."""
    for written_in in LANGUAGES:
        found = _pattern(written_in).fullmatch(name.strip())
        if found:
            return site_name(found["letter"], language)
    return name


@cache
def _pattern(language: str) -> re.Pattern[str]:
    """The generated name in `language` as a pattern, its letter a named group."""
    return re.compile(re.escape(site_name("LETTERSLOT", language)).replace("LETTERSLOT", r"(?P<letter>[A-Z])"))
