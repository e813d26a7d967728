"""The last simulation run's summary, kept with the design (the optional "results" key of a project file).

A small, flat record of headline figures (no time series) so that reopening a design shows them and
the PDF proposal can use them. Validated on load like the rest of the file; every problem is
reported with its place (results.latency_us.p99: must be a number ...).
"""

from __future__ import annotations

import math
from typing import Any

from designer.i18n.message import Message
from designer.model.limits import RESULT_FIGURE

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
    # bytes that stayed inside scale-up (NVLink) domains and bytes on the scale-out fabric; absent in older files
    "nvlink_bytes": ("optional", int), "network_bytes": ("optional", int),
}


class Problem(Message):
    """"place: message" of a project file's section, as the message id error.at (rendered when shown).

    `partition(": ")` gives (place, ": ", message) like the text it stands for, so the file reader files each
    problem at its place as before.
    """

    __slots__ = ()

    def __init__(self, place: str, text: Message) -> None:
        super().__init__("error.at", place=place, text=text)

    def partition(self, sep: str) -> tuple[str, str, Message]:
        """(place, `sep`, message)."""
        return str(self.params["place"]), sep, self.params["text"]  # type: ignore[return-value]

    def __reduce__(self) -> tuple[Any, ...]:
        return Problem, (self.params["place"], self.params["text"])


def check_results(raw: Any, where: str = "results") -> list[Problem]:
    """Problems of a results record, each with its place; [] when it is valid."""
    problems: list[Problem] = []
    _check(raw, RESULT_FIELDS, where, problems)
    return problems


def _is_number(v: Any) -> bool:
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        return False
    return isinstance(v, int) or math.isfinite(v)


def _out_of_range(v: Any) -> Message | None:
    """Why a number is outside RESULT_FIGURE (None when inside): a figure so large breaks the arithmetic on it."""
    return None if RESULT_FIGURE.accepts(v) else RESULT_FIGURE.refusal(v)


def _optional(kind: Any) -> bool:
    """Whether a figure may be absent (("optional", kind): added after files were written without it)."""
    return isinstance(kind, tuple) and len(kind) == 2 and kind[0] == "optional"


def _check(value: Any, kind: Any, place: str, problems: list[Problem]) -> None:  # noqa: C901
    if isinstance(kind, dict):
        if not isinstance(value, dict):
            problems.append(Problem(place, Message("error.value.object")))
            return
        for key in value:
            if key not in kind:
                problems.append(Problem(f"{place}.{key}", Message("error.results.unknown_figure")))
        for key, sub in kind.items():
            if key not in value and not _optional(sub):
                problems.append(Problem(f"{place}.{key}", Message("error.value.missing")))
            elif key not in value:
                continue
            elif _optional(sub):
                _check(value[key], sub[1], f"{place}.{key}", problems)
            else:
                _check(value[key], sub, f"{place}.{key}", problems)
    elif kind == NUMBER:
        if not _is_number(value):
            problems.append(Problem(place, Message("error.value.not_finite")))
        elif (why := _out_of_range(value)) is not None:
            problems.append(Problem(place, why))
    elif kind == OPT_NUMBER:
        if value is not None and not _is_number(value):
            problems.append(Problem(place, Message("error.results.number_or_null")))
        elif value is not None and (why := _out_of_range(value)) is not None:
            problems.append(Problem(place, why))
    elif kind is int:
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            problems.append(Problem(place, Message("error.results.count")))
        elif (why := _out_of_range(value)) is not None:
            problems.append(Problem(place, why))
    elif kind is str:
        if not isinstance(value, str):
            problems.append(Problem(place, Message("error.results.text")))
    elif isinstance(kind, list):
        if not isinstance(value, list) or not value:
            problems.append(Problem(place, Message("error.results.non_empty_list")))
        else:
            for i, item in enumerate(value):
                _check(item, kind[0], f"{place}[{i}]", problems)
    elif isinstance(kind, tuple) and kind and kind[0] == "by id":
        if not isinstance(value, dict):
            problems.append(Problem(place, Message("error.value.object")))
        else:
            for key, item in value.items():
                _check(item, kind[1], f"{place}.{key}", problems)
    elif isinstance(kind, tuple):
        if value not in kind:
            problems.append(Problem(place, Message("error.value.choice", choices=", ".join(kind), value=repr(value))))


def section_items(raw: Any, where: str, limit: int, not_list: str) -> tuple[list[tuple[str, dict[str, Any]]],
                                                                            list[Problem]]:
    """The objects of a file's list section (scenarios, jobs) with their places ("jobs[2]"), and the problems of its
    shape: not a list (message id `not_list`), more than `limit` items, an item that is not an object."""
    if raw is None:
        return [], []
    if not isinstance(raw, list):
        return [], [Problem(where, Message(not_list))]
    if len(raw) > limit:
        return [], [Problem(where, Message("error.value.too_many", count=f"{len(raw):,}", limit=f"{limit:,}"))]
    items: list[tuple[str, dict[str, Any]]] = []
    problems: list[Problem] = []
    for i, item in enumerate(raw):
        if isinstance(item, dict):
            items.append((f"{where}[{i}]", item))
        else:
            problems.append(Problem(f"{where}[{i}]", Message("error.value.object")))
    return items, problems
