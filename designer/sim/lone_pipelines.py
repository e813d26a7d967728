"""The pipelined phases of a plan that drain alone, which the engine never puts into the fluid queues.

A pipelined step (NCCL's tree and SHARP AllReduce, pipeline.py) offers each port no more than its pipeline's pace,
the bytes crossing the port over the busiest port's time: with nothing else draining, no port is offered more than
it carries, so the engine drains it at max-min rates (fluid_drain.py `_over_offered`). It can enter the queues
only beside another flow phase (their sum may over-offer a port, or the other is in the queues already) or when a
failure leaves a port it crosses without capacity. A phase starts once every phase it comes after is done (phase_life.py
`_finish_phase`), so a phase that every other flow phase comes before or after, through the plan's dependencies,
never drains beside one.
"""

from __future__ import annotations

from designer.sim.transfers import Plan


def lone_pipelines(plan: Plan) -> set[int]:
    """Indices of the pipelined flow phases that every other flow phase of the plan precedes or follows."""
    phases = plan.phases
    parents = [list(ph.after) for ph in phases]
    children = plan.children()
    flows = {i for i, ph in enumerate(phases) if ph.pattern is not None}
    alone = set()
    for i in sorted(flows):
        if phases[i].pipelined and flows <= _reached(parents, i) | _reached(children, i) | {i}:
            alone.add(i)
    return alone


def _reached(edges: list[list[int]], start: int) -> set[int]:
    """Every phase reached from `start` along `edges` (its ancestors through parents, descendants through
    children)."""
    seen: set[int] = set()
    todo = [start]
    while todo:
        for j in edges[todo.pop()]:
            if j not in seen:
                seen.add(j)
                todo.append(j)
    return seen
