"""Nothing runs from a file: project and catalog loading are data only, and text from a file shows
literally wherever it is rendered (canvas tooltips, inspector, problems, PDF)."""

import re
from pathlib import Path

from pypdf import PdfReader

from designer.model import fileformat
from designer.report import ReportOptions, build_proposal
from designer.sim import api
from designer.ui.main_window import MainWindow
from tests.factories import two_server_doc

ROOT = Path(__file__).resolve().parents[1]
HOSTILE = '<b>x</b><img src="/etc/passwd">&amp; 机架'
DATA_ONLY = ["designer/model", "designer/catalog"]
CODE_FROM_DATA = re.compile(r"\b(pickle|marshal|shelve|eval|exec|(?<!re\.)compile|__import__|importlib|subprocess|"
                            r"os\.system|popen|yaml\.load|runpy)\b\s*[.(]")


def test_loading_code_has_no_way_to_run_what_a_file_says():
    offenders = []
    for folder in DATA_ONLY:
        for path in (ROOT / folder).rglob("*.py"):
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                code = line.split("#", 1)[0]
                if CODE_FROM_DATA.search(code):
                    offenders.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    assert offenders == []


def _hostile_doc():
    doc = two_server_doc()
    doc.nodes["srv-1"].label = HOSTILE
    doc.set_meta(name=HOSTILE)
    return fileformat.loads(fileformat.dumps(doc))    # as if read from a file


def test_canvas_tooltip_shows_file_text_literally(qtbot):
    window = MainWindow(_hostile_doc())
    qtbot.addWidget(window)
    tip = window.scene.node_items["srv-1"].toolTip()
    assert "&lt;img" in tip and "<img" not in tip           # a rich-text tooltip with the label escaped


def test_pdf_shows_file_text_literally(tmp_path):
    doc = _hostile_doc()
    results = api.compare(doc, ["pingpong:8B"])
    out = tmp_path / "p.pdf"
    build_proposal(doc, str(out), options=ReportOptions(customer=HOSTILE, workloads=["pingpong:8B"]),
                   results={k: v.data for k, v in results.items()})
    text = "\n".join(page.extract_text() or "" for page in PdfReader(str(out)).pages)
    assert '<img src="/etc/passwd">' in text
