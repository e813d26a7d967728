"""Collective algorithms as phases: ring, tree, SHARP and hierarchical AllReduce; AllGather, ReduceScatter (ring)
and AllToAll (rail-aligned, PXN-style, in NCCL's rounds of peers: alltoall.py).

Ranks are grouped by server. Rings run one channel per back-end NIC, channel c entering and leaving
every server through the same NIC, its own (as NCCL's topology search lays rings out: `ring_pattern`), so
all NICs carry traffic and busbw approaches (NICs x line rate x framing efficiency) / GPUs-per-NIC. Each step of
a ring is a phase repeated 2(n-1) (AllReduce) or n-1 (AllGather/ReduceScatter) times, giving
t = 2(n-1)/n · S/B + 2(n-1)·α, where α is the ring's mean hop latency (step_latency.py) plus NCCL's per-step
overhead.

`algo=auto` (the default) runs the AllReduce algorithm NCCL's tuner would pick (nccl_tuner.py). The tree and SHARP
algorithms are pipelined: their flows run at once as one phase (NCCL streams chunks through every stage), and the
pipeline's depth is paid once as latency:
- tree: in each server a chain through its GPUs (one per channel, ending at the channel's NIC), across servers
  NCCL's double binary tree per rail; each byte goes up the tree and comes down;
- SHARP: a ring reduce-scatter and all-gather over NVLink inside each server, and between servers the switches
  reduce: every NIC sends its shard once and receives the result once (shown as a rail-aligned exchange of that
  load; the reduction trees inside the switches carry one stream per leaf).

Inside a scale-up domain whose NVLink switches reduce (NVLink SHARP, scaleup.py), the reduce-scatter and all-gather
of the hierarchical and SHARP algorithms send half the bytes, and an AllReduce within one such domain runs NCCL's
NVLS algorithm: the ring's steps with half the bytes.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from designer.i18n.message import Message
from designer.sim import nccl_p2p, nccl_tuner, pxn
from designer.sim.alltoall import build_alltoall
from designer.sim.compile import CompiledFabric
from designer.sim.framing import PROTO_IB
from designer.sim.planes import gpu_tx_ports, nic_line_gbps
from designer.sim.routing import RouteOptions
from designer.sim.scaleup import nvls_factor
from designer.sim.transfers import FlowPattern, Phase, Plan, WorkloadPlan, participants, route_options
from designer.sim.workload_spec import Workload, WorkloadError

# NCCL runs each ring and tree channel its topology search finds twice: ncclTopoPostset (src/graph/connect.cc,
# NVIDIA/nccl) copies every channel's ring and trees to a second channel ("Duplication should be complete now":
# nChannels * 2), and each channel opens a connection of its own to its peer, with its own queue pairs. Two NICs of a
# ring or tree step therefore talk over two connections, which ECMP hashes apart; four where ncclTopoDupChannels
# doubled the search's rings first (800G NICs on Blackwell, or four NICs a server: nccl_p2p.search_doubles), and
# twice that again where fewer than 16 channels remain across servers (one or two NICs a server).
COLL_CHANNEL_COPIES = nccl_p2p.POSTSET_COPIES


def _coll_route(fab: CompiledFabric, groups: list[np.ndarray], route: RouteOptions) -> RouteOptions:
    """The routing of a ring's or a tree's network flows over `groups` (ranks by server): over NCCL's copied
    channels, a NIC pair's connections."""
    if len(groups) < 2:                 # no network between the ranks: nothing for the search to double
        return replace(route, channels=COLL_CHANNEL_COPIES)
    copies = nccl_p2p.coll_channel_copies(_channels(fab, groups), nic_line_gbps(fab, int(groups[0][0])), len(groups))
    return replace(route, channels=copies)


def server_groups(fab: CompiledFabric, ranks: np.ndarray) -> list[np.ndarray]:
    """Ranks grouped by server, in rank order."""
    servers = fab.gpu_server[ranks]
    cuts = np.flatnonzero(np.diff(servers)) + 1
    return np.split(ranks, cuts)


def _channels(fab: CompiledFabric, groups: list[np.ndarray]) -> int:
    """Ring channels: one per distinct back-end NIC of a server (at least 1)."""
    g0 = groups[0]
    nics = len({int(p) for p in fab.gpu_be_tx[g0] if p >= 0})
    return max(1, min(nics, min(len(g) for g in groups)))


def ring_pattern(fab: CompiledFabric, ranks: np.ndarray, route: RouteOptions, key: str) -> tuple[FlowPattern, int]:
    """Multi-channel ring: flows rank -> next rank for every channel; returns (pattern, channels).

    Across servers NCCL's ring leaves a server through the NIC it came in by: its topology search lays each channel
    out as NET n -> GPU a -> GPU b -> .. -> GPU x -> NET n, and tries a different NIC on the way out (NET m) only
    where no ring of the same bandwidth keeps one (`NCCL_CROSS_NIC`, default 2: src/graph/search.cc, NVIDIA/nccl;
    docs/references.md [nccl-ring-search]). GPU x hands its chunk over NVLink to the NIC of GPU a (PXN: the path
    from GPU x to NET n goes through GPU a's NVLink and PCIe switch). So channel c enters each server at GPU a (local
    GPU c*g/channels, whose NIC it uses), walks the server's GPUs, and its last GPU's chunk crosses NVLink back to
    GPU a and then the network from GPU a's NIC to the next server's GPU a: the same NIC index on both servers, on
    a rail-optimized fabric the same rail switch (pxn.ring_flows). The hand-overs are the pattern's last flows, its
    `legs`: they carry a hop's bytes over NVLink and add to that hop's latency (step_latency.py)."""
    groups = server_groups(fab, ranks)
    if len(groups) == 1 or len({len(g) for g in groups}) > 1:
        src, dst = ranks, np.roll(ranks, -1)
        return FlowPattern(key, src, dst, np.ones(len(src)), _coll_route(fab, groups, route)), 1
    channels = _channels(fab, groups)
    g = len(groups[0])
    # channel c enters each server at local GPU c*g/channels and walks the server's GPUs
    rings = np.stack([np.concatenate([np.roll(grp, -(c * g // channels)) for grp in groups]) for c in range(channels)])
    src, dst, legs = pxn.ring_flows(fab, rings)
    return FlowPattern(key, src, dst, np.ones(len(src)), _coll_route(fab, groups, route), legs=legs), channels


def dbt_parents(n: int) -> tuple[np.ndarray, np.ndarray, int]:
    """Parents of nodes 0..n-1 in two complementary in-order binary trees (NCCL's double binary tree).

    Tree A numbers nodes v = i+1: odd v are leaves, so every node is interior in at most one tree
    when tree B uses the shifted numbering. Returns (parent_a, parent_b, depth); the roots get -1.
    """
    def parents(v: np.ndarray) -> np.ndarray:
        p = np.full(len(v), -1, dtype=np.int64)
        root = 1 << (int(n).bit_length() - 1)
        cur = v.copy()
        todo = cur != root
        for _ in range(64):
            if not todo.any():
                break
            b = cur & -cur
            up = (cur | (b << 1)) & ~b
            cur = np.where(todo, up, cur)
            ok = todo & (cur <= n)
            p[ok] = cur[ok]
            todo &= ~ok & (cur != root)
        return p - 1
    v = np.arange(1, n + 1, dtype=np.int64)
    pa = parents(v)
    vb = (np.arange(n) + 1) % n + 1           # tree B: the same shape on numbering shifted by one
    pb_shifted = parents(vb)                  # parent as numbered in tree B
    inv = np.empty(n, dtype=np.int64)
    inv[vb - 1] = np.arange(n)
    pb = np.where(pb_shifted >= 0, inv[np.maximum(pb_shifted, 0)], -1)
    depth = max(1, int(np.ceil(np.log2(max(n, 2)))))
    return pa, pb, depth


def build_collective(w: Workload, fab: CompiledFabric, plan: Plan, seed: int, index: int) -> WorkloadPlan:
    """Phases of allreduce / allgather / reducescatter / alltoall, appended to `plan`."""
    ranks = participants(w, fab.n_gpus)
    n = len(ranks)
    size = float(w.size_bytes)
    route = route_options(w, seed)
    wp = WorkloadPlan(workload=w, ranks=n, first=len(plan.phases), algbw_bytes=size)
    tag = f"w{index}"
    if n < 2:
        raise WorkloadError(Message("error.sim.two_gpus", kind=w.kind))
    if w.kind == "allreduce":
        wp.busbw_factor = 2 * (n - 1) / n
        algo = allreduce_algorithm(w, fab, ranks, size)
        wp.extra["algorithm"] = algo
        if algo == "ring" and len(server_groups(fab, ranks)) == 1 and nvls_factor(fab, ranks) < 1.0:
            wp.extra["algorithm"] = "nvls"
            wp.last = [_ring_allreduce(fab, plan, ranks, size * nvls_factor(fab, ranks), route, tag, index,
                                       w.start_s)]
        elif algo == "ring":
            wp.last = [_ring_allreduce(fab, plan, ranks, size, route, tag, index, w.start_s)]
        elif algo == "hier":
            wp.last = _hierarchical(w, fab, plan, ranks, size, route, tag, index)
        elif algo == "tree":
            wp.last = [_pipelined_tree(fab, plan, ranks, size, route, tag, index, w.start_s)]
        else:
            wp.last = [_pipelined_sharp(fab, plan, ranks, size, route, tag, index, w.start_s)]
    elif w.kind in ("allgather", "reducescatter"):
        wp.busbw_factor = (n - 1) / n
        pat, channels = ring_pattern(fab, ranks, route, f"{tag}:ring")
        i = plan.add(Phase(f"{w.kind} ring step", pat, size / (n * channels), repeat=n - 1,
                           alpha_extra_s=_ring_overhead_s(fab, ranks, n - 1), ring=True, start_s=w.start_s,
                           workload=index))
        wp.last = [i]
        wp.extra["algorithm"] = "ring"
    elif w.kind == "alltoall":
        wp.busbw_factor = (n - 1) / n
        groups = server_groups(fab, ranks)
        wp.last = build_alltoall(fab, plan, groups, size, route, (tag, index, w.start_s),
                                 _channels(fab, groups) * COLL_CHANNEL_COPIES)
        wp.extra["algorithm"] = "pairwise"
    else:  # pragma: no cover - guarded by the caller
        raise WorkloadError(Message("error.sim.not_collective", kind=w.kind))
    return wp


def allreduce_algorithm(w: Workload, fab: CompiledFabric, ranks: np.ndarray, size: float) -> str:
    """The algorithm asked for, or NCCL's choice for this size and scale (`algo=auto`, the default)."""
    algo = str(w.opt("algo", "auto"))
    if algo == "sharp" and not _sharp_available(fab, ranks):
        raise WorkloadError(Message("error.sim.no_sharp"))
    if algo != "auto":
        return algo
    servers = len(server_groups(fab, ranks))
    return nccl_tuner.choose_allreduce(size, len(ranks), servers, _bus_Bps(fab, ranks), _sharp_available(fab, ranks))


def _bus_Bps(fab: CompiledFabric, ranks: np.ndarray) -> float:
    """Network bandwidth per GPU: the payload rate of the servers' back-end NICs (every plane's ports of each) shared
    by their GPUs."""
    tx = gpu_tx_ports(fab, ranks)
    nics = np.unique(tx[tx >= 0])
    if len(nics) == 0:
        return 0.0
    return float(fab.port_payload_Bps[nics].sum()) / len(ranks)


def _sharp_available(fab: CompiledFabric, ranks: np.ndarray) -> bool:
    """SHARP runs where every segment the ranks' servers belong to is InfiniBand with SHARP on."""
    segs = np.unique(fab.node_segment[fab.gpu_server[ranks]])
    return len(segs) > 0 and all(s >= 0 and fab.segments[s].protocol == PROTO_IB and fab.segments[s].ib.sharp
                                 for s in segs)


def _ring_overhead_s(fab: CompiledFabric, ranks: np.ndarray, steps: int) -> float:
    """NCCL's mean per-step overhead of a ring: its steps between servers pay the network post overhead, the others
    the NVLink step latency (nccl_tuner.py)."""
    servers = len(server_groups(fab, ranks))
    if steps <= 0:
        return 0.0
    inter = min(steps, (servers - 1) * steps // max(len(ranks) - 1, 1)) if servers > 1 else 0
    return (inter * nccl_tuner.step_overhead_s(True) + (steps - inter) * nccl_tuner.step_overhead_s(False)) / steps


def _ring_allreduce(fab: CompiledFabric, plan: Plan, ranks: np.ndarray, size: float, route: RouteOptions, tag: str,
                    index: int, start: float) -> int:
    pat, channels = ring_pattern(fab, ranks, route, f"{tag}:ring")
    n = len(ranks)
    return plan.add(Phase("allreduce ring step", pat, size / (n * channels), repeat=2 * (n - 1),
                          alpha_extra_s=_ring_overhead_s(fab, ranks, 2 * (n - 1)), ring=True, start_s=start,
                          workload=index))


def _chains(groups: list[np.ndarray]) -> tuple[np.ndarray, np.ndarray, int]:
    """Inside every server, one chain per channel through its GPUs, ending at the channel's GPU (whose NIC the
    channel uses): flows (src, dst) of the chains' links, and the number of channels."""
    src, dst = [], []
    g = len(groups[0])
    for grp in groups:
        for c in range(g):
            order = np.roll(grp, -(c + 1))           # c+1, c+2, ..., c
            src.append(order[:-1])
            dst.append(order[1:])
    return np.concatenate(src), np.concatenate(dst), g


def _pipelined_tree(fab: CompiledFabric, plan: Plan, ranks: np.ndarray, size: float, route: RouteOptions, tag: str,
                    index: int, start: float) -> int:
    """NCCL's tree AllReduce as one pipelined phase: chains inside servers, double binary trees across them."""
    groups = server_groups(fab, ranks)
    if len({len(x) for x in groups}) > 1:
        raise WorkloadError(Message("error.sim.hier_uneven"))
    g, n_srv = len(groups[0]), len(groups)
    src, dst, wt = [], [], []
    channels = g
    if g > 1:
        cs, cd, channels = _chains(groups)
        src += [cs, cd]
        dst += [cd, cs]                               # up the chain (reduce) and down (broadcast)
        wt += [np.ones(len(cs)), np.ones(len(cs))]
    depth = 0
    if n_srv > 1:
        rails = np.stack(groups)                      # [server, local]
        pa, pb, depth = dbt_parents(n_srv)
        for parent in (pa, pb):                       # two trees, each with half of the bytes
            child = np.flatnonzero(parent >= 0)
            up_s, up_d = rails[child].reshape(-1), rails[parent[child]].reshape(-1)
            src += [up_s, up_d]
            dst += [up_d, up_s]
            wt += [np.full(len(up_s), 0.5), np.full(len(up_s), 0.5)]
    pat = FlowPattern(f"{tag}:tree", np.concatenate(src), np.concatenate(dst), np.concatenate(wt),
                      _coll_route(fab, groups, route))
    fill = 2 * ((g - 1) * nccl_tuner.TREE_NVLINK_US + depth * nccl_tuner.NET_OVERHEAD_US) * 1e-6
    return plan.add(Phase("allreduce tree (pipelined)", pat, size / channels, alpha_factor=2 * max(depth, 1),
                          alpha_extra_s=fill, start_s=start, workload=index, pipelined=True))


def _pipelined_sharp(fab: CompiledFabric, plan: Plan, ranks: np.ndarray, size: float, route: RouteOptions, tag: str,
                     index: int, start: float) -> int:
    """SHARP AllReduce as one pipelined phase: NVLink ring reduce-scatter and all-gather inside servers; between
    them every NIC sends its shard once and receives the reduced shard once (the switches reduce)."""
    groups = server_groups(fab, ranks)
    if len({len(x) for x in groups}) > 1:
        raise WorkloadError(Message("error.sim.hier_uneven"))
    g, n_srv = len(groups[0]), len(groups)
    src, dst, wt = [], [], []
    if g > 1:
        cat = np.concatenate(groups)
        nxt = np.concatenate([np.roll(x, -1) for x in groups])
        src.append(cat)
        dst.append(nxt)
        # reduce-scatter and all-gather: 2(g-1) shards of S/g each (half with NVLink SHARP)
        wt.append(np.full(len(cat), 2.0 * (g - 1) * nvls_factor(fab, cat)))
    rails = np.stack(groups)
    src.append(rails.T.reshape(-1))
    dst.append(np.roll(rails, -1, axis=0).T.reshape(-1))
    wt.append(np.full(rails.size, 1.0))
    pat = FlowPattern(f"{tag}:sharp", np.concatenate(src), np.concatenate(dst), np.concatenate(wt), route)
    fill = (nccl_tuner.SHARP_NET_US + 2 * (g - 1) * nccl_tuner.RING_NVLINK_US) * 1e-6
    return plan.add(Phase("allreduce SHARP (pipelined)", pat, size / g, alpha_factor=2.0 if n_srv > 1 else 1.0,
                          alpha_extra_s=fill, start_s=start, workload=index, pipelined=True))


def _hierarchical(w: Workload, fab: CompiledFabric, plan: Plan, ranks: np.ndarray, size: float,
                 route: RouteOptions, tag: str, index: int) -> list[int]:
    """NVLink reduce-scatter in each server, a ring AllReduce per rail across servers, NVLink all-gather."""
    groups = server_groups(fab, ranks)
    g = len(groups[0])
    if len({len(x) for x in groups}) > 1:
        raise WorkloadError(Message("error.sim.hier_uneven"))
    n_srv = len(groups)
    after: list[int] = []
    start = w.start_s
    if g > 1:
        src = np.concatenate(groups)
        dst = np.concatenate([np.roll(x, -1) for x in groups])
        intra = FlowPattern(f"{tag}:intra", src, dst, np.full(len(src), nvls_factor(fab, src)), route)
        i = plan.add(Phase("nvlink reduce-scatter step", intra, size / g, repeat=g - 1, ring=True, start_s=start,
                           workload=index))
        after = [i]
    shard = size / g
    if n_srv > 1:
        rails = np.stack(groups)            # [server, local]
        src = rails.T.reshape(-1)           # rail-major: ring over servers per rail
        dst = np.roll(rails, -1, axis=0).T.reshape(-1)
        pat = FlowPattern(f"{tag}:rails", src, dst, np.ones(len(src)), _coll_route(fab, groups, route))
        i = plan.add(Phase("rail ring step", pat, shard / n_srv, repeat=2 * (n_srv - 1), ring=True,
                           after=after, start_s=start, workload=index))
        after = [i]
    if g > 1:
        i = plan.add(Phase("nvlink all-gather step", intra, size / g, repeat=g - 1, ring=True, after=after,
                           start_s=start, workload=index))
        after = [i]
    return after
