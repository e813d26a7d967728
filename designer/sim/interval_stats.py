"""Queue figures per snapshot interval (queue depth, PFC pauses, ECN marks, credit stalls, drops).

The engine accumulates these counters over the whole run (`Totals`); the live plots need them per
interval, so this tracker differences the running totals between two snapshots and reads the
queue model's latest per-port queue depth. It only reads; the engine's state is never changed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from designer.sim.compile import PLANE_BACKEND, CompiledFabric
from designer.sim.intervals import Interval, given
from designer.sim.run_totals import Totals


class IntervalCounters:
    """Turns cumulative engine totals into per-interval figures for `Snapshot.extra`."""

    def __init__(self, fab: CompiledFabric, totals: Totals) -> None:
        self.fab = fab
        self.totals = totals
        self.backend = fab.port_plane == PLANE_BACKEND
        self._port_bytes = totals.port_bytes.copy()
        self.n_links = len(fab.link_ids)
        self._t = 0.0
        self._last = self._read()
        self._ports_last = self._port_arrays()

    def _read(self) -> dict[str, float]:
        tot = self.totals
        return {"pause_port_s": tot.pause_port_s, "credit_stall_port_s": tot.credit_stall_port_s,
                "ecn_marked_B": tot.ecn_marked_bytes, "dropped_B": tot.dropped_bytes,
                "delivered_B": tot.delivered_bytes}

    def _port_arrays(self) -> dict[str, np.ndarray | None]:
        tot = self.totals
        return {k: (None if getattr(tot, k) is None else getattr(tot, k).copy())
                for k in ("port_paused_s", "port_stall_s", "port_dropped_B", "port_lane_paused_s",
                          "port_lane_stall_s")}

    def _per_link(self, per_port: np.ndarray) -> np.ndarray:
        """Directed-port values folded onto links (max of both directions); ports 2k, 2k+1 are link k. Values
        [port, class] fold to [link, class]."""
        pp = per_port[: 2 * self.n_links]
        per_link: np.ndarray = np.maximum(pp[0::2], pp[1::2])
        return per_link

    def _lane_links_held(self, per_port_lane: np.ndarray) -> np.ndarray | None:
        """[traffic class, link]: whether a class was paused or held for credits on either direction of each link,
        from [port, class] values (positive: held); None with a single class (the links' own flag says it all)."""
        if per_port_lane.ndim != 2 or per_port_lane.shape[1] < 2 or len(per_port_lane) < 2 * self.n_links:
            return None
        held: np.ndarray = (self._per_link(per_port_lane.astype(float)) > 0).T
        return held

    def sample(self, time_s: float) -> dict[str, float | np.ndarray]:
        """Figures since the previous sample (fractions of port-time over back-end ports)."""
        now = self._read()
        span_s = max(time_s - self._t, 0.0)
        d = {k: now[k] - self._last[k] for k in now}
        # shares of the port-time of the back-end ports that carried bytes since the last sample, as the run's
        # own pfc_pause_fraction / credit_stall_fraction are (designer/sim/metrics.py)
        carried = self.backend & (self.totals.port_bytes > self._port_bytes)
        self._port_bytes = self.totals.port_bytes.copy()
        port_time_s = max(int(carried.sum()), 1) * span_s
        queue = None            # the queues' depth comes with a fluid window's own figures (overlay)
        out: dict[str, float | np.ndarray] = {
            "interval_s": span_s,
            # share of back-end port-time paused by PFC / waiting for IB credits in this interval
            "pfc_pause_fraction": d["pause_port_s"] / port_time_s if port_time_s > 0 else 0.0,
            "credit_stall_fraction": d["credit_stall_port_s"] / port_time_s if port_time_s > 0 else 0.0,
            "ecn_marked_bytes": d["ecn_marked_B"],
            # marks of a repeated step are booked when the step is, so clamp the share of one interval to 1
            "ecn_mark_fraction": min(d["ecn_marked_B"] / d["delivered_B"], 1.0) if d["delivered_B"] > 0 else 0.0,
            "dropped_bytes": d["dropped_B"],
            "queue_max_B": float(queue.max()) if queue is not None and len(queue) else 0.0,
            "queue_total_B": float(queue.sum()) if queue is not None and len(queue) else 0.0,
        }
        ports_now = self._port_arrays()
        # a link is "paused" when PFC paused it or it waited for IB credits during the interval
        for keys, name in ((("port_paused_s", "port_stall_s"), "link_paused"), (("port_dropped_B",), "link_dropping")):
            flag = np.zeros(self.n_links, dtype=bool)
            for key in keys:
                delta = self._delta(ports_now, key)
                if delta is not None:
                    flag |= self._per_link(delta) > 0
            out[name] = flag
        out["link_queue_B"] = (self._per_link(queue) if queue is not None and len(queue) >= 2 * self.n_links
                               else np.zeros(self.n_links))
        lanes = [d for d in (self._delta(ports_now, k) for k in ("port_lane_paused_s", "port_lane_stall_s"))
                 if d is not None]
        held = self._lane_links_held(np.sum(lanes, axis=0)) if lanes else None
        if held is not None:
            out["lane_link_paused"] = held
        self._ports_last = ports_now
        self._t = time_s
        self._last = now
        return out

    def _delta(self, ports_now: dict[str, np.ndarray | None], key: str) -> np.ndarray | None:
        """The port counter `key` since the last sample (None where the run keeps none)."""
        cur, before = ports_now[key], self._ports_last[key]
        return None if cur is None else cur - (before if before is not None else 0.0)

    def overlay(self, figures: dict[str, float | np.ndarray],
                step_figures: dict[str, Any] | None) -> dict[str, float | np.ndarray]:
        """`figures` with a fluid window's own figures (its queues, pauses and marks) in place of the totals'."""
        if not step_figures:
            return figures
        out = {**figures, **{k: v for k, v in step_figures.items()
                             if k not in ("queue_B", "port_paused", "port_lane_paused", "latency_us")}}
        queue = step_figures.get("queue_B")
        if queue is not None and len(queue) >= 2 * self.n_links:
            out["link_queue_B"] = self._per_link(np.asarray(queue, dtype=float))
        paused = step_figures.get("port_paused")
        if paused is not None and len(paused) >= 2 * self.n_links:
            out["link_paused"] = self._per_link(np.asarray(paused, dtype=float)) > 0
        lane_paused = step_figures.get("port_lane_paused")
        held = self._lane_links_held(np.asarray(lane_paused)) if lane_paused is not None else None
        if held is not None:
            out["lane_link_paused"] = held
        return out


def merged(intervals: list[Interval], *, now: bool = False) -> Interval:
    """The intervals since the last snapshot as one (they follow each other): a snapshot then shows the traffic
    of the whole period it closes, not only of the interval its tick falls in (a short collective at max-min
    rates can drain between two ticks, and its intervals were shown as idle cables). Queue figures and the
    number in flight are the last interval's (they are states at its end). With `now`, the ports' bytes are
    counted at once and the intervals let go (a long period is folded as it goes: bounded memory)."""
    if len(intervals) == 1 and not now:
        return intervals[0]
    last = intervals[-1]
    by_workload: dict[int, float] = {}
    network: dict[int, float] = {}
    for iv in intervals:
        for w, b in (iv.by_workload or {}).items():
            by_workload[w] = by_workload.get(w, 0.0) + b
        for w, b in (iv.network_by_workload or {}).items():
            network[w] = network.get(w, 0.0) + b
    moved = [(iv, iv.port_bytes) for iv in intervals if iv.port_bytes is not None]

    def port_bytes() -> np.ndarray:
        total: np.ndarray = np.sum([counted() for _, counted in moved], axis=0)
        return total

    def port_bytes_by_workload() -> dict[int, np.ndarray]:
        out: dict[int, np.ndarray] = {}
        for iv, counted in moved:
            per = iv.port_bytes_by_workload() if iv.port_bytes_by_workload is not None else \
                {w: counted() for w in (iv.by_workload or {})}     # one workload moved: all its bytes
            for w, b in per.items():
                out[w] = out[w] + b if w in out else b
        return out

    several = len(by_workload) > 1
    ports_fn: Callable[[], np.ndarray] | None = port_bytes if moved else None
    split_fn: Callable[[], dict[int, np.ndarray]] | None = port_bytes_by_workload if several else None
    if now:
        ports_fn = given(port_bytes()) if moved else None
        split_fn = given(port_bytes_by_workload()) if several and moved else None
    return Interval(intervals[0].t0, last.t1, sum(iv.delivered_bytes for iv in intervals), last.in_flight,
                    ports_fn, last.queue_figures, by_workload or None, split_fn, network or None)

