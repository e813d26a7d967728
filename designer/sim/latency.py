"""One-way latency of delivered data as a byte-weighted distribution (p50, p99, p999, max).

Samples are (latency, bytes) pairs: part 1 records each transfer's unloaded path latency (NICs,
switch hops, propagation, store-and-forward serialisation); the queue model adds the queueing
and pause time its bytes met by recording its own samples through the same `add`.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass
class LatencyGroups:
    """Samples grouped by equal (latency, segment), in the order of latency then segment: a collective has few
    distinct path latencies, so recording per group keeps memory small, and grouping a phase's sub-flows once spares
    the engine's thousand max-min advances of one step a sort of their samples each."""

    latency_ns: np.ndarray    # per group, to 0.001 ns
    segment: np.ndarray       # per group (-1: none)
    of_sample: np.ndarray     # the group of each sample


def latency_groups(latency_ns: np.ndarray, segment: np.ndarray | int) -> LatencyGroups:
    """The samples' groups. The (latency to 0.001 ns, segment) pairs are packed into one integer key: a 1-D unique
    sorts far faster than a unique over columns."""
    milli = np.rint(np.asarray(latency_ns, dtype=float) * 1e3).astype(np.int64)
    seg = np.broadcast_to(np.asarray(segment, dtype=np.int64), milli.shape)
    n_seg = int(seg.max()) + 2 if len(seg) else 1      # segments run from -1 (none) up
    key, inv = np.unique(milli * n_seg + (seg + 1), return_inverse=True)
    return LatencyGroups((key // n_seg) / 1e3, (key % n_seg - 1).astype(np.int32), np.asarray(inv).reshape(-1))


def weighted_quantiles(values: np.ndarray, weights: np.ndarray, qs: list[float]) -> list[float]:
    """Quantiles of `values` where each value counts `weights` times (lower interpolation)."""
    keep = weights > 0
    v, w = values[keep], weights[keep]
    if len(v) == 0:
        return [0.0 for _ in qs]
    order = np.argsort(v, kind="stable")
    v, w = v[order], w[order]
    cum = np.cumsum(w)
    total = cum[-1]
    return [float(v[min(int(np.searchsorted(cum, q * total, side="left")), len(v) - 1)]) for q in qs]


class LatencyRecorder:
    """Collects latency samples tagged with workload and segment; summarises them on demand."""

    def __init__(self) -> None:
        self._lat: list[np.ndarray] = []
        self._bytes: list[np.ndarray] = []
        self._workload: list[np.ndarray] = []
        self._segment: list[np.ndarray] = []

    def add(self, latency_ns: np.ndarray, bytes_: np.ndarray, workload: int, segment: np.ndarray) -> None:
        latency_ns = np.asarray(latency_ns, dtype=float)
        if len(latency_ns) == 0:
            return
        self.add_grouped(latency_groups(latency_ns, segment), None, bytes_, workload)

    def add_grouped(self, groups: LatencyGroups, subs: np.ndarray | None, bytes_: np.ndarray, workload: int) -> None:
        """`add` of the grouped samples `subs` (None: all of them) with their `bytes_`: the groups they fall in, in
        the order of the groups, as `add` of their latencies and segments records them."""
        of = groups.of_sample if subs is None else groups.of_sample[subs]
        if len(of) == 0:
            return
        weights = np.bincount(of, weights=np.asarray(bytes_, dtype=float), minlength=len(groups.latency_ns))
        present = np.bincount(of, minlength=len(groups.latency_ns)) > 0
        self._lat.append(groups.latency_ns[present])
        self._bytes.append(weights[present])
        self._workload.append(np.full(int(present.sum()), workload, dtype=np.int32))
        self._segment.append(groups.segment[present])

    def summary_us(self, *, workload: int | None = None, segment: int | None = None) -> dict[str, float]:
        """{p50, p99, p999, max} in microseconds over the matching samples."""
        if not self._lat:
            return {"p50": 0.0, "p99": 0.0, "p999": 0.0, "max": 0.0}
        lat = np.concatenate(self._lat)
        w = np.concatenate(self._bytes)
        mask = np.ones(len(lat), dtype=bool)
        if workload is not None:
            mask &= np.concatenate(self._workload) == workload
        if segment is not None:
            mask &= np.concatenate(self._segment) == segment
        p50, p99, p999 = weighted_quantiles(lat[mask], w[mask], [0.5, 0.99, 0.999])
        mx = float(lat[mask & (w > 0)].max()) if (mask & (w > 0)).any() else 0.0
        return {"p50": p50 / 1e3, "p99": p99 / 1e3, "p999": p999 / 1e3, "max": mx / 1e3}
