"""Which AllReduce algorithm NCCL would run, from its own cost model (`algo=auto`).

NCCL's tuner (src/graph/tuning.cc in the NCCL sources; docs/references.md "NCCL") estimates each algorithm's time
as a latency plus the bytes over a bus bandwidth and runs the fastest. This module keeps that model's structure
and its Hopper constants for the Simple protocol (the one NCCL uses for large messages):
- ring: 2(n-1) steps, the 2(N-1) that cross nodes at the network's per-step latency, the others at NVLink's;
  algorithm bandwidth n / (2(n-1)) of the bus bandwidth;
- tree (NCCL's double binary tree across nodes, a chain inside each): 2 ((n/N - 1) intra + log2 N inter) steps;
  bus bandwidth 0.92 of the ring's, half of it as algorithm bandwidth;
- SHARP in-network reduction (CollNet), where the InfiniBand switches have it and the segment enables it: a few
  fixed latencies; bus bandwidth 0.85 of the node's (Hopper), as algorithm bandwidth unhalved (each byte goes up
  once and down once).
n ranks on N nodes; the bus bandwidth is the node's network bandwidth per GPU (its NICs' payload rate per GPU).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

# NCCL tuner constants, Simple protocol (microseconds): base latencies and per-step hardware latencies
BASE_US = {"ring": 8.4, "tree": 8.4, "sharp": 0.0}
RING_NVLINK_US, RING_NET_US = 3.4, 14.0
TREE_NVLINK_US, TREE_NET_US = 4.0, 14.0
SHARP_NET_US = 31.0
NET_OVERHEAD_US = 1.0 * 3       # network post overhead, Simple protocol (NCCL_NET_OVERHEAD default, x3)
TREE_BW_FACTOR = 0.92
SHARP_BW_FACTOR = 0.85          # Hopper


@dataclass(frozen=True)
class AlgorithmCost:
    name: str
    latency_s: float
    algbw_Bps: float

    def time_s(self, size_bytes: float) -> float:
        return self.latency_s + size_bytes / self.algbw_Bps if self.algbw_Bps > 0 else math.inf


def allreduce_costs(n_ranks: int, n_nodes: int, bus_Bps: float, sharp: bool) -> list[AlgorithmCost]:
    """NCCL's estimate of each AllReduce algorithm on n ranks over N nodes with `bus_Bps` per GPU."""
    n, nodes = max(n_ranks, 2), max(n_nodes, 1)
    steps, inter = 2 * (n - 1), (2 * (nodes - 1) if nodes > 1 else 0)
    intra_us = max(RING_NVLINK_US, NET_OVERHEAD_US if nodes > 1 else 0.0)
    ring_lat = BASE_US["ring"] + (steps - inter) * intra_us + inter * RING_NET_US
    per_node = n / nodes
    tree_lat = BASE_US["tree"] + 2 * ((per_node - 1) * TREE_NVLINK_US + math.log2(nodes) * TREE_NET_US)
    out = [AlgorithmCost("ring", ring_lat * 1e-6, bus_Bps * n / steps),
           AlgorithmCost("tree", tree_lat * 1e-6, bus_Bps * TREE_BW_FACTOR * 0.5)]
    if sharp and nodes > 1:
        out.append(AlgorithmCost("sharp", (BASE_US["sharp"] + SHARP_NET_US) * 1e-6, bus_Bps * SHARP_BW_FACTOR))
    return out


def choose_allreduce(size_bytes: float, n_ranks: int, n_nodes: int, bus_Bps: float, sharp: bool) -> str:
    """The algorithm NCCL's model finds fastest for this size ("ring" on a single node: NVLink alone)."""
    if n_nodes <= 1:
        return "ring"
    costs = allreduce_costs(n_ranks, n_nodes, bus_Bps, sharp)
    return min(costs, key=lambda c: (c.time_s(size_bytes), c.name)).name


def step_overhead_s(crosses_network: bool) -> float:
    """NCCL's per-step cost beyond the wire (Simple protocol): a network step pays the post overhead, an NVLink step
    the NVLink step latency (whichever is larger for the step, per the tuner's ring model)."""
    return (NET_OVERHEAD_US if crosses_network else RING_NVLINK_US) * 1e-6
