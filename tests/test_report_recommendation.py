"""The protocol recommendation follows the design's numbers: scale, workloads, simulated figures, cost, operations."""

from __future__ import annotations

from designer.analysis.recommendation import is_latency_sensitive, recommend, switch_port_cost_usd
from designer.catalog.loader import load_catalog
from tests.factories import compare_results, make_design


def test_latency_sensitive_workloads_and_a_faster_ib_simulation_recommend_ib():
    doc = make_design(hybrid=False)
    rec = recommend(doc, results=compare_results(0.010, 0.020), workloads=["alltoall:64KiB", "pingpong:8B"],
                    catalog=load_catalog())
    assert rec.choice == "ib"
    keys = [r.key for r in rec.reasons]
    assert "latency_sensitive" in keys and "sim_ib_faster" in keys
    assert "50 % sooner on InfiniBand" in next(r.text() for r in rec.reasons if r.key == "sim_ib_faster")


def test_parity_and_a_cheaper_ethernet_recommend_rocev2_with_this_designs_numbers():
    doc = make_design(hybrid=False)
    cat = load_catalog()
    rec = recommend(doc, results=compare_results(0.010, 0.0104), workloads=["allreduce:1GiB"], catalog=cat)
    assert rec.choice == "rocev2"
    cost = next(r for r in rec.reasons if r.key in ("cost_premium", "cost_close"))
    ports = cost.values["ports"]
    # the switch-port count is this design's: 2 leaves x (32 down + 32 up) + 2 spines x 32
    assert ports == "192"
    assert cost.values["ib_cost"] == f"${switch_port_cost_usd(cat, 'ib', 400) * 192:,.0f}"


def test_balanced_hybrid_is_kept_as_drawn_and_a_clear_winner_overrides_it():
    doc = make_design(hybrid=True)
    balanced = recommend(doc, workloads=["alltoall:64MiB"], catalog=load_catalog())
    assert balanced.choice == "hybrid"
    assert balanced.reasons[-1].key == "hybrid_as_drawn"
    decisive = recommend(doc, results=compare_results(0.010, 0.030), workloads=["pingpong:8B"],
                         catalog=load_catalog())
    assert decisive.choice == "ib"


def test_latency_sensitivity_of_workload_specs():
    assert is_latency_sensitive("pingpong:8B")
    assert is_latency_sensitive("allreduce:64KiB")
    assert not is_latency_sensitive("allreduce:256MiB:algo=ring")
    assert not is_latency_sensitive("train:70b:dp=8")


def test_a_clearly_slower_rocev2_simulation_outweighs_cost_scale_and_operations():
    # small, bandwidth-bound, cheaper Ethernet, an Ethernet front-end: every general argument favours RoCEv2,
    # but the simulation of this very design says RoCEv2 takes twice as long — the measured gap must win
    doc = make_design(hybrid=False)
    rec = recommend(doc, results=compare_results(0.010, 0.020), workloads=["allreduce:1GiB"], catalog=load_catalog())
    keys = [r.key for r in rec.reasons]
    assert {"bandwidth_bound", "sim_ib_faster"} <= set(keys)
    assert rec.choice == "ib"
    assert "qps=16" in next(r.text() for r in rec.reasons if r.key == "sim_ib_faster")
    # a small gap (inside 10 %) does not
    close = recommend(doc, results=compare_results(0.010, 0.0105), workloads=["allreduce:1GiB"],
                      catalog=load_catalog())
    assert close.choice == "rocev2"


def test_every_reason_reads_in_chinese_with_the_same_figures():
    from designer.analysis.recommendation import REASON_TEXT, REASON_TEXT_ZH

    assert set(REASON_TEXT_ZH) == set(REASON_TEXT)
    doc = make_design(hybrid=False)
    rec = recommend(doc, results=compare_results(0.010, 0.020), workloads=["allreduce:1GiB"], catalog=load_catalog())
    for reason in rec.reasons:
        zh = reason.text("zh_CN")
        assert zh != reason.text() and any("\u4e00" <= c <= "\u9fff" for c in zh)
    faster = next(r for r in rec.reasons if r.key == "sim_ib_faster")
    assert "50%" in faster.text("zh_CN") and "qps=16" in faster.text("zh_CN")


def test_chinese_cost_reason_writes_us_dollars_and_percent_without_space():
    doc = make_design(hybrid=False)
    rec = recommend(doc, workloads=["allreduce:1GiB"], catalog=load_catalog())
    cost = next(r for r in rec.reasons if r.key in ("cost_premium", "cost_close"))
    assert "US$" in cost.text("zh_CN") and "$" in cost.text() and "US$" not in cost.text()
    assert " %" not in cost.text("zh_CN")
