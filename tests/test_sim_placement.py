"""Job placement: gpus=N with place=packed|spread|random|rail-aligned, and explicit servers= sets."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from designer.cli import main
from designer.model.fileformat import save
from designer.sim.api import build_plan
from designer.sim.compile import CompiledFabric, compile_fabric
from designer.sim.placement import place_jobs
from designer.sim.workload_spec import WorkloadError, parse_workload, parse_workloads
from designer.topology.generate import generate


@pytest.fixture(scope="module")
def doc():
    # 256 GPUs: 4 leaves of 8 servers (8 GPUs each), 2 spines
    return generate("fat-tree", gpus=256, backend="rocev2", frontend=False)


@pytest.fixture(scope="module")
def fab(doc) -> CompiledFabric:
    return compile_fabric(doc)


def _servers(fab: CompiledFabric, ranks: np.ndarray) -> list[str]:
    return sorted({fab.node_ids[s] for s in fab.gpu_server[ranks]})


def _leaf_counts(fab: CompiledFabric, ranks: np.ndarray) -> Counter[str]:
    """GPUs of the job under each leaf."""
    return Counter(fab.node_ids[fab.port_dst[p]] for p in fab.gpu_be_tx[ranks])


def _place(fab, *specs, seed=1):
    return [w.placed_gpus for w in place_jobs(parse_workloads(list(specs)), fab, seed)]


def test_packed_fills_leaves_in_order_and_jobs_do_not_overlap(fab):
    a, b = _place(fab, "allreduce:1MiB:gpus=128", "alltoall:1MiB:gpus=128:place=packed")
    assert _leaf_counts(fab, a) == {"leaf-01": 64, "leaf-02": 64}
    assert _leaf_counts(fab, b) == {"leaf-03": 64, "leaf-04": 64}
    assert not set(a.tolist()) & set(b.tolist())
    assert (np.diff(a) > 0).all()          # ascending: server-major, the order collectives use


def test_spread_takes_one_server_of_each_leaf_in_turn(fab):
    a, b = _place(fab, "allreduce:1MiB:gpus=128:place=spread", "alltoall:1MiB:gpus=128:place=spread")
    for job in (a, b):
        assert _leaf_counts(fab, job) == {f"leaf-0{k}": 32 for k in range(1, 5)}
    assert _servers(fab, a)[:2] == ["srv-001", "srv-002"] and "srv-009" in _servers(fab, a)
    (c,) = _place(fab, "allreduce:1MiB:gpus=24:place=spread")
    assert _servers(fab, c) == ["srv-001", "srv-009", "srv-017"]


def test_random_is_seeded_whole_servers_first(fab):
    one = _place(fab, "allreduce:1MiB:gpus=64:place=random:seed=7")[0]
    again = _place(fab, "allreduce:1MiB:gpus=64:place=random:seed=7", seed=99)[0]
    other = _place(fab, "allreduce:1MiB:gpus=64:place=random:seed=8")[0]
    assert np.array_equal(one, again)                    # seed= wins over the run's seed
    assert not np.array_equal(one, other)
    assert len(_servers(fab, one)) == 8                  # 64 GPUs = 8 whole servers
    by_run_seed = [_place(fab, "allreduce:1MiB:gpus=64:place=random", seed=s)[0] for s in (1, 2)]
    assert not np.array_equal(*by_run_seed)


def test_rail_aligned_takes_whole_servers_best_fit(fab):
    # a 16-GPU job holds srv-001..002; the rail-aligned 48-GPU job fits in one leaf: the fullest one that fits
    small, ra = _place(fab, "allreduce:1MiB:gpus=16", "allreduce:1MiB:gpus=48:place=rail-aligned")
    assert _leaf_counts(fab, ra) == {"leaf-01": 48}
    with pytest.raises(WorkloadError, match="rail-aligned takes whole servers: gpus=12"):
        _place(fab, "allreduce:1MiB:gpus=12:place=rail-aligned")
    with pytest.raises(WorkloadError, match="needs 31 whole free servers"):    # 248 GPUs free, in 30 whole servers
        _place(fab, "allreduce:1MiB:gpus=4", "allreduce:1MiB:gpus=4:servers=srv-009",
               "allreduce:1MiB:gpus=248:place=rail-aligned")


def test_rail_aligned_on_a_rail_optimized_fabric_keeps_every_rail():
    rail = compile_fabric(generate("rail-optimized", gpus=256, backend="ib", frontend=False))
    (job,) = _place(rail, "allreduce:1MiB:gpus=32:place=rail-aligned")
    assert sorted(Counter(rail.gpu_local[job].tolist()).values()) == [4] * 8   # 4 servers x all 8 rails


def test_explicit_server_set(fab):
    a, b = _place(fab, "allreduce:1MiB:servers=srv-001..srv-004,srv-030",
                  "alltoall:1MiB:gpus=12:servers=srv-005..srv-006")
    assert _servers(fab, a) == ["srv-001", "srv-002", "srv-003", "srv-004", "srv-030"]
    assert len(b) == 12 and _servers(fab, b) == ["srv-005", "srv-006"]


def test_a_placed_job_moves_bytes_only_among_its_gpus(doc, fab):
    for spec in ("allreduce:1MiB:servers=srv-003..srv-004", "alltoall:1MiB:gpus=32:place=spread",
                 "permutation:1MiB:gpus=16:place=random", "incast:4:1MiB:gpus=40"):
        plan = build_plan(parse_workloads([spec]), fab, seed=1)
        ranks = set(plan.workloads[0].workload.placed_gpus.tolist())
        for ph in plan.phases:
            assert ph.pattern is not None
            assert set(ph.pattern.src.tolist()) | set(ph.pattern.dst.tolist()) <= ranks, spec


def test_unplaced_workloads_still_span_every_gpu(fab):
    w_all, w_job = place_jobs(parse_workloads(["allreduce:1MiB", "alltoall:1MiB:gpus=64"]), fab, 1)
    assert w_all.placed_gpus is None and len(w_job.placed_gpus) == 64


@pytest.mark.parametrize("spec, words", [
    ("allreduce:1MiB:gpus=8:place=tight", "place=tight: use one of packed, spread, random, rail-aligned"),
    ("allreduce:1MiB:place=spread", "place=spread needs gpus=N"),
    ("allreduce:1MiB:gpus=8:seed=3", "seed= applies only to place=random"),
    ("allreduce:1MiB:gpus=8:place=random:seed=-1", "seed=-1: must be a whole number"),
    ("allreduce:1MiB:servers=srv-001:place=packed", "place= and servers= exclude each other"),
    ("allreduce:1MiB:servers=srv-9..srv-1", "range 'srv-9..srv-1' runs backwards"),
    ("allreduce:1MiB:servers=srv-a..srv-b", "'srv-a..srv-b' is not a range"),
    ("allreduce:1MiB:servers=srv-001,,srv-002", "servers=srv-001,,srv-002: give server ids"),
    ("allreduce:1MiB:gpus=0", "gpus=0: must be a whole number >= 1"),
])
def test_bad_placement_options_are_refused_when_parsed(spec, words):
    with pytest.raises(WorkloadError) as exc:
        parse_workload(spec)
    assert words in str(exc.value) and str(exc.value).startswith(f"workload '{spec}'")


@pytest.mark.parametrize("specs, words", [
    (["allreduce:1MiB:servers=srv-001..srv-040"], "servers: there is no node 'srv-040'"),
    (["allreduce:1MiB:servers=leaf-01"], "servers: 'leaf-01' is not a GPU server"),
    (["allreduce:1MiB:gpus=300"], "gpus=300 but the design has only 256 GPUs"),
    (["allreduce:1MiB:gpus=200", "alltoall:1MiB:gpus=128"], "only 56 of the design's 256 GPUs are free"),
    (["allreduce:1MiB:gpus=8", "alltoall:1MiB:servers=srv-001"], "8 of these GPUs already belong to an earlier job"),
    (["allreduce:1MiB:gpus=20:servers=srv-001"], "gpus=20 but the servers given hold only 8 GPUs"),
])
def test_placements_the_design_cannot_give_are_refused_naming_the_workload(fab, specs, words):
    with pytest.raises(WorkloadError) as exc:
        _place(fab, *specs)
    assert words in str(exc.value) and f"workload '{specs[-1]}'" in str(exc.value)


def test_cli_refuses_a_bad_placement_in_one_line(doc, tmp_path, capsys):
    path = tmp_path / "ft.json"
    save(doc, str(path))
    code = main(["simulate", str(path), "--workload", "allreduce:1MiB:gpus=64",
                 "--workload", "alltoall:1MiB:servers=srv-001..srv-002"])
    err = capsys.readouterr().err
    assert code == 2
    assert err.count("\n") == 1 and "Traceback" not in err and "already belong to an earlier job" in err
