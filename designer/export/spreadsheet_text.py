"""Text cells that a spreadsheet must not take for formulas (CSV injection, OWASP), and CSV / XLSX text that
reads back as written.

A CSV cell starting with = + - @ (or a tab or carriage return) is evaluated by Excel and LibreOffice as a
formula when the file is opened; a node label such as `=HYPERLINK(...)` would run in the buyer's spreadsheet,
and so would ` =cmd|...` or `\\n=cmd|...`, since spreadsheets skip leading blanks and line breaks. Such text gets a
leading apostrophe, which spreadsheets show as a plain-text marker. Numbers are written as numbers (a negative
number is not text), so only strings are guarded.

A cell holding a line break, a quote or the separator must be quoted, or a reader splits it into more cells
and rows; the csv module quotes only the characters of its record terminator, so a bare carriage return in a
file whose records end in "\\n" would go out unquoted. `csv_text` quotes every one of them.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable, Sequence

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
FORMULA_SIGNS = ("=", "+", "-", "@")


def csv_cell(value: object) -> object:
    """`value` ready for a CSV writer: formula-like text (after any leading blanks or line breaks) quoted with an
    apostrophe, anything else unchanged."""
    if isinstance(value, str) and (value.startswith(FORMULA_STARTS) or value.lstrip().startswith(FORMULA_SIGNS)):
        return "'" + value
    return value


def csv_text(rows: Iterable[Sequence[object]]) -> str:
    """`rows` as CSV text, each record ending in "\\n"; a cell with a line feed, a carriage return, a quote or a
    comma is quoted (cells are written as given: pass text through `csv_cell` first)."""
    record = io.StringIO()
    # with "\r\n" as its terminator the writer quotes a cell holding either character; the terminator itself
    # is then the last two characters of each record, and is replaced by "\n"
    writer = csv.writer(record, lineterminator="\r\n")
    out = []
    for row in rows:
        writer.writerow(row)
        out.append(record.getvalue()[:-2])
        record.seek(0)
        record.truncate()
    return "".join(line + "\n" for line in out)


# XML 1.0 cannot hold these (nor can a carriage return survive a reader); OOXML writes them as _xHHHH_
_XML_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\ufffe\uffff]")
_LOOKS_ESCAPED = re.compile("_(x[0-9A-Fa-f]{4}_)")


def xlsx_text(text: str) -> str:
    """`text` as an OOXML string (ST_Xstring): a control character or a carriage return as _xHHHH_, which Excel
    and LibreOffice read back as the character, and a literal "_xHHHH_" with its underscore escaped (_x005F_)."""
    escaped = _LOOKS_ESCAPED.sub(r"_x005F_\1", text)
    return _XML_UNSAFE.sub(lambda m: f"_x{ord(m.group()):04X}_", escaped)


def xlsx_decoded(text: str) -> str:
    """The text an OOXML reader shows for a string written by `xlsx_text` (the inverse of `xlsx_text`)."""
    return re.sub("_x([0-9A-Fa-f]{4})_", lambda m: chr(int(m.group(1), 16)), text)
