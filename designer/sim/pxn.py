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
    moved &= fab.gpu_be_tx[np.maximum(relay, 0)] >= 0          # a GPU without a back-end NIC relays nothing
    return (np.concatenate([np.where(moved, relay, src), src[moved]]),
            np.concatenate([dst, relay[moved]]))


def _gpu_at(fab: CompiledFabric, server: np.ndarray, local: np.ndarray) -> np.ndarray:
    """The GPU of each (server, local index), -1 where the server has no GPU of that index."""
    table = np.full((int(fab.gpu_server.max()) + 1, int(fab.gpu_local.max()) + 1), -1, np.int64)
    table[fab.gpu_server, fab.gpu_local] = np.arange(len(fab.gpu_server))
    out: np.ndarray = table[server, local]
    return out


def ring_flows(fab: CompiledFabric, rings: np.ndarray) -> tuple[np.ndarray, np.ndarray, int]:
    """The flows of rings (rows of `rings`: ranks in ring order, the last sending to the first) as NCCL runs them
    across servers: a ring leaves each server by the NIC it came in by (its channel's NIC n: NET n -> GPU a -> ..
    -> GPU x -> NET n, src/graph/search.cc; references.md [nccl-ring-search]), so the hop from a server's last GPU x
    to the next server becomes an NVLink leg from x to the server's first GPU a and a network flow from a's NIC.
    Returns (sources, destinations, legs): each ring's hops inside servers, then its hops between servers, then the
    legs (the pattern's last `legs` flows)."""
    rings = np.atleast_2d(np.asarray(rings, np.int64))
    nxt = np.roll(rings, -1, axis=1)
    server = fab.gpu_server[rings]
    leaves = server != fab.gpu_server[nxt]                    # the hop goes to another server
    entry = _entries(rings, np.roll(leaves, 1, axis=1))
    leaves_by_entry = leaves & (fab.gpu_be_tx[entry] >= 0)    # where that GPU has a back-end NIC to leave by
    src = np.where(leaves_by_entry, entry, rings)
    moved = leaves_by_entry & (entry != rings)
    # each ring's hops inside servers first, then those between servers, each in ring order (the order queue pairs
    # are numbered and hashed in)
    order = np.argsort(leaves, axis=1, kind="stable")
    hops_src, hops_dst = (np.take_along_axis(x, order, axis=1).reshape(-1) for x in (src, nxt))
    return np.concatenate([hops_src, rings[moved]]), np.concatenate([hops_dst, entry[moved]]), int(moved.sum())


def _entries(rings: np.ndarray, starts: np.ndarray) -> np.ndarray:
    """Per position of each ring, the rank where the ring entered that position's server (the latest position at or
    before it that starts a server's run, counting round the ring); the position itself where the ring never
    leaves its server."""
    n = rings.shape[1]
    idx = np.where(starts, np.arange(n), -1)
    last = np.maximum.accumulate(idx, axis=1)
    crosses: np.ndarray = np.asarray(starts.any(axis=1))
    wrap = np.where(crosses, idx.max(axis=1), 0)[:, None]    # the run that wraps round the ring's end
    at = np.where(last >= 0, last, wrap)
    entry = np.take_along_axis(rings, at, axis=1)
    out: np.ndarray = np.where(crosses[:, None], entry, rings)
    return out
