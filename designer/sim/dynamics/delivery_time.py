"""One-way latency of delivered bytes from each flow's send and arrival curves.

A flow's bytes leave its sender and reach its receiver in order (one path per flow in the fluid model). With S(t)
the bytes it has sent by time t and A(t) the bytes that have arrived, the bytes arriving at time t were sent at
S^-1(A(t)): their one-way time is t - S^-1(A(t)). That includes every queue and every PAUSE they met, and can never
be longer than the time since the flow started. The unloaded latency of the path (NICs, switch latencies,
propagation) is added; the model's own transit (one step per hop, and half a step from the mean sending time
within a step to the end of the step the bytes arrive in) is taken out.

S is kept as checkpoints shared by all flows (every `stride` steps); when the ring of checkpoints is full and its
oldest entry is still needed by a flow whose bytes are that old, the ring keeps every other checkpoint and doubles
the stride, so memory stays fixed and the time resolution is a small fraction of the latencies measured.

The position looked up, A(t), only grows, and so does S, so each flow keeps a cursor: the checkpoint where its last
lookup ended. The next lookup walks on from there (usually zero or one checkpoint) instead of searching the ring,
which touches one or two of the flow's checkpoints instead of log2(depth) scattered ones.

Latencies go into byte-weighted histograms with log-spaced bins (10 ns to 10 s, 200 bins a decade).
"""

from __future__ import annotations

import math

import numpy as np

from designer.sim.dynamics.jit import njit, njit_inline

BINS_PER_DECADE = 200
LOG_MIN = -8.0                          # 10 ns
N_BINS = 9 * BINS_PER_DECADE            # up to 10 s
BIN_EDGES_S = 10.0 ** (LOG_MIN + np.arange(N_BINS + 1) / BINS_PER_DECADE)
BIN_MID_S = np.sqrt(BIN_EDGES_S[:-1] * BIN_EDGES_S[1:])


# columns of the checkpoint ring's meta array: where the oldest checkpoint is, how many there are, every how many
# steps one is taken, steps since the last one, and the serial number of the oldest (cursors hold serial numbers)
HEAD, COUNT, STRIDE, SINCE, BASE = range(5)


def new_checkpoints(n_flows: int, depth: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(times [depth], bytes sent [flow, depth], meta [HEAD, COUNT, STRIDE, SINCE, BASE], cursors [flow])."""
    return np.zeros(depth), np.zeros((n_flows, depth)), np.array([0, 0, 1, 0, 0], dtype=np.int64), \
        np.zeros(n_flows, np.int64)


def ring_depth(n_flows: int) -> int:
    """Checkpoints per flow: up to 64, fewer for very many flows (about 64 MB at most); a power of two (positions
    in the ring are then taken with a mask)."""
    fit = max(8, 8_000_000 // max(n_flows, 1))
    return int(min(64, 1 << (fit.bit_length() - 1)))


@njit_inline
def bin_by_log(latency_s: float) -> int:
    """The histogram bin of a latency, by its definition."""
    if latency_s <= 0.0:
        return 0
    b = int((math.log10(latency_s) - LOG_MIN) * BINS_PER_DECADE)
    return min(max(b, 0), N_BINS - 1)


# `bin_by_log` without a logarithm (a step bins every flow's arrivals: the logarithm was a quarter of the receivers'
# stage). The top 7 bits of a double's mantissa and its exponent cut each octave into 128 cells, each narrower than
# half a bin, so at most one bin starts inside a cell: a latency's bin is its cell's first bin, or the next one from
# that bin's first latency on. The first latencies of the bins are found with `bin_by_log` itself, so the two agree
# exactly (tests/test_sim_step_equal.py); outside the cells' span (below 7.5 ns, from 16 s) the definition is used.
_CELL_SHIFT = 45
_CELL_LO_S, _CELL_HI_S = 2.0 ** -27, 16.0
_CELL_BASE = int(np.array(_CELL_LO_S).view(np.int64)) >> _CELL_SHIFT


@njit
def _bin_starts() -> np.ndarray:
    """The least latency `bin_by_log` puts in bin b or above, for b = 1 .. N_BINS - 1 (index 0: 0.0): a bisection
    over the bit patterns of positive doubles, which are in the order of their values."""
    starts = np.zeros(N_BINS)
    lo = np.float64(1e-12).view(np.int64)
    for b in range(1, N_BINS):
        hi = np.float64(1e3).view(np.int64)
        while hi - lo > 1:                     # bin_by_log(lo) < b <= bin_by_log(hi)
            mid = lo + (hi - lo) // 2
            if bin_by_log(np.int64(mid).view(np.float64)) >= b:
                hi = mid
            else:
                lo = mid
        starts[b] = np.int64(hi).view(np.float64)
    return starts


def _cells(starts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per cell: its first latency's bin, and the first latency of the bin after it (infinity: none)."""
    n = (int(np.array(_CELL_HI_S).view(np.int64)) >> _CELL_SHIFT) - _CELL_BASE
    first = ((np.arange(n + 1, dtype=np.int64) + _CELL_BASE) << _CELL_SHIFT).view(np.float64)
    cell_bin = np.searchsorted(starts[1:], first, side="right")
    nxt = np.append(starts, np.inf)[cell_bin + 1]
    if (np.append(starts, [np.inf, np.inf])[cell_bin[:-1] + 2] < first[1:]).any():
        raise ValueError("a cell of latencies holds more than one bin's start")
    return cell_bin[:-1].astype(np.int64), nxt[:-1]


BIN_STARTS_S = _bin_starts()
_CELL_BIN, _CELL_NEXT_S = _cells(BIN_STARTS_S)


@njit_inline
def bin_of(latency_s: float) -> int:
    """The histogram bin of a latency (`bin_by_log`, looked up)."""
    if _CELL_LO_S <= latency_s < _CELL_HI_S:
        k = (np.float64(latency_s).view(np.int64) >> _CELL_SHIFT) - _CELL_BASE
        b: int = _CELL_BIN[k]
        return b + int(latency_s >= _CELL_NEXT_S[k])     # (without a branch: either is as likely)
    return bin_by_log(latency_s)


@njit_inline
def checkpoint(t: float, sent: np.ndarray, arrived: np.ndarray, done: np.ndarray, ck_t: np.ndarray,
               ck_sent: np.ndarray, meta: np.ndarray, cursor: np.ndarray) -> None:
    """Record every flow's sent bytes at time t (every `stride` calls)."""
    meta[SINCE] += 1
    if meta[SINCE] < meta[STRIDE]:
        return
    meta[SINCE] = 0
    depth = ck_t.shape[0]
    if meta[COUNT] == depth:
        _make_room(arrived, done, ck_t, ck_sent, meta, cursor)
        if meta[COUNT] == depth:
            return
    pos = (meta[HEAD] + meta[COUNT]) & (depth - 1)
    ck_t[pos] = t
    for f in range(sent.shape[0]):
        ck_sent[f, pos] = sent[f]
    meta[COUNT] += 1


@njit
def _make_room(arrived: np.ndarray, done: np.ndarray, ck_t: np.ndarray, ck_sent: np.ndarray,
               meta: np.ndarray, cursor: np.ndarray) -> None:
    """Drop the oldest checkpoint if no flow still needs it, else keep every other one (a cursor k checkpoints past
    the oldest moves to ceil(k/2): the kept checkpoints before it are still all before the flow's position)."""
    depth = ck_t.shape[0]
    second = (meta[HEAD] + 1) & (depth - 1)
    needed = False
    for f in range(arrived.shape[0]):
        if done[f] == 0.0 and arrived[f] < ck_sent[f, second]:
            needed = True
            break
    if not needed:
        meta[HEAD] = second
        meta[COUNT] -= 1
        meta[BASE] += 1
        return
    keep = 0
    for i in range(0, meta[COUNT], 2):
        src = (meta[HEAD] + i) & (depth - 1)
        dst = (meta[HEAD] + keep) & (depth - 1)
        ck_t[dst] = ck_t[src]
        for f in range(ck_sent.shape[0]):
            ck_sent[f, dst] = ck_sent[f, src]
        keep += 1
    meta[COUNT] = keep
    meta[STRIDE] *= 2
    base = meta[BASE]
    for f in range(cursor.shape[0]):
        past = cursor[f] - base
        if past > 0:
            cursor[f] = base + (past + 1) // 2


@njit_inline
def sent_time(f: int, position_B: float, now: float, sent_now: float, ck_t: np.ndarray, ck_sent: np.ndarray,
              meta: np.ndarray, cursor: np.ndarray) -> float:
    """When flow f had sent `position_B` bytes: interpolated between checkpoints (and now, with `sent_now`).
    `position_B` must not be less than at the flow's previous call (its cursor only moves forward)."""
    mask = ck_t.shape[0] - 1
    head, count = meta[HEAD], meta[COUNT]
    lo = max(cursor[f] - meta[BASE], 0)     # the first checkpoint with sent >= position
    while lo < count and ck_sent[f, (head + lo) & mask] < position_B:
        lo += 1
    if cursor[f] != meta[BASE] + lo:     # (it mostly stays: written only when it moves)
        cursor[f] = meta[BASE] + lo
    if lo == 0:
        return now if count == 0 else ck_t[head]   # older than the oldest kept: its time is the bound we have
    prev = (head + lo - 1) & mask
    t0, s0 = ck_t[prev], ck_sent[f, prev]
    if lo == count:
        t1, s1 = now, sent_now
    else:
        nxt = (head + lo) & mask
        t1, s1 = ck_t[nxt], ck_sent[f, nxt]
    if s1 <= s0:
        return t1
    sent_s: float = t0 + (t1 - t0) * (position_B - s0) / (s1 - s0)
    return sent_s
