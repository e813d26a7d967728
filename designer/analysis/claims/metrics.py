"""The figures a published claim may name, and where each is read in a simulation result.

Every metric is read from the result's entry of the workload that measures it (a claim runs its workload alone),
in the unit the articles print: percentages for shares and variations, GB/s (10^9 bytes, NCCL's unit) for bus
bandwidth, milliseconds for request latency and iteration time. A figure the engine does not report gives None
("not measured"), never a default.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

Entry = dict[str, Any]


@dataclass(frozen=True)
class Metric:
    """A named figure: its unit, the workload kinds that measure it, and how to read it from a workload entry."""

    id: str
    unit: str
    kinds: tuple[str, ...]
    read: Callable[[Entry], float | None]
    lower_is_better: bool


def _number(value: Any) -> float | None:
    """A finite number from a result field, else None."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return float(value) if value == value and abs(value) != float("inf") else None


def _field(*path: str, scale: float = 1.0) -> Callable[[Entry], float | None]:
    """A reader of entry[path[0]][path[1]]... times `scale` (None when any step is absent)."""
    def read(entry: Entry) -> float | None:
        value: Any = entry
        for key in path:
            if not isinstance(value, dict):
                return None
            value = value.get(key)
        number = _number(value)
        return None if number is None else number * scale
    return read


TRAIN, INFERENCE = ("train",), ("inference",)
COLLECTIVES = ("allreduce", "allgather", "reducescatter", "alltoall")
GB_PER_GBIT = 1 / 8     # NCCL prints bus bandwidth in GB/s; results carry Gb/s

METRICS: dict[str, Metric] = {m.id: m for m in (
    # one-way latency of a small message between servers (p50 of the delivered data)
    Metric("cross_node_latency_us", "µs", ("pingpong",), _field("latency_us", "p50"), True),
    # share of step time the GPUs compute (the articles' "compute utilisation")
    Metric("gpu_utilization_pct", "%", TRAIN, _field("gpu_utilization", scale=100.0), False),
    Metric("mfu_pct", "%", TRAIN, _field("mfu", scale=100.0), False),
    Metric("training_days", "days", TRAIN, _field("train_days"), True),
    Metric("iteration_ms", "ms", TRAIN, _field("step_time_s", scale=1e3), True),
    # coefficient of variation of the step time over the seeded iterations
    Metric("step_jitter_pct", "%", TRAIN, _field("jitter", "step_cv", scale=100.0), True),
    Metric("collective_jitter_pct", "%", TRAIN, _field("jitter", "collective_cv", scale=100.0), True),
    Metric("inference_p50_ms", "ms", INFERENCE, _field("request_latency_ms", "p50"), True),
    Metric("inference_p99_ms", "ms", INFERENCE, _field("request_latency_ms", "p99"), True),
    Metric("max_qps_at_target", "req/s", INFERENCE, _field("max_qps_at_target"), False),
    Metric("busbw_gbytes", "GB/s", COLLECTIVES, _field("busbw_gbps", scale=GB_PER_GBIT), False),
)}


def workload_kind(spec: str) -> str:
    """The kind of a workload spec (the text before the first colon)."""
    return spec.split(":", 1)[0].strip().lower()


def workload_entry(result: dict[str, Any]) -> Entry:
    """The result's entry of its (only) workload; the whole result when it lists none."""
    entries = result.get("workloads")
    if isinstance(entries, list) and entries and isinstance(entries[0], dict):
        return entries[0]
    return result


def read_metric(metric_id: str, result: dict[str, Any]) -> float | None:
    """The figure `metric_id` of a run's result (None when the engine does not report it)."""
    return METRICS[metric_id].read(workload_entry(result))
