"""The sweep's parameter grid: `--vary NAME=VALUES` axes, and the points (their Cartesian product, in order).

NAME is a generator option (gpus, kind, backend, oversubscription, link_gbps, gpus_per_server, frontend, planes (with
`--generate multi-plane`), and the hardware generation: server_model, switch_model, nic_model, which take catalog
ids; with `--generate two-site`:
gpus_per_site, distance_km, dci_gbps, dci_links), a back-end segment setting
(any field of IBSettings / RoCESettings, e.g. xoff_kb, kmin_kb, dcqcn, qps, load_balancing, adaptive_routing;
prefix with `ib.` or `rocev2.` when both protocols have the field, as mtu_bytes), or `place`: the placement rule of
every job placed by rule (a workload with gpus=N and no servers=). VALUES is a comma-separated list; booleans are
on/off, true/false, yes/no or 1/0.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

from designer.catalog.loader import Catalog, load_catalog
from designer.i18n.message import Message
from designer.model.segments import IBSettings, RoCESettings, settings_fields
from designer.sim.workload_spec import PLACEMENTS, WorkloadError, parse_workload

GENERATOR_PARAMS: dict[str, type] = {"gpus": int, "kind": str, "backend": str, "oversubscription": float,
                                     "link_gbps": float, "gpus_per_server": int, "frontend": bool,
                                     "server_model": str, "switch_model": str, "nic_model": str, "planes": int,
                                     # the two-site generator's (designer/topology/two_site.py)
                                     "gpus_per_site": int, "distance_km": float, "dci_gbps": float, "dci_links": int}
SITE_PARAMS = ("gpus_per_site", "distance_km", "dci_gbps", "dci_links")
# generator options whose values are catalog ids: parameter -> catalog section
MODEL_PARAMS = {"server_model": "servers", "switch_model": "switches", "nic_model": "nics"}
# what varies a loaded design (not a generated one): every back-end segment's protocol
FILE_PARAMS = ("backend",)
# what varies the workloads: the placement rule of the jobs placed by rule
WORKLOAD_PARAMS = ("place",)
SETTINGS = {"ib": settings_fields(IBSettings), "rocev2": settings_fields(RoCESettings)}
_TRUE, _FALSE = ("on", "true", "yes", "1"), ("off", "false", "no", "0")


class SweepError(WorkloadError):
    """A sweep request that cannot run (one line naming the parameter or file)."""


@dataclass(frozen=True)
class Axis:
    """One varied parameter: its canonical name, where it applies and its values (typed)."""

    name: str                # "gpus" or "rocev2.xoff_kb"
    target: str              # "generator" | "workload" | "ib" | "rocev2"
    field: str               # generator option or settings field
    values: tuple


def _resolve(name: str) -> tuple[str, str, type]:
    """(target, field, type) of a NAME, or SweepError listing what is allowed."""
    if name in GENERATOR_PARAMS:
        return "generator", name, GENERATOR_PARAMS[name]
    if name in WORKLOAD_PARAMS:
        return "workload", name, str
    if "." in name:
        proto, _, fname = name.partition(".")
        if proto in SETTINGS and fname in SETTINGS[proto]:
            return proto, fname, SETTINGS[proto][fname]
        raise SweepError(Message("error.sweep.unknown_setting", name=name, protocol=proto,
                                 settings=", ".join(SETTINGS.get(proto, {})) or Message("error.sweep.no_settings")))
    owners = [p for p, f in SETTINGS.items() if name in f]
    if len(owners) == 1:
        return owners[0], name, SETTINGS[owners[0]][name]
    if len(owners) > 1:
        raise SweepError(Message("error.sweep.both_protocols", name=name))
    raise SweepError(Message("error.sweep.unknown_parameter", name=name, options=", ".join(GENERATOR_PARAMS)))


def parse_value(name: str, text: str, kind: type) -> object:
    """One value of an axis, typed; SweepError names the parameter and the value."""
    t = text.strip()
    if kind is bool:
        if t.lower() in _TRUE:
            return True
        if t.lower() in _FALSE:
            return False
        raise SweepError(Message("error.sweep.not_switch", name=name, text=text))
    if kind is int:
        try:
            return int(t)
        except ValueError:
            raise SweepError(Message("error.sweep.not_int", name=name, text=text)) from None
    if kind is float:
        try:
            value = float(t)
        except ValueError:
            raise SweepError(Message("error.sweep.not_number", name=name, text=text)) from None
        if not math.isfinite(value):
            raise SweepError(Message("error.sweep.not_finite", name=name, text=text))
        return value
    if not t:
        raise SweepError(Message("error.sweep.empty_value", name=name))
    return t


def parse_axis(text: str) -> Axis:
    """NAME=V1,V2,... → Axis."""
    name, sep, values = text.partition("=")
    name = name.strip()
    if not sep or not name or not values.strip():
        raise SweepError(Message("error.sweep.vary_syntax", text=text))
    target, field, kind = _resolve(name)
    parsed = tuple(parse_value(name, v, kind) for v in values.split(","))
    if len(set(parsed)) != len(parsed):
        raise SweepError(Message("error.sweep.repeated_value", name=name))
    if target == "workload" and not set(parsed) <= set(PLACEMENTS):
        bad = next(v for v in parsed if v not in PLACEMENTS)
        raise SweepError(Message("error.sweep.place", text=bad, choices=", ".join(PLACEMENTS)))
    canonical = name if target in ("generator", "workload") else f"{target}.{field}"
    return Axis(canonical, target, field, parsed)


def parse_axes(texts: list[str], *, generated: bool, catalog: Catalog | None = None) -> list[Axis]:
    """All --vary axes; generator options other than backend need a generated design, and a model id must be in
    the catalog (`catalog`, or the built-in one with the user's files)."""
    axes = [parse_axis(t) for t in texts]
    seen: set[str] = set()
    for a in axes:
        if a.name in seen:
            raise SweepError(Message("error.sweep.twice", name=a.name))
        seen.add(a.name)
        if a.target == "generator" and not generated and a.name not in FILE_PARAMS:
            raise SweepError(Message("error.sweep.needs_generate", name=a.name))
        if a.name in MODEL_PARAMS:
            _known_models(a, catalog or load_catalog())
        _known_choices(a, generated)
    return axes


def _known_choices(axis: Axis, generated: bool) -> None:
    """Every value of an axis with a fixed set of values is one of them (a typo fails the sweep, not its point):
    a protocol (hybrid only for a generated design, whose pods alternate), a topology template."""
    from designer.topology.generate import GENERATOR_KINDS
    from designer.topology.two_site import KIND as TWO_SITE

    known = {"backend": ("ib", "rocev2", "hybrid") if generated else ("ib", "rocev2"),
             "kind": (*GENERATOR_KINDS, TWO_SITE)}.get(axis.name)
    if axis.target != "generator" or known is None:
        return
    for value in axis.values:
        if value not in known:
            raise SweepError(Message("error.sweep.unknown_choice", name=axis.name, value=str(value),
                                     known=", ".join(known)))


def _known_models(axis: Axis, catalog: Catalog) -> None:
    """Every value of a model axis is an id of its catalog section (a typo fails the sweep, not each point)."""
    table = getattr(catalog, MODEL_PARAMS[axis.name])
    for value in axis.values:
        if value not in table:
            raise SweepError(Message("error.sweep.unknown_model", name=axis.name, model=str(value),
                                     known=", ".join(sorted(table))))


def check_workload_axes(axes: list[Axis], specs: tuple[str, ...]) -> None:
    """A `place` axis needs a job placed by rule among the workloads, or it would change nothing."""
    if any(a.target == "workload" for a in axes) and not any(_placed_by_rule(s) for s in specs):
        raise SweepError(Message("error.sweep.place_no_job"))


def _placed_by_rule(spec: str) -> bool:
    w = parse_workload(spec)
    return w.opt("gpus") is not None and w.opt("servers") is None


def with_placement(specs: tuple[str, ...], rule: str) -> list[str]:
    """The workloads with `place=rule` on every job placed by rule (`seed=` kept only for place=random)."""
    out = []
    for spec in specs:
        if not _placed_by_rule(spec):
            out.append(spec)
            continue
        parts = [p for p in spec.split(":") if not p.strip().lower().startswith(("place=", "seed="))
                 or (rule == "random" and p.strip().lower().startswith("seed="))]
        out.append(":".join([*parts, f"place={rule}"]))
    return out


def format_value(value: object) -> str:
    """The text of a parameter value in the results (also the key that a resumed sweep matches)."""
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, float):
        return repr(value)
    return str(value)


def points(axes: list[Axis]) -> list[dict[str, object]]:
    """Every combination of the axes' values, the first axis varying slowest (a fixed, reproducible order)."""
    return [dict(zip([a.name for a in axes], combo, strict=True))
            for combo in itertools.product(*(a.values for a in axes))]


def point_key(point: dict[str, object]) -> tuple[str, ...]:
    return tuple(format_value(v) for v in point.values())
