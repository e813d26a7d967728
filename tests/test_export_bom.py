"""Bill of materials export: CSV and XLSX carry the same figures as `cost --json`."""

import csv
import io
import json

import openpyxl
import pytest

from designer.cli import main
from designer.export.bom_export import ITEMS_SHEET, TOTALS_SHEET, write_bom
from designer.export.output_file import ExportError
from designer.model import ProjectError
from designer.model.fileformat import save
from designer.topology import generate


@pytest.fixture
def design(tmp_path):
    doc = generate("leaf-spine", gpus=64, backend="hybrid")
    doc.set_meta(name="混合 集群")
    path = tmp_path / "d.json"
    save(doc, path)
    return doc, path


def _cost_json(path, capsys, currency="USD"):
    assert main(["cost", str(path), "--json", "--currency", currency]) == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("currency", ["USD", "CNY"])
def test_csv_matches_cost_json(design, tmp_path, capsys, currency):
    doc, path = design
    expected = _cost_json(path, capsys, currency)
    out = tmp_path / "bom.csv"
    write_bom(doc, out, currency=currency)
    rows = list(csv.DictReader(io.StringIO(out.read_text(encoding="utf-8-sig"))))
    assert [(r["kind"], r["model"], int(r["count"])) for r in rows] == \
        [(i["kind"], i["model"], i["count"]) for i in expected["items"]]
    cur = currency.lower()
    for row, item in zip(rows, expected["items"], strict=True):
        assert float(row[f"total_{cur}"]) == pytest.approx(item["total"], abs=0.01)
    capex_rows = [r for r in rows if r["per_year"] == "no"]
    assert sum(float(r[f"total_{cur}"]) for r in capex_rows) == pytest.approx(expected["capex"], abs=0.05)
    yearly = sum(float(r[f"total_{cur}"]) for r in rows if r["per_year"] == "yes")
    assert yearly == pytest.approx(expected["support_cost_per_year"], abs=0.05)


def test_xlsx_has_items_and_totals_equal_to_cost_json(design, tmp_path, capsys):
    doc, path = design
    expected = _cost_json(path, capsys)
    out = tmp_path / "bom.xlsx"
    write_bom(doc, out)
    wb = openpyxl.load_workbook(out)
    assert wb.sheetnames == [ITEMS_SHEET, TOTALS_SHEET]
    items = list(wb[ITEMS_SHEET].iter_rows(min_row=2, values_only=True))
    assert [(r[0], r[1], r[4]) for r in items] == [(i["kind"], i["model"], i["count"]) for i in expected["items"]]
    assert [r[7] for r in items] == pytest.approx([i["total"] for i in expected["items"]])
    totals = dict(wb[TOTALS_SHEET].iter_rows(min_row=2, values_only=True))
    for key in ("capex", "power_w", "tco"):
        assert totals[key] == pytest.approx(expected[key])
    assert totals["currency"] == "USD"


def test_bad_suffix_and_currency(design, tmp_path):
    doc, _ = design
    with pytest.raises(ExportError, match="bill of materials"):
        write_bom(doc, tmp_path / "bom.pdf")
    with pytest.raises(ProjectError, match="unknown currency"):
        write_bom(doc, tmp_path / "bom.csv", currency="EUR")
