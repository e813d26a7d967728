"""The "three speeds" of a run: where the time went.

compute       GPU busy (training compute phases; 0 for pure network workloads)
transport     the time an ideal non-blocking fabric with the same line rates and latencies needs to
              move the bytes (line-rate serialisation plus propagation), beyond compute
coordination  everything the real fabric adds on top: queueing, PFC pauses, credit waits,
              congestion-control rate limits and ECMP hash collisions (the window labels it "congestion":
              a training step's own `coordination_s`, synchronisation and stragglers, is another figure)

The split follows from the engine's two passes: `throughput_fraction` = ideal time / actual time,
so ideal = actual x fraction; coordination = actual - ideal; transport = ideal - compute.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class TimeBreakdown:
    """One bar of the stacked chart (seconds)."""

    label: str
    compute_s: float
    transport_s: float
    coordination_s: float

    @property
    def total_s(self) -> float:
        return self.compute_s + self.transport_s + self.coordination_s

    def to_dict(self) -> dict[str, float]:
        return {"compute_s": self.compute_s, "transport_s": self.transport_s, "coordination_s": self.coordination_s}


def split_time(label: str, total_s: float, fraction: float | None, compute_s: float = 0.0) -> TimeBreakdown:
    """Split `total_s` given the ideal/actual `fraction` (None: no ideal pass, all counts as transport)."""
    total_s = max(float(total_s or 0.0), 0.0)
    frac = 1.0 if fraction is None else min(max(float(fraction), 0.0), 1.0)
    ideal_s = total_s * frac
    compute = min(max(float(compute_s or 0.0), 0.0), ideal_s)
    return TimeBreakdown(label, compute, ideal_s - compute, total_s - ideal_s)


def workload_breakdowns(data: dict[str, Any]) -> list[TimeBreakdown]:
    """One bar per workload of a result (`SimResult.data`)."""
    out = []
    for w in data.get("workloads", []):
        out.append(split_time(str(w.get("spec") or w.get("kind")), w.get("completion_time_s") or 0.0,
                              w.get("throughput_fraction"), w.get("compute_s") or 0.0))
    return out


def segment_breakdowns(data: dict[str, Any]) -> list[TimeBreakdown]:
    """One bar per back-end segment that carried traffic: its busy span split by the run's ideal fraction.

    The engine reports the ideal fraction for the whole run, not per segment, so a segment's split
    uses the run's fraction; its compute share is the run's compute share of the same span."""
    total = float(data.get("completion_time_s") or 0.0)
    compute_total = sum(float(w.get("compute_s") or 0.0) for w in data.get("workloads", []))
    out = []
    for seg_id, seg in (data.get("segments") or {}).items():
        span = seg.get("completion_time_s")
        if not span:
            continue
        compute = compute_total * (span / total) if total > 0 else 0.0
        proto = {"ib": "IB", "rocev2": "RoCEv2"}.get(seg.get("protocol"), seg.get("protocol") or "")
        out.append(split_time(f"{seg.get('name') or seg_id} ({proto})", span, seg.get("throughput_fraction"),
                              compute))
    return out
