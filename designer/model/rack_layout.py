"""The rack layout of a design: racks on the floor (row, place in the row) and what is mounted where.

Saved under the optional "racks" key of a project file. It is the outcome of the rack planner
(designer/topology/racks/), kept so that the plan handed over is the plan reopened; when the design has
changed since (a device added or removed), the planner makes a fresh one and says so.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from designer.i18n.message import Message
from designer.model.run_results import Problem

MOUNT_KINDS = ("node", "oob-switch", "ufm", "pdu", "patch-panel")
RACK_ROLES = ("compute", "network", "spine", "storage", "domain")   # domain: a rack-scale NVLink domain


@dataclass(frozen=True)
class RackDef:
    """A rack: its name (A01: row A, first place), row and place in the row (0-based) on its site's floor, what it
    mainly holds, and the id of the site it stands in ("" in a design of one floor, or for devices of no site)."""

    name: str
    row: int
    slot: int
    role: str = "compute"
    site: str = ""


@dataclass(frozen=True)
class Mount:
    """Something in a rack: a device of the design (kind "node", item = node id) or a build item."""

    item: str
    kind: str
    rack: str
    u: int            # lowest U taken, 1 at the bottom; 0 for a zero-U item (PDU on the side)
    height_u: int


@dataclass
class RackLayout:
    racks: list[RackDef] = field(default_factory=list)
    mounts: list[Mount] = field(default_factory=list)

    def node_mounts(self) -> dict[str, Mount]:
        return {m.item: m for m in self.mounts if m.kind == "node"}

    def rack(self, name: str) -> RackDef | None:
        return next((r for r in self.racks if r.name == name), None)


def layout_to_dict(layout: RackLayout) -> dict[str, Any]:
    return {"racks": [_rack_to_dict(r) for r in layout.racks],
            "mounts": [{"item": m.item, "kind": m.kind, "rack": m.rack, "u": m.u, "height_u": m.height_u}
                       for m in layout.mounts]}


def _rack_to_dict(r: RackDef) -> dict[str, Any]:
    """A rack's entry; "site" only where it has one, so a one-site design's file reads as it always did."""
    return {"name": r.name, "row": r.row, "slot": r.slot, "role": r.role, **({"site": r.site} if r.site else {})}


def layout_from_raw(raw: Any, where: str = "racks") -> tuple[RackLayout | None, list[Problem]]:
    """The saved layout (None when absent) and the problems of its shape, each with its place."""
    if raw is None:
        return None, []
    if not isinstance(raw, dict) or set(raw) - {"racks", "mounts"}:
        return None, [Problem(where, Message("error.racks.shape"))]
    problems: list[Problem] = []
    racks = [_rack(item, f"{where}.racks[{i}]", problems) for i, item in enumerate(_list(raw, "racks", where,
                                                                                          problems))]
    mounts = [_mount(item, f"{where}.mounts[{i}]", problems) for i, item in enumerate(_list(raw, "mounts", where,
                                                                                             problems))]
    names = [r.name for r in racks if r is not None]
    if len(set(names)) < len(names):
        problems.append(Problem(f"{where}.racks", Message("error.racks.twice")))
    known = set(names)
    for i, m in enumerate(mounts):
        if m is not None and m.rack not in known:
            problems.append(Problem(f"{where}.mounts[{i}].rack", Message("error.racks.unknown_rack", rack=m.rack)))
    if problems:
        return None, problems
    return RackLayout([r for r in racks if r], [m for m in mounts if m]), []


def _list(raw: dict[str, Any], key: str, where: str, problems: list[Problem]) -> list[Any]:
    value = raw.get(key, [])
    if not isinstance(value, list):
        problems.append(Problem(f"{where}.{key}", Message("error.value.list")))
        return []
    return value


def _rack(item: Any, place: str, problems: list[Problem]) -> RackDef | None:
    ok = (isinstance(item, dict) and isinstance(item.get("name"), str) and item["name"]
          and _count(item.get("row")) and _count(item.get("slot")) and item.get("role", "compute") in RACK_ROLES
          and isinstance(item.get("site", ""), str))
    if not ok:
        problems.append(Problem(place, Message("error.racks.rack")))
        return None
    return RackDef(item["name"], item["row"], item["slot"], item.get("role", "compute"), item.get("site", ""))


def _mount(item: Any, place: str, problems: list[Problem]) -> Mount | None:
    ok = (isinstance(item, dict) and isinstance(item.get("item"), str) and item["item"]
          and item.get("kind") in MOUNT_KINDS and isinstance(item.get("rack"), str)
          and _count(item.get("u")) and _count(item.get("height_u")))
    if not ok:
        problems.append(Problem(place, Message("error.racks.mount")))
        return None
    return Mount(item["item"], item["kind"], item["rack"], item["u"], item["height_u"])


def _count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0
