"""Rail-optimized (2 tiers): NIC i of every server of a group goes to rail-leaf i of that group.

A group (a scalable unit) is as many servers as a leaf has down ports, so a group has one leaf per
NIC index (8 rails for 8-GPU servers): 32 servers = 256 GPUs per group with 64-port switches, the
NVIDIA SuperPOD scalable unit. Same-rail traffic (the bulk of NCCL's rings) stays one hop.

A rack-scale NVLink domain has more NICs than the 8 rails of an HGX server (72 in an NVL72 rack): one leaf per
rail would leave most leaf ports empty, so a leaf then takes as many whole rails as its ports hold (rails i, i+1, ...
of the group; a rail dividing the NIC count). Inside the NVLink domain every GPU reaches every NIC at NVLink
speed, so which NICs share a leaf costs nothing.
"""

from __future__ import annotations

import math

from designer.topology.clos import LeafGroup
from designer.topology.sizing import balanced

HGX_RAILS = 8        # one rail per GPU of an 8-GPU server (docs/references.md [dgx-superpod-h100-ra])


def leaf_groups(servers: list[str], nics: int, lanes_per_leaf: int) -> list[LeafGroup]:
    """Rail leaves group by group; `group` and `rail` are 1-based (`rail` the first rail of a leaf)."""
    n_groups = math.ceil(len(servers) / lanes_per_leaf) if servers else 0
    groups, start = [], 0
    for g, n in enumerate(balanced(len(servers), n_groups)):
        members = servers[start:start + n]
        start += n
        rails = _rails_per_leaf(nics, lanes_per_leaf, n)
        for rail in range(0, nics, rails):
            ports = [(s, f"be{r + 1}") for r in range(rail, rail + rails) for s in members]
            groups.append(LeafGroup(ports, rail=rail + 1, group=g + 1))
    return groups


def _rails_per_leaf(nics: int, lanes_per_leaf: int, members: int) -> int:
    """1 for a server of up to 8 rails; else the most rails of `members` ports a leaf holds, dividing `nics`."""
    if nics <= HGX_RAILS or members < 1:
        return 1
    most = max(1, lanes_per_leaf // members)
    return max(r for r in range(1, most + 1) if nics % r == 0)
