"""What a run of the engine accumulates over all its intervals (`Totals`), read by the metrics."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from designer.sim.latency import LatencyRecorder


@dataclass
class Totals:
    """What the run accumulated (read by metrics)."""

    port_bytes: np.ndarray
    delivered_bytes: float = 0.0
    network_bytes: float = 0.0                    # delivered bytes that crossed a NIC (NVLink apart)
    workload_bytes: dict[int, float] = field(default_factory=dict)
    workload_network_bytes: dict[int, float] = field(default_factory=dict)
    segment_bytes: dict[int, float] = field(default_factory=dict)
    segment_network_bytes: dict[int, float] = field(default_factory=dict)
    segment_end_s: dict[int, float] = field(default_factory=dict)
    phase_start_s: dict[int, float] = field(default_factory=dict)
    phase_end_s: dict[int, float] = field(default_factory=dict)
    latency: LatencyRecorder = field(default_factory=LatencyRecorder)
    pause_port_s: float = 0.0
    credit_stall_port_s: float = 0.0
    ecn_marked_bytes: float = 0.0
    dropped_bytes: float = 0.0
    retransmitted_bytes: float = 0.0
    port_paused_s: np.ndarray | None = None
    port_stall_s: np.ndarray | None = None
    port_dropped_B: np.ndarray | None = None
    # [port, lane]: pause and credit-stall seconds per traffic class (fluid_queues.py; lanes in the order of
    # traffic_classes.lanes)
    port_lane_paused_s: np.ndarray | None = None
    port_lane_stall_s: np.ndarray | None = None
    segment_marked: dict[int, float] = field(default_factory=dict)
    segment_dropped: dict[int, float] = field(default_factory=dict)
    segment_resent: dict[int, float] = field(default_factory=dict)
    events: int = 0
    fluid_steps: int = 0
    flow_time_s: dict[int, np.ndarray] = field(default_factory=dict)  # phase -> per-sub-flow drain time

    def add_port_counters(self, paused_s: np.ndarray, stall_s: np.ndarray, dropped_B: np.ndarray,
                          used: np.ndarray, lane_paused_s: np.ndarray | None = None,
                          lane_stall_s: np.ndarray | None = None) -> None:
        for name, delta in (("port_paused_s", paused_s), ("port_stall_s", stall_s), ("port_dropped_B", dropped_B),
                            ("port_lane_paused_s", lane_paused_s), ("port_lane_stall_s", lane_stall_s)):
            if delta is None:
                continue
            if getattr(self, name) is None:
                setattr(self, name, np.zeros(delta.shape))
            getattr(self, name)[:] += delta
        self.pause_port_s += float(paused_s[used].sum())
        self.credit_stall_port_s += float(stall_s[used].sum())
