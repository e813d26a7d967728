"""Per-flow state laid out field by field, as the compiled step reads it.

Each pass of a step over the flows (aggregate, move, inject, drop, receive) reads or writes a few of a flow's
fields. Stored row by row, a flow's state fields (18 then) share cache lines, so every pass pulls all of them through
memory: on the 16,384-GPU AllReduce's 511,912 flows a pass that only clears two fields cost 9.5 ms of a 125 ms
step. Stored column by column, a pass touches only the columns it uses (`benchmarks/fluid_stages.py`: that step
took 75 ms, the 1,024-GPU permutation's 2.1 ms instead of 4.4 ms).

Numba compiles the step for each array layout it meets, and it types an array of one row as row-major (it is
both). The arrays are therefore kept with one spare row and handed out as a view of the others: never contiguous,
always the one layout the step is compiled for, whatever the number of flows.
"""

from __future__ import annotations

import numpy as np

from designer.sim.dynamics.jit import njit

LINE_B = 64                    # a cache line: a port's rows of what the flow passes touch start on one (layout.py)


def by_column(rows: np.ndarray) -> np.ndarray:
    """`rows` ([flow, field]) stored column by column, as a view that leaves out one spare row."""
    out, _ = grown(rows[:0], len(rows), rows)
    return out


def kept_rows(table: np.ndarray, keep: np.ndarray) -> np.ndarray:
    """The rows of `table` (stored column by column, as `by_column` gives it) where `keep` is true, in their order,
    moved up within the same memory: a view of its first rows, the rest of the allocation kept for rows to come
    (`grown`). Copying the kept rows into a new allocation took three times as long on the 1,024-GPU AllToAll,
    whose channels retire a batch's flows 127 times (each retire wrote a fresh ~200 MB, page by page)."""
    _compact_rows(table, keep)
    return table[:int(np.count_nonzero(keep))]


@njit
def _compact_rows(table: np.ndarray, keep: np.ndarray) -> None:
    """Move the kept rows up, column by column (a row never moves down, so none is overwritten before it is
    read)."""
    for j in range(table.shape[1]):
        kept = 0
        for i in range(table.shape[0]):
            if keep[i]:
                table[kept, j] = table[i, j]
                kept += 1


def grown(old: np.ndarray, n_new: int, rows: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """`old` ([flow, field]) with `n_new` rows after it, stored column by column with at least one spare row, and a
    view of the new rows: zero, or `rows` (one row per new flow, or a single row for all of them). Where the memory
    `old` is a view of has room (rows a retire gave back: `kept_rows`), the new rows are written there; else one new
    allocation takes both. A table without rows yet is not copied."""
    room = _room(old, n_new)
    if room is not None:
        out = room[:len(old) + n_new]
        new = out[len(old):]
        new[:] = 0                              # rows of retired flows: zeroed as fresh memory would be
    else:
        out = np.zeros((len(old) + n_new + 1,) + old.shape[1:], dtype=old.dtype, order="F")[:-1]
        if len(old):
            out[:len(old)] = old
        new = out[len(old):]
    if rows is not None:
        rows = np.asarray(rows)
        if new.ndim == 2 and rows.ndim == 2:
            for j in range(new.shape[1]):       # column by column: a row broadcast over fresh column-major memory
                if len(rows) == 1 and _plain_zero(rows[0, j]):
                    continue                    # zero already: left untouched (fresh memory never written costs no
                    #                             memory: 96 MB of the 1,024-GPU AllToAll's loss state)
                new[:, j] = rows[:, j]          # in one assignment took ten times as long (0.3 s for 2 M rows)
        else:
            new[:] = rows
    return out, new


def _room(old: np.ndarray, n_new: int) -> np.ndarray | None:
    """The column-major allocation `old` is the first rows of, where it holds `n_new` rows more and a spare one."""
    base = old.base
    if (not isinstance(base, np.ndarray) or base.ndim != old.ndim or old.ndim != 2 or not base.flags.f_contiguous
            or base.dtype != old.dtype or base.shape[1:] != old.shape[1:] or base.strides != old.strides
            or base.ctypes.data != old.ctypes.data or len(old) + n_new >= len(base)):
        return None
    return base


def _plain_zero(value: np.generic) -> bool:
    """Whether a value is all zero bits (0, or +0.0: not -0.0), as fresh zeroed memory holds it."""
    return bool(value == 0) and not bool(np.signbit(value))


def aligned_zeros(shape: tuple[int, ...], align_B: int) -> np.ndarray:
    """Zeroed float64 array of `shape`, row-major, whose first element starts on an `align_B`-byte boundary: rows
    of `align_B` bytes then each fill whole cache lines (NumPy aligns an allocation to 16 bytes only). A view of an
    allocation `align_B` bytes larger, itself contiguous: the step is compiled for the layout a plain array has."""
    n = int(np.prod(shape))
    item = np.dtype(np.float64).itemsize
    raw = np.zeros(n + align_B // item, np.float64)
    skip = (-raw.ctypes.data % align_B) // item
    return raw[skip:skip + n].reshape(shape)
