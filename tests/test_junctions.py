"""Junctions of split routes (designer/sim/dynamics/junctions.py): the sums stand for every edge they replace."""

import numpy as np
import pytest

from designer.sim.dynamics.junctions import junctions
from designer.sim.paths import hop_graph
from designer.sim.routing import HopList


def _adaptive_route():
    """One sub-flow: NIC port 0 -> leaf uplinks 1-4 (two to each of spines A and B) -> spine downlinks 5-8 (two
    from each spine) -> leaf downlink 9, with unequal shares as a route's split can carry."""
    port = np.array([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
    level = np.array([0, 1, 1, 1, 1, 2, 2, 2, 2, 3])
    share = np.array([1.0, 0.1, 0.2, 0.3, 0.4, 0.12, 0.18, 0.3, 0.4, 1.0])
    #                  switch each port leaves (src) and reaches (dst): 100 leaf, 200/201 spines, 300 leaf, 9xx NICs
    src = np.array([900, 100, 100, 100, 100, 200, 200, 201, 201, 300])
    dst = np.array([100, 200, 200, 201, 201, 300, 300, 300, 300, 901])
    hops = HopList(port, np.zeros(10, np.int64), share, level)
    return hop_graph(hops, src, dst)


def test_the_sums_equal_every_edge_of_the_graph():
    g = _adaptive_route()
    split = g.edge_split / np.bincount(g.edge_from, weights=g.edge_split, minlength=g.nodes)[g.edge_from]
    j = junctions(g.nodes, g.edge_from, g.edge_to, split, g.edge_share)
    # 1 -> 4 fan-out, two 2 x 2 joins at the spines, 4 -> 1 fan-in
    sizes = sorted(zip(np.diff(j.a_ptr).tolist(), np.diff(j.b_ptr).tolist(), strict=True))
    assert sizes == [(1, 4), (2, 2), (2, 2), (4, 1)]
    out_B = np.arange(1.0, g.nodes + 1)                 # bytes each node sends this step
    backlog_B = np.linspace(5.0, 50.0, g.nodes)
    # edge by edge
    arrive_edges = np.bincount(g.edge_to, weights=out_B[g.edge_from] * split, minlength=g.nodes)
    behind_edges = np.bincount(g.edge_from, weights=backlog_B[g.edge_to] * g.edge_share, minlength=g.nodes)
    # by junction
    arrive_j, behind_j = np.zeros(g.nodes), np.zeros(g.nodes)
    for k in range(len(j.a_ptr) - 1):
        a, b = j.a_node[j.a_ptr[k]:j.a_ptr[k + 1]], j.b_node[j.b_ptr[k]:j.b_ptr[k + 1]]
        arrive_j[b] += out_B[a].sum() * j.wb[b]
        behind_j[a] += backlog_B[b].sum() * j.wa[a]
    assert arrive_j == pytest.approx(arrive_edges, rel=1e-12)
    assert behind_j == pytest.approx(behind_edges, rel=1e-12)
    assert set(np.flatnonzero(j.last_a)) == {0, 1, 3, 5}      # the lowest upstream node of each junction


def test_a_join_that_is_not_complete_is_refused():
    g = _adaptive_route()
    keep = np.ones(len(g.edge_from), dtype=bool)
    keep[np.flatnonzero((g.edge_from == 1) & (g.edge_to == 5))] = False     # one edge of a 2 x 2 join missing
    with pytest.raises(ValueError, match="not complete"):
        junctions(g.nodes, g.edge_from[keep], g.edge_to[keep], g.edge_split[keep], g.edge_share[keep])


def test_chain_links_beside_a_split_route_get_no_junction():
    """A one-path flow's links are chain links (no junction, no sums), and the split route numbered after it keeps
    exactly the junctions it has alone."""
    g = _adaptive_route()
    split = g.edge_split / np.bincount(g.edge_from, weights=g.edge_split, minlength=g.nodes)[g.edge_from]
    alone = junctions(g.nodes, g.edge_from, g.edge_to, split, g.edge_share)
    chain = 3                                            # nodes 0 -> 1 -> 2 -> 3, then the split route
    ef = np.concatenate([[0, 1, 2], g.edge_from + chain + 1])
    et = np.concatenate([[1, 2, 3], g.edge_to + chain + 1])
    j = junctions(g.nodes + chain + 1, ef, et, np.concatenate([np.ones(3), split]),
                  np.concatenate([np.ones(3), g.edge_share]))
    assert (j.ja[:chain + 1] == -1).all() and (j.jb[:chain + 1] == -1).all() and not j.last_a[:chain + 1].any()
    assert np.array_equal(j.ja[chain + 1:], alone.ja) and np.array_equal(j.jb[chain + 1:], alone.jb)
    assert np.array_equal(j.a_node, alone.a_node + chain + 1) and np.array_equal(j.b_ptr, alone.b_ptr)
    assert np.array_equal(j.wb[chain + 1:], alone.wb) and np.array_equal(j.wa[chain + 1:], alone.wa)


def _links_equal(x, y):
    """Two `node_links` results agree on everything the step reads (a node's weights only where it is in a
    junction)."""
    (s1, p1, j1), (s2, p2, j2) = x, y
    assert np.array_equal(s1, s2) and np.array_equal(p1, p2)
    for name in ("ja", "jb", "last_a", "a_ptr", "a_node", "b_ptr", "b_node"):
        assert np.array_equal(getattr(j1, name), getattr(j2, name)), name
    assert np.allclose(np.where(j1.ja >= 0, j1.wa, 0), np.where(j2.ja >= 0, j2.wa, 0))
    assert np.allclose(np.where(j1.jb >= 0, j1.wb, 0), np.where(j2.jb >= 0, j2.wb, 0))
    assert j1.sums.shape == j2.sums.shape


def test_links_of_added_and_retired_flows_equal_those_found_anew():
    """A simulator indexes only the flows it adds (appended_links) and keeps those of the flows it keeps
    (kept_links): the same links as indexing all its edges again."""
    from designer.sim.dynamics.links import appended_links, kept_links, node_links

    g = _adaptive_route()
    chain = (np.arange(3), np.arange(1, 4), np.ones(3), np.ones(3))            # a 4-node single path
    parts = [(g.nodes, g.edge_from, g.edge_to, g.edge_split, g.edge_share), (4, *chain),
             (g.nodes, g.edge_from, g.edge_to, g.edge_split, g.edge_share)]
    links, n = node_links(0, *(np.zeros(0, np.int64),) * 2, np.zeros(0), np.zeros(0)), 0
    edges = [np.zeros(0, np.int64)] * 2 + [np.zeros(0)] * 2
    for nodes, *e in parts:
        links = appended_links(links, n, node_links(nodes, *e))
        edges = [np.concatenate([old, new + n if k < 2 else new]) for k, (old, new) in enumerate(zip(edges, e,
                                                                                                    strict=True))]
        n += nodes
    _links_equal(links, node_links(n, *edges))
    keep = np.ones(n, dtype=bool)
    keep[:g.nodes] = False                                  # the first flow retires
    new = np.full(n, -1, np.int64)
    new[keep] = np.arange(int(keep.sum()))
    rest = [new[e][keep[edges[0]]] if k < 2 else e[keep[edges[0]]] for k, e in enumerate(edges)]
    _links_equal(kept_links(links, keep, new), node_links(int(keep.sum()), *rest))


def test_links_of_kept_single_paths_have_no_junctions():
    from designer.sim.dynamics.links import appended_links, kept_links, node_links

    chain = (np.arange(3), np.arange(1, 4), np.ones(3), np.ones(3))
    both = appended_links(node_links(4, *chain), 4, node_links(4, *chain))
    keep = np.arange(8) >= 4
    new = np.where(keep, np.arange(8) - 4, -1)
    _links_equal(kept_links(both, keep, new), node_links(4, *chain))
