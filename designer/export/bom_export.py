"""The bill of materials as CSV or XLSX, with the same figures as `cost --json` (one CostReport feeds both)."""

from __future__ import annotations

import os

from designer.catalog.loader import Catalog
from designer.export.output_file import output_format, write_bytes_atomically, write_text_atomically
from designer.export.spreadsheet_text import csv_cell, csv_text
from designer.export.xlsx_workbook import SheetTable, workbook_bytes
from designer.model.document import FabricDocument
from designer.topology.cost import CostReport, cost_report

ITEMS_SHEET = "Bill of materials"
TOTALS_SHEET = "Totals"


def _items_header(report: CostReport) -> tuple[str, ...]:
    """Count is what to order, spares included; `per_year` lines (support) are recurring, not capex."""
    cur = report.currency.lower()
    return ("kind", "model", "part_number", "description", "count", "spares", f"unit_price_{cur}", f"total_{cur}",
            "power_w_each", "per_year")


def bom_csv(report: CostReport) -> str:
    """The bill of materials as CSV (what is handed to the people who buy and build the cluster)."""
    return csv_text([_items_header(report), *([csv_cell(i.kind), csv_cell(i.model), csv_cell(i.part_number),
                                               csv_cell(i.description), i.count, i.spares, f"{i.unit_price:.2f}",
                                               f"{i.total:.2f}", f"{i.power_w_each:g}", "yes" if i.per_year else "no"]
                                              for i in report.items)])


def bom_sheets(report: CostReport) -> list[SheetTable]:
    """Items (the CSV's columns) and the totals of the report."""
    header = _items_header(report)
    items = [(i.kind, i.model, i.part_number, i.description, i.count, i.spares, i.unit_price, i.total,
              i.power_w_each, "yes" if i.per_year else "no") for i in report.items]
    d = report.to_dict()
    totals = [("currency", d["currency"])]
    totals += [(key, d[key]) for key in ("capex", "capex_network", "network_share", "power_w",
                                          "energy_cost_per_year", "support_cost_per_year", "tco_years", "tco")]
    totals += [(f"count_{kind}", n) for kind, n in d["counts_by_kind"].items()]
    return [SheetTable(ITEMS_SHEET, header, items), SheetTable(TOTALS_SHEET, ("figure", "value"), totals)]


def write_bom(doc: FabricDocument, path: str | os.PathLike[str], catalog: Catalog | None = None,
              currency: str | None = None) -> CostReport:
    """Price `doc` and write its bill of materials to `path` (.csv or .xlsx); returns the report written."""
    fmt = output_format(path, ("csv", "xlsx"), "bom")
    report = cost_report(doc, catalog, currency)
    if fmt == "csv":
        write_text_atomically(path, bom_csv(report), excel_bom=True)
    else:
        write_bytes_atomically(path, workbook_bytes(bom_sheets(report)))
    return report
