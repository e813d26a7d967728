"""The command line against hostile text: an error is one line whatever the file's ids, labels or name hold (line
breaks, ANSI escape sequences, bidirectional overrides shown escaped), each check finding is one line, and an error
found after a design was loaded (a model the catalog lacks, no path between two servers) names the file."""

from __future__ import annotations

import json

import pytest

from designer.cli import main
from designer.model import fileformat
from tests.factories import two_server_doc

HOSTILE_ID = "cr\nhere\x1b[31mRED\x1b]0;title\x07\u202eevil"


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def _escapes_only(text: str) -> bool:
    return not any(c in text for c in "\n\r\x1b\x07\u202e")


@pytest.mark.parametrize("command", ["check", "cost", "simulate", "report", "export"])
def test_an_id_with_a_line_break_and_escape_sequences_is_echoed_on_one_line(tmp_path, capsys, command):
    data = json.loads(fileformat.dumps(two_server_doc()))
    data["links"][0]["a"]["node"] = HOSTILE_ID               # a link to a node that does not exist
    path = tmp_path / "d.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    extra = {"simulate": ["--workload", "pingpong:8B"], "report": ["-o", str(tmp_path / "p.pdf")],
             "export": ["--dot", str(tmp_path / "d.dot")]}.get(command, [])
    code, _, err = _run(capsys, command, str(path), *extra)
    assert code == 2
    line = err.rstrip("\n")
    assert "\n" not in line and _escapes_only(line)
    assert "cr\\nhere\\x1b[31mRED\\x1b]0;title\\x07\\u202eevil" in line


def test_a_file_name_with_a_line_break_is_escaped_too(tmp_path, capsys):
    code, _, err = _run(capsys, "import", str(tmp_path / "no\nsuch.graphml"), "-o", str(tmp_path / "d.json"))
    assert code == 2 and err.count("\n") == 1 and "no\\nsuch.graphml" in err


def test_every_check_finding_is_one_line(tmp_path, capsys):
    doc = two_server_doc()
    doc.nodes["srv-2"].label = "two\nlines\x1b[2J"
    data = json.loads(fileformat.dumps(doc))
    data["nodes"].append(dict(data["nodes"][-1], id="lonely\r\nserver", label="x\ny"))   # unconnected: findings
    path = tmp_path / "d.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code, out, _ = _run(capsys, "check", str(path))
    lines = out.rstrip("\n").split("\n")
    assert code in (0, 1) and len(lines) >= 2
    assert all(_escapes_only(line) for line in lines)
    assert any("lonely\\r\\nserver" in line for line in lines)


def _named_once(err: str, name: str) -> bool:
    """The command's one error line, with its prefix, naming the file once."""
    return err.count("\n") == 1 and err.startswith("fabric-designer: error: ") and err.count(name) == 1


def test_an_unknown_model_found_after_loading_names_the_file(tmp_path, capsys):
    data = json.loads(fileformat.dumps(two_server_doc()))
    data["nodes"][0]["model"] = "no-such-switch"
    path = tmp_path / "named.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    for command, extra in (("cost", []), ("simulate", ["--workload", "pingpong:8B"]),
                           ("report", ["-o", str(tmp_path / "p.pdf")])):
        code, _, err = _run(capsys, command, str(path), *extra)
        assert code == 2 and _named_once(err, "named.json") and "no-such-switch" in err, command


def test_no_path_between_servers_names_the_file(tmp_path, capsys):
    doc = two_server_doc()
    for link_id in [lid for lid, link in doc.links.items() if link.touches("srv-1")]:
        doc.remove_link(link_id)
    path = tmp_path / "cut.json"
    fileformat.save(doc, path)
    for command, extra in (("simulate", []), ("report", ["-o", str(tmp_path / "p.pdf")])):
        code, _, err = _run(capsys, command, str(path), "--workload", "permutation:1MiB", *extra)
        assert code == 2 and _named_once(err, "cut.json") and "no network path" in err, command


@pytest.mark.parametrize("argv, says", [
    (["report", "{P}", "-o", "{P}"], "written as .pdf"),
    (["report", "{P}", "-o", "{D}/proposal.txt"], "written as .pdf"),
    (["simulate", "{P}", "--workload", "allreduce:1MiB", "--timeline", "{P}"], "written as .csv"),
])
def test_an_output_never_overwrites_the_design_it_is_made_from(tmp_path, capsys, argv, says):
    """`report -o P.json P.json` and `simulate --timeline P.json P.json` wrote a PDF or a CSV over the project,
    with exit 0."""
    project = tmp_path / "design.json"
    fileformat.save(two_server_doc(), str(project))
    before = project.read_bytes()
    code, _out, err = _run(capsys, *[a.format(P=project, D=tmp_path) for a in argv])
    assert code == 2 and says in err and project.read_bytes() == before


def test_a_pdf_named_like_the_design_is_refused_too(tmp_path):
    from designer.cli.output import output_problem

    design = tmp_path / "design.pdf"
    design.write_text("{}")
    assert output_problem(str(design), str(design), ("pdf",), "proposal") is not None
    assert output_problem(str(tmp_path / "other.pdf"), str(design), ("pdf",), "proposal") is None
