"""The claims file: a published comparison as data (its source, the setups it measured, the protocol variants to
run and each published figure), read from untrusted JSON with every problem named by its place.

```
{"format": "fabric-designer.claims/1", "title": "...",
 "source": {"publication": "...", "publisher": "...", "date": "2025", "url": "https://...", "note": "..."},
 "setups": [{"id": "32-gpu", "label": "...", "generate": {"kind": "leaf-spine", "gpus": 32, "link_gbps": 200}},
            {"id": "own", "project": "my-design.json"}],
 "variants": [{"id": "ib", "protocol": "ib", "preset": "recommended"}, ...],
 "claims": [{"metric": "cross_node_latency_us", "setup": "32-gpu", "workload": "pingpong:8B",
             "published": {"ib": 3.5, "rocev2": 10.8}, "compare": "value", "tolerance_pct": 15, "note": "..."}]}
```
A project path is relative to the claims file. `compare` is "value" (each protocol's figure against ours) or "gap"
(the published RoCEv2 / IB ratio against ours: for figures whose absolute value depends on an input the source does
not give). Bad input raises one ProjectError naming the file (designer/model/errors.py).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from designer.analysis.claims.metrics import METRICS, workload_kind
from designer.i18n.message import Message
from designer.model.errors import ProjectError
from designer.model.file_read import read_bytes_limited
from designer.model.json_guard import parse_json
from designer.sim.workload_spec import WorkloadError, parse_workloads
from designer.topology.generate import GENERATOR_KINDS as TOPOLOGY_KINDS

FORMAT = "fabric-designer.claims/1"
MAX_FILE_BYTES = 1024 * 1024          # a claims file is a page of figures: refuse anything larger
MAX_SETUPS, MAX_VARIANTS, MAX_CLAIMS = 16, 6, 200
MAX_TEXT, MAX_ID = 2000, 64
MAX_SETUP_GPUS = 4096                 # a claim re-runs a published comparison in seconds, not a whole campus
PROTOCOLS = ("ib", "rocev2")
PRESETS = ("recommended", "plain")
COMPARE = ("value", "gap")
# the generators a setup may name: all but multi-plane, whose plane count a setup does not carry
GENERATOR_KINDS = tuple(k for k in TOPOLOGY_KINDS if k != "multi-plane")
DEFAULT_VARIANTS = (("ib", "ib", "recommended"), ("rocev2-plain", "rocev2", "plain"),
                    ("rocev2", "rocev2", "recommended"))
DEFAULT_TOLERANCE_PCT = 10.0


@dataclass(frozen=True)
class Source:
    publication: str = ""
    publisher: str = ""
    date: str = ""
    url: str = ""
    note: str = ""


@dataclass(frozen=True)
class GeneratorSpec:
    """What `fabric-designer generate` takes, for a setup described by its size rather than a drawing."""

    kind: str
    gpus: int
    gpus_per_server: int = 8
    link_gbps: float | None = None
    server_model: str | None = None
    nic_model: str | None = None
    switch_model: str | None = None
    backend: str = "rocev2"
    two_tiers: bool = True
    frontend: bool = True


@dataclass(frozen=True)
class Setup:
    id: str
    label: str = ""
    generate: GeneratorSpec | None = None
    project: Path | None = None
    note: str = ""


@dataclass(frozen=True)
class Variant:
    id: str
    protocol: str
    preset: str
    label: str = ""


@dataclass(frozen=True)
class Claim:
    metric: str
    setup: str
    workload: str
    published: dict[str, float]
    compare: str = "value"
    tolerance_pct: float = DEFAULT_TOLERANCE_PCT
    label: str = ""
    note: str = ""


@dataclass(frozen=True)
class ClaimsFile:
    title: str
    source: Source
    setups: list[Setup]
    variants: list[Variant]
    claims: list[Claim]
    seed: int = 1
    path: str = ""
    notes: list[str] = field(default_factory=list)

    def setup(self, setup_id: str) -> Setup:
        return next(s for s in self.setups if s.id == setup_id)


def load_claims(path: str | os.PathLike[str]) -> ClaimsFile:
    """Read and check a claims file; ProjectError naming the file for anything wrong."""
    p = Path(path)
    raw = read_bytes_limited(p, MAX_FILE_BYTES)
    try:
        data = parse_json(raw.decode("utf-8"))
        return claims_from_dict(data, p.parent, str(p))
    except UnicodeDecodeError:
        raise ProjectError(Message("error.file.not_utf8"), str(p)) from None
    except ProjectError as exc:
        raise ProjectError(exc.messages, str(p)) from None


class _Reader:
    """Collects problems with their place while reading the untrusted data."""

    def __init__(self) -> None:
        self.problems: list[str | Message] = []

    def bad(self, where: str, message: str | Message) -> None:
        self.problems.append(Message("error.at", place=where, text=message))

    def get(self, obj: dict[str, Any], key: str, where: str, kind: type, default: Any = ...) -> Any:
        """obj[key] of type `kind` (a whole number is a number; text within MAX_TEXT), else None and a problem."""
        place = f"{where}.{key}" if where else key
        value = obj.get(key, _ABSENT)
        if value is _ABSENT or (value is None and default is not ...):
            if default is ...:
                self.bad(place, Message("error.value.missing"))
                return None
            return default
        if kind is float and type(value) is int:
            value = float(value)
        if type(value) is not kind:
            self.bad(place, Message("error.value.type", expected=Message(_TYPE_IDS[kind]),
                                    actual=Message(_TYPE_IDS.get(type(value), "error.type.object"))))
            return None
        if isinstance(value, str) and len(value) > MAX_TEXT:
            self.bad(place, Message("error.claims.text_too_long", limit=MAX_TEXT))
            return None
        return value

    def choice(self, obj: dict[str, Any], key: str, where: str, choices: tuple[str, ...], default: Any = ...) -> Any:
        value = self.get(obj, key, where, str, default)
        if value is not None and value not in choices:
            self.bad(f"{where}.{key}" if where else key,
                     Message("error.value.choice", choices=", ".join(choices), value=repr(value)))
            return None
        return value

    def number(self, obj: dict[str, Any], key: str, where: str, lo: float, hi: float, default: Any = ...) -> Any:
        value = self.get(obj, key, where, float, default)
        if value is not None and not lo <= value <= hi:
            self.bad(f"{where}.{key}" if where else key,
                     Message("error.claims.range", low=f"{lo:g}", high=f"{hi:g}", value=f"{value:g}"))
            return None
        return value

    def count(self, obj: dict[str, Any], key: str, where: str, lo: int, hi: int, default: Any = ...) -> Any:
        value = self.get(obj, key, where, int, default)
        if value is not None and not lo <= value <= hi:
            self.bad(f"{where}.{key}" if where else key,
                     Message("error.claims.range", low=f"{lo:,}", high=f"{hi:,}", value=f"{value:,}"))
            return None
        return value

    def items(self, data: dict[str, Any], key: str, most: int, required: bool = True) -> list[tuple[str, dict]]:
        """(place, object) of each entry of the list `key` (objects only), at most `most`."""
        raw = data.get(key, _ABSENT)
        if raw is _ABSENT and not required:
            return []
        value = self.get(data, key, "", list)
        if value is None:
            return []
        if required and not value:
            self.bad(key, Message("error.claims.empty"))
        if len(value) > most:
            self.bad(key, Message("error.value.too_many", count=f"{len(value):,}", limit=f"{most:,}"))
            return []
        out = []
        for i, item in enumerate(value):
            if isinstance(item, dict):
                out.append((f"{key}[{i}]", item))
            else:
                self.bad(f"{key}[{i}]", Message("error.claims.not_object"))
        return out

    def ident(self, obj: dict[str, Any], where: str, seen: set[str]) -> str | None:
        value = self.get(obj, "id", where, str)
        if value is None:
            return None
        if not value.strip() or len(value) > MAX_ID:
            self.bad(f"{where}.id", Message("error.claims.bad_id", limit=MAX_ID))
            return None
        if value in seen:
            self.bad(f"{where}.id", Message("error.claims.duplicate_id", id=value))
            return None
        seen.add(value)
        return value


_ABSENT: Any = object()
_TYPE_IDS = {str: "error.type.text", int: "error.type.int", float: "error.type.number", bool: "error.type.bool",
             dict: "error.type.object", list: "error.type.list", type(None): "error.type.null"}


def claims_from_dict(data: Any, folder: Path, name: str = "") -> ClaimsFile:
    """A ClaimsFile from parsed JSON (project paths relative to `folder`); ProjectError listing every problem."""
    if not isinstance(data, dict):
        raise ProjectError(Message("error.claims.not_claims"))
    if data.get("format") != FORMAT:
        raise ProjectError(Message("error.claims.format", expected=FORMAT, found=repr(data.get("format"))[:80]))
    r = _Reader()
    title = r.get(data, "title", "", str) or ""
    source = _read_source(r, data.get("source", _ABSENT))
    seed = r.count(data, "seed", "", 0, 2**32 - 1, default=1)
    setups = [s for s in (_read_setup(r, where, raw, folder) for where, raw in
                          r.items(data, "setups", MAX_SETUPS)) if s is not None]
    _unique(r, "setups", [s.id for s in setups])
    variants = _read_variants(r, data)
    default_tol = r.number(data, "tolerance_pct", "", 0.0, 1000.0, default=DEFAULT_TOLERANCE_PCT)
    claims = [c for c in (_read_claim(r, where, raw, setups, variants, default_tol or DEFAULT_TOLERANCE_PCT)
                          for where, raw in r.items(data, "claims", MAX_CLAIMS)) if c is not None]
    if r.problems:
        raise ProjectError(r.problems, name or None)
    return ClaimsFile(title, source, setups, variants, claims, seed if seed is not None else 1, name)


def _unique(r: _Reader, key: str, ids: list[str]) -> None:
    for i, value in enumerate(ids):
        if value in ids[:i]:
            r.bad(f"{key}[{i}].id", Message("error.claims.duplicate_id", id=value))


def _read_source(r: _Reader, raw: Any) -> Source:
    if raw is _ABSENT:
        r.bad("source", Message("error.value.missing"))
        return Source()
    if not isinstance(raw, dict):
        r.bad("source", Message("error.claims.not_object"))
        return Source()
    values = {k: r.get(raw, k, "source", str, default="") or "" for k in ("publication", "publisher", "date", "url",
                                                                            "note")}
    if not values["publication"].strip():
        r.bad("source.publication", Message("error.value.missing"))
    if values["url"] and not values["url"].startswith(("https://", "http://")):
        r.bad("source.url", Message("error.claims.url"))
    return Source(**values)


def _read_setup(r: _Reader, where: str, raw: dict[str, Any], folder: Path) -> Setup | None:
    setup_id = r.ident(raw, where, set())
    label = r.get(raw, "label", where, str, default="") or ""
    note = r.get(raw, "note", where, str, default="") or ""
    has_gen, has_project = "generate" in raw, "project" in raw
    if has_gen == has_project:
        r.bad(where, Message("error.claims.setup_kind"))
        return None
    if has_project:
        rel = r.get(raw, "project", where, str)
        if rel is None:
            return None
        if not rel.strip() or Path(rel).is_absolute():
            r.bad(f"{where}.project", Message("error.claims.project_relative"))
            return None
        return Setup(setup_id, label, project=folder / rel, note=note) if setup_id else None
    gen = _read_generator(r, f"{where}.generate", raw["generate"])
    return Setup(setup_id, label, generate=gen, note=note) if setup_id and gen else None


def _read_generator(r: _Reader, where: str, raw: Any) -> GeneratorSpec | None:
    if not isinstance(raw, dict):
        r.bad(where, Message("error.claims.not_object"))
        return None
    before = len(r.problems)
    spec = GeneratorSpec(
        kind=r.choice(raw, "kind", where, GENERATOR_KINDS, default="leaf-spine"),
        gpus=r.count(raw, "gpus", where, 1, MAX_SETUP_GPUS),
        gpus_per_server=r.count(raw, "gpus_per_server", where, 1, 72, default=8),
        link_gbps=r.number(raw, "link_gbps", where, 1.0, 3200.0, default=None),
        server_model=r.get(raw, "server_model", where, str, default=None),
        nic_model=r.get(raw, "nic_model", where, str, default=None),
        switch_model=r.get(raw, "switch_model", where, str, default=None),
        backend=r.choice(raw, "backend", where, PROTOCOLS, default="rocev2"),
        two_tiers=r.get(raw, "two_tiers", where, bool, default=True),
        frontend=r.get(raw, "frontend", where, bool, default=True),
    )
    return spec if len(r.problems) == before else None


def _read_variants(r: _Reader, data: dict[str, Any]) -> list[Variant]:
    if "variants" not in data:
        return [Variant(i, p, s) for i, p, s in DEFAULT_VARIANTS]
    out: list[Variant] = []
    seen: set[str] = set()
    for where, raw in r.items(data, "variants", MAX_VARIANTS):
        vid = r.ident(raw, where, seen)
        proto = r.choice(raw, "protocol", where, PROTOCOLS)
        preset = r.choice(raw, "preset", where, PRESETS, default="recommended")
        label = r.get(raw, "label", where, str, default="") or ""
        if vid and proto and preset:
            out.append(Variant(vid, proto, preset, label))
    return out


def _read_claim(r: _Reader, where: str, raw: dict[str, Any], setups: list[Setup], variants: list[Variant],
                default_tol: float) -> Claim | None:
    before = len(r.problems)
    metric = r.choice(raw, "metric", where, tuple(METRICS))
    setup_id = _claim_setup(r, where, raw, setups)
    workload = r.get(raw, "workload", where, str)
    if workload is not None:
        _check_workload(r, where, workload, metric)
    published = _read_published(r, where, raw.get("published", _ABSENT), variants)
    compare = r.choice(raw, "compare", where, COMPARE, default="value")
    if compare == "gap" and published is not None and set(published) != set(PROTOCOLS):
        r.bad(f"{where}.published", Message("error.claims.gap_needs_both"))
    tol = r.number(raw, "tolerance_pct", where, 0.0, 1000.0, default=default_tol)
    label = r.get(raw, "label", where, str, default="") or ""
    note = r.get(raw, "note", where, str, default="") or ""
    if len(r.problems) != before or setup_id is None or published is None or None in (metric, workload, compare, tol):
        return None
    return Claim(metric, setup_id, workload, published, compare, tol, label, note)


def _claim_setup(r: _Reader, where: str, raw: dict[str, Any], setups: list[Setup]) -> str | None:
    ids = [s.id for s in setups]
    if "setup" not in raw and len(ids) == 1:
        return ids[0]
    value = r.get(raw, "setup", where, str)
    if value is not None and value not in ids:
        r.bad(f"{where}.setup", Message("error.claims.unknown_setup", setup=value, known=", ".join(ids) or "-"))
        return None
    return value


def _check_workload(r: _Reader, where: str, spec: str, metric: str | None) -> None:
    try:
        parse_workloads([spec])
    except WorkloadError as exc:
        r.bad(f"{where}.workload", exc.message)
        return
    if metric is not None and workload_kind(spec) not in METRICS[metric].kinds:
        r.bad(f"{where}.workload", Message("error.claims.metric_workload", metric=metric,
                                           kinds=", ".join(METRICS[metric].kinds), kind=workload_kind(spec)))


def _read_published(r: _Reader, where: str, raw: Any, variants: list[Variant]) -> dict[str, float] | None:
    place = f"{where}.published"
    if raw is _ABSENT:
        r.bad(place, Message("error.value.missing"))
        return None
    if not isinstance(raw, dict) or not raw:
        r.bad(place, Message("error.claims.published"))
        return None
    out: dict[str, float] = {}
    run = {v.protocol for v in variants}
    for proto in raw:
        if proto not in PROTOCOLS:
            r.bad(f"{place}.{proto}"[:200], Message("error.value.choice", choices=", ".join(PROTOCOLS),
                                                     value=repr(proto)[:80]))
            continue
        value = r.number(raw, proto, place, 1e-12, 1e15)
        if value is not None:
            if proto not in run:
                r.bad(f"{place}.{proto}", Message("error.claims.no_variant", protocol=proto))
            out[proto] = value
    return out if len(out) == len(raw) else None
