"""Leaf-spine (2 tiers), rack-style: each server whole under one leaf, servers balanced over the leaves."""

from __future__ import annotations

import math

from designer.i18n.message import Message
from designer.model.errors import ProjectError
from designer.topology.clos import LeafGroup
from designer.topology.sizing import balanced


def leaf_groups(servers: list[str], nics: int, lanes_per_leaf: int) -> list[LeafGroup]:
    """Servers per leaf = the whole servers that fit its down ports; at least two leaves (a spine layer
    above a single leaf would carry nothing), the servers spread evenly."""
    per_leaf = lanes_per_leaf // nics
    if per_leaf < 1:
        raise ProjectError(Message("error.generate.leaf_too_small", ports=lanes_per_leaf, nics=nics))
    count = max(min(2, len(servers)), math.ceil(len(servers) / per_leaf))
    groups, start = [], 0
    for n in balanced(len(servers), count):
        members = servers[start:start + n]
        start += n
        groups.append(LeafGroup([(s, f"be{i + 1}") for s in members for i in range(nics)]))
    return groups
