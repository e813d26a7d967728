"""The cabling plan: one row per link (both ends, plane, speed, cable model, length, cable label), as CSV or XLSX.

Cable label scheme (printed on both ends of the cable):
    "<PLANE>-<A node id>:<A port>--<B node id>:<B port>"   e.g. "BE-leaf-1:p3--srv-1:be3"
with PLANE "BE" for the back-end and "FE" for the front-end. Ids and ports are unique in a design, so the label
is unique per link; should two links ever share both ports (a design error that `check` reports), the second
label gets "~<link id>" appended so that labels stay unique.
"""

from __future__ import annotations

import os
from collections import Counter
from dataclasses import astuple, dataclass, fields

from designer.catalog.loader import Catalog, load_catalog
from designer.export.output_file import output_format, write_bytes_atomically, write_text_atomically
from designer.export.spreadsheet_text import csv_cell, csv_text
from designer.export.xlsx_workbook import SheetTable, workbook_bytes
from designer.i18n.message import Message
from designer.model.document import FabricDocument
from designer.model.errors import ProjectError
from designer.model.links import Link
from designer.model.nodes import PLANES

PLANE_CODES = {"backend": "BE", "frontend": "FE"}
SUMMARY_SHEET = "Summary"


@dataclass(frozen=True)
class CablingRow:
    """One cable of the plan: what to plug where, with which cable model, and the label to print."""

    cable_label: str
    plane: str
    a_device_id: str
    a_device_label: str
    a_port: str
    b_device_id: str
    b_device_label: str
    b_port: str
    speed_gbps: float
    cable_type: str       # dac | aoc | optics (the link's choice)
    cable_model: str      # catalog id of the cable / optics pair
    cable_description: str
    length_m: float
    link_id: str


HEADER = tuple(f.name for f in fields(CablingRow))
SUMMARY_HEADER = ("cable_model", "cable_type", "speed_gbps", "length_m", "count")


def cable_label(link: Link) -> str:
    """The label printed on a cable: plane code and both ends (see the module docstring)."""
    code = PLANE_CODES.get(link.plane, link.plane.upper())
    return f"{code}-{link.a.node}:{link.a.port}--{link.b.node}:{link.b.port}"


def cabling_rows(doc: FabricDocument, catalog: Catalog | None = None) -> list[CablingRow]:
    """Every link of `doc` as one row, back-end first, each plane in document order.

    Raises ProjectError naming the link when the catalog has no cable of the link's type for its speed
    (the same rule as the bill of materials, so both count the same cables).
    """
    cat = catalog if catalog is not None else load_catalog()
    plane_order = {p: i for i, p in enumerate(PLANES)}
    links = sorted(doc.links.values(), key=lambda lk: plane_order.get(lk.plane, len(PLANES)))
    rows: list[CablingRow] = []
    used: set[str] = set()
    for link in links:
        cable = cat.cable_for(link.cable, link.speed_gbps)
        if cable is None:
            raise ProjectError(Message("error.catalog.no_cable", link=link.id, cable=link.cable,
                                       speed=f"{link.speed_gbps:g}"))
        label = cable_label(link)
        if label in used:
            label = f"{label}~{link.id}"
        used.add(label)
        a, b = doc.nodes.get(link.a.node), doc.nodes.get(link.b.node)
        rows.append(CablingRow(
            cable_label=label, plane=link.plane,
            a_device_id=link.a.node, a_device_label=a.label if a else "", a_port=link.a.port,
            b_device_id=link.b.node, b_device_label=b.label if b else "", b_port=link.b.port,
            speed_gbps=float(link.speed_gbps), cable_type=link.cable, cable_model=cable.id,
            cable_description=cable.model, length_m=float(link.length_m), link_id=link.id))
    return rows


def counts_by_cable_model(rows: list[CablingRow]) -> dict[str, int]:
    """How many cables of each catalog model the plan uses (what the bill of materials counts)."""
    return dict(Counter(r.cable_model for r in rows))


def summary_rows(rows: list[CablingRow]) -> list[tuple[str, str, float, float, int]]:
    """Counts by cable model and length (what to order), sorted by model then length."""
    counts = Counter((r.cable_model, r.cable_type, r.speed_gbps, r.length_m) for r in rows)
    return [(*key, n) for key, n in sorted(counts.items())]


def cabling_csv(rows: list[CablingRow]) -> str:
    """The plan as CSV text: a header row, then one row per link."""
    return csv_text([HEADER, *([_csv_value(v) for v in astuple(row)] for row in rows)])


def cabling_sheets(rows: list[CablingRow]) -> list[SheetTable]:
    """One sheet per plane (named after the plane, present even when empty) and a Summary sheet."""
    sheets = [SheetTable(plane, HEADER, [astuple(r) for r in rows if r.plane == plane]) for plane in PLANES]
    sheets.append(SheetTable(SUMMARY_SHEET, SUMMARY_HEADER, [tuple(s) for s in summary_rows(rows)]))
    return sheets


def write_cabling_plan(doc: FabricDocument, path: str | os.PathLike[str], catalog: Catalog | None = None) -> int:
    """Write the plan to `path` (.csv or .xlsx by its suffix); returns the number of rows (= links)."""
    fmt = output_format(path, ("csv", "xlsx"), "cabling")
    rows = cabling_rows(doc, catalog)
    if fmt == "csv":
        write_text_atomically(path, cabling_csv(rows), excel_bom=True)
    else:
        write_bytes_atomically(path, workbook_bytes(cabling_sheets(rows)))
    return len(rows)


def _csv_value(value: object) -> object:
    return f"{value:g}" if isinstance(value, float) else csv_cell(value)
