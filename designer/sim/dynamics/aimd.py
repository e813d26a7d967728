"""TCP-like senders for the lossy Ethernet front-end (and storage), with a retransmission timeout.

Congestion window per flow: slow start doubles it each round trip, congestion avoidance adds one MSS per round
trip, a loss halves it (fast recovery, RFC 5681), and a step that loses most of what was sent (a whole window, as
in incast) waits for the retransmission timeout and restarts from one MSS (RFC 6298): the mechanism behind
incast throughput collapse. The sending rate is the window over the round trip, at most the line rate.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from designer.sim.dynamics.jit import njit_inline


@dataclass
class AimdParams:
    """TCP-like sender for the lossy front-end."""

    mss_B: float = 9000.0
    initial_window_B: float = 10 * 9000.0    # RFC 6928: ten segments
    rto_s: float = 1e-3                      # minimum retransmission timeout (tuned data-centre Linux: 1-5 ms) [E]
    rtt_s: float = 20e-6                     # base round trip of kernel TCP in a data centre (docs/references.md)


CWND, SSTHRESH, TIMEOUT_UNTIL = range(3)


def new_state(n: int, params: AimdParams) -> np.ndarray:
    """[flow, field]: congestion window, slow-start threshold, end of a timeout."""
    st = np.zeros((n, 3))
    st[:, CWND] = params.initial_window_B
    st[:, SSTHRESH] = np.inf
    st[:, TIMEOUT_UNTIL] = -np.inf
    return st


@njit_inline
def sending_rate(f: int, t: float, line_Bps: float, rtt_s: float, st: np.ndarray) -> float:
    if st[f, TIMEOUT_UNTIL] > t:
        return 0.0
    rate_Bps: float = min(st[f, CWND] / rtt_s, line_Bps)
    return rate_Bps


@njit_inline
def update(f: int, t: float, dt: float, sent_B: float, lost_B: float, line_Bps: float, mss_B: float,
           rtt_s: float, rto_s: float, st: np.ndarray) -> bool:
    """React to this step's losses, or grow the window; returns whether a timeout began."""
    if lost_B > 0.0:
        st[f, SSTHRESH] = max(st[f, CWND] / 2.0, 2.0 * mss_B)
        if lost_B >= 0.5 * max(sent_B, 1.0) or st[f, CWND] <= 2.0 * mss_B:
            st[f, CWND] = mss_B
            st[f, TIMEOUT_UNTIL] = t + rto_s
            return True
        st[f, CWND] = st[f, SSTHRESH]
        return False
    if st[f, TIMEOUT_UNTIL] > t:
        return False
    if st[f, CWND] < st[f, SSTHRESH]:
        st[f, CWND] *= 2.0 ** (dt / rtt_s)
    else:
        st[f, CWND] += mss_B * dt / rtt_s
    st[f, CWND] = min(st[f, CWND], line_Bps * rtt_s * 4.0)
    return False
