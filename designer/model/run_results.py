"""The last simulation run's summary, kept with the design (the optional "results" key of a project file).

A small, flat record of headline figures (no time series) so that reopening a design shows them and
the PDF proposal can use them. Validated on load like the rest of the file; every problem is
reported with its place (results.latency_us.p99: must be a number ...).
"""

from __future__ import annotations

import math
from typing import Any

NUMBER = "number"
OPT_NUMBER = "number or null"
FIGURES = ("p50", "p99", "p999", "max")

# key -> kind; nested objects list their own keys
SEGMENT_FIELDS: dict[str, Any] = {
    "name": str, "protocol": ("ib", "rocev2"), "completion_time_s": OPT_NUMBER, "goodput_gbps": NUMBER,
    "latency_us": {k: NUMBER for k in FIGURES}, "link_utilization": {"mean": NUMBER, "max": NUMBER},
    "pfc_pause_fraction": NUMBER, "ecn_mark_fraction": NUMBER, "credit_stall_fraction": NUMBER,
}
RESULT_FIELDS: dict[str, Any] = {
    "workloads": [str], "seed": int, "backend": ("as drawn", "ib", "rocev2"),
    "completion_time_s": NUMBER, "goodput_gbps": NUMBER, "busbw_gbps": OPT_NUMBER,
    "throughput_fraction": OPT_NUMBER, "latency_us": {k: NUMBER for k in FIGURES},
    "link_utilization": {"mean": NUMBER, "max": NUMBER}, "pfc_pause_fraction": NUMBER,
    "ecn_mark_fraction": NUMBER, "credit_stall_fraction": NUMBER, "dropped_bytes": int,
    "step_time_s": OPT_NUMBER, "gpu_utilization": OPT_NUMBER,
    "time_breakdown": {"compute_s": NUMBER, "transport_s": NUMBER, "coordination_s": NUMBER},
    "segments": ("by id", SEGMENT_FIELDS),
}


def check_results(raw: Any, where: str = "results") -> list[str]:
    """Problems of a results record, each with its place; [] when it is valid."""
    problems: list[str] = []
    _check(raw, RESULT_FIELDS, where, problems)
    return problems


def _is_number(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


def _check(value: Any, kind: Any, place: str, problems: list[str]) -> None:
    if isinstance(kind, dict):
        if not isinstance(value, dict):
            problems.append(f"{place}: must be an object")
            return
        for key in value:
            if key not in kind:
                problems.append(f"{place}.{key}: is not a known result figure")
        for key, sub in kind.items():
            if key not in value:
                problems.append(f"{place}.{key}: is missing")
            else:
                _check(value[key], sub, f"{place}.{key}", problems)
    elif kind == NUMBER:
        if not _is_number(value):
            problems.append(f"{place}: must be a finite number")
    elif kind == OPT_NUMBER:
        if value is not None and not _is_number(value):
            problems.append(f"{place}: must be a finite number or null")
    elif kind is int:
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            problems.append(f"{place}: must be a whole number >= 0")
    elif kind is str:
        if not isinstance(value, str):
            problems.append(f"{place}: must be text")
    elif isinstance(kind, list):
        if not isinstance(value, list) or not value:
            problems.append(f"{place}: must be a non-empty list")
        else:
            for i, item in enumerate(value):
                _check(item, kind[0], f"{place}[{i}]", problems)
    elif isinstance(kind, tuple) and kind and kind[0] == "by id":
        if not isinstance(value, dict):
            problems.append(f"{place}: must be an object")
        else:
            for key, item in value.items():
                _check(item, kind[1], f"{place}.{key}", problems)
    elif isinstance(kind, tuple):
        if value not in kind:
            problems.append(f"{place}: must be one of {', '.join(kind)}, not {value!r}")
