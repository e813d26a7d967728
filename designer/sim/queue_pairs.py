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

from designer.sim.dynamics.jit import njit
from designer.sim.hashing import mix64_one
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
        ptr = _row_pointers(hops.sub, n)
        share_bits = np.ascontiguousarray(hops.share, dtype=np.float64).view(np.int64)   # compared bit for bit
        flow = flow_of_sub[cand]
        if len(cand) > 1 and (flow[1:] < flow[:-1]).any():      # each flow's candidates together, in index order
            cand = cand[np.argsort(flow, kind="stable")]
        key_of_sub[cand] = _first_equal(cand, np.asarray(flow_of_sub, np.int64), ptr,
                                        np.asarray(hops.port, np.int64), np.asarray(hops.level, np.int64),
                                        share_bits)
    return _numbered(key_of_sub)


@njit
def _first_equal(cand: np.ndarray, flow: np.ndarray, ptr: np.ndarray, port: np.ndarray, level: np.ndarray,
                 share_bits: np.ndarray) -> np.ndarray:
    """For each candidate sub-flow (ordered by flow, then index), the first candidate of the same flow with the
    same rows (port, level, share bits): itself if none came before. Flow by flow, with a small hash table (open
    addressing, linear probing) keyed by a hash of the rows; equal hashes are confirmed row by row, so a collision
    never merges."""
    n = len(cand)
    out = np.empty(n, np.int64)
    hashes = np.zeros(n, np.uint64)
    table = np.full(64, -1, np.int64)         # candidate index held by each slot, -1 between flows
    start = 0
    while start < n:
        stop = start + 1
        while stop < n and flow[cand[stop]] == flow[cand[start]]:
            stop += 1
        size = 2
        while size < 2 * (stop - start):
            size *= 2
        if size > len(table):
            table = np.full(size, -1, np.int64)
        mask = np.uint64(size - 1)
        for i in range(start, stop):
            s = cand[i]
            h = _rows_hash(s, ptr, port, level, share_bits)
            hashes[i] = h
            slot = h & mask
            while table[slot] >= 0 and not (hashes[table[slot]] == h and
                                            _same_rows(cand[table[slot]], s, ptr, port, level, share_bits)):
                slot = (slot + np.uint64(1)) & mask
            if table[slot] < 0:                  # the first of its kind
                table[slot] = i
            out[i] = cand[table[slot]]
        for i in range(start, stop):             # empty every slot this flow filled (each run from its home slot)
            slot = hashes[i] & mask
            while table[slot] >= 0:
                table[slot] = -1
                slot = (slot + np.uint64(1)) & mask
        start = stop
    return out


@njit
def _rows_hash(s: int, ptr: np.ndarray, port: np.ndarray, level: np.ndarray, share_bits: np.ndarray) -> np.uint64:
    """A hash of sub-flow s's rows."""
    h = np.uint64(0)
    for r in range(ptr[s], ptr[s + 1]):
        h = mix64_one(h ^ np.uint64(port[r]))
        h = mix64_one(h ^ np.uint64(level[r]))
        h = mix64_one(h ^ np.uint64(share_bits[r]))
    return h


@njit
def _same_rows(a: int, b: int, ptr: np.ndarray, port: np.ndarray, level: np.ndarray, share_bits: np.ndarray) -> bool:
    """Whether sub-flows a and b have the same rows."""
    if ptr[a + 1] - ptr[a] != ptr[b + 1] - ptr[b]:
        return False
    for k in range(ptr[a + 1] - ptr[a]):
        ra, rb = ptr[a] + k, ptr[b] + k
        if port[ra] != port[rb] or level[ra] != level[rb] or share_bits[ra] != share_bits[rb]:
            return False
    return True


def _row_pointers(sub: np.ndarray, n: int) -> np.ndarray:
    """Where each of n sub-flows' rows start in rows sorted by sub-flow: sub-flow s's rows are ptr[s]:ptr[s + 1]."""
    ptr = np.zeros(n + 1, np.int64)
    np.cumsum(np.bincount(sub, minlength=n), out=ptr[1:])
    return ptr


def _numbered(key_of_sub: np.ndarray) -> Connections:
    """Groups from each sub-flow's key (the index of the group's first sub-flow, whose key is itself), numbered in
    that order: a group's number is how many first sub-flows come before its own (the numbers a unique of the keys
    gives, without its sort of every sub-flow's key: 0.09 s of the 1,024-GPU AllToAll's set-up)."""
    is_first = key_of_sub == np.arange(len(key_of_sub))
    of_sub = (np.cumsum(is_first) - 1)[key_of_sub]
    first = np.flatnonzero(is_first)
    return Connections(of_sub, first, np.bincount(of_sub, minlength=len(first)))


def byte_shares(groups: Connections, remaining_B: np.ndarray) -> np.ndarray:
    """Each sub-flow's share of its group's bytes (equal shares where the group has none left)."""
    total = np.bincount(groups.of_sub, weights=remaining_B, minlength=groups.n_groups)[groups.of_sub]
    shares: np.ndarray = np.where(total > 0, remaining_B / np.maximum(total, 1e-300), 1.0 / groups.count[groups.of_sub])
    return shares


def merged_hops(hops: HopList, groups: Connections, share_of_sub: np.ndarray) -> HopList:
    """The routes of the grouped flows: the group's path (each sub-flow's rows weighted by its share of the group's
    bytes, rows of one port at one level added up)."""
    if len(hops.sub) > 1 and bool((hops.sub[1:] < hops.sub[:-1]).any()):
        return HopList(hops.port, groups.of_sub[hops.sub], hops.share * share_of_sub[hops.sub], hops.level).sorted()
    # rows by sub-flow: a group's sub-flows have the same rows (`connections`), so its rows are its first
    # sub-flow's in their order, and each sums its sub-flows' weighted shares in sub-flow order (as the stable sort
    # of `HopList.sorted` adds them up), only where some group has several sub-flows with rows
    ptr = _row_pointers(hops.sub, len(groups.of_sub))
    several = bool(((groups.count > 1) & (np.diff(ptr)[groups.first] > 0)).any())
    port, sub, share, level = _group_rows(ptr, groups.first, groups.of_sub, np.asarray(hops.port, np.int64),
                                          np.asarray(hops.level, np.int64), np.asarray(hops.share, np.float64),
                                          np.asarray(share_of_sub, np.float64), several)
    return HopList(port, sub, share, level)


@njit
def _group_rows(ptr: np.ndarray, first: np.ndarray, of_sub: np.ndarray, port: np.ndarray, level: np.ndarray,
                share: np.ndarray, share_of_sub: np.ndarray,
                several: bool) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """`merged_hops` of rows sorted by sub-flow, in one pass: each group's rows are its first sub-flow's, each
    share the sum of its sub-flows' weighted shares in sub-flow order, from 0.0 as a weighted bincount adds them
    where some group has several (taken as they are otherwise)."""
    n = len(first)
    out_ptr = np.zeros(n + 1, np.int64)
    for g in range(n):
        out_ptr[g + 1] = out_ptr[g] + ptr[first[g] + 1] - ptr[first[g]]
    rows = out_ptr[n]
    out_port, out_sub, out_level = np.empty(rows, np.int64), np.empty(rows, np.int64), np.empty(rows, np.int64)
    out_share = np.zeros(rows)
    for g in range(n):
        r0 = ptr[first[g]]
        for k in range(out_ptr[g + 1] - out_ptr[g]):
            out_port[out_ptr[g] + k], out_level[out_ptr[g] + k] = port[r0 + k], level[r0 + k]
            out_sub[out_ptr[g] + k] = g
    for s in range(len(of_sub)):
        base = out_ptr[of_sub[s]]
        for k in range(ptr[s + 1] - ptr[s]):
            if several:
                out_share[base + k] += share[ptr[s] + k] * share_of_sub[s]
            else:
                out_share[base + k] = share[ptr[s] + k] * share_of_sub[s]
    return out_port, out_sub, out_share, out_level
