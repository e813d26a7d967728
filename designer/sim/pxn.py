"""PXN: a point-to-point transfer between servers leaves by the NIC of the sender's GPU that has the receiver's
local index, so that it crosses the fabric on the receiver's rail.

NCCL picks the network device of a send (`ncclTopoGetNetDev`, src/graph/search.cc, NVIDIA/nccl): it starts from
the sender's own NIC, then looks for "the remote rank preferred device", the NIC of the local GPU whose device
number is the receiver's, and with `NCCL_P2P_PXN_LEVEL` 2 (the default: "use PXN as much as possible to maximize
aggregation") sends through that GPU, which takes the bytes over NVLink and posts them on its NIC
(docs/references.md [nccl-pxn]). So on a server of one NIC per GPU a transfer to another server's GPU l first
crosses NVLink to local GPU l, then the network from rail l to rail l. The AllToAll of a whole server group does
this by construction (alltoall.py); `pxn_flows` does it for any set of transfers (the expert-parallel AllToAll).
"""

from __future__ import annotations

import numpy as np

from designer.sim.compile import CompiledFabric


def pxn_flows(fab: CompiledFabric, src: np.ndarray, dst: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The flows (sources, destinations) that carry the transfers src -> dst (GPU ranks): a transfer between servers
    whose GPUs differ in local index becomes an NVLink leg to the sender's GPU of the receiver's index and a network
    flow from there; the others stay as they are. The network flows come first, in the transfers' order, then the
    legs."""
    src, dst = np.asarray(src, np.int64), np.asarray(dst, np.int64)
    relay = _gpu_at(fab, fab.gpu_server[src], fab.gpu_local[dst])
    moved = (fab.gpu_server[src] != fab.gpu_server[dst]) & (relay >= 0) & (relay != src)
    return (np.concatenate([np.where(moved, relay, src), src[moved]]),
            np.concatenate([dst, relay[moved]]))


def _gpu_at(fab: CompiledFabric, server: np.ndarray, local: np.ndarray) -> np.ndarray:
    """The GPU of each (server, local index), -1 where the server has no GPU of that index."""
    table = np.full((int(fab.gpu_server.max()) + 1, int(fab.gpu_local.max()) + 1), -1, np.int64)
    table[fab.gpu_server, fab.gpu_local] = np.arange(len(fab.gpu_server))
    out: np.ndarray = table[server, local]
    return out
