"""Which servers the jobs saved with a design run on, as a run would place them (for the window's canvas).

The jobs are placed exactly as a run of them places them (designer/sim/placement.py, with the run's seed for
`place=random`): each server gets the jobs holding GPUs on it, with how many. A job that names no placement spans
every GPU of the design, so it is on every server. A list the placement refuses (too few GPUs, a server set taken
by an earlier job) gives its one-line reason instead.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from designer.model.document import FabricDocument
from designer.model.jobs import Job
from designer.sim.compile import compile_fabric
from designer.sim.placement import place_jobs
from designer.sim.workload_spec import WorkloadError, parse_workloads


@dataclass
class JobLayout:
    """Per server id, the (job index, GPUs of that job on it) pairs, jobs in list order; or why none."""

    servers: dict[str, list[tuple[int, int]]] = field(default_factory=dict)
    problem: str | None = None


def job_layout(doc: FabricDocument, jobs: list[Job] | None = None, seed: int = 1) -> JobLayout:
    """Where the jobs (default: the design's) run."""
    jobs = doc.jobs if jobs is None else jobs
    if not jobs:
        return JobLayout()
    try:
        placed = place_jobs(parse_workloads([j.spec() for j in jobs]), fab := compile_fabric(doc), seed)
    except (WorkloadError, ValueError) as exc:
        return JobLayout(problem=str(exc).splitlines()[0])
    out: dict[str, list[tuple[int, int]]] = {}
    for k, w in enumerate(placed):
        ranks = w.placed_gpus if w.placed_gpus is not None else np.arange(fab.n_gpus)
        servers, counts = np.unique(fab.gpu_server[ranks], return_counts=True)
        for s, n in zip(servers.tolist(), counts.tolist(), strict=True):
            out.setdefault(fab.node_ids[s], []).append((k, n))
    return JobLayout(out)


def jobs_problem(doc: FabricDocument, jobs: list[Job], seed: int = 1) -> str:
    """Why the jobs cannot run together on the design as they stand ("" when they can): placement, and what the
    workloads ask of the GPUs they get (an AllToAll needs as many GPUs on each of its servers...). The plan is built
    as a run builds it; nothing is simulated."""
    from designer.sim.api import build_plan

    try:
        build_plan(parse_workloads([j.spec() for j in jobs]), compile_fabric(doc), seed)
    except (WorkloadError, ValueError) as exc:
        return str(exc).splitlines()[0]
    return ""
