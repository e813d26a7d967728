"""Priority flow control (IEEE 802.1Qbb): the lossless class of RoCEv2.

A switch counts, per ingress port and priority, the bytes that came in through that port and are still queued
inside it. Above Xoff it sends PAUSE for the priority to the upstream port, which stops sending that class; below
Xon it sends RESUME. Bytes already on the wire and in the upstream's transmit pipeline when PAUSE takes effect land
in the ingress headroom, sized from the cable's round trip, the MTU and the response time (the IEEE 802.1Qbb buffer
model; docs/references.md "PFC headroom"). Arrivals beyond Xoff + headroom cannot be held: a lossless class with too
little headroom drops them.

In the fluid model a port's pause state is decided once per step from the downstream ingress occupancy; Xoff is met
one step of line-rate arrivals early so that the headroom is not spent on the model's own granularity.
"""

from __future__ import annotations

from designer.sim.dynamics.jit import njit_inline


@njit_inline
def paused_next(ingress_B: float, xoff_B: float, xon_B: float, capacity_step_B: float, was_paused: bool) -> bool:
    """Whether the upstream port is paused for the next step (Xoff / Xon hysteresis)."""
    xoff = max(xoff_B - capacity_step_B, 0.0)
    xon = min(xon_B, xoff)
    if ingress_B > xoff:
        return True
    return was_paused and ingress_B > xon


@njit_inline
def headroom_overflow(ingress_B: float, xoff_B: float, headroom_B: float) -> float:
    """Bytes beyond what the ingress can hold after PAUSE (Xoff + headroom): lost although the class is lossless."""
    return max(ingress_B - (xoff_B + headroom_B), 0.0)
