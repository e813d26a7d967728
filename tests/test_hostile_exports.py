"""Every text path from a design into CSV, XLSX, GraphML, DOT and containerlab output reads back as written, or the
export is refused with one line naming the file and the field. Checked by reading the files back with the
readers their users have: the csv module, openpyxl, networkx, a YAML parser, Graphviz's quoting rule."""

from __future__ import annotations

import csv
import io
import re

import networkx as nx
import openpyxl
import pytest
import yaml

from designer.catalog import load_catalog
from designer.catalog.instantiate import switch_node
from designer.cli import main
from designer.export.cabling_plan import cabling_rows, write_cabling_plan
from designer.export.containerlab import write_containerlab
from designer.export.dot import quote, to_dot, write_dot
from designer.export.graphml_io import read_graphml, write_graphml
from designer.export.output_file import ExportError
from designer.export.spreadsheet_text import FORMULA_SIGNS, xlsx_decoded
from designer.model import Endpoint, Link, fileformat
from tests.factories import two_server_doc

INJECTIONS = ["rack 1\r=cmd|' /C calc'!A0", " =cmd|' /C calc'!A0", "\n=HYPERLINK(\"http://evil.example\")",
              "\t+1", "@SUM(A1)", 'comma, "quote"', "line\nbreak", "crlf\r\nend", "机架 <b>&amp;"]


def _doc(labels: list[str]):
    doc = two_server_doc()
    for i, label in enumerate(labels[:2]):
        doc.update_node(f"srv-{i + 1}", label=label)
    doc.update_node("leaf-1", label=labels[2 % len(labels)])
    doc.build.label_rule = "{name}"                        # the device label alone, as the node's label
    return doc


@pytest.mark.parametrize("label", INJECTIONS)
def test_csv_reads_back_one_row_per_link_and_no_cell_is_a_formula(tmp_path, label):
    doc = _doc([label, label, label])
    path = tmp_path / "plan.csv"
    write_cabling_plan(doc, path)
    rows = list(csv.reader(io.StringIO(path.read_bytes().decode("utf-8-sig"), newline="")))
    assert len(rows) == 1 + len(cabling_rows(doc))         # a CR or LF in a label adds no record
    assert {len(r) for r in rows} == {len(rows[0])}
    cells = [c for r in rows[1:] for c in r]
    assert all(not c.lstrip().startswith(FORMULA_SIGNS) for c in cells)
    expected = "'" + label if label.lstrip().startswith(FORMULA_SIGNS) or label.startswith("\t") else label
    assert expected in cells                                # the label itself, byte for byte


@pytest.mark.parametrize("label", INJECTIONS + ["ctl\x01\x07\x1b[31m", "_x0041_ literal"])
def test_xlsx_reads_back_as_text_equal_to_the_label(tmp_path, label):
    doc = _doc([label, label, label])
    path = tmp_path / "plan.xlsx"
    write_cabling_plan(doc, path)
    cells = [c for row in openpyxl.load_workbook(path)["backend"].iter_rows(min_row=2) for c in row]
    assert all(c.data_type in ("s", "n") for c in cells)   # never a formula
    assert label in {xlsx_decoded(c.value) for c in cells if isinstance(c.value, str)}


TEXTS = ["a\rb", "a\nb", "a\r\nb", "tab\there", '<&>"\'', "机架 一", "back\\slash\\n", "\u2028line\u0085sep"]


def test_graphml_round_trips_line_breaks_markup_and_chinese(tmp_path):
    doc = two_server_doc()
    for nid, text in zip(["srv-1", "srv-2", "leaf-1"], TEXTS[:3], strict=True):
        doc.update_node(nid, label=text)
    doc.set_meta(name=" | ".join(TEXTS), notes="\r\n".join(TEXTS))
    path = tmp_path / "d.graphml"
    write_graphml(doc, path)
    back = read_graphml(path)
    assert fileformat.dumps(back) == fileformat.dumps(doc)
    other = nx.read_graphml(path, force_multigraph=True)    # what other tools see
    assert [other.nodes[n]["label"] for n in ("srv-1", "srv-2", "leaf-1")] == TEXTS[:3]


@pytest.mark.parametrize("write", [write_graphml, write_dot])
def test_a_control_character_is_refused_naming_the_file_and_the_field(tmp_path, write):
    doc = two_server_doc()
    doc.update_node("srv-2", label="bell\x07")
    path = tmp_path / "out.x"
    with pytest.raises(ExportError) as err:
        write(doc, path)
    text = str(err.value)
    place = f"nodes[{list(doc.nodes).index('srv-2')}].label"
    assert "out.x" in text and place in text and "U+0007" in text and "\n" not in text
    assert not path.exists()


def test_cli_export_of_a_control_character_is_one_line_and_exit_2(tmp_path, capsys):
    doc = two_server_doc()
    doc.update_node("srv-1", label="nul\x00here")
    design = tmp_path / "d.json"
    fileformat.save(doc, design)
    assert main(["export", str(design), "--graphml", str(tmp_path / "g.graphml")]) == 2
    err = capsys.readouterr().err
    place = f"nodes[{list(doc.nodes).index('srv-1')}].label"
    assert len(err.strip().splitlines()) == 1 and "g.graphml" in err and place in err
    assert err.startswith("fabric-designer: error: ")       # the same error line as every command


def test_cli_import_of_a_broken_graphml_is_the_same_error_line(tmp_path, capsys):
    bad = tmp_path / "bad.graphml"
    bad.write_text("<graphml><graph>", encoding="utf-8")
    assert main(["import", str(bad), "-o", str(tmp_path / "d.json")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("fabric-designer: error: ") and "bad.graphml" in err


def _graphviz_ids(dot_text: str) -> list[str]:
    """The ids of node statements as Graphviz reads a quoted string (only \\" is an escape), decoded back by the
    export's own rule (\\\\ backslash, \\n line feed, \\r carriage return)."""
    ids = []
    for line in dot_text.split("\n"):
        m = re.match(r'\s+"((?:[^"\\]|\\.)*)" \[label=', line)
        if m:
            raw = m.group(1).replace('\\"', '"')
            ids.append(re.sub(r"\\(.)", lambda e: {"n": "\n", "r": "\r", "\\": "\\"}.get(e.group(1), e.group(0)), raw))
    return ids


def test_dot_keeps_ids_that_differ_by_cr_and_lf_apart_and_reads_back():
    cat = load_catalog()
    doc = two_server_doc()
    for i, text in enumerate(TEXTS):
        doc.add_node(switch_node(cat, "7050cx3", f"x{text}", "frontend", label=text))
        doc.add_link(Link(f"F{i}", Endpoint("srv-1", "fe1"), Endpoint(f"x{text}", "p1"), 100.0, "aoc", 3.0,
                          "frontend"))
    ids = _graphviz_ids(to_dot(doc))
    assert ids == list(doc.nodes)
    assert len({quote(f"x{t}") for t in TEXTS}) == len(TEXTS)


def test_containerlab_yaml_reads_back_every_label(tmp_path):
    cat = load_catalog()
    doc = two_server_doc()
    doc.set_meta(name="lab\u2028name: injected\nkey: value\x85")
    texts = TEXTS + ["del\x7f c1\x9b bom\ufeff"]
    for i, text in enumerate(texts):
        doc.add_node(switch_node(cat, "7050cx3", f"fe{i}", "frontend", label=text))
    doc.add_link(Link("F", Endpoint("srv-1", "fe1"), Endpoint("fe0", "p1"), 100.0, "aoc", 3.0, "frontend"))
    for i in range(1, len(texts)):    # a chain of front-end switches
        doc.add_link(Link(f"F{i}", Endpoint(f"fe{i - 1}", "p2"), Endpoint(f"fe{i}", "p1"), 100.0, "aoc", 3.0,
                          "frontend"))
    path = tmp_path / "lab.clab.yml"
    write_containerlab(doc, path, cat)
    lab = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert set(lab) == {"name", "topology"}                 # the design name stayed inside its comment
    labels = {n["labels"]["fd-id"]: n["labels"]["fd-label"] for n in lab["topology"]["nodes"].values()}
    assert {nid: labels[nid] for nid in labels if nid.startswith("fe")} == {
        nid: doc.nodes[nid].label for nid in doc.nodes if nid.startswith("fe")}


def test_an_unpaired_surrogate_is_refused_by_exports_and_repaired_by_saves(tmp_path):
    doc = two_server_doc()
    doc.update_node("srv-1", label="half \ud800 pair")
    with pytest.raises(ExportError, match=rf"nodes\[{list(doc.nodes).index('srv-1')}\]\.label"):
        write_graphml(doc, tmp_path / "g.graphml")
    with pytest.raises(ExportError, match="plan.csv"):
        write_cabling_plan(doc, tmp_path / "plan.csv")
    fileformat.save(doc, tmp_path / "d.json")               # a save never fails on one
    assert fileformat.load(tmp_path / "d.json").nodes["srv-1"].label == "half \ufffd pair"
