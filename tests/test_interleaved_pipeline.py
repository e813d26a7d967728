"""Megatron's interleaved pipeline schedule (`train:...:vpp=v`): v model chunks per GPU shrink the 1F1B bubble v
times and send v times the activations across every stage boundary, plus the wrap from the last stage to the first.

The bubble the engine adds, compute x (p - 1) / (v m), is checked against the schedule itself played op by op in
Megatron-LM's order (`forward_backward_pipelining_with_interleaving`, megatron/core/pipeline_parallel/schedules.py):
not against the formula it comes from."""

from __future__ import annotations

import numpy as np
import pytest

from designer.sim import run
from designer.sim.api import build_plan
from designer.sim.compile import compile_fabric
from designer.sim.workload_spec import WorkloadError, parse_workloads
from designer.topology import generate
from designer.topology.two_site import TwoSiteOptions, generate_two_site


def _interleaved_order(p: int, v: int, m: int, rank: int) -> list[tuple[str, int, int]]:
    """One GPU's ops (kind, chunk, micro-batch) in Megatron's interleaved order: warm-up forwards, one forward and
    one backward in turn, the remaining backwards."""
    total = m * v

    def op(k: int, forward: bool) -> tuple[str, int, int]:
        chunk = (k % (p * v)) // p
        micro = (k // (p * v)) * p + k % p
        return ("F", chunk, micro) if forward else ("B", v - 1 - chunk, micro)

    warmup = min(total, (p - rank - 1) * 2 + (v - 1) * p)
    ops = [op(k, True) for k in range(warmup)]
    for k in range(total - warmup):
        ops += [op(warmup + k, True), op(k, False)]
    return ops + [op(k, False) for k in range(total - warmup, total)]


def _interleaved_makespan(p: int, v: int, m: int, tf: float = 1.0, tb: float = 2.0) -> float:
    """Makespan of a step whose GPU i holds chunks i, i + p, ...: a chunk's forward takes tf / v, its backward
    tb / v, and each waits for the op before it in the model (the previous GPU, or the last GPU's previous chunk)."""
    ops = [_interleaved_order(p, v, m, i) for i in range(p)]
    end: dict[tuple[str, int, int, int], float] = {}
    free, at = [0.0] * p, [0] * p

    def needs(kind: str, i: int, c: int, j: int) -> tuple[str, int, int, int] | None:
        if kind == "F":
            return ("F", i - 1, c, j) if i > 0 else (("F", p - 1, c - 1, j) if c > 0 else None)
        if i < p - 1:
            return ("B", i + 1, c, j)
        return ("B", 0, c + 1, j) if c < v - 1 else ("F", i, c, j)

    progress = True
    while progress:
        progress = False
        for i in range(p):
            while at[i] < len(ops[i]):
                kind, c, j = ops[i][at[i]]
                dep = needs(kind, i, c, j)
                if dep is not None and dep not in end:
                    break
                ready = end[dep] if dep is not None else 0.0
                end[(kind, i, c, j)] = free[i] = max(ready, free[i]) + (tf if kind == "F" else tb) / v
                at[i] += 1
                progress = True
    assert all(at[i] == len(ops[i]) for i in range(p)), "the schedule deadlocked"
    return max(free)


@pytest.mark.parametrize(("p", "v", "m"), [(2, 2, 4), (4, 2, 8), (4, 4, 8), (8, 2, 16), (8, 4, 32)])
def test_the_bubble_of_the_interleaved_schedule_played_op_by_op_is_the_engines(p: int, v: int, m: int) -> None:
    tf, tb = 1.0, 2.0
    bubble = _interleaved_makespan(p, v, m, tf, tb) - m * (tf + tb)
    engine_bubble = m * (tf + tb) * (p - 1) / (m * v)          # training.py: compute x (p - 1) / (m v)
    assert bubble == pytest.approx(engine_bubble, rel=1e-9)
    assert _interleaved_makespan(p, 1, m, tf, tb) - m * (tf + tb) == pytest.approx((p - 1) * (tf + tb))


@pytest.fixture(scope="module")
def fat_tree():
    return generate("fat-tree", gpus=128, backend="ib", frontend=False)


SPEC = "train:70b:pp=4:batch=262144"          # dp 4, 16 micro-batches of 4,096 tokens per replica


def test_chunks_divide_the_bubble_and_multiply_the_pipeline_sends(fat_tree) -> None:
    data = {v: run(fat_tree, [f"{SPEC}:vpp={v}"]).data for v in (1, 2, 4)}
    res = {v: d["workloads"][0] for v, d in data.items()}
    assert res[1]["micro_batches"] == 16 and res[2]["vpp"] == 2
    assert res[2]["bubble_s"] == pytest.approx(res[1]["bubble_s"] / 2, rel=1e-12)
    assert res[4]["bubble_s"] == pytest.approx(res[1]["bubble_s"] / 4, rel=1e-12)
    assert res[4]["step_time_s"] < res[1]["step_time_s"]
    # every stage (32 GPUs, 4 servers) sends to the next over the network: 32 flows a boundary, 8 MiB a send
    send_B, flows, micro = 4096 * 8192 * 2 / 8, 32, 16
    one_chunk_B = 3 * flows * 2 * micro * send_B                  # three boundaries, both ways
    two_chunks_B = 2 * one_chunk_B + flows * 2 * micro * send_B   # and the wrap once a micro-batch
    assert data[2]["network_bytes"] - data[1]["network_bytes"] == pytest.approx(two_chunks_B - one_chunk_B,
                                                                                rel=1e-9)

    fab = compile_fabric(fat_tree)
    plans = {v: build_plan(parse_workloads([f"{SPEC}:vpp={v}"]), fab, 1) for v in (1, 3)}
    sends = {v: [ph for ph in plan.phases if ph.name.startswith("pipeline send")] for v, plan in plans.items()}
    assert len(sends[1]) == 1 and len(sends[3]) == 1
    one, three = sends[1][0], sends[3][0]
    assert one.repeat == 16 and three.repeat == 3 * 16 and three.bytes_per_flow == one.bytes_per_flow
    stage = np.arange(128).reshape(4, 4, 8)                       # Megatron's order: [stage, replica, tp rank]
    wrap = {(a, b) for a, b in zip(stage[3].ravel().tolist(), stage[0].ravel().tolist(), strict=True)}
    wrap |= {(b, a) for a, b in wrap}
    flows = dict(zip(zip(three.pattern.src.tolist(), three.pattern.dst.tolist(), strict=True),
                     three.pattern.weight.tolist(), strict=True))
    assert {pair for pair, w in flows.items() if w != 1.0} == wrap
    assert all(flows[pair] == pytest.approx(2 / 3) for pair in wrap)  # crossed 2 x 16 times, the boundaries 3 x 16
    assert set(flows) - wrap == set(zip(one.pattern.src.tolist(), one.pattern.dst.tolist(), strict=True))
    assert not wrap & set(zip(one.pattern.src.tolist(), one.pattern.dst.tolist(), strict=True))


@pytest.mark.parametrize(("spec", "says"), [
    ("train:7b:vpp=2", "needs pp=2 or more"),
    ("train:70b:pp=4:vpp=21", "cannot make 21 model chunks"),
    ("train:70b:pp=4:batch=163840:vpp=2", "multiple of pp=4"),
])
def test_a_schedule_megatron_cannot_run_is_refused(fat_tree, spec: str, says: str) -> None:
    with pytest.raises(WorkloadError, match=says):
        run(fat_tree, [spec])


def test_an_interleaved_pipeline_across_sites_is_refused_not_modelled_as_1f1b() -> None:
    doc = generate_two_site(TwoSiteOptions(gpus_per_site=16, distance_km=10, dci_links=1))
    spec = "train:params=1e9:tp=8:pp=2:batch=65536"
    with pytest.raises(WorkloadError, match="across sites is not modelled"):
        run(doc, [f"{spec}:pp_across_sites=on:vpp=2"])
    inside = run(doc, [f"{spec}:pp_across_sites=off:vpp=2"]).data["workloads"][0]
    assert inside["vpp"] == 2
