"""Forwarding through the server: how a rail-only back-end carries traffic between rails.

In a rail-only back-end (designer/topology/rail_only.py) NIC k of a server reaches only NIC k of the others. A GPU
sending to another server's GPU on a different rail first writes over NVLink to the GPU of its own server on the
destination's rail, whose NIC sends it on (docs/references.md [rail-only]; NCCL's PXN does the same hop). The
route is then: sender's NVLink transmit port, relay's NVLink receive port, relay's NIC, the rail, the receiver's NIC,
so the forwarded bytes load the NVLink ports at their real rate. When even the relay's NIC cannot reach the
receiver, the pair stays unreachable (and the router falls back to the front-end as before).
"""

from __future__ import annotations

import numpy as np
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import connected_components

from designer.sim.compile import KIND_GATEWAY, KIND_SWITCH, PLANE_BACKEND, CompiledFabric

RELAY_LEVELS = (-2, -1)     # hop levels of the sender's NVLink transmit and the relay's NVLink receive port
NO_RELAY = -1


def same_rail_peer(fab: CompiledFabric, src: np.ndarray, dst: np.ndarray) -> np.ndarray:
    """For each flow, the GPU of the sender's server with the receiver's local index (its rail), else -1.

    GPU ranks are server-major (compile.py), so that GPU is rank src - local(src) + local(dst) when the server
    has that many GPUs."""
    cand = src - fab.gpu_local[src] + fab.gpu_local[dst]
    inside = (cand >= 0) & (cand < fab.n_gpus)
    safe = np.where(inside, cand, 0)
    ok = inside & (fab.gpu_server[safe] == fab.gpu_server[src]) & (cand != src) & (fab.gpu_be_tx[safe] >= 0)
    return np.where(ok, cand, NO_RELAY)


def rails_isolated(fab: CompiledFabric) -> bool:
    """True when a server's back-end NICs sit on back-end networks that do not meet (a rail-only back-end): the
    NICs of its first two GPUs with NICs land in different connected parts of the back-end's switches."""
    transit = (fab.node_kind == KIND_SWITCH) | (fab.node_kind == KIND_GATEWAY)
    use = (fab.port_plane == PLANE_BACKEND) & transit[fab.port_src] & transit[fab.port_dst]
    n = len(fab.node_ids)
    graph = csr_matrix((np.ones(int(use.sum())), (fab.port_src[use], fab.port_dst[use])), shape=(n, n))
    _, part = connected_components(graph, directed=False)
    for server in np.unique(fab.gpu_server):
        tx = fab.gpu_be_tx[fab.gpu_server == server]
        leaves = np.unique(fab.port_dst[tx[tx >= 0]])
        if len(leaves) >= 2:
            return bool(len(np.unique(part[leaves])) > 1)
    return False
