"""The event loop: phases start when their dependencies end, their flows drain, and every advance of simulated time
is reported as an `Interval` (intervals.py: for the live plots, snapshots and the timeline).

Events are phase starts, phase completions and the ends of compute intervals and latency tails (phase_life.py). Flows
drain in one of two ways: at max-min fair rates where no port is over-offered (maxmin_drain.py), through the fluid
queues where senders over-offer a port (fluid_drain.py). Each is a layer of the engine: PhaseLife holds the phases'
state and bookkeeping, MaxMinDrain and FluidDrain add the two drains, and Engine the loop that picks one for each
advance. What the run accumulates is its Totals (run_totals.py).
"""

from __future__ import annotations

import math
from collections.abc import Iterator

import numpy as np

from designer.sim.fluid_drain import FluidDrain
from designer.sim.intervals import Interval
from designer.sim.phase_life import _EPS_S, DONE, DRAINING, TAIL


class Cancelled(Exception):
    """The run was cancelled through its threading.Event."""


class Engine(FluidDrain):
    """Runs a Plan over a compiled fabric; iterate `run()` for Intervals."""

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
                if not math.isfinite(next_evt) or (self.status == DONE).all():
                    self._check_complete()       # every phase done: a failure event still to come changes nothing
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
