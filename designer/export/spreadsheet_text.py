"""Text cells that a spreadsheet must not take for formulas (CSV injection, OWASP).

A CSV cell starting with = + - @ (or a tab or carriage return) is evaluated by Excel and LibreOffice as a
formula when the file is opened; a node label such as `=HYPERLINK(...)` would run in the buyer's spreadsheet.
Such text gets a leading apostrophe, which spreadsheets show as a plain-text marker. Numbers are written as
numbers (a negative number is not text), so only strings are guarded.
"""

from __future__ import annotations

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value: object) -> object:
    """`value` ready for a CSV writer: formula-like text quoted with an apostrophe, anything else unchanged."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value
