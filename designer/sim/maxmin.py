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
    by_port, by_flow, cap, limit = _fill_inputs(route, capacity, demand)
    group, first = _runs_alike(by_flow, limit)
    if len(first) == 0:
        return _fill(by_port, by_flow, cap, limit, _by_limit(limit, demand), _ONCE_EACH)
    g_flow = _columns(by_flow, first)
    del by_port, by_flow                          # the whole matrix's copy by flow: no longer needed
    g_limit = limit[first]
    rates = _fill(_transposed(g_flow, len(cap)), g_flow, cap, g_limit, _by_limit(g_limit, demand),
                  np.diff(np.append(first, len(limit))))
    each: np.ndarray = rates[group]
    return each


def max_min_rates_scanned(route: sp.csr_matrix, capacity: np.ndarray, demand: np.ndarray | None = None) -> np.ndarray:
    """`max_min_rates` by the plain fill that scans every port each round (the reference of the queued one)."""
    if route.shape[1] == 0:
        return np.zeros(0)
    by_port, by_flow, cap, limit = _fill_inputs(route, capacity, demand)
    return _fill_scanned(by_port, by_flow, cap, limit, _by_limit(limit, demand), _ONCE_EACH)


def drain_bounds_s(route: sp.csr_matrix, capacity: np.ndarray, remaining: np.ndarray) -> tuple[float, float]:
    """Bounds on the longest drain time, max over flows of remaining / rate, at the max-min rates of `route` (no
    demands; flows at rate 0 left out, as `Engine._drain_estimate_s` leaves them), found in two passes over the
    matrix instead of a fill. Low: a port's bytes over its capacity (rates through it add up to at most the
    capacity, and the largest of ratios is at least the ratio of their sums). High: every flow's rate is at least
    the lowest capacity over total share of the ports it crosses (progressive filling saturates no port below that
    level, so it freezes no flow below it); infinite where a port it crosses has no capacity."""
    route = route if sp.isspmatrix_csr(route) else sp.csr_matrix(route)
    cap = np.asarray(capacity, dtype=float)
    port_B = route @ remaining
    share = np.asarray(route.sum(axis=1)).reshape(-1)
    used = share > 0
    with np.errstate(divide="ignore", invalid="ignore"):
        low = float(np.max(port_B[used] / cap[used], initial=0.0))
        level = np.where(used, cap / np.where(used, share, 1.0), np.inf)
        floor = _lowest_by_column(route.indptr, route.indices, level, route.shape[1])
        high = float(np.max(remaining / floor, initial=0.0))
    return low, high


def same_rates_without(rates: np.ndarray, leaving: np.ndarray, whole_shares: bool) -> bool:
    """Whether the flows that stay keep their `max_min_rates` `rates`, bit for bit, once the flows `leaving` (a mask)
    are taken out of the route with their demands: where every share is 1 and every staying flow's rate is below
    every leaving flow's. Proof, on the scanned fill that the queued one equals: rates are round levels, and levels
    never fall, so each staying flow froze in a round before the first that froze a leaving flow (R). Before R no
    port a leaving flow crosses saturated (it would have frozen that flow), nor did its limit set a round's step.
    Without the leaving flows every other port starts and goes through those rounds in the same state, freezing
    the same flows in the same order; the ports they cross carry only less unfrozen share (whole shares: exact
    integer sums) with the same capacity left, so they saturate no earlier (the float operations are monotone).
    Each round therefore has the same step and freezes the same flows at the same level, and after the rounds
    before R no staying flow is left growing. With fractional shares the sums and the order of a round's freezes
    among equal limits could round apart: no claim then."""
    if leaving.all() or not leaving.any():
        return True
    return whole_shares and bool(np.max(rates[~leaving]) < np.min(rates[leaving]))


@njit
def _lowest_by_column(indptr: np.ndarray, indices: np.ndarray, row_value: np.ndarray, n_cols: int) -> np.ndarray:
    """Per column of a CSR matrix, the lowest value of the rows where it has an entry (infinity for none)."""
    out = np.full(n_cols, np.inf)
    for r in range(len(indptr) - 1):
        for k in range(indptr[r], indptr[r + 1]):
            out[indices[k]] = min(out[indices[k]], row_value[r])
    return out


def _fill_inputs(route: sp.csr_matrix, capacity: np.ndarray,
                 demand: np.ndarray | None) -> tuple[Csr, Csr, np.ndarray, np.ndarray]:
    """The fill's arguments: the matrix by port and by flow, capacities and limits."""
    route = route if sp.isspmatrix_csr(route) and route.dtype == float else sp.csr_matrix(route, dtype=float)
    routeT = route.T.tocsr()
    limit = np.full(route.shape[1], np.inf) if demand is None else np.asarray(demand, dtype=float)
    by_port, by_flow = (route.indptr, route.indices, route.data), (routeT.indptr, routeT.indices, routeT.data)
    return by_port, by_flow, np.asarray(capacity, dtype=float), limit


def _by_limit(limit: np.ndarray, demand: np.ndarray | None) -> np.ndarray:
    """The flows in order of their own limit (none when no flow has one)."""
    return np.argsort(limit) if demand is not None else np.zeros(0, dtype=np.int64)


_ONCE_EACH = np.zeros(0, np.int64)      # `mult` where every flow stands for itself alone


@njit
def _runs_alike(by_flow: Csr, limit: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Flows that cross the same ports as the flow before them with every share exactly 1 and the same limit (the
    queue pairs of one connection on one path: each of an ideal fabric's connections, whose 16 queue pairs cross
    the same two NIC ports) join its group: (each flow's group, each group's first flow), both empty where no flow
    joins another. The fill takes a group of k as one flow that counts k times (`_fill`'s `mult`): every flow of it
    freezes in the same round at the same level, so the group's rate is theirs, bit for bit, where every share is
    1 (see `_freeze`). Counted first, so that a matrix without such runs allocates no groups."""
    ptr, port, share = by_flow
    n = len(ptr) - 1
    none = np.zeros(0, np.int64)
    for k in range(len(share)):
        if share[k] != 1.0:                       # fractional shares: sums in another order could round apart
            return none, none
    starts = np.ones(n, np.bool_)                 # flow f starts a group (compared once: a byte a flow)
    groups = 1 if n else 0
    for f in range(1, n):
        starts[f] = not _alike(f, ptr, port, limit)
        groups += starts[f]
    if groups == n:
        return none, none
    group, first = np.zeros(n, np.int64), np.zeros(groups, np.int64)
    g = 0
    for f in range(1, n):
        if starts[f]:
            g += 1
            first[g] = f
        group[f] = g
    return group, first


@njit
def _alike(f: int, ptr: np.ndarray, port: np.ndarray, limit: np.ndarray) -> bool:
    """Whether flow f crosses the ports of flow f - 1, in the same order, with the same limit."""
    if ptr[f + 1] - ptr[f] != ptr[f] - ptr[f - 1] or limit[f] != limit[f - 1]:
        return False
    for k in range(ptr[f + 1] - ptr[f]):
        if port[ptr[f] + k] != port[ptr[f - 1] + k]:
            return False
    return True


@njit
def _columns(by_flow: Csr, flows: np.ndarray) -> Csr:
    """The rows of `by_flow` of these flows, in their order."""
    ptr, port, share = by_flow
    out_ptr = np.zeros(len(flows) + 1, np.int64)
    for i in range(len(flows)):
        out_ptr[i + 1] = out_ptr[i] + ptr[flows[i] + 1] - ptr[flows[i]]
    out_port, out_share = np.empty(out_ptr[-1], port.dtype), np.empty(out_ptr[-1])
    for i in range(len(flows)):
        for k in range(out_ptr[i + 1] - out_ptr[i]):
            out_port[out_ptr[i] + k] = port[ptr[flows[i]] + k]
            out_share[out_ptr[i] + k] = share[ptr[flows[i]] + k]
    return out_ptr, out_port, out_share


@njit
def _transposed(by_flow: Csr, n_ports: int) -> Csr:
    """`by_flow` by port: each port's flows in flow order."""
    ptr, port, share = by_flow
    out_ptr = np.zeros(n_ports + 1, np.int64)
    for k in range(len(port)):
        out_ptr[port[k] + 1] += 1
    for p in range(n_ports):
        out_ptr[p + 1] += out_ptr[p]
    fill = out_ptr[:-1].copy()
    out_flow, out_share = np.empty(len(port), np.int64), np.empty(len(port))
    for f in range(len(ptr) - 1):
        for k in range(ptr[f], ptr[f + 1]):
            out_flow[fill[port[k]]], out_share[fill[port[k]]] = f, share[k]
            fill[port[k]] += 1
    return out_ptr, out_flow, out_share


SHARE, LEFT = 0, 1     # rows of the port state: unfrozen share crossing the port, capacity frozen flows leave
# a sparse matrix as (row pointers, column indices, values): by_port lists each port's flows, by_flow each flow's ports
Csr = tuple[np.ndarray, np.ndarray, np.ndarray]


@njit
def _fill(by_port: Csr, by_flow: Csr, capacity: np.ndarray, limit: np.ndarray, by_limit: np.ndarray,
          mult: np.ndarray) -> np.ndarray:
    """`_fill_scanned` with the ports kept in two queues instead of scanned each round: one by the level at which
    each saturates (the round's lowest is its top), one by the level at which each comes near saturation. A round
    checks, in port order as the scan does, only the ports that queue puts at or below the round's level (and any
    whose unfrozen share is not positive), with the scan's own test: a port the scan would freeze is among them,
    because freezing flows at the round's level leaves every other port's distance to saturation unchanged but for
    rounding, and the queue's margin (`_near_B`) is far wider than that rounding. The 16,384-GPU permutation's
    29,137 rounds over 131,072 ports took 11 s scanned. `mult`: how many flows each stands for (`_runs_alike`;
    empty: one each)."""
    n_flows, n_limited, n_ports = len(by_flow[0]) - 1, len(by_limit), len(capacity)
    rates = np.full(n_flows, np.nan)              # NaN: still growing
    pst, count = _port_state(by_flow, capacity, rates, limit, mult)
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
        n_listed = _freeze_listed(level, capacity, by_port, by_flow, (rates, pst, count, mult), (seen, listed),
                                  n_listed)
        while nxt < n_limited and limit[by_limit[nxt]] <= level * (1 + _REL_EPS):
            if np.isnan(rates[by_limit[nxt]]):
                _freeze(by_limit[nxt], level, rates, by_flow, pst, count, mult)
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
                   fill: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray],
                   round_list: tuple[np.ndarray, np.ndarray], n_listed: int) -> int:
    """`_freeze_saturated` over the listed ports only, in port order; the ports the freezes touch join the list
    (`fill`: rates, port state, counts and multiplicities; `round_list`: which ports are on the list, and the list;
    returns its new length)."""
    rates, pst, count, mult = fill
    seen, listed = round_list
    for p in np.sort(listed[:n_listed]):
        if count[p] > 0 and pst[LEFT, p] - level * pst[SHARE, p] <= _REL_EPS * capacity[p] + 1e-12:
            for k in range(by_port[0][p], by_port[0][p + 1]):
                f = by_port[1][k]
                if np.isnan(rates[f]):
                    _freeze(f, level, rates, by_flow, pst, count, mult)
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
                  by_limit: np.ndarray, mult: np.ndarray) -> np.ndarray:
    """`by_limit`: the flows in order of their own limit (none when no flow has one)."""
    n_flows, n_limited = len(by_flow[0]) - 1, len(by_limit)
    rates = np.full(n_flows, np.nan)              # NaN: still growing
    pst, count = _port_state(by_flow, capacity, rates, limit, mult)
    nxt = 0                                       # the next flow in order of its own limit
    level = 0.0
    while True:
        while nxt < n_limited and not np.isnan(rates[by_limit[nxt]]):
            nxt += 1
        step = min(limit[by_limit[nxt]] if nxt < n_limited else np.inf, _lowest_saturation(pst, count))
        if step == np.inf:
            break
        level = max(level, step)
        _freeze_saturated(level, capacity, by_port, by_flow, rates, pst, count, mult)
        while nxt < n_limited and limit[by_limit[nxt]] <= level * (1 + _REL_EPS):
            if np.isnan(rates[by_limit[nxt]]):
                _freeze(by_limit[nxt], level, rates, by_flow, pst, count, mult)
            nxt += 1
    for f in range(n_flows):                      # flows on ports that limit no one
        if np.isnan(rates[f]):
            rates[f] = limit[f]
    return rates


@njit
def _freeze_saturated(level: float, capacity: np.ndarray, by_port: Csr, by_flow: Csr, rates: np.ndarray,
                      pst: np.ndarray, count: np.ndarray, mult: np.ndarray) -> None:
    """Freeze the growing flows of every port saturated at `level`."""
    p_ptr, p_flow, _ = by_port
    for p in range(len(count)):
        if count[p] > 0 and pst[LEFT, p] - level * pst[SHARE, p] <= _REL_EPS * capacity[p] + 1e-12:
            for k in range(p_ptr[p], p_ptr[p + 1]):
                if np.isnan(rates[p_flow[k]]):
                    _freeze(p_flow[k], level, rates, by_flow, pst, count, mult)


@njit
def _port_state(by_flow: Csr, capacity: np.ndarray, rates: np.ndarray, limit: np.ndarray,
                mult: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each port's unfrozen share, capacity left and number of unfrozen flows (a flow standing for k counts its
    share k times: whole shares, added exactly); a flow that crosses no port is held by its own limit only."""
    f_ptr, f_port, f_share = by_flow
    pst = np.zeros((2, len(capacity)))
    pst[LEFT] = capacity
    count = np.zeros(len(capacity), dtype=np.int64)
    for f in range(len(f_ptr) - 1):
        if f_ptr[f] == f_ptr[f + 1]:
            rates[f] = limit[f]
        for k in range(f_ptr[f], f_ptr[f + 1]):
            pst[SHARE, f_port[k]] += f_share[k] * (mult[f] if len(mult) else 1)
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
def _freeze(f: int, level: float, rates: np.ndarray, by_flow: Csr, pst: np.ndarray, count: np.ndarray,
            mult: np.ndarray) -> None:
    """Flow f stops growing at `level`: its share leaves the unfrozen share of every port it crosses. A flow standing
    for k (`_runs_alike`) leaves the capacity k times over, one share at a time, as its k flows would one after the
    other: each of the round's freezes takes the same `level` from the capacity left, so the order in which a
    port's flows freeze in a round changes nothing."""
    f_ptr, f_port, f_share = by_flow
    rates[f] = level
    k_flows = mult[f] if len(mult) else 1
    for k in range(f_ptr[f], f_ptr[f + 1]):
        q = f_port[k]
        for _ in range(k_flows):
            pst[LEFT, q] -= f_share[k] * level
        pst[SHARE, q] -= f_share[k] * k_flows
        count[q] -= 1
