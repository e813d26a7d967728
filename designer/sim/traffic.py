"""Synthetic traffic: permutation, N-to-1 incast, pingpong, and replication from one site to another (`replicate:SIZE`
per GPU, or `checkpoint:MODEL`, a model's training checkpoint shared out over the first site's GPUs)."""

from __future__ import annotations

import numpy as np

from designer.i18n.message import Message
from designer.sim.compile import CompiledFabric
from designer.sim.transfers import FlowPattern, Phase, Plan, WorkloadPlan, participants, route_options
from designer.sim.workload_spec import Workload, WorkloadError

CHECKPOINT_WEIGHT_BYTES = 2         # bf16 weights, per parameter
CHECKPOINT_OPTIMIZER_BYTES = 12     # Adam in mixed precision: fp32 master weights, momentum, variance (ZeRO, SC 2020)


def derangement(n: int, rng: np.random.Generator) -> np.ndarray:
    """A random permutation with no fixed point (each rank sends to someone else)."""
    perm = rng.permutation(n)
    fixed = np.flatnonzero(perm == np.arange(n))
    for i in fixed:  # swap each fixed point with a neighbour; stays a permutation, removes the fixed point
        j = (i + 1) % n
        perm[i], perm[j] = perm[j], perm[i]
    return perm


def build_traffic(w: Workload, fab: CompiledFabric, plan: Plan, seed: int, index: int) -> WorkloadPlan:
    ranks = participants(w, fab.n_gpus)
    route = route_options(w, seed)
    wp = WorkloadPlan(workload=w, ranks=len(ranks), first=len(plan.phases))
    tag = f"w{index}"
    rng = np.random.default_rng([seed, index])
    if w.kind == "permutation":
        if len(ranks) < 2:
            raise WorkloadError(Message("error.sim.two_gpus", kind="permutation"))
        perm = derangement(len(ranks), rng)
        pat = FlowPattern(f"{tag}:perm", ranks, ranks[perm], np.ones(len(ranks)), route)
        wp.last = [plan.add(Phase("permutation", pat, float(w.size_bytes), start_s=w.start_s, workload=index))]
    elif w.kind == "incast":
        receiver = int(ranks[0])
        # any GPU of another server may send, on the receiver's own leaf too: the receiver's port is the bottleneck
        # either way (a GPU of the receiver's own server would use NVLink, not that port)
        others = ranks[fab.gpu_server[ranks] != fab.gpu_server[receiver]]
        if len(others) < w.senders:
            raise WorkloadError(Message("error.sim.incast_senders", senders=w.senders, gpus=len(others)))
        senders = np.sort(rng.choice(others, size=w.senders, replace=False))
        pat = FlowPattern(f"{tag}:incast", senders, np.full(len(senders), receiver), np.ones(len(senders)), route)
        wp.last = [plan.add(Phase("incast", pat, float(w.size_bytes), start_s=w.start_s, workload=index))]
        wp.extra["receiver"] = receiver
    elif w.kind == "pingpong":
        a, b = _pingpong_pair(w, fab, ranks)
        iters = int(w.opt("iters", 10))
        if iters > 1000:
            raise WorkloadError(Message("error.sim.pingpong_iters"))
        ping = FlowPattern(f"{tag}:ping", np.array([a]), np.array([b]), np.ones(1), route)
        pong = FlowPattern(f"{tag}:pong", np.array([b]), np.array([a]), np.ones(1), route)
        prev: list[int] = []
        for _ in range(iters):
            i = plan.add(Phase("ping", ping, float(w.size_bytes), after=prev, start_s=w.start_s, workload=index))
            j = plan.add(Phase("pong", pong, float(w.size_bytes), after=[i], start_s=w.start_s, workload=index))
            prev = [j]
        wp.last = prev
        wp.extra["pair"] = (fab.node_ids[fab.gpu_server[a]], fab.node_ids[fab.gpu_server[b]])
    elif w.kind in ("replicate", "checkpoint"):
        src, dst = replication_pairs(fab, ranks, w.kind)
        shard = float(w.size_bytes) if w.kind == "replicate" else checkpoint_bytes(w) / len(src)
        pat = FlowPattern(f"{tag}:replicate", src, dst, np.ones(len(src)), route)
        wp.last = [plan.add(Phase("replication to the other site", pat, shard, start_s=w.start_s, workload=index))]
        wp.extra["replicated_bytes"] = shard * len(src)
    else:  # pragma: no cover
        raise WorkloadError(Message("error.sim.not_traffic", kind=w.kind))
    return wp


def checkpoint_bytes(w: Workload) -> float:
    """A training checkpoint of the model: its bf16 weights and, with `state=full` (the default), the optimizer
    state mixed-precision Adam keeps, fp32 master weights and two fp32 moments, 12 bytes a parameter (Rajbhandari et
    al., "ZeRO: Memory Optimizations Toward Training Trillion Parameter Models", SC 2020, section 3.1): 14 bytes a
    parameter in all, 2 with `state=weights`."""
    per_param = CHECKPOINT_WEIGHT_BYTES + (0 if w.opt("state") == "weights" else CHECKPOINT_OPTIMIZER_BYTES)
    return w.params * per_param


def replication_pairs(fab: CompiledFabric, ranks: np.ndarray, kind: str = "replicate") -> tuple[np.ndarray,
                                                                                                 np.ndarray]:
    """Checkpoint or data replication between sites: every GPU of the first site among `ranks` sends its shard to
    the GPU at the same position in the second site (a checkpoint copied shard by shard, as a replica keeps one
    copy of each GPU's state). WorkloadError when the GPUs do not span two sites."""
    site = fab.gpu_site()[ranks]
    sites = np.unique(site[site >= 0])
    if len(sites) < 2:
        raise WorkloadError(Message("error.sim.replicate_sites", kind=kind))
    src, dst = ranks[site == sites[0]], ranks[site == sites[1]]
    n = min(len(src), len(dst))
    return src[:n], dst[:n]


def _pingpong_pair(w: Workload, fab: CompiledFabric, ranks: np.ndarray) -> tuple[int, int]:
    """First GPU of servers a= and b= (node ids), default the first and the last server."""
    def first_gpu(node_id: str) -> int:
        if node_id not in fab.node_ids:
            raise WorkloadError(Message("error.sim.pingpong_no_node", node=node_id))
        hits = np.flatnonzero(fab.gpu_server == fab.node_ids.index(node_id))
        if len(hits) == 0:
            raise WorkloadError(Message("error.sim.pingpong_not_server", node=node_id))
        return int(hits[0])
    a = first_gpu(str(w.opt("a"))) if w.opt("a") else int(ranks[0])
    if w.opt("b"):
        b = first_gpu(str(w.opt("b")))
    else:
        other = ranks[fab.gpu_server[ranks] != fab.gpu_server[a]]
        same_rail = other[fab.gpu_local[other] == fab.gpu_local[a]]
        b = int(same_rail[-1]) if len(same_rail) else int(other[-1]) if len(other) else int(ranks[-1])
    if a == b:
        raise WorkloadError(Message("error.sim.pingpong_same"))
    return a, b
