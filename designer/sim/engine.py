"""The event loop: phases start when their dependencies end, their flows drain, and every advance of simulated time
is reported as an `Interval` (for the live plots, snapshots and the timeline).

Events are phase starts, phase completions and the ends of compute intervals and latency tails. Flows drain in one
of two ways:
- where no port is over-offered, max-min fair rates are exact: the engine advances from one completion to the next,
  and a phase that runs alone at the start of a step reuses its drain profile, so the 2(n-1) steps of a ring cost
  one max-min solve;
- where senders over-offer a port (incast, oversubscription, hash collisions), the phases drain through the fluid
  queues (fluid_queues.py) in windows of simulated time, each reported as it is simulated. A step that repeats
  alone (a ring over congested links) streams its first repeats and then stands in the mean of the warm ones for
  the rest. Warm means the senders' state no longer carries the start of the collision: without congestion
  control every repeat after the first; with DCQCN, whose rate-increase timer paces the recovery from the
  collapse a collision starts with and whose cuts keep the rates swinging, the repeats after two timer periods,
  once batches of them agree well enough to estimate the mean (stand_in.py).
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import TypeVar

import numpy as np
import scipy.sparse as sp

from designer.i18n.message import Message
from designer.sim import stand_in
from designer.sim.compile import PLANE_BACKEND, CompiledFabric
from designer.sim.dynamics.jit import njit
from designer.sim.failure_runtime import FailureRuntime
from designer.sim.fluid_queues import DrainHint, FluidQueues, Window, whole_range
from designer.sim.latency import LatencyGroups, LatencyRecorder, latency_groups
from designer.sim.maxmin import drain_bounds_s
from designer.sim.pipeline import pipeline_pace_Bps
from designer.sim.queue_groups import in_queues
from designer.sim.rate_model import ActiveFlows, Advance, MaxMinRateModel, SoloProfile, delivered_over
from designer.sim.routing import RoutedFlows, Router
from designer.sim.segment_totals import add_by_segment, add_by_segment_and_masked, add_zero_by_segment, segment_bounds
from designer.sim.step_latency import step_path_latency_ns
from designer.sim.transfers import FlowPattern, Plan
from designer.sim.workload_spec import WorkloadError

_T = TypeVar("_T")

_EPS_S = 1e-15
# A lossy class without congestion control under a sustained overload: go-back-N resends more than it delivers and
# the run makes no headway (loss.py). A run that has resent this many times the bytes it must deliver is stopped
# with a message rather than left to run on; a lossy run that recovers resends far less (a few hundred times at the
# worst measured, 8:1 into a shallow switch with DCQCN on: docs/multi-site.md).
COLLAPSE_RESENT_FACTOR = 1000.0
WAITING, DRAINING, TAIL, DONE = 0, 1, 2, 3


class Cancelled(Exception):
    """The run was cancelled through its threading.Event."""


class EngineError(RuntimeError):
    """The plan cannot complete (a phase that can never start, a port with zero capacity)."""


@dataclass
class Interval:
    """A stretch of simulated time with constant (or averaged) flow rates."""

    t0: float
    t1: float
    delivered_bytes: float
    in_flight: int
    port_bytes: Callable[[], np.ndarray] | None = None   # bytes each port carried in the interval
    queue_figures: dict[str, float | np.ndarray] | None = None   # the queues' own figures for a fluid window
    by_workload: dict[int, float] | None = None    # delivered bytes per workload index (None: nothing delivered)
    # the ports each workload's delivered bytes crossed (from their routes), counted when asked; None: the interval
    # is one workload's (or nothing moved)
    port_bytes_by_workload: Callable[[], dict[int, np.ndarray]] | None = None
    # delivered bytes that crossed a NIC per workload index (the network's goodput; bytes moved inside an NVLink
    # domain are not the network's); None: nothing crossed one
    network_by_workload: dict[int, float] | None = None

    @property
    def throughput_Bps(self) -> float:
        return self.delivered_bytes / (self.t1 - self.t0) if self.t1 > self.t0 else 0.0

    @property
    def network_bytes(self) -> float:
        return sum((self.network_by_workload or {}).values())


@dataclass
class _Delivered:
    """Bytes some sub-flows delivered in an interval, with their routes (ports x sub-flows of their phase, gathered
    when asked; `subs` picks the columns, None: all) and each one's phase."""

    routes: Callable[[], sp.csr_matrix]
    subs: np.ndarray | None
    phase: np.ndarray
    delivered_bytes: np.ndarray


@dataclass
class _Routed:
    routed: RoutedFlows
    matrix: sp.csr_matrix
    sub_unit_bytes: np.ndarray       # bytes of each sub-flow per byte of bytes_per_flow
    port_unit_bytes: np.ndarray      # bytes per port per byte of bytes_per_flow
    profile: SoloProfile | None = None
    congested: bool | None = None
    path_latency_ns: dict[bool, float] = field(default_factory=dict)   # what a step pays, ring or not (found once)
    stalled: np.ndarray | None = None    # per sub-flow, whether its route crosses a failed port (found once)
    latency: LatencyGroups | None = None   # the sub-flows grouped by path latency and segment (found once)


@dataclass
class Totals:
    """What the run accumulated (read by metrics)."""

    port_bytes: np.ndarray
    delivered_bytes: float = 0.0
    network_bytes: float = 0.0                    # delivered bytes that crossed a NIC (NVLink apart)
    workload_bytes: dict[int, float] = field(default_factory=dict)
    workload_network_bytes: dict[int, float] = field(default_factory=dict)
    segment_bytes: dict[int, float] = field(default_factory=dict)
    segment_network_bytes: dict[int, float] = field(default_factory=dict)
    segment_end_s: dict[int, float] = field(default_factory=dict)
    phase_start_s: dict[int, float] = field(default_factory=dict)
    phase_end_s: dict[int, float] = field(default_factory=dict)
    latency: LatencyRecorder = field(default_factory=LatencyRecorder)
    pause_port_s: float = 0.0
    credit_stall_port_s: float = 0.0
    ecn_marked_bytes: float = 0.0
    dropped_bytes: float = 0.0
    retransmitted_bytes: float = 0.0
    port_paused_s: np.ndarray | None = None
    port_stall_s: np.ndarray | None = None
    port_dropped_B: np.ndarray | None = None
    # [port, lane]: pause and credit-stall seconds per traffic class (fluid_queues.py; lanes in the order of
    # traffic_classes.lanes)
    port_lane_paused_s: np.ndarray | None = None
    port_lane_stall_s: np.ndarray | None = None
    segment_marked: dict[int, float] = field(default_factory=dict)
    segment_dropped: dict[int, float] = field(default_factory=dict)
    segment_resent: dict[int, float] = field(default_factory=dict)
    events: int = 0
    fluid_steps: int = 0
    flow_time_s: dict[int, np.ndarray] = field(default_factory=dict)  # phase -> per-sub-flow drain time

    def add_port_counters(self, paused_s: np.ndarray, stall_s: np.ndarray, dropped_B: np.ndarray,
                          used: np.ndarray, lane_paused_s: np.ndarray | None = None,
                          lane_stall_s: np.ndarray | None = None) -> None:
        for name, delta in (("port_paused_s", paused_s), ("port_stall_s", stall_s), ("port_dropped_B", dropped_B),
                            ("port_lane_paused_s", lane_paused_s), ("port_lane_stall_s", lane_stall_s)):
            if delta is None:
                continue
            if getattr(self, name) is None:
                setattr(self, name, np.zeros(delta.shape))
            getattr(self, name)[:] += delta
        self.pause_port_s += float(paused_s[used].sum())
        self.credit_stall_port_s += float(stall_s[used].sum())


class RouteCache:
    """Routes of each flow pattern, computed once per run and shared by the ideal and real passes."""

    def __init__(self, router: Router):
        self.router = router
        self._cache: dict[str, RoutedFlows] = {}

    def get(self, pattern: FlowPattern) -> RoutedFlows:
        if pattern.key not in self._cache:
            self._cache[pattern.key] = self.router.route(pattern.src, pattern.dst, pattern.route, pattern.flow_bytes)
        return self._cache[pattern.key]


class Engine:
    """Runs a Plan over a compiled fabric; iterate `run()` for Intervals."""

    def __init__(self, fab: CompiledFabric, plan: Plan, model: MaxMinRateModel, routes: RouteCache, *,
                 ideal: bool = False, cancel: threading.Event | None = None,
                 failures: FailureRuntime | None = None, fluid: FluidQueues | None = None):
        self.fab = fab
        self.plan = plan
        self.model = model
        self.routes = routes
        self.ideal = ideal
        self.cancel = cancel
        self.failures = failures          # failure schedule and state (None: the intact fabric)
        self.fluid = None if ideal else fluid
        self.stuck: dict[int, np.ndarray] = {}   # phase -> sub-flows that could never finish (failures)
        self.stuck_at_s: float | None = None
        self.totals = Totals(port_bytes=np.zeros(fab.n_ports))
        self._routed: dict[str, _Routed] = {}
        # a new object each time the routes change (a failure, repair or reroute), for the rate model to see that
        # the sub-flows it solved for keep their routes (ActiveFlows.routes_version)
        self._routes_version = object()
        self._queue_split: tuple[tuple[int, ...], list[int], list[int]] | None = None   # _split_by_queues
        self.total_planned_bytes = 0.0
        self.backend_ports = fab.port_plane == PLANE_BACKEND
        n = len(plan.phases)
        self.t = 0.0
        self.status = np.zeros(n, dtype=np.int8)
        self.deps_left = np.array([len(p.after) for p in plan.phases], dtype=np.int64)
        self.phase_workload = np.array([p.workload for p in plan.phases], dtype=np.int64)
        self.children: list[list[int]] = [[] for _ in range(n)]
        for i, p in enumerate(plan.phases):
            for d in p.after:
                self.children[d].append(i)
        self.ready_at = np.array([p.start_s if not p.after else np.inf for p in plan.phases])
        self.reps_left = np.array([p.repeat for p in plan.phases], dtype=np.int64)
        self.wake_at = np.full(n, np.inf)
        self.remaining: dict[int, np.ndarray] = {}   # draining phase -> bytes left per sub-flow
        self.alive: dict[int, np.ndarray] = {}       # draining phase -> indices of unfinished sub-flows
        self.rep_start: dict[int, bool] = {}         # phase is at the start of a step
        self.step_started_s: dict[int, float] = {}
        self.repeats: dict[int, list[stand_in.Repeat]] = {}  # phase -> its congested repeats streamed alone
        self._installed_rows: dict[int, _SubRows] = {}   # phase -> its installed sub-flows' rows (`_sub_rows`)

    # ---- routes and profiles --------------------------------------------------------------------
    def routed(self, i: int) -> _Routed:
        pattern = self.plan.phases[i].pattern
        assert pattern is not None
        if pattern.key not in self._routed:
            rf = self.failures.route(pattern) if self.failures is not None else self.routes.get(pattern)
            matrix = rf.ideal if self.ideal else rf.matrix
            unit = pattern.weight[rf.sub_flow] * rf.sub_share
            self._routed[pattern.key] = _Routed(rf, matrix, unit, matrix @ unit)
        return self._routed[pattern.key]

    def planned_bytes(self) -> float:
        total = 0.0
        for i, ph in enumerate(self.plan.phases):
            if ph.pattern is not None:
                total += float(self.routed(i).sub_unit_bytes.sum()) * ph.bytes_per_flow * ph.repeat
        self.total_planned_bytes = total
        return total

    def _congested(self, phases: list[int]) -> bool:
        """Whether the draining phases together over-offer a port (then they drain through the queues)."""
        if self.fluid is None:
            return False
        if len(phases) == 1:
            r = self.routed(phases[0])
            if r.congested is None:
                r.congested = self._offers_too_much([(phases[0], np.arange(len(r.sub_unit_bytes)))])
            return r.congested
        return self._offers_too_much([(i, self.alive[i]) for i in phases])

    def _offers_too_much(self, parts: list[tuple[int, np.ndarray]]) -> bool:
        """Whether the sub-flows `a` of each phase i in `parts` over-offer a port."""
        return bool(self._over_offered(parts).any())

    def _over_offered(self, parts: list[tuple[int, np.ndarray]]) -> np.ndarray:
        """Per port, whether the sub-flows `a` of each phase i in `parts` offer it more than it carries. The flows
        of a pipelined step offer no more than the pipeline's pace (pipeline.py), as they do in the queues: such a
        step alone never over-offers a port, so it drains at max-min rates without queues (its pace keeps its
        busiest port full and the others below capacity, which max-min with the pace as a limit reproduces)."""
        assert self.fluid is not None
        mats = [_columns(self.routed(i).matrix, a) for i, a in parts]
        first = np.concatenate([self.routed(i).routed.sub_first_port[a] for i, a in parts])
        weight = np.concatenate([self.routed(i).sub_unit_bytes[a] for i, a in parts])
        pace = _stacked([self._pace_Bps(i, m, self.routed(i).sub_unit_bytes[a])
                         for (i, a), m in zip(parts, mats, strict=True)], [len(a) for _, a in parts])
        return self.fluid.over_offered(_side_by_side(mats), first, weight, pace)

    def _split_by_queues(self, draining: list[int]) -> tuple[list[int], list[int]]:
        """The draining phases that drain in the queues and those that drain beside them at max-min rates: they
        share no port (nor, for lossy traffic, a switch buffer) with an over-offered port or an installed phase
        (queue_groups.py). The split holds while the same phases drain."""
        fluid = self.fluid
        assert fluid is not None
        if len(draining) == 1:
            return draining, []
        key = tuple(draining)
        if self._queue_split is None or self._queue_split[0] != key:
            mats = [_columns(self.routed(i).matrix, self.alive[i]) for i in draining]
            ports = [np.flatnonzero(np.diff(m.tocsr().indptr)) for m in mats]
            lossy = [fluid.lossy(self.plan.phases[i].workload, p) for i, p in zip(draining, ports, strict=True)]
            buffers = fluid.ports.buffer_index
            hot = in_queues(ports, lossy, np.full(fluid.fab.n_ports, -1) if buffers is None else buffers,
                            self._over_offered([(i, self.alive[i]) for i in draining]),
                            [i in fluid.installed for i in draining])
            self._queue_split = (key, [i for i, h in zip(draining, hot, strict=True) if h],
                                 [i for i, h in zip(draining, hot, strict=True) if not h])
        return self._queue_split[1], self._queue_split[2]

    def _pace_Bps(self, i: int, matrix: sp.csr_matrix, sub_bytes: np.ndarray) -> np.ndarray | None:
        """The most each sub-flow of phase i (with `sub_bytes` to move) offers: the pipeline's pace for a pipelined
        step (pipeline.py), the same in the queues and at max-min rates; None for any other step (no limit)."""
        if not self.plan.phases[i].pipelined:
            return None
        return pipeline_pace_Bps(matrix.tocsr(), sub_bytes.astype(float), self.model.capacity)

    # ---- the loop -------------------------------------------------------------------------------
    def run(self) -> Iterator[Interval]:
        """Simulate the whole plan, yielding each interval of simulated time."""
        while True:
            if self.cancel is not None and self.cancel.is_set():
                raise Cancelled()
            self._apply_failures()
            self._wake_due()
            self._start_ready()
            if ((self.status == TAIL) & (self.wake_at <= self.t + _EPS_S)).any():
                continue
            draining = [int(i) for i in np.flatnonzero(self.status == DRAINING)]
            next_evt = self._next_event()
            if not draining:
                if not math.isfinite(next_evt):
                    self._check_complete()
                    return
                yield Interval(self.t, next_evt, 0.0, 0)
                self.t = next_evt
                continue
            if len(draining) == 1 and self._can_stand_in(draining[0]):
                yield from self._stand_in(draining[0], next_evt)
            elif self.fluid is not None and (self.fluid.active or self._congested(draining)):
                yield from self._fluid_window(draining, next_evt)
            elif len(draining) == 1 and self.rep_start.get(draining[0], False) and not self._crosses_dead(draining[0]):
                yield from self._solo_steps(draining[0], next_evt)
            else:
                yield from self._shared_advance(draining, next_evt)

    # ---- failures -------------------------------------------------------------------------------
    def _apply_failures(self) -> None:
        """Failures, repairs and reroutes due now: new capacities, new routes, who stalls."""
        fails = self.failures
        if fails is None:
            return
        fails.poll(self.t)
        if fails.next_time() > self.t + _EPS_S:
            return
        started = fails.apply_due(self.t)
        self._routed.clear()                      # routes (and profiles, and who stalls) follow the tables
        self._routes_version = object()
        self._queue_split = None                  # and so do the ports phases share
        self.model.set_capacity(fails.capacity_Bps())
        if self.fluid is not None:
            self.fluid.set_capacity(fails.capacity_Bps())   # bytes in flight are sent again on the new routes
        for rec in started:
            if rec.action != "down":
                continue
            hit = np.zeros(self.fab.n_ports)
            hit[fails.ports_of(rec.spec)] = 1.0
            for i in map(int, np.flatnonzero(self.status == DRAINING)):
                r = self.routed(i)
                a = self.alive[i]
                st = (r.matrix[:, a].T @ hit) > 0
                fails.note_stalled(rec, i, a[st], self.remaining[i][a[st]], fails.groups(r.routed)[a[st]])
        fails.check_recovered(self.t, self._stalled_now)

    def _stalled_now(self, i: int, subs: np.ndarray, ports: np.ndarray) -> np.ndarray:
        """Which of these sub-flows of phase i are alive and cross one of the (failed) ports."""
        if self.status[i] != DRAINING or i not in self.alive or not ports.any():
            return np.zeros(len(subs), dtype=bool)
        crossing: np.ndarray = (self.routed(i).matrix[:, subs].T @ ports.astype(float)) > 0
        return crossing & np.isin(subs, self.alive[i])

    def _next_event(self) -> float:
        pending = self.ready_at[self.status == WAITING]
        fails = self.failures.next_time() if self.failures is not None else np.inf
        return min(float(pending.min()) if len(pending) else np.inf, float(self.wake_at.min()), fails)

    def _any_dead(self) -> bool:
        return self.failures is not None and self.failures.any_dead

    def _crosses_dead(self, i: int) -> bool:
        """Whether a live sub-flow of phase i is routed over a failed port (it stalls until a reroute or repair); a
        step whose routes avoid every failed port drains like any other."""
        if not self._any_dead():
            return False
        return bool(self._stalled(i)[self.alive[i]].any())

    def _stalled(self, i: int) -> np.ndarray:
        """Per sub-flow of phase i, whether its route crosses a failed port. Found once per routes: the failed ports
        change only where `_apply_failures` drops every phase's routes."""
        r = self.routed(i)
        if r.stalled is None:
            assert self.failures is not None
            r.stalled = self.failures.stalled(r.matrix)
        return r.stalled

    def _check_complete(self) -> None:
        if (self.status != DONE).any():
            stuck = int(np.flatnonzero(self.status != DONE)[0])
            raise EngineError(f"phase '{self.plan.phases[stuck].name}' can never start")

    # ---- phase life -----------------------------------------------------------------------------
    def _wake_due(self) -> None:
        """Phases whose tail or compute interval ended start their next repeat or finish."""
        for i in map(int, np.flatnonzero((self.status == TAIL) & (self.wake_at <= self.t + _EPS_S))):
            self.wake_at[i] = np.inf
            self.reps_left[i] -= 1
            if self.reps_left[i] > 0:
                self._start_step(i)
            else:
                self._finish_phase(i)

    def _start_ready(self) -> None:
        for i in np.flatnonzero((self.status == WAITING) & (self.ready_at <= self.t + _EPS_S)):
            self.totals.phase_start_s[int(i)] = self.t
            self._start_step(int(i))

    def _start_step(self, i: int) -> None:
        ph = self.plan.phases[i]
        if ph.pattern is None:
            self.status[i] = TAIL
            self.wake_at[i] = self.t + ph.compute_s
            return
        r = self.routed(i)
        self.remaining[i] = r.sub_unit_bytes * ph.bytes_per_flow
        self.alive[i] = np.flatnonzero(self.remaining[i] > 0)
        self.rep_start[i] = True
        self.step_started_s[i] = self.t
        self.status[i] = DRAINING

    def _step_drained(self, i: int) -> None:
        """Every byte of the step arrived: wait for the latency tail, then the next repeat."""
        del self.remaining[i], self.alive[i], self.rep_start[i]
        self.status[i] = TAIL
        self.wake_at[i] = self.t + self._tail_s(i)

    def _tail_s(self, i: int) -> float:
        """How long after its drain a step ends: its alpha, less the part of the path's latency the queues already
        spent moving its last byte hop by hop (`FluidQueues.transit_s`; none at max-min rates). Where the queues'
        own transit (a hop a step) is longer than the alpha, the step streamed through them ends that much late:
        the clock cannot go back. A stood-in repeat does not (`_stand_in`)."""
        transit_s = self.fluid.transit_s(i) if self.fluid is not None else 0.0
        return max(self._alpha_s(i) - transit_s, 0.0)

    def _alpha_s(self, i: int) -> float:
        """The latency a step pays after its last byte left: the slowest path's (a ring's: its mean hop's,
        step_latency.py), times the phase's factor, plus the collective's per-step software latency."""
        ph, r = self.plan.phases[i], self.routed(i)
        if ph.ring not in r.path_latency_ns:
            r.path_latency_ns[ph.ring] = step_path_latency_ns(r.routed, ph.ring)
        return r.path_latency_ns[ph.ring] * ph.alpha_factor * 1e-9 + ph.alpha_extra_s

    def _finish_phase(self, i: int) -> None:
        ph = self.plan.phases[i]
        self.status[i] = DONE
        self.totals.phase_end_s[i] = self.t
        if ph.pattern is not None:
            for seg in np.unique(self.routed(i).routed.sub_segment):
                if seg >= 0:
                    self.totals.segment_end_s[int(seg)] = max(self.totals.segment_end_s.get(int(seg), 0.0), self.t)
        for c in self.children[i]:
            self.deps_left[c] -= 1
            if self.deps_left[c] == 0:
                self.ready_at[c] = max(self.t, self.plan.phases[c].start_s)

    # ---- accounting -----------------------------------------------------------------------------
    def _account(self, i: int, subs: np.ndarray | None, sub_bytes: np.ndarray | float,
                 record_latency: bool = True, rows: _SubRows | None = None) -> tuple[float, float]:
        """Add delivered bytes of phase i to the per-workload and per-segment totals (and their unloaded latency);
        returns the bytes, in all and those that crossed a NIC. `rows`: the sub-flows' segments and NIC flags
        already gathered (`_sub_rows`)."""
        rf = self.routed(i).routed
        if rows is not None:
            seg, net, bounds = rows.seg, rows.net, rows.seg_bounds
        else:
            seg = rf.sub_segment if subs is None else rf.sub_segment[subs]
            net = rf.sub_network if subs is None else rf.sub_network[subs]
            bounds = None
        b = np.broadcast_to(np.asarray(sub_bytes, dtype=float), seg.shape)
        w = self.plan.phases[i].workload
        if record_latency:
            self.totals.latency.add_grouped(self._latency_groups(i), subs, b, w)
        tot = self.totals
        total, network = float(b.sum()), float(b[net].sum())
        tot.delivered_bytes += total
        tot.network_bytes += network
        tot.workload_bytes[w] = tot.workload_bytes.get(w, 0.0) + total
        tot.workload_network_bytes[w] = tot.workload_network_bytes.get(w, 0.0) + network
        add_by_segment_and_masked(tot.segment_bytes, tot.segment_network_bytes, seg, b, bounds, net)
        return total, network

    def _latency_groups(self, i: int) -> LatencyGroups:
        """Phase i's sub-flows grouped by unloaded path latency and segment, once per routes."""
        r = self.routed(i)
        if r.latency is None:
            r.latency = latency_groups(r.routed.sub_latency_ns, r.routed.sub_segment)
        return r.latency

    # ---- max-min: one pattern alone at the start of a step ------------------------------------
    def _solo_steps(self, i: int, next_evt: float) -> Iterator[Interval]:
        """k repeats of an uncongested step at once (its max-min drain scales with the bytes)."""
        ph = self.plan.phases[i]
        r = self.routed(i)
        if r.profile is None:
            r.profile = self.model.solo_profile(r.matrix, r.sub_unit_bytes, flow_share=r.routed.sub_share,
                                                rate_cap_Bps=self._pace_Bps(i, r.matrix, r.sub_unit_bytes))
        prof = r.profile
        step = prof.drain_s_per_byte * ph.bytes_per_flow + self._alpha_s(i)
        k = int(self.reps_left[i])
        if math.isfinite(next_evt) and step > 0:
            k = min(k, int(max(0.0, next_evt - self.t) // step))
        if k < 1:
            yield from self._shared_advance([i], next_evt)
            return
        self.totals.events += k * max(1, len(prof.levels))
        if ph.repeat == 1 and i not in self.totals.flow_time_s:
            self.totals.flow_time_s[i] = prof.sub_finish_s_per_byte * ph.bytes_per_flow
        b = ph.bytes_per_flow * k
        self.totals.port_bytes += r.port_unit_bytes * b
        self._account(i, None, r.sub_unit_bytes * b)
        t0 = self.t
        self.t += k * step
        share = self._network_share(i)
        for iv in _level_intervals(prof, ph.bytes_per_flow, k, t0, self.t, r, b):
            iv.by_workload = {ph.workload: iv.delivered_bytes}
            iv.network_by_workload = {ph.workload: iv.delivered_bytes * share}
            yield iv
        self._repeats_done(i, k)

    def _repeats_done(self, i: int, k: int) -> None:
        """k repeats of phase i's step accounted at once: the phase ends, or its next step starts."""
        self.reps_left[i] -= k
        del self.remaining[i], self.alive[i], self.rep_start[i]
        if self.reps_left[i] == 0:
            self._finish_phase(i)
        else:
            self._start_step(i)

    # ---- max-min: several phases share the fabric ---------------------------------------------
    def _shared_advance(self, draining: list[int], next_evt: float) -> Iterator[Interval]:
        flows, moving = self._active_flows(draining)
        if flows is None:
            yield from self._wait_for_repair(draining, next_evt)
            return
        adv = self.model.advance(flows, max(next_evt - self.t, 0.0))
        self.totals.events += 1
        if not math.isfinite(adv.dt_s):
            raise EngineError("flows cannot progress (a port with zero capacity?)")
        port_delta = self._port_bytes(flows, moving, adv.delivered_bytes)
        self.totals.port_bytes += port_delta
        t0 = self.t
        self.t += adv.dt_s
        yield Interval(t0, self.t, float(adv.delivered_bytes.sum()), len(flows.remaining_bytes),
                       given(port_delta), by_workload=self._by_workload(flows.phase, adv.delivered_bytes),
                       port_bytes_by_workload=self._routed_by_workload(
                           [_Delivered(_matrix_of(flows), None, flows.phase, adv.delivered_bytes)]),
                       network_by_workload=self._stacked_network(flows, moving, adv.delivered_bytes, {}))
        for i, a, d in _per_phase(flows, moving, adv.delivered_bytes):
            self._delivered(i, a, d)

    def _network(self, i: int, subs: np.ndarray | None, delivered: np.ndarray, into: dict[int, float]) -> None:
        """Add to `into` (per workload) the bytes phase i's sub-flows `subs` (None: all) delivered across a NIC."""
        net = self.routed(i).routed.sub_network
        w = self.plan.phases[i].workload
        into[w] = into.get(w, 0.0) + float(delivered[net if subs is None else net[subs]].sum())

    def _stacked_network(self, flows: ActiveFlows, moving: list[int], delivered: np.ndarray,
                         into: dict[int, float]) -> dict[int, float]:
        """`_network` of stacked sub-flows (`_active_flows`): the phases `moving`, in order."""
        for i, a, d in _per_phase(flows, moving, delivered):
            self._network(i, a, d, into)
        return into

    def _network_share(self, i: int) -> float:
        """The share of phase i's bytes that cross a NIC (each step of it moves the same bytes)."""
        r = self.routed(i)
        total = float(r.sub_unit_bytes.sum())
        return float(r.sub_unit_bytes[r.routed.sub_network].sum()) / total if total > 0 else 0.0

    def _by_workload(self, phase: np.ndarray, delivered: np.ndarray) -> dict[int, float]:
        """Delivered bytes summed per workload, from each sub-flow's phase."""
        per_workload = np.bincount(self.phase_workload[phase], weights=delivered)
        return {int(w): float(per_workload[w]) for w in np.flatnonzero(per_workload)}

    def _routed_by_workload(self, parts: list[_Delivered]) -> Callable[[], dict[int, np.ndarray]]:
        """Per workload, the port bytes of its sub-flows' delivered bytes along their routes. Counted only when a
        snapshot asks (a run of one workload never does)."""
        def split() -> dict[int, np.ndarray]:
            out: dict[int, np.ndarray] = {}
            for part in parts:
                routes = part.routes()
                matrix = routes if part.subs is None else routes[:, part.subs]
                workload = self.phase_workload[part.phase]
                for w in map(int, np.unique(workload)):
                    mine = workload == w
                    got = matrix[:, mine] @ part.delivered_bytes[mine]
                    out[w] = out[w] + got if w in out else got
            return out
        return split

    def _delivered(self, i: int, subs: np.ndarray, d: np.ndarray, record_latency: bool = True,
                   rows: _SubRows | None = None) -> tuple[float, float]:
        """Bytes of phase i's sub-flows arrived; a step whose last byte arrived drains. Returns the bytes, in all
        and those that crossed a NIC (`_account`)."""
        delivered = self._account(i, subs, d, record_latency, rows)
        if rows is not None and rows.whole:
            self.remaining[i] -= d
        else:
            self.remaining[i][subs] -= d
        self.rep_start[i] = False
        # subs may leave out sub-flows stalled by a failure: test all alive ones
        self.alive[i] = _still_alive(self.remaining[i], self.alive[i],
                                     1e-9 * max(1.0, self.plan.phases[i].bytes_per_flow))
        if len(self.alive[i]) == 0:
            self._step_drained(i)
        return delivered

    def _active_flows(self, draining: list[int]) -> tuple[ActiveFlows | None, list[int]]:
        """The sub-flows that can move now (those a failure stalls wait), stacked. Their routes are gathered only
        when asked: most advances keep the last solve's rates (rate_model.py) and need none, and gathering the
        columns of the sub-flows still moving, advance after advance, took most of a max-min run with failures."""
        parts = [(i, a) for i in draining if len(a := self._movable(i))]
        if not parts:
            return None, []
        moving, subs = [i for i, _ in parts], [a for _, a in parts]
        rf = [self.routed(i).routed for i in moving]
        rem = [self.remaining[i][a] for i, a in parts]
        return ActiveFlows(self._stacked_routes(parts), np.concatenate(rem),
                           np.concatenate([np.full(len(a), i) for i, a in parts]),
                           _gathered([r.sub_segment for r in rf], subs), np.concatenate(subs),
                           flow_share=_gathered([r.sub_share for r in rf], subs),
                           rate_cap_Bps=self._stacked_pace(parts, rem), routes_version=self._routes_version), moving

    def _stacked_routes(self, parts: list[tuple[int, np.ndarray]]) -> Callable[[], sp.csr_matrix]:
        """The routes of the sub-flows `a` of each phase i in `parts`, side by side, gathered when asked from the
        routes of now (a failure replaces `_routed`'s)."""
        columns = [(self.routed(i).matrix, a) for i, a in parts]
        return lambda: _side_by_side([_columns(matrix, a) for matrix, a in columns])

    def _stacked_pace(self, parts: list[tuple[int, np.ndarray]], rem: list[np.ndarray]) -> np.ndarray | None:
        """The pipelines' paces of the sub-flows `a` of each phase i in `parts` (with `rem` bytes left), stacked
        (`_pace_Bps`; None where no phase is pipelined)."""
        return _stacked([self._pace_Bps(i, _columns(self.routed(i).matrix, a), left)
                         if self.plan.phases[i].pipelined else None
                         for (i, a), left in zip(parts, rem, strict=True)], [len(a) for _, a in parts])

    def _port_bytes(self, flows: ActiveFlows, moving: list[int], delivered: np.ndarray) -> np.ndarray:
        """The bytes the stacked sub-flows' `delivered` put on each port. One phase's over its whole routes, with
        zeros for its sub-flows not moving: adding 0.0 leaves a sum as it is, so each port's sum is that over the
        moving sub-flows' routes bit for bit, without gathering their columns; several phases' over their stacked
        routes."""
        if len(moving) > 1:
            matrix, per_column = flows.matrix, delivered
        else:
            matrix, subs, per_column = self.routed(moving[0]).matrix, flows.sub_index, delivered
            assert subs is not None
            if not whole_range(subs, matrix.shape[1]):
                per_column = np.zeros(matrix.shape[1])
                per_column[subs] = delivered
        out: np.ndarray = matrix @ per_column
        return out

    def _wait_for_repair(self, draining: list[int], next_evt: float) -> Iterator[Interval]:
        """Every flow waits for a reroute or a repair: jump to it; with none to come, they never finish."""
        if math.isfinite(next_evt):
            yield Interval(self.t, next_evt, 0.0, 0)
            self.t = next_evt
            return
        self.stuck = {i: self.alive[i].copy() for i in draining}
        self.stuck_at_s = self.t
        self.status[:] = DONE

    # ---- the fluid queues -----------------------------------------------------------------------
    def _fluid_window(self, draining: list[int], next_evt: float) -> Iterator[Interval]:
        """One window of the queues for the phases that need them; the others drain beside them at max-min rates
        over the same time (the window ends by their next finish, so it falls on a window's end)."""
        fluid = self.fluid
        assert fluid is not None
        queued, apart = self._split_by_queues(draining)
        for i in queued:
            if i not in fluid.installed:
                subs = self._movable(i)
                if len(subs):
                    # the drain estimate sizes the time step of empty queues only (where the bounds on it give
                    # different steps, a max-min solve)
                    hint = self._drain_hint(queued) if not fluid.installed else None
                    fluid.install(i, self.plan.phases[i], self.routed(i).routed, subs, self.remaining[i][subs],
                                  hint, self.t)
        if not fluid.active:
            yield from self._shared_advance(draining, next_evt)
            return
        beside = self._beside(apart, next_evt)
        win = fluid.window(max(min(next_evt, self.t + beside.adv.dt_s if beside else next_evt) - self.t, 0.0))
        self.totals.events += 1
        self.totals.fluid_steps = fluid.steps
        t0 = self.t
        self.t += win.dt_s
        delivered, by_workload, parts, network = self._fluid_account(win)
        port_bytes = win.port_bytes
        if beside is not None:
            part, beside_port_bytes = self._drain_beside(beside, win.dt_s, network)
            port_bytes = port_bytes + beside_port_bytes
            delivered += float(part.delivered_bytes.sum())
            for w, b in self._by_workload(part.phase, part.delivered_bytes).items():
                by_workload[w] = by_workload.get(w, 0.0) + b
            parts.append(part)
        self._check_headway()
        yield Interval(t0, self.t, delivered, int(sum(len(a) for a in self.alive.values())),
                       given(port_bytes), fluid.figures(win, self.backend_ports), by_workload,
                       self._routed_by_workload(parts) if len(by_workload) > 1 else None, network)
        for i in win.finished:
            self._fluid_step_done(i, alone=len(draining) == 1)

    def _beside(self, apart: list[int], next_evt: float) -> _Beside | None:
        """The max-min rates of the phases that drain beside the queues, and the time to their next finish."""
        flows, moving = self._active_flows(apart) if apart else (None, [])
        if flows is None:
            return None
        return _Beside(flows, moving, self.model.advance(flows, max(next_evt - self.t, 0.0)))

    def _drain_beside(self, b: _Beside, span_s: float, network: dict[int, float]) -> tuple[_Delivered, np.ndarray]:
        """The phases beside the queues deliver `span_s` of their max-min rates (all their bytes where they finish
        by then); returns what they delivered and the bytes it put on each port (and adds what crossed a NIC to
        `network`)."""
        d = delivered_over(b.adv.rates_Bps, b.flows.remaining_bytes, span_s)
        port_bytes = self._port_bytes(b.flows, b.moving, d)
        self.totals.port_bytes += port_bytes
        for i, a, di in _per_phase(b.flows, b.moving, d):
            _, crossed = self._delivered(i, a, di)         # its NIC-crossing sum is `_network`'s, taken once
            w = self.plan.phases[i].workload
            network[w] = network.get(w, 0.0) + crossed
        return _Delivered(_matrix_of(b.flows), None, b.flows.phase, d), port_bytes

    def _check_headway(self) -> None:
        """WorkloadError when the run's resent bytes outgrow what it must deliver by COLLAPSE_RESENT_FACTOR."""
        planned = self.total_planned_bytes or self.planned_bytes()
        resent = self.totals.retransmitted_bytes
        if resent > COLLAPSE_RESENT_FACTOR * max(planned, 1.0):
            raise WorkloadError(Message("error.sim.lossy_collapse", resent=f"{resent / 1e9:,.1f}",
                                        planned=f"{planned / 1e9:,.3g}", t_ms=f"{self.t * 1e3:,.1f}"))

    def _movable(self, i: int) -> np.ndarray:
        """Phase i's alive sub-flows that can move now: a failure stalls those routed over a failed port until a
        reroute or repair."""
        a = self.alive[i]
        if self._any_dead():
            a = a[~self._stalled(i)[a]]
        return a

    def _drain_hint(self, draining: list[int]) -> DrainHint:
        """How long the draining phases would take at max-min rates (sizes the queues' time step): bounds on it
        (`drain_bounds_s`; none under window caps) and the max-min solve on demand, over a second on the 1,024-GPU
        AllToAll's two million queue pairs, whose step the bounds settle."""
        flows, _ = self._active_flows(draining)
        if flows is None:
            return DrainHint(0.0, 0.0, given(0.0))
        low, high = (drain_bounds_s(flows.matrix, self.model.capacity, flows.remaining_bytes)
                     if self.fab.flow_window_bytes <= 0 else (0.0, np.inf))
        return DrainHint(low, high, lambda: self._drain_estimate_s(flows))

    def _drain_estimate_s(self, flows: ActiveFlows) -> float:
        """How long the flows would take at max-min rates."""
        rates = self.model.rates(flows.matrix, flows.flow_share)
        with np.errstate(divide="ignore", invalid="ignore"):
            t = np.where(rates > 0, flows.remaining_bytes / rates, 0.0)
        return float(t.max()) if len(t) else 0.0

    def _fluid_account(self, win: Window) -> tuple[float, dict[int, float], list[_Delivered], dict[int, float]]:
        """Book a fluid window: delivered bytes per phase, port counters, marks, drops, resends and latency; returns
        the bytes delivered, in all and per workload, each phase's (routes, phase, delivered bytes), and per
        workload the bytes that crossed a NIC (each sum taken once: `_account`'s)."""
        assert self.fluid is not None
        tot = self.totals
        tot.port_bytes += win.port_bytes
        tot.add_port_counters(win.port_paused_s, win.port_stall_s, win.port_dropped_B,
                              self.backend_ports & (win.port_bytes > 0), win.lane_paused_s, win.lane_stall_s)
        delivered = 0.0
        by_workload: dict[int, float] = {}
        network: dict[int, float] = {}
        parts: list[_Delivered] = []
        for i, d in win.delivered.items():
            subs = self.fluid.installed[i].subs
            rows = self._sub_rows(i, subs)
            for values, into, total_name in ((win.marked_B[i], tot.segment_marked, "ecn_marked_bytes"),
                                             (win.dropped_B[i], tot.segment_dropped, "dropped_bytes"),
                                             (win.resent_B[i], tot.segment_resent, "retransmitted_bytes")):
                if win.nothing_lost and total_name != "ecn_marked_bytes":    # zeros: their sums are 0.0
                    setattr(tot, total_name, getattr(tot, total_name) + 0.0)
                    add_zero_by_segment(into, rows.seg, rows.seg_bounds)
                    continue
                setattr(tot, total_name, getattr(tot, total_name) + float(values.sum()))
                add_by_segment(into, rows.seg, values, rows.seg_bounds)
            left = self.remaining[i] if rows.whole else self.remaining[i][subs]
            got = np.minimum(d, left)
            if i in win.finished:                   # every installed sub-flow is done: rounding goes with it
                got = left.copy()
            w = self.plan.phases[i].workload
            parts.append(_Delivered(given(self.routed(i).matrix), subs, rows.phase, got))
            total, crossed = self._delivered(i, subs, got, record_latency=False, rows=rows)
            delivered += total
            by_workload[w] = by_workload.get(w, 0.0) + total
            if len(subs):
                network[w] = network.get(w, 0.0) + crossed
        for workload, segment, lat_s, weight in win.latency:
            tot.latency.add(lat_s * 1e9, weight, workload, np.full(len(lat_s), segment))
        return delivered, by_workload, parts, network

    def _sub_rows(self, i: int, subs: np.ndarray) -> _SubRows:
        """Phase i's installed sub-flows `subs` with their segments and NIC flags, gathered once per install: every
        window books each of them (millions in a large AllToAll)."""
        rows = self._installed_rows.get(i)
        if rows is None or rows.subs is not subs:
            rf = self.routed(i).routed
            whole = whole_range(subs, rf.n_sub)
            seg = rf.sub_segment if whole else rf.sub_segment[subs]
            rows = _SubRows(subs, whole, seg, rf.sub_network if whole else rf.sub_network[subs],
                            segment_bounds(np.asarray(seg).reshape(-1)) if len(seg) else (0, 0), np.full(len(subs), i))
            self._installed_rows[i] = rows
        return rows

    def _fluid_step_done(self, i: int, alone: bool) -> None:
        """A phase's installed sub-flows all finished in the queues: retire them; a repeating step keeps its
        senders' state, and a step that ran alone records what it cost (to stand in for later repeats)."""
        fluid = self.fluid
        assert fluid is not None
        ph = self.plan.phases[i]
        complete = self.status[i] != DRAINING       # every sub-flow arrived (none waits for a repair)
        if complete and ph.repeat == 1 and i not in self.totals.flow_time_s:
            times = np.zeros(len(self.routed(i).sub_unit_bytes))
            times[fluid.installed[i].subs] = fluid.finish_times(i) - self.step_started_s[i]
            self.totals.flow_time_s[i] = times
        memory_s, transit_s = fluid.sender_memory_s(i), fluid.transit_s(i)
        self._installed_rows.pop(i, None)
        cost = fluid.uninstall(i, carry=self.reps_left[i] > 1)
        if complete and alone and cost is not None and ph.repeat > stand_in.WARM_REPEATS:
            started = self.step_started_s[i]
            self.repeats.setdefault(i, []).append(stand_in.Repeat(self.t - started, cost, memory_s, started,
                                                                    transit_s))

    def _can_stand_in(self, i: int) -> bool:
        """A congested step that repeats alone, with enough warm repeats already streamed through the queues alone."""
        return (self.rep_start.get(i, False) and len(self._warm(i)) >= stand_in.WARM_REPEATS - 1
                and self.fluid is not None and not self.fluid.active and not self._any_dead())

    def _warm(self, i: int) -> list[stand_in.Repeat]:
        return stand_in.warm(self.repeats.get(i, []))

    def _stand_in(self, i: int, next_evt: float) -> Iterator[Interval]:
        """k more repeats at the mean cost of the warm ones (the first, cold repeat left out)."""
        repeat = stand_in.mean_repeat(self._warm(i))
        mean = repeat.cost
        # its drain less the queues' own transit, then its alpha: the queues move bytes a hop a step, so on a short
        # step (a ring's: microseconds, a few steps of 1-2 us) that transit can outlast the alpha it stands for
        step = max(repeat.duration_s - repeat.transit_s, 0.0) + self._alpha_s(i)
        k = int(self.reps_left[i])
        if math.isfinite(next_evt) and step > 0:
            k = min(k, int(max(0.0, next_evt - self.t) // step))
        if k < 1:
            self.repeats[i] = []          # an event falls inside the next repeat: stream it
            yield from self._fluid_window([i], next_evt)
            return
        ph = self.plan.phases[i]
        r = self.routed(i)
        tot = self.totals
        tot.port_bytes += mean.port_bytes * k
        tot.add_port_counters(mean.paused_s * k, mean.stall_s * k, mean.dropped_B * k,
                              self.backend_ports & (mean.port_bytes > 0),
                              None if mean.lane_paused_s is None else mean.lane_paused_s * k,
                              None if mean.lane_stall_s is None else mean.lane_stall_s * k)
        tot.ecn_marked_bytes += mean.marked_B * k
        tot.dropped_bytes += mean.lost_B * k
        tot.retransmitted_bytes += mean.resent_B * k
        self._account(i, None, r.sub_unit_bytes * ph.bytes_per_flow * k, record_latency=False)
        for workload, segment, lat_s, weight in mean.latency:
            tot.latency.add(lat_s * 1e9, weight * k, workload, np.full(len(lat_s), segment))
        t0 = self.t
        self.t += k * step
        delivered = float(r.sub_unit_bytes.sum()) * ph.bytes_per_flow * k
        yield Interval(t0, self.t, delivered, len(r.sub_unit_bytes), given(mean.port_bytes * k),
                       by_workload={ph.workload: delivered},
                       network_by_workload={ph.workload: delivered * self._network_share(i)})
        self._repeats_done(i, k)


@njit
def _still_alive(remaining: np.ndarray, alive: np.ndarray, threshold: float) -> np.ndarray:
    """The sub-flows `alive` whose `remaining` bytes are above `threshold`: `alive` itself where all are (a phase of
    millions of sub-flows keeps them all until its last window), else those in order."""
    n_still = 0
    for a in alive:
        if remaining[a] > threshold:
            n_still += 1
    if n_still == len(alive):
        return alive
    out = np.empty(n_still, alive.dtype)
    k = 0
    for a in alive:
        if remaining[a] > threshold:
            out[k] = a
            k += 1
    return out


@dataclass
class _SubRows:
    """An installed phase's sub-flows (`subs`, every one of the phase in order where `whole`) with their segments,
    NIC flags, lowest and highest segment, and phase number (one each)."""

    subs: np.ndarray
    whole: bool
    seg: np.ndarray
    net: np.ndarray
    seg_bounds: tuple[int, int]
    phase: np.ndarray


@dataclass
class _Beside:
    """Phases draining at max-min rates beside the queues: their flows, the phases that move, their rates."""

    flows: ActiveFlows
    moving: list[int]
    adv: Advance


def _columns(matrix: sp.csr_matrix, cols: np.ndarray) -> sp.csr_matrix:
    """The columns `cols` of a routing matrix: the matrix itself where they are all of them in order (a copy of
    the 1,024-GPU AllToAll's 8 M entries saved each time a whole phase's routes are taken)."""
    return matrix if whole_range(cols, matrix.shape[1]) else matrix[:, cols]


def _matrix_of(flows: ActiveFlows) -> Callable[[], sp.csr_matrix]:
    """The stacked routes of the flows, gathered when asked."""
    return lambda: flows.matrix


def _side_by_side(mats: list[sp.csr_matrix]) -> sp.csr_matrix:
    """The matrices' columns side by side (one matrix as it is)."""
    return mats[0] if len(mats) == 1 and sp.isspmatrix_csr(mats[0]) else sp.hstack(mats, format="csr")


def _gathered(values: list[np.ndarray], subs: list[np.ndarray]) -> np.ndarray:
    """Each phase's per-sub-flow `values` at its sub-flows `subs`, stacked."""
    return np.concatenate([v[a] for v, a in zip(values, subs, strict=True)])


def _stacked(parts: list[np.ndarray | None], lengths: list[int]) -> np.ndarray | None:
    """Per-part limits stacked (a part without one has none: infinity); None where no part has any."""
    if all(p is None for p in parts):
        return None
    return np.concatenate([np.full(n, np.inf) if p is None else p for p, n in zip(parts, lengths, strict=True)])


def _per_phase(flows: ActiveFlows, moving: list[int], values: np.ndarray) -> Iterator[tuple[int, np.ndarray,
                                                                                          np.ndarray]]:
    """Each phase of stacked sub-flows (`moving`, in order) with its sub-flow indices and its part of `values`."""
    off = 0
    for i in moving:
        a = flows_of(flows, i)
        yield i, a, values[off:off + len(a)]
        off += len(a)


def flows_of(flows: ActiveFlows, i: int) -> np.ndarray:
    """The sub-flow indices of phase i within a stacked set."""
    assert flows.sub_index is not None
    subs: np.ndarray = flows.sub_index[flows.phase == i]
    return subs


def given(value: _T) -> Callable[[], _T]:
    """An interval's figure (its port bytes, their split per workload), already counted."""
    return lambda: value


def _scaled(unit_bytes: np.ndarray, factor: float, share: float = 1.0) -> Callable[[], np.ndarray]:
    """An interval's port bytes, counted when asked: `unit_bytes` times `factor` (times the interval's `share`)."""
    return lambda: unit_bytes * factor * share


def _level_intervals(prof: SoloProfile, bytes_per_flow: float, k: int, t0: float, t_end: float, r: _Routed,
                     b: float) -> Iterator[Interval]:
    """The intervals of k solo steps: one step alone shows its rate levels (collisions drain at different times)."""
    delivered = float(r.sub_unit_bytes.sum()) * b
    if k != 1 or len(prof.levels) <= 1:
        yield Interval(t0, t_end, delivered, len(r.sub_unit_bytes), _scaled(r.port_unit_bytes, b))
        return
    tl = t0
    for dt_unit, rate in prof.levels:
        dt = dt_unit * bytes_per_flow
        yield Interval(tl, tl + dt, rate * dt, len(r.sub_unit_bytes),
                       _scaled(r.port_unit_bytes, b, dt / (t_end - t0)))
        tl += dt
    if t_end > tl:
        yield Interval(tl, t_end, 0.0, 0)
