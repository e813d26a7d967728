"""Junctions: where a split route's branches meet at a switch, joined as one sum instead of edge by edge.

In a flow's hop graph (designer/sim/paths.py) the nodes of one level that reach a switch X (set A) are joined to
every node of the next level that leaves X (set B), and the weights factor: a node u of A sends the same part w_v of
its bytes to each v of B (per-hop load balancing does not depend on where a packet came from), and the part of v's
backlog that came through u is the same a_u for every v. So the |A| x |B| edges carry no more than the sums

    bytes reaching v = w_v * (sum over u of bytes leaving u)
    bytes of v's backlog that came through u = a_u * (sum over v of v's backlog)

which take |A| + |B| operations a step. With adaptive routing over k spines and m parallel links per switch pair,
a junction has up to k*m nodes on each side; summing first saves a factor of about k*m on those joins.

Per node: `ja` the junction where the node is in A, `jb` the one where it is in B (-1 none), `last_a` whether it is
A's lowest-numbered node (the last one the step visits, walking a flow's nodes backwards: the sums are complete and
handed on there), and the weights `wa` = a_u, `wb` = w_v. A one-to-one join is a plain chain link (the kernel's
succ1/pred1) and gets no junction.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

OUT, OUT_MARKED, BEHIND = range(3)      # per-junction sums of a step (kernel scratch)


@dataclass
class Junctions:
    ja: np.ndarray               # per node (int32)
    jb: np.ndarray
    last_a: np.ndarray           # per node (bool)
    wa: np.ndarray               # per node
    wb: np.ndarray
    a_ptr: np.ndarray            # junction j's A nodes: a_node[a_ptr[j]:a_ptr[j + 1]]
    a_node: np.ndarray
    b_ptr: np.ndarray            # its B nodes: b_node[b_ptr[j]:b_ptr[j + 1]]
    b_node: np.ndarray
    sums: np.ndarray             # [junction, OUT/OUT_MARKED/BEHIND], zero between steps


def junctions(n_nodes: int, edge_from: np.ndarray, edge_to: np.ndarray, split: np.ndarray,
              share: np.ndarray, degrees: tuple[np.ndarray, np.ndarray] | None = None) -> Junctions:
    """The junctions of a hop graph's edges (`split`: part of the first node's bytes taking the edge, each node's
    splits summing to one; `share`: part of the second node's bytes that came by it). `degrees`: each node's count
    of edges out and in, when the caller has them."""
    ja, jb = np.full(n_nodes, -1, np.int32), np.full(n_nodes, -1, np.int32)   # 32 bits: a step streams them
    last_a = np.zeros(n_nodes, np.bool_)
    wa, wb = np.zeros(n_nodes), np.zeros(n_nodes)
    wa[edge_from] = share                             # the same for every edge of a node of A
    wb[edge_to] = split                               # the same for every edge into a node of B
    # an edge from a node with no other way out to a node with no other way in is a chain link: only the others join
    out_degree, in_degree = degrees if degrees is not None else \
        (np.bincount(edge_from, minlength=n_nodes), np.bincount(edge_to, minlength=n_nodes))
    if out_degree.max(initial=0) > 1 or in_degree.max(initial=0) > 1:
        forks = (out_degree[edge_from] > 1) | (in_degree[edge_to] > 1)
        edge_from, edge_to = edge_from[forks], edge_to[forks]
    else:
        edge_from, edge_to = edge_from[:0], edge_to[:0]      # chains only
    if len(edge_from) == 0:
        z = np.zeros(1, np.int64)
        return Junctions(ja, jb, last_a, wa, wb, z, z[:0], z, z[:0], np.zeros((0, 3)))
    # every node of B has all of A before it: the lowest of its predecessors names the junction
    lowest_pred = np.full(n_nodes, n_nodes, np.int64)
    np.minimum.at(lowest_pred, edge_to, edge_from)
    key = lowest_pred[edge_to]
    a_key, a_node = _pairs(key, edge_from)
    b_key, b_node = _pairs(key, edge_to)
    keys, n_a = np.unique(a_key, return_counts=True)
    n_b = np.unique(b_key, return_counts=True)[1]
    n_edges = np.unique(key, return_counts=True)[1]
    if not np.array_equal(n_edges, n_a * n_b) or len(_distinct(a_node)) != len(a_node):
        raise ValueError("a hop graph's join is not complete between the ports into and out of a switch")
    joined = (n_a > 1) | (n_b > 1)                  # one-to-one joins stay chain links
    number = np.full(len(keys), -1, np.int64)
    number[joined] = np.arange(int(joined.sum()))
    a_j, b_j = number[np.searchsorted(keys, a_key)], number[np.searchsorted(keys, b_key)]
    a_in, b_in = a_j >= 0, b_j >= 0
    ja[a_node[a_in]] = a_j[a_in]
    jb[b_node[b_in]] = b_j[b_in]
    last_a[keys[joined]] = True
    n_j = int(joined.sum())
    return Junctions(ja, jb, last_a, wa, wb, _ptr(a_j[a_in], n_j), a_node[a_in], _ptr(b_j[b_in], n_j),
                     b_node[b_in], np.zeros((n_j, 3)))


def no_junctions(n_nodes: int) -> Junctions:
    """What `junctions` finds for edges that are all chain links, but for the weights: those of a node in no
    junction are never read, so they are left at zero (untouched memory: 124 MB the 1,024-GPU AllToAll's 7.8 M
    nodes need not fill)."""
    z = np.zeros(1, np.int64)
    return Junctions(np.full(n_nodes, -1, np.int32), np.full(n_nodes, -1, np.int32), np.zeros(n_nodes, np.bool_),
                     np.zeros(n_nodes), np.zeros(n_nodes), z, z[:0], z, z[:0], np.zeros((0, 3)))


def joined(first: Junctions, second: Junctions, n_first: int) -> Junctions:
    """The junctions of two sets of flows side by side, the second's nodes numbered from `n_first` on: a junction
    lies inside one flow's graph, so those of flows added to a simulator are found alone and appended."""
    n_j = len(first.sums)
    ja, jb = (np.concatenate([x, np.where(y >= 0, y + n_j, y)]).astype(np.int32)
              for x, y in ((first.ja, second.ja), (first.jb, second.jb)))
    return Junctions(ja, jb, np.concatenate([first.last_a, second.last_a]), np.concatenate([first.wa, second.wa]),
                     np.concatenate([first.wb, second.wb]),
                     np.concatenate([first.a_ptr[:-1], second.a_ptr + first.a_ptr[-1]]),
                     np.concatenate([first.a_node, second.a_node + n_first]),
                     np.concatenate([first.b_ptr[:-1], second.b_ptr + first.b_ptr[-1]]),
                     np.concatenate([first.b_node, second.b_node + n_first]), np.zeros((n_j + len(second.sums), 3)))


def kept(jn: Junctions, node_keep: np.ndarray, node_new: np.ndarray) -> Junctions:
    """The junctions of the nodes `node_keep` (whole flows), renumbered: node_new gives each kept node's number."""
    a_count, b_count = np.diff(jn.a_ptr), np.diff(jn.b_ptr)
    keep = node_keep[jn.a_node[jn.a_ptr[:-1]]] if len(a_count) else np.zeros(0, dtype=bool)
    new_j = np.full(len(keep), -1, np.int64)
    new_j[keep] = np.arange(int(keep.sum()))
    lookup = np.append(new_j, -1).astype(np.int32)            # -1 (no junction) stays -1
    ja, jb = lookup[jn.ja[node_keep]], lookup[jn.jb[node_keep]]
    return Junctions(ja, jb, jn.last_a[node_keep], jn.wa[node_keep], jn.wb[node_keep],
                     _counts_ptr(a_count[keep]), node_new[jn.a_node[np.repeat(keep, a_count)]],
                     _counts_ptr(b_count[keep]), node_new[jn.b_node[np.repeat(keep, b_count)]],
                     np.zeros((int(keep.sum()), 3)))


def _counts_ptr(counts: np.ndarray) -> np.ndarray:
    out = np.zeros(len(counts) + 1, np.int64)
    np.cumsum(counts, out=out[1:])
    return out


def _pairs(key: np.ndarray, node: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The distinct (key, node) pairs, sorted by key then node (both are node numbers: packed into one integer for
    a 1-D unique)."""
    span = int(max(key.max(), node.max())) + 1
    packed = _distinct(key * span + node)
    return packed // span, packed % span


def _distinct(x: np.ndarray) -> np.ndarray:
    """The distinct values of x, sorted: by sorting, as `np.unique` does when asked for counts. Its hash table (NumPy
    2.3 on, without counts) took 74 of the 101 s of a 512-GPU InfiniBand AllToAll, whose installs and retires index
    its adaptive routes' junctions (millions of edges) each time; the sort takes a fiftieth of that."""
    s = np.sort(x)
    keep = np.ones(len(s), dtype=bool)
    keep[1:] = s[1:] != s[:-1]
    return s[keep]


def _ptr(junction: np.ndarray, n: int) -> np.ndarray:
    """Row pointers of members sorted by junction."""
    return np.searchsorted(junction, np.arange(n + 1)).astype(np.int64)
