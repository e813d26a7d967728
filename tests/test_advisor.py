"""The protocol advisor: every candidate's figures equal a direct simulate and cost of its written design;
the ranking follows budget, latency priority and existing Ethernet; bad input is one line."""

from __future__ import annotations

import json
import threading

import pytest

from designer.analysis.advisor import AdviceCancelled, Preferences, advise, score_candidates
from designer.analysis.advisor.candidates import CandidateSpec, headline_figures
from designer.cli import main
from designer.cli.advise import write_advice
from designer.model.fileformat import load
from designer.sim import SimOptions, run
from designer.topology.cost import cost_report

WORKLOAD = ["allreduce:64MiB"]


def _without_wall(result: dict) -> dict:
    return {k: v for k, v in result.items() if k != "sim_wall_time_s"}


@pytest.fixture(scope="module")
def advice_256():
    return advise(256, WORKLOAD, Preferences(), seed=3)


def test_all_candidates_are_built_and_ranked(advice_256):
    ids = {c.id for c in advice_256.candidates.values()}
    assert len(ids) == 8
    assert {c.spec.backend for c in advice_256.candidates.values()} == {"ib", "rocev2", "hybrid"}
    assert {c.spec.kind for c in advice_256.candidates.values()} == {"fat-tree", "rail-optimized"}
    assert {c.spec.oversubscription for c in advice_256.candidates.values()} == {1.0, 2.0}
    assert [s.id for s in advice_256.ranking] and len(advice_256.ranking) == 8
    scores = [s.score for s in advice_256.ranking]
    assert scores == sorted(scores)
    assert advice_256.ranking[0].score == pytest.approx(0.0, abs=1.0)
    assert advice_256.reasons and advice_256.protocol.reasons


def test_written_candidates_match_direct_simulate_and_cost(advice_256, tmp_path):
    written = write_advice(advice_256, tmp_path)
    assert (tmp_path / "advice.pdf").read_bytes()[:4] == b"%PDF"
    data = json.loads((tmp_path / "advice.json").read_text())
    assert data["recommended"] == advice_256.recommended.id
    assert len(written) == 10
    for row in data["candidates"]:
        c = advice_256.candidates[row["id"]]
        doc = load(tmp_path / row["file"])
        direct = run(doc, WORKLOAD, SimOptions(seed=3)).to_dict()
        assert _without_wall(direct) == _without_wall(c.result), row["id"]
        cost = cost_report(doc, currency="USD").to_dict()
        assert cost == c.cost, row["id"]
        assert headline_figures(direct, cost) == c.figures
        assert row["time_s"] == c.figures["time_s"] and row["capex"] == c.figures["capex"]


def test_cli_simulate_of_a_written_candidate_equals_its_figures(advice_256, tmp_path, capsys):
    write_advice(advice_256, tmp_path)
    best = advice_256.recommended
    path = str(tmp_path / f"{best.id}.fabric.json")
    assert main(["simulate", path, "--workload", WORKLOAD[0], "--seed", "3", "--json"]) == 0
    sim = json.loads(capsys.readouterr().out)
    assert _without_wall(sim) == _without_wall(best.result)
    assert main(["cost", path, "--json"]) == 0
    cost = json.loads(capsys.readouterr().out)
    assert cost["capex"] == best.figures["capex"] and cost["tco"] == best.figures["tco"]


@pytest.mark.slow
def test_4096_gpus_builds_all_candidates_three_tier_ib():
    advice = advise(4096, ["allreduce:16MiB"], Preferences(), seed=1)
    assert len(advice.candidates) == 8
    kinds = {c.id: c.kind for c in advice.candidates.values()}
    # 64-port NDR IB holds 2,048 GPUs in two tiers at 1:1: the IB fat tree grows a third tier
    assert kinds["ib-fat-tree-1to1"] == "fat-tree-3"
    for cid in ("ib-fat-tree-1to1",):
        c = advice.candidates[cid]
        assert c.doc.gpu_count() == 4096
        direct = run(c.doc, ["allreduce:16MiB"], SimOptions(seed=1)).to_dict()
        assert _without_wall(direct) == _without_wall(c.result)
        assert cost_report(c.doc, currency="USD").to_dict() == c.cost


def test_budget_moves_the_recommendation(advice_256):
    figures = {cid: c.figures for cid, c in advice_256.candidates.items()}
    protocols = {cid: c.protocol for cid, c in advice_256.candidates.items()}
    free = score_candidates(figures, protocols, Preferences())[0]
    cheapest = min(figures, key=lambda cid: figures[cid]["capex"])
    assert free.id != cheapest, "the crafted case needs a first choice that is not the cheapest"
    tight = score_candidates(figures, protocols, Preferences(budget=figures[cheapest]["capex"]))
    assert tight[0].id == cheapest and tight[0].within_budget
    assert all(s.within_budget is False for s in tight[1:] if figures[s.id]["capex"] > figures[cheapest]["capex"])
    none = score_candidates(figures, protocols, Preferences(budget=1.0))
    assert none[0].id == free.id and not any(s.within_budget for s in none)


def _crafted(a: dict, b: dict) -> dict:
    base = {"time_s": 1.0, "tco": 100.0, "capex": 70.0, "p99_latency_us": 5.0}
    return {"A": {**base, **a}, "B": {**base, **b}}


def test_latency_sensitivity_prefers_the_lower_tail():
    # A: 10 % faster and 10 % cheaper, but its p99 is 2.5x that of B
    figs = _crafted({"time_s": 0.9, "tco": 90.0, "p99_latency_us": 10.0}, {"p99_latency_us": 4.0})
    protocols = {"A": "rocev2", "B": "ib"}
    assert score_candidates(figs, protocols, Preferences())[0].id == "A"
    assert score_candidates(figs, protocols, Preferences(latency_sensitive=True))[0].id == "B"


def test_existing_ethernet_breaks_a_near_tie_against_ib():
    figs = _crafted({"time_s": 0.98}, {"tco": 99.0})
    protocols = {"A": "ib", "B": "rocev2"}
    assert score_candidates(figs, protocols, Preferences())[0].id == "A"
    assert score_candidates(figs, protocols, Preferences(existing_ethernet=True))[0].id == "B"


def test_reasons_state_the_budget(advice_256):
    cheapest = min(c.figures["capex"] for c in advice_256.candidates.values())
    tight = advise(256, WORKLOAD, Preferences(budget=cheapest), seed=3,
                   specs=[CandidateSpec("fat-tree", "ib", 1.0), CandidateSpec("fat-tree", "rocev2", 2.0)])
    assert any("fit the budget" in r for r in tight.reasons)
    broke = advise(256, WORKLOAD, Preferences(budget=1000.0), seed=3, specs=[CandidateSpec("fat-tree", "ib", 1.0)])
    assert any("No candidate fits the budget" in r for r in broke.reasons)


def test_cny_prices_the_candidates_in_yuan():
    spec = [CandidateSpec("fat-tree", "rocev2", 1.0)]
    usd = advise(64, WORKLOAD, Preferences(currency="USD"), specs=spec).recommended.figures
    cny = advise(64, WORKLOAD, Preferences(currency="CNY"), specs=spec).recommended.figures
    assert cny["currency"] == "CNY" and cny["capex"] > 5 * usd["capex"]
    assert cny["time_s"] == usd["time_s"]


def test_cancel_stops_between_candidates():
    cancel = threading.Event()
    seen = []

    def progress(done: int, total: int, label: str) -> None:
        seen.append(done)
        if done == 1:
            cancel.set()

    with pytest.raises(AdviceCancelled):
        advise(64, WORKLOAD, progress=progress, cancel=cancel)
    assert seen == [0, 1]


@pytest.mark.parametrize("argv, words", [
    (["advise", "--gpus", "100"], "multiple of 8"),
    (["advise", "--gpus", "64", "--workload", "allreduce:lots"], "allreduce"),
    (["advise", "--gpus", "64", "--budget", "-5"], "budget"),
])
def test_bad_input_is_one_line(argv, words, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("fabric-designer: error:") and "\n" not in err and words in err


def test_cli_prints_the_ranked_table(capsys):
    assert main(["advise", "--gpus", "64", "--workload", "allreduce:16MiB", "--latency-sensitive"]) == 0
    out = capsys.readouterr().out
    assert "Recommended:" in out and out.count("fat tree") >= 6 and "--latency-sensitive" in out
