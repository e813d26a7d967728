"""What the inspector may accept for each editable field: label, unit, type, sane range or choices.

Qt-free: parse_value() is the one place where typed text becomes a value or a one-line refusal.
"""

from __future__ import annotations

from dataclasses import dataclass

from designer.model.links import CABLE_TYPES
from designer.model.segments import IB_ROUTING_ENGINES, LOAD_BALANCING, PROTOCOLS


class FieldRefused(ValueError):
    """A typed value the field does not accept; the message says what it accepts."""


@dataclass(frozen=True)
class FieldSpec:
    label: str
    kind: type                      # str | int | float | bool
    unit: str = ""
    minimum: float | None = None
    maximum: float | None = None
    choices: tuple = ()
    tip: str = ""


def parse_value(spec: FieldSpec, text: str) -> object:
    """Turn typed text into a value of the field, or raise FieldRefused saying why."""
    text = text.strip()
    if spec.choices:
        if text not in [str(c) for c in spec.choices]:
            raise FieldRefused(f"{spec.label} must be one of {', '.join(map(str, spec.choices))}")
        return spec.kind(text)
    if spec.kind is str:
        if not text:
            raise FieldRefused(f"{spec.label} cannot be empty")
        if len(text) > 200:
            raise FieldRefused(f"{spec.label} is too long (at most 200 characters)")
        return text
    try:
        value = int(text) if spec.kind is int else float(text)
    except ValueError:
        what = "a whole number" if spec.kind is int else "a number"
        raise FieldRefused(f"{spec.label} must be {what}, not '{text}'") from None
    if value != value or value in (float("inf"), float("-inf")):
        raise FieldRefused(f"{spec.label} must be a finite number")
    unit = f" {spec.unit}" if spec.unit else ""
    if spec.minimum is not None and value < spec.minimum:
        raise FieldRefused(f"{spec.label} must be at least {spec.minimum:g}{unit}")
    if spec.maximum is not None and value > spec.maximum:
        raise FieldRefused(f"{spec.label} must be at most {spec.maximum:g}{unit}")
    return value


NODE_FIELDS = {
    "label": FieldSpec("Name", str, tip="Shown under the icon; any language"),
    "pod": FieldSpec("Pod", int, minimum=0, maximum=10_000, tip="Which pod the node belongs to"),
}
LINK_FIELDS = {
    "cable": FieldSpec("Cable", str, choices=CABLE_TYPES, tip="DAC (copper, short), AOC or optics"),
    "length_m": FieldSpec("Length", float, "m", 0.1, 10_000.0, tip="Cable length; reach limits are checked"),
}
SEGMENT_FIELDS = {
    "name": FieldSpec("Name", str),
    "protocol": FieldSpec("Protocol", str, choices=PROTOCOLS, tip="InfiniBand or RoCEv2 on this back-end segment"),
}
IB_FIELDS = {
    "routing_engine": FieldSpec("Routing engine", str, choices=IB_ROUTING_ENGINES,
                                tip="Subnet Manager routing: min-hop, up/down or fat-tree"),
    "adaptive_routing": FieldSpec("Adaptive routing", bool, tip="Per-packet choice of the least loaded port"),
    "virtual_lanes": FieldSpec("Virtual lanes", int, "", 1, 15),
    "credit_buffer_kb": FieldSpec("Credit buffer", float, "KB", 1, 65_536, tip="Receive buffer per port per VL"),
    "mtu_bytes": FieldSpec("MTU", int, "B", choices=(256, 512, 1024, 2048, 4096)),
    "self_healing": FieldSpec("Self-healing (SHIELD)", bool, tip="Switches reroute around a failed port locally"),
    "sm_reroute_ms": FieldSpec("SM reroute time", float, "ms", 0, 600_000,
                               tip="Subnet Manager sweep and table upload after a failure"),
    "self_healing_us": FieldSpec("Self-healing time", float, "µs", 0, 10_000_000,
                                 tip="Local reroute time when self-healing is on"),
}
ROCE_FIELDS = {
    "pfc": FieldSpec("PFC", bool, tip="Priority flow control: pause upstream over Xoff"),
    "xoff_kb": FieldSpec("PFC Xoff", float, "KB", 1, 65_536),
    "xon_kb": FieldSpec("PFC Xon", float, "KB", 0, 65_536),
    "headroom_kb": FieldSpec("PFC headroom", float, "KB", 0, 65_536, tip="Buffer for bytes in flight after PAUSE"),
    "ecn": FieldSpec("ECN", bool, tip="RED marking of the lossless class"),
    "kmin_kb": FieldSpec("ECN Kmin", float, "KB", 1, 1_000_000),
    "kmax_kb": FieldSpec("ECN Kmax", float, "KB", 1, 1_000_000),
    "pmax": FieldSpec("ECN Pmax", float, "", 0.0, 1.0, tip="Marking probability at Kmax"),
    "dcqcn": FieldSpec("DCQCN", bool, tip="Sender rate control driven by CNPs"),
    "dcqcn_g": FieldSpec("DCQCN g", float, "", 1e-6, 1.0, tip="Alpha EWMA gain"),
    "rate_ai_mbps": FieldSpec("Additive increase", float, "Mb/s", 0.001, 100_000),
    "rate_hai_mbps": FieldSpec("Hyper increase", float, "Mb/s", 0.001, 100_000),
    "rate_timer_us": FieldSpec("Rate timer", float, "µs", 1, 1_000_000),
    "byte_counter_kb": FieldSpec("Byte counter", float, "KB", 1, 10_000_000),
    "fast_recovery_steps": FieldSpec("Fast recovery steps", int, "", 1, 100),
    "min_dec_fac": FieldSpec("Min decrease factor", float, "", 0.01, 1.0),
    "cnp_interval_us": FieldSpec("CNP interval", float, "µs", 0, 10_000),
    "rate_reduce_period_us": FieldSpec("Rate-reduce period", float, "µs", 0.1, 10_000),
    "min_rate_mbps": FieldSpec("Min rate", float, "Mb/s", 0.001, 100_000),
    "qps": FieldSpec("Queue pairs", int, "", 1, 1024, tip="Per connection; more QPs spread ECMP better"),
    "load_balancing": FieldSpec("Load balancing", str, choices=LOAD_BALANCING, tip="ECMP hashing or packet spraying"),
    "mtu_bytes": FieldSpec("MTU", int, "B", choices=(1024, 2048, 4096)),
    "reconvergence_ms": FieldSpec("Reconvergence time", float, "ms", 0, 600_000,
                                  tip="Routing reconvergence after a failure; ECMP then uses the remaining paths"),
}


def cross_field_problem(values: dict[str, object]) -> str | None:
    """Rules that join two settings (checked on the whole block after one field changes)."""
    if "xon_kb" in values and values["xon_kb"] >= values["xoff_kb"]:  # type: ignore[operator]
        return "PFC Xon must be below Xoff"
    if "kmin_kb" in values and values["kmin_kb"] > values["kmax_kb"]:  # type: ignore[operator]
        return "ECN Kmin must not be above Kmax"
    return None
