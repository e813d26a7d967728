"""Printable cable labels: one label for each end of every cable run, on A4 sheets of 3 x 8 labels.

A label says where its end plugs in and where the far end goes (device label, rack, U, front-panel port), the
cable's part and its length, and the run's cable label (the same text on both ends). The sheet is the common
63.5 x 33.9 mm, 24-per-sheet layout; the text is in the chosen language and the embedded CJK font, so Chinese
device names print.
"""

from __future__ import annotations

import io
import os

from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from designer.catalog.loader import Catalog
from designer.export.cabling_plan import LONG_HAUL, CablingRow, cabling_rows
from designer.export.output_file import output_format, write_bytes_atomically
from designer.i18n import render
from designer.model.document import FabricDocument

LABEL_W, LABEL_H = 63.5 * mm, 33.9 * mm
COLUMNS, ROWS = 3, 8
LEFT, TOP = 7.2 * mm, 13.1 * mm
GAP_X = 2.5 * mm


def label_lines(row: CablingRow, end: str, language: str | None = None) -> list[str]:
    """The four lines of the label on end "a" or "b" of a run."""
    here, there = ("a", "b") if end == "a" else ("b", "a")

    def place(side: str) -> str:
        def g(name: str) -> object:
            return getattr(row, f"{side}_{name}")
        return render("labels.place", language, device=g("device_label"), rack=g("rack"), u=g("u"), port=g("port_id"))

    part = row.cable_part_number or row.cable_part
    cable = (render("labels.line", language, km=f"{row.length_m / 1000:g}") if row.plane == LONG_HAUL else
             render("labels.cable", language, type=row.cable_type, part=part, length=f"{row.length_m:g}"))
    return [row.cable_label,
            render("labels.this_end", language, place=place(here)),
            render("labels.far_end", language, place=place(there)), cable]


def write_cable_labels(doc: FabricDocument, path: str | os.PathLike[str], catalog: Catalog | None = None,
                       language: str | None = None, font: str = "Helvetica") -> int:
    """Write the label sheets of `doc` to `path` (.pdf) in the registered `font` (the caller registers a CJK
    font for Chinese names); returns the number of labels (two per run)."""
    output_format(path, ("pdf",), "labels")
    rows = cabling_rows(doc, catalog)
    buffer = io.BytesIO()
    pdf = Canvas(buffer, pagesize=A4)
    pdf.setTitle(render("labels.title", language, design=doc.name))
    pdf.setCreator("Fabric Designer")
    labels = [(row, end) for row in rows for end in ("a", "b")]
    per_page = COLUMNS * ROWS
    for i, (row, end) in enumerate(labels):
        if i and i % per_page == 0:
            pdf.showPage()
        slot = i % per_page
        col, line = slot % COLUMNS, slot // COLUMNS
        x = LEFT + col * (LABEL_W + GAP_X)
        y = A4[1] - TOP - (line + 1) * LABEL_H
        _label(pdf, label_lines(row, end, language), x, y, font)
    pdf.save()
    write_bytes_atomically(path, buffer.getvalue())
    return len(labels)


def _label(pdf: Canvas, lines: list[str], x: float, y: float, font: str) -> None:
    pdf.setLineWidth(0.2)
    pdf.setStrokeGray(0.75)
    pdf.roundRect(x, y, LABEL_W, LABEL_H, 2 * mm)
    inner = LABEL_W - 4 * mm
    for i, text in enumerate(lines):
        size = 7.4 if i == 0 else 6.6
        while size > 4.2 and stringWidth(text, font, size) > inner:
            size -= 0.2
        while text and stringWidth(text, font, size) > inner:
            text = text[:-1]
        pdf.setFont(font, size)
        pdf.setFillGray(0.0 if i != 3 else 0.3)
        pdf.drawString(x + 2 * mm, y + LABEL_H - (5.5 + i * 7.2) * mm, text)
