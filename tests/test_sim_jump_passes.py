"""The compiled passes of a window's bookkeeping and of the steady-state jumps give what the NumPy chains they
replaced gave, bit for bit: a jump's advance of every flow (with queues that grow and marks), the bytes a flow may
send before a jump ends, the bounds of the first and last predicted finish, the ports some flows cross, the
sub-flows still alive, a window's sums cleared, and the zeros of a window that lost nothing booked per segment.
Results of a run depend on these bit for bit, so each is compared exactly with the plain NumPy form."""

from __future__ import annotations

import numpy as np

from designer.sim.dynamics import layout as L
from designer.sim.dynamics import steady
from designer.sim.dynamics.columns import by_column
from designer.sim.dynamics.jumps import _advance_flows, _flows_left_B
from designer.sim.dynamics.stepper import _crossed, _crossed_by, _zero_if_any
from designer.sim.phase_life import _still_alive
from designer.sim.segment_totals import add_by_segment, add_by_segment_and_masked, add_zero_by_segment

N_PORTS = 40


def _same(a: np.ndarray, b: np.ndarray) -> bool:
    a, b = np.asarray(a), np.asarray(b)
    return a.shape == b.shape and a.dtype == b.dtype and bool((np.ascontiguousarray(a).view(np.uint8)
                                                               == np.ascontiguousarray(b).view(np.uint8)).all())


def _flows(seed: int, n: int = 400) -> dict[str, np.ndarray]:
    """Flows with 1-5 nodes each at random ports, their state (some done, some with nothing left) and queues."""
    rng = np.random.default_rng(seed)
    n_nodes = rng.integers(1, 6, n).astype(np.int64)
    first = np.concatenate([[0], np.cumsum(n_nodes)[:-1]]).astype(np.int64)
    e = int(n_nodes.sum())
    fs = rng.random((n, L.N_FLOW_STATE)) * 1e6
    fs[rng.random(n) < 0.1, L.REMAINING] = 0.0
    fs[rng.random(n) < 0.1, L.USEFUL_LEFT] = 0.0
    useful_a = rng.random(n) * 1e6
    useful_b = useful_a + rng.random(n) * 1e5 * (rng.random(n) < 0.8)     # some flows stand still
    useful_c = useful_b + rng.random(n) * 1e5 * (rng.random(n) < 0.8)
    share = np.where(rng.random(N_PORTS) < 0.5, rng.random(N_PORTS) - 0.3, 0.0)
    return {"fs": by_column(fs), "first": first, "n_nodes": n_nodes, "hport": rng.integers(0, N_PORTS, e)
            .astype(np.uint32), "hq": rng.random(e) * 1e5 * (rng.random(e) < 0.7), "hqm": rng.random(e) * 1e3,
            "a": useful_a, "b": useful_b, "c": useful_c, "marked_x": rng.random(n) * 1e3,
            "marked_y": rng.random(n) * 2e3, "share": share,
            "ck_sent": by_column(rng.random((n, 3)) * 1e6)}


def _grow_reference(d: dict[str, np.ndarray], room_B: np.ndarray) -> np.ndarray:
    """The growth of every node's queue, flow by flow in node order, as the NumPy-era `_grow_hops` did it."""
    added = np.zeros(len(d["first"]))
    for f in range(len(d["first"])):
        nodes = np.arange(d["first"][f], d["first"][f] + d["n_nodes"][f])
        grow_B = 0.0
        for e in nodes:
            if d["share"][d["hport"][e]] != 0.0:
                grow_B += d["hq"][e] * d["share"][d["hport"][e]]
        room = max(room_B[f], 0.0)
        cut = room / max(grow_B, 1e-30) if grow_B > room_B[f] else 1.0
        for e in nodes:
            if d["share"][d["hport"][e]] != 0.0:
                grow = d["share"][d["hport"][e]] * cut
                d["hq"][e] += d["hq"][e] * grow
                d["hqm"][e] += d["hqm"][e] * grow
        added[f] = min(grow_B * cut, room)
    return added


def test_a_jumps_advance_of_the_flows_matches_its_numpy_form():
    for grow in (False, True):
        ref, got = _flows(1), _flows(1)
        fs, k, k_marked = ref["fs"], 3.7, 0.6
        d_B = np.minimum((ref["c"] - ref["b"]) * k, np.minimum(fs[:, L.REMAINING], fs[:, L.USEFUL_LEFT]))
        d_sent = d_B + _grow_reference(ref, fs[:, L.REMAINING] - d_B) if grow else d_B
        fs[:, L.USEFUL_LEFT] -= d_B
        fs[:, L.W_USEFUL] += d_B
        fs[:, L.C_USEFUL] += d_B
        fs[:, L.SENT] += d_sent
        fs[:, L.REMAINING] -= d_sent
        fs[:, L.ARRIVED] += d_B
        d_marked = (ref["marked_y"] - ref["marked_x"]) * k_marked
        fs[:, L.W_MARKED] += d_marked
        fs[:, L.C_MARKED] += d_marked
        ref["ck_sent"] += d_sent[:, None]
        _advance_flows(got["fs"], got["b"], got["c"], k, bool(grow), got["first"], got["n_nodes"], got["hport"],
                       got["share"], got["hq"], got["hqm"], True, got["marked_x"], got["marked_y"], k_marked,
                       got["ck_sent"])
        for name in ("fs", "hq", "hqm", "ck_sent"):
            assert _same(got[name], ref[name]), (grow, name)


def test_the_bytes_a_flow_may_send_before_a_jump_ends_match_their_numpy_form():
    d = _flows(2)
    fs, span_s = d["fs"], 2.5e-4
    for grow in (False, True):
        left_B = np.minimum(fs[:, L.USEFUL_LEFT], fs[:, L.REMAINING])
        if grow:
            rate_Bps = (d["c"] - d["a"]) / span_s
            grow_Bps = np.array([sum(d["hq"][e] * d["share"][d["hport"][e]]
                                     for e in range(d["first"][f], d["first"][f] + d["n_nodes"][f])
                                     if d["share"][d["hport"][e]] != 0.0) for f in range(len(left_B))], dtype=float)
            to_send_B = fs[:, L.REMAINING] * rate_Bps / np.maximum(rate_Bps + grow_Bps, 1e-30)
            left_B = np.minimum(left_B, np.where(rate_Bps > 0.0, to_send_B, left_B))
        port_B = np.bincount(d["hport"], weights=np.repeat(left_B, d["n_nodes"]), minlength=N_PORTS)
        got_left, got_port = np.empty(len(left_B)), np.zeros(N_PORTS)
        _flows_left_B(fs, bool(grow), d["a"], d["c"], span_s, d["first"], d["n_nodes"], d["hport"], d["hq"],
                      d["share"], got_left, got_port)
        assert _same(got_left, left_B) and _same(got_port, port_B)


def test_the_bounds_of_a_jumps_predicted_finishes_match_their_numpy_form():
    d = _flows(3)
    snaps = [steady.Snapshot(t, 1, 0, u, u, 0.0, np.zeros((1, 1)), np.zeros(1), np.zeros((1, 1)), np.zeros(1), 0.0,
                             0.0) for t, u in ((1e-3, d["a"]), (1.3e-3, d["b"]), (1.5e-3, d["c"]))]
    left_B, floor_s, probe_s = d["fs"][:, L.USEFUL_LEFT], 4e-6, 2e-4
    r = steady.rates(snaps[0], snaps[2])
    moving = r > 0.0
    finish_s = left_B[moving] / r[moving]
    r1, r2 = steady.rates(snaps[0], snaps[1])[moving], steady.rates(snaps[1], snaps[2])[moving]
    margin_s = np.clip(2.0 * (np.abs(r2 - r1) / np.maximum(r1 + r2, 1e-30)) * finish_s, floor_s, probe_s)
    spans_s = np.array([steady._per_s(snaps[0], snaps[1]), steady._per_s(snaps[1], snaps[2]),
                        steady._per_s(snaps[0], snaps[2])])
    got = steady._finish_bounds(d["a"], d["b"], d["c"], spans_s, left_B, floor_s, probe_s)
    assert 0 < got[0] < len(left_B)
    assert got == (int(moving.sum()), float(finish_s.max()), float((finish_s - margin_s).min()))


def test_ports_crossed_alive_sub_flows_and_cleared_sums_match_their_numpy_form():
    d = _flows(4)
    rng = np.random.default_rng(4)
    some = rng.random(len(d["first"])) < 0.2
    assert _same(_crossed_by(d["first"], d["n_nodes"], d["hport"], some, N_PORTS),
                 _crossed(d["hport"][np.repeat(some, d["n_nodes"])], N_PORTS))
    remaining = rng.random(1000) * (rng.random(1000) < 0.5)
    alive = np.flatnonzero(rng.random(1000) < 0.8)
    assert _same(_still_alive(remaining, alive, 1e-3), alive[remaining[alive] > 1e-3])
    everyone = np.flatnonzero(remaining > 0.0)
    assert _still_alive(remaining, everyone, 0.0) is everyone         # none finished: the same array, no copy
    sums = by_column(np.array([[0.0, -0.0, 0.0], [0.0, 0.0, 5.0], [-0.0, 0.0, -0.0]]))
    for col in range(3):
        _zero_if_any(sums[:, col])
    assert _same(sums, by_column(np.array([[0.0, -0.0, 0.0], [0.0, 0.0, 0.0], [-0.0, 0.0, 0.0]])))


def _same_totals(got: dict[int, float], ref: dict[int, float]) -> bool:
    return list(got) == list(ref) and all(_same(np.float64(got[k]), np.float64(ref[k])) for k in ref)


def test_zeros_and_masked_sums_booked_per_segment_match_add_by_segment():
    rng = np.random.default_rng(5)
    for segments in ([2], [-1, 0, 3]):
        seg = rng.choice(np.array(segments), 300)
        ref: dict[int, float] = {0: -0.0, 7: 1.5}
        got = dict(ref)
        add_by_segment(ref, seg, np.zeros(len(seg)))
        add_zero_by_segment(got, seg)
        assert _same_totals(got, ref)
        values, mask = rng.random(300) * 1e9, rng.random(300) < 0.6
        ref_all, ref_masked, got_all, got_masked = dict(ref), {}, dict(ref), {}
        add_by_segment(ref_all, seg, values, None)
        add_by_segment(ref_masked, seg, values, None, mask)
        add_by_segment_and_masked(got_all, got_masked, seg, values, None, mask)
        assert _same_totals(got_all, ref_all) and _same_totals(got_masked, ref_masked)
