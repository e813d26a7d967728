"""The common case of reading a project file, quickly: a node or a link written as this program writes it.

`fileformat` reads every field of untrusted data through one checked accessor that names the place of each
problem; on a 56k-cable fabric that is most of the time of an open (eleven checked reads per cable). Nearly every
entry of a real file is one this program wrote: every field of its exact type and within its range. The readers
here accept exactly such an entry, with the same checks written inline, and build it; for anything else (a
missing field, a whole number where a float is saved, a value out of range, a text where an object belongs) they
return None and the careful reader reads the entry again and reports what is wrong with its place. They only
ever accept what the careful reader accepts, and build the same object from it
(tests/test_fileformat_quick.py holds them to that).
"""

from __future__ import annotations

from typing import Any, TypeGuard, cast

from designer.model import limits
from designer.model.links import CABLE_TYPES, Endpoint, Link
from designer.model.nodes import MEDIA, NODE_KINDS, PLANES, SWITCH_ROLES, Node, PortGroup, shared_port_name

_SPEED = limits.LINK["speed_gbps"]
_LENGTH = limits.LINK["length_m"]
_NODE = limits.NODE
_COUNT = limits.PORT_GROUP["count"]
_PORT_SPEED = limits.PORT_GROUP["speed_gbps"]
_ROLES = (*SWITCH_ROLES, None)
_GROUP_PLANES = (*PLANES, None)


def _within(value: Any, allowed: limits.Range) -> bool:
    """`value` a float within `allowed` (NaN is not; a whole number is left to the careful reader)."""
    return type(value) is float and allowed.minimum <= value <= allowed.maximum


def _whole_within(value: Any, allowed: limits.Range) -> bool:
    return type(value) is int and allowed.minimum <= value <= allowed.maximum


def _name(value: Any) -> TypeGuard[str]:
    """Text as short as a name may be (a longer one is the careful reader's to refuse)."""
    return type(value) is str and len(value) <= limits.MAX_NAME_CHARS


def _text_or_none(value: Any) -> bool:
    return value is None or _name(value)


def quick_link(raw: Any) -> Link | None:
    """The link `raw` holds when every field is as saved; None to leave it to the careful reader."""
    if type(raw) is not dict:
        return None
    link_id, a, b, speed = raw.get("id"), raw.get("a"), raw.get("b"), raw.get("speed_gbps")
    cable, length, plane = raw.get("cable", "dac"), raw.get("length_m", 2.0), raw.get("plane", "backend")
    if (not _name(link_id) or type(a) is not dict or type(b) is not dict
            or type(speed) is not float or not _SPEED.minimum <= speed <= _SPEED.maximum      # (NaN is not)
            or type(length) is not float or not _LENGTH.minimum <= length <= _LENGTH.maximum
            or type(cable) is not str or cable not in CABLE_TYPES or type(plane) is not str or plane not in PLANES):
        return None
    a_node, a_port, b_node, b_port = a.get("node"), a.get("port"), b.get("node"), b.get("port")
    if not (_name(a_node) and _name(a_port) and _name(b_node) and _name(b_port)):
        return None
    return Link(link_id, Endpoint(a_node, a_port), Endpoint(b_node, b_port), speed, cable, length, plane)


def quick_node(raw: Any) -> Node | None:
    """The node `raw` holds when every field is as saved; None to leave it to the careful reader."""
    if type(raw) is not dict:
        return None
    node_id, kind, model, label = raw.get("id"), raw.get("kind"), raw.get("model"), raw.get("label", "")
    x, y, role = raw.get("x", 0.0), raw.get("y", 0.0), raw.get("role")
    if (not _name(node_id) or type(kind) is not str or kind not in NODE_KINDS or not _name(model)
            or not _name(label) or not _within(x, _NODE["x"]) or not _within(y, _NODE["y"])
            or not _text_or_none(role) or role not in _ROLES or (role is None) == (kind == "switch")):
        return None
    gpus, gpu_model, nic_model = raw.get("gpus", 0), raw.get("gpu_model"), raw.get("nic_model")
    nvlink, pod, rail, site = raw.get("nvlink_gbps", 0.0), raw.get("pod"), raw.get("rail"), raw.get("site")
    if (not _whole_within(gpus, _NODE["gpus"]) or not _text_or_none(gpu_model) or not _text_or_none(nic_model)
            or not (_within(nvlink, _NODE["nvlink_gbps"]) or (type(nvlink) is float and nvlink == 0.0))
            or not (pod is None or _whole_within(pod, _NODE["pod"]))
            or not (rail is None or _whole_within(rail, _NODE["rail"])) or not _text_or_none(site)):
        return None
    groups = _quick_port_groups(raw.get("ports", []))
    if groups is None:
        return None
    return Node(id=node_id, kind=kind, model=model, label=label or "", x=x or 0.0, y=y or 0.0,
                role=role, port_groups=groups, gpus=gpus or 0, gpu_model=gpu_model,
                nvlink_gbps=nvlink or 0.0, nic_model=nic_model, pod=pod, rail=rail, site=site)


def _quick_port_groups(raw_groups: Any) -> list[PortGroup] | None:
    """A node's port groups when every one is as saved, none clashes and their ports are within the limits."""
    if type(raw_groups) is not list or len(raw_groups) > limits.MAX_PORT_GROUPS_PER_NODE:
        return None
    groups: list[PortGroup] = []
    for g in raw_groups:
        if type(g) is not dict:
            return None
        prefix, count, speed = g.get("prefix"), g.get("count"), g.get("speed_gbps")
        medium, plane = g.get("medium"), g.get("plane")
        if (not _name(prefix) or not _whole_within(count, _COUNT) or not _within(speed, _PORT_SPEED)
                or type(medium) is not str or medium not in MEDIA or not _text_or_none(plane)
                or plane not in _GROUP_PLANES):
            return None
        group = PortGroup(prefix, cast(int, count), cast(float, speed), medium, plane)
        if any(shared_port_name(other, group) for other in groups):
            return None
        groups.append(group)
    if sum(g.count for g in groups) > limits.MAX_PORTS_PER_NODE:
        return None
    return groups
