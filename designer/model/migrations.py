"""Upgrade project files written in older formats to the current one, one version step at a time.

Each migration takes the parsed JSON of one format version and returns the JSON of the next, so
that a file from any older version reaches the current format by running the chain. Migrations
work on untrusted data: a shape they do not expect raises ProjectError (with its place), never a
KeyError or TypeError; the validating reader then checks the result like any current file.

Format history
--------------
``fabric-designer/0`` (pre-release, 2024 previews). Differences from ``fabric-designer/1``:

- a node's ports were one flat group: ``port_prefix`` (default ``"p"``), ``port_count``,
  ``port_gbps`` and ``port_medium`` (default ``"ethernet"``) instead of the ``ports`` list of
  groups; ``type`` instead of ``kind``;
- a link named its ends as ``"node:port"`` text in ``from`` / ``to`` instead of the ``a`` / ``b``
  objects, and its speed as ``gbps`` instead of ``speed_gbps``;
- a segment named its protocol ``transport`` with the values ``"infiniband"`` / ``"roce"``
  instead of ``protocol`` with ``"ib"`` / ``"rocev2"``, and its members ``members`` instead of ``nodes``.

``fabric-designer/1``: the current format (see fileformat.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from designer.i18n.message import Message
from designer.model.errors import ProjectError

CURRENT = "fabric-designer/1"
PREFIX = "fabric-designer/"

_TRANSPORTS = {"infiniband": "ib", "roce": "rocev2"}


def version_number(fmt: Any) -> int | None:
    """The integer N of "fabric-designer/N", or None when `fmt` is not such a text."""
    if not isinstance(fmt, str) or not fmt.startswith(PREFIX):
        return None
    tail = fmt[len(PREFIX):]
    if not (tail.isascii() and tail.isdigit() and len(tail) < 6) or str(int(tail)) != tail:
        return None
    return int(tail)


def _object(value: Any, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ProjectError(Message("error.at", place=where, text=Message("error.value.object")))
    return value


def _list(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise ProjectError(Message("error.at", place=where, text=Message("error.value.list")))
    return value


def _endpoint(text: Any, where: str) -> dict[str, str]:
    """'leaf-1:p3' -> {"node": "leaf-1", "port": "p3"}; the port is after the last colon."""
    if not isinstance(text, str) or ":" not in text:
        raise ProjectError(Message("error.at", place=where, text=Message("error.migrate.endpoint")))
    node, _, port = text.rpartition(":")
    return {"node": node, "port": port}


def _copied(data: dict[str, Any]) -> dict[str, Any]:
    """A copy of the file's top level and of each node, link and segment object: what a migration changes.

    Not a deep copy: the file is untrusted, and copying a value nested hundreds of levels deep would end in a
    RecursionError; whatever is nested deeper is left as it is, for the reader to refuse with its place."""
    out = dict(data)
    for key in ("nodes", "links", "segments"):
        if isinstance(out.get(key), list):
            out[key] = [dict(item) if isinstance(item, dict) else item for item in out[key]]
    return out


def migrate_0_to_1(data: dict[str, Any]) -> dict[str, Any]:  # noqa: C901
    """fabric-designer/0 -> fabric-designer/1: port groups, link end objects, segment protocol names."""
    out = _copied(data)
    out["format"] = "fabric-designer/1"
    for i, node in enumerate(_list(out.get("nodes", []), "nodes")):
        where = f"nodes[{i}]"
        _object(node, where)
        if "type" in node and "kind" not in node:
            node["kind"] = node.pop("type")
        if "ports" not in node and "port_count" in node:
            node["ports"] = [{"prefix": node.pop("port_prefix", "p"), "count": node.pop("port_count"),
                              "speed_gbps": node.pop("port_gbps", None),
                              "medium": node.pop("port_medium", "ethernet")}]
    for i, link in enumerate(_list(out.get("links", []), "links")):
        where = f"links[{i}]"
        _object(link, where)
        if "from" in link:
            link["a"] = _endpoint(link.pop("from"), f"{where}.from")
        if "to" in link:
            link["b"] = _endpoint(link.pop("to"), f"{where}.to")
        if "gbps" in link and "speed_gbps" not in link:
            link["speed_gbps"] = link.pop("gbps")
    for i, seg in enumerate(_list(out.get("segments", []), "segments")):
        where = f"segments[{i}]"
        _object(seg, where)
        if "transport" in seg and "protocol" not in seg:
            transport = seg.pop("transport")
            if transport not in _TRANSPORTS:
                raise ProjectError(Message("error.at", place=f"{where}.transport",
                                           text=Message("error.migrate.transport", value=repr(transport))))
            seg["protocol"] = _TRANSPORTS[transport]
        if "members" in seg and "nodes" not in seg:
            seg["nodes"] = seg.pop("members")
    return out


# format version N -> the function that turns a version-N file into a version-(N+1) file
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {0: migrate_0_to_1}
CURRENT_VERSION = version_number(CURRENT)


def upgrade(data: dict[str, Any]) -> dict[str, Any]:
    """Bring parsed project JSON of any supported older version up to the current format.

    A current file is returned unchanged; a newer or unknown version raises ProjectError that says which.
    """
    fmt = data.get("format")
    version = version_number(fmt)
    if version is None:
        if isinstance(fmt, str) and fmt.startswith(PREFIX):
            raise ProjectError(Message("error.migrate.unknown_format", format=fmt[:40]))
        raise ProjectError(Message("error.migrate.no_format", current=CURRENT))
    assert CURRENT_VERSION is not None
    if version > CURRENT_VERSION:
        raise ProjectError(Message("error.migrate.newer", format=fmt, current=CURRENT))
    while version < CURRENT_VERSION:
        step = MIGRATIONS.get(version)
        if step is None:
            raise ProjectError(Message("error.migrate.too_old", format=f"{PREFIX}{version}"))
        data = step(data)
        version += 1
    return data
