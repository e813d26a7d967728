"""Max-min fair rates by progressive filling over a sparse routing matrix, compiled.

All unfrozen flows grow at the same pace (the water level); when a port saturates, every flow crossing it is
frozen at the level. A port p with capacity C_p, traffic F_p of frozen flows and unfrozen share W_p saturates when
the level reaches (C_p - F_p) / W_p. Each round finds the lowest such level (or the lowest demand of an unfrozen
flow: a sender's own limit), freezes the flows of every port saturated there and moves their shares from W to F
on the ports they cross. A round costs one pass over the ports plus the entries of the flows it freezes, so the
whole fill costs the matrix's entries once plus rounds times ports. The former rounds were two sparse products
over every entry each: fine for the handful of levels of a collective, over a minute for the thousands of levels
of an AllToAll's two million ECMP-hashed queue pairs.
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
    n_flows = route.shape[1]
    if n_flows == 0:
        return np.zeros(0)
    route = route if sp.isspmatrix_csr(route) and route.dtype == float else sp.csr_matrix(route, dtype=float)
    routeT = route.T.tocsr()
    limit = np.full(n_flows, np.inf) if demand is None else np.asarray(demand, dtype=float)
    by_limit = np.argsort(limit) if demand is not None else np.zeros(0, dtype=np.int64)
    by_port, by_flow = (route.indptr, route.indices, route.data), (routeT.indptr, routeT.indices, routeT.data)
    return _fill(by_port, by_flow, np.asarray(capacity, dtype=float), limit, by_limit)


SHARE, LEFT = 0, 1     # rows of the port state: unfrozen share crossing the port, capacity frozen flows leave
# a sparse matrix as (row pointers, column indices, values): by_port lists each port's flows, by_flow each flow's ports
Csr = tuple[np.ndarray, np.ndarray, np.ndarray]


@njit
def _fill(by_port: Csr, by_flow: Csr, capacity: np.ndarray, limit: np.ndarray, by_limit: np.ndarray) -> np.ndarray:
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
