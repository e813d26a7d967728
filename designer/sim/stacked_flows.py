"""The sub-flows of several phases side by side, as the engine's drains hand them on: their routing matrices'
columns, per-sub-flow values and limits stacked in phase order, and split back per phase.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

import numpy as np
import scipy.sparse as sp

from designer.sim.fluid_queues import whole_range
from designer.sim.rate_model import ActiveFlows


@dataclass
class _Delivered:
    """Bytes some sub-flows delivered in an interval, with their routes (ports x sub-flows of their phase, gathered
    when asked; `subs` picks the columns, None: all) and each one's phase."""

    routes: Callable[[], sp.csr_matrix]
    subs: np.ndarray | None
    phase: np.ndarray
    delivered_bytes: np.ndarray


def _columns(matrix: sp.csr_matrix, cols: np.ndarray) -> sp.csr_matrix:
    """The columns `cols` of a routing matrix: the matrix itself where they are all of them in order (a copy of
    the 1,024-GPU AllToAll's 8 M entries saved each time a whole phase's routes are taken)."""
    return matrix if whole_range(cols, matrix.shape[1]) else matrix[:, cols]


def _matrix_of(flows: ActiveFlows) -> Callable[[], sp.csr_matrix]:
    """The stacked routes of the flows, gathered when asked."""
    return lambda: flows.matrix


def _side_by_side(mats: list[sp.csr_matrix]) -> sp.csr_matrix:
    """The matrices' columns side by side (one matrix as it is)."""
    return mats[0] if len(mats) == 1 and sp.isspmatrix_csr(mats[0]) else sp.hstack(mats, format="csr")


def _gathered(values: list[np.ndarray], subs: list[np.ndarray]) -> np.ndarray:
    """Each phase's per-sub-flow `values` at its sub-flows `subs`, stacked."""
    return np.concatenate([v[a] for v, a in zip(values, subs, strict=True)])


def _stacked(parts: list[np.ndarray | None], lengths: list[int]) -> np.ndarray | None:
    """Per-part limits stacked (a part without one has none: infinity); None where no part has any."""
    if all(p is None for p in parts):
        return None
    return np.concatenate([np.full(n, np.inf) if p is None else p for p, n in zip(parts, lengths, strict=True)])


def _per_phase(flows: ActiveFlows, moving: list[int], values: np.ndarray) -> Iterator[tuple[int, np.ndarray,
                                                                                          np.ndarray]]:
    """Each phase of stacked sub-flows (`moving`, in order) with its sub-flow indices and its part of `values`."""
    off = 0
    for i in moving:
        a = flows_of(flows, i)
        yield i, a, values[off:off + len(a)]
        off += len(a)


def flows_of(flows: ActiveFlows, i: int) -> np.ndarray:
    """The sub-flow indices of phase i within a stacked set."""
    assert flows.sub_index is not None
    subs: np.ndarray = flows.sub_index[flows.phase == i]
    return subs
