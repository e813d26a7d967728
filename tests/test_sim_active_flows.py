"""What the max-min advances reuse instead of gathering it again each time gives what gathering it gives, array for
array, as flows finish and failures strike and heal: who can move (the stalled sub-flows found once per routes),
the stacked routes (gathered only when asked, from the routes of their own advance), the bytes an advance puts on
the ports (one phase's over its whole routes), the rate model's kept rates under one routes version, and latency
samples grouped once per phase."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pytest
import scipy.sparse as sp

from designer.sim.api import SimOptions, _set_up
from designer.sim.engine import Engine
from designer.sim.latency import LatencyRecorder, latency_groups
from designer.sim.maxmin import max_min_rates
from designer.sim.rate_model import ActiveFlows, MaxMinRateModel
from designer.topology.generate import generate


def _same_storage(a: sp.csr_matrix, b: sp.csr_matrix) -> bool:
    return (a.shape == b.shape and np.array_equal(a.indptr, b.indptr) and np.array_equal(a.indices, b.indices)
            and np.array_equal(a.data, b.data))


def _gathered_afresh(engine: Engine, draining: list[int]) -> tuple[list[np.ndarray], sp.csr_matrix]:
    """Each draining phase's movable sub-flows and their stacked routes, gathered from the routes of now."""
    fails = engine.failures
    assert fails is not None
    subs = []
    for i in draining:
        a = engine.alive[i]
        subs.append(a[~fails.stalled(engine.routed(i).matrix[:, a])])
    cols = [engine.routed(i).matrix[:, a] for i, a in zip(draining, subs, strict=True) if len(a)]
    return subs, sp.hstack(cols, format="csr") if cols else sp.csr_matrix((engine.fab.n_ports, 0))


def test_the_active_sub_flows_reused_across_advances_are_those_gathered_afresh():
    doc = generate("fat-tree", gpus=32, backend="rocev2", frontend=False, two_tiers=True)
    for seg in doc.segments.values():
        seg.rocev2.reconvergence_ms = 0.0     # the spine's flows move on new routes at once: routes change under them
    opts = SimOptions(seed=3, ideal_pass=False, rate_model="maxmin",
                      failures=["link:L1@5us:up=60us", "switch:spine-01@20us"])
    setup = _set_up(doc, ["permutation:4MiB", "allreduce:2MiB"], opts)
    engine = Engine(setup.fab, setup.plan, MaxMinRateModel(setup.fab), setup.routes, failures=setup.fails)
    rng = np.random.default_rng(7)
    versions, stalled_seen, several, before = [], 0, 0, None
    for _ in engine.run():
        if before is not None:   # stacked routes gathered an advance later, after any failure: those of their advance
            assert _same_storage(before[0].matrix, before[1])
            before = None
        if not versions or versions[-1] is not engine._routes_version:
            versions.append(engine._routes_version)
        draining = [int(i) for i in np.flatnonzero(engine.status == 1)]
        subs, fresh = _gathered_afresh(engine, draining)
        flows, moving = engine._active_flows(draining)
        if flows is None:
            continue
        stalled_seen += sum(len(engine.alive[i]) - len(a) for i, a in zip(draining, subs, strict=True))
        several += len(moving) > 1
        assert moving == [i for i, a in zip(draining, subs, strict=True) if len(a)]
        assert np.array_equal(flows.sub_index, np.concatenate(subs))
        delivered = rng.random(fresh.shape[1])
        assert engine._port_bytes(flows, moving, delivered).tobytes() == (fresh @ delivered).tobytes()
        before = (flows, fresh)
    assert len(versions) >= 3 and stalled_seen > 0 and several > 0   # a failure, a reroute, a repair; stalls


@pytest.mark.parametrize("seed", range(2))
def test_advances_under_one_routes_version_keep_rates_without_gathering_routes(seed):
    rng = np.random.default_rng(40 + seed)
    hit = rng.random((30, 200)) < 0.08
    hit[rng.integers(0, 30, 200), np.arange(200)] = True      # every flow crosses a port
    route = sp.csr_matrix(hit.astype(float))
    capacity = rng.choice([1.0, 2.0, 4.0], 30)
    model = MaxMinRateModel(SimpleNamespace(port_payload_Bps=capacity, flow_window_bytes=0.0))  # type: ignore
    remaining = rng.choice([0.25, 1.0, 1.0, 2.0], route.shape[1])
    alive, version, gathered, advances = np.arange(route.shape[1]), object(), [0], 0

    def routes(a: np.ndarray = alive) -> sp.csr_matrix:
        gathered[0] += 1
        return route[:, a]

    while len(alive):
        flows = ActiveFlows(lambda a=alive: routes(a), remaining[alive], np.zeros(len(alive), np.int64),
                            np.full(len(alive), -1), sub_index=alive, routes_version=version)
        adv = model.advance(flows, np.inf)
        assert adv.rates_Bps.tobytes() == max_min_rates(route[:, alive], model.capacity).tobytes()
        remaining[alive] -= adv.delivered_bytes
        alive = alive[remaining[alive] > 0]
        advances += 1
    assert advances > 10 and gathered[0] == model.solves < advances


def test_latency_grouped_once_records_what_each_subset_records():
    rng = np.random.default_rng(5)
    n = 500
    latency_ns, segment = rng.choice([900.0, 1250.5, 1250.5004, 2100.0], n), rng.choice([-1, 0, 2], n)
    groups = latency_groups(latency_ns, segment)
    grouped, plain = LatencyRecorder(), LatencyRecorder()
    for k, subs in enumerate([np.arange(n), np.sort(rng.choice(n, 40, replace=False)), np.flatnonzero(segment == 2)]):
        sent = rng.random(len(subs))
        grouped.add_grouped(groups, None if k == 0 else subs, sent, workload=k)
        plain.add(latency_ns[subs], sent, k, segment[subs])
    for name in ("_lat", "_bytes", "_workload", "_segment"):
        mine, theirs = getattr(grouped, name), getattr(plain, name)
        assert [x.tobytes() for x in mine] == [x.tobytes() for x in theirs], name
    assert grouped.summary_us(segment=2) == plain.summary_us(segment=2)
    assert grouped.summary_us(workload=1) == plain.summary_us(workload=1)
