"""A workload run several times back to back (`repeat=N`): a job that repeats its collective or its traffic.

The workload's phases are laid down N times; each copy starts when the previous copy's last phases end (its first
phases wait for them), so the copies never overlap and another job running at the same time meets every one of them.
The workload's figures then cover all N runs: its completion time is the N runs' span and its algbw counts N times
the bytes (NCCL-tests' algbw over several iterations, S x N / t). Training repeats its steps with `iters=` and
inference serves a stream for `duration=`, so neither takes `repeat=`.
"""

from __future__ import annotations

import dataclasses

from designer.sim.transfers import Plan, WorkloadPlan


def repeat_workload(plan: Plan, wp: WorkloadPlan, times: int) -> None:
    """Append times - 1 copies of the workload's phases (the last ones in `plan`), each after the previous copy."""
    first = wp.first
    count = len(plan.phases) - first
    last = list(wp.last)
    for _ in range(times - 1):
        shift = len(plan.phases) - first
        for i in range(first, first + count):
            phase = plan.phases[i]
            inside = [a + shift for a in phase.after if a >= first]
            after = inside if inside else [*phase.after, *last]
            plan.add(dataclasses.replace(phase, after=after))
        last = [i + shift for i in wp.last]
    wp.last = last
    if wp.algbw_bytes is not None:
        wp.algbw_bytes *= times
