"""The step's and the window report's shortcuts give what the general code gives, bit for bit.

A latency's histogram bin is looked up instead of taken from its logarithm; a flow whose nodes are one chain in
order is stepped without reading its nodes' links (moves._move_chain, backlogs._aggregate_chain); the losses of
a step are cleared only after a step that dropped bytes, and its arrivals noted only where a drop may read them; a
node without marked bytes at a port that marks none moves without the marking arithmetic (moves._leave); a step
adds up the next step's port backlogs in its delivery pass instead of a pass of their own (backlogs._aggregate); a
window's port backlogs, per-sub-flow sums and per-segment totals are taken in one pass. Results of a run depend on
these bit for bit, so each is compared exactly with the general path or the plain NumPy formulation it replaced.
"""

from __future__ import annotations

import copy

import numpy as np
import pytest

from designer.sim.compile import compile_fabric
from designer.sim.dynamics import delivery_time, moves
from designer.sim.dynamics import layout as L
from designer.sim.dynamics.columns import by_column
from designer.sim.dynamics.jit import njit
from designer.sim.dynamics.stepper import FluidSimulator, port_sums
from designer.sim.fluid_queues import FluidQueues, _weighted
from designer.sim.paths import hop_graph
from designer.sim.queue_pairs import byte_shares, merged_hops
from designer.sim.routing import RouteOptions, Router
from designer.sim.segment_totals import add_by_segment, segment_bounds
from designer.topology import generate

STATE = ("fs", "fi", "fr", "dq", "am", "rs", "hq", "hqm", "harr", "ps", "pl", "pr", "pa", "used", "hist", "sc",
         "ck_t", "ck_sent", "ck_cur", "ck_meta", "group_left")


def _same(a: np.ndarray, b: np.ndarray) -> bool:
    a, b = np.asarray(a), np.asarray(b)
    return a.shape == b.shape and a.dtype == b.dtype and bool((np.ascontiguousarray(a).view(np.uint8)
                                                               == np.ascontiguousarray(b).view(np.uint8)).all())


def _twin(sim: FluidSimulator) -> FluidSimulator:
    """A copy of `sim` whose per-flow tables keep the layout of a run's (a view leaving out a spare row, columns.py):
    a plain deep copy makes them contiguous, and the step would be compiled once more for that layout alone."""
    twin = copy.deepcopy(sim)
    for name in ("fi", "fr", "fs", "dq", "am", "rs", "ck_sent"):
        setattr(twin, name, by_column(getattr(twin, name)))
    return twin


def _loaded(kind: str, opts: RouteOptions, options: dict) -> FluidSimulator:
    """A simulator holding transfers of every GPU of a 128-GPU fat tree to random ones among 16 (incasts that fill
    queues, pause their upstream and, in a lossy class, drop)."""
    fab = compile_fabric(generate("fat-tree", gpus=128, backend=kind))
    src = np.repeat(np.arange(fab.n_gpus), 3)
    dst = np.random.default_rng(7).integers(0, 16, len(src))
    dst = np.where(dst == src, (dst + 1) % 16, dst)
    routed = Router(fab, seed=7).route(src, dst, opts, 2**22)
    fq = FluidQueues(fab, [options])
    fq._start(1e-3, False)
    sim = fq.sim
    assert sim is not None and routed.hops is not None
    subs = np.arange(routed.n_sub)
    remaining = np.full(routed.n_sub, 4e5)
    groups = fq._connections(routed.hops, routed, subs, 0)
    weight = byte_shares(groups, remaining)
    graph = hop_graph(merged_hops(routed.hops, groups, weight), fab.port_src, fab.port_dst)
    sim.add_flows(fq._flow_set(graph, subs, remaining, routed, 0, 0, groups, weight))
    return sim


CASES = [("rocev2", RouteOptions(qps=4), {}), ("rocev2", RouteOptions(qps=4), {"pfc": False}),
         ("ib", RouteOptions(adaptive=True), {})]


@pytest.mark.parametrize("kind, opts, options", CASES)
def test_chain_flows_step_as_the_general_walk_of_their_graph(kind, opts, options):
    """Every step of every flow taken through the general walk of its nodes' links gives the same state as the
    chain walk (single paths are chains; adaptive routing's split routes are not)."""
    sim = _loaded(kind, opts, options)
    general = _twin(sim)
    general.chain[:] = False
    assert sim.chain.all() if kind == "rocev2" else 0 < sim.chain.sum() < sim.F
    for s in (sim, general):
        s.window(120, stop_on_group=False)
    assert sim.sc[L.DROPPED] > 0 if "pfc" in options else sim.sc[L.DROPPED] == 0
    assert (sim.pa[:, L.PAUSED_S] > 0).any() or "pfc" in options or kind == "ib"
    for name in STATE:
        assert _same(getattr(sim, name), getattr(general, name)), name


@pytest.mark.parametrize("kind, opts, options", CASES[:2])
def test_losses_cleared_only_after_a_dropping_step_as_when_cleared_every_step(kind, opts, options):
    """Windows of one step (each clears every flow's losses first) and one window of as many steps (clearing them
    only after a step that dropped) end in the same state."""
    sim = _loaded(kind, opts, options)
    each = _twin(sim)
    sim.window(120, stop_on_group=False)
    for _ in range(120):
        each.window(1, stop_on_group=False)
    for name in STATE:
        assert _same(getattr(sim, name), getattr(each, name)), name


def test_backlogs_added_up_in_the_delivery_pass_as_in_a_pass_of_their_own():
    """Windows of one step (each adds up its backlogs in a pass of its own) and one window of as many steps (each
    step adding up the next one's in its delivery pass) end in the same state, on split routes whose branches join
    (the test above compares the same on chains, with and without drops)."""
    sim = _loaded(*CASES[2])
    each = _twin(sim)
    sim.window(120, stop_on_group=False)
    for _ in range(120):
        each.window(1, stop_on_group=False)
    assert (sim.ps[:, L.Q_ALL] > 0).any() and (sim.pl[:, :, L.L_INGALL] > 0).any()
    for name in STATE:
        assert _same(getattr(sim, name), getattr(each, name)), name


@pytest.mark.parametrize("kind, opts, options", [CASES[0], CASES[2]])
def test_steps_that_note_no_arrivals_drop_nothing_and_end_as_those_that_do(kind, opts, options):
    """Without a node a switch may drop, a step notes each node's arrivals only where a PFC ingress might overflow
    its headroom: the same run noting them every step (as a lossy node makes it) ends in the same state but for the
    notes themselves."""
    sim = _loaded(kind, opts, options)
    noted = _twin(sim)
    assert not sim.lossy_nodes
    noted.lossy_nodes = True
    for s in (sim, noted):
        s.window(120, stop_on_group=False)
    assert sim.sc[L.DROPPED] == 0
    for name in STATE:
        if name != "harr":
            assert _same(getattr(sim, name), getattr(noted, name)), name
    assert _loaded("rocev2", RouteOptions(qps=4), {"pfc": False}).lossy_nodes


def test_port_backlogs_and_window_sums_match_their_numpy_form():
    sim = _loaded("rocev2", RouteOptions(qps=4), {})
    sim.window(60, stop_on_group=False)
    n = sim.pp.shape[0]
    assert _same(sim.queue_B(), np.bincount(sim.hport, weights=sim.hq, minlength=n))
    rng = np.random.default_rng(3)
    values = rng.random(len(sim.hport)) * 1e6
    assert _same(port_sums(sim.hport, values, n), np.bincount(sim.hport, weights=values, minlength=n))
    fs = sim.fs
    flows = rng.permutation(sim.F)
    weight = rng.random(sim.F)
    got = [np.empty(sim.F) for _ in range(4)]
    _weighted(fs[:, L.W_USEFUL], fs[:, L.W_MARKED], flows, weight, got[0], got[1])
    _weighted(fs[:, L.W_LOST], fs[:, L.W_RESENT], flows, weight, got[2], got[3])
    for col, value in zip((L.W_USEFUL, L.W_MARKED, L.W_LOST, L.W_RESENT), got, strict=True):
        assert _same(value, np.bincount(np.arange(sim.F), weights=fs[flows, col] * weight, minlength=sim.F))


@pytest.mark.parametrize("segments", [[2], [-1, 0, 3]])
def test_segment_totals_with_bounds_and_a_mask_match_the_masked_array(segments):
    """Sums per segment given the segments' bounds and a mask equal those of np.where(mask, values, 0.0)."""
    rng = np.random.default_rng(5)
    seg = rng.choice(np.array(segments), 5000)
    values = rng.random(5000) * 1e9
    mask = rng.random(5000) < 0.7
    got: dict[int, float] = {7: 1.5}
    want: dict[int, float] = {7: 1.5}
    add_by_segment(got, seg, values, segment_bounds(seg), mask)
    add_by_segment(want, seg, np.where(mask, values, 0.0))
    assert got == want and set(got) == {7, *segments}


@njit
def _bins(latency_s: np.ndarray, looked_up: bool) -> np.ndarray:
    out = np.empty(len(latency_s), np.int64)
    for i in range(len(latency_s)):
        out[i] = delivery_time.bin_of(latency_s[i]) if looked_up else delivery_time.bin_by_log(latency_s[i])
    return out


def test_latency_bins_looked_up_are_the_bins_by_their_logarithm():
    """On latencies spread over every bin, on the few thousand doubles either side of each bin's first latency and
    of each cell's, and on the edge values (zero, negative, tiny, huge, infinite, not a number)."""
    rng = np.random.default_rng(11)
    spread = 10.0 ** rng.uniform(-10.0, 2.0, 400_000)
    starts = delivery_time.BIN_STARTS_S[1:].view(np.int64)
    near = (starts[:, None] + np.arange(-1000, 1001)[None, :]).reshape(-1).view(np.float64)
    cells = ((np.arange(4000) + delivery_time._CELL_BASE) << delivery_time._CELL_SHIFT)
    near_cells = (cells[:, None] + np.arange(-3, 4)[None, :]).reshape(-1).view(np.float64)
    edges = np.array([0.0, -0.0, -1e-6, 5e-324, 1e-300, 7.4e-9, 2.0 ** -27, 16.0, 15.999999, 1e300, np.inf, -np.inf,
                      np.nan])
    for latency in (spread, near, near_cells, edges):
        assert np.array_equal(_bins(latency, True), _bins(latency, False))
    assert np.array_equal(_bins(delivery_time.BIN_STARTS_S[1:], True), np.arange(1, delivery_time.N_BINS))


@njit
def _moved(general: bool, qe: np.ndarray, share: np.ndarray, hpc: np.ndarray, hport: np.ndarray,
           state: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]) -> np.ndarray:
    """Node 2i's bytes leave port i (its share of `qe[i]`) and arrive at node 2i + 1: through the kernel's
    `_leave` and `_arrive`, or through the general arithmetic they shortcut (marked bytes always computed and
    added). `state`: (hq, hqm, ps, pr). Returns each node's (bytes out, marked out)."""
    hq, hqm, ps, pr = state
    out = np.empty((len(qe), 2))
    for i in range(len(qe)):
        e = 2 * i
        if general:
            sent = qe[i] * share[i]
            sent_m = hqm[e] * share[i]
            marked = sent_m + (sent - sent_m) * pr[i, 0, L.R_MARK]
            hq[e] = qe[i] - sent
            hqm[e] -= sent_m
            pr[i, L.PORT, L.R_SERVED_NOW] += sent
            pr[i, L.PORT, L.R_SERVED] += sent
            if not hpc[e]:
                pr[i, L.PORT, L.R_SERVED_OT] += sent
            hq[e + 1] += sent
            hqm[e + 1] += marked
            if not hpc[e + 1]:
                ps[hport[e + 1], L.ARR_OT] += sent
        else:
            sent, marked = moves._leave(i, 0, e, qe[i], share[i], pr, hpc, hq, hqm)
            moves._arrive(e + 1, sent, marked, ps, hport, hpc, hq, hqm, hq, False)
        out[i, 0], out[i, 1] = sent, marked
    return out


def test_nodes_without_marked_bytes_move_as_the_general_arithmetic_moves_them():
    """Nodes with and without marked bytes, at ports that mark and that do not, with shares up to the whole
    backlog, arriving at nodes with and without marked bytes: the same bytes and marked bytes out, and the same
    state after, bit for bit."""
    rng = np.random.default_rng(13)
    n = 20_000
    qe = rng.random(n) * 1e6
    share = np.where(rng.random(n) < 0.2, 1.0, rng.random(n))
    pr = rng.random((n, 1, L.N_RECORD))
    pr[:, 0, L.R_MARK] = np.where(rng.random(n) < 0.5, 0.0, rng.random(n))
    hpc = rng.random(2 * n) < 0.7
    hport = rng.integers(0, n, 2 * n).astype(np.uint32)
    hq = rng.random(2 * n) * 1e6
    hqm = np.where(rng.random(2 * n) < 0.5, 0.0, hq * rng.random(2 * n))
    ps = rng.random((n, L.N_PORT_STATE))
    states = [(hq.copy(), hqm.copy(), ps.copy(), pr.copy()) for _ in range(2)]
    moved = [_moved(general, qe, share, hpc, hport, state) for general, state in zip((True, False), states,
                                                                                      strict=True)]
    assert (moved[0][:, 1] == 0.0).mean() > 0.2 and (moved[0][:, 1] > 0.0).mean() > 0.5
    assert _same(moved[0], moved[1])
    for general, fast in zip(*states, strict=True):
        assert _same(general, fast)
