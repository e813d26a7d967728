"""How a design is to be built: racks and floor, spares, labels, and the optional lines of the bill of materials.

Saved under the optional "build" key of a project file (files without it get these defaults, so older files
open unchanged); the rack layout of the last plan is saved under "racks" (designer/model/rack_layout.py).
Defaults and their sources are explained in docs/physical-build.md.
"""

from __future__ import annotations

import math
import string
from dataclasses import asdict, dataclass, fields
from typing import Any

from designer.i18n.message import Message
from designer.model.run_results import Problem

PLACEMENTS = ("middle-of-row", "end-of-row", "rail-aligned")
INSTALLATION = ("per-cable", "percent", "none")
FIBRES = ("auto", "smf", "mmf")
LABEL_FIELDS = ("name", "id", "rack", "row", "u", "role", "kind", "pod", "index")
_CHOICES = {"placement": PLACEMENTS, "installation": INSTALLATION, "fibre": FIBRES}
# (smallest, largest) of each number; None = no bound on that side
BOUNDS: dict[str, tuple[float | None, float | None]] = {
    "rack_units": (4, 60), "rack_power_kw": (1.0, 200.0), "racks_per_row": (1, 100), "rack_width_m": (0.3, 1.5),
    "row_pitch_m": (1.0, 10.0), "slack_m": (0.0, 20.0), "spares_percent": (0.0, 100.0),
    "ufm_appliances": (0, 16), "installation_percent": (0.0, 50.0), "frontend_gbps_per_gpu": (1.0, 800.0),
    "storage_gbps_per_gpu": (0.0, 400.0),
}


@dataclass
class BuildSettings:
    """Settings of the physical build (see docs/physical-build.md for each default's basis)."""

    rack_units: int = 42                 # usable U per rack
    rack_power_kw: float = 45.0          # power budget per rack: four 10.2 kW HGX/DGX H100 servers fit
    placement: str = "middle-of-row"     # where the leaves of a row stand (PLACEMENTS)
    racks_per_row: int = 16
    rack_width_m: float = 0.6
    row_pitch_m: float = 2.4             # rack depth plus aisle, row to row
    slack_m: float = 1.5                 # added to every cable run (service loops, patching)
    spares_percent: float = 2.0          # extra cables and optics ordered, per part
    fibre: str = "auto"                  # optics: multimode SR where it reaches (50 m), else single-mode DR
    label_rule: str = "{rack}-U{u:02d} {name}"
    ufm_appliances: int = 2              # per InfiniBand fabric: a Subnet Manager high-availability pair
    oob_switch_per_rack: bool = True
    racks_and_pdus: bool = True
    fibre_trunks: bool = False           # structured cabling between rows instead of long patch fibres
    installation: str = "per-cable"
    installation_percent: float = 3.0    # of hardware capex, when installation is "percent"
    frontend_gbps_per_gpu: float = 50.0  # generated front-ends: 2 x 200G per 8-GPU server
    storage_gbps_per_gpu: float = 8.0    # generated storage: read bandwidth, 1 GB/s per GPU


def settings_to_dict(s: BuildSettings) -> dict[str, Any]:
    out = asdict(s)
    for f in fields(s):
        if f.type in ("float", float):
            out[f.name] = float(out[f.name])
    return out


def label_rule_problem(rule: str) -> Message | None:
    """Why a device-label rule cannot be used (empty, unknown field, bad format), or None when it can."""
    if not rule.strip():
        return Message("error.build.label_empty")
    try:
        names = [f[1] for f in string.Formatter().parse(rule) if f[1] is not None]
    except ValueError:
        return Message("error.build.label_format", rule=rule, fields=", ".join(LABEL_FIELDS))
    unknown = [n for n in names if n.split(".")[0].split("[")[0] not in LABEL_FIELDS]
    if unknown:
        return Message("error.build.label_field", field=unknown[0], fields=", ".join(LABEL_FIELDS))
    try:
        rule.format(**{k: 1 if k in ("u", "row", "pod", "index") else "x" for k in LABEL_FIELDS})
    except (ValueError, IndexError, KeyError, AttributeError):
        return Message("error.build.label_format", rule=rule, fields=", ".join(LABEL_FIELDS))
    return None


def settings_problems(s: BuildSettings, where: str = "build") -> list[Problem]:
    """Every value out of its range or choices, as "place: message" problems."""
    out: list[Problem] = []
    for name, (low, high) in BOUNDS.items():
        value = getattr(s, name)
        if not math.isfinite(value) or (low is not None and value < low) or (high is not None and value > high):
            out.append(Problem(f"{where}.{name}", Message("error.build.range", low=f"{low:g}", high=f"{high:g}",
                                                          value=f"{value:g}")))
    for name, choices in _CHOICES.items():
        if getattr(s, name) not in choices:
            out.append(Problem(f"{where}.{name}", Message("error.value.choice", choices=", ".join(choices),
                                                          value=repr(getattr(s, name)))))
    problem = label_rule_problem(s.label_rule)
    if problem is not None:
        out.append(Problem(f"{where}.label_rule", problem))
    return out


def settings_from_raw(raw: Any, where: str = "build") -> tuple[BuildSettings, list[Problem]]:
    """Settings from a project file's "build" object (absent: the defaults), with the problems found."""
    defaults = BuildSettings()
    if raw is None:
        return defaults, []
    if not isinstance(raw, dict):
        return defaults, [Problem(where, Message("error.value.object"))]
    values: dict[str, Any] = {}
    problems: list[Problem] = []
    for f in fields(BuildSettings):
        default = getattr(defaults, f.name)
        value = raw.get(f.name, default)
        if isinstance(default, float) and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)
        if type(value) is not type(default):
            problems.append(Problem(f"{where}.{f.name}", Message("error.value.type", expected=_type_text(default),
                                                                  actual=_type_text(value))))
            value = default
        values[f.name] = value
    for key in raw:
        if key not in values:
            problems.append(Problem(f"{where}.{key}", Message("error.file.unknown_setting")))
    settings = BuildSettings(**values)
    problems += settings_problems(settings, where)
    return settings, problems


_TYPE_IDS = {bool: "error.type.bool", int: "error.type.int", float: "error.type.number", str: "error.type.text",
             dict: "error.type.object", list: "error.type.list", type(None): "error.type.null"}


def _type_text(value: Any) -> Message | str:
    kind = type(value)
    return Message(_TYPE_IDS[kind]) if kind in _TYPE_IDS else kind.__name__
