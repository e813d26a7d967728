"""What the engine reports for each advance of simulated time (`Interval`): for the live plots, snapshots and the
timeline.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

import numpy as np

_T = TypeVar("_T")


@dataclass
class Interval:
    """A stretch of simulated time with constant (or averaged) flow rates."""

    t0: float
    t1: float
    delivered_bytes: float
    in_flight: int
    port_bytes: Callable[[], np.ndarray] | None = None   # bytes each port carried in the interval
    queue_figures: dict[str, float | np.ndarray] | None = None   # the queues' own figures for a fluid window
    by_workload: dict[int, float] | None = None    # delivered bytes per workload index (None: nothing delivered)
    # the ports each workload's delivered bytes crossed (from their routes), counted when asked; None: the interval
    # is one workload's (or nothing moved)
    port_bytes_by_workload: Callable[[], dict[int, np.ndarray]] | None = None
    # delivered bytes that crossed a NIC per workload index (the network's goodput; bytes moved inside an NVLink
    # domain are not the network's); None: nothing crossed one
    network_by_workload: dict[int, float] | None = None

    @property
    def throughput_Bps(self) -> float:
        return self.delivered_bytes / (self.t1 - self.t0) if self.t1 > self.t0 else 0.0

    @property
    def network_bytes(self) -> float:
        return sum((self.network_by_workload or {}).values())


def given(value: _T) -> Callable[[], _T]:
    """An interval's figure (its port bytes, their split per workload), already counted."""
    return lambda: value
