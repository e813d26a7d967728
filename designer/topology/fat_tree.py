"""2-tier fat-tree sized from the switch radix: NIC ports fill the leaves in order.

Unlike leaf-spine a server may straddle two leaves when its NICs do not divide a leaf's down ports
(a 42-port-down leaf at 2:1 takes 5.25 eight-NIC servers); the leaves are filled as evenly as the
endpoint count allows, at least two of them.
"""

from __future__ import annotations

import math

from designer.topology.clos import LeafGroup
from designer.topology.sizing import balanced


def nic_ports(servers: list[str], nics: int) -> list[tuple[str, str]]:
    """Every back-end NIC port, server by server."""
    return [(s, f"be{i + 1}") for s in servers for i in range(nics)]


def leaf_groups(ports: list[tuple[str, str]], servers: int, lanes_per_leaf: int) -> list[LeafGroup]:
    """The fewest leaves of `lanes_per_leaf` that hold the NIC `ports` of `servers` servers (`nic_ports`), at least
    two, the ports dealt to them in order."""
    count = max(min(2, servers), math.ceil(len(ports) / lanes_per_leaf))
    return split_in_order(ports, count)


def split_in_order(ports: list[tuple[str, str]], count: int) -> list[LeafGroup]:
    """`ports` cut into `count` consecutive runs of near-equal length."""
    groups, start = [], 0
    for n in balanced(len(ports), count):
        groups.append(LeafGroup(ports[start:start + n]))
        start += n
    return groups
