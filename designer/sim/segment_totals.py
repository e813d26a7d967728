"""Totals per back-end segment of what a run's sub-flows carry (bytes, network bytes), as the engine's accounting
adds them up interval by interval.

Segments are a few small numbers, so the sums are counted by index rather than sorted, and a single segment (the
common case) is summed in one compiled pass in the order a weighted bincount adds: the totals are bit for bit those
of `np.bincount(seg + 1, weights=values)`.
"""

from __future__ import annotations

import numpy as np

from designer.sim.dynamics.jit import njit


@njit
def segment_bounds(seg: np.ndarray) -> tuple[int, int]:
    """The lowest and highest segment, in one pass."""
    lo = hi = seg[0]
    for s in seg:
        lo, hi = min(lo, s), max(hi, s)
    return int(lo), int(hi)


@njit
def _running_sum(values: np.ndarray) -> float:
    """The values added one after the other from 0.0 (as a cumulative sum or a weighted bincount adds them)."""
    total = 0.0
    for v in values:
        total += v
    return total


@njit
def _masked_running_sum(values: np.ndarray, mask: np.ndarray) -> float:
    """`_running_sum` of `np.where(mask, values, 0.0)` without the array (adding 0.0 to a sum started at 0.0 leaves
    it as it is)."""
    total = 0.0
    for i in range(len(values)):
        if mask[i]:
            total += values[i]
    return total


@njit
def _running_sums(values: np.ndarray, mask: np.ndarray) -> tuple[float, float]:
    """`_running_sum` and `_masked_running_sum` in one pass: the two chains of additions run side by side, in about
    the time of one (each addition waits for the one before it)."""
    total = masked = 0.0
    for i in range(len(values)):
        total += values[i]
        if mask[i]:
            masked += values[i]
    return total, masked


def add_by_segment_and_masked(into: dict[int, float], into_masked: dict[int, float], seg: np.ndarray,
                              values: np.ndarray, bounds: tuple[int, int] | None, mask: np.ndarray) -> None:
    """`add_by_segment` of `values` into `into` and of those where `mask` into `into_masked`, in one pass where
    there is one segment."""
    if len(seg) == 0:
        return
    lo, hi = bounds if bounds is not None else segment_bounds(np.asarray(seg).reshape(-1))
    if lo != hi:
        add_by_segment(into, seg, values, (lo, hi))
        add_by_segment(into_masked, seg, values, (lo, hi), mask)
        return
    total, masked = _running_sums(np.asarray(values, dtype=np.float64).reshape(-1), np.asarray(mask).reshape(-1))
    into[lo] = into.get(lo, 0.0) + total
    into_masked[lo] = into_masked.get(lo, 0.0) + masked


def add_by_segment(into: dict[int, float], seg: np.ndarray, values: np.ndarray,
                    bounds: tuple[int, int] | None = None, mask: np.ndarray | None = None) -> None:
    """Add `values` (where `mask`, if given) up per segment (-1: none) into `into`; a segment present with nothing
    gets its 0. Segments are a few small numbers: counted by index, not sorted (a window of millions of sub-flows
    sorted them five times). `bounds`: the lowest and highest of `seg`, when the caller has them."""
    if len(seg) == 0:
        return
    lo, hi = bounds if bounds is not None else segment_bounds(np.asarray(seg).reshape(-1))
    if lo == hi:                  # one segment (the common case): the running sum adds in bincount's order
        flat = np.asarray(values, dtype=np.float64).reshape(-1)
        total = _running_sum(flat) if mask is None else _masked_running_sum(flat, np.asarray(mask).reshape(-1))
        into[lo] = into.get(lo, 0.0) + total
        return
    if mask is not None:
        values = np.where(mask, values, 0.0)
    shifted = np.asarray(seg, dtype=np.int64).reshape(-1) + 1
    sums = np.bincount(shifted, weights=values)
    for k in np.flatnonzero(np.bincount(shifted)):
        into[int(k) - 1] = into.get(int(k) - 1, 0.0) + float(sums[k])


def add_zero_by_segment(into: dict[int, float], seg: np.ndarray, bounds: tuple[int, int] | None = None) -> None:
    """`add_by_segment` of zeros (each sum 0.0): every segment present gets 0.0 added, without a pass over values."""
    if len(seg) == 0:
        return
    lo, hi = bounds if bounds is not None else segment_bounds(np.asarray(seg).reshape(-1))
    present = [lo] if lo == hi else [int(k) - 1 for k in np.flatnonzero(np.bincount(
        np.asarray(seg, dtype=np.int64).reshape(-1) + 1))]
    for k in present:
        into[k] = into.get(k, 0.0) + 0.0
