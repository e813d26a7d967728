"""What the inspector may accept for each editable field: label, unit, type, sane range or choices.

No widgets: parse_value() is the one place where typed text becomes a value or a one-line refusal
(in the window's language, through Qt's translator).
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from designer.model import limits
from designer.model.links import CABLE_TYPES
from designer.model.segments import IB_ROUTING_ENGINES, LOAD_BALANCING, PRESETS, PROTOCOLS, RETRANSMISSION
from designer.model.sites import DISTANCE_KM


class FieldRefused(ValueError):
    """A typed value the field does not accept; the message says what it accepts."""


@dataclass(frozen=True)
class FieldSpec:
    label: str
    kind: type  # str | int | float | bool
    unit: str = ""
    minimum: float | None = None
    maximum: float | None = None
    choices: tuple = ()
    tip: str = ""
    choice_names: tuple[tuple[object, str], ...] = ()   # (choice, name shown for it), names marked for translation

    def choice_name(self, choice: object) -> str:
        """The name a choice is shown by, in the window's language ("spray" as "Packet spraying")."""
        names = dict(self.choice_names)
        return QCoreApplication.translate("FieldSpec", names[choice]) if choice in names else str(choice)


def parse_value(spec: FieldSpec, text: str) -> object:
    """Turn typed text into a value of the field, or raise FieldRefused saying why (in the window's language)."""
    text = text.strip()
    label = QCoreApplication.translate("FieldSpec", spec.label)
    if spec.choices:
        if text not in [str(c) for c in spec.choices]:
            raise FieldRefused(QCoreApplication.translate("FieldSpec", "{0} must be one of {1}").format(
                label, ", ".join(map(str, spec.choices))))
        return spec.kind(text)
    if spec.kind is str:
        if not text:
            raise FieldRefused(QCoreApplication.translate("FieldSpec", "{0} cannot be empty").format(label))
        if len(text) > 200:
            raise FieldRefused(QCoreApplication.translate(
                "FieldSpec", "{0} is too long (at most 200 characters)").format(label))
        return text
    try:
        value = int(text) if spec.kind is int else float(text)
    except ValueError:
        message = (QCoreApplication.translate("FieldSpec", "{0} must be a whole number, not '{1}'") if spec.kind is int
                   else QCoreApplication.translate("FieldSpec", "{0} must be a number, not '{1}'"))
        raise FieldRefused(message.format(label, text)) from None
    if value != value or value in (float("inf"), float("-inf")):
        raise FieldRefused(QCoreApplication.translate("FieldSpec", "{0} must be a finite number").format(label))
    unit = f" {spec.unit}" if spec.unit else ""
    if spec.minimum is not None and value < spec.minimum:
        raise FieldRefused(QCoreApplication.translate("FieldSpec", "{0} must be at least {1:g}{2}").format(
            label, spec.minimum, unit))
    if spec.maximum is not None and value > spec.maximum:
        raise FieldRefused(QCoreApplication.translate("FieldSpec", "{0} must be at most {1:g}{2}").format(
            label, spec.maximum, unit))
    return value


def _ranged(table: dict[str, limits.Range], name: str, label: str, kind: type, unit: str = "",
            tip: str = "") -> FieldSpec:
    """A numeric setting accepting what a project file may hold for it (designer/model/limits.py): what the
    inspector lets through, the file reader takes back."""
    accepted = table[name]
    return FieldSpec(label, kind, unit, accepted.minimum, accepted.maximum, tip=tip)


NODE_FIELDS = {
    "label": FieldSpec(
        QT_TRANSLATE_NOOP("FieldSpec", "Name"),
        str,
        tip=QT_TRANSLATE_NOOP("FieldSpec", "Shown under the icon; any language"),
    ),
    "pod": FieldSpec(
        QT_TRANSLATE_NOOP("FieldSpec", "Pod"),
        int,
        minimum=0,
        maximum=10_000,
        tip=QT_TRANSLATE_NOOP("FieldSpec", "Which pod the node belongs to"),
    ),
}
LINK_FIELDS = {
    "cable": FieldSpec(
        QT_TRANSLATE_NOOP("FieldSpec", "Cable"),
        str,
        choices=CABLE_TYPES,
        tip=QT_TRANSLATE_NOOP("FieldSpec", "DAC (copper, short), AOC or optics"),
        choice_names=(("dac", QT_TRANSLATE_NOOP("FieldSpec", "DAC (copper)")),
                      ("aoc", QT_TRANSLATE_NOOP("FieldSpec", "AOC (active optical)")),
                      ("optics", QT_TRANSLATE_NOOP("FieldSpec", "Transceivers and fibre"))),
    ),
    "length_m": FieldSpec(
        QT_TRANSLATE_NOOP("FieldSpec", "Length"),
        float,
        "m",
        0.1,
        10_000.0,
        tip=QT_TRANSLATE_NOOP("FieldSpec", "Cable length; reach limits are checked"),
    ),
}
LONG_HAUL_FIELDS = {
    "distance_km": FieldSpec(
        QT_TRANSLATE_NOOP("FieldSpec", "Distance"),
        float,
        "km",
        DISTANCE_KM.minimum,
        DISTANCE_KM.maximum,
        tip=QT_TRANSLATE_NOOP("FieldSpec", "Fibre distance between the sites (5 µs per km); the optics' reach and "
                                           "the lossless headroom are checked"),
    ),
}
SEGMENT_FIELDS = {
    "name": FieldSpec(QT_TRANSLATE_NOOP("FieldSpec", "Name"), str),
    "protocol": FieldSpec(
        QT_TRANSLATE_NOOP("FieldSpec", "Protocol"),
        str,
        choices=PROTOCOLS,
        tip=QT_TRANSLATE_NOOP("FieldSpec", "InfiniBand or RoCEv2 on this back-end segment"),
        choice_names=(("ib", QT_TRANSLATE_NOOP("FieldSpec", "InfiniBand")),
                      ("rocev2", QT_TRANSLATE_NOOP("FieldSpec", "RoCEv2"))),
    ),
    "preset": FieldSpec(
        QT_TRANSLATE_NOOP("FieldSpec", "Preset"),
        str,
        choices=PRESETS,
        tip=QT_TRANSLATE_NOOP("FieldSpec", "Recommended: what vendors and large operators run for AI, as far as "
                                           "this segment's switches and NICs support it. Untuned: the defaults before "
                                           "anyone tunes the fabric. Custom: the values below as you set them"),
        choice_names=(("recommended", QT_TRANSLATE_NOOP("FieldSpec", "Recommended for AI")),
                      ("plain", QT_TRANSLATE_NOOP("FieldSpec", "Untuned defaults")),
                      ("custom", QT_TRANSLATE_NOOP("FieldSpec", "Custom"))),
    ),
}
_IB, _ROCE = limits.IB_SETTINGS, limits.ROCE_SETTINGS
IB_FIELDS = {
    "routing_engine": FieldSpec(
        QT_TRANSLATE_NOOP("FieldSpec", "Routing engine"),
        str,
        choices=IB_ROUTING_ENGINES,
        tip=QT_TRANSLATE_NOOP("FieldSpec", "Subnet Manager routing: min-hop, up/down or fat-tree"),
        choice_names=(("minhop", QT_TRANSLATE_NOOP("FieldSpec", "Min-hop")),
                      ("updn", QT_TRANSLATE_NOOP("FieldSpec", "Up/down")),
                      ("ftree", QT_TRANSLATE_NOOP("FieldSpec", "Fat-tree"))),
    ),
    "adaptive_routing": FieldSpec(
        QT_TRANSLATE_NOOP("FieldSpec", "Adaptive routing"),
        bool,
        tip=QT_TRANSLATE_NOOP("FieldSpec", "Per-packet choice of the least loaded port"),
    ),
    "sharp": FieldSpec(
        QT_TRANSLATE_NOOP("FieldSpec", "SHARP"),
        bool,
        tip=QT_TRANSLATE_NOOP("FieldSpec", "In-network reduction: the switches add up AllReduce data (needs switches "
                                           "with SHARP, its aggregation manager and NCCL's SHARP plugin)"),
    ),
    "virtual_lanes": _ranged(_IB, "virtual_lanes", QT_TRANSLATE_NOOP("FieldSpec", "Virtual lanes"), int),
    "credit_buffer_kb": _ranged(_IB, "credit_buffer_kb", QT_TRANSLATE_NOOP("FieldSpec", "Credit buffer"), float, "KB",
                                QT_TRANSLATE_NOOP("FieldSpec", "Receive buffer per port per VL")),
    "mtu_bytes": FieldSpec(QT_TRANSLATE_NOOP("FieldSpec", "MTU"), int, "B", choices=(256, 512, 1024, 2048, 4096)),
    "self_healing": FieldSpec(
        QT_TRANSLATE_NOOP("FieldSpec", "Self-healing (SHIELD)"),
        bool,
        tip=QT_TRANSLATE_NOOP("FieldSpec", "Switches reroute around a failed port locally"),
    ),
    "sm_reroute_ms": _ranged(_IB, "sm_reroute_ms", QT_TRANSLATE_NOOP("FieldSpec", "SM reroute time"), float, "ms",
                             QT_TRANSLATE_NOOP("FieldSpec", "Subnet Manager sweep and table upload after a failure")),
    "self_healing_us": _ranged(_IB, "self_healing_us", QT_TRANSLATE_NOOP("FieldSpec", "Self-healing time"), float,
                               "µs", QT_TRANSLATE_NOOP("FieldSpec", "Local reroute time when self-healing is on")),
}
ROCE_FIELDS = {
    "pfc": FieldSpec(
        QT_TRANSLATE_NOOP("FieldSpec", "PFC"),
        bool,
        tip=QT_TRANSLATE_NOOP("FieldSpec", "Priority flow control: pause upstream over Xoff"),
    ),
    "xoff_kb": _ranged(_ROCE, "xoff_kb", QT_TRANSLATE_NOOP("FieldSpec", "PFC Xoff"), float, "KB"),
    "xon_kb": _ranged(_ROCE, "xon_kb", QT_TRANSLATE_NOOP("FieldSpec", "PFC Xon"), float, "KB"),
    "headroom_kb": _ranged(_ROCE, "headroom_kb", QT_TRANSLATE_NOOP("FieldSpec", "PFC headroom"), float, "KB",
                           QT_TRANSLATE_NOOP("FieldSpec", "Buffer for bytes in flight after PAUSE")),
    "ecn": FieldSpec(
        QT_TRANSLATE_NOOP("FieldSpec", "ECN"),
        bool,
        tip=QT_TRANSLATE_NOOP("FieldSpec", "RED marking of the lossless class"),
    ),
    "kmin_kb": _ranged(_ROCE, "kmin_kb", QT_TRANSLATE_NOOP("FieldSpec", "ECN Kmin"), float, "KB"),
    "kmax_kb": _ranged(_ROCE, "kmax_kb", QT_TRANSLATE_NOOP("FieldSpec", "ECN Kmax"), float, "KB"),
    "pmax": _ranged(_ROCE, "pmax", QT_TRANSLATE_NOOP("FieldSpec", "ECN Pmax"), float,
                    tip=QT_TRANSLATE_NOOP("FieldSpec", "Marking probability at Kmax")),
    "ecn_reference_gbps": _ranged(
        _ROCE, "ecn_reference_gbps", QT_TRANSLATE_NOOP("FieldSpec", "ECN reference speed"), float, "Gb/s",
        QT_TRANSLATE_NOOP("FieldSpec", "0: Kmin and Kmax hold at every port. Above 0: they are for ports of this speed "
                                       "and scale with each port's speed (the same queueing time at every speed)")),
    "dcqcn": FieldSpec(
        QT_TRANSLATE_NOOP("FieldSpec", "DCQCN"),
        bool,
        tip=QT_TRANSLATE_NOOP("FieldSpec", "Sender rate control driven by CNPs"),
    ),
    "dcqcn_g": _ranged(_ROCE, "dcqcn_g", QT_TRANSLATE_NOOP("FieldSpec", "DCQCN g"), float,
                       tip=QT_TRANSLATE_NOOP("FieldSpec", "Alpha EWMA gain")),
    "alpha_update_us": _ranged(_ROCE, "alpha_update_us", QT_TRANSLATE_NOOP("FieldSpec", "Alpha update interval"),
                               float, "µs", QT_TRANSLATE_NOOP("FieldSpec", "How often the sender updates alpha, its "
                                                                           "estimate of congestion")),
    "rate_ai_mbps": _ranged(_ROCE, "rate_ai_mbps", QT_TRANSLATE_NOOP("FieldSpec", "Additive increase"), float, "Mb/s"),
    "rate_hai_mbps": _ranged(_ROCE, "rate_hai_mbps", QT_TRANSLATE_NOOP("FieldSpec", "Hyper increase"), float, "Mb/s"),
    "rate_timer_us": _ranged(_ROCE, "rate_timer_us", QT_TRANSLATE_NOOP("FieldSpec", "Rate timer"), float, "µs"),
    "byte_counter_kb": _ranged(_ROCE, "byte_counter_kb", QT_TRANSLATE_NOOP("FieldSpec", "Byte counter"), float, "KB",
                               QT_TRANSLATE_NOOP("FieldSpec", "Bytes sent between rate increases; 0: off, the rate "
                                                              "timer alone paces them")),
    "fast_recovery_steps": _ranged(_ROCE, "fast_recovery_steps", QT_TRANSLATE_NOOP("FieldSpec", "Fast recovery steps"),
                                   int),
    "min_dec_fac": _ranged(_ROCE, "min_dec_fac", QT_TRANSLATE_NOOP("FieldSpec", "Min decrease factor"), float),
    "clamp_target_rate": FieldSpec(
        QT_TRANSLATE_NOOP("FieldSpec", "Clamp target rate"),
        bool,
        tip=QT_TRANSLATE_NOOP("FieldSpec", "The target rate follows every cut (the NIC's CLAMP_TGT_RATE); off: only "
                                           "after a timer increase"),
    ),
    "cnp_interval_us": _ranged(_ROCE, "cnp_interval_us", QT_TRANSLATE_NOOP("FieldSpec", "CNP interval"), float, "µs"),
    "rate_reduce_period_us": _ranged(_ROCE, "rate_reduce_period_us",
                                     QT_TRANSLATE_NOOP("FieldSpec", "Rate-reduce period"), float, "µs"),
    "min_rate_mbps": _ranged(_ROCE, "min_rate_mbps", QT_TRANSLATE_NOOP("FieldSpec", "Min rate"), float, "Mb/s"),
    "qps": _ranged(_ROCE, "qps", QT_TRANSLATE_NOOP("FieldSpec", "Queue pairs"), int,
                   tip=QT_TRANSLATE_NOOP("FieldSpec", "Per connection; more QPs spread ECMP better")),
    "load_balancing": FieldSpec(
        QT_TRANSLATE_NOOP("FieldSpec", "Load balancing"),
        str,
        choices=LOAD_BALANCING,
        tip=QT_TRANSLATE_NOOP("FieldSpec", "ECMP hashing or packet spraying"),
        choice_names=(("ecmp", QT_TRANSLATE_NOOP("FieldSpec", "ECMP")),
                      ("spray", QT_TRANSLATE_NOOP("FieldSpec", "Packet spraying"))),
    ),
    "retransmission": FieldSpec(
        QT_TRANSLATE_NOOP("FieldSpec", "Retransmission"),
        str,
        choices=RETRANSMISSION,
        tip=QT_TRANSLATE_NOOP("FieldSpec", "After a loss (PFC off): go-back-N resends everything from the lost packet "
                                           "on; selective repeat resends the lost packets only (NICs that support it)"),
        choice_names=(("go-back-n", QT_TRANSLATE_NOOP("FieldSpec", "Go-back-N")),
                      ("selective", QT_TRANSLATE_NOOP("FieldSpec", "Selective repeat"))),
    ),
    "retransmit_timeout_us": _ranged(
        _ROCE, "retransmit_timeout_us", QT_TRANSLATE_NOOP("FieldSpec", "Retransmit timeout"), float, "µs",
        QT_TRANSLATE_NOOP("FieldSpec", "How long a sender waits before resending when the last packets of a message "
                                       "were lost")),
    "mtu_bytes": FieldSpec(QT_TRANSLATE_NOOP("FieldSpec", "MTU"), int, "B", choices=(1024, 2048, 4096)),
    "reconvergence_ms": _ranged(
        _ROCE, "reconvergence_ms", QT_TRANSLATE_NOOP("FieldSpec", "Reconvergence time"), float, "ms",
        QT_TRANSLATE_NOOP("FieldSpec", "Routing reconvergence after a failure; ECMP then uses the remaining paths")),
    "local_repair_ms": _ranged(
        _ROCE, "local_repair_ms", QT_TRANSLATE_NOOP("FieldSpec", "Local repair time"), float, "ms",
        QT_TRANSLATE_NOOP("FieldSpec", "How long the switches beside a failure take to drop it from their ECMP "
                                       "groups where each keeps another way (a spine or a cable of a bundle); "
                                       "elsewhere the routing protocol's reconvergence applies")),
}


def cross_field_problem(values: dict[str, object]) -> str | None:
    """Rules that join two settings (checked on the whole block after one field changes)."""
    if "xon_kb" in values and values["xon_kb"] >= values["xoff_kb"]:  # type: ignore[operator]
        return QCoreApplication.translate("FieldSpec", "PFC Xon must be below Xoff")
    if "kmin_kb" in values and values["kmin_kb"] > values["kmax_kb"]:  # type: ignore[operator]
        return QCoreApplication.translate("FieldSpec", "ECN Kmin must not be above Kmax")
    return None
