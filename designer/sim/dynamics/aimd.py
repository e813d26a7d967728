"""TCP-like senders for the lossy Ethernet front-end (and storage), with a retransmission timeout.

Congestion window per flow: slow start doubles it each round trip, congestion avoidance adds one MSS per round
trip, a loss halves it (fast recovery, RFC 5681), and a step that loses most of what was sent (a whole window, as
in incast) waits for the retransmission timeout and restarts from one MSS (RFC 6298): the mechanism behind
incast throughput collapse. The sending rate is the window over the round trip, at most the line rate.

The round trip is the flow's own: a data-centre kernel stack's (`rtt_s`), or twice the path's one-way latency where
that is longer (a flow across a long-haul span: 1 ms at 100 km), so a window grows a round trip at a time and
sends at most window / RTT (RFC 5681, section 3.1). The window is also held to the receiver's advertised window,
which RFC 7323's window scaling lets exceed 64 KB; Linux advertises up to its largest receive buffer, tcp_rmem's
maximum of 6 MiB by default (Linux ip-sysctl documentation), so a TCP flow runs at most 6 MiB / RTT: 50 Gb/s over
100 km, 5 Gb/s over 1,000 km. The retransmission timeout is at least three round trips, the first RTO RFC 6298
(section 2.2) sets for a measured RTT R: R + 4 * R/2. Sources: docs/references.md [tcp-windows].
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
    receive_window_B: float = 6 * 2**20      # Linux tcp_rmem maximum (default 6 MiB; ip-sysctl documentation)


CWND, SSTHRESH, TIMEOUT_UNTIL = range(3)


def new_state(n: int, params: AimdParams) -> np.ndarray:
    """[flow, field]: congestion window, slow-start threshold, end of a timeout."""
    st = np.zeros((n, 3))
    st[:, CWND] = params.initial_window_B
    st[:, SSTHRESH] = np.inf
    st[:, TIMEOUT_UNTIL] = -np.inf
    return st


@njit_inline
def round_trip_s(base_rtt_s: float, one_way_s: float) -> float:
    """A flow's round trip: the stack's in a data centre, or the path's there and back where that is longer."""
    return max(base_rtt_s, 2.0 * one_way_s)


@njit_inline
def sending_rate(f: int, t: float, line_Bps: float, rtt_s: float, st: np.ndarray) -> float:
    if st[f, TIMEOUT_UNTIL] > t:
        return 0.0
    rate_Bps: float = min(st[f, CWND] / rtt_s, line_Bps)
    return rate_Bps


@njit_inline
def update(f: int, t: float, dt: float, sent_B: float, lost_B: float, line_Bps: float, mss_B: float,
           rtt_s: float, rto_s: float, window_B: float, st: np.ndarray) -> bool:
    """React to this step's losses, or grow the window (up to the receiver's `window_B`); returns whether a timeout
    began."""
    if lost_B > 0.0:
        st[f, SSTHRESH] = max(st[f, CWND] / 2.0, 2.0 * mss_B)
        if lost_B >= 0.5 * max(sent_B, 1.0) or st[f, CWND] <= 2.0 * mss_B:
            st[f, CWND] = mss_B
            st[f, TIMEOUT_UNTIL] = t + max(rto_s, 3.0 * rtt_s)
            return True
        st[f, CWND] = st[f, SSTHRESH]
        return False
    if st[f, TIMEOUT_UNTIL] > t:
        return False
    if st[f, CWND] < st[f, SSTHRESH]:
        st[f, CWND] *= 2.0 ** (dt / rtt_s)
    else:
        st[f, CWND] += mss_B * dt / rtt_s
    st[f, CWND] = min(st[f, CWND], line_Bps * rtt_s * 4.0, window_B)
    return False
