"""Routes as hop graphs: the fluid queues move each flow's bytes hop by hop, so every sub-flow becomes a small
graph of (port, hop level) nodes with the share of its bytes each carries.

A single-path route (ECMP, Subnet-Manager tables) is a chain. A split route (adaptive routing, packet spraying)
fans out where the switches choose among several ports and joins where the branches meet again; at each switch the
bytes go on through the ports leaving it in proportion to their shares (the split of per-hop load balancing does
not depend on where a packet came from). Written as a graph the size stays linear in the ports a route uses, where
listing every way through a three-tier fabric would multiply the choices of each tier.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from designer.sim.dynamics.jit import njit
from designer.sim.routing import HopList


@dataclass
class HopGraph:
    """Nodes of all sub-flows, sub-flow by sub-flow and level by level; edges join consecutive levels.

    Node k: `port[k]` at hop `level[k]` of sub-flow `sub[k]` carrying `share[k]` of its bytes. Edge j goes from node
    `edge_from[j]` to `edge_to[j]`; `edge_split[j]` is the part of the first node's bytes that takes it and
    `edge_share[j]` the part of the second node's bytes that came by it."""

    sub: np.ndarray
    port: np.ndarray
    level: np.ndarray
    share: np.ndarray
    edge_from: np.ndarray
    edge_to: np.ndarray
    edge_split: np.ndarray
    edge_share: np.ndarray

    @property
    def nodes(self) -> int:
        return len(self.port)


def hop_graph(hops: HopList, port_src: np.ndarray, port_dst: np.ndarray) -> HopGraph:
    """The hop graph of routes given as rows sorted by sub-flow then level (level numbers need not be dense)."""
    n = len(hops.port)
    if n == 0:
        z = np.zeros(0, np.int64)
        return HopGraph(z, z, z, np.zeros(0), z, z, np.zeros(0), np.zeros(0))
    sub, port, share = np.asarray(hops.sub, np.int64), np.asarray(hops.port, np.int64), np.asarray(hops.share, float)
    if _is_chains(sub, np.asarray(hops.level, np.int64)):
        return HopGraph(sub, port, *_chain_graph(sub, port, share, np.asarray(port_src, np.int64),
                                                 np.asarray(port_dst, np.int64)))
    new_level = np.ones(n, dtype=bool)
    new_level[1:] = (np.diff(hops.sub) != 0) | (np.diff(hops.level) != 0)
    group = np.cumsum(new_level) - 1                      # one id per (sub-flow, level)
    starts = np.flatnonzero(new_level)
    first_group_of_sub = np.full(int(hops.sub.max()) + 1, -1, np.int64)
    first_group_of_sub[hops.sub[starts][::-1]] = group[starts][::-1]
    level = group - first_group_of_sub[hops.sub]         # 0, 1, 2, ... within each sub-flow
    # edges: every node with the nodes of the next level of the same sub-flow that leave the switch it reaches
    # (NVLink ports start and end at the server, so they join on the server itself), found by sorting the nodes
    # on (level group, switch they leave) rather than by trying every pair of consecutive levels
    a, b = _consecutive_joins(group, hops.sub, port_dst[hops.port], port_src[hops.port])
    # a node's bytes split over its edges by the next nodes' shares; a node's arrivals come by its edges in
    # proportion to the previous nodes' shares times those splits
    out_total = np.bincount(a, weights=hops.share[b], minlength=n)
    split = hops.share[b] / np.maximum(out_total[a], 1e-300)
    carried = hops.share[a] * split
    in_total = np.bincount(b, weights=carried, minlength=n)
    return HopGraph(sub, port, level.astype(np.int64), share, a.astype(np.int64), b.astype(np.int64), split,
                    carried / np.maximum(in_total[b], 1e-300))


@njit
def _is_chains(sub: np.ndarray, level: np.ndarray) -> bool:
    """Whether the rows are single-path routes in sub-flow order: one row per (sub-flow, level)."""
    for i in range(1, len(sub)):
        if sub[i] < sub[i - 1] or (sub[i] == sub[i - 1] and level[i] == level[i - 1]):
            return False
    return True


@njit
def _chain_graph(sub: np.ndarray, port: np.ndarray, share: np.ndarray, port_src: np.ndarray,
                 port_dst: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray,
                                                np.ndarray]:
    """`hop_graph` of single-path routes (`_is_chains`): (level, share, edge from, edge to, split, edge share).
    Each node's next level group is the next node, joined to it where that is of the same sub-flow and leaves the
    node it reaches. A node has at most one edge out and one in, so the sums of the general path are each one term
    (0.0 + x, as a bincount adds it) and the arithmetic below is the general path's."""
    n = len(sub)
    level = np.zeros(n, np.int64)
    joined = np.zeros(n, np.bool_)
    m = 0
    for i in range(1, n):
        if sub[i] == sub[i - 1]:
            level[i] = level[i - 1] + 1
            if port_src[port[i]] == port_dst[port[i - 1]]:
                joined[i - 1] = True
                m += 1
    a, b = np.empty(m, np.int64), np.empty(m, np.int64)
    split, edge_share = np.empty(m), np.empty(m)
    e = 0
    for i in range(n - 1):
        if joined[i]:
            a[e], b[e] = i, i + 1
            split[e] = share[i + 1] / _floor(0.0 + share[i + 1])
            carried = share[i] * split[e]
            edge_share[e] = carried / _floor(0.0 + carried)
            e += 1
    return level, share, a, b, split, edge_share


@njit
def _floor(x: float) -> float:
    """np.maximum(x, 1e-300) (NaN stays NaN)."""
    return x if (x != x or x > 1e-300) else 1e-300


def _consecutive_joins(group: np.ndarray, sub: np.ndarray, reaches: np.ndarray,
                       leaves: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Pairs (a, b) of nodes with b in the level group after a's, of the same sub-flow, leaving the node a reaches;
    ordered by a, then b."""
    n = len(group)
    span = int(max(reaches.max(initial=0), leaves.max(initial=0))) + 1
    b_key = group * span + leaves
    order = np.argsort(b_key, kind="stable")
    sorted_key = b_key[order]
    want = (group + 1) * span + reaches
    lo = np.searchsorted(sorted_key, want, side="left")
    hi = np.searchsorted(sorted_key, want, side="right")
    count = hi - lo
    a = np.repeat(np.arange(n), count)
    offs = np.arange(int(count.sum())) - np.repeat(np.cumsum(count) - count, count)
    b = order[lo[a] + offs]
    same = sub[a] == sub[b]
    return a[same], b[same]
