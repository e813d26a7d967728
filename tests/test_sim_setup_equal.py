"""The set-up's compiled and shortcut paths give what a straightforward reference gives, array for array.

Each reference below is the plain NumPy formulation the faster code replaced (a unique over padded rows, a stable
argsort, a bincount): the results of a run depend on these arrays bit for bit, so they are compared exactly.
"""

from __future__ import annotations

import numpy as np
import pytest
import scipy.sparse as sp

from designer.sim import paths
from designer.sim.compile import compile_fabric
from designer.sim.dynamics import layout as L
from designer.sim.dynamics.junctions import junctions
from designer.sim.fluid_queues import FluidQueues
from designer.sim.maxmin import max_min_rates, max_min_rates_scanned
from designer.sim.queue_pairs import Connections, byte_shares, connections, merged_hops
from designer.sim.routing import LAST_LEVEL, MAX_LEVELS, HopList, RouteOptions, Router
from designer.topology import generate


@pytest.fixture(scope="module")
def fabrics():
    return {kind: compile_fabric(generate("fat-tree", gpus=128, backend=kind)) for kind in ("rocev2", "ib")}


def _routes(fab, opts: RouteOptions, seed: int = 5):
    src = np.repeat(np.arange(fab.n_gpus), 3)
    dst = np.random.default_rng(seed).integers(0, fab.n_gpus, len(src))
    return Router(fab, seed=seed).route(src, dst, opts, 2**22)


# ---- references ------------------------------------------------------------------------------------------------
def _ref_connections(hops: HopList, flow_of_sub: np.ndarray, mergeable: np.ndarray) -> Connections:
    n = len(flow_of_sub)
    key_of_sub = np.arange(n)
    several = mergeable & (np.bincount(flow_of_sub, weights=mergeable, minlength=1)[flow_of_sub] > 1)
    cand = np.flatnonzero(several)
    if len(cand):
        rows = several[hops.sub]
        sub = np.searchsorted(cand, hops.sub[rows])
        per_sub = np.bincount(sub, minlength=len(cand))
        width = int(per_sub.max())
        column = np.arange(len(sub)) - np.concatenate([[0], np.cumsum(per_sub)[:-1]])[sub]
        key = np.full((len(cand), 1 + 3 * width), -1, dtype=np.int64)
        key[:, 0] = flow_of_sub[cand]
        key[sub, 1 + column] = hops.port[rows]
        key[sub, 1 + width + column] = hops.level[rows]
        key[sub, 1 + 2 * width + column] = np.ascontiguousarray(hops.share[rows], dtype=np.float64).view(np.int64)
        _, first, inverse = np.unique(key, axis=0, return_index=True, return_inverse=True)
        key_of_sub[cand] = cand[first][inverse.reshape(-1)]
    first, of_sub = np.unique(key_of_sub, return_inverse=True)
    return Connections(of_sub.reshape(-1), first, np.bincount(of_sub.reshape(-1), minlength=len(first)))


def _ref_sorted(h: HopList) -> HopList:
    level = np.where(h.level == LAST_LEVEL, MAX_LEVELS, h.level) + 2
    key = (h.sub * (MAX_LEVELS + 3) + level) * (int(h.port.max()) + 1) + h.port
    order = np.argsort(key, kind="stable")
    out = HopList(h.port[order], h.sub[order], h.share[order], h.level[order])
    key = key[order]
    new = np.ones(len(key), dtype=bool)
    new[1:] = key[1:] != key[:-1]
    if new.all():
        return out
    group = np.cumsum(new) - 1
    return HopList(out.port[new], out.sub[new], np.bincount(group, weights=out.share), out.level[new])


def _ref_index(n: int, edge_from: np.ndarray, edge_to: np.ndarray, split: np.ndarray, share: np.ndarray):
    def single(ptr, other):
        count = np.diff(ptr)
        out = np.where(count == 0, L.NONE, L.SEVERAL).astype(np.int32)
        one = count == 1
        out[one] = other[np.minimum(ptr[:-1], max(len(other) - 1, 0))[one]]
        return out

    order = np.argsort(edge_from, kind="stable")
    sptr = np.searchsorted(edge_from[order], np.arange(n + 1))
    counts = np.diff(sptr)
    node = np.repeat(np.arange(n), counts)
    total = np.bincount(node, weights=split[order], minlength=n)
    even = total[node] <= 0.0
    ssplit = np.where(even, 1.0 / np.maximum(counts[node], 1), split[order] / np.where(even, 1.0, total[node]))
    order_in = np.argsort(edge_to, kind="stable")
    pptr = np.searchsorted(edge_to[order_in], np.arange(n + 1))
    jn = junctions(n, edge_from[order], edge_to[order], ssplit, share[order])
    return single(sptr, edge_to[order]), single(pptr, edge_from[order_in]), jn


def _same(a: np.ndarray, b: np.ndarray) -> bool:
    a, b = np.asarray(a), np.asarray(b)
    return a.shape == b.shape and a.dtype == b.dtype and bool((a.view(np.uint8) == b.view(np.uint8)).all())


# ---- the tests -------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("shuffle", [False, True])
def test_queue_pairs_group_as_a_unique_over_their_rows_groups_them(fabrics, shuffle):
    """Queue pairs of one connection on one path (qps=16 on a fabric of few paths) merge exactly as a unique over
    their padded rows merges them, whatever order the flows' sub-flows come in and whichever may merge."""
    routed = _routes(fabrics["rocev2"], RouteOptions(qps=16))
    flow = routed.sub_flow.copy()
    if shuffle:                             # flows whose sub-flows are not side by side
        flow = np.random.default_rng(1).permutation(routed.n_flows)[flow]
    mergeable = np.random.default_rng(2).random(routed.n_sub) < 0.9
    got, want = connections(routed.hops, flow, mergeable), _ref_connections(routed.hops, flow, mergeable)
    assert want.n_groups < routed.n_sub            # some queue pairs do share a path
    for name in ("of_sub", "first", "count"):
        assert np.array_equal(getattr(got, name), getattr(want, name))


def test_rows_that_differ_only_in_share_or_level_stay_apart():
    """Rows equal in port but not in share bits or level are different routes."""
    port = np.array([3, 4, 3, 4, 3, 4, 3, 4, 3])
    level = np.array([0, 1, 0, 1, 0, 2, 0, 1, 0])
    share = np.array([1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 0.5, 1.0])
    sub = np.array([0, 0, 1, 1, 2, 2, 3, 3, 4])
    hops = HopList(port, sub, share, level)
    flow = np.zeros(5, np.int64)
    got = connections(hops, flow, np.ones(5, bool))
    assert got.of_sub.tolist() == [0, 0, 1, 2, 3]        # 0 and 1 alike; 2 differs in level, 3 in share, 4 in rows
    want = _ref_connections(hops, flow, np.ones(5, bool))
    assert np.array_equal(got.of_sub, want.of_sub)


@pytest.mark.parametrize("kind, opts", [("rocev2", RouteOptions(qps=16)), ("ib", RouteOptions(adaptive=True))])
def test_merged_routes_and_hop_graphs_match_the_general_path(fabrics, monkeypatch, kind, opts):
    """The merged routes equal a sort of every weighted row; the chain graph of single-path routes equals the
    general join of level groups (and split routes take the general join)."""
    routed = _routes(fabrics[kind], opts)
    groups = connections(routed.hops, routed.sub_flow, np.ones(routed.n_sub, bool))
    weight = byte_shares(groups, np.random.default_rng(3).random(routed.n_sub))
    got = merged_hops(routed.hops, groups, weight)
    want = _ref_sorted(HopList(routed.hops.port, groups.of_sub[routed.hops.sub],
                               routed.hops.share * weight[routed.hops.sub], routed.hops.level))
    for name in ("port", "sub", "share", "level"):
        assert _same(getattr(got, name), getattr(want, name)), name
    fab = fabrics[kind]
    assert paths._is_chains(np.asarray(got.sub), np.asarray(got.level)) == (kind == "rocev2")
    quick = paths.hop_graph(got, fab.port_src, fab.port_dst)
    monkeypatch.setattr(paths, "_is_chains", lambda sub, level: False)
    general = paths.hop_graph(got, fab.port_src, fab.port_dst)
    for name in vars(general):
        assert _same(getattr(quick, name), getattr(general, name)), name
    assert len(general.edge_from) > 0


def test_a_chain_broken_where_a_port_does_not_follow_has_no_edge_there(fabrics):
    fab = fabrics["rocev2"]
    routed = _routes(fab, RouteOptions(qps=1))
    hops = routed.hops
    swapped = hops.port.copy()
    swapped[1], swapped[5] = swapped[5], swapped[1]          # two sub-flows whose second hop no longer follows
    broken = HopList(swapped, hops.sub, hops.share, hops.level)
    quick = paths.hop_graph(broken, fab.port_src, fab.port_dst)
    assert paths._is_chains(np.asarray(hops.sub, np.int64), np.asarray(hops.level, np.int64))
    new_level = np.ones(len(hops.sub), bool)
    new_level[1:] = (np.diff(hops.sub) != 0) | (np.diff(hops.level) != 0)
    a, b = paths._consecutive_joins(np.cumsum(new_level) - 1, hops.sub, fab.port_dst[swapped], fab.port_src[swapped])
    assert np.array_equal(quick.edge_from, a) and np.array_equal(quick.edge_to, b)


def test_route_rows_sort_and_merge_as_a_stable_argsort_and_a_bincount_do():
    """Rows of many sub-flows in any order, with and without repeated (sub-flow, level, port) rows."""
    rng = np.random.default_rng(4)
    n = 3000
    sub = rng.integers(0, 400, n)
    level = rng.choice(np.array([0, 1, 2, 3, LAST_LEVEL, -2]), n)
    port = rng.integers(0, 30, n)
    share = rng.random(n)
    once = _ref_sorted(HopList(port, sub, share, level))            # no repeated rows left
    for h in (HopList(port, sub, share, level), HopList(once.port[::-1], once.sub[::-1], once.share[::-1],
                                                        once.level[::-1])):
        got, want = h.sorted(), _ref_sorted(h)
        for name in ("port", "sub", "share", "level"):
            assert _same(getattr(got, name), getattr(want, name)), name
    assert len(once.port) < n


@pytest.mark.parametrize("kind, opts", [("rocev2", RouteOptions(qps=8)), ("ib", RouteOptions(adaptive=True))])
def test_the_simulators_edge_index_matches_the_reference(fabrics, kind, opts):
    """Single next and previous nodes, conserving splits and junctions of flows added in two batches (the second
    appended after the first) equal the reference built from all edges at once (the weights where the step reads
    them: at the nodes of a junction; flows that are all chains leave the others at zero)."""
    fab = fabrics[kind]
    routed = _routes(fab, opts)
    fq = FluidQueues(fab, [{}])
    fq._start(1e-3, False)
    sim = fq.sim
    half = routed.n_sub // 2
    for part in (np.arange(half), np.arange(half, routed.n_sub)):
        keep = np.zeros(routed.n_sub, bool)
        keep[part] = True
        renumber = np.full(routed.n_sub, -1, np.int64)
        renumber[part] = np.arange(len(part))
        hops = routed.hops.select(keep, renumber)
        groups = fq._connections(hops, routed, part, 0)
        weight = byte_shares(groups, np.ones(len(part)))
        graph = paths.hop_graph(merged_hops(hops, groups, weight), fab.port_src, fab.port_dst)
        sim.add_flows(fq._flow_set(graph, part, np.ones(len(part)), routed, 0, 0, groups, weight))
    succ1, pred1, jn = _ref_index(len(sim.hq), sim.edge_from, sim.edge_to, sim.edge_split, sim.edge_share)
    assert _same(sim.succ1, succ1) and _same(sim.pred1, pred1)
    for name, value in vars(jn).items():
        if name in ("wa", "wb"):
            read = (jn.ja if name == "wa" else jn.jb) >= 0
            assert _same(getattr(sim.jn, name)[read], value[read]), name
            assert len(getattr(sim.jn, name)) == len(value) and (read.any() or not getattr(sim.jn, name).any())
        else:
            assert _same(getattr(sim.jn, name), value), name
    assert np.array_equal(sim.aports, np.unique(sim.hport)) and sim.aports.dtype == np.int32
    assert (len(sim.jn.sums) > 0) == (kind == "ib")          # split routes join at switches, single paths do not
    assert sim.fi[:, L.NNODES].sum() == len(sim.hq)


def test_queued_max_min_fill_gives_the_scanned_fills_rates():
    """The fill that queues ports gives, bit for bit, the rates of the fill that scans every port each round: on
    random routes with whole and fractional shares, uneven capacities and some senders' own limits, and on a
    fat-tree's ECMP queue pairs (many rounds, ports saturating at many levels)."""
    rng = np.random.default_rng(0)
    for _ in range(150):
        n_ports, n_flows = int(rng.integers(2, 40)), int(rng.integers(1, 80))
        m = sp.random(n_ports, n_flows, density=rng.random() * 0.3 + 0.02, random_state=rng, format="csr")
        m.data = np.ones(len(m.data)) if rng.random() < 0.5 else np.round(m.data * 4) / 4 + 0.25
        uneven = 1.0 if rng.random() < 0.5 else rng.random(n_ports) + 0.5
        cap = rng.choice([10.0, 25.0, 40.0, 100.0], n_ports) * uneven
        demand = None if rng.random() < 0.5 else rng.choice([1.0, 5.0, 7.5, np.inf], n_flows)
        assert _same(max_min_rates(m, cap, demand), max_min_rates_scanned(m, cap, demand))
    fab = compile_fabric(generate("fat-tree", gpus=256, backend="rocev2"))
    routed = _routes(fab, RouteOptions(qps=8))
    cap = fab.port_payload_Bps.astype(float)
    assert _same(max_min_rates(routed.matrix, cap), max_min_rates_scanned(routed.matrix, cap))


def test_the_compiled_splitmix_is_the_vectorised_one():
    from designer.sim.hashing import mix64, mix64_one

    values = np.array([0, 1, 2**63 + 5, 123_456_789_123, 2**64 - 1], dtype=np.uint64)
    assert [int(mix64_one(v)) for v in values] == [int(x) for x in mix64(values)]


def _ref_hash_fields(seed: int, *fields: np.ndarray) -> np.ndarray:
    from designer.sim.hashing import mix64

    h = mix64(np.uint64(seed & 0xFFFFFFFFFFFFFFFF) + np.zeros(1, dtype=np.uint64))
    for f in fields:
        h = mix64(h ^ np.asarray(f).astype(np.uint64))
    return h


def test_fields_hash_in_one_pass_as_in_numpys_passes():
    from designer.sim.hashing import hash_fields

    rng = np.random.default_rng(3)
    n = 5_000
    signed = rng.integers(-(2**40), 2**40, n)                         # negative values wrap as NumPy casts them
    small = rng.integers(0, 300, n).astype(np.int32)
    wide = rng.integers(0, 2**63, n).astype(np.uint64) * np.uint64(2)
    strided = np.arange(2 * n, dtype=np.uint64)[::2]                  # not contiguous
    for seed in (1, -7, 2**64 - 1):
        for fields in ((signed,), (small, wide), (signed, small, wide), (strided, small)):
            assert np.array_equal(hash_fields(seed, *fields), _ref_hash_fields(seed, *fields))
    assert len(hash_fields(1, signed[:0], small[:0])) == 0
    one = np.array([5], dtype=np.int64)                              # broadcast fields keep NumPy's passes
    assert np.array_equal(hash_fields(2, signed, one), _ref_hash_fields(2, signed, one))


def test_an_ecmp_branch_takes_the_candidate_its_hash_picks():
    from designer.sim.routing import _hashed_pick

    rng = np.random.default_rng(4)
    count = rng.integers(1, 9, 50)
    vptr = np.concatenate([[0], np.cumsum(count)])
    vcand = rng.integers(0, 1_000, int(vptr[-1]))
    pair = rng.integers(0, 50, 2_000)
    h = rng.integers(0, 2**63, 2_000).astype(np.uint64) * np.uint64(2) + np.uint64(1)
    ref = vcand[vptr[pair] + (h % count[pair].astype(np.uint64)).astype(np.int64)]
    assert np.array_equal(_hashed_pick(h, vptr, vcand, pair), ref)
