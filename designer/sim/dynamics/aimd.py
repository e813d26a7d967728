"""TCP-like AIMD senders for the lossy Ethernet front-end, with a retransmission timeout.

Slow start doubles the window each RTT, congestion avoidance adds one MSS per RTT, a loss halves the
window, and a step that loses most of what was sent (a whole window, as in incast) waits for the RTO and
restarts from one MSS: the mechanism behind incast throughput collapse.
"""

from __future__ import annotations

import numpy as np

from designer.sim.dynamics.network import AimdParams


class AimdState:
    def __init__(self, line_rate_Bps: np.ndarray, params: AimdParams):
        n = line_rate_Bps.shape[0]
        self.p = params
        self.line = line_rate_Bps
        self.cwnd = np.full(n, params.initial_window_B)
        self.ssthresh = np.full(n, np.inf)
        self.timeout_until = np.full(n, -np.inf)
        self.timeouts = 0

    def copy_from(self, other: AimdState, new_idx: np.ndarray, old_idx: np.ndarray) -> None:
        for name in ("cwnd", "ssthresh", "timeout_until"):
            getattr(self, name)[new_idx] = getattr(other, name)[old_idx]

    def rate(self) -> np.ndarray:
        return np.minimum(self.cwnd / self.p.rtt_s, self.line)

    def in_timeout(self, t: float) -> np.ndarray:
        return self.timeout_until > t

    def step(self, t: float, dt: float, mask: np.ndarray, sent_B: np.ndarray, dropped_B: np.ndarray) -> None:
        p = self.p
        loss = mask & (dropped_B > 0)
        severe = loss & ((dropped_B >= 0.5 * np.maximum(sent_B, 1.0)) | (self.cwnd <= 2 * p.mss_B))
        mild = loss & ~severe
        self.ssthresh[loss] = np.maximum(self.cwnd[loss] / 2.0, 2 * p.mss_B)
        self.cwnd[mild] = self.ssthresh[mild]
        self.cwnd[severe] = p.mss_B
        self.timeout_until[severe] = t + p.rto_s
        self.timeouts += int(severe.sum())
        grow = mask & ~loss & ~self.in_timeout(t)
        slow = grow & (self.cwnd < self.ssthresh)
        self.cwnd[slow] *= 2.0 ** (dt / p.rtt_s)
        avoid = grow & ~slow
        self.cwnd[avoid] += p.mss_B * dt / p.rtt_s
        np.minimum(self.cwnd, self.line * p.rtt_s * 4, out=self.cwnd)
