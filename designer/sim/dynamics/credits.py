"""InfiniBand link-level flow control by credits (IBTA architecture specification, volume 1, section 7.9).

A receiver advertises, per virtual lane, the buffer space it has free, in credits of 64 bytes; a sender transmits
only against credits it holds, so a link never drops a packet. In the fluid model a port may send in a step at most
the room left in its downstream buffer: the credit buffer minus the bytes that came through it and are still queued
in the next switch. Time during which a port has more queued than that room is credit-stall time.
"""

from __future__ import annotations

from designer.sim.dynamics.jit import njit_inline


@njit_inline
def credit_room(credit_B: float, ingress_B: float) -> float:
    """Bytes the port may send now: the downstream buffer's free space for it."""
    return max(credit_B - ingress_B, 0.0)


# a margin of this share of a step's bytes: at a credit-bound steady state the room is exactly a step's bytes (or the
# backlog exactly the room), and rounding alone would otherwise decide whether a step counts as stalled
STALL_MARGIN = 1e-9


@njit_inline
def stalled(backlog_B: float, room_B: float, step_B: float) -> bool:
    """Whether the credits hold the port back this step: less room than a step's bytes, and more queued than that
    room."""
    return room_B < step_B * (1.0 - STALL_MARGIN) and backlog_B > room_B + STALL_MARGIN * step_B
