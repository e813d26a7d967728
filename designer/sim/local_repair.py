"""Which failures the switches beside them route around alone, without the routing protocol.

An Ethernet switch removes a next hop from its ECMP group in hardware once the port to it goes down (loss of signal):
Tomahawk-class chips fail over in under a microsecond (docs/references.md [broadcom-switching]), so the port's
link-down detection and the switch's own handling dominate. That repairs a failure wherever every switch that sends
into it has another equal-cost next hop, which in a Clos is every port going up a tier: any spine of a leaf, any
core of a spine, reaches every destination. A port going down a tier leads to one switch's servers, so a spine that
loses its link to a leaf can only drop that traffic until the routing protocol has told the other leaves to stop
sending it there (BGP withdrawal, BFD where the link stays up: RoCESettings.reconvergence_ms).

So a spine or core switch failure, or a leaf's uplink seen from the leaf, is repaired locally; a link between two
tiers (the upper switch's side goes down a tier) or a leaf (its servers are cut off anyway) needs the protocol.
InfiniBand's counterpart is SHIELD self-healing (IBSettings.self_healing_us), which the engine applies to every
InfiniBand failure.
"""

from __future__ import annotations

import numpy as np
import scipy.sparse as sp
from scipy.sparse.csgraph import shortest_path

from designer.sim.compile import KIND_SERVER, CompiledFabric

# Seconds from a failure the switches beside it route around until they do: hardware next-hop removal is under a
# microsecond [broadcom-switching]; the port's link-down detection and the switch software's update of the group
# are taken as 1 ms [E], the allowance InfiniBand's SHIELD local reroute gets (IBSettings.self_healing_us).
ETHERNET_LOCAL_REPAIR_S = 1e-3


def heights(fab: CompiledFabric) -> np.ndarray:
    """Per node, the fewest cabled hops to a server (servers 0, leaves 1, spines 2, cores 3); -1 where none."""
    cabled = fab.port_link >= 0
    n = len(fab.node_kind)
    graph = sp.csr_matrix((np.ones(int(cabled.sum())), (fab.port_src[cabled], fab.port_dst[cabled])), shape=(n, n))
    servers = np.flatnonzero(fab.node_kind == KIND_SERVER)
    if len(servers) == 0:
        return np.full(n, -1)
    dist = shortest_path(graph, unweighted=True, indices=servers, directed=True).min(axis=0)
    return np.where(np.isfinite(dist), dist, -1).astype(np.int64)


def repaired_locally(fab: CompiledFabric, height: np.ndarray, ports: np.ndarray, dead: np.ndarray,
                     failed_node: int | None) -> bool:
    """Whether the switches that send into the failed `ports` (directed) each keep another way to the same
    destinations: a parallel cable to the same neighbour, or, for a port going up a tier, another live port going
    up. Ports of the failed switch itself carry nothing once its neighbours have stopped sending to it."""
    down = dead.copy()
    down[ports] = True
    for p in map(int, ports):
        owner, to = int(fab.port_src[p]), int(fab.port_dst[p])
        if owner == failed_node:
            continue
        if fab.node_kind[owner] == KIND_SERVER:
            return False                          # a NIC's port: its GPU has no other way out
        mine = np.flatnonzero((fab.port_src == owner) & (fab.port_link >= 0) & ~down)
        parallel = (fab.port_dst[mine] == to).any()
        up = height[to] > height[owner] >= 0
        if not parallel and not (up and (height[fab.port_dst[mine]] > height[owner]).any()):
            return False
    return True
