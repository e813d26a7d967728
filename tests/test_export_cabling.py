"""Cabling plan: one row per link, counts equal to the bill of materials, CSV and XLSX with Chinese labels."""

import csv
import io

import openpyxl
import pytest

from designer.catalog import load_catalog
from designer.catalog.instantiate import switch_node
from designer.export.bom_export import bom_csv
from designer.export.cabling_plan import (
    HEADER,
    cable_label,
    cabling_csv,
    cabling_rows,
    counts_by_cable_model,
    summary_rows,
    write_cabling_plan,
)
from designer.export.output_file import ExportError
from designer.model import Endpoint, Link, ProjectError
from designer.topology import generate
from designer.topology.cost import cost_report
from tests.factories import two_server_doc


def labelled_doc():
    """Two servers on a RoCEv2 leaf plus a front-end switch; Chinese names and labels everywhere."""
    cat = load_catalog()
    doc = two_server_doc("rocev2")
    doc.set_meta(name="演示集群")
    doc.update_node("srv-1", label="服务器 一")
    doc.add_node(switch_node(cat, "7050cx3", "fe-1", "frontend", label="前端交换机"))
    for s in (1, 2):
        doc.add_link(Link(f"F{s}", Endpoint(f"srv-{s}", "fe1"), Endpoint("fe-1", f"p{s}"), 100.0, "aoc", 10.0,
                          "frontend"))
    return doc


def _bom_cable_counts(doc):
    return {i.model: i.count for i in cost_report(doc).items if i.kind in ("cable", "optics")}


@pytest.mark.parametrize("backend", ["rocev2", "ib", "hybrid"])
def test_one_row_per_link_and_counts_equal_bom(backend):
    doc = generate("leaf-spine", gpus=64, backend=backend)
    rows = cabling_rows(doc)
    assert len(rows) == len(doc.links)
    assert sorted(r.link_id for r in rows) == sorted(doc.links)
    assert len({r.cable_label for r in rows}) == len(rows)
    assert counts_by_cable_model(rows) == _bom_cable_counts(doc)
    assert sum(n for *_, n in summary_rows(rows)) == len(doc.links)


def test_row_fields_follow_the_link_and_catalog():
    doc = labelled_doc()
    cat = load_catalog()
    rows = {r.link_id: r for r in cabling_rows(doc, cat)}
    f1 = rows["F1"]
    assert (f1.a_device_id, f1.a_device_label, f1.a_port) == ("srv-1", "服务器 一", "fe1")
    assert (f1.b_device_id, f1.b_device_label, f1.b_port) == ("fe-1", "前端交换机", "p1")
    assert f1.plane == "frontend" and f1.speed_gbps == 100.0 and f1.length_m == 10.0
    assert f1.cable_model == cat.cable_for("aoc", 100.0).id
    assert f1.cable_label == "FE-srv-1:fe1--fe-1:p1" == cable_label(doc.links["F1"])
    # back-end rows come first, front-end after
    planes = [r.plane for r in cabling_rows(doc, cat)]
    assert planes == sorted(planes)


def test_duplicate_port_pair_still_gets_unique_labels():
    doc = two_server_doc()
    doc.add_link(Link("dup", Endpoint("srv-1", "be1"), Endpoint("leaf-1", "p1"), 400.0, "dac", 2.0, "backend"))
    labels = [r.cable_label for r in cabling_rows(doc)]
    assert len(set(labels)) == len(labels) == len(doc.links)
    assert any(label.endswith("~dup") for label in labels)


def test_csv_has_header_one_row_per_link_and_chinese(tmp_path):
    doc = labelled_doc()
    path = tmp_path / "plan.csv"
    assert write_cabling_plan(doc, path) == len(doc.links)
    text = path.read_text(encoding="utf-8-sig")
    assert text == cabling_csv(cabling_rows(doc))
    table = list(csv.DictReader(io.StringIO(text)))
    assert tuple(table[0].keys()) == HEADER
    assert len(table) == len(doc.links)
    assert {"服务器 一", "叶交换机 1", "前端交换机"} <= {row["a_device_label"] for row in table} | \
        {row["b_device_label"] for row in table}


def test_xlsx_opens_with_sheets_per_plane_and_summary(tmp_path):
    doc = labelled_doc()
    path = tmp_path / "plan.xlsx"
    write_cabling_plan(doc, path)
    wb = openpyxl.load_workbook(path)
    assert wb.sheetnames == ["backend", "frontend", "Summary"]
    for plane in ("backend", "frontend"):
        ws = wb[plane]
        assert tuple(c.value for c in ws[1]) == HEADER
        assert ws.max_row - 1 == sum(1 for lk in doc.links.values() if lk.plane == plane)
    values = {c.value for row in wb["frontend"].iter_rows() for c in row}
    assert {"服务器 一", "前端交换机"} <= values
    summary = list(wb["Summary"].iter_rows(min_row=2, values_only=True))
    by_model: dict[str, int] = {}
    for model, _type, _speed, _length, count in summary:
        by_model[model] = by_model.get(model, 0) + count
    assert by_model == _bom_cable_counts(doc)


def test_xlsx_keeps_formula_like_labels_as_text(tmp_path):
    doc = labelled_doc()
    doc.update_node("srv-2", label="=1+1\x07")
    path = tmp_path / "plan.xlsx"
    write_cabling_plan(doc, path)
    cells = [c for row in openpyxl.load_workbook(path)["backend"].iter_rows() for c in row
             if c.value == "=1+1_x0007_"]     # the control byte as OOXML's escape, which spreadsheets read back
    assert cells and all(c.data_type == "s" for c in cells)  # text, not a formula


def test_csv_quotes_formula_like_labels_so_spreadsheets_do_not_run_them():
    doc = labelled_doc()
    doc.update_node("srv-2", label='=HYPERLINK("http://x","y")')
    doc.update_node("srv-1", label="-2+3")
    cells = [c for row in csv.reader(io.StringIO(cabling_csv(cabling_rows(doc)))) for c in row]
    assert "'=HYPERLINK(\"http://x\",\"y\")" in cells and "'-2+3" in cells
    assert not any(c.startswith(("=", "+", "@")) for c in cells)
    bom = bom_csv(cost_report(doc))
    assert all(not line.startswith(("=", "+", "-", "@")) for line in bom.splitlines())


def test_bad_output_type_and_unknown_cable_are_one_line_errors(tmp_path):
    doc = two_server_doc()
    with pytest.raises(ExportError, match=r"\.csv or \.xlsx"):
        write_cabling_plan(doc, tmp_path / "plan.txt")
    assert not (tmp_path / "plan.txt").exists()
    doc.update_link("L1", speed_gbps=3200.0)
    with pytest.raises(ProjectError, match="link 'L1'"):
        cabling_rows(doc)
