"""Drops in a lossy class: the dynamic threshold of a shared-buffer switch.

Data-centre switches share one packet buffer among their ports. With dynamic thresholds (Choudhury and Hahne,
IEEE/ACM Transactions on Networking, 1998), used in the memory management units of merchant switch chips, a queue
may grow while it is below alpha times the free buffer; arrivals beyond that are dropped. Ports without a shared
buffer (a synthetic port set) use a fixed limit instead. NIC queues never drop: the host is back-pressured.
"""

from __future__ import annotations

from designer.sim.dynamics.jit import njit_inline

DT_ALPHA = 1.0     # alpha = 1: a single congested queue may take half of the buffer [E, the common default]


@njit_inline
def queue_limit(buffer_B: float, used_B: float, alpha: float, fixed_limit_B: float, shared: bool) -> float:
    """How many bytes the egress queue may hold in a lossy class."""
    if not shared:
        return fixed_limit_B
    return max(alpha * (buffer_B - used_B), 0.0)
