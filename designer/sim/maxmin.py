"""Max-min fair rates by progressive filling, vectorised over a sparse routing matrix.

All unfrozen flows grow at the same pace; when a port saturates, every flow crossing it is
frozen at its current rate. Each round is two sparse products, and the number of rounds is the
number of distinct bottleneck levels (a handful for collectives), not the number of flows.
Routes may split a flow over several ports (shares < 1), e.g. adaptive routing or spraying.
"""

from __future__ import annotations

import numpy as np
import scipy.sparse as sp

_REL_EPS = 1e-9


def max_min_rates(route: sp.csr_matrix, capacity: np.ndarray, demand: np.ndarray | None = None) -> np.ndarray:
    """Rates (same unit as `capacity`) of the columns of `route` (ports x flows, traffic shares).

    `demand` optionally caps each flow's rate (e.g. a sender's own limit); None means unlimited.
    A flow that crosses no port gets its demand, or infinity.
    """
    n_ports, n_flows = route.shape
    rates = np.zeros(n_flows)
    if n_flows == 0:
        return rates
    routeT = route.T.tocsr()
    frozen = np.diff(routeT.indptr) == 0       # flows without ports are not limited by the network
    if demand is not None:
        rates[frozen] = demand[frozen]
    else:
        rates[frozen] = np.inf
    residual = capacity.astype(float).copy()
    active_ports = np.diff(route.indptr) > 0
    for _ in range(n_flows + 1):
        if frozen.all():
            break
        weight = route @ (~frozen).astype(float)        # unfrozen share crossing each port
        use = active_ports & (weight > 1e-15)
        if not use.any():
            rates[~frozen] = demand[~frozen] if demand is not None else np.inf
            break
        inc = np.full(n_ports, np.inf)
        inc[use] = residual[use] / weight[use]
        step = max(float(inc.min()), 0.0)
        if demand is not None:
            head = demand[~frozen] - rates[~frozen]
            step = min(step, max(float(head.min()), 0.0))
        rates[~frozen] += step
        residual -= step * weight
        saturated = use & (residual <= _REL_EPS * capacity + 1e-12)
        hit = (routeT @ saturated.astype(float)) > 0
        newly = ~frozen & hit
        if demand is not None:
            newly |= ~frozen & (rates >= demand * (1 - _REL_EPS))
        if not newly.any():  # numerical guard: freeze the flows of the tightest port
            tight = np.zeros(n_ports)
            tight[int(np.argmin(np.where(use, residual / np.maximum(capacity, 1e-30), np.inf)))] = 1.0
            newly = ~frozen & ((routeT @ tight) > 0)
        frozen |= newly
    return rates
