"""Draining at max-min fair rates, the engine's way where no port is over-offered (there those rates are exact):
the engine advances from one completion to the next, and a phase that runs alone at the start of a step reuses its
drain profile, so the 2(n-1) steps of a ring cost one max-min solve.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator

import numpy as np
import scipy.sparse as sp

from designer.sim.fluid_queues import whole_range
from designer.sim.intervals import Interval, given
from designer.sim.phase_life import DONE, EngineError, PhaseLife, _Routed
from designer.sim.rate_model import ActiveFlows, SoloProfile
from designer.sim.stacked_flows import (
    _columns,
    _Delivered,
    _gathered,
    _matrix_of,
    _per_phase,
    _side_by_side,
    _stacked,
)


class MaxMinDrain(PhaseLife):
    """The phases (phase_life.py) drained at max-min rates: k repeats of a step alone at once (`_solo_steps`), or the
    phases that share the fabric advanced to the next completion (`_shared_advance`)."""

    # ---- one pattern alone at the start of a step -------------------------------------------------------
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

    # ---- several phases share the fabric ----------------------------------------------------------------
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
