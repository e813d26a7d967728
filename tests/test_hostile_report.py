"""The PDF proposal against hostile input: markup in any user text stays literal (the table of contents too),
a failed or killed write leaves the previous proposal whole, and a very long design name costs a bounded number
of text measurements."""

from __future__ import annotations

import csv
import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader
from reportlab.pdfbase import pdfmetrics

from designer.analysis.sweep.results import header
from designer.model import fileformat
from designer.report import ReportOptions, build_proposal
from designer.report.page_layout import clip_to_width
from tests.factories import RESULT, sections_without_acceptance, two_server_doc

ROOT = Path(__file__).resolve().parents[1]
EVIL = '<font size=40 color=red>INJECTED</font><a href="http://evil.example/">click</a>'


def _sweep_csv(path: Path, param: str) -> Path:
    cols = header([param])
    with path.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow(cols)
        for i, value in enumerate(("1", "2")):
            row = dict.fromkeys(cols, "")
            row.update({"point": str(i), param: value, "completion_time_s": str(0.1 * (i + 1)), "gpu_count": "16",
                        "currency": "USD"})
            writer.writerow([row[c] for c in cols])
    return path


def _links(reader: PdfReader) -> list[str]:
    uris = []
    for page in reader.pages:
        for annot in page.get("/Annots") or []:
            action = annot.get_object().get("/A")
            if action is not None and "/URI" in action:
                uris.append(str(action["/URI"]))
    return uris


def test_markup_in_a_sweep_parameter_stays_literal_in_the_contents_and_the_body(tmp_path):
    doc = two_server_doc()
    doc.set_meta(name=EVIL)
    out = tmp_path / "p.pdf"
    options = ReportOptions(customer=EVIL, author=EVIL, title=EVIL, sections=sections_without_acceptance(),
                            sweep_results=str(_sweep_csv(tmp_path / "evil.csv", EVIL)))
    build_proposal(doc, str(out), options=options, results={"ib": RESULT, "rocev2": RESULT})
    reader = PdfReader(str(out))
    assert _links(reader) == []                                 # no live link from any user text
    contents = next(p.extract_text() for p in reader.pages if "Contents" in p.extract_text())
    assert '<font size=40 color=red>INJECTED</font><a href="http://evil.example/">' in contents
    text = "\n".join(p.extract_text() for p in reader.pages)
    assert text.count("<font size=40 color=red>") >= 3          # contents, heading, cover and more, all literal


def _write_report(design: Path, out: Path, limit_bytes: int | None = None) -> subprocess.CompletedProcess:
    """`fabric-designer report` in a child process; with `limit_bytes`, no file it writes may grow beyond that
    (RLIMIT_FSIZE: a write past it fails with EFBIG, as on a full disk)."""
    def limit() -> None:
        if limit_bytes is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (limit_bytes, limit_bytes))

    return subprocess.run([sys.executable, "-m", "designer", "report", str(design), "-o", str(out),
                           "--workload", "pingpong:8B"], cwd=ROOT, capture_output=True, text=True,
                          preexec_fn=limit, env=dict(os.environ, PYTHONDONTWRITEBYTECODE="1"), timeout=240)


def test_a_full_disk_leaves_the_previous_proposal_whole(tmp_path):
    design = tmp_path / "d.json"
    fileformat.save(two_server_doc(), design)
    out = tmp_path / "report.pdf"
    before = b"%PDF-1.4 the previous proposal " * 1_000           # larger than the limit: a truncating write fails
    out.write_bytes(before)
    failed = _write_report(design, out, limit_bytes=16_384)
    assert failed.returncode == 2, failed.stderr
    assert len(failed.stderr.strip().splitlines()) == 1 and "report.pdf" in failed.stderr
    assert out.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["d.json", "report.pdf"]     # no temporary file left


@pytest.mark.parametrize("length", [2_000, 10_000])
def test_a_long_design_name_costs_a_bounded_number_of_measurements(tmp_path, monkeypatch, length):
    real = pdfmetrics.stringWidth
    long_measures = []

    def counting(text, *args, **kwargs):
        if len(text) > 1_000:
            long_measures.append(len(text))
            if len(long_measures) > 200:
                raise AssertionError("the long name is measured again and again")
        return real(text, *args, **kwargs)

    monkeypatch.setattr(pdfmetrics, "stringWidth", counting)
    doc = two_server_doc()
    doc.set_meta(name="名" * (length // 2) + "x" * (length - length // 2))
    options = ReportOptions(customer="c" * length, sections=sections_without_acceptance())
    build_proposal(doc, str(tmp_path / "p.pdf"), options=options, results={"ib": RESULT, "rocev2": RESULT})
    assert 0 < len(long_measures) <= 3 * 17                  # header, right header, footer: ~log2(10,000) each


def test_clipping_keeps_the_longest_prefix_that_fits():
    font = "Helvetica"
    text = "abcdefghij" * 50
    clipped = clip_to_width(text, font, 10, 200)
    assert clipped.endswith("…") and pdfmetrics.stringWidth(clipped, font, 10) <= 200
    longer = text[:len(clipped)] + "…"                          # one more character would not fit
    assert pdfmetrics.stringWidth(longer, font, 10) > 200
    assert clip_to_width("short", font, 10, 200) == "short"
