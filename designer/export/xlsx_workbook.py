"""An XLSX workbook of plain tables (header row + data rows per sheet), built with openpyxl."""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass, field

from openpyxl import Workbook
from openpyxl.styles import Font
from openpyxl.worksheet.worksheet import Worksheet

from designer.export.spreadsheet_text import xlsx_text

MAX_COLUMN_WIDTH = 48
SHEET_TITLE_MAX = 31  # Excel's limit on sheet names


@dataclass
class SheetTable:
    """One sheet: a title, column headers and rows of plain values (text, numbers)."""

    title: str
    header: Sequence[str]
    rows: Sequence[Sequence[object]] = field(default_factory=list)


def workbook_bytes(sheets: Sequence[SheetTable]) -> bytes:
    """The .xlsx file content: one sheet per table, bold frozen header, columns sized to their text."""
    wb = Workbook()
    wb.remove(wb.active)
    for table in sheets:
        ws = wb.create_sheet(table.title[:SHEET_TITLE_MAX])
        widths = [len(str(h)) for h in table.header]
        for col, name in enumerate(table.header, start=1):
            cell = ws.cell(row=1, column=col, value=str(name))
            cell.font = Font(bold=True)
        for r, row in enumerate(table.rows, start=2):
            for col, value in enumerate(row, start=1):
                _put(ws, r, col, value)
                if col <= len(widths):
                    widths[col - 1] = max(widths[col - 1], len(str(value)))
        ws.freeze_panes = "A2"
        for col, width in enumerate(widths, start=1):
            ws.column_dimensions[ws.cell(row=1, column=col).column_letter].width = min(width + 2, MAX_COLUMN_WIDTH)
    buffer = io.BytesIO()
    wb.save(buffer)
    return buffer.getvalue()


def _put(ws: Worksheet, row: int, col: int, value: object) -> None:
    if value == "":
        return              # an empty cell, not an empty inline string
    if isinstance(value, str):
        # XML 1.0 cannot hold most control characters: written as OOXML's _xHHHH_, which spreadsheets read back
        cell = ws.cell(row=row, column=col, value=xlsx_text(value))
        # A label such as "=SUM(...)" is data, not a formula: keep it a string.
        cell.data_type = "s"
    else:
        ws.cell(row=row, column=col, value=value)
