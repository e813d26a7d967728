"""A congested step that repeats alone: its first repeats stream through the fluid queues, then the mean of the warm
ones stands in for the rest (fluid_drain.py).

Warm means the senders' state no longer carries the start of the collision. Without congestion control that is
every repeat after the first, cold one. Senders running DCQCN remember their past for two timer periods
(FluidQueues.sender_memory_s) and swing over several: the repeats begun within that memory of the first are left
out (they hold the collapse a collision starts with), and the rest are cut into batches that each last the memory;
their mean stands in once there are WARM_BATCHES batches and the standard error of the batch means is within
STEADY_TOLERANCE of their mean: the batch-means method of steady-state simulation output analysis (Law and Kelton,
Simulation Modeling and Analysis, ch. 9.5).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from designer.sim.fluid_queues import StepCost

WARM_REPEATS = 3          # repeats of a congested step streamed through the queues before the rest are stood in
WARM_BATCHES = 4           # with DCQCN: batches of warm repeats, each lasting the senders' memory
STEADY_TOLERANCE = 0.02    # standard error of the batch means, as a share of their mean
_EPS_S = 1e-15


@dataclass
class Repeat:
    """One repeat of a congested step streamed through the queues alone: how long it took and what it cost."""

    duration_s: float
    cost: StepCost
    memory_s: float = 0.0        # how long its senders remember their past (FluidQueues.sender_memory_s)
    start_s: float = 0.0
    transit_s: float = 0.0       # the queues' own transit in its drain (FluidQueues.transit_s)


def warm(reps: list[Repeat]) -> list[Repeat]:
    """The streamed repeats whose mean may stand in for later ones; none yet while it is unsure (module docstring)."""
    memory_s = max((r.memory_s for r in reps), default=0.0)
    if memory_s <= 0.0:
        return reps[1:]
    batches = _batches([r for r in reps[1:] if r.start_s >= reps[0].start_s + memory_s - _EPS_S], memory_s)
    if len(batches) < WARM_BATCHES:
        return []
    means = np.array([sum(r.duration_s for r in b) / len(b) for b in batches])
    error = float(means.std(ddof=1)) / np.sqrt(len(means))
    return [r for b in batches for r in b] if error <= STEADY_TOLERANCE * float(means.mean()) else []


def _batches(reps: list[Repeat], span_s: float) -> list[list[Repeat]]:
    """Consecutive runs of repeats that each last at least `span_s` (a shorter run left at the end is dropped)."""
    out: list[list[Repeat]] = []
    run: list[Repeat] = []
    total = 0.0
    for r in reps:
        run.append(r)
        total += r.duration_s
        if total >= span_s - _EPS_S:
            out.append(run)
            run, total = [], 0.0
    return out


def mean_repeat(reps: list[Repeat]) -> Repeat:
    """The repeat that stands in: the mean duration, port counters, totals and latency histogram of `reps`."""
    n = len(reps)
    costs = [r.cost for r in reps]
    latency: dict[tuple[int, int], dict[float, float]] = {}
    for cost in costs:
        for w, s, lat, weight in cost.latency:
            bins = latency.setdefault((w, s), {})
            for x, y in zip(lat.tolist(), weight.tolist(), strict=True):
                bins[x] = bins.get(x, 0.0) + y / n
    mean = StepCost(_mean_array([c.port_bytes for c in costs]), _mean_array([c.paused_s for c in costs]),
                    _mean_array([c.stall_s for c in costs]), _mean_array([c.dropped_B for c in costs]),
                    sum(c.marked_B for c in costs) / n, sum(c.lost_B for c in costs) / n,
                    sum(c.resent_B for c in costs) / n,
                    [(w, s, np.array(list(b)), np.array(list(b.values()))) for (w, s), b in latency.items()],
                    _mean_lanes([c.lane_paused_s for c in costs]), _mean_lanes([c.lane_stall_s for c in costs]))
    return Repeat(sum(r.duration_s for r in reps) / n, mean, transit_s=max(r.transit_s for r in reps))


def _mean_array(arrays: list[np.ndarray]) -> np.ndarray:
    """The element-wise mean, summed in order as `sum` would."""
    total = arrays[0]
    for a in arrays[1:]:
        total = total + a
    return total / len(arrays)


def _mean_lanes(arrays: list[np.ndarray | None]) -> np.ndarray | None:
    """The mean of per-lane counters, None where a step has none."""
    present = [a for a in arrays if a is not None]
    return _mean_array(present) if len(present) == len(arrays) and present else None
