"""NCCL's schedule of point-to-point operations, the sends and receives an AllToAll is made of: in which order a rank
meets its peers, on which channel and in which batch (NVIDIA/nccl sources; docs/references.md [nccl-p2p]).

- Peers in rounds (`ncclP2pSchedule`, src/init.cc): the ranks form groups of NCCL_P2P_SCHEDULE_GROUP_SIZE = 8 local
  ranks (the gcd with the ranks of a node where they are fewer or not a multiple). In round r = k·gs + δ a rank of
  group G, local l, sends to group G + D_k, local l + δ, and receives from group G − D_k, local l − δ, where D_k is
  the k-th group delta of the quadratic order (x² + x)/2 mod pow2Up(groups), those not below the group count left
  out: every rank meets its peers in the same order, so a round pairs each send with the matching receive.
- Channels (`ncclTopoComputeP2pChannels`, src/graph/paths.cc): p2pnChannels = pow2Up(min(nChannels, MAXCHANNELS =
  64)), nChannels the communicator's: the rings NCCL's search finds (one per NIC) copied by `ncclTopoPostset`
  (src/graph/connect.cc: every channel twice), as the engine's rings run (collectives.py), and doubled by
  `ncclTopoDupChannels` (src/graph/search.cc, which the engine's rings leave out: NVLink is fast enough on the
  servers modelled), and once more below 16 on Hopper across nodes (src/graph/connect.cc).
- Channels per peer (`ncclTopoGetNchannels`, `ncclTopoComputeP2pChannels`, src/graph/paths.cc): for a peer over the
  network max(local NICs, ceil(NIC GB/s / NCCL_P2P_PER_CHANNEL_NET_BW = 14 GB/s)), rounded up to a power of two and
  halved across nodes while it times ceil(ranks / 8) exceeds p2pnChannels: 1 from 256 ranks on 32 channels. An
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
DUP_CHANNELS = 2                  # ncclTopoDupChannels (src/graph/search.cc): the search's rings twice


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


def p2p_channels(ring_channels: int, nodes: int) -> int:
    """p2pnChannels: the communicator's channels (the engine's ring channels, doubled by ncclTopoDupChannels, and
    once more below 16 on Hopper across nodes), at most MAXCHANNELS, rounded up to a power of two."""
    n = min(MAX_CHANNELS, DUP_CHANNELS * max(ring_channels, 1))
    if nodes > 1 and n < HOPPER_MIN_CHANNELS:
        n *= 2
    return pow2_up(min(n, MAX_CHANNELS))


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
