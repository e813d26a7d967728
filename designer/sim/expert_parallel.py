"""Expert parallelism of a mixture-of-experts step (`train:...:ep=N`): the token AllToAll of every MoE layer.

Model (GShard, Lepikhin et al., arXiv 2006.16668; Megatron-Core MoE; docs/references.md [moe-alltoall]):
- every transformer layer is an MoE layer whose experts are spread over `ep` GPUs: the expert-parallel group is
  `ep` consecutive data-parallel replicas with the same pipeline stage and tensor-parallel rank (Megatron carves
  EP out of DP), so with tensor parallel fastest in the rank order a group of tp·ep GPUs that divides the
  scale-up domain stays inside it (scaleup.py);
- each GPU routes its tokens of a micro-batch (seq/tp: the sequence is split over the tensor-parallel ranks) to
  `topk` experts: one AllToAll of seq/tp · hidden · 2 bytes (bf16) · topk per GPU sends them (dispatch) and one
  brings the results back (combine), forward and again backward: 4 AllToAlls per layer per micro-batch, exposed;
- top-2 routing by default, as Mixtral 8x7B (Jiang et al., "Mixtral of Experts", arXiv 2401.04088) and GShard.
Compute and gradients stay those of the dense model of the same size (the `params` given).
"""

from __future__ import annotations

import numpy as np

from designer.i18n.message import Message
from designer.sim import pxn
from designer.sim.compile import CompiledFabric
from designer.sim.routing import RouteOptions
from designer.sim.transfers import FlowPattern, Phase, Plan
from designer.sim.workload_spec import Workload, WorkloadError

DEFAULT_TOPK = 2              # experts per token (Mixtral 8x7B, GShard)
ALLTOALLS_PER_LAYER = 4       # dispatch and combine, forward and backward


def ep_groups(r: np.ndarray, ep: int) -> np.ndarray:
    """Expert-parallel groups [group, member] of ranks laid out [stage, replica, tp rank]: `ep` consecutive replicas
    of one stage and tensor-parallel rank."""
    pp, dp, tp = r.shape
    if ep < 1 or dp % ep:
        raise WorkloadError(Message("error.sim.ep_divide", ep=ep, dp=dp))
    return r.reshape(pp, dp // ep, ep, tp).transpose(0, 1, 3, 2).reshape(-1, ep)


def alltoall_phase(w: Workload, fab: CompiledFabric, plan: Plan, r: np.ndarray, micro: int, route: RouteOptions,
                   after: list[int], index: int) -> list[int]:
    """The expert-parallel AllToAlls of a step after `after`; returns the phase the step's next part waits for. Each
    transfer between servers rides the receiver's rail, through the sender's GPU of the receiver's index (pxn.py)."""
    ep = int(w.opt("ep", 1))
    groups = ep_groups(r, ep)
    if ep == 1:
        return after
    pp, _, tp = r.shape
    a, b = np.meshgrid(np.arange(ep), np.arange(ep), indexing="ij")
    off = a != b
    src, dst = pxn.pxn_flows(fab, groups[:, a[off]].reshape(-1), groups[:, b[off]].reshape(-1))
    seq = int(w.opt("seq", 8192 if w.params >= 1e11 else 4096))
    send_bytes = seq / tp * w.hidden * 2.0 * int(w.opt("topk", DEFAULT_TOPK))
    pat = FlowPattern(f"w{index}:ep", src, dst, np.ones(len(src)), route)
    reps = ALLTOALLS_PER_LAYER * max(1, w.layers // pp) * micro
    i = plan.add(Phase("expert-parallel AllToAll", pat, send_bytes / ep, repeat=reps, after=after,
                       start_s=w.start_s, workload=index))
    return [i]
