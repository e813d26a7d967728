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
