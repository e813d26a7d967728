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
    return HopGraph(hops.sub.astype(np.int64), hops.port.astype(np.int64), level.astype(np.int64),
                    hops.share.astype(float), a.astype(np.int64), b.astype(np.int64), split,
                    carried / np.maximum(in_total[b], 1e-300))


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
