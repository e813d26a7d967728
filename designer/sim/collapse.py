"""Congestion collapse: a lossy class whose senders lose and resend without ever delivering in sequence.

Go-back-N resends everything after a gap, and a receiver drops every byte behind one. When senders keep a full
queue overflowing (no PFC, and no congestion control, or one whose rate floor times the number of queue pairs is
above the bottleneck), nearly every sender loses bytes every round trip, so nearly no byte arrives in sequence:
goodput collapses while the links stay busy with bytes the receivers discard (IRN, Mittal et al., SIGCOMM 2018,
measures the cost of go-back-N; docs/references.md [irn]). A packet would still slip through now and then; the
fluid model, which spreads losses over every flow, delivers nothing at all. Either way the run would not end in any
useful time, so it stops with a message saying why, instead of simulating on.
"""

from __future__ import annotations

from designer.i18n.message import Message
from designer.sim.workload_spec import WorkloadError

# simulated time with drops and no byte delivered in sequence after which a run has collapsed: about 300 of the
# RoCEv2 tail-loss timeouts (320 us), several hundred round trips through a full buffer
COLLAPSE_SPAN_S = 0.1


class CongestionCollapse(WorkloadError):
    """The run's settings make its traffic collapse (a WorkloadError: the caller's settings, not a fault)."""


class CollapseWatch:
    """Watches the fluid queues' windows for drops without delivery."""

    def __init__(self, now_s: float = 0.0) -> None:
        self.last_progress_s = now_s

    def restart(self, now_s: float) -> None:
        """New flows were installed: they have had no time to deliver yet."""
        self.last_progress_s = now_s

    def observe(self, now_s: float, delivered_B: float, dropped_B: float, finished: bool) -> None:
        """One window's totals; raises CongestionCollapse once drops went on for COLLAPSE_SPAN_S without delivery."""
        if delivered_B > 0.0 or finished:
            self.last_progress_s = now_s
        elif dropped_B > 0.0 and now_s - self.last_progress_s > COLLAPSE_SPAN_S:
            raise CongestionCollapse(Message("error.sim.collapse", ms=f"{COLLAPSE_SPAN_S * 1e3:.0f}"))
