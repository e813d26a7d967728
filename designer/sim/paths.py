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
    new_level = np.ones(n, dtype=bool)
    new_level[1:] = (np.diff(hops.sub) != 0) | (np.diff(hops.level) != 0)
    group = np.cumsum(new_level) - 1                      # one id per (sub-flow, level)
    starts = np.flatnonzero(new_level)
    first_group_of_sub = np.full(int(hops.sub.max()) + 1, -1, np.int64)
    first_group_of_sub[hops.sub[starts][::-1]] = group[starts][::-1]
    level = group - first_group_of_sub[hops.sub]         # 0, 1, 2, ... within each sub-flow
    # candidate edges: every node with every node of the next level of the same sub-flow that leaves the switch
    # it reaches (NVLink ports start and end at the server, so they join on the server itself)
    n_groups = int(group.max()) + 1
    g_start = np.concatenate([starts, [n]])
    nxt_lo, nxt_hi = g_start[np.minimum(group + 1, n_groups)], g_start[np.minimum(group + 2, n_groups)]
    same_sub_next = (group + 1 < n_groups) & (hops.sub[np.minimum(nxt_lo, n - 1)] == hops.sub)
    count = np.where(same_sub_next, nxt_hi - nxt_lo, 0)
    a = np.repeat(np.arange(n), count)
    offs = np.arange(int(count.sum())) - np.repeat(np.cumsum(count) - count, count)
    b = nxt_lo[a] + offs
    joined = port_dst[hops.port[a]] == port_src[hops.port[b]]
    a, b = a[joined], b[joined]
    # a node's bytes split over its edges by the next nodes' shares; a node's arrivals come by its edges in
    # proportion to the previous nodes' shares times those splits
    out_total = np.bincount(a, weights=hops.share[b], minlength=n)
    split = hops.share[b] / np.maximum(out_total[a], 1e-300)
    carried = hops.share[a] * split
    in_total = np.bincount(b, weights=carried, minlength=n)
    return HopGraph(hops.sub.astype(np.int64), hops.port.astype(np.int64), level.astype(np.int64),
                    hops.share.astype(float), a.astype(np.int64), b.astype(np.int64), split,
                    carried / np.maximum(in_total[b], 1e-300))
