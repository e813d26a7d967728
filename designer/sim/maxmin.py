"""Max-min fair rates by progressive filling over a sparse routing matrix, compiled.

All unfrozen flows grow at the same pace (the water level); when a port saturates, every flow crossing it is
frozen at the level. A port p with capacity C_p, traffic F_p of frozen flows and unfrozen share W_p saturates when
the level reaches (C_p - F_p) / W_p. Each round finds the lowest such level (or the lowest demand of an unfrozen
flow: a sender's own limit), freezes the flows of every port saturated there and moves their shares from W to F
on the ports they cross. The ports wait in two priority queues (by saturation level, and by the level at which each
comes near saturating), so a round costs the entries of the flows it freezes and a few queue operations for each
port they touch, not a pass over every port: rounds times ports was 11 s of the 16,384-GPU permutation's set-up
(29,137 rounds over 131,072 ports); the plain scan (`_fill_scanned`) stays as the reference the queued fill is
tested against, bit for bit. Before that, rounds were two sparse products over every entry each: over a minute
for the thousands of levels of an AllToAll's two million ECMP-hashed queue pairs.
Routes may split a flow over several ports (shares < 1), e.g. adaptive routing or spraying.
"""

from __future__ import annotations

import numpy as np
import scipy.sparse as sp

from designer.sim.dynamics.jit import njit

_REL_EPS = 1e-9
_MIN_SHARE = 1e-15        # a port whose unfrozen share is below this limits no one


def max_min_rates(route: sp.csr_matrix, capacity: np.ndarray, demand: np.ndarray | None = None) -> np.ndarray:
    """Rates (same unit as `capacity`) of the columns of `route` (ports x flows, traffic shares).

    `demand` optionally caps each flow's rate (e.g. a sender's own limit); None means unlimited.
    A flow that crosses no port gets its demand, or infinity.
    """
    if route.shape[1] == 0:
        return np.zeros(0)
    return _fill(*_fill_inputs(route, capacity, demand))


def max_min_rates_scanned(route: sp.csr_matrix, capacity: np.ndarray, demand: np.ndarray | None = None) -> np.ndarray:
    """`max_min_rates` by the plain fill that scans every port each round (the reference of the queued one)."""
    if route.shape[1] == 0:
        return np.zeros(0)
    return _fill_scanned(*_fill_inputs(route, capacity, demand))


def _fill_inputs(route: sp.csr_matrix, capacity: np.ndarray,
                 demand: np.ndarray | None) -> tuple[Csr, Csr, np.ndarray, np.ndarray, np.ndarray]:
    """The fill's arguments: the matrix by port and by flow, capacities, limits, and the flows in order of limit."""
    route = route if sp.isspmatrix_csr(route) and route.dtype == float else sp.csr_matrix(route, dtype=float)
    routeT = route.T.tocsr()
    limit = np.full(route.shape[1], np.inf) if demand is None else np.asarray(demand, dtype=float)
    by_limit = np.argsort(limit) if demand is not None else np.zeros(0, dtype=np.int64)
    by_port, by_flow = (route.indptr, route.indices, route.data), (routeT.indptr, routeT.indices, routeT.data)
    return by_port, by_flow, np.asarray(capacity, dtype=float), limit, by_limit


SHARE, LEFT = 0, 1     # rows of the port state: unfrozen share crossing the port, capacity frozen flows leave
# a sparse matrix as (row pointers, column indices, values): by_port lists each port's flows, by_flow each flow's ports
Csr = tuple[np.ndarray, np.ndarray, np.ndarray]


@njit
def _fill(by_port: Csr, by_flow: Csr, capacity: np.ndarray, limit: np.ndarray, by_limit: np.ndarray) -> np.ndarray:
    """`_fill_scanned` with the ports kept in two queues instead of scanned each round: one by the level at which
    each saturates (the round's lowest is its top), one by the level at which each comes near saturation. A round
    checks, in port order as the scan does, only the ports that queue puts at or below the round's level (and any
    whose unfrozen share is not positive), with the scan's own test: a port the scan would freeze is among them,
    because freezing flows at the round's level leaves every other port's distance to saturation unchanged but for
    rounding, and the queue's margin (`_near_B`) is far wider than that rounding. The 16,384-GPU permutation's
    29,137 rounds over 131,072 ports took 11 s scanned."""
    n_flows, n_limited, n_ports = len(by_flow[0]) - 1, len(by_limit), len(capacity)
    rates = np.full(n_flows, np.nan)              # NaN: still growing
    pst, count = _port_state(by_flow, capacity, rates, limit)
    sat = (np.empty(n_ports + 16), np.empty(n_ports + 16, np.int64), np.zeros(1, np.int64))
    near = (np.empty(n_ports + 16), np.empty(n_ports + 16, np.int64), np.zeros(1, np.int64))
    thin = np.zeros(n_ports + 1, np.int64)        # ports with flows but no positive unfrozen share (always checked):
    #                                               their count, then the ports
    seen = np.zeros(n_ports, np.bool_)
    listed = np.empty(n_ports, np.int64)          # the round's ports to check, then those its freezes touched
    for p in range(n_ports):
        if count[p] > 0:
            sat, near = _queue(p, capacity, pst, count, sat, near, thin)
    nxt = 0                                       # the next flow in order of its own limit
    level = 0.0
    while True:
        while nxt < n_limited and not np.isnan(rates[by_limit[nxt]]):
            nxt += 1
        step = min(limit[by_limit[nxt]] if nxt < n_limited else np.inf, _queued_lowest(sat, pst, count))
        if step == np.inf:
            break
        level = max(level, step)
        n_listed = _near_ports(level, near, thin, count, seen, listed)
        n_listed = _freeze_listed(level, capacity, by_port, by_flow, (rates, pst, count), (seen, listed),
                                  n_listed)
        while nxt < n_limited and limit[by_limit[nxt]] <= level * (1 + _REL_EPS):
            if np.isnan(rates[by_limit[nxt]]):
                _freeze(by_limit[nxt], level, rates, by_flow, pst, count)
                n_listed = _touched(by_limit[nxt], by_flow, seen, listed, n_listed)
            nxt += 1
        for i in range(n_listed):                 # every port checked or changed: queued again as it is now
            p = listed[i]
            seen[p] = False
            if count[p] > 0:
                sat, near = _queue(p, capacity, pst, count, sat, near, thin)
    _unlimited(rates, limit)
    return rates


@njit
def _unlimited(rates: np.ndarray, limit: np.ndarray) -> None:
    """Flows on ports that limit no one take their own limit."""
    for f in range(len(rates)):
        if np.isnan(rates[f]):
            rates[f] = limit[f]


@njit
def _freeze_listed(level: float, capacity: np.ndarray, by_port: Csr, by_flow: Csr,
                   fill: tuple[np.ndarray, np.ndarray, np.ndarray], round_list: tuple[np.ndarray, np.ndarray],
                   n_listed: int) -> int:
    """`_freeze_saturated` over the listed ports only, in port order; the ports the freezes touch join the list
    (`fill`: rates, port state and counts; `round_list`: which ports are on the list, and the list; returns its new
    length)."""
    rates, pst, count = fill
    seen, listed = round_list
    for p in np.sort(listed[:n_listed]):
        if count[p] > 0 and pst[LEFT, p] - level * pst[SHARE, p] <= _REL_EPS * capacity[p] + 1e-12:
            for k in range(by_port[0][p], by_port[0][p + 1]):
                f = by_port[1][k]
                if np.isnan(rates[f]):
                    _freeze(f, level, rates, by_flow, pst, count)
                    n_listed = _touched(f, by_flow, seen, listed, n_listed)
    return n_listed


_NEAR_REL = 1e-9      # the near queue's margin, of a port's capacity: rounding of a round's freezes stays far below


Heap = tuple[np.ndarray, np.ndarray, np.ndarray]    # keys, ports, size (a binary min-heap)


@njit
def _near_B(capacity: float) -> float:
    """How far from the scan's saturation test a port is still checked."""
    return _REL_EPS * capacity + 1e-12 + _NEAR_REL * capacity


@njit
def _queue(p: int, capacity: np.ndarray, pst: np.ndarray, count: np.ndarray, sat: Heap, near: Heap,
           thin: np.ndarray) -> tuple[Heap, Heap]:
    """Queue port p (with flows) as it is now: by its saturation level, and by the level at which it comes within
    `_near_B` of saturating; a port without positive unfrozen share is checked every round instead."""
    share = pst[SHARE, p]
    if not share > 0.0:
        for i in range(thin[0]):
            if thin[1 + i] == p:
                return sat, near
        thin[0] += 1
        thin[thin[0]] = p
        return sat, near
    if share > _MIN_SHARE:
        sat = _push(sat, max(pst[LEFT, p], 0.0) / share, p)
    near = _push(near, (pst[LEFT, p] - _near_B(capacity[p])) / share, p)
    return sat, near


@njit
def _queued_lowest(sat: Heap, pst: np.ndarray, count: np.ndarray) -> float:
    """`_lowest_saturation` from the queue: its top, once entries no longer current are dropped (a port is queued
    again whenever it changes, so its current level is always queued)."""
    keys, ports, size = sat
    while size[0] > 0:
        p = ports[0]
        if count[p] > 0 and pst[SHARE, p] > _MIN_SHARE and keys[0] == max(pst[LEFT, p], 0.0) / pst[SHARE, p]:
            return float(keys[0])
        _pop(sat)
    return np.inf


@njit
def _near_ports(level: float, near: Heap, thin: np.ndarray, count: np.ndarray, seen: np.ndarray,
                listed: np.ndarray) -> int:
    """List the ports with flows that the near queue puts at or below `level`, and the thin ones; returns how
    many (the queue keeps the others)."""
    keys, ports, size = near
    n = 0
    while size[0] > 0 and keys[0] <= level:
        p = ports[0]
        _pop(near)
        if count[p] > 0 and not seen[p]:
            seen[p] = True
            listed[n] = p
            n += 1
    kept = 0
    for i in range(thin[0]):
        p = thin[1 + i]
        if count[p] > 0:                          # a port that lost its last flow leaves the list
            thin[1 + kept] = p
            kept += 1
            if not seen[p]:
                seen[p] = True
                listed[n] = p
                n += 1
    thin[0] = kept
    return n


@njit
def _touched(f: int, by_flow: Csr, seen: np.ndarray, listed: np.ndarray, n: int) -> int:
    """Add the ports flow f crosses to the round's list."""
    for k in range(by_flow[0][f], by_flow[0][f + 1]):
        q = by_flow[1][k]
        if not seen[q]:
            seen[q] = True
            listed[n] = q
            n += 1
    return n


@njit
def _push(heap: Heap, key: float, port: int) -> Heap:
    keys, ports, size = heap
    n = size[0]
    if n == len(keys):                            # full: twice the room
        keys2, ports2 = np.empty(2 * n), np.empty(2 * n, np.int64)
        keys2[:n], ports2[:n] = keys, ports
        keys, ports = keys2, ports2
    i = n
    while i > 0 and keys[(i - 1) >> 1] > key:
        keys[i], ports[i] = keys[(i - 1) >> 1], ports[(i - 1) >> 1]
        i = (i - 1) >> 1
    keys[i], ports[i] = key, port
    size[0] = n + 1
    return keys, ports, size


@njit
def _pop(heap: Heap) -> None:
    """Drop the top entry."""
    keys, ports, size = heap
    n = size[0] - 1
    size[0] = n
    if n == 0:
        return
    key, port = keys[n], ports[n]
    i = 0
    while 2 * i + 1 < n:
        c = 2 * i + 1
        if c + 1 < n and keys[c + 1] < keys[c]:
            c += 1
        if keys[c] >= key:
            break
        keys[i], ports[i] = keys[c], ports[c]
        i = c
    keys[i], ports[i] = key, port


@njit
def _fill_scanned(by_port: Csr, by_flow: Csr, capacity: np.ndarray, limit: np.ndarray,
                  by_limit: np.ndarray) -> np.ndarray:
    """`by_limit`: the flows in order of their own limit (none when no flow has one)."""
    n_flows, n_limited = len(by_flow[0]) - 1, len(by_limit)
    rates = np.full(n_flows, np.nan)              # NaN: still growing
    pst, count = _port_state(by_flow, capacity, rates, limit)
    nxt = 0                                       # the next flow in order of its own limit
    level = 0.0
    while True:
        while nxt < n_limited and not np.isnan(rates[by_limit[nxt]]):
            nxt += 1
        step = min(limit[by_limit[nxt]] if nxt < n_limited else np.inf, _lowest_saturation(pst, count))
        if step == np.inf:
            break
        level = max(level, step)
        _freeze_saturated(level, capacity, by_port, by_flow, rates, pst, count)
        while nxt < n_limited and limit[by_limit[nxt]] <= level * (1 + _REL_EPS):
            if np.isnan(rates[by_limit[nxt]]):
                _freeze(by_limit[nxt], level, rates, by_flow, pst, count)
            nxt += 1
    for f in range(n_flows):                      # flows on ports that limit no one
        if np.isnan(rates[f]):
            rates[f] = limit[f]
    return rates


@njit
def _freeze_saturated(level: float, capacity: np.ndarray, by_port: Csr, by_flow: Csr, rates: np.ndarray,
                      pst: np.ndarray, count: np.ndarray) -> None:
    """Freeze the growing flows of every port saturated at `level`."""
    p_ptr, p_flow, _ = by_port
    for p in range(len(count)):
        if count[p] > 0 and pst[LEFT, p] - level * pst[SHARE, p] <= _REL_EPS * capacity[p] + 1e-12:
            for k in range(p_ptr[p], p_ptr[p + 1]):
                if np.isnan(rates[p_flow[k]]):
                    _freeze(p_flow[k], level, rates, by_flow, pst, count)


@njit
def _port_state(by_flow: Csr, capacity: np.ndarray, rates: np.ndarray,
                limit: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each port's unfrozen share, capacity left and number of unfrozen flows; a flow that crosses no port is held
    by its own limit only."""
    f_ptr, f_port, f_share = by_flow
    pst = np.zeros((2, len(capacity)))
    pst[LEFT] = capacity
    count = np.zeros(len(capacity), dtype=np.int64)
    for f in range(len(f_ptr) - 1):
        if f_ptr[f] == f_ptr[f + 1]:
            rates[f] = limit[f]
        for k in range(f_ptr[f], f_ptr[f + 1]):
            pst[SHARE, f_port[k]] += f_share[k]
            count[f_port[k]] += 1
    return pst, count


@njit
def _lowest_saturation(pst: np.ndarray, count: np.ndarray) -> float:
    """The lowest level at which a port with unfrozen flows saturates."""
    low = np.inf
    for p in range(len(count)):
        if count[p] > 0 and pst[SHARE, p] > _MIN_SHARE:
            low = min(low, max(pst[LEFT, p], 0.0) / pst[SHARE, p])
    return low


@njit
def _freeze(f: int, level: float, rates: np.ndarray, by_flow: Csr, pst: np.ndarray, count: np.ndarray) -> None:
    """Flow f stops growing at `level`: its share leaves the unfrozen share of every port it crosses."""
    f_ptr, f_port, f_share = by_flow
    rates[f] = level
    for k in range(f_ptr[f], f_ptr[f + 1]):
        q = f_port[k]
        pst[LEFT, q] -= f_share[k] * level
        pst[SHARE, q] -= f_share[k]
        count[q] -= 1
