"""The Resilience section of the proposal: off by default, on when asked or when the design has scenarios,
and its table holds resilience_summary's figures for the report's workload."""

from __future__ import annotations

from pypdf import PdfReader

from designer.analysis.resilience import resilience_summary
from designer.model import fileformat
from designer.model.scenarios import Scenario
from designer.report import ReportOptions, build_proposal
from designer.report.options import DEFAULT_SECTIONS
from designer.report.strings import tr
from tests.factories import PROJECTS

WORKLOAD = "permutation:64MiB"
SECTIONS = {"facts", "findings"}     # no simulation section: keeps the test fast


def _design():
    return fileformat.load(str(PROJECTS / "small-rocev2-pod.json"))


def _text(path) -> str:
    return "\n".join(page.extract_text() or "" for page in PdfReader(str(path)).pages)


def test_resilience_is_off_by_default_and_on_for_designs_with_scenarios():
    opts = ReportOptions()
    assert "resilience" not in DEFAULT_SECTIONS
    assert "resilience" not in opts.ordered_sections()
    assert "resilience" in opts.ordered_sections(has_scenarios=True)
    assert "resilience" not in ReportOptions(resilience=False).ordered_sections(has_scenarios=True)
    assert "resilience" in ReportOptions(resilience=True).ordered_sections()
    assert "resilience" in ReportOptions(sections={"resilience"}).ordered_sections()


def test_pdf_has_the_resilience_table_when_asked(tmp_path):
    doc = _design()
    out = tmp_path / "resilient.pdf"
    build_proposal(doc, str(out), options=ReportOptions(sections=SECTIONS, workloads=[WORKLOAD], resilience=True))
    text = _text(out)
    assert tr("sec_resilience") in text
    assert tr("col_throughput_loss").split()[0] in text
    rows = resilience_summary(doc, [WORKLOAD])
    spine = next(r for r in rows if r.failure_class == "spine")
    assert tr("res_class_spine") in text and spine.worst_element in text
    assert f"{spine.throughput_loss * 100:.1f} %" in text
    plain = tmp_path / "plain.pdf"
    build_proposal(doc, str(plain), options=ReportOptions(sections=SECTIONS, workloads=[WORKLOAD]))
    assert tr("sec_resilience") not in _text(plain)


def test_scenarios_turn_the_section_on_and_are_listed(tmp_path):
    doc = _design()
    doc.set_scenarios([Scenario("spine dies", [WORKLOAD], ["switch:spine-01@1ms:up=5ms"], 3)])
    out = tmp_path / "scenarios.pdf"
    build_proposal(doc, str(out), options=ReportOptions(sections=SECTIONS, workloads=[WORKLOAD]))
    text = _text(out)
    assert tr("sec_resilience") in text and tr("res_scenarios") in text
    assert "spine dies" in text and "switch:spine-01@1ms:up=5ms" in text
