"""Validation against published measurements, without running the whole table (that is `fabric-designer validate`,
whose outcome is recorded in resources/validation/status.json): the cheap scenarios are re-run here and must
reproduce the record, every calibrated one among them must hold its tolerance, and the record itself must cover
every scenario with at least ten independent ones within tolerance."""

from __future__ import annotations

import pytest

from designer.analysis.validation import SCENARIOS, run_scenarios
from designer.analysis.validation.runner import ScenarioResult, format_table, relative_error
from designer.analysis.validation.scenarios import CALIBRATED, INDEPENDENT, Scenario
from designer.analysis.validation.status import recorded_status, status_from_run

# Scenarios that take well under a second each once the engine is compiled: every calibrated one (a calibrated
# scenario reproduces a figure one of the engine's parameters was set from, so drifting out of its tolerance means
# the calibration broke) and independent ones from each area (latency, closed forms, load balancing, collectives).
CHEAP = ("ib-write-lat-1-hop", "ib-write-lat-3-hops", "roce-rtt-1-hop", "roce-rtt-5-hops", "incast-time",
         "incast-p99", "ecmp-busy-uplinks", "allreduce-2-nodes-ib", "capex-per-gpu", "network-share")


@pytest.fixture(scope="module")
def record() -> dict:
    status = recorded_status()
    assert status is not None, "resources/validation/status.json is missing"
    return status


@pytest.fixture(scope="module")
def fresh() -> dict[str, ScenarioResult]:
    return {r.scenario.name: r for r in run_scenarios(list(CHEAP))}


def test_every_scenario_has_a_basis_a_source_and_a_reason_when_off(record):
    for s in SCENARIOS:
        assert s.basis in (INDEPENDENT, CALIBRATED) and s.source, s.name
    recorded = {r["name"]: r for r in record["rows"]}
    for s in SCENARIOS:
        if not recorded[s.name]["within_tolerance"]:
            # an honest table says why a figure is off or cannot be expressed
            assert s.note and ("Off:" in s.note or "not " in s.note), s.name


def test_the_record_covers_every_scenario_and_ten_independent_ones_hold(record):
    rows = record["rows"]
    assert [(r["name"], r["basis"]) for r in rows] == [(s.name, s.basis) for s in SCENARIOS], (
        "scenarios changed: run `fabric-designer validate --json` and record it (docs/validation.md)")
    summary = status_from_run(rows)
    assert {k: record[k] for k in summary} == summary
    assert record["within_tolerance"] >= 10, record["within"]


def test_the_cheap_scenarios_reproduce_the_record(record, fresh):
    assert all(name in [s.name for s in SCENARIOS] for name in CHEAP)
    recorded = {r["name"]: r for r in record["rows"]}
    for name, result in fresh.items():
        assert result.ours == pytest.approx(recorded[name]["ours"], rel=1e-6), name
        assert result.within_tolerance == recorded[name]["within_tolerance"], name


def test_every_calibrated_scenario_is_cheap_and_within_its_tolerance(fresh):
    calibrated = [s.name for s in SCENARIOS if s.basis == CALIBRATED]
    assert set(calibrated) <= set(CHEAP)
    for name in calibrated:
        r = fresh[name]
        assert r.within_tolerance, f"{name}: ours {r.ours} vs published {r.scenario.published} (error {r.error:+.3f})"


def test_ib_latency_grows_with_hops_and_rocev2_is_slower(fresh):
    assert fresh["ib-write-lat-3-hops"].ours > fresh["ib-write-lat-1-hop"].ours
    assert fresh["roce-rtt-5-hops"].ours > fresh["roce-rtt-1-hop"].ours
    assert fresh["roce-rtt-1-hop"].ours / 2 > fresh["ib-write-lat-1-hop"].ours


def test_relative_error_for_values_and_bands():
    point = Scenario("p", "f", "us", "s", None, published=2.0, tolerance=0.1)
    band = Scenario("b", "f", "us", "s", None, band=(10.0, 20.0), tolerance=0.0)
    assert relative_error(point, 2.2) == pytest.approx(0.1)
    assert relative_error(band, 15.0) == 0.0
    assert relative_error(band, 8.0) == pytest.approx(-0.2)
    assert relative_error(band, 25.0) == pytest.approx(0.25)


def test_table_marks_unexpressed_and_off_rows():
    s_off = Scenario("x-off", "f", "%", "src", lambda: 3.0, published=1.0, tolerance=0.1)
    s_none = Scenario("x-none", "f", "%", "src", None, published=1.0)
    rows = [ScenarioResult(s_off, 3.0, 2.0, False, 0.0), ScenarioResult(s_none, None, None, False, 0.0)]
    text = format_table(rows)
    assert "OFF" in text and "not expressed" in text and "0 of 2 independent scenarios within tolerance" in text
    md = format_table(rows, markdown=True)
    assert md.startswith("| scenario |") and "+200.0 %" in md


def test_run_scenarios_selects_by_name(fresh):
    assert list(fresh) == [s.name for s in SCENARIOS if s.name in CHEAP]
