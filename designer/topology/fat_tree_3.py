"""3-tier fat-tree: radix-filled leaves grouped into pods, each pod with its aggregation tier, cores above.

A pod holds at most k/2 leaves of a k-port aggregation switch (half its ports face down, half up);
pods hold equal shares of the leaves, at least two pods when there are two leaves or more.
"""

from __future__ import annotations

import math

from designer.topology.clos import LeafGroup
from designer.topology.fat_tree import split_in_order
from designer.topology.sizing import balanced


def leaf_groups(ports: list[tuple[str, str]], servers: int, lanes_per_leaf: int,
                leaves_per_pod: int) -> list[LeafGroup]:
    """Radix-filled leaves over the NIC `ports` of `servers` servers (fat_tree.nic_ports), each tagged with its pod
    (0-based)."""
    n_leaves = max(min(2, servers), math.ceil(len(ports) / lanes_per_leaf))
    pods = max(min(2, n_leaves), math.ceil(n_leaves / max(1, leaves_per_pod)))
    groups = split_in_order(ports, n_leaves)
    i = 0
    for pod, n in enumerate(balanced(n_leaves, pods)):
        for g in groups[i:i + n]:
            g.pod = pod
        i += n
    return groups
