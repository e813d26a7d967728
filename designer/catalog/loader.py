"""Load the hardware catalog from resources/catalog/, with optional user files that add or override models."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any, TypeVar

from designer.catalog.models import (
    CableModel,
    GatewayModel,
    GPUModel,
    NICModel,
    ServerModel,
    StorageModel,
    SwitchModel,
)
from designer.i18n.message import Message, os_reason
from designer.model.errors import ProjectError

RESOURCES = Path(__file__).resolve().parent.parent.parent / "resources" / "catalog"
SECTIONS: dict[str, type] = {
    "switches": SwitchModel, "servers": ServerModel, "gpus": GPUModel, "nics": NICModel,
    "gateways": GatewayModel, "storage": StorageModel, "cables": CableModel,
}
# section -> message id of its kind of model ("unknown switch model ...")
_MODEL_KINDS = {
    "switches": "error.catalog.switch", "servers": "error.catalog.server", "gpus": "error.catalog.gpu",
    "nics": "error.catalog.nic", "gateways": "error.catalog.gateway", "storage": "error.catalog.storage",
    "cables": "error.catalog.cable",
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

    def merge_file(self, path: str | os.PathLike[str]) -> None:
        """Add or override models from a catalog JSON file (same layout as resources/catalog/catalog.json)."""
        p = Path(path)
        try:
            data = json.loads(p.read_text(encoding="utf-8"))
        except OSError as exc:
            raise ProjectError(Message("error.catalog.cannot_read", reason=os_reason(exc)), str(p)) from None
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise ProjectError(Message("error.catalog.bad_json", detail=str(exc)), str(p)) from None
        try:
            self.merge(data)
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
            table = getattr(self, section)
            for i, raw in enumerate(entries):
                try:
                    entry = _build(cls, raw, table.get(raw.get("id")) if isinstance(raw, dict) else None)
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

    def cable_for(self, cable_type: str, speed_gbps: float) -> CableModel | None:
        """The cable of that type for a link speed: the slowest model at or above the speed."""
        fits = [c for c in self.cables.values() if c.type == cable_type and c.speed_gbps >= speed_gbps]
        return min(fits, key=lambda c: c.speed_gbps) if fits else None

    def max_reach_m(self, cable_type: str, speed_gbps: float) -> float | None:
        cable = self.cable_for(cable_type, speed_gbps)
        return cable.max_reach_m if cable else None

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
    names = {f.name for f in fields(cls)}
    for key, value in raw.items():
        if key not in names:
            continue  # extra documentation fields (e.g. capacity_tbps) are allowed and ignored
        if key in ("breakouts", "roles"):
            if not isinstance(value, list):
                raise ValueError(Message("error.catalog.field_list", field=key))
            value = tuple(value)
        values[key] = value
    for f in fields(cls):
        default = f.default
        if f.name in values and isinstance(default, (int, float)) and not isinstance(default, bool):
            v = values[f.name]
            if v is None and f.name in ("buffer_mb",):
                continue
            if not isinstance(v, (int, float)) or isinstance(v, bool) or v < 0:
                raise ValueError(Message("error.catalog.field_number", field=f.name, value=repr(v)))
    return cls(**values)


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
