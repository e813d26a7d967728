"""Validation against published measurements: the calibrated scenarios must stay within tolerance."""

from __future__ import annotations

import json

import pytest

from designer.analysis.validation import SCENARIOS, run_scenarios
from designer.analysis.validation.runner import ScenarioResult, format_table, relative_error
from designer.analysis.validation.scenarios import Scenario
from designer.cli import main

# Scenarios the model reproduces today (docs/validation.md). A change that moves one of them out of its
# tolerance breaks calibration and must fail here; the others are listed in the table with their error.
CALIBRATED = {
    "ib-write-lat-1-hop", "ib-write-lat-3-hops", "ib-extra-hop", "roce-rtt-1-hop", "roce-rtt-5-hops",
    "allreduce-2-nodes-ib", "ar-uplink-spread", "ar-recovers", "spray-effective", "moe-alltoall-share",
    "network-share", "capex-per-gpu",
}


@pytest.fixture(scope="module")
def validate_json() -> dict:
    import contextlib
    import io

    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        code = main(["validate", "--json"])
    assert code == 0
    return json.loads(buf.getvalue())


@pytest.fixture(scope="module")
def by_name(validate_json) -> dict:
    return {row["name"]: row for row in validate_json["scenarios"]}


@pytest.mark.slow
def test_json_has_every_scenario_with_the_contract_fields(validate_json):
    rows = validate_json["scenarios"]
    assert [r["name"] for r in rows] == [s.name for s in SCENARIOS]
    for row in rows:
        for key in ("name", "published", "ours", "unit", "error", "tolerance", "within_tolerance", "source"):
            assert key in row, (row["name"], key)
        assert row["source"]        # each names its publication (tests/test_references.py checks the key)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(CALIBRATED))
def test_calibrated_scenario_within_tolerance(by_name, name):
    row = by_name[name]
    assert row["ours"] is not None
    assert row["within_tolerance"], f"{name}: ours {row['ours']} vs published {row['published']} " \
                                    f"(error {row['error']:+.3f}, tolerance {row['tolerance']})"
    assert abs(row["error"]) <= row["tolerance"] + 1e-12


@pytest.mark.slow
def test_at_least_ten_within_and_the_rest_explained(by_name):
    within = [n for n, r in by_name.items() if r["within_tolerance"]]
    assert len(within) >= 10
    for name, row in by_name.items():
        if not row["within_tolerance"]:
            # an honest table says why a figure is off or cannot be expressed
            assert row["note"] and ("Off:" in row["note"] or "not " in row["note"]), name


@pytest.mark.slow
def test_ib_latency_grows_with_hops_and_rocev2_is_slower(by_name):
    assert by_name["ib-write-lat-3-hops"]["ours"] > by_name["ib-write-lat-1-hop"]["ours"]
    assert by_name["roce-rtt-5-hops"]["ours"] > by_name["roce-rtt-1-hop"]["ours"]
    assert by_name["roce-rtt-1-hop"]["ours"] / 2 > by_name["ib-write-lat-1-hop"]["ours"]


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
    assert "OFF" in text and "not expressed" in text and "0 of 2 scenarios within tolerance" in text
    md = format_table(rows, markdown=True)
    assert md.startswith("| scenario |") and "+200.0 %" in md


def test_run_scenarios_selects_by_name():
    results = run_scenarios(["ib-write-lat-1-hop"])
    assert len(results) == 1 and results[0].within_tolerance


@pytest.mark.slow
def test_the_recorded_status_cited_by_the_pdf_matches_this_run(validate_json):
    from designer.analysis.validation.status import recorded_status, status_from_run

    recorded = recorded_status()
    assert recorded is not None, "resources/validation/status.json is missing"
    fresh = status_from_run(validate_json["scenarios"])
    assert {k: recorded[k] for k in fresh} == fresh, (
        "the validation outcome changed: update resources/validation/status.json (and docs/validation.md)")
