"""Queue pairs of one connection that hash onto the same path move through the fluid queues as one flow.

RoCEv2 fabrics for AI open several queue pairs per connection (16 in Meta's, SIGCOMM 2024) so that ECMP hashes a
connection onto several paths; the collective's bytes are divided evenly among them. On a fabric with few paths
between two leaves several queue pairs land on the same one. Where their senders do not react to congestion (no
DCQCN, no TCP-like window) and the class is lossless, such queue pairs are indistinguishable in a fluid FIFO: each
injects at line rate as far as the NIC queue has room (room shared in proportion to demand), every queue on the
path drains their bytes in proportion, and a pause stops them alike. k of them on one path are therefore simulated
as one flow that carries their bytes and offers k times the line rate: the same bytes on the same ports at the same
times, for a k-th of the work.

Queue pairs on different paths stay separate flows even then: each is delivered in order on its own path, and one
flow split over their paths would report the latency of in-order delivery over all of them (the slowest path's
for every byte). Senders running DCQCN or a window keep one flow per queue pair: each counts its own marked packets
and bytes (its CNPs and rate increases), which a merged flow would not reproduce; so do lossy classes, where each
queue pair recovers its own losses.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from designer.sim.routing import HopList


@dataclass
class Connections:
    """Sub-flows grouped into simulated flows: `of_sub[j]` is the flow of sub-flow j, `first[g]` the first sub-flow
    of flow g (flows numbered in the order of their first sub-flow), `count[g]` how many sub-flows it carries."""

    of_sub: np.ndarray
    first: np.ndarray
    count: np.ndarray

    @property
    def n_groups(self) -> int:
        return len(self.first)


def connections(hops: HopList, flow_of_sub: np.ndarray, mergeable: np.ndarray) -> Connections:
    """Group sub-flows 0..n-1 (hops sorted by sub-flow, then level, then port, as `HopList.sorted` leaves them)
    that belong to one flow, cross the same ports at the same levels with the same shares, and are `mergeable`;
    every other sub-flow is a group of its own. Only flows with several mergeable sub-flows are compared (a flow of
    one queue pair, such as every adaptive-routed or sprayed one, costs nothing here)."""
    n = len(flow_of_sub)
    key_of_sub = np.arange(n)                                 # each sub-flow its own group unless merged below
    several = mergeable & (np.bincount(flow_of_sub, weights=mergeable, minlength=1)[flow_of_sub] > 1)
    cand = np.flatnonzero(several)
    if len(cand):
        rows = several[hops.sub]
        sub = np.searchsorted(cand, hops.sub[rows])            # candidate index of each of their hop rows
        per_sub = np.bincount(sub, minlength=len(cand))
        width = int(per_sub.max())
        column = np.arange(len(sub)) - np.concatenate([[0], np.cumsum(per_sub)[:-1]])[sub]
        key = np.full((len(cand), 1 + 3 * width), -1, dtype=np.int64)
        key[:, 0] = flow_of_sub[cand]
        key[sub, 1 + column] = hops.port[rows]
        key[sub, 1 + width + column] = hops.level[rows]
        key[sub, 1 + 2 * width + column] = np.ascontiguousarray(hops.share[rows], dtype=np.float64).view(np.int64)
        _, first, inverse = np.unique(key, axis=0, return_index=True, return_inverse=True)
        key_of_sub[cand] = cand[first][inverse.reshape(-1)]     # the first sub-flow of its group
    return _numbered(key_of_sub)


def _numbered(key_of_sub: np.ndarray) -> Connections:
    """Groups from each sub-flow's key (the index of the group's first sub-flow), numbered in that order."""
    first, of_sub = np.unique(key_of_sub, return_inverse=True)
    of_sub = of_sub.reshape(-1)
    return Connections(of_sub, first, np.bincount(of_sub, minlength=len(first)))


def byte_shares(groups: Connections, remaining_B: np.ndarray) -> np.ndarray:
    """Each sub-flow's share of its group's bytes (equal shares where the group has none left)."""
    total = np.bincount(groups.of_sub, weights=remaining_B, minlength=groups.n_groups)[groups.of_sub]
    shares: np.ndarray = np.where(total > 0, remaining_B / np.maximum(total, 1e-300), 1.0 / groups.count[groups.of_sub])
    return shares


def merged_hops(hops: HopList, groups: Connections, share_of_sub: np.ndarray) -> HopList:
    """The routes of the grouped flows: the group's path (each sub-flow's rows weighted by its share of the group's
    bytes, rows of one port at one level added up)."""
    return HopList(hops.port, groups.of_sub[hops.sub], hops.share * share_of_sub[hops.sub], hops.level).sorted()
