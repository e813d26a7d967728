"""Which run a proposal's figures come from: the headline is always a healthy run of the design as drawn; a run with
failures (handed in, or saved with the design by the window) is never the headline; the comparison is there
whenever it was asked for, and gone when it was not."""

from __future__ import annotations

import re

import pytest

from designer.i18n import number_format as nf
from designer.model.scenarios import Scenario
from designer.report import ReportOptions, build_proposal
from designer.report.results_source import has_failures
from designer.report.strings import tr
from designer.sim import SimOptions, run
from tests.factories import compare_results, make_design
from tests.pdf_pages import body_text

WORKLOAD = "allreduce:64MiB"
FAILED_TIME_S = 123.456          # an unmistakable figure for the failure run


def failure_run() -> dict:
    r = compare_results(FAILED_TIME_S, FAILED_TIME_S)["ib"]
    r["busbw_gbps"] = 3.21
    r["failures"] = [{"spec": "switch:spine1@0s", "label": "switch:spine1"}]
    r["workloads"] = [{"spec": WORKLOAD}]
    return r


def flat(text: str) -> str:
    return re.sub(r"\s+", " ", text)


@pytest.fixture(scope="module")
def doc():
    return make_design(hybrid=False)


@pytest.fixture(scope="module")
def healthy(doc) -> dict:
    return run(doc, [WORKLOAD], SimOptions(seed=1)).to_dict()


def test_a_failure_run_handed_in_goes_to_resilience_not_the_headline(doc, healthy, tmp_path):
    out = tmp_path / "p.pdf"
    assert has_failures(failure_run())
    ctx = build_proposal(doc, str(out), results=failure_run(), options=ReportOptions(
        workloads=[WORKLOAD], sections={"summary", "simulation", "resilience"}, compare=False))
    assert ctx.runs.what_if and ctx.runs.drawn["completion_time_s"] == pytest.approx(healthy["completion_time_s"])
    text = flat(body_text(out))
    summary = text[:text.index("Performance")]
    assert nf.seconds(FAILED_TIME_S) not in summary and "3.21 Gb/s" not in summary
    assert nf.gbps(healthy["busbw_gbps"]) in summary
    resilience = text[text.index("Resilience"):]
    assert nf.seconds(FAILED_TIME_S) in resilience                      # the what-if run, titled as such
    assert nf.seconds(healthy["completion_time_s"]) in resilience       # with the healthy figure beside it
    assert "Spine 1 fails at the start" in resilience


def test_results_saved_by_the_window_are_simulated_again_without_failures(doc, healthy, tmp_path, monkeypatch):
    from designer.sim.run_summary import summarise_run

    saved = summarise_run({**failure_run(), "completion_time_s": FAILED_TIME_S}, [WORKLOAD], 1, None)
    dup = doc.copy()
    dup.results = saved
    out = tmp_path / "saved.pdf"
    ctx = build_proposal(dup, str(out), options=ReportOptions(sections={"summary", "simulation"}, compare=False))
    assert ctx.runs.workloads == [WORKLOAD]
    assert ctx.runs.drawn["completion_time_s"] == pytest.approx(healthy["completion_time_s"])
    text = flat(body_text(out))
    assert nf.seconds(FAILED_TIME_S) not in text and "3.21 Gb/s" not in text
    assert "again and without failures" in text


def test_saved_scenarios_run_both_ways_in_the_resilience_section(doc, tmp_path):
    dup = doc.copy()
    dup.scenarios = [Scenario("Spine dies", [WORKLOAD], ["switch:spine1@0s"], seed=1)]
    out = tmp_path / "scen.pdf"
    ctx = build_proposal(dup, str(out), results=compare_results(), options=ReportOptions(
        workloads=[WORKLOAD], sections={"resilience"}))
    (sr,) = ctx.resilience.scenarios
    assert sr.failed_time_s > sr.healthy_time_s > 0
    text = flat(body_text(out))
    assert "Spine dies" in text and nf.seconds(sr.healthy_time_s) in text and nf.seconds(sr.failed_time_s) in text
    assert all(r.healthy_time_s > 0 for r in ctx.resilience.rows)


def test_the_comparison_is_there_when_asked_and_gone_when_not(doc, tmp_path):
    asked = tmp_path / "asked.pdf"
    ctx = build_proposal(doc, str(asked), options=ReportOptions(workloads=[WORKLOAD],
                                                                sections={"recommendation", "simulation", "cost"}))
    assert set(ctx.runs.compared) == {"ib", "rocev2"}
    text = flat(body_text(asked))
    assert "The InfiniBand and RoCEv2 options" in text and "Cost of each option" in text
    assert "InfiniBand back-end" in text and "RoCEv2 back-end" in text
    for proto in ("ib", "rocev2"):                      # the side-by-side table holds each run's own figures
        assert nf.seconds(ctx.runs.compared[proto]["completion_time_s"]) in text
    skipped = tmp_path / "skipped.pdf"
    ctx = build_proposal(doc, str(skipped), options=ReportOptions(workloads=[WORKLOAD], compare=False,
                                                                  sections={"recommendation", "simulation", "cost"}))
    assert ctx.runs.compared == {} and len(ctx.recommendation.options) == 1
    text = flat(body_text(skipped))
    assert "The InfiniBand and RoCEv2 options" not in text and "Cost of each option" not in text


@pytest.mark.parametrize(("presets", "keys"), [
    ({"ib": "recommended", "rocev2": "recommended"}, ["scope_settings_recommended", "sim_compare_recommended"]),
    ({"ib": None, "rocev2": None}, ["scope_settings_stored", "sim_compare_stored"]),
    ({"ib": "recommended", "rocev2": "plain"}, []),
])
def test_the_settings_stated_are_those_each_run_reports(doc, tmp_path, presets, keys):
    results = compare_results()
    for proto, name in presets.items():
        results[proto]["preset"] = name
    out = tmp_path / "settings.pdf"
    ctx = build_proposal(doc, str(out), results=results, options=ReportOptions(
        workloads=[WORKLOAD], sections={"scope", "recommendation", "simulation"}))
    text = flat(body_text(out))
    for key in keys:
        assert tr(key, "en") in text
    if not keys:                             # each protocol with its own settings, in the scope and both sections
        mixed = tr("settings_each", "en", list="; ".join(
            tr("settings_of", "en", protocol=p, settings=tr(f"settings_{n}", "en"))
            for p, n in (("InfiniBand", "recommended"), ("RoCEv2", "plain"))))
        assert text.count(mixed) == 3
    by_protocol = {o.protocol: o.preset for o in ctx.recommendation.options}
    assert by_protocol == presets                              # the recommendation (and its JSON) say the same
