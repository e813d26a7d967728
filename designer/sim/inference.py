"""Inference serving: request traffic over the front-end, per-token tensor-parallel traffic on the
back-end, and request latency percentiles from a queue per model replica.

The engine simulates, for every replica at once, one request arriving over the front-end, one
decode token's tensor-parallel AllReduces (2 per layer of hidden·2 bytes, ring over the TP group)
and one response leaving. Request latency then follows for a Poisson stream (seeded) at `qps`
over `duration` (default 1 s), served first-come first-served by replicas of `tp` GPUs, one
request at a time per batch slot (`max_batch=`, continuous batching, default 256 as vLLM):
  prefill = 2·N·prompt / (tp·peak·mfu); decode per token = max(b·2·N / (tp·peak·mfu),
  2·N bytes / (tp·HBM bandwidth)) + that token's TP communication, for the b requests a replica holds at the
  load (Little's law, at most `max_batch=`).
HBM bandwidth per GPU is the catalog's (`hbm_tbps`, from the vendors' data sheets: H100 3.35, H200 4.8, B200
7.7, B300/GB200/GB300 8 TB/s, docs/references.md [nvidia-gpu-systems]; MI300X 5.3, MI355X 8 TB/s, [amd-instinct]);
a replica reads at the slowest of its GPUs'. A GPU whose catalog entry states none cannot serve: the run says so.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from designer.i18n.message import Message
from designer.sim.compile import PLANE_FRONTEND, CompiledFabric
from designer.sim.routing import RouteOptions
from designer.sim.training import DEFAULT_MAX_TP
from designer.sim.transfers import FlowPattern, Phase, Plan, WorkloadPlan, participants
from designer.sim.workload_spec import Workload, WorkloadError

DEFAULT_MFU = 0.5
TOKEN_ID_BYTES = 4
REQUEST_OVERHEAD_BYTES = 1024      # HTTP/JSON framing of a request or response [E]
SEARCH_REQUESTS = 20_000           # requests in the stream the latency target is searched on


DEFAULT_BATCH = 256                # requests a replica decodes together: vLLM's default max_num_seqs


@dataclass(frozen=True)
class _Replicas:
    """The model replicas, how many requests each decodes together (continuous batching) and what a request costs.

    A decode step reads the weights once for the whole batch and computes for each request in it, so with b
    requests in the batch it takes max(b x compute per token, weight read) (Kwon et al., vLLM, SOSP 2023; Yu et
    al., Orca, OSDI 2022: decoding is memory-bound until the batch is large)."""

    count: int
    output_tokens: int
    prefill_s: float
    token_compute_s: float             # compute of one request's token
    token_memory_s: float              # reading the weights once per decode step
    batch: int = 1

    def service_s(self, batch: float, token_comm_s: float) -> float:
        """One request's time in a replica whose batch holds `batch` requests: its prefill, then its tokens."""
        step = max(max(batch, 1.0) * self.token_compute_s, self.token_memory_s) + token_comm_s
        return self.prefill_s + self.output_tokens * step

    def service_at_rate_s(self, qps: float, token_comm_s: float) -> float:
        """The service time at a request rate: the batch a replica holds is, by Little's law, its share of the rate
        times the service time, at most `batch` (max_batch=); found by fixed-point iteration (it only grows, so it
        converges or reaches the cap)."""
        per_replica = qps / max(self.count, 1)
        held = 1.0
        for _ in range(60):
            nxt = min(float(self.batch), max(1.0, per_replica * self.service_s(held, token_comm_s)))
            if abs(nxt - held) < 1e-6 * held:
                break
            held = nxt
        return self.service_s(held, token_comm_s)


def build_inference(w: Workload, fab: CompiledFabric, plan: Plan, seed: int, index: int) -> WorkloadPlan:
    ranks = participants(w, fab.n_gpus)
    groups = _replica_groups(w, fab, ranks)
    arrivals = _arrivals(w, seed, index)
    replicas, tp = groups.shape
    wp = WorkloadPlan(workload=w, ranks=len(ranks), first=len(plan.phases))
    req, tok, resp = _add_phases(w, fab, plan, groups, seed, index)
    wp.last = [resp]
    peak = float(fab.gpu_peak_flops[ranks].min())
    mfu = float(w.opt("mfu", DEFAULT_MFU))
    hbm = _memory_bandwidth_bytes_per_s(fab, ranks)
    serving = _Replicas(count=replicas, output_tokens=int(w.opt("output", 128)),
                        prefill_s=2 * w.params * int(w.opt("prompt", 512)) / (tp * peak * mfu),
                        token_compute_s=2 * w.params / (tp * peak * mfu), token_memory_s=2 * w.params / (tp * hbm),
                        batch=int(w.opt("max_batch", DEFAULT_BATCH)))
    target_ms = w.opt("target_ms")
    load = _Load(duration_s=float(w.opt("duration", 1.0)), seed=(seed, index),
                 target_s=float(target_ms) * 1e-3 if target_ms is not None else None)
    wp.extra["finisher"] = _latency_finisher(serving, arrivals, req, tok, resp, load)
    return wp


def _memory_bandwidth_bytes_per_s(fab: CompiledFabric, ranks: np.ndarray) -> float:
    """The HBM bandwidth of the slowest participating GPU; an error when a GPU's catalog entry does not state it."""
    hbm = fab.gpu_hbm_bytes_per_s[ranks]
    if len(hbm) == 0 or float(hbm.min()) <= 0:
        raise WorkloadError(Message("error.sim.inference_hbm"))
    return float(hbm.min())


def _replica_groups(w: Workload, fab: CompiledFabric, ranks: np.ndarray) -> np.ndarray:
    """The ranks of each replica, [replica, tp rank]: `tp=` GPUs each (default a server's, at most 8)."""
    n = len(ranks)
    tp = int(w.opt("tp", min(DEFAULT_MAX_TP, fab.gpus_per_server())))
    if tp < 1 or n % tp:
        raise WorkloadError(Message("error.sim.tp_divide", tp=tp, gpus=n))
    replicas = n // tp
    if replicas < 2 and fab.n_gpus <= tp:
        raise WorkloadError(Message("error.sim.inference_servers"))
    return ranks.reshape(replicas, tp)


def _arrivals(w: Workload, seed: int, index: int) -> np.ndarray:
    """Request arrival times: a seeded Poisson stream of `qps` over `duration`."""
    qps_opt = w.opt("qps")
    assert qps_opt is not None, "the workload parser requires qps= of inference"
    qps = float(qps_opt)
    duration = float(w.opt("duration", 1.0))
    if qps * duration > 1_000_000:
        raise WorkloadError(Message("error.sim.inference_requests"))
    rng = np.random.default_rng([seed, index, 17])
    count = rng.poisson(qps * duration)
    return np.sort(rng.uniform(0.0, duration, size=count))


def _add_phases(w: Workload, fab: CompiledFabric, plan: Plan, groups: np.ndarray, seed: int,
                index: int) -> tuple[int, int | None, int]:
    """A request in over the front-end, a decode token's TP AllReduce steps on the back-end (none when tp=1)
    and the response out: the phases (request, token or None, response)."""
    replicas, tp = groups.shape
    leaders = groups[:, 0]
    remote = w.opt("clients") == "remote"
    other = _remote_clients(fab, leaders) if remote else _local_clients(fab, leaders)
    if not remote:
        _need_frontend(fab, np.concatenate([leaders, other]))
    tag = f"w{index}"
    start = w.start_s
    # requests from another site cross the long-haul links, which join the sites' back-ends
    front = RouteOptions(plane="backend" if remote else "frontend", seed=seed)
    back = RouteOptions(qps=None, adaptive=w.switch("ar"), spray=w.switch("spray"),
                        plane=str(w.opt("plane", "backend")), seed=seed)
    req = plan.add(Phase("request in", FlowPattern(f"{tag}:req", other, leaders, np.ones(replicas), front),
                         int(w.opt("prompt", 512)) * TOKEN_ID_BYTES + REQUEST_OVERHEAD_BYTES, start_s=start,
                         workload=index))
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
    resp = plan.add(Phase("response out", resp_pattern, int(w.opt("output", 128)) * TOKEN_ID_BYTES
                          + REQUEST_OVERHEAD_BYTES, after=[last], start_s=start, workload=index))
    return req, tok, resp


def _need_frontend(fab: CompiledFabric, gpus: np.ndarray) -> None:
    """Refuse, naming one, when a server of these GPUs has no front-end link (requests and responses of clients in
    the replicas' own site travel the front-end: without one they have no path)."""
    servers = np.unique(fab.gpu_server[gpus])
    missing = servers[~np.isin(servers, fab.port_src[fab.port_plane == PLANE_FRONTEND])]
    if len(missing):
        raise WorkloadError(Message("error.sim.inference_frontend", server=fab.node_ids[int(missing[0])],
                                    n=f"{len(missing):,}", total=f"{len(servers):,}"))


def _local_clients(fab: CompiledFabric, leaders: np.ndarray) -> np.ndarray:
    """Each replica's client: the leader of the next GPU server of its own site (front-end traffic between servers
    of one site; the sites' front-ends need not be joined)."""
    site = fab.gpu_site()
    heads = np.flatnonzero(fab.gpu_local == 0)                 # each server's first GPU, in server order
    out = np.empty(len(leaders), dtype=np.int64)
    for s in np.unique(site[leaders]):                         # one pass per site, not per request
        mine = site[leaders] == s
        ring = heads[site[heads] == s]
        own = np.searchsorted(ring, leaders[mine], side="right") - 1       # the leader's server in the ring
        nxt = ring[(own + 1) % len(ring)]
        # the GPU at the leader's position on the next server (its first GPU where that server has fewer)
        same = nxt + fab.gpu_local[leaders[mine]]
        ok = (same < fab.n_gpus) & (fab.gpu_server[np.minimum(same, fab.n_gpus - 1)] == fab.gpu_server[nxt])
        out[mine] = np.where(ok, same, nxt)
    return out


def _remote_clients(fab: CompiledFabric, leaders: np.ndarray) -> np.ndarray:
    """Each replica's client in another site (`clients=remote`: users reach the model through a site of their
    own, an edge site, so every request and response crosses the distance): the servers of the next site in turn."""
    site = fab.gpu_site()
    sites = np.unique(site[site >= 0])
    if len(sites) < 2:
        raise WorkloadError(Message("error.sim.remote_clients"))
    out = np.empty(len(leaders), dtype=np.int64)
    for s in sites:                                    # one pass per site (two or three), not per request
        mine = site[leaders] == s
        there = sites[(np.searchsorted(sites, s) + 1) % len(sites)]
        heads = np.flatnonzero((site == there) & (fab.gpu_local == 0))
        out[mine] = heads[np.arange(int(mine.sum())) % len(heads)]
    return out


def _latency_finisher(serving: _Replicas, arrivals: np.ndarray, req: int, tok: int | None,
                      resp: int, load: _Load) -> Callable[[dict[int, tuple[float, float]]], dict[str, object]]:
    """Request latency figures once the phases' spans are known: requests queue FIFO at each replica."""
    count = len(arrivals)

    def finish(phase_span: dict[int, tuple[float, float]]) -> dict[str, object]:
        def span(i: int | None) -> float:
            if i is None or i not in phase_span:
                return 0.0
            s, e = phase_span[i]
            return e - s
        req_s, resp_s = span(req), span(resp)
        tok_comm_s = span(tok)
        service = serving.service_at_rate_s(count / load.duration_s, tok_comm_s)
        latency = _request_latency_s(arrivals, serving.count * serving.batch, service, req_s, resp_s)
        out: dict[str, object] = {
            "requests": int(count), "replicas": serving.count, "batch": serving.batch, "service_ms": service * 1e3,
            "token_comm_us": tok_comm_s * 1e6,
            "request_latency_ms": {"p50": _quantile_ms(latency, 0.5), "p99": _quantile_ms(latency, 0.99),
                                   "p999": _quantile_ms(latency, 0.999),
                                   "max": float(latency.max()) * 1e3 if count else 0.0}}
        if load.target_s is not None:
            out["target_ms"] = load.target_s * 1e3
            out["max_qps_at_target"] = max_qps_at_target(serving, tok_comm_s, req_s + resp_s, load)
        return out

    return finish


@dataclass(frozen=True)
class _Load:
    """The request stream the latency target is checked against: its length and seed, and the p99 target."""

    duration_s: float
    seed: tuple[int, int]
    target_s: float | None


def max_qps_at_target(serving: _Replicas, token_comm_s: float, transit_s: float, load: _Load) -> float:
    """The highest request rate whose p99 latency still meets the target, by bisection on the rate.

    Every candidate rate sees the same seeded Poisson stream, stretched (unit-rate gaps divided by the rate), and
    its own service time (the batch grows with the rate): with these common random numbers the p99 grows with the
    rate, so bisection finds the boundary. The stream is SEARCH_REQUESTS long whatever `duration=` says (a short one
    would hide the queue a rate near capacity builds); above slots / service the queues grow without bound."""
    assert load.target_s is not None
    slots = serving.count * serving.batch
    if transit_s + serving.service_s(1.0, token_comm_s) > load.target_s:
        return 0.0
    capacity = slots / serving.service_s(float(serving.batch), token_comm_s)
    unit = np.cumsum(np.random.default_rng([load.seed[0], load.seed[1], 23]).exponential(1.0, size=SEARCH_REQUESTS))

    def p99_s(qps: float) -> float:
        service = serving.service_at_rate_s(qps, token_comm_s)
        return float(np.quantile(_request_latency_s(unit / qps, slots, service, transit_s, 0.0), 0.99))

    lo, hi = 0.0, capacity
    for _ in range(40):
        mid = 0.5 * (lo + hi)
        if p99_s(mid) <= load.target_s:
            lo = mid
        else:
            hi = mid
    return lo


def _request_latency_s(arrivals: np.ndarray, replicas: int, service_s: float, req_s: float,
                       resp_s: float) -> np.ndarray:
    """Each request's latency: in, waiting for its slot (round-robin dispatch), served, out. A replica that decodes
    up to B requests together is B slots: with one service time for all, FIFO hands request k the slot request k - B
    left, so R replicas of B slots are R x B single servers taken in turn (`replicas` counts the slots).

    At one replica, with a constant service time s, request j (arriving at a_j, j = 0, 1, ...) leaves at
    d_j = max(a_j, d_(j-1)) + s, which unrolls to d_j = (j + 1) s + max over i <= j of (a_i - i s) (Lindley's
    recursion): one running maximum per replica."""
    n = len(arrivals)
    if n == 0:
        return np.empty(0)
    rows = -(-n // replicas)
    ready = np.full(rows * replicas, np.inf)       # request k is replica k % R's (k // R)-th; padding at the end
    ready[:n] = arrivals + req_s
    j = np.arange(rows)[:, None]
    done = (j + 1) * service_s + np.maximum.accumulate(ready.reshape(rows, replicas) - j * service_s, axis=0)
    latency: np.ndarray = done.reshape(-1)[:n] + resp_s - arrivals
    return latency


def _quantile_ms(latency_s: np.ndarray, p: float) -> float:
    return float(np.quantile(latency_s, p)) * 1e3 if len(latency_s) else 0.0
