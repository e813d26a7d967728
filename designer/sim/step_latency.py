"""The latency one step of a collective pays after its last byte left: alpha in t = steps x (bytes / B + alpha).

A step of an AllToAll, a permutation or a pipeline stage ends when its slowest transfer has arrived: alpha is the
slowest path's latency (times the number of tree levels a pipelined tree pays it on: `Phase.alpha_factor`).

A ring is different. Rank r sends step k's chunk once it has received step k-1's from rank r-1, so the chunk that
leaves a rank at the last step has crossed one hop of the ring per step, each hop in turn: over the 2(n-1) steps of
an AllReduce the chain of dependencies crosses every hop of the ring about twice, and pays each hop's latency
then, not the slowest hop's latency at every step. On 8 servers of 8 GPUs a ring of 64 ranks crosses the network
at 8 of its 64 hops and NVLink at the other 56; NCCL's own cost model charges the ring's 2(N-1) steps between nodes
the network latency and its other steps NVLink's (`ncclTopoTuneModel`, src/graph/tuning.cc, NVIDIA/nccl; the
per-step software overheads, nccl_tuner.py, are split the same way by `collectives._ring_overhead_s`). Charging
every step the network path's latency made a 256 MiB AllReduce on that fabric 12 % slower on RoCEv2 than on
InfiniBand (2.193 against 1.960 ms) where the only difference was the switches' latency (1.7 us a path, paid 126
times instead of 14); it is 1.883 against 1.851 ms now.
So a ring's step pays the mean over its hops of each hop's latency, a hop's latency being its slowest queue
pair's: NCCL completes a connection's requests in order, at most NCCL_STEPS = 8 in flight, whether it sends each
request on one queue pair in turn (the default since 2.20) or splits it over all of them (2.18, 2.19), so a request
on the slowest path holds back the ones behind it (docs/simulation.md, Known limits).
"""

from __future__ import annotations

import numpy as np

from designer.sim.routing import RoutedFlows


def ring_hop_latency_ns(routed: RoutedFlows, legs: int = 0) -> float:
    """The mean over a ring pattern's hops (every channel's) of each hop's latency, its slowest sub-flow's. The last
    `legs` flows are hand-overs on the way of a hop (collectives.ring_pattern): their latency adds to the hops' total,
    and they are not hops of their own."""
    per_flow_ns = np.zeros(routed.n_flows)
    np.maximum.at(per_flow_ns, routed.sub_flow, routed.sub_latency_ns)
    has_subs = np.bincount(routed.sub_flow, minlength=routed.n_flows) > 0
    n_hops = routed.n_flows - legs
    counted = has_subs[:n_hops]
    if not counted.any():
        return 0.0
    return float((per_flow_ns[:n_hops][counted].sum() + per_flow_ns[n_hops:].sum()) / np.count_nonzero(counted))


def step_path_latency_ns(routed: RoutedFlows, ring: bool, legs: int = 0) -> float:
    """The path latency one step pays: a ring's mean hop's (`ring_hop_latency_ns`), else the slowest path's."""
    if not len(routed.sub_latency_ns):
        return 0.0
    return ring_hop_latency_ns(routed, legs) if ring else float(routed.sub_latency_ns.max())
