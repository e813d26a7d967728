"""The runs of the jobs kept with a design, for the proposal's shared-cluster section.

Every job runs together with the others, then each alone on the GPUs the whole list gave it
(designer/sim/interference.py). Like the performance section, the comparison runs the InfiniBand and the RoCEv2
option, each on the design its price is for (protocol_options.option_designs), at the comparison's settings preset;
without it, the design runs as drawn. A design with a single job has nothing to share: it is not simulated here.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from designer.analysis.settings_presets import sim_options
from designer.model.document import FabricDocument

DRAWN = "drawn"


@dataclass
class JobRuns:
    """The jobs' names and workloads, and per run ("drawn", or "ib" and "rocev2") the per-job report of
    `run_jobs` (its `data["jobs"]`)."""

    names: list[str]
    workloads: list[str]                               # each job's workload, without its placement
    gpus: list[int | None]
    reports: dict[str, dict] = field(default_factory=dict)
    problem: str | None = None                         # why the jobs could not be simulated (one line)


def job_runs(doc: FabricDocument, *, compare: bool, preset: str | None,
             designs: dict[str, FabricDocument] | None = None) -> JobRuns | None:
    """The jobs' runs, or None when the design keeps no job; `designs`: each protocol option's design (a protocol
    missing runs the drawing with its protocol overridden)."""
    from designer.sim.interference import run_jobs
    from designer.sim.workload_spec import WorkloadError

    if not doc.jobs:
        return None
    out = JobRuns([j.name for j in doc.jobs], [j.workload for j in doc.jobs], [j.gpus for j in doc.jobs])
    if len(doc.jobs) < 2:
        return out
    specs = [j.spec() for j in doc.jobs]
    backends = ("ib", "rocev2") if compare else (None,)
    try:
        for backend in backends:
            opts = sim_options(seed=1, preset=preset, backend=backend) if backend else sim_options(seed=1)
            design = (designs or {}).get(backend, doc) if backend else doc
            out.reports[backend or DRAWN] = run_jobs(design, specs, opts).data["jobs"]
    except (WorkloadError, ValueError) as exc:
        out.reports.clear()
        out.problem = str(exc).splitlines()[0]
    return out
