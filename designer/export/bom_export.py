"""The bill of materials as CSV or XLSX, with the same figures as `cost --json` (one CostReport feeds both)."""

from __future__ import annotations

import os

from designer.catalog.loader import Catalog
from designer.export.output_file import output_format, write_bytes_atomically, write_text_atomically
from designer.export.xlsx_workbook import SheetTable, workbook_bytes
from designer.model.document import FabricDocument
from designer.topology.cost import CSV_HEADER, CostReport, cost_report

ITEMS_SHEET = "Bill of materials"
TOTALS_SHEET = "Totals"


def bom_sheets(report: CostReport) -> list[SheetTable]:
    """Items (the CSV's columns: kind, model, part number, description, count with spares, spares, unit price,
    total, power each, per year) and the totals of the report."""
    header = tuple(CSV_HEADER(report.currency))
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
        write_text_atomically(path, report.to_csv(), excel_bom=True)
    else:
        write_bytes_atomically(path, workbook_bytes(bom_sheets(report)))
    return report
