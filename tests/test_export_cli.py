"""`fabric-designer export` and `import`: files written, one line per file, bad input one line and exit 2."""

import argparse
import json

import openpyxl
import pytest
from pypdf import PdfReader

from designer.cli import main
from designer.cli.export import cmd_export, cmd_import
from designer.export.cabling_plan import cabling_rows
from designer.model.fileformat import document_to_dict, load, save
from designer.topology import generate


@pytest.fixture
def design_file(tmp_path):
    doc = generate("leaf-spine", gpus=32, backend="rocev2")
    doc.set_meta(name="导出 测试")
    path = tmp_path / "d.json"
    save(doc, path)
    return path


def test_export_writes_every_requested_file(design_file, tmp_path, capsys):
    outs = {"--cabling": tmp_path / "c.xlsx", "--bom": tmp_path / "b.csv", "--graphml": tmp_path / "g.graphml",
            "--dot": tmp_path / "t.dot", "--containerlab": tmp_path / "lab.clab.yml"}
    argv = ["export", str(design_file)]
    for flag, path in outs.items():
        argv += [flag, str(path)]
    assert main(argv) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert len(lines) == len(outs)
    for line, path in zip(lines, outs.values(), strict=True):
        assert line.startswith(f"wrote {path}:") and path.stat().st_size > 0
    assert openpyxl.load_workbook(outs["--cabling"]).sheetnames == ["backend", "frontend", "management", "Summary"]
    assert "导出 测试" in outs["--dot"].read_text(encoding="utf-8")


def test_labels_pdf_has_two_labels_per_run_and_prints_chinese_names(tmp_path, capsys):
    doc = generate("leaf-spine", gpus=16, backend="rocev2")
    doc.update_node("srv-001", label="服务器 一")
    design, out = tmp_path / "d.json", tmp_path / "labels.pdf"
    save(doc, design)
    assert main(["export", str(design), "--labels", str(out)]) == 0
    runs = len(cabling_rows(load(design)))
    assert f"{2 * runs} labels" in capsys.readouterr().out.replace(",", "")
    pages = PdfReader(out).pages
    assert len(pages) == -(-2 * runs // 24)                 # 24 labels per A4 sheet
    text = "".join(page.extract_text() for page in pages)
    assert text.count("服务器 一") >= 2                      # both ends of its runs, in the embedded CJK font


def test_import_round_trips_through_the_cli(design_file, tmp_path, capsys):
    graphml = tmp_path / "g.graphml"
    assert main(["export", str(design_file), "--graphml", str(graphml)]) == 0
    out = tmp_path / "back.json"
    assert main(["import", str(graphml), "-o", str(out)]) == 0
    assert document_to_dict(load(out)) == document_to_dict(load(design_file))
    assert json.loads(out.read_text(encoding="utf-8"))["name"] == "导出 测试"
    assert capsys.readouterr().out.splitlines()[-1].startswith(f"wrote {out}:")


@pytest.mark.parametrize("extra, needle", [
    ([], "nothing to write"),
    (["--cabling", "plan.txt"], ".csv or .xlsx"),
    (["--dot", "x.png"], "Graphviz DOT"),
    (["--cabling", "same.xlsx", "--bom", "same.xlsx"], "same file"),
])
def test_export_bad_options_are_one_line(design_file, capsys, extra, needle):
    args = argparse.Namespace(file=str(design_file), cabling=None, bom=None, graphml=None, dot=None,
                              containerlab=None)
    for flag, value in zip(extra[::2], extra[1::2], strict=True):
        setattr(args, flag.lstrip("-"), value)
    assert cmd_export(args) == 2
    err = capsys.readouterr().err
    assert needle in err and err.count("\n") == 1


def test_export_of_bad_file_names_it_and_writes_nothing(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    dot = tmp_path / "t.dot"
    assert main(["export", str(bad), "--dot", str(dot)]) == 2
    err = capsys.readouterr().err
    assert str(bad) in err and "not valid JSON" in err and err.count("\n") == 1
    assert not dot.exists()


def test_export_containerlab_of_ib_only_design_is_one_line(tmp_path, capsys):
    path = tmp_path / "ib.json"
    save(generate("leaf-spine", gpus=32, backend="ib", frontend=False), path)
    assert main(["export", str(path), "--containerlab", str(tmp_path / "lab.yml")]) == 2
    assert "no Ethernet part" in capsys.readouterr().err


def test_import_of_a_project_file_is_refused(design_file, tmp_path, capsys):
    args = argparse.Namespace(graphml=str(design_file), output=str(tmp_path / "o.json"))
    assert cmd_import(args) == 2
    err = capsys.readouterr().err
    assert "GraphML" in err and str(design_file) in err and err.count("\n") == 1
    assert not (tmp_path / "o.json").exists()


def test_export_of_a_design_that_breaks_a_rule_says_so_and_writes_it_as_drawn(tmp_path, capsys):
    """Hand-over files of a design with a port cabled twice were written without a word."""
    from designer.ui.app import PROJECTS

    data = json.loads((PROJECTS / "small-rocev2-pod.json").read_text())
    first = next(lk for lk in data["links"] if lk["b"]["node"] == "leaf-01")
    second = next(lk for lk in data["links"] if lk["b"]["node"] == "leaf-01" and lk is not first)
    second["b"]["port"] = first["b"]["port"]
    design = tmp_path / "twice.json"
    design.write_text(json.dumps(data))
    assert main(["export", str(design), "--cabling", str(tmp_path / "c.csv")]) == 0
    err = capsys.readouterr().err
    assert "breaks 1 design rule" in err and "is used by 2 links" in err and (tmp_path / "c.csv").exists()
    assert main(["export", str(PROJECTS / "small-rocev2-pod.json"), "--cabling", str(tmp_path / "d.csv")]) == 0
    assert capsys.readouterr().err == ""
