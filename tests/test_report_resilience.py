"""The Resilience section of the proposal: part of the whole story unless left out, its table holds
resilience_summary's figures for the report's workload beside the healthy run, and the design's scenarios are
listed in words, each run healthy and as scheduled."""

from __future__ import annotations

import re

from pypdf import PdfReader

from designer.analysis.resilience import resilience_summary
from designer.i18n import number_format as nf
from designer.model import fileformat
from designer.model.scenarios import Scenario
from designer.report import ReportOptions, build_proposal
from designer.report.options import DEFAULT_SECTIONS
from designer.report.strings import tr
from tests.factories import PROJECTS

WORKLOAD = "permutation:64MiB"
SECTIONS = {"facts", "findings", "resilience"}     # no simulation section: keeps the test fast


def _design():
    return fileformat.load(str(PROJECTS / "small-rocev2-pod.json"))


def _text(path) -> str:
    return re.sub(r"\s+", " ", "\n".join(page.extract_text() or "" for page in PdfReader(str(path)).pages))


def test_resilience_is_in_the_story_unless_left_out():
    assert "resilience" in DEFAULT_SECTIONS
    assert "resilience" in ReportOptions().ordered_sections()
    assert "resilience" not in ReportOptions(resilience=False).ordered_sections()
    assert "resilience" in ReportOptions(sections={"cost"}, resilience=True).ordered_sections()


def test_pdf_has_the_resilience_table_beside_the_healthy_run(tmp_path):
    doc = _design()
    out = tmp_path / "resilient.pdf"
    build_proposal(doc, str(out), options=ReportOptions(sections=SECTIONS, workloads=[WORKLOAD]))
    text = _text(out)
    assert tr("sec_resilience") in text and tr("col_healthy") in text
    rows = resilience_summary(doc, [WORKLOAD])
    spine = next(r for r in rows if r.failure_class == "spine")
    assert tr("res_class_spine") in text and doc.nodes[spine.worst_element].display_name in text
    assert f"{spine.throughput_loss * 100:.1f} %" in text
    assert nf.seconds(spine.healthy_time_s) in text and nf.seconds(spine.completion_time_s) in text
    link = next(r for r in rows if r.worst_element in doc.links)      # a cable by the devices it joins, not its id
    a, b = (doc.nodes[e.node].display_name for e in (doc.links[link.worst_element].a, doc.links[link.worst_element].b))
    assert f"link {a} – {b}" in text and f"link {link.worst_element}" not in text
    plain = tmp_path / "plain.pdf"
    build_proposal(doc, str(plain), options=ReportOptions(sections=SECTIONS, workloads=[WORKLOAD], resilience=False))
    assert tr("sec_resilience") not in _text(plain)


def test_scenarios_are_listed_in_words_and_run_both_ways(tmp_path):
    doc = _design()
    doc.set_scenarios([Scenario("spine dies", [WORKLOAD], ["switch:spine-01@1ms:up=5ms"], 3)])
    out = tmp_path / "scenarios.pdf"
    build_proposal(doc, str(out), options=ReportOptions(sections=SECTIONS, workloads=[WORKLOAD]))
    text = _text(out)
    assert tr("sec_resilience") in text and tr("res_scenarios") in text
    assert "spine dies" in text and "switch:spine-01@1ms" not in text
    assert f"{doc.nodes['spine-01'].display_name} fails at 1.00 ms, back at 5.00 ms" in text
