"""Pipeline stages split across two sites (`pp_across_sites=on`), checked against a closed form at 10, 100 and
1,000 km, and against flat data parallelism for the bytes over the span.

Derivation. Two sites of 16 GPUs (two 8-GPU servers each) joined by ONE long-haul link of payload capacity P; tp=8,
pp=2, so dp=2 and stage 0 stands in site A, stage 1 in site B; the data-parallel groups stay inside the sites. Every
micro-batch (m = batch / (dp seq) = 8 of them) sends its activation, b = seq * hidden * 2 / tp bytes per TP rank,
across the boundary and its gradient back: dp * tp = 16 flows each way share the link, each at most
min(P / 16, window / RTT(d)) (a flow's window over the round trip: NCCL's 4 channels of 4 MiB to a peer at
400 Gb/s, designer/sim/long_haul.py).

1F1B with a boundary after stage k whose crossing takes c longer each way lengthens the step by 2 c n, with
n = max(1, ceil((m - w) / 2)) and w = p - k - 2 (designer/sim/site_pp.py derives it; the first test checks it
against a step-by-step 1F1B schedule). The engine counts the crossing's bytes exposed per micro-batch like every
stage boundary's, and its latency L(d) = 5 us/km * d (+ the fixed switch and NIC latency) 2n times:

    T_x(d) = m * b / min(P / 16, window / RTT(d)) + 2 n L(d)

Here p = 2, k = 0, w = 0, m = 8: n = 4. The link share binds at 10 and 100 km, the window at 1,000 km (16 MiB /
10 ms = 1.7 GB/s a flow, under P / 16 = 3 GB/s). The rest of the step does not change with distance, so the step
grows between two distances as T_x does. The bubble grows by what the distance adds: 2 n * 5 us/km * d.

Against flat data parallelism (pp=1, dp=4, one ring over both sites, 8 groups): its ring crosses the span twice per
group and step, 2 (dp - 1) steps of grad / dp each, grad = 2 * params / tp: 2 * 8 * 2 (dp - 1) * grad / dp = 6 GB per
step, while the pipeline sends 2 * m * b * dp * tp = 0.57 GB, about a tenth.
"""

from __future__ import annotations

import math

import pytest

from designer.cli.simulate import _cross_site_rows
from designer.i18n import render, set_language
from designer.sim.api import SimOptions, run
from designer.sim.compile import compile_fabric
from designer.sim.long_haul import connection_window_bytes
from designer.sim.site_pp import round_trips
from designer.sim.workload_spec import WorkloadError
from designer.topology import generate
from designer.topology.two_site import TwoSiteOptions, generate_two_site

PARAMS, TP, PP, DP, QPS, SEQ = 1e9, 8, 2, 2, 2, 4096
WINDOW = connection_window_bytes(400.0)
HIDDEN = 2176                       # params=1e9: hidden = 128 * round((params * 128 / 12) ** (1/3) / 128)
M = 65536 // (DP * SEQ)
B = SEQ * HIDDEN * 2 / TP
N = 4                               # max(1, ceil((M - 0) / 2))
US_PER_KM = 5e-6
DISTANCES = (10, 100, 1000)
SPEC = "train:params=1e9:tp=8:pp=2:batch=65536:qps=2:pp_across_sites=on"
FLAT = "train:params=1e9:tp=8:pp=1:batch=65536:qps=2:dp_across_sites=flat"


def _one_f_one_b_s(p: int, m: int, delay_s: list[float], tf: float = 1.0, tb: float = 2.0) -> float:
    """Makespan of a 1F1B step played out op by op (stage i: p - i - 1 warm-up forwards, then one forward and one
    backward in turn); delay_s[i]: extra time of a crossing between stage i and i + 1, each way."""
    ops = []
    for i in range(p):
        w = min(p - i - 1, m)
        ops.append([("F", j) for j in range(w)] + [x for j in range(m - w) for x in (("F", w + j), ("B", j))]
                   + [("B", j) for j in range(m - w, m)])
    end: dict[tuple[str, int, int], float] = {}
    free, at = [0.0] * p, [0] * p
    while any(at[i] < len(ops[i]) for i in range(p)):
        for i in range(p):
            while at[i] < len(ops[i]):
                kind, j = ops[i][at[i]]
                src = (kind, i - 1, j) if kind == "F" else (("B", i + 1, j) if i < p - 1 else ("F", i, j))
                if kind == "F" and i == 0:
                    ready = 0.0
                elif src not in end:
                    break
                else:
                    ready = end[src] + (delay_s[i - 1] if kind == "F" else (delay_s[i] if i < p - 1 else 0.0))
                end[(kind, i, j)] = free[i] = max(ready, free[i]) + (tf if kind == "F" else tb)
                at[i] += 1
    return max(free)


@pytest.mark.parametrize("p", [2, 4, 6, 8])
def test_the_bubble_a_slow_boundary_adds_matches_a_1f1b_schedule(p: int) -> None:
    for k in range(p - 1):
        for m in range(1, 13):
            delay = [0.0] * (p - 1)
            delay[k] = 0.7
            grown = _one_f_one_b_s(p, m, delay) - _one_f_one_b_s(p, m, [0.0] * (p - 1))
            assert grown == pytest.approx(2 * 0.7 * round_trips(p, m, k)), (k, m)


@pytest.fixture(scope="module")
def runs() -> dict:
    out: dict = {}
    for km in DISTANCES:
        doc = generate_two_site(TwoSiteOptions(gpus_per_site=16, distance_km=km, dci_links=1))
        out[km] = run(doc, [SPEC], SimOptions(rate_model="maxmin", ideal_pass=False)).data
        if km == 100:
            out["flat_data"] = run(doc, [FLAT], SimOptions(rate_model="maxmin", ideal_pass=False)).data
            out["flat"] = out["flat_data"]["workloads"][0]
            out["doc"] = doc
    fab = compile_fabric(out["doc"])
    out["P"] = float(fab.port_payload_Bps[2 * fab.link_ids.index("lh1")])
    return out


def _cross_s(km: float, P: float) -> float:
    rate = min(P / (DP * TP), WINDOW / (2 * US_PER_KM * km))
    return M * B / rate + 2 * N * US_PER_KM * km


@pytest.mark.parametrize("far", [100, 1000])
def test_step_time_grows_with_distance_as_the_closed_form_says(runs: dict, far: int) -> None:
    near, wide, P = runs[10]["workloads"][0], runs[far]["workloads"][0], runs["P"]
    assert wide["step_time_s"] - near["step_time_s"] == pytest.approx(_cross_s(far, P) - _cross_s(10, P), rel=0.02)
    assert wide["cross_site_s"] == pytest.approx(_cross_s(far, runs["P"]), rel=0.02)


def test_a_deeper_pipeline_pays_fewer_round_trips_than_micro_batches() -> None:
    """pp=8, tp=4, dp=1: the boundary after stage k=3 crosses, w = 8 - 3 - 2 = 3 warm-up forwards, m = 16 micro-
    batches: n = ceil(13 / 2) = 7, so 14 crossings rather than one a micro-batch; 4 flows each way,
    b = seq * hidden * 2 / 4."""
    spec = "train:params=1e9:tp=4:pp=8:batch=65536:qps=2:pp_across_sites=on"
    steps = {}
    for km in (10, 1000):
        doc = generate_two_site(TwoSiteOptions(gpus_per_site=16, distance_km=km, dci_links=1))
        steps[km] = run(doc, [spec], SimOptions(rate_model="maxmin", ideal_pass=False)).data["workloads"][0]
    fab = compile_fabric(doc)
    P, m, b, trips = float(fab.port_payload_Bps[2 * fab.link_ids.index("lh1")]), 16, SEQ * HIDDEN * 2 / 4, 14
    assert steps[1000]["pp_round_trips"] == trips

    def cross_s(km: float) -> float:
        return m * b / min(P / 4, WINDOW / (2 * US_PER_KM * km)) + trips * US_PER_KM * km

    grown = steps[1000]["step_time_s"] - steps[10]["step_time_s"]
    assert grown == pytest.approx(cross_s(1000) - cross_s(10), rel=0.02)


def test_the_bubble_grows_by_what_the_distance_adds_and_only_the_boundary_crosses(runs: dict) -> None:
    for km in DISTANCES:
        w = runs[km]["workloads"][0]
        assert (w["pp"], w["dp"], w["micro_batches"], w["pp_round_trips"]) == (PP, DP, M, 2 * N)
        # the span's propagation, and the latency of the equipment it enters (a few microseconds)
        assert 2 * N * US_PER_KM * km < w["pp_distance_s"] < 2 * N * (US_PER_KM * km + 10e-6)
        assert w["bubble_s"] == pytest.approx(w["compute_s"] * (PP - 1) / M + w["pp_distance_s"])
        assert w["cross_site_bytes"] == pytest.approx(2 * M * B * DP * TP)
        grad = PARAMS * 2 / (TP * PP)           # the data-parallel rings stay inside the sites
        assert w["inside_site_bytes"] == pytest.approx(PP * TP * 2 * (DP - 1) * grad)
    far, near = runs[1000]["workloads"][0], runs[10]["workloads"][0]
    assert far["pp_distance_s"] - near["pp_distance_s"] == pytest.approx(2 * N * US_PER_KM * 990)


def test_the_pipeline_sends_far_fewer_bytes_over_the_span_than_flat_data_parallelism(runs: dict) -> None:
    flat, pipe = runs["flat"], runs[100]["workloads"][0]
    dp = 4
    grad = 2 * PARAMS / TP
    assert flat["cross_site_bytes"] == pytest.approx(2 * TP * 2 * (dp - 1) * grad / dp)
    assert pipe["cross_site_bytes"] <= flat["cross_site_bytes"] / 8
    assert pipe["step_time_s"] < flat["step_time_s"]


def test_cli_rows_say_what_the_distance_adds_in_english_and_chinese(runs: dict) -> None:
    try:
        en = dict(_cross_site_rows(runs[1000]))
        set_language("zh")
        zh = dict(_cross_site_rows(runs[1000]))
    finally:
        set_language("en")
    assert "the distance adds 40.0 ms to the pipeline bubble (8 crossings" in en["cli.sim.pp_distance"]
    assert "距离使流水线气泡增加 40.0 毫秒" in zh["cli.sim.pp_distance"]
    assert render("cli.sim.pp_distance") == "pipeline across sites"


def test_pp_across_sites_is_refused_where_it_cannot_hold(runs: dict) -> None:
    one_site = generate("leaf-spine", gpus=16, backend="rocev2", frontend=False)
    with pytest.raises(WorkloadError, match="the job.s GPUs stand in one site"):
        run(one_site, ["train:params=1e9:tp=8:pp=2:pp_across_sites=on"])
    with pytest.raises(WorkloadError, match="not pp=1"):
        run(runs["doc"], ["train:params=1e9:tp=8:pp=1:pp_across_sites=on"])
    with pytest.raises(WorkloadError, match="half of the pipeline stages in each of two sites"):
        run(runs["doc"], ["train:params=1e9:tp=8:pp=3:gpus=24:pp_across_sites=on"])


def test_off_keeps_each_pipeline_in_a_site_and_data_parallelism_crosses(runs: dict) -> None:
    w = run(runs["doc"], ["train:params=1e9:tp=8:pp=2:batch=65536:pp_across_sites=off:dp_across_sites=hier"],
            SimOptions(rate_model="maxmin", ideal_pass=False)).data["workloads"][0]
    assert w.get("pp_distance_s") is None and w["dp_across_sites"] == "hier"
    grad = PARAMS * 2 / (TP * PP)             # each replica's shard crosses once each way
    assert w["cross_site_bytes"] == pytest.approx(2 * PP * TP * grad)
    assert math.isfinite(w["step_time_s"])


def test_run_panel_rows_show_the_bytes_across_and_the_bubble_the_distance_adds(runs: dict, qapp) -> None:
    from designer.ui.run_controller import figures_text

    text = figures_text(runs[1000])
    assert "Bytes inside / across sites" in text and "4.0 / 0.6 GB" in text
    w = runs[1000]["workloads"][0]
    assert "Pipeline bubble added by the distance" in text and f"{w['pp_distance_s'] * 1e3:.4g} ms" in text
    assert "Pipeline bubble" not in figures_text(runs["flat_data"])
