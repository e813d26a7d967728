"""One training step of a dense transformer: compute, tensor/pipeline/data-parallel traffic.

Model (standard derivations; docs/references.md [training-flops], [megatron]):
- compute FLOPs = 6·N·tokens (forward + backward); on each GPU it runs at peak × mfu, where
  `mfu` is the efficiency of the compute kernels (default 0.55 [E]: H100 dense matmul reaches
  ~80 % of peak, attention and element-wise kernels less). The pipeline bubble of 1F1B adds
  (pp-1)/m of the compute time (m micro-batches of one sequence per data-parallel replica); Megatron's interleaved
  schedule (`vpp=v` model chunks per GPU; Narayanan et al., SC 2021, section 2.2.2) divides it by v, for v times the
  pipeline sends (below). Megatron-LM runs 1F1B unless told otherwise (v = 1).
- TP: 4 AllReduces per layer per micro-batch (2 forward, 2 backward) of seq·hidden·2 bytes
  (bf16), ring inside the TP group (NVLink when the group fits in a server); exposed.
- PP: activations (forward) and their gradients (backward) of seq·hidden·2/tp bytes per TP rank
  cross each stage boundary once per micro-batch and model chunk, and interleaved, the wrap from the last stage to
  the first v - 1 times (site_pp.interleaved_sends); exposed. A boundary across sites pays the span's latency as the
  1F1B schedule does, which the bubble gains (`pp_across_sites=`, site_pp.py).
- DP: AllReduce of the bf16 gradients (2·N/(tp·pp) bytes per GPU) over the DP group (same TP
  rank and stage on every replica: rail-aligned), with the algorithm NCCL's tuner would pick for that size and
  group (a ring, or a double binary tree across the group's servers), overlapped with the backward pass of the
  last micro-batch (2/3 of its compute); what does not fit is exposed.
- EP (`ep=N`, mixture of experts): the token AllToAlls of every layer inside groups of ep replicas
  (expert_parallel.py); exposed.
Rank layout (Megatron order): tp fastest, then dp, then pp, domain by domain (scaleup.py): TP and EP groups stay
inside a scale-up domain (an 8-GPU server, a 72-GPU NVL72 rack) when tp and tp·ep divide its GPUs, and DP and PP
cross domains. A TP AllReduce inside a domain with NVLink SHARP sends half the bytes (scaleup.py).
The step splits into useful compute, the pipeline bubble, coordination (stragglers, synchronisation) and exposed
communication (metrics.py). `mfu=` is the compute kernels' efficiency (the share of peak they reach while they
run); the reported MFU is what the step achieves: model FLOPs over peak FLOPs times the step time.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from designer.i18n.message import Message
from designer.sim import expert_parallel, nccl_tuner, pxn, scaleup, site_dp, site_pp
from designer.sim.collectives import dbt_parents
from designer.sim.compile import CompiledFabric
from designer.sim.planes import nic_Bps_per_gpu
from designer.sim.routing import RouteOptions
from designer.sim.transfers import FlowPattern, Phase, Plan, WorkloadPlan, participants, route_options
from designer.sim.workload_spec import Workload, WorkloadError

DEFAULT_PP = {"7b": 1, "13b": 1, "70b": 4, "405b": 16}
DEFAULT_MFU = 0.55
# Default tensor-parallel width: the domain's GPUs up to 8. Megatron-LM keeps TP within 8 NVLink-joined GPUs; wider,
# its per-layer AllReduces cost more than they save (docs/references.md [megatron]); a 72-GPU NVL72 domain holds
# EP and DP replicas beyond it instead.
DEFAULT_MAX_TP = 8
BYTES_PER_PARAM_GRAD = 2      # bf16 gradients


def default_tokens(params: float) -> float:  # the global batch (batch=)
    """Global batch in tokens: 4 Mi for models under 100B, 16 Mi above (Llama 3 405B used 16M)."""
    return float(2**24 if params >= 1e11 else 2**22)


def build_training(w: Workload, fab: CompiledFabric, plan: Plan, seed: int, index: int) -> WorkloadPlan:
    ranks = participants(w, fab.n_gpus)
    n = len(ranks)
    tp, pp, dp = _parallelism(w, n, fab.gpus_per_server())
    seq = int(w.opt("seq", 8192 if w.params >= 1e11 else 4096))
    batch = float(w.opt("batch", default_tokens(w.params)))
    mfu = float(w.opt("mfu", DEFAULT_MFU))
    micro = max(1, int(round(batch / (dp * seq))))
    vpp = _virtual_stages(w, pp, micro)
    tokens = float(micro * dp * seq)             # the global batch, whole sequences per replica and micro-batch
    peak = float(fab.gpu_peak_flops[ranks].min())
    if peak <= 0:
        raise WorkloadError(Message("error.sim.training_flops"))
    flops = 6.0 * w.params * tokens
    compute_s = flops / (n * peak * mfu)
    bubble_s = compute_s * (pp - 1) / (micro * vpp)
    window_s = compute_s / micro * (2.0 / 3.0)   # backward of the last micro-batch overlaps the DP AllReduce
    route = route_options(w, seed)
    start = w.start_s
    tag = f"w{index}"
    wp = WorkloadPlan(workload=w, ranks=n, first=len(plan.phases), compute_s=compute_s, model_flops=flops,
                      peak_flops_total=n * peak, mfu=mfu)
    wp.extra.update(dp=dp, tp=tp, pp=pp, vpp=vpp, micro_batches=micro, batch_tokens=tokens, seq=seq, bubble_s=bubble_s,
                    kernel_efficiency=mfu)

    r = site_pp.stage_layout(w, fab, ranks, (pp, dp, tp))     # [stage, replica, tp rank]
    wp.extra.update(_domain_facts(fab, w, r))
    i = plan.add(Phase("compute (forward/backward, bubble)", compute_s=compute_s + bubble_s - window_s,
                       start_s=start, workload=index))
    act = seq * w.hidden * 2.0
    after = _model_parallel_phases(w, fab, plan, r, act, micro, route, [i], index,
                                   tp_factor=scaleup.nvls_factor(fab, ranks) if wp.extra["tp_in_domain"] else 1.0)
    pipe = None
    if pp > 1:
        after, pipe = site_pp.pipeline_phases(fab, plan, r, site_pp.Sends(act / tp, micro, route, tag, index, start,
                                                                                   chunks=vpp),
                                              after)
    ends = [plan.add(Phase("compute (last backward)", compute_s=window_s, after=after, start_s=start,
                           workload=index))]
    if dp > 1:
        groups = np.transpose(r, (0, 2, 1)).reshape(-1, dp)   # [stage*tp, replica]
        grad_bytes = w.params / (tp * pp) * BYTES_PER_PARAM_GRAD
        # overlap=off: the AllReduce waits for the whole backward pass instead of hiding behind its last part
        slot = _Slot(tag, index, start, after if w.switch("overlap") is not False else [ends[0]])
        wp.extra.update(overlap_window_s=window_s if w.switch("overlap") is not False else 0.0)
        if _across_sites(fab, groups):
            ends.append(_dp_across_sites(w, fab, plan, groups, grad_bytes, route, slot, wp, ends[0]))
        elif w.opt("dp_across_sites") == "hier":
            raise WorkloadError(Message("error.sim.hier_sites"))
        else:
            ends.append(_dp_allreduce(fab, plan, groups, grad_bytes, route, slot, wp))
    if pipe is not None and pipe.cross is not None:
        _pipeline_across_sites(w, fab, wp, pipe, r)
    wp.last = ends
    return wp


def _pipeline_across_sites(w: Workload, fab: CompiledFabric, wp: WorkloadPlan, pipe: site_pp.PipelineSites,
                           r: np.ndarray) -> None:
    """The result's inside-site and cross-site figures of a pipeline whose stages stand in several sites: its bytes
    (with the data-parallel AllReduce's when it stays inside the sites, counted as a ring sends them), the time of
    its sends across the span and what the distance adds to the 1F1B bubble (site_pp.py)."""
    pp, dp, tp = r.shape
    micro = int(wp.extra["micro_batches"])
    distance_s = pipe.round_trips * pipe.span_s
    dp_crossed = "cross_site_bytes" in wp.extra
    grad = w.params / (tp * pp) * BYTES_PER_PARAM_GRAD
    inside = pipe.inside_bytes + float(wp.extra.get("inside_site_bytes", 0.0 if dp_crossed else
                                                    pp * tp * 2 * (dp - 1) * grad))
    sender_s = micro * pipe.bytes_per_flow / site_dp.nic_Bps(fab, r.reshape(1, -1))   # one sender's bytes at its NIC
    dp_finish = wp.extra.get("finisher")
    pp_finish = pipe.figures()

    def finish(spans: dict[int, tuple[float, float]]) -> dict[str, float]:
        out = pp_finish(spans)
        if callable(dp_finish):          # the data-parallel groups cross the sites too: both exchanges count
            dp_out = dp_finish(spans)
            for key in ("cross_site_s", "cross_site_exposed_s"):
                out[key] = out.get(key, 0.0) + dp_out.pop(key, 0.0)
            out.update(dp_out)
        return out

    wp.extra.update(pp_across_sites="on",
                    inside_site_bytes=inside, cross_site_bytes=pipe.cross_bytes + wp.extra.get("cross_site_bytes", 0.0),
                    cross_site_steps=pipe.round_trips + int(wp.extra.get("cross_site_steps", 0)),
                    cross_site_nic_s=sender_s + float(wp.extra.get("cross_site_nic_s", 0.0)),
                    pp_distance_s=distance_s, bubble_s=float(wp.extra["bubble_s"]) + distance_s,
                    pp_round_trips=pipe.round_trips, finisher=finish)


def _across_sites(fab: CompiledFabric, groups: np.ndarray) -> bool:
    """Whether the data-parallel groups span more than one site (a multi-site design)."""
    site = fab.gpu_site()[groups[0]]
    return bool((site >= 0).all() and len(np.unique(site)) > 1)


def _dp_across_sites(w: Workload, fab: CompiledFabric, plan: Plan, groups: np.ndarray,  # noqa: PLR0913
                     grad_bytes: float, route: RouteOptions, at: _Slot, wp: WorkloadPlan, backward: int) -> int:
    """The DP AllReduce of groups spread over sites: hierarchical or one flat ring (site_dp.py), with the result's
    inside-site and cross-site figures."""
    mode = str(w.opt("dp_across_sites", "flat"))
    build = site_dp.hierarchical if mode == "hier" else site_dp.flat_ring
    last, phases = build(fab, plan, groups, grad_bytes, route, (at.tag, at.index, at.start, at.after))
    wp.extra.update(algorithm="ring", dp_across_sites=mode, inside_site_bytes=phases.inside_bytes,
                    cross_site_bytes=phases.cross_bytes, cross_site_steps=phases.cross_steps,
                    cross_site_nic_s=phases.cross_nic_s,
                    finisher=phases.figures(backward))
    return last


def _parallelism(w: Workload, n: int, gpus_per_server: int) -> tuple[int, int, int]:
    """(tp, pp, dp) of `n` GPUs: the options given, the others chosen to divide the GPUs (pp the model's usual)."""
    tp = int(w.opt("tp", min(DEFAULT_MAX_TP, gpus_per_server)))
    pp = int(w.opt("pp", 0) or DEFAULT_PP.get(w.model, max(1, int(round(w.params / 2e10)))))
    if n % tp:
        raise WorkloadError(Message("error.sim.tp_divide", tp=tp, gpus=n))
    if w.opt("pp") is None:
        while pp > 1 and (n // tp) % pp:
            pp -= 1
    if (n // tp) % pp:
        raise WorkloadError(Message("error.sim.pp_divide", pp=pp, groups=n // tp))
    dp = int(w.opt("dp", n // (tp * pp)))
    if dp * tp * pp != n:
        raise WorkloadError(Message("error.sim.parallel_product", dp=dp, tp=tp, pp=pp, product=dp * tp * pp, gpus=n))
    return tp, pp, dp


def _virtual_stages(w: Workload, pp: int, micro: int) -> int:
    """v of `vpp=` (1 without it), refused where Megatron's interleaved schedule cannot run (Narayanan et al., SC
    2021, section 2.2.2): it needs a pipeline (pp >= 2), at least a layer in each of a stage's v chunks, and a number
    of micro-batches that is a multiple of pp."""
    vpp = int(w.opt("vpp", 1))
    if vpp == 1:
        return 1
    if pp < 2:
        raise WorkloadError(Message("error.sim.vpp_pp", vpp=vpp))
    if w.layers // pp < vpp:
        raise WorkloadError(Message("error.sim.vpp_layers", vpp=vpp, layers=w.layers // pp, pp=pp))
    if micro % pp:
        raise WorkloadError(Message("error.sim.vpp_micro", vpp=vpp, micro=micro, pp=pp))
    return vpp


def _domain_facts(fab: CompiledFabric, w: Workload, r: np.ndarray) -> dict[str, int]:
    """The scale-up domain's GPUs and whether the TP and EP groups stay inside domains (1) or cross them (0)."""
    tp = r.shape[2]
    ep = int(w.opt("ep", 1))
    return {"domain_gpus": scaleup.domain_gpus(fab), "ep": ep,
            "tp_in_domain": int(scaleup.within_domains(fab, r.reshape(-1, tp))),
            "ep_in_domain": int(scaleup.within_domains(fab, expert_parallel.ep_groups(r, ep)))}


def _model_parallel_phases(w: Workload, fab: CompiledFabric, plan: Plan, r: np.ndarray,  # noqa: PLR0913
                           act_bytes: float, micro: int, route: RouteOptions, after: list[int], index: int,
                           tp_factor: float = 1.0) -> list[int]:
    """The tensor-parallel AllReduce steps and the expert-parallel AllToAlls of a step (activations of `act_bytes`
    per micro-batch), after `after`; returns the phases that follow them. `r` holds the ranks as [stage, replica,
    tp rank]; `tp_factor` scales the TP bytes (NVLink SHARP: 0.5)."""
    pp, _, tp = r.shape
    tag = f"w{index}"
    if tp > 1:
        groups = r.reshape(-1, tp)
        src = groups.reshape(-1)
        dst = np.roll(groups, -1, axis=1).reshape(-1)
        pat = FlowPattern(f"{tag}:tp", src, dst, np.ones(len(src)), route)
        layers_per_stage = max(1, w.layers // pp)
        reps = 2 * (tp - 1) * 4 * layers_per_stage * micro
        i = plan.add(Phase("tensor-parallel AllReduce step", pat, act_bytes / tp * tp_factor, repeat=reps, ring=True,
                           after=after, start_s=w.start_s, workload=index))
        after = [i]
    return expert_parallel.alltoall_phase(w, fab, plan, r, micro, route, after, index)


@dataclass(frozen=True)
class _Slot:
    """Where a phase goes in the plan: its pattern tag, workload, earliest start and the phases it follows."""

    tag: str
    index: int
    start: float
    after: list[int]


def _dp_allreduce(fab: CompiledFabric, plan: Plan, groups: np.ndarray, grad_bytes: float, route: RouteOptions,
                  at: _Slot, wp: WorkloadPlan) -> int:
    """The data-parallel AllReduce of every group at once, with the algorithm NCCL's model picks for one group."""
    tag, index, start, after = at.tag, at.index, at.start, at.after
    dp = groups.shape[1]
    servers = len(np.unique(fab.gpu_server[groups[0]]))
    bus = nic_Bps_per_gpu(fab, groups[0])
    algo = nccl_tuner.choose_allreduce(grad_bytes, dp, servers, bus, sharp=False)
    wp.extra["algorithm"] = algo
    if algo == "tree" and servers == dp:
        pa, pb, depth = dbt_parents(dp)
        src_parts: list[np.ndarray] = []
        dst_parts: list[np.ndarray] = []
        for parent in (pa, pb):
            child = np.flatnonzero(parent >= 0)
            src_parts += [groups[:, child].reshape(-1), groups[:, parent[child]].reshape(-1)]
            dst_parts += [groups[:, parent[child]].reshape(-1), groups[:, child].reshape(-1)]
        s, d = np.concatenate(src_parts), np.concatenate(dst_parts)
        pat = FlowPattern(f"{tag}:dp-tree", s, d, np.full(len(s), 0.5), route)
        fill = 2 * depth * nccl_tuner.NET_OVERHEAD_US * 1e-6
        return plan.add(Phase("data-parallel AllReduce (tree, pipelined)", pat, grad_bytes, alpha_factor=2 * depth,
                              alpha_extra_s=fill, after=after, start_s=start, workload=index, pipelined=True))
    wp.extra["algorithm"] = "ring"
    src, dst, legs = pxn.ring_flows(fab, groups)     # one ring a group, leaving each server by the NIC it came in by
    pat = FlowPattern(f"{tag}:dp", src, dst, np.ones(len(src)), route, legs=legs)
    overhead = nccl_tuner.step_overhead_s(servers > 1)
    return plan.add(Phase("data-parallel AllReduce step", pat, grad_bytes / dp, repeat=2 * (dp - 1),
                          alpha_extra_s=overhead, ring=True, after=after, start_s=start, workload=index))



