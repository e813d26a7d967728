"""The graph of transfers a workload becomes: phases of concurrent flows, with dependencies.

A `Phase` is a set of flows that start together and end when the last byte of the last flow has
arrived (a step of a collective, a permutation, a compute interval). `repeat` runs the same step
several times back to back (the 2(n-1) steps of a ring), which the engine solves once and reuses.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from designer.i18n.message import Message
from designer.sim.routing import RouteOptions
from designer.sim.workload_spec import Workload, WorkloadError


@dataclass
class FlowPattern:
    """Who sends to whom (GPU ranks), each flow's byte weight, and how it is routed."""

    key: str
    src: np.ndarray
    dst: np.ndarray
    weight: np.ndarray               # bytes of flow i = phase.bytes_per_flow * weight[i]
    route: RouteOptions
    flow_bytes: float = 0.0          # bytes of a typical flow of the phases using it (set by the plan)
    legs: int = 0                    # the last `legs` flows are hand-overs on the way of the hops before them (a
                                     # ring's NVLink leg to the NIC it leaves by): no hop of their own

    def __post_init__(self) -> None:
        self.src = np.asarray(self.src, dtype=np.int64)
        self.dst = np.asarray(self.dst, dtype=np.int64)
        self.weight = np.asarray(self.weight, dtype=float)


@dataclass
class Phase:
    """One node of the transfer graph: either a flow pattern or a compute interval."""

    name: str
    pattern: FlowPattern | None = None
    bytes_per_flow: float = 0.0
    repeat: int = 1
    alpha_factor: float = 1.0        # pipelined trees pay the path latency once per tree level
    alpha_extra_s: float = 0.0       # per-step software latency (NCCL's step overheads), added to the path's
    pipelined: bool = False          # its flows are stages of one pipeline: none outruns the pipeline's pace
    ring: bool = False               # its flows are the hops of rings stepped in turn: a step pays the mean hop's
                                     # latency, not the slowest's (PhaseLife._alpha_s)
    compute_s: float = 0.0
    after: list[int] = field(default_factory=list)   # indices in the plan's phase list
    start_s: float = 0.0             # earliest start (absolute simulated time)
    workload: int = 0


@dataclass
class WorkloadPlan:
    """The phases of one workload and what its metrics need to know."""

    workload: Workload
    ranks: int
    first: int = 0                   # index of its first phase in Plan.phases
    last: list[int] = field(default_factory=list)   # phases whose end is the workload's end
    algbw_bytes: float | None = None  # S for NCCL algbw = S / t
    busbw_factor: float | None = None
    compute_s: float = 0.0           # useful compute time (train)
    model_flops: float = 0.0
    peak_flops_total: float = 0.0
    mfu: float = 0.0
    extra: dict[str, Any] = field(default_factory=dict)   # figures of the result, and a finisher that adds more


@dataclass
class Plan:
    phases: list[Phase] = field(default_factory=list)
    workloads: list[WorkloadPlan] = field(default_factory=list)

    def add(self, phase: Phase) -> int:
        self.phases.append(phase)
        if phase.pattern is not None and len(phase.pattern.weight):
            typical = phase.bytes_per_flow * float(np.mean(phase.pattern.weight))
            phase.pattern.flow_bytes = max(phase.pattern.flow_bytes, typical)
        return len(self.phases) - 1

    def children(self) -> list[list[int]]:
        """The phases that come after each phase (its index in their `after`), in phase order."""
        out: list[list[int]] = [[] for _ in self.phases]
        for i, phase in enumerate(self.phases):
            for d in phase.after:
                out[d].append(i)
        return out


def route_options(w: Workload, seed: int) -> RouteOptions:
    """Routing knobs of a workload's options (None: the segment's own setting)."""
    return RouteOptions(qps=w.count("qps") if w.kind != "inference" else None,
                        adaptive=w.switch("ar"), spray=w.switch("spray"),
                        plane=str(w.opt("plane", "backend")), seed=seed)


def participants(w: Workload, n_gpus: int) -> np.ndarray:
    """GPU ranks taking part, ascending: those the placement gave the job, else all GPUs."""
    if n_gpus == 0:
        raise WorkloadError(Message("error.sim.no_gpus"))
    if w.placed_gpus is not None:
        return w.placed_gpus
    assert not w.is_placed, "build_plan places every placed job first"
    return np.arange(n_gpus, dtype=np.int64)
