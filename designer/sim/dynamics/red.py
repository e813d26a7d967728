"""ECN marking by RED on an egress queue (DCQCN's congestion point)."""

from __future__ import annotations

import numpy as np


def red_mark_probability(queue_B: np.ndarray, kmin_B: np.ndarray, kmax_B: np.ndarray,
                         pmax: np.ndarray) -> np.ndarray:
    """p = 0 below Kmin, rising linearly to Pmax at Kmax, 1 above Kmax; 0 where marking is off (Kmax = 0)."""
    span = np.maximum(kmax_B - kmin_B, 1.0)
    p = np.clip((queue_B - kmin_B) / span, 0.0, 1.0) * pmax
    p = np.where(queue_B > kmax_B, 1.0, p)
    return np.where(kmax_B > 0, p, 0.0)
