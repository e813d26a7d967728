"""The event loop: phases start when their dependencies end, flows advance through a RateModel,
and every advance is reported as an `Interval` (for snapshots and the timeline).

Events are phase starts, flow completions (the rates change when a flow ends) and the ends of
compute intervals and latency tails. A phase that runs alone from the start of a step uses the
rate model's solo profile: the drain of a pattern scales linearly with its bytes, so the 2(n-1)
steps of a ring cost one max-min solve, not 2(n-1).
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import partial

import numpy as np
import scipy.sparse as sp

from designer.sim.compile import PLANE_BACKEND, CompiledFabric
from designer.sim.failure_runtime import FailureRuntime
from designer.sim.latency import LatencyRecorder
from designer.sim.rate_model import ActiveFlows, RateModel, SoloProfile
from designer.sim.routing import RoutedFlows, Router
from designer.sim.step_trace import StepTrace
from designer.sim.transfers import Plan

_EPS_S = 1e-15


class Cancelled(Exception):
    """The run was cancelled through its threading.Event."""


@dataclass
class Interval:
    """A stretch of simulated time with constant (or averaged) flow rates."""

    t0: float
    t1: float
    delivered_bytes: float
    in_flight: int
    port_bytes: Callable[[], np.ndarray] | None = None   # bytes each port carried in the interval
    queue_figures: dict | None = None     # a replayed step's own queue figures for the window (StepTrace)

    @property
    def throughput_Bps(self) -> float:
        return self.delivered_bytes / (self.t1 - self.t0) if self.t1 > self.t0 else 0.0


@dataclass
class _Routed:
    routed: RoutedFlows
    matrix: sp.csr_matrix
    sub_unit_bytes: np.ndarray       # bytes of each sub-flow per byte of bytes_per_flow
    port_unit_bytes: np.ndarray      # bytes per port per byte of bytes_per_flow
    profiles: dict[float, SoloProfile | None] = field(default_factory=dict)   # by bytes per flow


@dataclass
class Totals:
    """What the run accumulated (read by metrics)."""

    port_bytes: np.ndarray
    delivered_bytes: float = 0.0
    workload_bytes: dict[int, float] = field(default_factory=dict)
    segment_bytes: dict[int, float] = field(default_factory=dict)
    segment_end_s: dict[int, float] = field(default_factory=dict)
    phase_start_s: dict[int, float] = field(default_factory=dict)
    phase_end_s: dict[int, float] = field(default_factory=dict)
    latency: LatencyRecorder = field(default_factory=LatencyRecorder)
    pause_port_s: float = 0.0
    credit_stall_port_s: float = 0.0
    ecn_marked_bytes: float = 0.0
    dropped_bytes: float = 0.0
    port_paused_s: np.ndarray | None = None
    port_stall_s: np.ndarray | None = None
    port_dropped_B: np.ndarray | None = None
    segment_marked: dict[int, float] = field(default_factory=dict)
    segment_dropped: dict[int, float] = field(default_factory=dict)
    events: int = 0
    flow_time_s: dict[int, np.ndarray] = field(default_factory=dict)  # phase -> per-flow drain time (solo runs)


class RouteCache:
    """Routes of each flow pattern, computed once per run and shared by the ideal and real passes."""

    def __init__(self, router: Router):
        self.router = router
        self._cache: dict[str, RoutedFlows] = {}

    def get(self, pattern) -> RoutedFlows:
        if pattern.key not in self._cache:
            self._cache[pattern.key] = self.router.route(pattern.src, pattern.dst, pattern.route)
        return self._cache[pattern.key]


class Engine:
    """Runs a Plan over a compiled fabric with a RateModel; iterate `run()` for Intervals."""

    def __init__(self, fab: CompiledFabric, plan: Plan, model: RateModel, routes: RouteCache, *,
                 ideal: bool = False, cancel: threading.Event | None = None,
                 failures: FailureRuntime | None = None):
        self.fab = fab
        self.failures = failures          # failure schedule and state (None: the intact fabric)
        self.stuck: dict[int, np.ndarray] = {}   # phase -> sub-flows that could never finish (failures)
        self.stuck_at_s: float | None = None
        self.plan = plan
        self.model = model
        self.routes = routes
        self.ideal = ideal
        self.cancel = cancel
        self.totals = Totals(port_bytes=np.zeros(fab.n_ports))
        self._routed: dict[str, _Routed] = {}
        self.total_planned_bytes = 0.0

    # ---- routes and profiles --------------------------------------------------------------------
    def routed(self, phase_index: int) -> _Routed:
        pattern = self.plan.phases[phase_index].pattern
        assert pattern is not None
        if pattern.key not in self._routed:
            rf = self.failures.route(pattern) if self.failures is not None else self.routes.get(pattern)
            matrix = rf.ideal if self.ideal else rf.matrix
            unit = pattern.weight[rf.sub_flow] * rf.sub_share
            self._routed[pattern.key] = _Routed(rf, matrix, unit, matrix @ unit)
        return self._routed[pattern.key]

    def _profile(self, r: _Routed, bytes_per_flow: float, repeats: int = 1) -> SoloProfile | None:
        if bytes_per_flow in r.profiles:
            return r.profiles[bytes_per_flow]
        linear = next((p for p in r.profiles.values() if p is not None and p.linear), None)
        prof = linear or self.model.solo_profile(r.matrix, r.sub_unit_bytes, bytes_per_flow, repeats)
        r.profiles[bytes_per_flow] = prof
        return prof

    def planned_bytes(self) -> float:
        total = 0.0
        for i, ph in enumerate(self.plan.phases):
            if ph.pattern is not None:
                total += float(self.routed(i).sub_unit_bytes.sum()) * ph.bytes_per_flow * ph.repeat
        self.total_planned_bytes = total
        return total

    def _record_wait_samples(self, i: int, r: _Routed, samples: tuple[np.ndarray, np.ndarray],
                             total_bytes: float) -> None:
        """Latency samples of a profiled congested step: the pattern's mean path latency plus each
        queueing-time bin, weighted by its share of the bytes."""
        wait_ns, share = samples
        lat = r.routed.sub_latency_ns
        w = r.sub_unit_bytes
        if w.sum() <= 0:
            return
        # each segment the step crosses gets its share of the samples, around its own mean path latency
        # (a step that spans two segments must show latency in both, not only in the larger one)
        for seg, frac in _segment_fractions(r.routed.sub_segment, w):
            mine = r.routed.sub_segment == seg
            base = float((lat[mine] * w[mine]).sum() / w[mine].sum())
            self.totals.latency.add(base + wait_ns, share * total_bytes * frac, self.plan.phases[i].workload,
                                    np.full(len(wait_ns), seg))

    def _add_queue_stats(self, prof: SoloProfile, k: int, r: _Routed) -> None:
        """Counters of a queue model's profile, for k repeats of the step."""
        tot = self.totals
        for name in ("port_paused_s", "port_stall_s", "port_dropped_B"):
            per_step = getattr(prof, name)
            if per_step is not None:
                if getattr(tot, name) is None:
                    setattr(tot, name, np.zeros(self.fab.n_ports))
                getattr(tot, name)[:] += per_step * k
        if prof.port_paused_s is not None:
            tot.pause_port_s += float(prof.port_paused_s.sum()) * k
        if prof.port_stall_s is not None:
            tot.credit_stall_port_s += float(prof.port_stall_s.sum()) * k
        tot.ecn_marked_bytes += prof.marked_B * k
        tot.dropped_bytes += prof.dropped_B * k
        if (prof.marked_B or prof.dropped_B) and r.sub_unit_bytes.sum() > 0:
            for seg, frac in _segment_fractions(r.routed.sub_segment, r.sub_unit_bytes):
                tot.segment_marked[seg] = tot.segment_marked.get(seg, 0.0) + prof.marked_B * k * frac
                tot.segment_dropped[seg] = tot.segment_dropped.get(seg, 0.0) + prof.dropped_B * k * frac

    # ---- the loop -------------------------------------------------------------------------------
    def run(self) -> Iterator[Interval]:
        """Simulate the whole plan, yielding each interval of simulated time."""
        phases = self.plan.phases
        n = len(phases)
        tot = self.totals
        deps_left = np.array([len(p.after) for p in phases], dtype=np.int64)
        children: list[list[int]] = [[] for _ in range(n)]
        for i, p in enumerate(phases):
            for d in p.after:
                children[d].append(i)
        ready_at = np.full(n, np.inf)
        for i, p in enumerate(phases):
            if not p.after:
                ready_at[i] = p.start_s
        status = np.zeros(n, dtype=np.int8)       # 0 waiting, 1 draining, 2 tail/compute, 3 done
        reps_left = np.array([p.repeat for p in phases], dtype=np.int64)
        wake_at = np.full(n, np.inf)              # end of a tail or compute interval
        remaining: dict[int, np.ndarray] = {}     # draining phase -> bytes left per sub-flow
        alive: dict[int, np.ndarray] = {}         # draining phase -> indices of unfinished sub-flows
        rep_start: dict[int, bool] = {}           # phase is at the start of a step
        t = 0.0

        def start_step(i: int) -> None:
            ph = phases[i]
            if ph.pattern is None:
                status[i] = 2
                wake_at[i] = t + ph.compute_s
                return
            r = self.routed(i)
            remaining[i] = r.sub_unit_bytes * ph.bytes_per_flow
            alive[i] = np.flatnonzero(remaining[i] > 0)
            rep_start[i] = True
            status[i] = 1

        def alpha_s(i: int) -> float:
            r = self.routed(i)
            lat = r.routed.sub_latency_ns
            return float(lat.max()) * phases[i].alpha_factor * 1e-9 if len(lat) else 0.0

        def finish_phase(i: int, reps_done: int) -> None:
            ph = phases[i]
            status[i] = 3
            tot.phase_end_s[i] = t
            if ph.pattern is not None:
                r = self.routed(i)
                for seg in np.unique(r.routed.sub_segment):
                    if seg >= 0:
                        tot.segment_end_s[int(seg)] = max(tot.segment_end_s.get(int(seg), 0.0), t)
            for c in children[i]:
                deps_left[c] -= 1
                if deps_left[c] == 0:
                    ready_at[c] = max(t, phases[c].start_s)

        def account(i: int, sub_idx: np.ndarray | None, sub_bytes: np.ndarray | float,
                    extra_latency_ns: np.ndarray | None = None, record_latency: bool = True) -> None:
            """Add delivered bytes of phase i to the per-workload and per-segment totals."""
            r = self.routed(i)
            seg = r.routed.sub_segment if sub_idx is None else r.routed.sub_segment[sub_idx]
            b = np.broadcast_to(np.asarray(sub_bytes, dtype=float), seg.shape)
            lat = r.routed.sub_latency_ns if sub_idx is None else r.routed.sub_latency_ns[sub_idx]
            if extra_latency_ns is not None:
                lat = lat + extra_latency_ns        # queueing and pauses the bytes met
            if record_latency:
                tot.latency.add(lat, b, phases[i].workload, seg)
            total = float(b.sum())
            tot.delivered_bytes += total
            w = phases[i].workload
            tot.workload_bytes[w] = tot.workload_bytes.get(w, 0.0) + total
            if len(seg):
                segs, inv = np.unique(seg, return_inverse=True)
                sums = np.bincount(np.asarray(inv).reshape(-1), weights=b)
                for s, v in zip(segs, sums, strict=True):
                    tot.segment_bytes[int(s)] = tot.segment_bytes.get(int(s), 0.0) + float(v)

        fails = self.failures

        def stalled_now(i: int, subs: np.ndarray, ports: np.ndarray) -> np.ndarray:
            """Which of these sub-flows of phase i are alive and cross one of the (failed) ports."""
            if status[i] != 1 or i not in alive or not ports.any():
                return np.zeros(len(subs), dtype=bool)
            return ((self.routed(i).matrix[:, subs].T @ ports.astype(float)) > 0) & np.isin(subs, alive[i])

        def apply_failures() -> None:
            """Failures, repairs and reroutes due now: new capacities, new routes, who stalls."""
            assert fails is not None
            started = fails.apply_due(t)
            self._routed.clear()                  # routes (and solo profiles) follow the tables
            self.model.set_capacity(fails.capacity_Bps())
            for rec in started:
                if rec.action != "down":
                    continue
                hit = np.zeros(self.fab.n_ports)
                hit[fails.ports_of(rec.spec)] = 1.0
                for i in np.flatnonzero(status == 1):
                    r = self.routed(int(i))
                    a = alive[int(i)]
                    st = (r.matrix[:, a].T @ hit) > 0
                    fails.note_stalled(rec, int(i), a[st], remaining[int(i)][a[st]], fails.groups(r.routed)[a[st]])
            fails.check_recovered(t, stalled_now)

        while True:
            if self.cancel is not None and self.cancel.is_set():
                raise Cancelled()
            if fails is not None:
                fails.poll(t)
                if fails.next_time() <= t + _EPS_S:
                    apply_failures()
            # wake phases whose tail or compute interval has ended
            for i in np.flatnonzero((status == 2) & (wake_at <= t + _EPS_S)):
                wake_at[i] = np.inf
                ph = phases[i]
                reps_left[i] -= 1
                if reps_left[i] > 0:
                    start_step(i)
                else:
                    finish_phase(i, ph.repeat)
            # start phases that are ready
            for i in np.flatnonzero((status == 0) & (ready_at <= t + _EPS_S)):
                tot.phase_start_s[int(i)] = t
                start_step(int(i))
            if (status == 2).any() and (wake_at[status == 2] <= t + _EPS_S).any():
                continue
            draining = [int(i) for i in np.flatnonzero(status == 1)]
            pending = ready_at[status == 0]
            next_evt = min(float(pending.min()) if len(pending) else np.inf,
                           float(wake_at.min()), fails.next_time() if fails is not None else np.inf)
            if not draining:
                if not math.isfinite(next_evt):
                    if (status != 3).any():
                        stuck = int(np.flatnonzero(status != 3)[0])
                        raise RuntimeError(f"phase '{phases[stuck].name}' can never start")
                    break
                yield Interval(t, next_evt, 0.0, 0)
                t = next_evt
                continue
            # fast path: a single pattern at the start of a step, nothing else on the network
            if len(draining) == 1 and rep_start.get(draining[0], False) and not (fails and fails.any_dead):
                i = draining[0]
                ph = phases[i]
                r = self.routed(i)
                prof = self._profile(r, ph.bytes_per_flow, ph.repeat)
                if prof is not None:
                    step = prof.drain_s_per_byte * ph.bytes_per_flow + alpha_s(i)
                    k = int(reps_left[i]) if not math.isfinite(next_evt) else \
                        min(int(reps_left[i]), int(max(0.0, next_evt - t) // step) if step > 0 else int(reps_left[i]))
                    if k >= 1:
                        tot.events += k * max(1, len(prof.levels))
                        if ph.repeat == 1 and i not in tot.flow_time_s:
                            tot.flow_time_s[i] = prof.sub_finish_s_per_byte * ph.bytes_per_flow
                        b = ph.bytes_per_flow * k
                        tot.port_bytes += r.port_unit_bytes * b
                        if prof.wait_samples is None:
                            account(i, None, r.sub_unit_bytes * b, prof.extra_latency_ns)
                        else:
                            # the queueing the step's bytes met, as its distribution (the tail stays a tail)
                            account(i, None, r.sub_unit_bytes * b, record_latency=False)
                            self._record_wait_samples(i, r, prof.wait_samples, float(r.sub_unit_bytes.sum()) * b)
                        self._add_queue_stats(prof, k, r)
                        t0 = t
                        t = t + k * step
                        delivered = float(r.sub_unit_bytes.sum()) * b
                        if k == 1 and prof.trace is not None:
                            # a step simulated in the fluid queues: replay its course, window by window
                            drain_end = t0 + prof.drain_s_per_byte * ph.bytes_per_flow
                            yield from _replay(prof.trace, t0, drain_end, t, delivered, r.port_unit_bytes * b,
                                               len(r.sub_unit_bytes))
                        elif k == 1 and len(prof.levels) > 1:
                            # one step alone: report its rate levels (collisions drain at different times)
                            tl = t0
                            for dt_unit, rate in prof.levels:
                                dt = dt_unit * ph.bytes_per_flow
                                yield Interval(tl, tl + dt, rate * dt, len(r.sub_unit_bytes),
                                               (lambda pb=r.port_unit_bytes, bb=b, f=dt / (t - t0): pb * bb * f))
                                tl += dt
                            if t > tl:
                                yield Interval(tl, t, 0.0, 0)
                        else:
                            yield Interval(t0, t, delivered, len(r.sub_unit_bytes),
                                           (lambda pb=r.port_unit_bytes, bb=b: pb * bb))
                        reps_left[i] -= k
                        if reps_left[i] == 0:
                            del remaining[i], alive[i], rep_start[i]
                            finish_phase(i, ph.repeat)
                        continue
            # general step: all draining phases share the network
            mats, rem, owner, seg, idx, wl = [], [], [], [], [], []
            moving = []                           # draining phases with sub-flows not stalled by a failure
            for i in draining:
                r = self.routed(i)
                a = alive[i]
                if fails is not None and fails.any_dead:
                    a = a[~fails.stalled(r.matrix[:, a])]
                    if len(a) == 0:
                        continue
                moving.append(i)
                mats.append(r.matrix[:, a])
                rem.append(remaining[i][a])
                owner.append(np.full(len(a), i))
                seg.append(r.routed.sub_segment[a])
                idx.append(a)
                wl.append(np.full(len(a), phases[i].workload))
            if not moving:
                # every flow waits for a reroute or a repair: jump to it; with none to come, they never finish
                if math.isfinite(next_evt):
                    yield Interval(t, next_evt, 0.0, 0)
                    t = next_evt
                    continue
                self.stuck = {i: alive[i].copy() for i in draining}
                self.stuck_at_s = t
                return
            flows = ActiveFlows(sp.hstack(mats, format="csr"), np.concatenate(rem), np.concatenate(owner),
                                np.concatenate(seg), np.concatenate(idx), np.concatenate(wl))
            adv = self.model.advance(flows, max(next_evt - t, 0.0))
            tot.events += 1
            if not math.isfinite(adv.dt_s):
                raise RuntimeError("flows cannot progress (a port with zero capacity?)")
            port_delta = flows.matrix @ adv.delivered_bytes
            tot.port_bytes += port_delta
            tot.pause_port_s += adv.pause_port_s
            tot.credit_stall_port_s += adv.credit_stall_port_s
            tot.ecn_marked_bytes += adv.ecn_marked_bytes
            tot.dropped_bytes += adv.dropped_bytes
            for name in ("port_paused_s", "port_stall_s", "port_dropped_B"):
                delta = getattr(adv, name)
                if delta is not None:
                    if getattr(tot, name) is None:
                        setattr(tot, name, np.zeros(self.fab.n_ports))
                    getattr(tot, name)[:] += delta
            for per_sub, into in ((adv.sub_marked_B, tot.segment_marked), (adv.sub_dropped_B, tot.segment_dropped)):
                if per_sub is not None and per_sub.any():
                    for sg in np.unique(flows.segment[per_sub > 0]):
                        into[int(sg)] = into.get(int(sg), 0.0) + float(per_sub[flows.segment == sg].sum())
            t0 = t
            t = t + adv.dt_s
            yield Interval(t0, t, float(adv.delivered_bytes.sum()), len(flows.remaining_bytes),
                           (lambda d=port_delta: d))
            off = 0
            for i, a in zip(moving, idx, strict=True):
                d = adv.delivered_bytes[off:off + len(a)]
                extra = None if adv.extra_latency_ns is None else adv.extra_latency_ns[off:off + len(a)]
                off += len(a)
                account(i, a, d, extra)
                remaining[i][a] -= d
                rep_start[i] = False
                # a (the moving sub-flows) may leave out sub-flows stalled by a failure: test all alive ones
                still = remaining[i][alive[i]] > 1e-9 * max(1.0, phases[i].bytes_per_flow)
                alive[i] = alive[i][still]
                if len(alive[i]) == 0:
                    del remaining[i], alive[i], rep_start[i]
                    status[i] = 2
                    wake_at[i] = t + alpha_s(i)
        return


def backend_port_mask(fab: CompiledFabric) -> np.ndarray:
    """Directed ports of back-end cables (NVLink and front-end excluded)."""
    return fab.port_plane == PLANE_BACKEND


def _segment_fractions(sub_segment: np.ndarray, sub_bytes: np.ndarray) -> list[tuple[int, float]]:
    """(segment, share of the bytes) for every segment whose senders carry bytes in a step (-1: no segment)."""
    total = float(sub_bytes.sum())
    out = []
    for seg in np.unique(sub_segment):
        part = float(sub_bytes[sub_segment == seg].sum())
        if part > 0:
            out.append((int(seg), part / total))
    return out


def _replay(trace: StepTrace, t0: float, drain_end: float, t_end: float, delivered_B: float,
            port_bytes: np.ndarray, n_sub: int) -> Iterator[Interval]:
    """The intervals of one traced step: its windows scaled to [t0, drain_end], then the latency tail."""
    start = t0
    for w, frac in enumerate(trace.t_end_frac):
        t1 = t0 + float(frac) * (drain_end - t0)
        share = partial(_window_port_bytes, trace, w, port_bytes)
        figures = {"pfc_pause_fraction": float(trace.pause_fraction[w]),
                   "credit_stall_fraction": float(trace.credit_stall_fraction[w]),
                   "ecn_mark_fraction": float(trace.mark_fraction[w]),
                   "queue_max_B": float(trace.queue_max_B[w]), "queue_total_B": float(trace.queue_total_B[w]),
                   "queue_B": None if trace.queue_B is None else trace.queue_B[w],
                   "port_paused": None if trace.port_paused is None else trace.port_paused[w],
                   "latency_us": None if trace.latency_us is None else trace.latency_us[w]}
        yield Interval(start, t1, delivered_B * float(trace.delivered_frac[w]), n_sub, share, figures)
        start = t1
    if t_end > start:
        yield Interval(start, t_end, 0.0, 0)


def _window_port_bytes(trace: StepTrace, window: int, port_bytes: np.ndarray) -> np.ndarray:
    """Bytes each port carried in one window of a traced step (its own share where the trace kept per-port data)."""
    if trace.port_frac is not None:
        return trace.port_frac[window] * port_bytes
    return port_bytes * float(trace.delivered_frac[window])
