"""Load the hardware catalog from resources/catalog/, with optional user files that add or override models."""

from __future__ import annotations

import math
import os
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any, TypeVar

from designer.catalog.models import (
    CableModel,
    GatewayModel,
    GPUModel,
    LongHaulOpticsModel,
    NICModel,
    PartModel,
    ServerModel,
    StorageModel,
    SwitchModel,
    TransceiverModel,
)
from designer.i18n.message import Message
from designer.model import limits
from designer.model.errors import ProjectError
from designer.model.file_read import read_bytes_limited
from designer.model.json_guard import parse_json
from designer.model.limits import SPEED_GBPS, Range
from designer.model.nodes import SWITCH_ROLES

RESOURCES = Path(__file__).resolve().parent.parent.parent / "resources" / "catalog"
SECTIONS: dict[str, type] = {
    "switches": SwitchModel, "servers": ServerModel, "gpus": GPUModel, "nics": NICModel,
    "gateways": GatewayModel, "storage": StorageModel, "cables": CableModel,
    "transceivers": TransceiverModel, "parts": PartModel, "long_haul_optics": LongHaulOpticsModel,
}
MAX_CATALOG_BYTES = 16 * 2**20
MAX_MODELS = 10_000          # per section
MAX_BREAKOUT = 16
_ANY_PORTS = Range(0, limits.MAX_PORTS_PER_NODE)
# every numeric field of a model: a figure outside its range is a typing error, not a device
FIELD_RANGES: dict[str, Range] = {
    "ports": Range(1, limits.MAX_PORTS_PER_NODE), "port_gbps": SPEED_GBPS, "speed_gbps": SPEED_GBPS,
    "backend_nic_gbps": SPEED_GBPS, "frontend_nic_gbps": SPEED_GBPS, "latency_ns": Range(0, 10_000_000),
    "buffer_mb": Range(0, 100_000), "power_w": Range(0, 1_000_000), "price_usd": Range(0, 1e10),
    "rack_units": Range(0, 100), "gpus": Range(0, limits.MAX_GPUS_PER_NODE), "backend_nics": _ANY_PORTS,
    "frontend_nics": _ANY_PORTS, "ib_ports": _ANY_PORTS, "eth_ports": _ANY_PORTS, "nvlink_gbps": limits.NVLINK_GBPS,
    "bf16_tflops": Range(0, 10_000_000), "memory_gb": Range(0, 10_000_000), "capacity_tb": Range(0, 1e9),
    "hbm_tbps": Range(0, 1_000),
    "max_reach_m": Range(0, 1_000_000), "min_reach_m": Range(0, 1_000_000), "throughput_gbps": Range(0, 100_000),
    "cages": _ANY_PORTS, "lanes_per_cage": Range(0, 16), "lane_gbps": Range(0, 1_000), "mgmt_ports": Range(0, 64),
    "legs": Range(1, MAX_BREAKOUT), "engines": Range(1, 16), "engine_gbps": SPEED_GBPS,
    "price_per_m_usd": Range(0, 1e6), "capacity": Range(0, 1e6), "compute_trays": Range(0, 64),
    "nvlink_switch_trays": Range(0, 64), "long_haul_ports": _ANY_PORTS, "long_haul_gbps": SPEED_GBPS,
    "line_gbps": SPEED_GBPS, "max_reach_km": Range(0, 20_000), "head_gbps": Range(0, 100_000),
}
# lists of numbers -> the field whose range each number keeps (orderable lengths, speeds in Gb/s)
NUMBER_LISTS = {"lengths_m": "max_reach_m", "link_speeds_gbps": "speed_gbps", "leg_speeds_gbps": "speed_gbps"}
_BOOL_FIELDS = ("cut_through", "nvlink_sharp")     # true or false
FIELD_CHOICES: dict[str, tuple[str, ...]] = {"protocol": ("ib", "ethernet", "vpi"),
                                             "type": ("dac", "acc", "aoc", "fibre", "rj45"),
                                             "fibre": ("", "smf", "mmf"),
                                             "long_haul": ("", "dci-router", "ib-long-haul")}
# section -> message id of its kind of model ("unknown switch model ...")
_MODEL_KINDS = {
    "switches": "error.catalog.switch", "servers": "error.catalog.server", "gpus": "error.catalog.gpu",
    "nics": "error.catalog.nic", "gateways": "error.catalog.gateway", "storage": "error.catalog.storage",
    "cables": "error.catalog.cable", "transceivers": "error.catalog.transceiver", "parts": "error.catalog.part",
    "long_haul_optics": "error.catalog.long_haul_optics",
}

_Model = TypeVar("_Model")


@dataclass
class Catalog:
    """All hardware models by id, per section."""

    switches: dict[str, SwitchModel] = field(default_factory=dict)
    servers: dict[str, ServerModel] = field(default_factory=dict)
    gpus: dict[str, GPUModel] = field(default_factory=dict)
    nics: dict[str, NICModel] = field(default_factory=dict)
    gateways: dict[str, GatewayModel] = field(default_factory=dict)
    storage: dict[str, StorageModel] = field(default_factory=dict)
    cables: dict[str, CableModel] = field(default_factory=dict)
    transceivers: dict[str, TransceiverModel] = field(default_factory=dict)
    parts: dict[str, PartModel] = field(default_factory=dict)
    long_haul_optics: dict[str, LongHaulOpticsModel] = field(default_factory=dict)

    def merge_file(self, path: str | os.PathLike[str]) -> None:
        """Add or override models from a catalog JSON file (same layout as resources/catalog/catalog.json)."""
        p = Path(path)
        raw = read_bytes_limited(p, MAX_CATALOG_BYTES)      # a pipe, a device or a huge file: one line
        try:
            self.merge(parse_json(raw.decode("utf-8")))
        except UnicodeDecodeError:
            raise ProjectError(Message("error.catalog.bad_json", detail="not UTF-8 text"), str(p)) from None
        except ProjectError as exc:
            raise ProjectError(exc.messages, str(p)) from None

    def merge(self, data: Any) -> None:
        if not isinstance(data, dict):
            raise ProjectError(Message("error.catalog.not_object"))
        problems: list[str | Message] = []
        for section, cls in SECTIONS.items():
            entries = data.get(section, [])
            if not isinstance(entries, list):
                problems.append(Message("error.at", place=section, text=Message("error.value.list")))
                continue
            if len(entries) > MAX_MODELS:
                problems.append(Message("error.at", place=section, text=Message(
                    "error.value.too_many", count=f"{len(entries):,}", limit=f"{MAX_MODELS:,}")))
                continue
            table = getattr(self, section)
            for i, raw in enumerate(entries):
                try:
                    base = table.get(raw["id"]) if isinstance(raw, dict) and isinstance(raw.get("id"), str) else None
                    entry = _build(cls, raw, base)
                except ValueError as exc:
                    reason = exc.args[0] if exc.args and isinstance(exc.args[0], Message) else str(exc)
                    problems.append(Message("error.at", place=f"{section}[{i}]", text=reason))
                    continue
                table[entry.id] = entry
        if problems:
            raise ProjectError(problems)

    # ---- lookups ------------------------------------------------------------------------------
    def switch(self, model_id: str) -> SwitchModel:
        return self._get("switches", self.switches, model_id)

    def server(self, model_id: str) -> ServerModel:
        return self._get("servers", self.servers, model_id)

    def gpu(self, model_id: str) -> GPUModel:
        return self._get("gpus", self.gpus, model_id)

    def nic(self, model_id: str) -> NICModel:
        return self._get("nics", self.nics, model_id)

    def gateway(self, model_id: str) -> GatewayModel:
        return self._get("gateways", self.gateways, model_id)

    def storage_model(self, model_id: str) -> StorageModel:
        return self._get("storage", self.storage, model_id)

    def max_reach_m(self, cable_class: str, speed_gbps: float) -> float | None:
        """The longest reach of any part of a link's cable class ("dac", "aoc" = active copper or optical
        cables, "optics" = transceivers) at a speed; None when the catalog has no such part."""
        if cable_class == "optics":
            reaches = [t.max_reach_m for t in self.transceivers.values()
                       if t.engine_gbps * t.engines >= speed_gbps - 1e-9]
        else:
            types = ("dac",) if cable_class == "dac" else ("acc", "aoc")
            reaches = [c.max_reach_m for c in self.cables.values()
                       if c.type in types and speed_gbps - 1e-9 <= c.speed_gbps * c.legs
                       and c.speed_gbps >= speed_gbps - 1e-9]
        return max(reaches) if reaches else None

    def device_model(self, kind: str, model_id: str) -> SwitchModel | ServerModel | StorageModel | GatewayModel | None:
        """The record of a device of node kind `kind` (switch, server, storage, gateway); None when absent."""
        table: dict[str, SwitchModel] | dict[str, ServerModel] | dict[str, StorageModel] | dict[str, GatewayModel]
        if kind == "switch":
            table = self.switches
        elif kind == "server":
            table = self.servers
        elif kind == "storage":
            table = self.storage
        elif kind == "gateway":
            table = self.gateways
        else:
            return None
        return table.get(model_id)

    def part(self, part_id: str) -> PartModel:
        return self._get("parts", self.parts, part_id)

    def parts_of(self, kind: str) -> list[PartModel]:
        """Parts of one kind (racks, PDUs, ...), cheapest first."""
        return sorted((p for p in self.parts.values() if p.kind == kind), key=lambda p: (p.price_usd, p.id))

    def model_kind(self, model_id: str) -> str | None:
        """Which node kind a model id belongs to (server, switch, gateway, storage), if any."""
        for section, kind in (("servers", "server"), ("switches", "switch"),
                              ("gateways", "gateway"), ("storage", "storage")):
            if model_id in getattr(self, section):
                return kind
        return None

    def _get(self, section: str, table: dict[str, _Model], model_id: str) -> _Model:
        if model_id not in table:
            known = ", ".join(sorted(table)) or Message("error.catalog.none")
            raise ProjectError(Message("error.catalog.unknown_model", what=Message(_MODEL_KINDS[section]),
                                       model=model_id, known=known))
        return table[model_id]


def _build(cls: type, raw: Any, base: Any) -> Any:
    """A catalog record from JSON, on top of `base` when a user file overrides a few fields."""
    if not isinstance(raw, dict):
        raise ValueError(Message("error.value.object"))
    if not isinstance(raw.get("id"), str) or not raw["id"]:
        raise ValueError(Message("error.catalog.needs_id"))
    values = {f.name: getattr(base, f.name) for f in fields(cls)} if base is not None else {}
    types = {f.name: str(f.type) for f in fields(cls)}
    for key, value in raw.items():
        if key not in types:
            continue  # extra documentation fields (e.g. capacity_tbps) are allowed and ignored
        if key in ("breakouts", "plane_splits", "roles", "load_balancing", *NUMBER_LISTS):
            value = _read_tuple(key, value)
        else:
            _check_field(key, value)
            _check_type(key, value, types[key])
        values[key] = value
    model = cls(**values)
    if isinstance(model, SwitchModel) and model.ports * max(model.breakouts) > limits.MAX_PORTS_PER_NODE:
        raise ValueError(Message("error.catalog.too_many_ports", ports=model.ports, split=max(model.breakouts),
                                 limit=limits.MAX_PORTS_PER_NODE))
    return model


def _read_tuple(key: str, value: Any) -> tuple[Any, ...]:
    """`breakouts` or `plane_splits` (whole numbers 1..16), `roles` (switch roles), `lengths_m` (metres) or a list
    of speeds (Gb/s) as a tuple."""
    if not isinstance(value, list) or (not value and key not in NUMBER_LISTS):
        raise ValueError(Message("error.catalog.field_list", field=key))
    if key in NUMBER_LISTS:
        for number in value:
            _check_field(NUMBER_LISTS[key], number)
    elif key in ("breakouts", "plane_splits"):
        if not all(type(b) is int and 1 <= b <= MAX_BREAKOUT for b in value):
            raise ValueError(Message("error.catalog.field_range", field=key, value=_shown(value),
                                     minimum=1, maximum=MAX_BREAKOUT))
    elif key == "load_balancing":
        if not all(isinstance(mode, str) and 0 < len(mode) <= 64 for mode in value):
            raise ValueError(Message("error.catalog.field_list", field=key))
    elif not all(r in SWITCH_ROLES for r in value):
        raise ValueError(Message("error.catalog.field_choice", field=key, value=_shown(value),
                                 choices=", ".join(SWITCH_ROLES)))
    return tuple(value)


def _check_field(key: str, value: Any) -> None:
    """A numeric field within its range (finite, no whole number past float), a text field text."""
    allowed = FIELD_RANGES.get(key)
    if allowed is not None:
        if value is None and key == "buffer_mb":        # not published for some switches
            return
        number = isinstance(value, int | float) and not isinstance(value, bool)
        if not number or (isinstance(value, float) and not math.isfinite(value)):
            raise ValueError(Message("error.catalog.field_number", field=key, value=_shown(value)))
        if not allowed.accepts(value):
            msg_id = "error.catalog.field_range_or_zero" if allowed.zero_means_unset else "error.catalog.field_range"
            raise ValueError(Message(msg_id, field=key, value=_shown(value),
                                     minimum=limits.number_text(allowed.minimum),
                                     maximum=limits.number_text(allowed.maximum)))
    elif key in FIELD_CHOICES and value not in FIELD_CHOICES[key]:
        raise ValueError(Message("error.catalog.field_choice", field=key, value=_shown(value),
                                 choices=", ".join(FIELD_CHOICES[key])))
    elif key in _BOOL_FIELDS and not isinstance(value, bool):
        raise ValueError(Message("error.catalog.field_choice", field=key, value=_shown(value), choices="true, false"))


def _check_type(key: str, value: Any, annotation: str) -> None:
    """A field the model holds as a whole number is one (64.5 ports), a text field text (a vendor, a GPU model)."""
    if annotation == "int" and type(value) is not int:
        raise ValueError(Message("error.catalog.field_whole", field=key, value=_shown(value)))
    if annotation in ("str", "str | None") and not (isinstance(value, str) or (value is None and "None" in annotation)):
        raise ValueError(Message("error.catalog.field_text", field=key, value=_shown(value)))
    if annotation.startswith("dict[str, str]") and not (
            isinstance(value, dict) and all(isinstance(v, str) for v in value.values())):
        raise ValueError(Message("error.catalog.field_text", field=key, value=_shown(value)))


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else f"{text[:30]}…({len(text)} characters)"


_DEFAULT: Catalog | None = None


def load_catalog(user_files: list[str | os.PathLike[str]] | None = None) -> Catalog:
    """The built-in catalog, plus user files (later files override earlier ones).

    The environment variable FABRIC_DESIGNER_CATALOG may name further user files (os.pathsep separated).
    """
    global _DEFAULT
    if _DEFAULT is None:
        base = Catalog()
        for path in sorted(RESOURCES.glob("*.json")):
            base.merge_file(path)
        _DEFAULT = base
    env = os.environ.get("FABRIC_DESIGNER_CATALOG")
    extra: list[str | os.PathLike[str]] = [p for p in env.split(os.pathsep) if p] if env else []
    extra += user_files or []
    if not extra:
        return _DEFAULT
    cat = Catalog(**{s: dict(getattr(_DEFAULT, s)) for s in SECTIONS})
    for user_file in extra:
        cat.merge_file(user_file)
    return cat
