"""The simulation API used by the GUI and the CLI: run, stream (snapshots, cancellable), compare."""

from __future__ import annotations

import dataclasses
import os
import queue
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from designer.catalog.loader import Catalog
from designer.i18n.message import Message
from designer.model.document import FabricDocument
from designer.sim.budget import check_budget
from designer.sim.collectives import build_collective
from designer.sim.compile import CompiledFabric, compile_fabric
from designer.sim.dynamics.halves import THREADS_ENV, THREADS_VALUES
from designer.sim.engine import Cancelled, Engine
from designer.sim.failure_runtime import FailureRuntime
from designer.sim.failures import FailureSpec, check_failures, parse_failures
from designer.sim.fluid_queues import FluidQueues
from designer.sim.interval_stats import IntervalCounters, merged
from designer.sim.intervals import Interval
from designer.sim.iterations import add_iterations, iteration_count, wanted
from designer.sim.job_sharing import alone_plan, job_ports, sharing
from designer.sim.metrics import RunFacts, SimResult, build_result
from designer.sim.phase_life import RouteCache
from designer.sim.placement import place_jobs
from designer.sim.rate_model import MaxMinRateModel
from designer.sim.repeats import repeat_workload
from designer.sim.routing import Router
from designer.sim.run_totals import Totals
from designer.sim.traffic import build_traffic
from designer.sim.traffic_classes import check_virtual_lanes, lanes
from designer.sim.training import build_training
from designer.sim.transfers import Plan
from designer.sim.workload_spec import Workload, WorkloadError, parse_workloads

MAX_SNAPSHOTS = 5000


@dataclass
class SimOptions:
    """Options of one run. `backend` overrides every back-end segment's protocol ("ib" | "rocev2")."""

    seed: int = 1
    backend: str | None = None
    preset: str | None = None                  # overrides every segment's settings preset (recommended | plain)
    snapshot_interval_s: float | None = None   # simulated seconds between snapshots (None: only the last)
    # about how many snapshots a run should stream when no interval is given: the interval starts at the ideal
    # fabric's completion time / count and doubles whenever the run outlasts it (a congested run is slower)
    snapshot_count: int | None = None
    catalog: Catalog | None = None
    ideal_pass: bool = True                    # also run an ideal non-blocking fabric for throughput_fraction
    rate_model: str = "queue"                  # "queue": fluid queues where congested, max-min elsewhere; "maxmin"
    failures: list[str] = field(default_factory=list)   # KIND:ID@TIME[:up=TIME][:gbps=N] (designer/sim/failures.py)
    # interactive failures (specs such as "link:L1@now", or parsed), read between intervals
    control: queue.Queue[str | FailureSpec] | None = None
    # called now and then while a congested step runs through the fluid queues (which yields no interval until
    # the step is done), with the share of that step simulated so far: a long step shows it is moving
    on_busy: Callable[[float], None] | None = None
    # run only this job (index in the workload list) where the whole list places it, the others left out: the
    # "alone" run of designer/sim/interference.py
    only_job: int | None = None
    # simulate a training run's further steps (train:..:tokens= or iters=, designer/sim/iterations.py); those
    # steps' own runs set it to False
    iterations: bool = True
    # called after each of those further steps with (steps simulated, steps in all): the first is the run itself
    on_steps: Callable[[int, int], None] | None = None

    def check(self) -> None:
        if self.backend not in (None, "ib", "rocev2"):
            raise WorkloadError(Message("error.sim.unknown_backend", backend=self.backend))
        if not isinstance(self.seed, int) or isinstance(self.seed, bool) or self.seed < 0:
            raise WorkloadError(Message("error.sim.seed", value=repr(self.seed)))
        if self.snapshot_interval_s is not None and not self.snapshot_interval_s > 0:
            raise WorkloadError(Message("error.sim.snapshot_interval"))
        if self.snapshot_count is not None and not (isinstance(self.snapshot_count, int) and self.snapshot_count > 0):
            raise WorkloadError(Message("error.sim.snapshot_interval"))
        if self.rate_model not in RATE_MODELS:
            raise WorkloadError(Message("error.sim.rate_model", model=self.rate_model, choices=", ".join(RATE_MODELS)))
        parse_failures(self.failures)
        threads = os.environ.get(THREADS_ENV, "").strip()
        if threads and threads not in THREADS_VALUES:     # the fluid step's halves (dynamics/step_halves.py): 1 or 2
            raise WorkloadError(Message("error.sim.fluid_threads", env=THREADS_ENV, value=repr(threads)))


# "queue": fluid queues where the traffic congests the fabric, max-min elsewhere; "maxmin": max-min everywhere
RATE_MODELS = ("queue", "maxmin")
MODEL_NAMES = {"queue": "fluid queues (PFC, ECN/DCQCN, credits, loss) + max-min", "maxmin": "max-min fluid"}


@dataclass
class Snapshot:
    """The state of a run at one moment of simulated time (what the GUI plots)."""

    time_s: float
    throughput_gbps: float                # network goodput over the period the snapshot closes (bytes across a NIC)
    link_ids: list[str]
    link_utilization: np.ndarray          # per link (max of both directions) over the latest interval
    latency_us: dict[str, float]
    in_flight: int
    progress: float                       # 0..1
    result: SimResult | None = None
    extra: dict[str, Any] = field(default_factory=dict)


def build_plan(workloads: list[Workload], fab: CompiledFabric, seed: int) -> Plan:
    """All workloads' phases in one plan (they share the fabric; `start=` offsets them; placed jobs get their GPUs
    first, designer/sim/placement.py)."""
    plan = Plan()
    for k, w in enumerate(place_jobs(workloads, fab, seed)):
        if w.kind in ("allreduce", "allgather", "reducescatter", "alltoall"):
            wp = build_collective(w, fab, plan, seed, k)
        elif w.kind in ("permutation", "incast", "pingpong", "replicate", "checkpoint"):
            wp = build_traffic(w, fab, plan, seed, k)
        elif w.kind == "train":
            wp = build_training(w, fab, plan, seed, k)
        elif w.kind == "inference":
            from designer.sim.inference import build_inference
            wp = build_inference(w, fab, plan, seed, k)
        else:  # pragma: no cover - the parser rejects other kinds
            raise WorkloadError(Message("error.sim.unknown_kind", kind=w.kind))
        if int(w.opt("repeat", 1)) > 1:
            repeat_workload(plan, wp, int(w.opt("repeat", 1)))
        plan.workloads.append(wp)
    return plan


def _link_utilization(fab: CompiledFabric, iv: Interval) -> np.ndarray:
    if iv.port_bytes is None or iv.t1 <= iv.t0:
        return np.zeros(len(fab.link_ids))
    return _utilization_of(fab, iv.port_bytes(), iv.t1 - iv.t0)


def _utilization_of(fab: CompiledFabric, port_bytes: np.ndarray, span_s: float) -> np.ndarray:
    """Each cable's utilisation: the busier direction's bytes over what it can carry in the span."""
    n_links = len(fab.link_ids)
    if n_links == 0:
        return np.zeros(0)
    u = port_bytes[: 2 * n_links] / (fab.port_payload_Bps[: 2 * n_links] * span_s)
    return np.maximum(u[0::2], u[1::2])


@dataclass
class _Setup:
    """What a run is made of before the engine starts: the compiled fabric, the plan, routes and failures."""

    fab: CompiledFabric
    plan: Plan
    routes: RouteCache
    fails: FailureRuntime | None
    workload_options: list[dict[str, Any]]
    parsed: list[Workload]


def _set_up(doc: FabricDocument, workloads: list[str] | list[Workload], opts: SimOptions) -> _Setup:
    parsed = parse_workloads(workloads)
    fab = compile_fabric(doc, backend=opts.backend, catalog=opts.catalog, preset=opts.preset)
    check_virtual_lanes(fab, [w.options for w in parsed])
    plan = build_plan(parsed, fab, opts.seed)
    if opts.only_job is not None:
        if not 0 <= opts.only_job < len(parsed):
            raise WorkloadError(Message("error.sim.only_job", job=opts.only_job + 1, jobs=len(parsed)))
        plan = alone_plan(plan, opts.only_job)
    fail_specs = parse_failures(opts.failures)
    check_failures(fail_specs, doc)
    # refuse, before routing, a run that would exhaust memory
    check_budget(fab, plan, failures=bool(fail_specs) or opts.control is not None)
    routes = RouteCache(Router(fab, seed=opts.seed))
    fails = (FailureRuntime(fab, fail_specs, seed=opts.seed, base_route=routes.get, control=opts.control)
             if fail_specs or opts.control is not None else None)
    return _Setup(fab, plan, routes, fails, [w.options for w in parsed], parsed)


def _ideal_totals(setup: _Setup, cancel: threading.Event | None) -> Totals:
    """The run on an ideal non-blocking fabric: no congestion inside it, so steady max-min sharing is exact."""
    ideal = Engine(setup.fab, setup.plan, MaxMinRateModel(setup.fab), setup.routes, ideal=True, cancel=cancel)
    for _ in ideal.run():
        pass
    return ideal.totals


class _Cadence:
    """When snapshots are due: every `interval_s` of simulated time, or about `count` of them over a run first
    estimated from the ideal fabric's completion (a lower bound of the real one) and halved in rate each time the
    run outlasts the estimate."""

    def __init__(self, interval_s: float | None, count: int | None, ideal_end_s: float) -> None:
        self.target = count if interval_s is None else None
        self.cadence = interval_s if interval_s is not None else ((ideal_end_s or 1e-3) / count if count else None)
        self.next_tick = self.cadence if self.cadence else np.inf
        self.emitted = 0

    def due(self, iv: Interval) -> list[float]:
        """The snapshot times that fall within the interval (none if the cadence is off)."""
        if self.cadence is None or iv.t1 < self.next_tick:
            return []
        n_ticks = int((iv.t1 - self.next_tick) // self.cadence) + 1
        if self.emitted + n_ticks > MAX_SNAPSHOTS:      # a very fine cadence: one snapshot per interval
            n_ticks = 1
        return [self.next_tick + k * self.cadence for k in range(n_ticks)]

    def emitted_through(self, iv: Interval, n_ticks: int) -> None:
        assert self.cadence is not None
        self.emitted += n_ticks
        self.next_tick += n_ticks * self.cadence
        if self.target and self.emitted >= self.target and self.emitted % self.target < n_ticks:
            self.cadence *= 2.0                  # outlasted the estimate: half as many snapshots from here on
        if self.next_tick <= iv.t1:
            self.next_tick = (np.floor(iv.t1 / self.cadence) + 1) * self.cadence


def _goodput_gbps(iv: Interval) -> float:
    """The network's goodput over an interval: the bytes delivered across a NIC (the run's goodput figure; bytes
    moved inside an NVLink domain are not the network's)."""
    return iv.network_bytes * 8 / 1e9 / (iv.t1 - iv.t0) if iv.t1 > iv.t0 else 0.0


class _Period:
    """The intervals since the last snapshot (kept only when snapshots are taken), folded into one every
    `FOLD` intervals so that a long period holds no more than that many intervals' arrays."""

    FOLD = 32

    def __init__(self, on: bool) -> None:
        self.on = on
        self.parts: list[Interval] = []

    def add(self, iv: Interval) -> None:
        if self.on:
            self.parts.append(iv)
            if len(self.parts) > self.FOLD:
                self.parts = [merged(self.parts, now=True)]

    def take(self, iv: Interval, last_tick_s: float) -> Interval:
        """The period a snapshot at `last_tick_s` closes; the rest of `iv` after it starts the next one."""
        period = merged(self.parts)
        self.parts = [iv] if iv.t1 > last_tick_s else []
        return period


def stream(doc: FabricDocument, workloads: list[str] | list[Workload], options: SimOptions | None = None,
           cancel: threading.Event | None = None) -> Iterator[Snapshot]:
    """Run and yield snapshots every `options.snapshot_interval_s` of simulated time; the last one
    carries `.result`. Stops (raising nothing, yielding nothing more) soon after `cancel` is set."""
    opts = options or SimOptions()
    opts.check()
    wall0 = time.perf_counter()
    setup = _set_up(doc, workloads, opts)
    fab, fails = setup.fab, setup.fails
    try:
        ideal_totals = _ideal_totals(setup, cancel) if opts.ideal_pass else None
        fluid = FluidQueues(fab, setup.workload_options, seed=opts.seed) if opts.rate_model == "queue" else None
        engine = Engine(fab, setup.plan, MaxMinRateModel(fab), setup.routes, cancel=cancel, failures=fails,
                        fluid=fluid)
        counters = IntervalCounters(fab, engine.totals)   # per-interval queue figures for the plots
        steps = _steps(setup.parsed, opts)                # the run is the first of them: its share of the work
        planned = max(engine.planned_bytes(), 1.0) * steps
        ideal_end = max(ideal_totals.phase_end_s.values(), default=0.0) if ideal_totals is not None else 0.0
        cadence = _Cadence(opts.snapshot_interval_s, opts.snapshot_count, ideal_end)
        jobs = _JobFigures(setup) if len(setup.plan.workloads) > 1 and cadence.cadence is not None else None
        last: Interval | None = None
        since = _Period(cadence.cadence is not None)   # the intervals since the last snapshot
        done_bytes = 0.0
        for iv in engine.run():
            last, before = iv, done_bytes
            done_bytes += iv.delivered_bytes
            since.add(iv)
            if fails is not None:
                fails.observe(iv.t0, iv.t1, iv.delivered_bytes)
            ticks = cadence.due(iv)
            if not ticks:
                continue
            period = since.take(iv, ticks[-1])
            util = _link_utilization(fab, period)
            lat = engine.totals.latency.summary_us()
            extra = counters.overlay(counters.sample(iv.t1), iv.queue_figures)
            if fails is not None:
                extra = {**(extra or {}), **failure_extra(fab, fails)}
            if jobs is not None:
                held = (extra or {}).get("lane_link_paused")
                extra = {**(extra or {}), **jobs.extra(period, util, held if isinstance(held, np.ndarray) else None)}
            for tick in ticks:
                if cancel is not None and cancel.is_set():
                    return
                # bytes delivered up to the tick: the interval's rate is constant (or averaged) within it
                part = (tick - iv.t0) / (iv.t1 - iv.t0) if iv.t1 > iv.t0 else 1.0
                progress = min(1.0, (before + part * iv.delivered_bytes) / planned)
                yield Snapshot(time_s=tick, throughput_gbps=_goodput_gbps(period),
                               link_ids=fab.link_ids, link_utilization=util, latency_us=lat,
                               in_flight=iv.in_flight, progress=progress, extra=extra)
            cadence.emitted_through(iv, len(ticks))
    except Cancelled:
        return
    final = _final_snapshot(setup, opts, engine, ideal_totals, last, time.perf_counter() - wall0)
    if _add_steps(final.result, doc, setup.parsed, opts, steps, cancel):
        yield final


def _steps(parsed: list[Workload], opts: SimOptions) -> int:
    """Training steps the run simulates: itself, and the further steps of iterations.py where a workload asks."""
    return iteration_count(parsed) if opts.iterations and any(wanted(w) for w in parsed) else 1


def _add_steps(result: SimResult | None, doc: FabricDocument, parsed: list[Workload], opts: SimOptions,
               count: int, cancel: threading.Event | None = None) -> bool:
    """A training run's `count` - 1 further steps (`_steps`), each a run of its own with the next routing seed
    (designer/sim/iterations.py), told to `opts.on_steps` as each ends; False when `cancel` was set meanwhile."""
    done = [1]
    if count == 1 or result is None:
        return True

    def rerun(workloads: list[Workload], seed: int) -> dict[str, Any]:
        step_opts = dataclasses.replace(opts, seed=seed, ideal_pass=False, iterations=False, control=None,
                                        on_busy=None, on_steps=None, snapshot_interval_s=None, snapshot_count=None)
        final = None
        for snap in stream(doc, workloads, step_opts, cancel):
            final = snap.result
        if final is None:              # the stream stopped early: it was cancelled
            raise Cancelled()
        done[0] += 1
        if opts.on_steps is not None:
            opts.on_steps(done[0], count)
        return final.data

    wall0 = time.perf_counter()
    try:
        add_iterations(result.data, parsed, opts.seed, rerun)
    except Cancelled:
        return False
    result.data["sim_wall_time_s"] += time.perf_counter() - wall0
    return True


class _JobFigures:
    """What a snapshot of a run of several workloads (jobs) shows of each: its network goodput over the period
    (`job_gbps`, one value per workload), each cable's utilisation by that job's own bytes (`job_link_utilization`,
    one array per workload: the window's heat-map shows one job's traffic), where jobs run in several traffic
    classes the cables that held each job's class (`job_link_paused`: paused by PFC or waiting for credits; one
    class's pauses leave the others' traffic alone) and, in the first snapshot only, the cables its flows cross
    (`job_links`, link indices per workload)."""

    def __init__(self, setup: _Setup) -> None:
        self.n = len(setup.plan.workloads)
        self.fab = setup.fab
        self.lane_of, _ = lanes([wp.workload.options for wp in setup.plan.workloads])
        self.links: list[np.ndarray] | None = [
            np.unique(setup.fab.port_link[mask][setup.fab.port_link[mask] >= 0])
            for mask in job_ports(setup.fab, setup.plan, setup.routes)]

    def extra(self, iv: Interval, link_utilization: np.ndarray,
              lane_link_paused: np.ndarray | None = None) -> dict[str, Any]:
        """The interval's figures per job; `link_utilization`: every cable's, all jobs together;
        `lane_link_paused`: [traffic class, cable] held in the interval (None with a single class)."""
        span = iv.t1 - iv.t0
        per = iv.network_by_workload or {}
        out: dict[str, Any] = {"job_gbps": [per.get(k, 0.0) * 8 / 1e9 / span if span > 0 else 0.0
                                            for k in range(self.n)],
                               "job_link_utilization": self._link_utilization(iv, link_utilization)}
        if lane_link_paused is not None:
            out["job_link_paused"] = [lane_link_paused[int(c)] for c in self.lane_of]
        if self.links is not None:
            out["job_links"], self.links = self.links, None
        return out

    def _link_utilization(self, iv: Interval, total: np.ndarray) -> list[np.ndarray]:
        """Each job's share of every cable's utilisation in the interval. The ports' carried bytes are split in
        proportion to what each job's delivered bytes put on them along its routes (queues make the two differ a
        little within an interval; the split keeps the jobs' bytes on each port summing to what it carried)."""
        port_bytes = iv.port_bytes() if iv.port_bytes is not None else None
        per = iv.by_workload or {}
        if port_bytes is None or not per:
            return [np.zeros_like(total) for _ in range(self.n)]
        if iv.port_bytes_by_workload is None:                 # one workload moved: the whole interval is its
            return [total if k in per else np.zeros_like(total) for k in range(self.n)]
        routed = iv.port_bytes_by_workload()
        routed_sum = np.sum(list(routed.values()), axis=0)
        out = []
        for k in range(self.n):
            share = np.zeros(len(port_bytes))
            if k in routed:
                np.divide(routed[k], routed_sum, out=share, where=routed_sum > 0)
            out.append(_utilization_of(self.fab, port_bytes * share, iv.t1 - iv.t0))
        return out


def _final_snapshot(setup: _Setup, opts: SimOptions, engine: Engine, ideal_totals: Totals | None, last: Interval | None,
                    wall_s: float) -> Snapshot:
    """The run's last snapshot, carrying its result."""
    fab = setup.fab
    result = build_result(fab, setup.plan, engine.totals, ideal_totals, setup.routes,
                          RunFacts(wall_s=wall_s, seed=opts.seed, backend=opts.backend,
                                   model_name=MODEL_NAMES[opts.rate_model], preset=opts.preset))
    if setup.fails is not None:
        add_failure_report(result, fab, setup.plan, engine, setup.fails)
    if len(setup.plan.workloads) > 1:
        result.data["sharing"] = sharing(fab, setup.plan, setup.routes, engine.totals)
    util = _link_utilization(fab, last) if last is not None else np.zeros(len(fab.link_ids))
    # the last point of the plots is the rate of the run's last interval (the bytes still landing), not the
    # run's mean goodput: a mean drawn at the end reads as a spike on a curve that varied
    last_gbps = _goodput_gbps(last) if last is not None else float(result.data["goodput_gbps"])
    # each cable's utilisation over the whole run: what the window shows once the run is done (the last interval
    # is only the run's tail: a few bytes still landing)
    span_s = result.completion_time_s
    whole = (_utilization_of(fab, engine.totals.port_bytes, span_s) if span_s > 0
             else np.zeros(len(fab.link_ids)))
    result.link_utilization = np.minimum(whole, 1.0)
    return Snapshot(time_s=result.completion_time_s, throughput_gbps=last_gbps, link_ids=fab.link_ids,
                    link_utilization=util, latency_us=result.data["latency_us"], in_flight=0, progress=1.0,
                    result=result)


def run(doc: FabricDocument, workloads: list[str] | list[Workload], options: SimOptions | None = None) -> SimResult:
    """Simulate the workloads on the design and return the result."""
    opts = options or SimOptions()
    quiet = dataclasses.replace(opts, snapshot_interval_s=None)
    final = None
    for snap in stream(doc, workloads, quiet):
        final = snap
    assert final is not None and final.result is not None
    return final.result


def compare(doc: FabricDocument, workloads: list[str] | list[Workload], options: SimOptions | None = None,
            designs: dict[str, FabricDocument] | None = None) -> dict[str, SimResult]:
    """The workloads as IB, then as RoCEv2: each on `designs[protocol]` where given (the design that protocol's
    option is priced for, designer/analysis/protocol_options.py `option_designs`), else on the drawing with every
    back-end segment overridden to that protocol (its switches run as their counterparts, compile.py)."""
    opts = options or SimOptions()
    out = {}
    for proto in ("ib", "rocev2"):
        o = dataclasses.replace(opts, backend=proto, snapshot_interval_s=None, control=None)
        out[proto] = run((designs or {}).get(proto, doc), workloads, o)
    return out


def failure_extra(fab: CompiledFabric, fails: FailureRuntime) -> dict[str, Any]:
    """What a snapshot shows of failures: links down now, and the failures so far (for plot markers)."""
    down = fails.dead[: 2 * len(fab.link_ids)]
    return {"failed_links": [fab.link_ids[k] for k in np.flatnonzero(down[0::2] | down[1::2])],
            "failure_events": [(r.time_s, r.spec.text or r.spec.label) for r in fails.records]}


def add_failure_report(result: SimResult, fab: CompiledFabric, plan: Plan, engine: Engine,
                       fails: FailureRuntime) -> None:
    """data["failures"] (one entry per failure), data["completed"], and data["undelivered"] when flows
    that lost their only path never finished (the run ends there instead of waiting forever)."""
    data = result.data
    end_s = engine.stuck_at_s if engine.stuck_at_s is not None else result.completion_time_s
    data["failures"] = fails.report(end_s)
    late = fails.not_applied()
    if late:          # scheduled after the workloads ended: nothing was left to fail
        data["failures_after_end"] = [{"spec": s.text or s.label, "time_s": t} for t, s in late]
    data["notes"] = list(data.get("notes", [])) + fails.notes
    data["completed"] = engine.stuck_at_s is None
    data["planned_bytes"] = int(round(engine.total_planned_bytes))
    data["delivered_bytes"] = int(round(engine.totals.delivered_bytes))
    if engine.stuck_at_s is None:
        return
    data["completion_time_s"] = engine.stuck_at_s       # where the run stopped: no completion to compare
    data["throughput_fraction"] = None
    servers: set[str] = set()
    pairs = 0
    for i, subs in engine.stuck.items():
        pattern = plan.phases[i].pattern
        assert pattern is not None, "only a phase that moves bytes can be stuck"
        rf = engine.routed(i).routed
        flows = np.unique(rf.sub_flow[subs])
        pairs += len(flows)
        for gpu in np.concatenate([pattern.src[flows], pattern.dst[flows]]):
            servers.add(fab.node_ids[fab.gpu_server[int(gpu)]])
    left = max(0.0, engine.total_planned_bytes - engine.totals.delivered_bytes)
    names = sorted(servers)
    shown = ", ".join(names[:6]) + (f" and {len(names) - 6} more" if len(names) > 6 else "")
    data["undelivered"] = {
        "time_s": engine.stuck_at_s, "flows": pairs, "bytes": int(round(left)), "servers": names,
        "message": (f"{pairs} transfer(s) lost every path (servers {shown}) and could not complete; "
                    f"{left / 2**20:.4g} MiB undelivered when the run stopped at {engine.stuck_at_s * 1e3:.4g} ms"),
    }
