"""The links of the flows' nodes, as the step walks them: each node's only next and previous node (succ1, pred1)
where it has one, the junctions where a split route's branches join (junctions.py), and which flows are one chain
in order (walked without reading the links).

A flow is a graph of nodes, its hops (a port at a level of its route: network.FlowSet.graph): a single path is a
chain, a split route's branches fork and join. The simulator (stepper.py) indexes the edges of all its flows'
graphs here each time its flows change; every byte reaching a node goes on along its edges (`_conserving`).
"""

from __future__ import annotations

import numpy as np

from designer.sim.dynamics import layout as L
from designer.sim.dynamics.jit import njit
from designer.sim.dynamics.junctions import Junctions, joined, junctions, kept, no_junctions


def node_links(n: int, edge_from: np.ndarray, edge_to: np.ndarray, edge_split: np.ndarray,
               edge_share: np.ndarray) -> tuple[np.ndarray, np.ndarray, Junctions]:
    """(succ1, pred1, junctions) of `n` nodes joined by these edges: each node's single next and previous node where
    it has one (`_single`: the chain of a one-path flow), and the junctions where a split route's branches join."""
    succ1, pred1, only_chains = _chain_links(n, edge_from, edge_to)
    if only_chains:                              # no node has two edges out or in: no junction anywhere
        return succ1, pred1, no_junctions(n)
    e_from, e_to, e_split, e_share = _by_key(edge_from, edge_from, edge_to, edge_split, edge_share)
    sptr = _pointers(e_from, n)
    ssplit = _conserving(sptr, e_split, e_from)
    succ1 = _single(sptr, e_to)
    in_to, in_from = _by_key(edge_to, edge_to, edge_from)
    pptr = _pointers(in_to, n)
    pred1 = _single(pptr, in_from)
    return succ1, pred1, junctions(n, e_from, e_to, ssplit, e_share, (np.diff(sptr), np.diff(pptr)))


Links = tuple[np.ndarray, np.ndarray, Junctions]


def appended_links(old: Links, n_old: int, new: Links) -> Links:
    """`node_links` of the old nodes' edges and new ones side by side, the new links (`node_links` of the new edges
    alone) numbered from `n_old` on: no edge joins two flows, so a simulator indexes only the flows it adds."""
    succ1, pred1 = ([np.concatenate([a, np.where(b >= 0, b + n_old, b)]).astype(np.int32)
                     for a, b in ((old[0], new[0]), (old[1], new[1]))])
    return succ1, pred1, joined(old[2], new[2], n_old)


def kept_links(old: Links, node_keep: np.ndarray, node_new: np.ndarray) -> Links:
    """`node_links` of the nodes `node_keep` (whole flows), renumbered by `node_new`, from those of all of them."""
    succ1, pred1 = ([np.where(x >= 0, node_new[np.maximum(x, 0)], x).astype(np.int32)
                     for x in (old[0][node_keep], old[1][node_keep])])
    return succ1, pred1, kept(old[2], node_keep, node_new)


def _conserving(sptr: np.ndarray, split: np.ndarray, node: np.ndarray | None = None) -> np.ndarray:
    """Each node's out-splits scaled to sum to one, so that every byte reaching a node goes on whatever rounding
    the route's shares carry (a node whose splits are all 0 sends its bytes on evenly): the queues never lose
    bytes to a route. `node`: each edge's node, when the caller has it (the edges are in node order)."""
    if node is None:
        node = np.repeat(np.arange(len(sptr) - 1), np.diff(sptr))
    out: np.ndarray = _conserving_splits(np.asarray(sptr, np.int64), np.asarray(node, np.int64),
                                         np.asarray(split, np.float64))
    return out


@njit
def _conserving_splits(sptr: np.ndarray, node: np.ndarray, split: np.ndarray) -> np.ndarray:
    """`_conserving` in one pass to sum each node's splits (in edge order, as a weighted bincount adds them) and
    one to scale them."""
    n = len(sptr) - 1
    total = np.zeros(n)
    for e in range(len(node)):
        total[node[e]] += split[e]
    out = np.empty(len(node))
    for e in range(len(node)):
        k = node[e]
        out[e] = 1.0 / max(sptr[k + 1] - sptr[k], 1) if total[k] <= 0.0 else split[e] / total[k]
    return out


def _by_key(key: np.ndarray, *arrays: np.ndarray) -> list[np.ndarray]:
    """The arrays in the stable order of `key` (as they are when the key is sorted already: edges appended flow
    by flow run in node order, and a single-path flow's edges also in the order of the nodes they reach)."""
    if len(key) < 2 or bool((key[1:] >= key[:-1]).all()):
        return list(arrays)
    order = np.argsort(key, kind="stable")
    return [a[order] for a in arrays]


@njit
def _pointers(sorted_node: np.ndarray, n: int) -> np.ndarray:
    """Row pointers of items sorted by node (node k's items: [ptr[k], ptr[k + 1]))."""
    ptr = np.zeros(n + 1, np.int64)
    for k in sorted_node:
        ptr[k + 1] += 1
    for k in range(n):
        ptr[k + 1] += ptr[k]
    return ptr


@njit
def _single(ptr: np.ndarray, other: np.ndarray) -> np.ndarray:
    """Per node: the node at the other end of its only edge (which carries all its bytes), else SEVERAL (the node
    is then in a junction, junctions.py) or NONE without edges."""
    n = len(ptr) - 1
    out = np.empty(n, np.int32)
    for k in range(n):
        count = ptr[k + 1] - ptr[k]
        out[k] = L.NONE if count == 0 else (other[ptr[k]] if count == 1 else L.SEVERAL)
    return out


@njit
def _chain_links(n: int, edge_from: np.ndarray, edge_to: np.ndarray) -> tuple[np.ndarray, np.ndarray, bool]:
    """(succ1, pred1, whether every node has at most one edge out and one in): `_single` of the edges by node
    and by next node where that holds (each node's only edge, in any order), found in one pass over the edges
    without sorting or pointers; where it fails the caller takes the general path."""
    succ1, pred1 = np.full(n, L.NONE, np.int32), np.full(n, L.NONE, np.int32)
    for j in range(len(edge_from)):
        a, b = edge_from[j], edge_to[j]
        if succ1[a] != L.NONE or pred1[b] != L.NONE:
            return succ1, pred1, False
        succ1[a], pred1[b] = b, a
    return succ1, pred1, True


@njit
def chains(first: np.ndarray, n_nodes: np.ndarray, succ1: np.ndarray, pred1: np.ndarray,
            ja: np.ndarray) -> np.ndarray:
    """Per flow: whether its nodes are one chain in order (each node's only next node the one after it, the first
    with none before it, no junction), which the step walks without reading the links."""
    out = np.zeros(len(first), np.bool_)
    for f in range(len(first)):
        if n_nodes[f] <= 0:
            continue
        a, last = first[f], first[f] + n_nodes[f] - 1
        ok = pred1[a] == L.NONE
        for e in range(a, last + 1):
            if ja[e] >= 0 or (e < last and succ1[e] != e + 1) or (e > a and pred1[e] != e - 1):
                ok = False
                break
        out[f] = ok
    return out
