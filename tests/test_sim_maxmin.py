"""Max-min fair rates: hand-computed cases and the defining property on random routes."""

from __future__ import annotations

import numpy as np
import pytest
import scipy.sparse as sp

from designer.sim.maxmin import max_min_rates


def _route(rows: list[list[float]]) -> sp.csr_matrix:
    return sp.csr_matrix(np.array(rows, dtype=float))     # ports x flows, traffic shares


def test_the_parking_lot_gives_the_shared_link_to_the_flow_that_is_not_held_elsewhere():
    # port 0 (10 units) carries flows a and b; port 1 (4 units) carries a and c: a and c get 2, b the 8 left
    rates = max_min_rates(_route([[1, 1, 0], [1, 0, 1]]), np.array([10.0, 4.0]))
    assert rates == pytest.approx([2.0, 8.0, 2.0])


def test_a_sender_limit_leaves_the_rest_to_the_others():
    rates = max_min_rates(_route([[1, 1]]), np.array([10.0]), demand=np.array([1.0, np.inf]))
    assert rates == pytest.approx([1.0, 9.0])


def test_a_split_flow_counts_its_share_on_each_port():
    # flow a sends half over each port (1 unit each), flow b uses port 0 alone: both grow at the same pace x until
    # port 0 fills at x/2 + x = 1, so both get 2/3 (and port 1 carries 1/3)
    rates = max_min_rates(_route([[0.5, 1], [0.5, 0]]), np.array([1.0, 1.0]))
    assert rates == pytest.approx([2 / 3, 2 / 3])


def test_dead_ports_stop_their_flows_and_portless_flows_keep_their_limit():
    rates = max_min_rates(_route([[1, 0, 0], [0, 1, 0]]), np.array([0.0, 5.0]), demand=np.array([3.0, 9.0, 7.0]))
    assert rates == pytest.approx([0.0, 5.0, 7.0])
    assert max_min_rates(_route([[0.0]]), np.array([1.0]))[0] == np.inf


@pytest.mark.parametrize("seed", range(40))
def test_random_routes_are_feasible_and_every_flow_has_a_bottleneck(seed):
    """Max-min fairness: no port carries more than its capacity, and every flow is held by its own limit or by a
    full port on which no flow gets more than it does."""
    rng = np.random.default_rng(seed)
    n_ports, n_flows = int(rng.integers(2, 30)), int(rng.integers(1, 120))
    route = sp.random(n_ports, n_flows, density=0.15, random_state=seed, format="csr")
    route.data = np.where(rng.random(len(route.data)) < 0.5, 1.0, route.data)
    capacity = rng.uniform(1.0, 100.0, n_ports)
    demand = rng.uniform(0.5, 40.0, n_flows) if seed % 2 else None
    rates = max_min_rates(route, capacity, demand)
    crosses = np.diff(route.T.tocsr().indptr) > 0
    assert np.isfinite(rates[crosses]).all()
    load = route @ np.where(crosses, rates, 0.0)
    assert (load <= capacity * (1 + 1e-9) + 1e-9).all()
    full = load >= capacity * (1 - 1e-7)
    dense = route.toarray() > 0
    for f in np.flatnonzero(crosses):
        if demand is not None and rates[f] >= demand[f] * (1 - 1e-9):
            continue
        on = dense[:, f] & full
        assert any(rates[dense[p]].max() <= rates[f] * (1 + 1e-9) for p in np.flatnonzero(on)), f


@pytest.mark.parametrize("seed", range(6))
def test_queue_pairs_alike_solved_as_one_get_each_queue_pairs_rate_bit_for_bit(seed):
    """Runs of flows on the same ports with the same limit (the queue pairs of one connection on one path) are
    filled as one flow counted k times: the rates equal, bit for bit, those of the fill that takes every flow on
    its own (the scanned reference), on routes where connections of 1 to 16 queue pairs share uneven ports."""
    from designer.sim.maxmin import max_min_rates_scanned

    rng = np.random.default_rng(seed)
    n_ports, n_conn = 24, 300
    qps = rng.integers(1, 17, n_conn)
    ports = [rng.choice(n_ports, size=int(rng.integers(1, 4)), replace=False) for _ in range(n_conn)]
    cols = np.repeat(np.arange(n_conn), qps)
    rows = [ports[c] for c in cols]
    route = sp.csr_matrix((np.ones(sum(len(r) for r in rows)),
                           (np.concatenate(rows), np.repeat(np.arange(len(cols)), [len(r) for r in rows]))),
                          shape=(n_ports, len(cols)))
    capacity = rng.uniform(1.0, 100.0, n_ports) * rng.choice([1.0, 1 / 3, 0.1], n_ports)
    demand = np.where(rng.random(n_conn) < 0.3, rng.uniform(0.01, 2.0, n_conn), np.inf)[cols]
    for d in (None, demand):
        got, want = max_min_rates(route, capacity, d), max_min_rates_scanned(route, capacity, d)
        assert got.tobytes() == want.tobytes()
        assert len(np.unique(got)) > 5                   # many levels, not one shared rate


def _connections(seed: int, n_ports: int = 24, n_conn: int = 200) -> tuple[sp.csr_matrix, np.ndarray]:
    """Connections of 1 to 16 queue pairs, each on 1 to 3 of uneven ports (whole shares), and the capacities."""
    rng = np.random.default_rng(seed)
    qps = rng.integers(1, 17, n_conn)
    ports = [rng.choice(n_ports, size=int(rng.integers(1, 4)), replace=False) for _ in range(n_conn)]
    rows = [ports[c] for c in np.repeat(np.arange(n_conn), qps)]
    route = sp.csr_matrix((np.ones(sum(len(r) for r in rows)),
                           (np.concatenate(rows), np.repeat(np.arange(len(rows)), [len(r) for r in rows]))),
                          shape=(n_ports, len(rows)))
    return route, rng.uniform(1.0, 100.0, n_ports) * rng.choice([1.0, 1 / 3, 0.1], n_ports)


@pytest.mark.parametrize("seed", range(6))
def test_flows_below_the_fastest_keep_their_rates_bit_for_bit_when_the_fastest_leave(seed):
    """`same_rates_without`: taking out the flows of the top levels (with their demands) leaves every other flow's
    rate as it was, bit for bit, as a solve from scratch finds; taking out a slow flow is not claimed, and does
    change rates (the parking lot: without the flow held at 2, the others grow)."""
    from designer.sim.maxmin import same_rates_without

    route, capacity = _connections(seed)
    rng = np.random.default_rng(100 + seed)
    demand = np.where(rng.random(route.shape[1]) < 0.2, rng.uniform(0.01, 2.0, route.shape[1]), np.inf)
    for d in (None, demand):
        rates = max_min_rates(route, capacity, d)
        levels = np.unique(rates)
        assert len(levels) > 5
        for top in (1, 3, len(levels) // 2):
            leaving = rates >= levels[-top]
            assert same_rates_without(rates, leaving, True)
            stay = ~leaving
            again = max_min_rates(route[:, np.flatnonzero(stay)], capacity, None if d is None else d[stay])
            assert again.tobytes() == rates[stay].tobytes()
        assert not same_rates_without(rates, rates <= levels[0], True)
        assert not same_rates_without(rates, rates >= levels[-1], False)     # fractional shares: no claim
    lot = _route([[1, 1, 0], [1, 0, 1]])
    rates = max_min_rates(lot, np.array([10.0, 4.0]))
    assert not same_rates_without(rates, np.array([True, False, False]), True)
    assert max_min_rates(lot[:, [1, 2]], np.array([10.0, 4.0])).tolist() == [10.0, 4.0]


def _profile_solving_every_level(route: sp.csr_matrix, capacity: np.ndarray,
                                 sub_bytes: np.ndarray) -> tuple[np.ndarray, list[tuple[float, float]]]:
    """The solo profile's drain as it was computed before: a solve from scratch at every level."""
    remaining, finish, alive, t, levels = sub_bytes.astype(float).copy(), np.zeros(len(sub_bytes)), \
        np.flatnonzero(sub_bytes > 0), 0.0, []
    while len(alive):
        rates = max_min_rates(route[:, alive] if len(alive) < route.shape[1] else route, capacity)
        dt_each = remaining[alive] / np.maximum(rates, 1e-300)
        dt = float(dt_each.min())
        levels.append((dt, float(rates.sum())))
        remaining[alive] -= rates * dt
        t += dt
        done = dt_each <= dt * (1 + 1e-9)
        finish[alive[done]] = t
        remaining[alive[done]] = 0.0
        alive = alive[~done]
    return finish, levels


@pytest.mark.parametrize("seed", range(4))
def test_the_solo_profile_skips_solves_and_drains_bit_for_bit_as_solving_every_level(seed):
    """Equal bytes (the fastest finish first: one solve) and uneven bytes (some levels need a new solve): the profile
    equals the one that solves at every level, bit for bit, with fewer solves than levels."""
    from types import SimpleNamespace

    from designer.sim.rate_model import MaxMinRateModel

    route, capacity = _connections(seed)
    rng = np.random.default_rng(200 + seed)
    for sub_bytes in (np.ones(route.shape[1]), rng.choice([0.0, 0.0625, 1.0, 3.0], route.shape[1])):
        model = MaxMinRateModel(SimpleNamespace(port_payload_Bps=capacity, flow_window_bytes=0.0))  # type: ignore
        prof = model.solo_profile(route, sub_bytes)
        finish, levels = _profile_solving_every_level(route, capacity, sub_bytes)
        assert prof.sub_finish_s_per_byte.tobytes() == finish.tobytes()
        assert prof.levels == levels and prof.drain_s_per_byte == finish.max()
        assert len(levels) > 5 and model.solves < len(levels)
        assert model.solves == 1 if sub_bytes.max() == 1.0 else model.solves > 1    # both ways taken


@pytest.mark.parametrize("seed", range(3))
def test_advances_keep_the_last_rates_only_where_a_solve_would_find_them_bit_for_bit(seed):
    """Advance after advance, as the engine drains flows: every advance's rates equal a solve from scratch, bit for
    bit, while the model solves less often than it advances; a new capacity (a failure) makes it solve again."""
    from types import SimpleNamespace

    from designer.sim.rate_model import ActiveFlows, MaxMinRateModel

    route, capacity = _connections(seed)
    rng = np.random.default_rng(300 + seed)
    model = MaxMinRateModel(SimpleNamespace(port_payload_Bps=capacity, flow_window_bytes=0.0))  # type: ignore
    remaining = rng.choice([0.0625, 1.0, 1.0, 3.0], route.shape[1])
    alive, advances = np.arange(route.shape[1]), 0
    while len(alive):
        if advances == 4:
            model.set_capacity(capacity * 0.5)
        solves = model.solves
        flows = ActiveFlows(route[:, alive], remaining[alive], np.zeros(len(alive), np.int64),
                            np.full(len(alive), -1), sub_index=alive)
        adv = model.advance(flows, np.inf)
        assert adv.rates_Bps.tobytes() == max_min_rates(flows.matrix, model.capacity).tobytes()
        if advances in (0, 4):
            assert model.solves == solves + 1
        remaining[alive] -= adv.delivered_bytes
        alive = alive[remaining[alive] > 0]
        advances += 1
    assert advances > 10 and 2 < model.solves < advances
