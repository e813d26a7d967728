"""Which failures the switches beside them route around alone, without the routing protocol.

An Ethernet switch removes a next hop from its ECMP group in hardware once the port to it goes down (loss of signal):
Tomahawk-class chips fail over in under a microsecond (docs/references.md [broadcom-switching]), so the port's
link-down detection and the switch's own handling dominate. That repairs a failure wherever every switch that sends
into it has another equal-cost next hop: in a Clos every port going up a tier (any spine of a leaf, any core of a
spine, reaches every destination), another cable of a bundle, or a port going down to another switch with the same
servers below it (a gateway above a pod's spines). A port going down to a leaf leads to that leaf's servers only, so a
spine that loses its link to a leaf can only drop that traffic until the routing protocol has told the other leaves
to stop sending it there (BGP withdrawal, BFD where the link stays up: RoCESettings.reconvergence_ms).

So a spine or core switch failure, or a leaf's uplink seen from the leaf, is repaired locally (in the segment's
RoCESettings.local_repair_ms); a link between two
tiers (the upper switch's side goes down a tier) or a leaf (its servers are cut off anyway) needs the protocol.
InfiniBand's counterpart is SHIELD self-healing (IBSettings.self_healing_us), which the engine applies to every
InfiniBand failure.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

import numpy as np
import scipy.sparse as sp
from scipy.sparse.csgraph import breadth_first_order, shortest_path

from designer.sim.compile import KIND_SERVER, CompiledFabric


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
    destinations: a parallel cable to the same neighbour; for a port going up a tier, another live port going up
    (in a Clos every switch of the tier above reaches every server); for a port going down, another neighbour of
    the same tier with every server below it that the lost one had. Ports of the failed switch itself carry
    nothing once its neighbours have stopped sending to it."""
    down = dead.copy()
    down[ports] = True
    live = (fab.port_link >= 0) & ~down
    below = _servers_below(fab, height, live)
    for p in map(int, ports):
        owner, to = int(fab.port_src[p]), int(fab.port_dst[p])
        if owner == failed_node:
            continue
        if fab.node_kind[owner] == KIND_SERVER:
            return False                          # a NIC's port: its GPU has no other way out
        others = fab.port_dst[live & (fab.port_src == owner)]
        if (others == to).any():
            continue                              # another cable of the bundle
        if height[to] > height[owner] >= 0:
            if not (height[others] > height[owner]).any():
                return False
        elif not any(height[o] == height[to] and below(to) <= below(o) for o in map(int, np.unique(others))):
            return False
    return True


def _servers_below(fab: CompiledFabric, height: np.ndarray, live: np.ndarray) -> Callable[[int], frozenset[int]]:
    """node -> the servers it reaches going down a tier at each hop over live cables (what its ECMP groups carry
    traffic down to), each found once."""
    descending = live & (height[fab.port_dst] < height[fab.port_src]) & (height[fab.port_dst] >= 0)
    n = len(height)
    graph = sp.csr_matrix((np.ones(int(descending.sum())), (fab.port_src[descending], fab.port_dst[descending])),
                          shape=(n, n))
    servers = fab.node_kind == KIND_SERVER

    @cache
    def below(node: int) -> frozenset[int]:
        reached = breadth_first_order(graph, node, directed=True, return_predecessors=False)
        return frozenset(int(x) for x in reached[servers[reached]])

    return below
