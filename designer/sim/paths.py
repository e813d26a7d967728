"""Routes as ordered paths: the fluid queues move each flow's bytes hop by hop, so a sub-flow whose route splits
(adaptive routing, packet spraying) becomes one path per way through the fabric, with its share of the bytes.

The router gives every (port, sub-flow) its hop level and share; at each level a branch continues through the ports
that leave the switch it reached, in proportion to their shares (a flow decomposition, done level by level for all
sub-flows at once).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from designer.sim.routing import HopList

MAX_PATHS_PER_SUB = 4096


@dataclass
class Paths:
    """Paths of a set of sub-flows: path p belongs to `sub[p]`, carries `share[p]` of its bytes and crosses
    `port[start[p]:start[p] + length[p]]` in order."""

    sub: np.ndarray
    share: np.ndarray
    start: np.ndarray
    length: np.ndarray
    port: np.ndarray

    @property
    def count(self) -> int:
        return len(self.sub)

    def hop_path(self) -> np.ndarray:
        """The path of each entry of `port`."""
        return np.repeat(np.arange(self.count), self.length)


def decompose(hops: HopList, n_sub: int, port_src: np.ndarray, port_dst: np.ndarray) -> Paths:
    """Ordered paths of every sub-flow (rows of `hops` sorted by sub-flow then level)."""
    if len(hops.port) == 0:
        z = np.zeros(0, np.int64)
        return Paths(z, np.zeros(0), z, z, z)
    # the levels of each sub-flow in order: renumber them 0, 1, 2, ... per sub-flow
    new_level = np.ones(len(hops.port), dtype=bool)
    new_level[1:] = (np.diff(hops.sub) != 0) | (np.diff(hops.level) != 0)
    level_id = np.cumsum(new_level) - 1
    first_level_of_sub = np.full(n_sub, -1, np.int64)
    subs_with_levels = hops.sub[new_level]
    lv_index = np.flatnonzero(new_level)
    first_level_of_sub[subs_with_levels[::-1]] = level_id[lv_index][::-1]
    rank = level_id - first_level_of_sub[hops.sub]
    depth = int(rank.max()) + 1
    # level 0: one branch per row (the sending port)
    rows0 = np.flatnonzero(rank == 0)
    branch_sub, branch_share = hops.sub[rows0], hops.share[rows0]
    branch_ports = [hops.port[rows0]]
    branch_alive = np.ones(len(rows0), dtype=bool)
    for r in range(1, depth):
        rows = np.flatnonzero(rank == r)
        if len(rows) == 0:
            break
        branch_sub, branch_share, branch_ports, branch_alive = _extend(
            hops, rows, branch_sub, branch_share, branch_ports, branch_alive, port_src, port_dst)
    return _flatten(branch_sub, branch_share, branch_ports, n_sub)


def _extend(hops: HopList, rows: np.ndarray, b_sub: np.ndarray, b_share: np.ndarray, b_ports: list[np.ndarray],
            b_alive: np.ndarray, port_src: np.ndarray, port_dst: np.ndarray) -> tuple:
    """Continue every branch through the next level's ports that leave the node it reached."""
    last = b_ports[-1]
    at_node = np.where(last >= 0, port_dst[np.maximum(last, 0)], -1)
    r_sub, r_port, r_share = hops.sub[rows], hops.port[rows], hops.share[rows]
    r_node = port_src[r_port]
    # a port at the same node (NVLink loops: source and destination are the server) continues any branch
    key_rows = r_sub * (int(port_src.max()) + 2) + r_node
    order = np.argsort(key_rows, kind="stable")
    key_sorted = key_rows[order]
    out_total = np.bincount(np.searchsorted(np.unique(key_sorted), key_rows), weights=r_share)
    uniq = np.unique(key_sorted)
    b_key = b_sub * (int(port_src.max()) + 2) + at_node
    lo = np.searchsorted(key_sorted, b_key, side="left")
    hi = np.searchsorted(key_sorted, b_key, side="right")
    count = np.where(b_alive, hi - lo, 0)
    # a branch whose node has no next port ended (its path is shorter): keep it as it is
    ended = b_alive & (count == 0)
    cont = np.flatnonzero(count > 0)
    reps = count[cont]
    parent = np.repeat(cont, reps)
    offs = np.arange(int(reps.sum())) - np.repeat(np.cumsum(reps) - reps, reps)
    child_rows = order[lo[parent] + offs]
    total = out_total[np.searchsorted(uniq, key_rows[child_rows])]
    child_share = b_share[parent] * r_share[child_rows] / np.maximum(total, 1e-300)
    keep = np.flatnonzero(ended | ~b_alive)
    new_sub = np.concatenate([b_sub[keep], b_sub[parent]])
    new_share = np.concatenate([b_share[keep], child_share])
    new_alive = np.concatenate([np.zeros(len(keep), dtype=bool), np.ones(len(parent), dtype=bool)])
    new_ports = [np.concatenate([p[keep], p[parent]]) for p in b_ports]
    new_ports.append(np.concatenate([np.full(len(keep), -1, np.int64), r_port[child_rows]]))
    return new_sub, new_share, new_ports, new_alive


def _flatten(b_sub: np.ndarray, b_share: np.ndarray, b_ports: list[np.ndarray], n_sub: int) -> Paths:
    """Paths ordered by sub-flow, their ports contiguous (levels a path did not reach are left out)."""
    order = np.argsort(b_sub, kind="stable")
    grid = np.stack(b_ports, axis=1)[order]
    valid = grid >= 0
    length = valid.sum(axis=1).astype(np.int64)
    start = np.concatenate([[0], np.cumsum(length)[:-1]]).astype(np.int64)
    return Paths(b_sub[order].astype(np.int64), b_share[order], start, length, grid[valid].astype(np.int64))
