"""What-if failures: the `KIND:ID@TIME[:up=TIME][:gbps=N]` spec, its check against a design, and each
protocol's recovery delay.

Examples: `link:L12@2ms` (a cable dies at 2 ms), `switch:spine-01@5ms:up=40ms` (a spine reboots),
`link:L3@1ms:gbps=200` (an optic falls back to half speed; the link stays up), `link:L7@now` (interactive).

Recovery (delays are segment settings, designer/model/segments.py, with their sources there):
- InfiniBand: with self-healing (SHIELD) the switches pick another output port locally after
  `self_healing_us`; without it the Subnet Manager sweeps and uploads new tables after `sm_reroute_ms`.
- RoCEv2 and the Ethernet front-end: ECMP groups drop the dead next hop once routing reconverges,
  after `reconvergence_ms`; until then flows hashed onto the dead path stall, the others carry on.
A flow whose own NIC link (or first switch) is gone has no other path: it stalls until the element
comes back, and the run reports it if it never does.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from designer.i18n.message import Message
from designer.model.document import FabricDocument
from designer.model.segments import IBSettings, RoCESettings
from designer.sim.workload_spec import WorkloadError, parse_time

FAILURE_KINDS = ("link", "switch")
_SPEC = re.compile(r"\s*(?P<kind>[A-Za-z]+):(?P<element>[^@]+)@(?P<rest>.+)")


@dataclass(frozen=True)
class FailureSpec:
    """One failure: an element goes down (or to a lower speed) at `time_s`, optionally back up at `up_s`."""

    kind: str                       # "link" | "switch"
    element: str                    # link id or switch (or gateway) node id
    time_s: float | None            # None: "now" (interactive, the engine's current time)
    up_s: float | None = None       # back up at this time (None: stays down)
    degraded_gbps: float | None = None  # link only: runs at this speed instead of going down
    text: str = ""

    @property
    def label(self) -> str:
        return f"{self.kind}:{self.element}"


def parse_failure(spec: str) -> FailureSpec:
    """Parse one spec; WorkloadError with a one-line reason when it is malformed."""
    if not isinstance(spec, str):
        raise WorkloadError(Message("error.failure.not_text", value=repr(spec)))
    m = _SPEC.fullmatch(spec)
    if not m:
        raise WorkloadError(Message("error.failure.syntax", spec=spec))
    kind = m.group("kind").lower()
    if kind not in FAILURE_KINDS:
        raise WorkloadError(Message("error.failure.unknown_kind", kind=m.group("kind"), spec=spec))
    at, *options = m.group("rest").split(":")
    time_s = None if at.strip().lower() == "now" else parse_time(at.strip())
    up_s, gbps = _parse_options(options, spec)
    if gbps is not None and kind != "link":
        raise WorkloadError(Message("error.failure.gbps_links", spec=spec))
    if up_s is not None and time_s is not None and up_s <= time_s:
        raise WorkloadError(Message("error.failure.up_before", spec=spec, up=f"{up_s:g}", down=f"{time_s:g}"))
    return FailureSpec(kind, m.group("element").strip(), time_s, up_s, gbps, spec.strip())


def _parse_options(options: list[str], spec: str) -> tuple[float | None, float | None]:
    """(`up=` time, `gbps=` speed) of the options after the failure's time, None where not given."""
    up_s: float | None = None
    gbps: float | None = None
    for opt in options:
        key, sep, value = opt.partition("=")
        key = key.strip().lower()
        if not sep or not value.strip():
            raise WorkloadError(Message("error.failure.needs_value", option=opt, spec=spec))
        if key == "up":
            up_s = parse_time(value)
        elif key == "gbps":
            gbps = _parse_gbps(value, spec)
        else:
            raise WorkloadError(Message("error.failure.unknown_option", option=key, spec=spec))
    return up_s, gbps


def _parse_gbps(value: str, spec: str) -> float:
    """A degraded link's speed: a positive number of Gb/s."""
    try:
        gbps = float(value)
    except ValueError:
        raise WorkloadError(Message("error.failure.gbps_number", spec=spec, value=value)) from None
    if not gbps > 0:
        raise WorkloadError(Message("error.failure.gbps_positive", spec=spec))
    return gbps


def parse_failures(specs: list[str] | list[FailureSpec] | None) -> list[FailureSpec]:
    """Parse a list of specs (already parsed ones pass through)."""
    return [s if isinstance(s, FailureSpec) else parse_failure(s) for s in (specs or [])]


def check_failures(specs: list[FailureSpec], doc: FabricDocument) -> None:
    """Every element must exist in the design and be of the spec's kind; a degraded speed must be lower."""
    for s in specs:
        if s.kind == "link":
            link = doc.links.get(s.element)
            if link is None:
                raise WorkloadError(Message("error.failure.no_link", spec=s.text or s.label, element=s.element))
            if s.degraded_gbps is not None and s.degraded_gbps >= link.speed_gbps:
                raise WorkloadError(Message("error.failure.not_slower", spec=s.text or s.label,
                                            gbps=f"{s.degraded_gbps:g}", speed=f"{link.speed_gbps:g}"))
        else:
            node = doc.nodes.get(s.element)
            if node is None:
                raise WorkloadError(Message("error.failure.no_switch", spec=s.text or s.label, element=s.element))
            if node.kind not in ("switch", "gateway"):
                raise WorkloadError(Message("error.failure.not_switch", spec=s.text or s.label, element=s.element,
                                            kind=node.kind))


def ib_recovery_s(ib: IBSettings) -> float:
    """Seconds from a failure until IB forwarding avoids it: local self-healing or the SM's sweep."""
    return ib.self_healing_us * 1e-6 if ib.self_healing else ib.sm_reroute_ms * 1e-3


def ethernet_recovery_s(roce: RoCESettings) -> float:
    """Seconds from a failure until every ECMP group has dropped the dead next hop."""
    return roce.reconvergence_ms * 1e-3
