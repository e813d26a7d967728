"""Cabling plan: every run located at both ends (label, rack, U, cage/port, lanes), its part and its length from
positions; counts equal to the bill of materials; CSV and XLSX with Chinese labels."""

import csv
import io
import re
from collections import Counter

import openpyxl
import pytest

from designer.catalog import load_catalog
from designer.catalog.instantiate import switch_node
from designer.export.bom_export import bom_csv
from designer.export.cabling_plan import (
    HEADER,
    cabling_csv,
    cabling_rows,
    counts_by_cable_part,
    summary_rows,
    write_cabling_plan,
)
from designer.export.output_file import ExportError
from designer.model import Endpoint, Link
from designer.topology import generate
from designer.topology.cost import cost_report
from tests.factories import two_server_doc

CAT = load_catalog()


@pytest.fixture(scope="module")
def ib_1024():
    doc = generate("fat-tree", gpus=1024, backend="ib", catalog=CAT)
    return doc, cabling_rows(doc, CAT)


def labelled_doc():
    """Two servers on a RoCEv2 leaf plus a front-end switch; Chinese names and labels everywhere."""
    doc = two_server_doc("rocev2")
    doc.set_meta(name="演示集群")
    doc.update_node("srv-1", label="服务器 一")
    doc.add_node(switch_node(CAT, "7050cx3", "fe-1", "frontend", label="前端交换机"))
    for s in (1, 2):
        doc.add_link(Link(f"F{s}", Endpoint(f"srv-{s}", "fe1"), Endpoint("fe-1", f"p{s}"), 100.0, "aoc", 10.0,
                          "frontend"))
    return doc


def _bom_cable_counts(doc):
    """Cables and fibre the BOM buys, spares left out (the plan pulls the installed ones), and less the fabric
    managers' own fibres (they go to spare leaf ports chosen on site, outside the design's links)."""
    report = cost_report(doc, CAT)
    counts = {i.model: i.count - i.spares for i in report.items
              if i.kind in ("cable", "fibre") or (i.kind == "management" and i.model in CAT.cables)}
    ufm = report.count("ufm-appliance")
    if ufm:
        fibre = next(m for m in counts if CAT.cables[m].type == "fibre")
        counts[fibre] -= ufm
    return counts


def test_every_run_of_the_1024_gpu_design_is_located_at_both_ends(ib_1024):
    doc, rows = ib_1024
    links = [r for r in rows if r.link_id]
    assert sorted(r.link_id for r in links) == sorted(doc.links)
    for r in rows:
        assert r.a_device_label and r.b_device_label
        assert r.a_rack and r.b_rack and r.cable_part and r.cable_type
        assert r.length_m >= r.run_m > 0
    for r in links:
        assert r.a_u >= 1 and r.b_u >= 1 and r.a_port_id and r.b_port_id and r.a_lanes and r.b_lanes
        for device, port_id in ((r.a_device_id, r.a_port_id), (r.b_device_id, r.b_port_id)):
            if doc.nodes[device].model == "qm9700":   # Quantum-2: cage/port, two 400G ports per twin cage
                assert re.fullmatch(r"\d+/[12]", port_id), port_id
    assert len({r.cable_label for r in rows}) == len(rows)


def test_no_port_and_no_lane_is_used_twice(ib_1024):
    _, rows = ib_1024
    ends = Counter()
    for r in rows:
        if r.link_id:
            ends[(r.a_device_id, r.a_port_id, r.a_lanes)] += 1
            ends[(r.b_device_id, r.b_port_id, r.b_lanes)] += 1
    assert max(ends.values()) == 1
    lanes = Counter()     # lane by lane inside every switch cage
    for r in rows:
        for device, port_id, span in ((r.a_device_id, r.a_port_id, r.a_lanes), (r.b_device_id, r.b_port_id,
                                                                                 r.b_lanes)):
            if r.link_id and "/" in port_id:
                first, _, last = span.partition("-")
                for lane in range(int(first), int(last or first) + 1):
                    lanes[(device, port_id.split("/")[0], lane)] += 1
    assert lanes and max(lanes.values()) == 1


def test_lengths_come_from_positions_not_a_constant(ib_1024):
    doc, rows = ib_1024
    backend = [r for r in rows if r.plane == "backend"]
    assert len({r.run_m for r in backend}) > 20
    same_rack = [r for r in rows if r.link_id and r.a_rack == r.b_rack]
    other_rack = [r for r in rows if r.link_id and r.a_rack != r.b_rack]
    assert other_rack and max(r.run_m for r in same_rack or [other_rack[0]]) <= max(r.run_m for r in other_rack)
    for r in backend:             # the design's own link length is the length ordered
        assert doc.links[r.link_id].length_m == r.length_m


def test_labels_follow_the_naming_rule():
    doc = generate("leaf-spine", gpus=64, backend="ib", catalog=CAT)
    doc.build.label_rule = "{role}-{index:03d}.{rack}"
    rows = cabling_rows(doc, CAT)
    labels = {r.a_device_label for r in rows} | {r.b_device_label for r in rows}
    assert "server-001." + rows[0].a_rack in labels
    assert any(re.fullmatch(r"leaf-001\.[A-Z]+\d\d", label) for label in labels)


@pytest.mark.parametrize("backend", ["rocev2", "ib", "hybrid"])
def test_counts_equal_the_bill_of_materials(backend):
    doc = generate("leaf-spine", gpus=64, backend=backend, catalog=CAT)
    rows = cabling_rows(doc, CAT)
    assert counts_by_cable_part(rows) == _bom_cable_counts(doc)
    by_part = Counter()
    for part, _number, _type, _speed, _length, count in summary_rows(rows):
        by_part[part] += count
    assert dict(by_part) == _bom_cable_counts(doc)


def test_duplicate_port_pair_still_gets_unique_labels():
    doc = two_server_doc()
    doc.add_link(Link("dup", Endpoint("srv-1", "be1"), Endpoint("leaf-1", "p1"), 400.0, "dac", 2.0, "backend"))
    labels = [r.cable_label for r in cabling_rows(doc, CAT)]
    assert len(set(labels)) == len(labels)
    assert any(label.endswith("~dup") for label in labels)


def test_csv_has_header_one_row_per_run_and_chinese(tmp_path):
    doc = labelled_doc()
    path = tmp_path / "plan.csv"
    rows = cabling_rows(doc, CAT)
    assert write_cabling_plan(doc, path, CAT) == len(rows)
    text = path.read_text(encoding="utf-8-sig")
    assert text == cabling_csv(rows)
    table = list(csv.DictReader(io.StringIO(text)))
    assert tuple(table[0].keys()) == HEADER
    assert len([r for r in table if r["link_id"]]) == len(doc.links)
    names = {row["a_device_label"] for row in table} | {row["b_device_label"] for row in table}
    assert any("服务器 一" in n for n in names) and any("前端交换机" in n for n in names)


def test_xlsx_opens_with_sheets_per_plane_and_summary(tmp_path):
    doc = labelled_doc()
    path = tmp_path / "plan.xlsx"
    write_cabling_plan(doc, path, CAT)
    wb = openpyxl.load_workbook(path)
    assert wb.sheetnames == ["backend", "frontend", "management", "Summary"]
    for plane in ("backend", "frontend"):
        ws = wb[plane]
        assert tuple(c.value for c in ws[1]) == HEADER
        assert ws.max_row - 1 == sum(1 for lk in doc.links.values() if lk.plane == plane)
    summary = list(wb["Summary"].iter_rows(min_row=2, values_only=True))
    by_part: dict[str, int] = {}
    for part, _number, _type, _speed, _length, count in summary:
        by_part[part] = by_part.get(part, 0) + count
    assert by_part == _bom_cable_counts(doc)


def test_xlsx_keeps_formula_like_labels_as_text(tmp_path):
    doc = labelled_doc()
    doc.update_node("srv-2", label="=1+1\x07")
    doc.build.label_rule = "{name}"
    path = tmp_path / "plan.xlsx"
    write_cabling_plan(doc, path, CAT)
    cells = [c for row in openpyxl.load_workbook(path)["backend"].iter_rows() for c in row
             if c.value == "=1+1_x0007_"]     # the control byte as OOXML's escape, which spreadsheets read back
    assert cells and all(c.data_type == "s" for c in cells)  # text, not a formula


def test_csv_quotes_formula_like_labels_so_spreadsheets_do_not_run_them():
    doc = labelled_doc()
    doc.build.label_rule = "{name}"
    doc.update_node("srv-2", label='=HYPERLINK("http://x","y")')
    doc.update_node("srv-1", label="-2+3")
    cells = [c for row in csv.reader(io.StringIO(cabling_csv(cabling_rows(doc, CAT)))) for c in row]
    assert "'=HYPERLINK(\"http://x\",\"y\")" in cells and "'-2+3" in cells
    assert not any(c.startswith(("=", "+", "@")) for c in cells)
    bom = bom_csv(cost_report(doc))
    assert all(not line.startswith(("=", "+", "-", "@")) for line in bom.splitlines())


def test_bad_output_type_is_a_one_line_error(tmp_path):
    doc = two_server_doc()
    with pytest.raises(ExportError, match=r"\.csv or \.xlsx"):
        write_cabling_plan(doc, tmp_path / "plan.txt")
    assert not (tmp_path / "plan.txt").exists()


def test_long_haul_lines_are_listed_site_edge_to_site_edge_and_not_ordered(tmp_path):
    from designer.topology.two_site import TwoSiteOptions, generate_two_site
    doc = generate_two_site(TwoSiteOptions(16, 30, dci_links=4), CAT)
    (lh,) = doc.long_haul
    rows = cabling_rows(doc, CAT)
    lines = [r for r in rows if r.plane == "long-haul"]
    assert len(lines) == lh.count == 4
    optics = CAT.long_haul_optics[lh.optics]
    for r in lines:
        assert r.cable_label.startswith("LH-") and r.a_rack and r.b_rack
        assert {doc.nodes[r.a_device_id].site, doc.nodes[r.b_device_id].site} == {lh.a, lh.b}
        assert doc.nodes[r.a_device_id].model == doc.nodes[r.b_device_id].model == lh.equipment
        assert r.length_m == r.run_m == lh.distance_km * 1000 and r.cable_part == ""
        assert r.a_module == r.b_module == (optics.part_number or optics.model) != ""
    # leased, not bought: nothing of theirs is ordered, and the other runs still count as the bill does
    assert all(row[2] != lines[0].cable_type for row in summary_rows(rows))
    assert counts_by_cable_part(rows) == _bom_cable_counts(doc)
    path = tmp_path / "plan.xlsx"
    write_cabling_plan(doc, path, CAT)
    wb = openpyxl.load_workbook(path)
    assert wb.sheetnames == ["backend", "frontend", "long-haul", "management", "Summary"]
    assert wb["long-haul"].max_row - 1 == 4
    from designer.export.cable_labels import label_lines
    assert label_lines(lines[0], "a", "en")[-1] == "long-haul line, leased fibre or wavelength · 30 km"
    assert label_lines(lines[0], "b", "zh_CN")[-1] == "长途线路，租用光纤或波长 · 30 公里"
