"""Input limits: a simulation whose estimated memory is above the budget is refused before it runs,
with a message that says the limit and how to change it; the estimate does not under-estimate, counts what the
engine really routes and queues, and lets the large runs that fit in memory through."""

import os
import tracemalloc

import numpy as np
import pytest

from designer.model import fileformat
from designer.sim import api, budget
from designer.sim.budget import (
    BUDGET_ENV,
    DEFAULT_BUDGET_MIB,
    SimulationTooLarge,
    budget_bytes,
    check_budget,
    estimate,
    pattern_counts,
)
from designer.sim.compile import compile_fabric
from designer.sim.queue_pairs import connections
from designer.sim.routing import Router
from designer.sim.workload_spec import WorkloadError, parse_workloads
from designer.topology import generate
from tests.factories import two_server_doc


def _planned(doc, spec):
    fab = compile_fabric(doc)
    return fab, api.build_plan(parse_workloads([spec]), fab, 1)


def _traced_peak(doc, spec):
    """The peak of the arrays a run of `spec` allocates, on its second run: the first compiles what the engine's
    warm-up did not (its compiler's objects are Python allocations too, and are no part of a run's memory)."""
    api.run(doc, [spec])
    tracemalloc.start()
    api.run(doc, [spec])
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak


def test_estimate_is_not_below_the_measured_peak():
    """The arrays a run allocates (numpy reports them to tracemalloc) stay below the estimate, on runs that go
    through the queues (ECMP collisions, a tree AllReduce's incast) and one that does not; each case is traced on
    its second run, so that the engine's one-time imports and compiling are not counted."""
    cases = [(two_server_doc(), "alltoall:1MiB"), (two_server_doc(), "permutation:1MiB:qps=8:spray=on")]
    fat_tree = generate("fat-tree", gpus=256, backend="rocev2", frontend=False)
    cases += [(fat_tree, "permutation:4MiB"), (fat_tree, "allreduce:4MiB:dcqcn=on")]
    for doc, spec in cases:
        est = estimate(*_planned(doc, spec))
        assert est.total_bytes >= _traced_peak(doc, spec), spec


def test_counts_are_what_the_router_and_the_queues_make(monkeypatch):
    """Sub-flows, route entries and the hashed walk's widest level as the router makes them; fluid flows within a
    few percent of the groups of queue pairs that share a path (queue_pairs.py), which the estimate counts as
    expected values of hashing (the AllReduce's, were it put into the queues: where ports may fail)."""
    widest = [0]
    advance = Router._advance
    monkeypatch.setattr(Router, "_advance", lambda self, ctx, front: widest.append(len(front.sub)) or
                        advance(self, ctx, front))
    for gpus, spec in ((256, "allreduce:64MiB"), (512, "permutation:16MiB")):
        fab, plan = _planned(generate("fat-tree", gpus=gpus, backend="rocev2", frontend=False), spec)
        counts = pattern_counts(fab, plan, failures=True)
        router = Router(fab)
        for phase in plan.phases:
            p = phase.pattern
            widest[:] = [0]
            routed = router.route(p.src, p.dst, p.route, p.flow_bytes)
            c = counts[p.key]
            assert (c.sub_flows, c.entries, c.branches) == (routed.n_sub, routed.matrix.nnz, max(widest)), spec
            groups = connections(routed.hops, routed.sub_flow, np.ones(routed.n_sub, dtype=bool))
            assert groups.n_groups < routed.n_sub and c.fluid_flows == pytest.approx(groups.n_groups, rel=0.05)


def test_the_16k_gpu_allreduce_counts_its_routes_and_no_queues():
    """A 16,384-GPU three-tier RoCEv2 fat tree's 1 GiB AllReduce is NCCL's tree, one pipelined phase that drains
    alone and never enters the queues; its hops are hashed (ECMP), so routing lists no candidates. The estimate
    counts the routes held, the routing of the one pattern (the hashed walk's branches of more than one switch
    all at once) and the ports: 1,191 MiB for a peak of 857 above an idle engine (benchmarks/sim_memory.py; NCCL's
    duplicated tree channels double the queue pairs; it counted 1.8 GiB of queues before), whether the senders run
    DCQCN or not. Where ports may fail it counts the
    queues: DCQCN's senders one flow per queue pair, the others fewer (queue pairs on one path merged)."""
    doc = generate("fat-tree-3", gpus=16384, backend="rocev2", frontend=False)
    fab = compile_fabric(doc)
    plan = api.build_plan(parse_workloads(["allreduce:1GiB"]), fab, 1)
    (c,) = pattern_counts(fab, plan).values()
    assert (c.fluid_flows, c.flow_hops, c.edges, c.installed, c.candidates) == (0, 0, 0, 0, 0)
    assert 0 < c.branches < c.sub_flows
    routes_B = c.entries * (budget.ENTRY_BYTES + budget.ROUTE_BUILD_ENTRY_BYTES) + c.sub_flows * budget.SUB_FLOW_BYTES
    plain = estimate(fab, plan)
    assert plain.total_bytes == int(budget.BASE_BYTES + fab.n_ports * budget.PORT_BYTES + routes_B
                                    + c.branches * budget.HASHED_BRANCH_BYTES) < 1250 * 2**20
    reacting = api.build_plan(parse_workloads(["allreduce:1GiB:dcqcn=on"]), fab, 1)
    assert estimate(fab, reacting).total_bytes == plain.total_bytes
    merged, one_each = estimate(fab, plan, failures=True), estimate(fab, reacting, failures=True)
    assert one_each.fluid_flows == plain.sub_flows > merged.fluid_flows > 0
    assert one_each.total_bytes > merged.total_bytes > 2 * plain.total_bytes


def test_estimate_grows_with_flows_queue_pairs_and_spreading():
    doc = two_server_doc()
    small = estimate(*_planned(doc, "permutation:1MiB"))
    more_qps = estimate(*_planned(doc, "permutation:1MiB:qps=8"))
    all_pairs = estimate(*_planned(doc, "alltoall:1MiB"))
    # queue pairs open between servers (a transfer inside one crosses NVLink as one)
    assert more_qps.sub_flows > 4 * small.sub_flows and more_qps.total_bytes > small.total_bytes
    assert all_pairs.sub_flows > small.sub_flows
    fat_tree = generate("fat-tree", gpus=256, backend="rocev2", frontend=False)
    # short sprayed flows split unevenly, so they too go through the queues, over every path at once
    hashed = estimate(*_planned(fat_tree, "permutation:64KiB:dcqcn=on"))
    sprayed = estimate(*_planned(fat_tree, "permutation:64KiB:dcqcn=on:spray=on"))
    assert sprayed.hops_per_sub_flow > hashed.hops_per_sub_flow and sprayed.total_bytes > hashed.total_bytes


def test_run_above_the_budget_is_refused_naming_the_limit_and_the_variable(monkeypatch):
    monkeypatch.setenv(BUDGET_ENV, "1")
    with pytest.raises(SimulationTooLarge) as err:
        api.run(two_server_doc(), ["alltoall:1MiB"])
    message = str(err.value)
    assert "1 MiB limit" in message and f"{BUDGET_ENV}=" in message and "\n" not in message
    assert isinstance(err.value, WorkloadError)       # the CLI and the run panel already report these
    monkeypatch.setenv(BUDGET_ENV, "4096")
    assert api.run(two_server_doc(), ["alltoall:1MiB"]).data["completion_time_s"] > 0


@pytest.mark.parametrize("value", ["lots", "-5", "0", "1.5"])
def test_bad_budget_setting_is_a_clear_error(monkeypatch, value):
    monkeypatch.setenv(BUDGET_ENV, value)
    with pytest.raises(WorkloadError, match=BUDGET_ENV):
        budget_bytes()


def test_explicit_limit_overrides_the_environment(monkeypatch):
    monkeypatch.setenv(BUDGET_ENV, "1")
    fab, plan = _planned(two_server_doc(), "pingpong:8B")
    assert check_budget(fab, plan, limit_bytes=2**40).total_bytes > 0


def test_large_design_is_refused_quickly_by_the_cli(tmp_path, capsys, monkeypatch):
    from designer.cli import main
    path = tmp_path / "d.json"
    fileformat.save(two_server_doc(), path)
    monkeypatch.setenv(BUDGET_ENV, "1")
    assert main(["simulate", str(path), "--workload", "alltoall:1MiB"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and BUDGET_ENV in err[0]


def test_the_default_budget_follows_the_machines_memory(monkeypatch):
    """Unset, the budget is 40 % of the memory this process may use (a control group's limit where lower), never
    below 4 GiB: on a 24 GiB machine the 1,024-GPU RoCEv2 AllToAll (estimated at 5.8 GiB) runs without a setting."""
    monkeypatch.delenv(BUDGET_ENV, raising=False)
    monkeypatch.setattr(budget, "machine_memory_bytes", lambda: 24 * 2**30)
    assert budget_bytes() == int(0.4 * 24 * 2**30)
    monkeypatch.setattr(budget, "machine_memory_bytes", lambda: 6 * 2**30)
    assert budget_bytes() == DEFAULT_BUDGET_MIB * 2**20
    monkeypatch.setattr(budget, "machine_memory_bytes", lambda: None)
    assert budget_bytes() == DEFAULT_BUDGET_MIB * 2**20


def test_a_control_group_limit_below_the_machines_memory_is_what_counts(monkeypatch, tmp_path):
    v2, v1 = tmp_path / "memory.max", tmp_path / "memory.limit_in_bytes"
    v2.write_text("max\n")
    v1.write_text(f"{8 * 2**30}\n")
    monkeypatch.setattr(budget, "CGROUP_LIMIT_FILES", (str(v2), str(v1), str(tmp_path / "absent")))
    physical = int(os.sysconf("SC_PAGE_SIZE")) * int(os.sysconf("SC_PHYS_PAGES"))
    assert budget.machine_memory_bytes() == min(8 * 2**30, physical)
    v1.write_text("9223372036854771712\n")          # cgroup v1's "no limit"
    assert budget.machine_memory_bytes() == physical


def _halves_taken_or_not(monkeypatch, fab, plan, min_hops: int, threads: str | None) -> int:
    from designer.sim.dynamics import halves

    monkeypatch.setattr(halves, "HALVES_MIN_HOPS", min_hops)
    if threads is None:
        monkeypatch.delenv(halves.THREADS_ENV, raising=False)
    else:
        monkeypatch.setenv(halves.THREADS_ENV, threads)
    return estimate(fab, plan).total_bytes


@pytest.mark.parametrize("specs, n_lanes", [(["incast:8:4MiB"], 1),
                                            (["allreduce:4MiB:gpus=32", "allreduce:4MiB:gpus=32:tc=3"], 2)])
def test_the_estimate_counts_the_second_halfs_copies_exactly_when_the_step_takes_two_halves(monkeypatch, specs,
                                                                                            n_lanes):
    """From HALVES_MIN_HOPS flow-hops (or with the thread count set to 2) the estimate grows by the second half's
    copies (halves.copies_bytes, for the run's ports, traffic classes and fluid flows); below it, or with the
    thread count set to 1, it does not."""
    from designer.sim.dynamics import halves

    fab = compile_fabric(generate("fat-tree", gpus=64, backend="rocev2", frontend=False))
    plan = api.build_plan(parse_workloads(specs), fab, 1)
    base = estimate(fab, plan)
    assert base.fluid_flows > 0
    copies = halves.copies_bytes(fab.n_ports, n_lanes, base.fluid_flows)
    hops = base.flow_hops
    assert _halves_taken_or_not(monkeypatch, fab, plan, hops + 1, None) == base.total_bytes
    assert _halves_taken_or_not(monkeypatch, fab, plan, hops, None) == base.total_bytes + copies
    assert _halves_taken_or_not(monkeypatch, fab, plan, 0, "1") == base.total_bytes
    assert _halves_taken_or_not(monkeypatch, fab, plan, hops + 1, "2") == base.total_bytes + copies


@pytest.mark.parametrize("n_lanes", [1, 2])
def test_the_second_halfs_copies_take_what_the_estimate_counts(n_lanes):
    """halves.copies_bytes is what a simulator's two-halves state allocates (the aligned arrays' whole blocks)."""
    from designer.sim.dynamics import FlowSet, FluidSimulator, PortSet, halves

    ports = PortSet.uniform(3, 50e9)
    ports.lanes = n_lanes
    sim = FluidSimulator(ports, FlowSet.from_paths([[0, 1], [1, 2], [2]], 1e6), dt_s=1e-6, hist_groups=3)
    h = sim._halves_state()
    allocated = sum(a.nbytes if a.base is None else a.base.nbytes
                    for a in (h.ps1, h.pr1, h.sums1, h.pa1, h.sc1, h.hist1, h.fin))
    assert h.pr1.base is not None and h.pr1.ctypes.data % 64 == 0 and h.fin.shape == (2, sim.F + 1)
    assert allocated == halves.copies_bytes(3, n_lanes, sim.F, hist_groups=3)
