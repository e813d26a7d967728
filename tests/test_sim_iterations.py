"""Training over many steps (time to train in days, step jitter) and inference at a latency target.

Closed cases: days = ceil(tokens / batch) steps x the mean step time; a straggler's expected delay is compute x
sigma x E[max of n standard normals]; an inference replica is an M/D/1 queue whose waiting time follows Erlang's
formula, so the highest request rate meeting a p99 target can be computed by hand."""

from __future__ import annotations

import copy
import math

import numpy as np
import pytest
from scipy import integrate, optimize, stats

from designer.sim import SimOptions, run
from designer.sim.iterations import straggler_delays_s
from designer.sim.workload_spec import WorkloadError, parse_workload
from designer.topology import generate


@pytest.fixture(scope="module")
def ib16():
    return generate("leaf-spine", gpus=16, backend="ib", frontend=True)


def test_days_are_the_steps_of_the_batch_times_the_mean_step(ib16):
    tokens = 1e9
    w = run(ib16, [f"train:7b:tokens={tokens:.0f}:iters=2"], SimOptions(ideal_pass=False)).data["workloads"][0]
    # 16 GPUs, TP8 PP1 -> DP2; the default batch of 2^22 tokens is 512 micro-batches of 4,096 tokens per replica
    assert w["dp"] == 2 and w["batch_tokens"] == 2**22
    assert w["steps"] == math.ceil(tokens / 2**22) == 239
    assert w["mean_step_time_s"] == pytest.approx(w["step_time_s"], rel=1e-12)   # one leaf: every step alike
    assert w["train_days"] == pytest.approx(239 * w["mean_step_time_s"] / 86_400, rel=1e-12)
    assert w["jitter"]["step_cv"] == 0.0 and w["jitter"]["iterations"] == 2


def test_tokens_take_suffixes_and_batch_is_the_step():
    w = parse_workload("train:70b:tokens=1.5T:batch=2M")
    assert w.opt("tokens") == 1.5e12 and w.opt("batch") == 2e6
    for bad, says in (("train:7b:tokens=abc", "not a number"), ("train:7b:straggler=0.7", "between 0 and 0.5"),
                      ("allreduce:1GiB:tokens=1B", "tokens")):
        with pytest.raises(WorkloadError, match=says):
            parse_workload(bad)


def test_straggler_delay_follows_the_extreme_value_of_normal_draws():
    n, sigma, compute = 16, 0.02, 3.0
    delays = straggler_delays_s(compute, n, sigma, 20_000, (1, 0))
    # E[max of n standard normals] = integral of x n phi(x) Phi(x)^(n-1)
    e_max, _ = integrate.quad(lambda x: x * n * stats.norm.pdf(x) * stats.norm.cdf(x) ** (n - 1), -10, 10)
    assert delays.mean() == pytest.approx(compute * sigma * e_max, rel=0.02)
    assert straggler_delays_s(compute, n, 0.0, 5, (1, 0)).tolist() == [0.0] * 5


def test_stragglers_are_the_only_jitter_on_one_leaf(ib16):
    spec = "train:7b:iters=4:straggler=0.02"
    w = run(ib16, [spec], SimOptions(ideal_pass=False, seed=3)).data["workloads"][0]
    steps = w["step_time_s"] + straggler_delays_s(w["compute_s"], 16, 0.02, 4, (3, 0))
    assert w["jitter"]["collective_cv"] == 0.0
    assert w["jitter"]["step_cv"] == pytest.approx(steps.std() / steps.mean(), rel=1e-9) and w["jitter"]["step_cv"] > 0
    assert w["mean_step_time_s"] == pytest.approx(steps.mean(), rel=1e-12)


def test_ecmp_rehash_varies_plain_rocev2_steps_where_adaptive_routing_does_not():
    """A new hash per step moves ECMP collisions of one-queue-pair RoCEv2 (plain settings); InfiniBand's adaptive
    routing spreads the same traffic alike in every step."""
    cv = {}
    for backend, preset in (("rocev2", "plain"), ("ib", None)):
        doc = generate("fat-tree", gpus=256, backend=backend, frontend=False)
        w = run(doc, ["train:7b:iters=3"], SimOptions(preset=preset, ideal_pass=False)).data["workloads"][0]
        cv[backend] = w["jitter"]["collective_cv"]
    assert cv["rocev2"] > 0.0 and cv["ib"] == 0.0


def _md1_wait_cdf(t: float, lam: float, s: float) -> float:
    """P(wait <= t) in an M/D/1 queue (Erlang; e.g. Gross & Harris, Fundamentals of Queueing Theory)."""
    return (1 - lam * s) * sum((lam * (k * s - t)) ** k / math.factorial(k) * math.exp(-lam * (k * s - t))
                               for k in range(int(t // s) + 1))


def test_max_qps_at_target_matches_the_md1_queue(ib16):
    target_ms = 600.0
    w = run(ib16, [f"inference:7b:gpus=8:qps=1:target_ms={target_ms:g}:max_batch=1"],
            SimOptions(ideal_pass=False)).data["workloads"][0]
    assert w["replicas"] == 1 and w["batch"] == 1
    s = w["service_ms"] / 1e3
    slack = target_ms / 1e3 - s            # the requests' own transit over the front-end is microseconds
    lam = optimize.brentq(lambda x: _md1_wait_cdf(slack, x, s) - 0.99, 1e-6, (1 - 1e-9) / s)
    assert w["max_qps_at_target"] == pytest.approx(lam, rel=0.05)
    below = run(ib16, [f"inference:7b:gpus=8:qps=1:target_ms={w['service_ms'] * 0.9:g}:max_batch=1"],
                SimOptions(ideal_pass=False)).data["workloads"][0]
    assert below["max_qps_at_target"] == 0.0          # a target under one request's service time: none meets it


def test_batching_multiplies_the_rate_while_decoding_is_memory_bound(ib16):
    """A 7B model on 8 GPUs reads its weights in 0.52 ms per decode step and computes 3.5 us per request's token:
    up to ~148 requests decode in the time of one. So 64 requests together take each one's service time, there is
    no wait at a light load, and the rate a latency target allows grows at least 64-fold: 64 slots taken in turn
    see nearly regular arrivals (every 64th of a Poisson stream), so they run close to their capacity of 64 per
    service time, where one slot facing Poisson arrivals must stay well below it."""
    def serve(spec):
        return run(ib16, [spec], SimOptions(ideal_pass=False)).data["workloads"][0]

    one = serve("inference:7b:gpus=8:qps=1:target_ms=600:max_batch=1")
    many = serve("inference:7b:gpus=8:qps=1:target_ms=600:max_batch=64")
    assert many["service_ms"] == pytest.approx(one["service_ms"], rel=1e-9)
    assert many["request_latency_ms"]["p99"] == pytest.approx(many["service_ms"], rel=1e-3)   # nobody waits
    capacity = 64 / (many["service_ms"] / 1e3)
    assert 0.95 * capacity <= many["max_qps_at_target"] <= capacity
    assert many["max_qps_at_target"] >= 64 * one["max_qps_at_target"]


def test_request_latency_is_lindleys_recursion():
    from designer.sim.inference import _request_latency_s

    rng = np.random.default_rng(5)
    arrivals = np.sort(rng.uniform(0, 1, 300))
    fast = _request_latency_s(arrivals, 3, 0.02, 0.001, 0.002)
    free = np.zeros(3)
    slow = []
    for k, t in enumerate(arrivals):
        begin = max(t + 0.001, free[k % 3])
        free[k % 3] = begin + 0.02
        slow.append(free[k % 3] + 0.002 - t)
    assert np.allclose(fast, slow, rtol=0, atol=1e-12)


def _with_gpu(doc, gpu_model: str):
    """The same design with every server's GPUs of another model (same servers, NICs and NVLink)."""
    other = copy.deepcopy(doc)
    for node in other.nodes.values():
        if node.kind == "server":
            node.gpu_model = gpu_model
    return other


def test_decoding_reads_the_weights_at_the_gpus_own_memory_bandwidth(ib16):
    """H200 computes as H100 and has its NVLink, but reads HBM at 4.8 against 3.35 TB/s (their data sheets, in the
    catalog): at a batch of one, decoding is memory-bound, so each of the 128 output tokens is shorter by the
    weights' 2N bytes over the tp GPUs' difference in read time, and nothing else changes."""
    spec = "inference:7b:gpus=8:qps=1:max_batch=1"
    h100 = run(ib16, [spec], SimOptions(ideal_pass=False)).data["workloads"][0]
    h200 = run(_with_gpu(ib16, "H200"), [spec], SimOptions(ideal_pass=False)).data["workloads"][0]
    weights_per_gpu_bytes = 2 * parse_workload(spec).params / 8
    saved_s = 128 * weights_per_gpu_bytes * (1 / 3.35e12 - 1 / 4.8e12)
    assert (h100["service_ms"] - h200["service_ms"]) / 1e3 == pytest.approx(saved_s, rel=1e-6)


def test_inference_on_a_gpu_without_a_memory_bandwidth_says_so(ib16, tmp_path):
    import json

    from designer.catalog import load_catalog

    user = tmp_path / "gpu.json"                      # a GPU the catalog knows, without its HBM bandwidth
    user.write_text(json.dumps({"gpus": [{"id": "plain-gpu", "bf16_tflops": 500}]}), encoding="utf-8")
    with pytest.raises(WorkloadError, match="memory bandwidth"):
        run(_with_gpu(ib16, "plain-gpu"), ["inference:7b:gpus=8:qps=1"],
            SimOptions(ideal_pass=False, catalog=load_catalog([user])))
    with pytest.raises(WorkloadError, match="GPU model 'no-such-gpu' that is not in the catalog"):
        run(_with_gpu(ib16, "no-such-gpu"), ["inference:7b:gpus=8:qps=1"], SimOptions(ideal_pass=False))


def test_a_run_of_several_steps_reports_them_as_they_end_and_stops_between_them(ib16):
    """The first step's snapshots are its share of the work (the window's bar said 100 % while the further steps
    ran for seconds); each further step is told as it ends; a cancel between them ends the run without a result
    (Stop was not honoured until every step was simulated)."""
    import threading

    from designer.sim.api import stream

    told: list[tuple[int, int]] = []
    opts = SimOptions(snapshot_count=20, on_steps=lambda done, count: told.append((done, count)))
    snaps = list(stream(ib16, ["train:7b:iters=4"], opts))
    assert snaps[-1].result is not None and snaps[-1].result.data["jitter"]["iterations"] == 4
    assert max(s.progress for s in snaps[:-1]) <= 0.25 + 1e-9
    assert told == [(2, 4), (3, 4), (4, 4)]

    cancel = threading.Event()
    halted = SimOptions(snapshot_count=20, on_steps=lambda done, count: cancel.set())
    after = list(stream(ib16, ["train:7b:iters=4"], halted, cancel))
    assert all(s.result is None for s in after)
