"""Inference serving: request traffic over the front-end, per-token tensor-parallel traffic on the
back-end, and request latency percentiles from a queue per model replica.

The engine simulates, for every replica at once, one request arriving over the front-end, one
decode token's tensor-parallel AllReduces (2 per layer of hidden·2 bytes, ring over the TP group)
and one response leaving. Request latency then follows for a Poisson stream (seeded) at `qps`
over `duration` (default 1 s), served first-come first-served by replicas of `tp` GPUs, one
request at a time (no batching: a conservative bound):
  prefill = 2·N·prompt / (tp·peak·mfu); decode per token = max(2·N / (tp·peak·mfu),
  2·N bytes / (tp·HBM bandwidth)) + that token's TP communication.
HBM bandwidth per GPU from NVIDIA's data sheets (H100 3.35, H200 4.8, B200 7.7 TB/s;
docs/references.md [nvidia-gpu-systems]).
"""

from __future__ import annotations

import numpy as np

from designer.i18n.message import Message
from designer.sim.compile import CompiledFabric
from designer.sim.routing import RouteOptions
from designer.sim.transfers import FlowPattern, Phase, Plan, WorkloadPlan, participants
from designer.sim.workload_spec import Workload, WorkloadError

HBM_BYTES_PER_S = {"H100": 3.35e12, "H200": 4.8e12, "B200": 7.7e12, "H100-PCIe": 3.9e12}
DEFAULT_MFU = 0.5
TOKEN_ID_BYTES = 4
REQUEST_OVERHEAD_BYTES = 1024      # HTTP/JSON framing of a request or response [E]


def build_inference(w: Workload, fab: CompiledFabric, plan: Plan, seed: int, index: int) -> WorkloadPlan:
    ranks = participants(w, fab.n_gpus)
    n = len(ranks)
    g = fab.gpus_per_server()
    tp = int(w.opt("tp", min(8, g)))
    if tp < 1 or n % tp:
        raise WorkloadError(Message("error.sim.tp_divide", tp=tp, gpus=n))
    replicas = n // tp
    if replicas < 2 and fab.n_gpus <= tp:
        raise WorkloadError(Message("error.sim.inference_servers"))
    prompt = int(w.opt("prompt", 512))
    output = int(w.opt("output", 128))
    qps_opt = w.opt("qps")
    assert qps_opt is not None, "the workload parser requires qps= of inference"
    qps = float(qps_opt)
    duration = float(w.opt("duration", 1.0))
    if qps * duration > 1_000_000:
        raise WorkloadError(Message("error.sim.inference_requests"))
    mfu = float(w.opt("mfu", DEFAULT_MFU))
    groups = ranks.reshape(replicas, tp)
    leaders = groups[:, 0]
    # clients: the leader of the GPU server after each replica's (front-end traffic between servers)
    other = np.roll(np.arange(fab.n_gpus, dtype=np.int64), -g)[leaders]
    tag = f"w{index}"
    start = w.start_s
    front = RouteOptions(plane="frontend", seed=seed)
    back = RouteOptions(qps=None, adaptive=w.switch("ar"), spray=w.switch("spray"),
                        plane=str(w.opt("plane", "backend")), seed=seed)
    wp = WorkloadPlan(workload=w, ranks=n, first=len(plan.phases))
    req = plan.add(Phase("request in", FlowPattern(f"{tag}:req", other, leaders, np.ones(replicas), front),
                         prompt * TOKEN_ID_BYTES + REQUEST_OVERHEAD_BYTES, start_s=start, workload=index))
    last = req
    tok = None
    if tp > 1:
        src = groups.reshape(-1)
        dst = np.roll(groups, -1, axis=1).reshape(-1)
        tok_pattern = FlowPattern(f"{tag}:tok", src, dst, np.ones(len(src)), back)
        tok = plan.add(Phase("decode token TP AllReduce step", tok_pattern,
                             w.hidden * 2.0 / tp, repeat=2 * (tp - 1) * 2 * w.layers, after=[req], start_s=start,
                             workload=index))
        last = tok
    resp_pattern = FlowPattern(f"{tag}:resp", leaders, other, np.ones(replicas), front)
    resp = plan.add(Phase("response out", resp_pattern, output * TOKEN_ID_BYTES + REQUEST_OVERHEAD_BYTES,
                          after=[last], start_s=start, workload=index))
    wp.last = [resp]
    peak = float(fab.gpu_peak_flops[ranks].min())
    gpu_model = "H100"
    hbm = HBM_BYTES_PER_S.get(gpu_model, 3.35e12)
    prefill_s = 2 * w.params * prompt / (tp * peak * mfu)
    decode_compute_s = max(2 * w.params / (tp * peak * mfu), 2 * w.params / (tp * hbm))
    rng = np.random.default_rng([seed, index, 17])
    count = rng.poisson(qps * duration)
    arrivals = np.sort(rng.uniform(0.0, duration, size=count))

    def finish(phase_span: dict[int, tuple[float, float]]) -> dict:
        def span(i: int | None) -> float:
            if i is None or i not in phase_span:
                return 0.0
            s, e = phase_span[i]
            return e - s
        req_s, resp_s = span(req), span(resp)
        tok_comm_s = span(tok)
        service = prefill_s + tok_comm_s + output * (decode_compute_s + tok_comm_s)
        latency = np.empty(count)
        free_at = np.zeros(replicas)
        for k, t in enumerate(arrivals):            # FIFO per replica, round-robin dispatch
            r = k % replicas
            begin = max(t + req_s, free_at[r])
            free_at[r] = begin + service
            latency[k] = free_at[r] + resp_s - t
        q = (lambda p: float(np.quantile(latency, p)) * 1e3) if count else (lambda p: 0.0)
        return {"requests": int(count), "replicas": replicas, "service_ms": service * 1e3,
                "token_comm_us": tok_comm_s * 1e6,
                "request_latency_ms": {"p50": q(0.5), "p99": q(0.99), "p999": q(0.999),
                                       "max": float(latency.max()) * 1e3 if count else 0.0}}

    wp.extra["finisher"] = finish
    return wp
