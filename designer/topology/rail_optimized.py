"""Rail-optimized (2 tiers): NIC i of every server of a group goes to rail-leaf i of that group.

A group (a scalable unit) is as many servers as a leaf has down ports, so a group has one leaf per
NIC index (8 rails for 8-GPU servers): 32 servers = 256 GPUs per group with 64-port switches, the
NVIDIA SuperPOD scalable unit. Same-rail traffic (the bulk of NCCL's rings) stays one hop.
"""

from __future__ import annotations

import math

from designer.topology.clos import LeafGroup
from designer.topology.sizing import balanced


def leaf_groups(servers: list[str], nics: int, lanes_per_leaf: int) -> list[LeafGroup]:
    """Rail leaves group by group; `group` and `rail` are 1-based."""
    n_groups = math.ceil(len(servers) / lanes_per_leaf) if servers else 0
    groups, start = [], 0
    for g, n in enumerate(balanced(len(servers), n_groups)):
        members = servers[start:start + n]
        start += n
        for rail in range(nics):
            groups.append(LeafGroup([(s, f"be{rail + 1}") for s in members], rail=rail + 1, group=g + 1))
    return groups
