"""Draining through the fluid queues (fluid_queues.py), the engine's way where senders over-offer a port (incast,
oversubscription, hash collisions): the phases drain in windows of simulated time, each reported as it is simulated,
and the phases that share no port with them drain beside them at max-min rates. A step that repeats alone (a ring
over congested links) streams its first repeats and then stands in the mean of the warm ones for the rest. Warm
means the senders' state no longer carries the start of the collision: without congestion control every repeat after
the first; with DCQCN, whose rate-increase timer paces the recovery from the collapse a collision starts with and
whose cuts keep the rates swinging, the repeats after two timer periods, once batches of them agree well enough to
estimate the mean (stand_in.py).
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from designer.i18n.message import Message
from designer.sim import stand_in
from designer.sim.fluid_queues import DrainHint, Window, whole_range
from designer.sim.intervals import Interval, given
from designer.sim.maxmin import drain_bounds_s
from designer.sim.maxmin_drain import MaxMinDrain
from designer.sim.phase_life import DRAINING, _SubRows
from designer.sim.queue_groups import in_queues
from designer.sim.rate_model import ActiveFlows, Advance, delivered_over
from designer.sim.segment_totals import add_by_segment, add_zero_by_segment, segment_bounds
from designer.sim.stacked_flows import _columns, _Delivered, _matrix_of, _per_phase, _side_by_side, _stacked
from designer.sim.workload_spec import WorkloadError

# A lossy class without congestion control under a sustained overload: go-back-N resends more than it delivers and
# the run makes no headway (loss.py). A run that has resent this many times the bytes it must deliver is stopped
# with a message rather than left to run on; a lossy run that recovers resends far less (a few hundred times at the
# worst measured, 8:1 into a shallow switch with DCQCN on: docs/multi-site.md).
COLLAPSE_RESENT_FACTOR = 1000.0


class FluidDrain(MaxMinDrain):
    """The drains of maxmin_drain.py and the fluid queues: which phases need the queues, the queues' windows, and
    the repeats that stand in for streamed ones."""

    # ---- which phases need the queues -------------------------------------------------------------------
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

    # ---- windows of the queues --------------------------------------------------------------------------
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

    # ---- stand-in repeats -------------------------------------------------------------------------------
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


@dataclass
class _Beside:
    """Phases draining at max-min rates beside the queues: their flows, the phases that move, their rates."""

    flows: ActiveFlows
    moving: list[int]
    adv: Advance
