"""Leaf-spine (2 tiers), rack-style: each server whole under one leaf, servers balanced over the leaves.

A server with more back-end NICs than a leaf has ports for servers (a 72-GPU NVL72 rack under 32-port-down
leaves) is cut into equal blocks of consecutive NICs, as many as both counts allow (their greatest common
divisor), and the blocks are balanced over the leaves in order: a rack spans a few leaves, each leaf full.
"""

from __future__ import annotations

import math

from designer.topology.clos import LeafGroup
from designer.topology.sizing import balanced


def leaf_groups(servers: list[str], nics: int, lanes_per_leaf: int) -> list[LeafGroup]:
    """Servers per leaf = the whole servers that fit its down ports; at least two leaves (a spine layer
    above a single leaf would carry nothing), the servers spread evenly."""
    block = nics if nics <= lanes_per_leaf else math.gcd(nics, lanes_per_leaf)
    blocks = [[(s, f"be{i + 1}") for i in range(start, start + block)]
              for s in servers for start in range(0, nics, block)]
    per_leaf = lanes_per_leaf // block
    count = max(min(2, len(blocks)), math.ceil(len(blocks) / per_leaf))
    groups, start = [], 0
    for n in balanced(len(blocks), count):
        groups.append(LeafGroup([port for b in blocks[start:start + n] for port in b]))
        start += n
    return groups
