"""The project file: JSON with a `format` key, validated on load, saved atomically.

`document_from_dict` checks every field and collects every problem with its place before it
raises one `ProjectError`; it never lets a KeyError or TypeError escape.
"""

from __future__ import annotations

import json
import math
import os
import re
import shutil
from collections.abc import Callable
from dataclasses import asdict, fields
from pathlib import Path
from typing import Any, cast

from designer.i18n.message import Message, either, os_reason
from designer.model import limits
from designer.model.assumptions import CURRENCIES, Assumptions
from designer.model.atomic_write import (
    TMP_SUFFIX,
    real_target,
    remove_stale_temporaries,
    temporary_prefix,
    write_bytes_atomically,
)
from designer.model.build_settings import BuildSettings, settings_from_raw, settings_to_dict
from designer.model.document import FabricDocument
from designer.model.errors import ProjectError
from designer.model.file_read import read_bytes_limited
from designer.model.jobs import job_to_dict, jobs_from_raw
from designer.model.json_guard import parse_json, too_long
from designer.model.limits import Range
from designer.model.links import CABLE_TYPES, Endpoint, Link
from designer.model.migrations import upgrade
from designer.model.nodes import MEDIA, NODE_KINDS, PLANES, SWITCH_ROLES, Node, PortGroup, shared_port_name
from designer.model.proposal import requirements_from_raw, requirements_to_dict
from designer.model.quick_read import quick_link, quick_node
from designer.model.rack_layout import layout_from_raw, layout_to_dict
from designer.model.run_results import check_results
from designer.model.scenarios import scenario_to_dict, scenarios_from_raw
from designer.model.segments import (
    PRESETS,
    PROTOCOLS,
    SETTING_CHOICES,
    IBSettings,
    RoCESettings,
    Segment,
)
from designer.model.sites import (
    long_haul_from_raw,
    long_haul_to_dict,
    node_site_problems,
    site_to_dict,
    sites_from_raw,
)

FORMAT = "fabric-designer/1"
_SURROGATE = re.compile("[\ud800-\udfff]")
MAX_FILE_BYTES = 64 * 1024 * 1024  # refuse larger files rather than exhaust memory
MAX_FILE_ENV = "FABRIC_DESIGNER_MAX_FILE_MIB"


def max_file_bytes() -> int:
    """The size limit for project files: 64 MiB, or FABRIC_DESIGNER_MAX_FILE_MIB when set to a number."""
    try:
        return int(float(os.environ[MAX_FILE_ENV]) * 2**20)
    except (KeyError, ValueError):
        return MAX_FILE_BYTES

_CHOICES = SETTING_CHOICES


# ---- writing ------------------------------------------------------------------------------------
def document_to_dict(doc: FabricDocument) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "name": doc.name,
        "notes": doc.notes,
        "assumptions": _typed(doc.assumptions),
        "nodes": [_node_to_dict(n) for n in doc.nodes.values()],
        "links": [_link_to_dict(link) for link in doc.links.values()],
        "segments": [
            {"id": s.id, "name": s.name, "protocol": s.protocol, "nodes": list(s.nodes), "preset": s.preset,
             "ib": _typed(s.ib), "rocev2": _typed(s.rocev2)}
            for s in doc.segments.values()
        ],
        **({"results": doc.results} if doc.results is not None else {}),
        **({"scenarios": [scenario_to_dict(s) for s in doc.scenarios]} if doc.scenarios else {}),
        **({"jobs": [job_to_dict(j) for j in doc.jobs]} if doc.jobs else {}),
        **({"proposal": requirements_to_dict(doc.proposal)} if not doc.proposal.is_empty() else {}),
        **({"build": settings_to_dict(doc.build)} if doc.build != BuildSettings() else {}),
        **({"racks": layout_to_dict(doc.racks)} if doc.racks is not None else {}),
        **({"sites": [site_to_dict(s) for s in doc.sites]} if doc.sites else {}),
        **({"long_haul": [long_haul_to_dict(lh) for lh in doc.long_haul]} if doc.long_haul else {}),
    }


def _typed(obj: Any) -> dict[str, Any]:
    """asdict with each value coerced to its field's declared type, so that save-load-save is exact."""
    out = asdict(obj)
    for f in fields(obj):
        if f.type in ("float", float) and not isinstance(out[f.name], bool):
            out[f.name] = float(out[f.name])
    return out


def _node_to_dict(n: Node) -> dict[str, Any]:
    d: dict[str, Any] = {"id": n.id, "kind": n.kind, "model": n.model, "label": n.label,
                         "x": float(n.x), "y": float(n.y),
                         "ports": [{"prefix": g.prefix, "count": g.count, "speed_gbps": float(g.speed_gbps),
                                    "medium": g.medium, "plane": g.plane} for g in n.port_groups]}
    if n.role is not None:
        d["role"] = n.role
    if n.kind == "server":
        d.update(gpus=n.gpus, gpu_model=n.gpu_model, nvlink_gbps=float(n.nvlink_gbps), nic_model=n.nic_model)
    if n.pod is not None:
        d["pod"] = n.pod
    if n.rail is not None:
        d["rail"] = n.rail
    if n.site is not None:
        d["site"] = n.site
    return d


def _link_to_dict(link: Link) -> dict[str, Any]:
    return {"id": link.id, "a": {"node": link.a.node, "port": link.a.port},
            "b": {"node": link.b.node, "port": link.b.port}, "speed_gbps": float(link.speed_gbps),
            "cable": link.cable, "length_m": float(link.length_m), "plane": link.plane}


def dumps(doc: FabricDocument) -> str:
    return json.dumps(document_to_dict(doc), ensure_ascii=False, indent=1)


def save(doc: FabricDocument, path: str | os.PathLike[str], *, backup: bool = True) -> None:
    """Write atomically: a temporary file in the same folder, flushed and fsynced, then renamed.

    With `backup`, the version being replaced is kept as `<name>.bak` beside it (one level of
    "undo the save"); a failure at any step leaves the file on disk as it was.
    """
    target = real_target(path)      # through a symbolic link: its target is saved (and backed up), the link kept
    text = dumps(doc)  # serialise first: an error here must not touch the disk
    if backup:
        keep_backup(target)
    write_text_atomically(target, text)


def backup_path(path: Path) -> Path:
    """Where the previous version of `path` is kept: `design.json` -> `design.json.bak`."""
    return path.with_name(path.name + ".bak")


def keep_backup(path: Path) -> None:
    """Make `<path>.bak` the current content of `path` (if it exists), atomically.

    A hard link shares the old file's data without copying it: the following save replaces
    `path` by a new file, and the link keeps the old one. Where links are not allowed, copy.
    """
    if not path.is_file():
        return
    bak = backup_path(path)
    if bak.exists() and os.path.samefile(path, bak):
        return       # the backup already is this file (a save that failed after its backup): nothing to keep
    folder = path.parent if str(path.parent) else Path(".")
    remove_stale_temporaries(bak)
    tmp = folder / f"{temporary_prefix(bak)}{os.getpid()}{TMP_SUFFIX}"
    try:
        try:
            os.link(path, tmp)
        except OSError:
            shutil.copy2(path, tmp)
        os.replace(tmp, bak)
    except OSError as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise ProjectError(Message("error.file.no_backup", reason=os_reason(exc)), str(path)) from None


def write_text_atomically(path: Path, text: str) -> None:
    """Replace `path` with `text` (UTF-8) so that a crash leaves either the old or the new file, never half.

    An unpaired surrogate (half of a UTF-16 pair, not a character: files refuse it on load, but a document built
    in code may hold one) is written as U+FFFD, so that a save or an autosave never fails on it."""
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError:
        data = _SURROGATE.sub("\ufffd", text).encode("utf-8")
    write_bytes_atomically(path, data)


# ---- reading ------------------------------------------------------------------------------------
def load(path: str | os.PathLike[str]) -> FabricDocument:
    """Read and validate a project file; any problem raises ProjectError naming the file."""
    p = Path(path)
    raw = read_bytes_limited(p, max_file_bytes(), env=MAX_FILE_ENV)
    try:
        return loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise ProjectError(Message("error.file.not_utf8"), str(p)) from None
    except ProjectError as exc:
        raise ProjectError(exc.messages, str(p)) from None


def loads(text: str) -> FabricDocument:
    return document_from_dict(parse_json(text))


def _checked(value: Any, key: str, choices: tuple[Any, ...] | None, minimum: float | None,
             allowed: Range | None) -> Any:
    """`value` (of its field's type) when it is one of `choices`, at least `minimum`, within `allowed` and, text,
    no longer than the field's limit; else _Refused."""
    if choices is not None and value not in choices:
        raise _Refused(Message("error.value.choice", choices=", ".join(map(str, choices)), value=repr(value)))
    if minimum is not None and value < minimum:
        raise _Refused(Message("error.value.minimum", minimum=f"{minimum:g}", value=repr(value)))
    if allowed is not None and value is not None and not allowed.accepts(value):
        raise _Refused(allowed.refusal(value))
    if isinstance(value, str) and (long := too_long(value, key)) is not None:
        raise _Refused(long)
    return value


class _Reader:
    """Collects problems with their place while reading untrusted data."""

    def __init__(self) -> None:
        self.problems: list[str | Message] = []

    def bad(self, where: str, message: str | Message) -> None:
        self.problems.append(Message("error.at", place=where, text=message))

    def get(self, obj: dict[str, Any], key: str, where: str, kind: type | tuple[Any, ...], *, default: Any = ...,
            choices: tuple[Any, ...] | None = None, minimum: float | None = None,
            allowed: Range | None = None) -> Any:
        """`obj[key]` checked: of type `kind` (a whole number where a number is asked for becomes a float), one of
        `choices`, at least `minimum`, within `allowed`; else None and a problem at "where.key"."""
        value = obj.get(key, _ABSENT)
        if type(value) is kind and minimum is None and kind is not bool:       # the common case, quickly:
            if choices is None and allowed is None and kind is str and len(cast(str, value)) <= limits.MAX_NAME_CHARS:
                return value                  # text as short as a name, or a number in its range (NaN fails)
            if allowed is not None and allowed.minimum <= cast(float, value) <= allowed.maximum and choices is None:
                return value
        if value is _ABSENT:
            if default is ...:
                self.bad(f"{where}.{key}" if where else key, Message("error.value.missing"))
                return None
            return default
        try:
            return _checked(_as_field_type(value, kind), key, choices, minimum, allowed)
        except _Refused as refused:
            self.bad(f"{where}.{key}" if where else key, refused.message)
            return None


_ABSENT: Any = object()


class _Refused(Exception):
    """A value a field does not accept, and why."""

    def __init__(self, message: Message) -> None:
        super().__init__(message)
        self.message = message


def _as_field_type(value: Any, kind: type | tuple[Any, ...]) -> Any:
    """`value` as a value of `kind`, or _Refused: a whole number past 2**53 before any float() can overflow it,
    a non-finite number, a bool where no bool is asked for (Python counts it as an int), any other type."""
    kinds = kind if isinstance(kind, tuple) else (kind,)
    t = type(value)
    if t is int:
        if abs(value) > limits.MAX_EXACT_INT:
            raise _Refused(Message("error.value.int_too_large", digits=len(str(abs(value))),
                                   limit=f"{limits.MAX_EXACT_INT:,}"))
        if int in kinds:
            return value
        if float in kinds:
            return float(value)
    elif t is float:
        if float in kinds:
            if not math.isfinite(value):
                raise _Refused(Message("error.value.not_finite"))
            return value
    elif t in kinds:
        return value
    raise _Refused(Message("error.value.type", expected=_type_names(kinds), actual=_type_name(t)))


_TYPE_NAMES = {str: "error.type.text", int: "error.type.int", float: "error.type.number", bool: "error.type.bool",
               dict: "error.type.object", list: "error.type.list", type(None): "error.type.null"}


def _type_name(t: type) -> str | Message:
    return Message(_TYPE_NAMES[t]) if t in _TYPE_NAMES else t.__name__


def _type_names(kinds: tuple[Any, ...]) -> str | Message:
    """'text', 'text or null', ...: the names of `kinds` joined by 'or' in the language of the message."""
    return either([_type_name(k) for k in kinds])


def document_from_dict(data: Any) -> FabricDocument:  # noqa: C901
    r = _Reader()
    if not isinstance(data, dict):
        raise ProjectError(Message("error.file.not_object"))
    if data.get("format") != FORMAT:
        data = upgrade(data)  # an older format migrates; a newer or unknown one is refused, naming it

    name = r.get(data, "name", "", str, default="Untitled fabric")
    notes = r.get(data, "notes", "", str, default="")
    assumptions = _read_assumptions(r, data.get("assumptions", {}))
    nodes = _read_list(r, data, "nodes", _read_node, limits.MAX_NODES, quick_node)
    _check_totals(r, nodes)
    links = _read_list(r, data, "links", _read_link, limits.MAX_LINKS, quick_link)
    segments = _read_list(r, data, "segments", _read_segment, limits.MAX_SEGMENTS)
    results = _read_results(r, data.get("results"))
    scenarios, scenario_problems = scenarios_from_raw(data.get("scenarios"))
    proposal, proposal_problems = requirements_from_raw(data.get("proposal"))
    build, build_problems = settings_from_raw(data.get("build"))
    racks, rack_problems = layout_from_raw(data.get("racks"))
    gpu_servers = {n.id for n in nodes if n is not None and n.kind == "server" and n.gpus > 0}
    jobs, job_problems = jobs_from_raw(data.get("jobs"), gpu_servers)
    sites, site_problems = sites_from_raw(data.get("sites"))
    site_ids = {s.id for s in sites}
    long_haul, long_haul_problems = long_haul_from_raw(data.get("long_haul"), site_ids)
    site_problems += node_site_problems([(i, n.site) for i, n in enumerate(nodes) if n is not None], site_ids)
    for p in (scenario_problems + proposal_problems + build_problems + rack_problems + job_problems + site_problems
              + long_haul_problems):
        place, _, message = p.partition(": ")
        r.bad(place, message)

    doc = FabricDocument(name=name or "Untitled fabric", notes=notes or "",
                         assumptions=assumptions or Assumptions(), results=results, scenarios=scenarios,
                         proposal=proposal, build=build, racks=racks, jobs=jobs, sites=sites, long_haul=long_haul)
    _check_ids(r, "nodes", nodes)
    _check_ids(r, "links", links)
    _check_ids(r, "segments", segments)
    for n in nodes:
        if n is not None:
            doc.nodes.setdefault(n.id, n)
    _add_links(r, doc, links)
    member: dict[str, str] = {}
    for i, seg in enumerate(segments):
        if seg is None:
            continue
        for j, nid in enumerate(seg.nodes):
            if nid not in doc.nodes:
                r.bad(f"segments[{i}].nodes[{j}]", Message("error.doc.no_node", node=nid))
            elif nid in member and member[nid] != seg.id:
                r.bad(f"segments[{i}].nodes[{j}]", Message("error.file.in_two_segments", node=nid, segment=member[nid]))
            else:
                member[nid] = seg.id
        doc.segments.setdefault(seg.id, seg)
    if r.problems:
        raise ProjectError(r.problems)
    return doc


def _add_links(r: _Reader, doc: FabricDocument, links: list[Link | None]) -> None:
    """The links read into `doc`, each end checked to be a port of a node of it."""
    names = _PortNames(doc)
    for i, link in enumerate(links):
        if link is None:
            continue
        a, b = link.a, link.b
        if a.port not in names[a.node] or b.port not in names[b.node]:
            _report_ends(r, doc, i, link, names)
        if a.port == b.port and a.node == b.node:
            r.bad(f"links[{i}]", Message("error.file.self_link"))
        doc.links.setdefault(link.id, link)


class _PortNames(dict[str, frozenset[str]]):
    """node id -> the names of its ports (none for an unknown node), listed when first asked for: a set finds a
    cable's port faster than the port groups can (56k cables, 112k lookups)."""

    def __init__(self, doc: FabricDocument) -> None:
        super().__init__()
        self.doc = doc

    def __missing__(self, node_id: str) -> frozenset[str]:
        node = self.doc.nodes.get(node_id)
        names = self[node_id] = node.port_names() if node is not None else frozenset()
        return names


def _report_ends(r: _Reader, doc: FabricDocument, i: int, link: Link, names: _PortNames) -> None:
    for side, end in (("a", link.a), ("b", link.b)):
        if end.node not in doc.nodes:
            r.bad(f"links[{i}].{side}.node", Message("error.doc.no_node", node=end.node))
        elif end.port not in names[end.node]:
            r.bad(f"links[{i}].{side}.port", Message("error.doc.no_port", node=end.node, port=end.port))


def _read_results(r: _Reader, raw: Any) -> dict[str, Any] | None:
    """The optional last-run summary: one result, or {"ib": ..., "rocev2": ...} from a comparison."""
    if raw is None:
        return None
    if isinstance(raw, dict) and raw and set(raw) <= {"ib", "rocev2"}:
        problems = [p for key, value in raw.items() for p in check_results(value, f"results.{key}")]
    else:
        problems = check_results(raw)
    for p in problems:
        place, _, message = p.partition(": ")
        r.bad(place, message)
    return None if problems else raw


def _check_ids(r: _Reader, what: str, items: list[Any]) -> None:
    seen: set[str] = set()
    for i, item in enumerate(items):
        if item is None:
            continue
        if not item.id:
            r.bad(f"{what}[{i}].id", Message("error.value.empty"))
        elif item.id in seen:
            r.bad(f"{what}[{i}].id", Message("error.file.id_twice", id=item.id))
        seen.add(item.id)


def _read_list(r: _Reader, data: dict[str, Any], key: str,
               read_one: Callable[[_Reader, dict[str, Any], str], Any], most: int,
               quick: Callable[[Any], Any] | None = None) -> list[Any]:
    """The entries of the list `data[key]`, each read by `read_one` (None where it has a problem); `quick` reads
    an entry as this program saves it at a fraction of the cost, and leaves any other to `read_one`."""
    items = r.get(data, key, "", list, default=[])
    if items is None:
        return []
    if len(items) > most:       # refused on its length, before any entry is read
        r.bad(key, Message("error.value.too_many", count=f"{len(items):,}", limit=f"{most:,}"))
        return []
    out: list[Any] = []
    for i, raw in enumerate(items):
        item = quick(raw) if quick is not None else None
        if item is not None:
            out.append(item)
            continue
        where = f"{key}[{i}]"
        if not isinstance(raw, dict):
            r.bad(where, Message("error.value.object_not", actual=_type_name(type(raw))))
            out.append(None)
            continue
        before = len(r.problems)
        item = read_one(r, raw, where)
        out.append(item if len(r.problems) == before else None)
    return out


def _check_totals(r: _Reader, nodes: list[Node | None]) -> None:
    """The design's declared ports and GPUs within what the program handles (designer/model/limits.py)."""
    ports = sum(n.port_count() for n in nodes if n is not None)
    if ports > limits.MAX_PORTS:
        r.bad("nodes", Message("error.file.too_many_ports_total", count=f"{ports:,}", limit=f"{limits.MAX_PORTS:,}"))
    gpus = sum(n.gpus for n in nodes if n is not None)
    if gpus > limits.MAX_GPUS:
        r.bad("nodes", Message("error.file.too_many_gpus", count=f"{gpus:,}", limit=f"{limits.MAX_GPUS:,}"))


def _read_assumptions(r: _Reader, raw: Any) -> Assumptions | None:
    if not isinstance(raw, dict):
        r.bad("assumptions", Message("error.value.object"))
        return None
    defaults = Assumptions()
    values = {}
    for f in fields(Assumptions):
        default = getattr(defaults, f.name)
        kind = type(default)
        choices = CURRENCIES if f.name == "currency" else None
        v = r.get(raw, f.name, "assumptions", kind, default=default, choices=choices,
                  allowed=limits.ASSUMPTIONS.get(f.name))
        values[f.name] = default if v is None else v
    for key in raw:
        if key not in values:
            r.bad(f"assumptions.{key}", Message("error.file.unknown_assumption"))
    return Assumptions(**values)


def _read_node(r: _Reader, raw: dict[str, Any], where: str) -> Node | None:
    node_id = r.get(raw, "id", where, str)
    kind = r.get(raw, "kind", where, str, choices=NODE_KINDS)
    model = r.get(raw, "model", where, str)
    label = r.get(raw, "label", where, str, default="")
    node_range = limits.NODE
    x = r.get(raw, "x", where, float, default=0.0, allowed=node_range["x"])
    y = r.get(raw, "y", where, float, default=0.0, allowed=node_range["y"])
    role = r.get(raw, "role", where, (str, type(None)), default=None,
                 choices=SWITCH_ROLES + (None,))
    gpus = r.get(raw, "gpus", where, int, default=0, allowed=node_range["gpus"])
    gpu_model = r.get(raw, "gpu_model", where, (str, type(None)), default=None)
    nvlink = r.get(raw, "nvlink_gbps", where, float, default=0.0, allowed=node_range["nvlink_gbps"])
    nic_model = r.get(raw, "nic_model", where, (str, type(None)), default=None)
    pod = r.get(raw, "pod", where, (int, type(None)), default=None, allowed=node_range["pod"])
    rail = r.get(raw, "rail", where, (int, type(None)), default=None, allowed=node_range["rail"])
    site = r.get(raw, "site", where, (str, type(None)), default=None)
    groups = _read_port_groups(r, r.get(raw, "ports", where, list, default=[]) or [], f"{where}.ports")
    if role is not None and kind not in ("switch",):
        r.bad(f"{where}.role", Message("error.file.role_not_switch", kind=kind))
    if kind == "switch" and role is None and "role" in raw:
        r.bad(f"{where}.role", Message("error.file.role_needed"))
    if None in (node_id, kind, model):
        return None
    if kind == "switch" and role is None:
        r.bad(f"{where}.role", Message("error.file.role_missing"))
        return None
    return Node(id=node_id, kind=kind, model=model, label=label or "", x=x or 0.0, y=y or 0.0,
                role=role, port_groups=groups, gpus=gpus or 0, gpu_model=gpu_model,
                nvlink_gbps=nvlink or 0.0, nic_model=nic_model, pod=pod, rail=rail, site=site)


def _read_port_groups(r: _Reader, raw_groups: list[Any], where: str) -> list[PortGroup]:
    """A node's port groups, held to MAX_PORT_GROUPS_PER_NODE groups and MAX_PORTS_PER_NODE ports on their declared
    counts, and checked for names used twice without listing a single port."""
    if len(raw_groups) > limits.MAX_PORT_GROUPS_PER_NODE:
        r.bad(where, Message("error.value.too_many", count=f"{len(raw_groups):,}",
                             limit=f"{limits.MAX_PORT_GROUPS_PER_NODE:,}"))
        return []
    groups: list[PortGroup] = []
    for gi, g in enumerate(raw_groups):
        gw = f"{where}[{gi}]"
        if not isinstance(g, dict):
            r.bad(gw, Message("error.value.object"))
            continue
        prefix = r.get(g, "prefix", gw, str)
        count = r.get(g, "count", gw, int, allowed=limits.PORT_GROUP["count"])
        speed = r.get(g, "speed_gbps", gw, float, allowed=limits.PORT_GROUP["speed_gbps"])
        medium = r.get(g, "medium", gw, str, choices=MEDIA)
        plane = r.get(g, "plane", gw, (str, type(None)), default=None, choices=PLANES + (None,))
        if None in (prefix, count, speed, medium):
            continue
        group = PortGroup(prefix, count, speed, medium, plane)
        for other in groups:
            clash = shared_port_name(other, group)
            if clash:
                r.bad(gw, Message("error.file.port_twice", port=clash))
                break
        groups.append(group)
    total = sum(g.count for g in groups)
    if total > limits.MAX_PORTS_PER_NODE:
        r.bad(where, Message("error.file.too_many_ports", count=f"{total:,}",
                             limit=f"{limits.MAX_PORTS_PER_NODE:,}"))
        return []
    return groups


def _read_endpoint(r: _Reader, raw: Any, where: str) -> Endpoint | None:
    if not isinstance(raw, dict):
        r.bad(where, Message("error.file.endpoint_object"))
        return None
    node = r.get(raw, "node", where, str)
    port = r.get(raw, "port", where, str)
    if node is None or port is None:
        return None
    return Endpoint(node, port)


def _read_link(r: _Reader, raw: dict[str, Any], where: str) -> Link | None:
    link_id = r.get(raw, "id", where, str)
    a = _read_endpoint(r, raw.get("a"), f"{where}.a")
    b = _read_endpoint(r, raw.get("b"), f"{where}.b")
    speed = r.get(raw, "speed_gbps", where, float, allowed=limits.LINK["speed_gbps"])
    cable = r.get(raw, "cable", where, str, default="dac", choices=CABLE_TYPES)
    length = r.get(raw, "length_m", where, float, default=2.0, allowed=limits.LINK["length_m"])
    plane = r.get(raw, "plane", where, str, default="backend", choices=PLANES)
    if a is None or b is None or None in (link_id, speed, cable, length, plane):
        return None
    return Link(link_id, a, b, speed, cable, length, plane)


def _read_settings(r: _Reader, raw: Any, where: str, cls: type) -> Any:
    defaults = cls()
    if raw is None:
        return defaults
    if not isinstance(raw, dict):
        r.bad(where, Message("error.value.object"))
        return defaults
    values = {}
    ranges = limits.IB_SETTINGS if cls is IBSettings else limits.ROCE_SETTINGS
    for f in fields(cls):
        default = getattr(defaults, f.name)
        kind = type(default)
        v = r.get(raw, f.name, where, kind, default=default, choices=_CHOICES.get(f.name), allowed=ranges.get(f.name))
        values[f.name] = default if v is None else v
    for key in raw:
        if key not in values:
            r.bad(f"{where}.{key}", Message("error.file.unknown_setting"))
    return cls(**values)


def _read_segment(r: _Reader, raw: dict[str, Any], where: str) -> Segment | None:
    seg_id = r.get(raw, "id", where, str)
    name = r.get(raw, "name", where, str, default="")
    protocol = r.get(raw, "protocol", where, str, choices=PROTOCOLS)
    # files written before presets existed hold their settings as the user left them: custom
    preset = r.get(raw, "preset", where, str, default="custom", choices=PRESETS)
    members = r.get(raw, "nodes", where, list, default=[])
    if members is not None and len(members) > limits.MAX_NODES:
        r.bad(f"{where}.nodes", Message("error.value.too_many", count=f"{len(members):,}",
                                        limit=f"{limits.MAX_NODES:,}"))
        members = []
    node_ids = []
    for i, nid in enumerate(members or []):
        if isinstance(nid, str):
            node_ids.append(nid)
        else:
            r.bad(f"{where}.nodes[{i}]", Message("error.file.node_id_text"))
    ib = _read_settings(r, raw.get("ib"), f"{where}.ib", IBSettings)
    roce = _read_settings(r, raw.get("rocev2"), f"{where}.rocev2", RoCESettings)
    if None in (seg_id, protocol):
        return None
    return Segment(seg_id, name or seg_id, protocol, node_ids, ib, roce, preset or "custom")
