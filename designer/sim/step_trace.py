"""What the live plots see of a congested step that the engine simulates in one piece: the step's own course
(throughput, queues, pauses, marks) recorded in a few dozen windows while the fluid queues run it, then replayed
as intervals of the run. Without it such a step would show as one flat average.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from designer.sim.dynamics.stepper import latency_percentiles_us

WINDOWS = 40              # windows a step is cut into (the plots redraw a few times a second: more is not seen)
MAX_PORT_CELLS = 4_000_000  # windows x ports kept per step; larger fabrics keep only the aggregate series


@dataclass
class StepTrace:
    """How one congested step unfolded inside the fluid queues, in a few dozen windows: what the live plots draw
    while the step runs (the totals come from the profile's sums, never from here).

    Times and bytes are shares of the step (t_end_frac: end of each window as a fraction of the step's drain
    time; delivered_frac: share of the step's delivered bytes), so the trace scales to the step as simulated.
    Per-port arrays (window x port) are kept only for fabrics small enough to hold them.
    """

    t_end_frac: np.ndarray
    delivered_frac: np.ndarray
    pause_fraction: np.ndarray                   # share of back-end port-time paused by PFC in the window
    credit_stall_fraction: np.ndarray            # share of back-end port-time waiting for IB credits
    mark_fraction: np.ndarray                    # share of the window's bytes ECN-marked
    queue_max_B: np.ndarray                      # deepest queue at the window's end
    queue_total_B: np.ndarray
    port_frac: np.ndarray | None = None          # share of each port's bytes of the step carried in the window
    queue_B: np.ndarray | None = None            # queue depth per port at the window's end
    port_paused: np.ndarray | None = None        # bool: the port was paused / credit-stalled in the window
    latency_us: list[dict[str, float]] | None = None   # running p50/p99/p999/max of the step up to each window


def on_fabric_ports(per_port: np.ndarray, port_index: np.ndarray, n_ports: int) -> np.ndarray:
    """Values over a fluid run's ports (last axis) spread onto all of the fabric's `n_ports` ports: the run covers
    only the ports at `port_index`, every other port gets 0."""
    out = np.zeros((*per_port.shape[:-1], n_ports), dtype=per_port.dtype)
    out[..., port_index] = per_port
    return out


class TraceRecorder:
    """Samples a FluidSimulator every few steps during one run of a step and builds its StepTrace.

    A window holds raw sums (bytes, paused and stalled port-seconds, marked bytes); when a step runs longer than
    expected, neighbouring windows are merged two by two, so a trace never holds more than 2 x WINDOWS."""

    def __init__(self, sim, backend_ports: np.ndarray, expected_steps: int, *,
                 port_index: np.ndarray, n_ports: int) -> None:
        """`backend_ports` masks the simulator's ports; `port_index` maps them to the fabric's `n_ports` ports
        (the simulator runs over a subset; the trace's per-port arrays are on the fabric's ports)."""
        self.sim = sim
        self.port_index = port_index
        self.n_ports = n_ports
        self.backend = backend_ports
        self.n_backend = max(int(backend_ports.sum()), 1)
        self.every = max(1, int(expected_steps) // WINDOWS)
        self.keep_ports = WINDOWS * 2 * self.n_ports <= MAX_PORT_CELLS
        self.t0 = sim.t
        self.windows: list[dict] = []
        self._acc = {k: sim.acc[k].copy() for k in ("served", "paused", "stall")}
        self._hist = sim.hist.copy()
        self._marked = float(sim.marked_total)
        self._delivered = 0.0
        self._t = sim.t
        self._steps = 0

    def after_step(self, delivered_B: float) -> None:
        """Call after each step with the bytes it delivered; closes a window every `every` steps."""
        self._delivered += delivered_B
        self._steps += 1
        if self._steps % self.every == 0 or self.sim.done.all():
            self._close()

    def _close(self) -> None:
        sim = self.sim
        d = {k: sim.acc[k] - self._acc[k] for k in self._acc}
        queue = np.asarray(sim.last_queue, dtype=float)
        self.windows.append({
            "t0": self._t, "t1": sim.t, "delivered": self._delivered,
            "paused_s": float(d["paused"][self.backend].sum()), "stall_s": float(d["stall"][self.backend].sum()),
            "marked": float(sim.marked_total) - self._marked,
            "queue_max": float(queue.max(initial=0.0)), "queue_total": float(queue.sum()),
            "served": d["served"] if self.keep_ports else None,
            "queue": queue.astype(np.float32) if self.keep_ports else None,
            "paused": ((d["paused"] > 0) | (d["stall"] > 0)) if self.keep_ports else None,
            "hist": sim.hist - self._hist})
        self._acc = {k: sim.acc[k].copy() for k in self._acc}
        self._hist = sim.hist.copy()
        self._marked, self._delivered, self._t = float(sim.marked_total), 0.0, sim.t
        if len(self.windows) >= 2 * WINDOWS:
            self.windows = [_merge(a, b) for a, b in zip(self.windows[0::2], self.windows[1::2], strict=False)] + \
                ([self.windows[-1]] if len(self.windows) % 2 else [])
            self.every *= 2

    def trace(self) -> StepTrace | None:
        """The step's trace, or None when it ran in a single window (nothing to show beyond its average)."""
        if self.sim.t > self._t:
            self._close()
        w = self.windows
        if len(w) < 2:
            return None
        t_end = np.array([x["t1"] for x in w]) - self.t0
        span = np.maximum(np.array([x["t1"] - x["t0"] for x in w]), 1e-30)
        delivered = np.array([x["delivered"] for x in w])
        port_frac = queue = paused = None
        if self.keep_ports:
            served = np.stack([x["served"] for x in w])
            total = served.sum(axis=0)
            share = np.divide(served, total, out=np.zeros_like(served), where=total > 0).astype(np.float32)
            port_frac = on_fabric_ports(share, self.port_index, self.n_ports)
            queue = on_fabric_ports(np.stack([x["queue"] for x in w]), self.port_index, self.n_ports)
            paused = on_fabric_ports(np.stack([x["paused"] for x in w]), self.port_index, self.n_ports)
        return StepTrace(
            t_end_frac=t_end / t_end[-1], delivered_frac=delivered / max(delivered.sum(), 1e-30),
            pause_fraction=np.array([x["paused_s"] for x in w]) / (self.n_backend * span),
            credit_stall_fraction=np.array([x["stall_s"] for x in w]) / (self.n_backend * span),
            mark_fraction=np.minimum(np.array([x["marked"] for x in w]) / np.maximum(delivered, 1.0), 1.0),
            queue_max_B=np.array([x["queue_max"] for x in w]), queue_total_B=np.array([x["queue_total"] for x in w]),
            port_frac=port_frac, queue_B=queue, port_paused=paused,
            latency_us=[latency_percentiles_us(h) for h in np.cumsum([x["hist"] for x in w], axis=0)])


def _merge(a: dict, b: dict) -> dict:
    """Two neighbouring windows as one: sums add up, the queue is the later window's."""
    out = dict(b)
    out["t0"] = a["t0"]
    for k in ("delivered", "paused_s", "stall_s", "marked"):
        out[k] = a[k] + b[k]
    out["queue_max"] = max(a["queue_max"], b["queue_max"])
    out["hist"] = a["hist"] + b["hist"]
    if a["served"] is not None:
        out["served"] = a["served"] + b["served"]
        out["paused"] = a["paused"] | b["paused"]
    return out
