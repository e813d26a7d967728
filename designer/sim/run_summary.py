"""The summary of a run that is saved with the design (see designer/model/run_results.py)."""

from __future__ import annotations

from typing import Any, SupportsFloat

from designer.sim.time_breakdown import split_time

_SEGMENT_KEYS = ("name", "protocol", "completion_time_s", "goodput_gbps", "latency_us", "link_utilization",
                 "pfc_pause_fraction", "ecn_mark_fraction", "credit_stall_fraction")


def _f(v: SupportsFloat | None) -> float | None:
    return None if v is None else float(v)


def summarise_run(data: dict[str, Any], workloads: list[str], seed: int, backend: str | None) -> dict[str, Any]:
    """Headline figures of `SimResult.data` in the project file's "results" shape."""
    compute_s = sum(float(w.get("compute_s") or 0.0) for w in data.get("workloads", []))
    split = split_time("run", data["completion_time_s"], data.get("throughput_fraction"), compute_s)
    segments = {}
    for seg_id, seg in (data.get("segments") or {}).items():
        entry = {k: seg.get(k) for k in _SEGMENT_KEYS}
        entry["name"] = str(entry["name"] or seg_id)
        entry["completion_time_s"] = _f(entry["completion_time_s"])
        for k in ("goodput_gbps", "pfc_pause_fraction", "ecn_mark_fraction", "credit_stall_fraction"):
            entry[k] = float(entry[k] or 0.0)
        entry["latency_us"] = {k: float(seg["latency_us"][k]) for k in ("p50", "p99", "p999", "max")}
        entry["link_utilization"] = {k: float(seg["link_utilization"][k]) for k in ("mean", "max")}
        segments[str(seg_id)] = entry
    return {
        "workloads": [str(w) for w in workloads],
        "seed": int(seed),
        "backend": backend or "as drawn",
        "completion_time_s": float(data["completion_time_s"]),
        "goodput_gbps": float(data["goodput_gbps"]),
        "busbw_gbps": _f(data.get("busbw_gbps")),
        "throughput_fraction": _f(data.get("throughput_fraction")),
        "latency_us": {k: float(data["latency_us"][k]) for k in ("p50", "p99", "p999", "max")},
        "link_utilization": {k: float(data["link_utilization"][k]) for k in ("mean", "max")},
        "pfc_pause_fraction": float(data["pfc_pause_fraction"]),
        "ecn_mark_fraction": float(data["ecn_mark_fraction"]),
        "credit_stall_fraction": float(data["credit_stall_fraction"]),
        "dropped_bytes": int(data["dropped_bytes"]),
        "nvlink_bytes": int(data.get("nvlink_bytes") or 0),
        "network_bytes": int(data.get("network_bytes") or 0),
        "step_time_s": _f(data.get("step_time_s")),
        "gpu_utilization": _f(data.get("gpu_utilization")),
        "time_breakdown": split.to_dict(),
        "segments": segments,
    }
