"""The engine's phases and their bookkeeping, beneath its two ways of draining them (maxmin_drain.py, fluid_drain.py):
a phase waits for its dependencies, drains its step, waits the step's latency tail (its alpha), then repeats or
finishes; failures, repairs and reroutes change its routes and stall the sub-flows they cut; what its sub-flows
deliver is booked per workload and segment (the run's Totals, run_totals.py).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field

import numpy as np
import scipy.sparse as sp

from designer.sim import stand_in
from designer.sim.compile import PLANE_BACKEND, CompiledFabric
from designer.sim.dynamics.jit import njit
from designer.sim.failure_runtime import FailureRecord, FailureRuntime
from designer.sim.fluid_queues import FluidQueues
from designer.sim.latency import LatencyGroups, latency_groups
from designer.sim.pipeline import pipeline_pace_Bps
from designer.sim.rate_model import MaxMinRateModel, SoloProfile
from designer.sim.routing import RoutedFlows, Router
from designer.sim.run_totals import Totals
from designer.sim.segment_totals import add_by_segment_and_masked
from designer.sim.step_latency import step_path_latency_ns
from designer.sim.transfers import FlowPattern, Plan

_EPS_S = 1e-15
WAITING, DRAINING, TAIL, DONE = 0, 1, 2, 3


class EngineError(RuntimeError):
    """The plan cannot complete (a phase that can never start, a port with zero capacity)."""


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


class RouteCache:
    """Routes of each flow pattern, computed once per run and shared by the ideal and real passes."""

    def __init__(self, router: Router):
        self.router = router
        self._cache: dict[str, RoutedFlows] = {}

    def get(self, pattern: FlowPattern) -> RoutedFlows:
        if pattern.key not in self._cache:
            self._cache[pattern.key] = self.router.route(pattern.src, pattern.dst, pattern.route, pattern.flow_bytes)
        return self._cache[pattern.key]


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


class PhaseLife:
    """The state of a Plan's phases over a compiled fabric and what changes it: routes, failures, the phases'
    life, the accounting of delivered bytes. The drains (MaxMinDrain, FluidDrain) and the loop (Engine) build on it."""

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
        self.children = plan.children()
        self.ready_at = np.array([p.start_s if not p.after else np.inf for p in plan.phases])
        self.reps_left = np.array([p.repeat for p in plan.phases], dtype=np.int64)
        self.wake_at = np.full(n, np.inf)
        self.remaining: dict[int, np.ndarray] = {}   # draining phase -> bytes left per sub-flow
        self.alive: dict[int, np.ndarray] = {}       # draining phase -> indices of unfinished sub-flows
        self.rep_start: dict[int, bool] = {}         # phase is at the start of a step
        self.step_started_s: dict[int, float] = {}
        self.repeats: dict[int, list[stand_in.Repeat]] = {}  # phase -> its congested repeats streamed alone
        self._installed_rows: dict[int, _SubRows] = {}   # phase -> its installed sub-flows' rows (`_sub_rows`)

    # ---- routes -----------------------------------------------------------------------------------------
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

    def _pace_Bps(self, i: int, matrix: sp.csr_matrix, sub_bytes: np.ndarray) -> np.ndarray | None:
        """The most each sub-flow of phase i (with `sub_bytes` to move) offers: the pipeline's pace for a pipelined
        step (pipeline.py), the same in the queues and at max-min rates; None for any other step (no limit)."""
        if not self.plan.phases[i].pipelined:
            return None
        return pipeline_pace_Bps(matrix.tocsr(), sub_bytes.astype(float), self.model.capacity)

    # ---- failures ---------------------------------------------------------------------------------------
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
            if rec.action == "down":
                for i in map(int, np.flatnonzero(self.status == DRAINING)):
                    self._note_stalled(rec, i)
        fails.check_recovered(self.t, self._stalled_now)

    def _note_stalled(self, rec: FailureRecord, i: int) -> None:
        """The live sub-flows of phase i whose routes cross the failed ports of `rec`, stalled by it."""
        fails = self.failures
        assert fails is not None
        hit = np.zeros(self.fab.n_ports)
        hit[fails.ports_of(rec.spec)] = 1.0
        hit *= fails.dead                            # those still down (another failure may share a port)
        r, a = self.routed(i), self.alive[i]
        st = (r.matrix[:, a].T @ hit) > 0
        fails.note_stalled(rec, i, a[st], self.remaining[i][a[st]], fails.groups(r.routed)[a[st]])

    def _note_stalled_at_start(self, i: int) -> None:
        """A step that starts while a failure's routes still cross its dead ports (the tables have not routed
        around it yet) stalls on it as the steps then draining did: counted with that failure, which is recovered
        once they move again. (Counted only at the failure's moment, a failure between two steps of a ring was
        reported as stalling nothing and recovered at once, while the ring's next step waited for the reroute.)"""
        fails = self.failures
        if fails is None or not self._crosses_dead(i):       # (whether its routes cross any: found once per routes)
            return
        for rec in fails.records:
            if rec.action == "down" and rec.recovery_time_s is None:
                self._note_stalled(rec, i)

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

    def _movable(self, i: int) -> np.ndarray:
        """Phase i's alive sub-flows that can move now: a failure stalls those routed over a failed port until a
        reroute or repair."""
        a = self.alive[i]
        if self._any_dead():
            a = a[~self._stalled(i)[a]]
        return a

    # ---- phase life -------------------------------------------------------------------------------------
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
        self._note_stalled_at_start(i)

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
            legs = ph.pattern.legs if ph.pattern is not None else 0
            r.path_latency_ns[ph.ring] = step_path_latency_ns(r.routed, ph.ring, legs)
        return r.path_latency_ns[ph.ring] * ph.alpha_factor * 1e-9 + ph.alpha_extra_s

    def _repeats_done(self, i: int, k: int) -> None:
        """k repeats of phase i's step accounted at once: the phase ends, or its next step starts."""
        self.reps_left[i] -= k
        del self.remaining[i], self.alive[i], self.rep_start[i]
        if self.reps_left[i] == 0:
            self._finish_phase(i)
        else:
            self._start_step(i)

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

    # ---- accounting -------------------------------------------------------------------------------------
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

    def _network_share(self, i: int) -> float:
        """The share of phase i's bytes that cross a NIC (each step of it moves the same bytes)."""
        r = self.routed(i)
        total = float(r.sub_unit_bytes.sum())
        return float(r.sub_unit_bytes[r.routed.sub_network].sum()) / total if total > 0 else 0.0


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
