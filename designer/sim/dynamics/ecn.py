"""ECN marking by RED on a switch egress queue: DCQCN's congestion point.

RED as DCQCN configures it (Zhu et al., SIGCOMM 2015, section 3): a packet leaving a queue of q bytes is marked
with probability

    p(q) = 0                                 q <= Kmin
         = Pmax (q - Kmin) / (Kmax - Kmin)   Kmin < q <= Kmax
         = 1                                 q > Kmax

The fluid model marks that share of the bytes a port sends in a step, from the port's queue at the step's start.
Thresholds of a segment may be given for one port speed and scale with each port's speed (`scaled_thresholds`),
as the HPCC / SimAI simulator configurations scale Kmin and Kmax with the link rate (docs/references.md).
"""

from __future__ import annotations

import numpy as np

from designer.sim.dynamics.jit import njit_inline


@njit_inline
def mark_probability(queue_B: float, kmin_B: float, kmax_B: float, pmax: float) -> float:
    """RED's marking probability; 0 where marking is off (Kmax = 0)."""
    if kmax_B <= 0.0 or queue_B <= kmin_B:
        return 0.0
    if queue_B > kmax_B:
        return 1.0
    return pmax * (queue_B - kmin_B) / max(kmax_B - kmin_B, 1.0)


def scaled_thresholds(kmin_B: float, kmax_B: float, reference_gbps: float,
                      port_gbps: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Kmin and Kmax per port: as given (reference 0), or scaled by each port's speed over the reference."""
    scale = port_gbps / reference_gbps if reference_gbps > 0 else np.ones_like(port_gbps)
    return kmin_B * scale, kmax_B * scale
