"""NCCL's schedule of point-to-point operations, the sends and receives an AllToAll is made of: in which order a rank
meets its peers, on which channel and in which batch (NVIDIA/nccl sources; docs/references.md [nccl-p2p]).

- Peers in rounds (`ncclP2pSchedule`, src/init.cc): the ranks form groups of NCCL_P2P_SCHEDULE_GROUP_SIZE = 8 local
  ranks (the gcd with the ranks of a node where they are fewer or not a multiple). In round r = k·gs + δ a rank of
  group G, local l, sends to group G + D_k, local l + δ, and receives from group G − D_k, local l − δ, where D_k is
  the k-th group delta of the quadratic order (x² + x)/2 mod pow2Up(groups), those not below the group count left
  out: every rank meets its peers in the same order, so a round pairs each send with the matching receive.
- Channels (`ncclTopoComputeP2pChannels`, src/graph/paths.cc): p2pnChannels = pow2Up(min(nChannels, MAXCHANNELS =
  64)), nChannels the communicator's: the rings NCCL's search finds (one per NIC), doubled by `ncclTopoDupChannels`
  (src/graph/search.cc) only where a channel runs at 50 GB/s or more or there are at most four of them (on GPUs
  newer than compute capability 8.0; across nodes the search gives a channel of a 400G NIC 48 GB/s, its inter-node
  speeds `sm90SpeedArrayInter` / `sm100SpeedArrayInter`, and of an 800G NIC on Blackwell 96), copied by
  `ncclTopoPostset` (src/graph/connect.cc: every channel twice) as the engine's rings run (collectives.py), and
  doubled once more below 16 on Hopper across nodes (src/graph/connect.cc). Eight 400G NICs: 8 -> 16.
- Channels per peer (`ncclTopoGetNchannels`, `ncclTopoComputeP2pChannels`, src/graph/paths.cc): for a peer over the
  network max(local NICs, ceil(NIC GB/s / NCCL_P2P_PER_CHANNEL_NET_BW = 14 GB/s)), rounded up to a power of two and
  halved across nodes while it times ceil(ranks / 8) exceeds p2pnChannels: 1 from 128 ranks on 16 channels. An
  operation of B bytes takes 1 to that many parts (`addP2pToPlan`, src/enqueue.cc; parts of 64-128 KiB, the
  network chunk NCCL_P2P_NET_CHUNKSIZE = 128 KiB).
- Channel of a round (`ncclP2pChannelBaseForRound`, src/include/channel.h): base = reverseBits(k, log2
  p2pnChannels), part p on channel (base + p) mod p2pnChannels (`ncclP2pChannelForPart`, src/include/device.h).
- Batches (`ncclAddWorkBatchToPlan`, `scheduleP2pTasksToPlan`, src/enqueue.cc): rounds are placed in order; a
  channel gathers the operations of one group delta (at most NCCL_MAX_DEV_WORK_P2P_PER_BATCH = 8, one group of 8
  rounds) into a batch, and its thread block runs its batches one after another. At most p2pnChannels / parts x 8
  operations of a rank are in flight (`maxConcurrent`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

OPS_PER_BATCH = 8                 # NCCL_MAX_DEV_WORK_P2P_PER_BATCH (src/include/device.h)
GROUP_SIZE = OPS_PER_BATCH        # NCCL_P2P_SCHEDULE_GROUP_SIZE's default (src/init.cc)
MAX_CHANNELS = 64                 # MAXCHANNELS (src/include/device.h)
PER_CHANNEL_NET_GBPS = 14 * 8     # NCCL_P2P_PER_CHANNEL_NET_BW = 14 GB/s (src/graph/paths.cc)
NET_CHUNK_BYTES = 1 << 17         # NCCL_P2P_NET_CHUNKSIZE = 128 KiB across nodes (src/init.cc)
HOPPER_MIN_CHANNELS = 16          # below it Hopper doubles the channels across nodes (src/graph/connect.cc)
# the inter-node speeds (GB/s) NCCL's search gives a channel on Blackwell (sm100SpeedArrayInter, src/graph/search.cc;
# Hopper's stop at 48, the same for NICs up to 400G)
INTER_SPEEDS_GBPS = (96.0, 86.0, 80.0, 48.0, 45.1, 42.0, 40.0, 30.0, 24.0, 22.0)
POSTSET_COPIES = 2                # ncclTopoPostset (src/graph/connect.cc) runs every ring and tree channel twice
DUP_LEAST_GBPS = 50.0             # ncclTopoDupChannels: below it, more than four channels are not doubled
DUP_MOST_CHANNELS = 4


def pow2_up(x: int) -> int:
    """The least power of two not below x (1 for x <= 1)."""
    return 1 << max(int(x) - 1, 0).bit_length()


def group_size(local_ranks: int) -> int:
    """Ranks of a schedule group (`ncclP2pSchedule`): 8, or its gcd with a node's ranks where they are fewer or not a
    multiple of 8."""
    if local_ranks % GROUP_SIZE or local_ranks < GROUP_SIZE:
        return math.gcd(GROUP_SIZE, local_ranks)
    return GROUP_SIZE


def group_deltas(n_groups: int) -> np.ndarray:
    """The group deltas in NCCL's order: (x² + x)/2 mod pow2Up(n) for x = 0, 1, ..., those >= n left out (for 16:
    0, 1, 3, 6, 10, 15, 5, 12, 4, 13, 7, 2, 14, 11, 9, 8)."""
    m = pow2_up(n_groups)
    x = np.arange(m, dtype=np.int64)
    d = (x * (x + 1) // 2) % m
    return d[d < n_groups]


def search_doubles(search_channels: int, nic_gbps: float) -> bool:
    """Whether `ncclTopoDupChannels` doubles the rings NCCL's search found, one per NIC of `nic_gbps` (across nodes,
    compute capability above 8.0): a channel runs at the fastest inter-node speed its NIC carries."""
    channel_GBps = max((v for v in INTER_SPEEDS_GBPS if v <= nic_gbps / 8), default=0.0)
    if channel_GBps < 25.0:
        return False
    return channel_GBps >= DUP_LEAST_GBPS or search_channels <= DUP_MOST_CHANNELS


def coll_channel_copies(search_channels: int, nic_gbps: float, nodes: int) -> int:
    """The communicator's channels for each of the rings NCCL's search found over `nodes` servers, each a connection
    of its own between two NICs: ncclTopoPostset's copy, doubled before that where `search_doubles`, and once more
    where that leaves fewer than 16 channels across nodes on Hopper and newer (src/graph/connect.cc, "4 compute
    channels per search channel": a server of one or two NICs)."""
    copies = POSTSET_COPIES * (2 if search_doubles(search_channels, nic_gbps) else 1)
    if nodes > 1 and search_channels * copies < HOPPER_MIN_CHANNELS:
        copies *= 2
    return copies


def p2p_channels(ring_channels: int, nodes: int, nic_gbps: float) -> int:
    """p2pnChannels: the communicator's channels (the search's rings, one per NIC, copied as
    `coll_channel_copies` says), at most MAXCHANNELS, rounded up to a power of two."""
    search = max(ring_channels // POSTSET_COPIES, 1)
    return pow2_up(min(MAX_CHANNELS, search * coll_channel_copies(search, nic_gbps, nodes)))


def channels_per_peer(nic_gbps: float, nics: int, ranks: int, channels: int, nodes: int) -> int:
    """p2pnChannelsPerPeer for peers over the network: enough channels for the NIC's speed at 14 GB/s each, a power of
    two, halved across nodes until every rank's peers fit in a round of the channels' batches."""
    per_peer = pow2_up(max(nics, 1, math.ceil(nic_gbps / PER_CHANNEL_NET_GBPS)))
    if nodes > 1:
        while per_peer * -(-ranks // OPS_PER_BATCH) > channels and per_peer > 1:
            per_peer //= 2
    return min(per_peer, channels)


def op_parts(op_bytes: float, per_peer: int, ranks: int, channels: int) -> int:
    """Channels one operation of `op_bytes` is split over (`addP2pToPlan`, across nodes): one per operation where the
    ranks outnumber the channels, more while parts would exceed the network chunk, at most `per_peer`."""
    least = per_peer
    while least * ranks > channels and least > 1:
        least //= 2
    parts = max(1, min(least, math.ceil(op_bytes / (NET_CHUNK_BYTES // 2))))
    while op_bytes / parts > NET_CHUNK_BYTES and parts <= per_peer // 2:
        parts *= 2
    return parts


def reverse_bits(x: np.ndarray, bits: int) -> np.ndarray:
    """The low `bits` bits of each x reversed, the higher ones dropped (NCCL's `reverseBits`)."""
    x = np.asarray(x, dtype=np.int64)
    out = np.zeros_like(x)
    for b in range(bits):
        out |= ((x >> b) & 1) << (bits - 1 - b)
    return out


@dataclass(frozen=True)
class Batch:
    """One batch of a channel: the operations of group delta number `k` (in NCCL's order), part `part` of them."""

    k: int
    part: int


def channel_batches(n_deltas: int, channels: int, parts: int) -> list[list[Batch]]:
    """Each channel's batches in the order it runs them: delta k's part p on channel (reverseBits(k) + p) mod
    channels, the rounds placed in order (empty lists for channels without any)."""
    k = np.repeat(np.arange(n_deltas, dtype=np.int64), parts)
    p = np.tile(np.arange(parts, dtype=np.int64), n_deltas)
    chan = (reverse_bits(k, max(channels - 1, 0).bit_length()) + p) % channels
    out: list[list[Batch]] = [[] for _ in range(channels)]
    for c, kk, pp in zip(chan.tolist(), k.tolist(), p.tolist(), strict=True):
        out[c].append(Batch(kk, pp))
    return out
