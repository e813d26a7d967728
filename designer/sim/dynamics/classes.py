"""Traffic classes on a port: how the link is shared among the classes that may send.

A job runs in a traffic class: on RoCEv2 an Ethernet priority (IEEE 802.1Q priority code point, 8 of them), each with
its own egress queue and, where the priority is lossless, its own PFC pause (IEEE 802.1Qbb pauses one priority, not
the link); on InfiniBand a service level mapped to a virtual lane, each lane with its own receive buffer and credits
(InfiniBand Architecture Specification vol. 1, link-level flow control per virtual lane). In the fluid model a class
is a lane of every port (kernel.py): its own queue, ingress occupancy, pause state and credits.

The port's transmitter serves its classes in turn: Enhanced Transmission Selection (IEEE 802.1Qaz) gives each traffic
class a share of the bandwidth and lets a class use what the others leave; InfiniBand's VL arbitration serves the
lanes by a weighted round-robin table. Both are taken with equal weights, in the fluid limit: each step the port's
bytes are shared max-min fairly among the classes that have bytes they may send (a paused class, or one without
credits, asks for nothing; a class that wants less than an equal share leaves the rest to the others). Deficit
round-robin reaches this share over a few packets; within a step it is exact for the fluid. Strict priority and
unequal weights are not modelled.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from designer.sim.dynamics.jit import njit_inline


@njit_inline
def share(capacity_B: float, lanes: npt.NDArray[np.float64], p: int, want: int, got: int) -> None:
    """Port p's `capacity_B` shared among its lanes: lanes[p, c, got] from the bytes each asks for, lanes[p, c, want]
    (equal weights, max-min fair: water-filling)."""
    n = lanes.shape[1]
    if n == 1:
        lanes[p, 0, got] = min(capacity_B, lanes[p, 0, want])
        return
    left, n_open = capacity_B, 0
    for c in range(n):
        if lanes[p, c, want] > 0.0:
            lanes[p, c, got] = -1.0                   # still open
            n_open += 1
        else:
            lanes[p, c, got] = 0.0
    while n_open > 0:
        fair = left / n_open
        settled = False
        for c in range(n):
            if lanes[p, c, got] < 0.0 and lanes[p, c, want] <= fair:
                lanes[p, c, got] = lanes[p, c, want]   # wants less than an equal share: leaves the rest
                left -= lanes[p, c, want]
                n_open -= 1
                settled = True
        if not settled:
            for c in range(n):
                if lanes[p, c, got] < 0.0:
                    lanes[p, c, got] = fair
            return
