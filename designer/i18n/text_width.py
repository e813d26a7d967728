"""Fixed-width text for terminal tables: CJK characters take two columns, so padding counts columns, not
characters (for plain ASCII the results equal str.ljust / str.rjust)."""

from __future__ import annotations

import unicodedata


def columns(text: str) -> int:
    """Terminal columns `text` takes: wide and full-width characters (CJK) take two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def ljust(text: str, width: int) -> str:
    """`text` padded on the right to `width` columns (never cut, like f"{text:<width}")."""
    return text + " " * (width - columns(text))


def rjust(text: str, width: int) -> str:
    """`text` padded on the left to `width` columns (never cut, like f"{text:>width}")."""
    return " " * (width - columns(text)) + text


def fit(text: str, width: int) -> str:
    """`text` cut to `width` columns and padded to them."""
    while columns(text) > width:
        text = text[:-1]
    return ljust(text, width)
