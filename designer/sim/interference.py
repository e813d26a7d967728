"""Several jobs on one fabric: each job's figures together and alone, and what the others cost it.

The run with every job is the ordinary one. Then each job runs again alone, on the GPUs the whole list gave it (one
extra engine run per job, without the ideal-fabric pass). A job's slowdown is its time together over its time
alone: the step time of a training job, else its completion time from its own start. The victim figures compare the
PFC pause and credit-stall time of the job's traffic class on its ports in both runs (designer/sim/job_sharing.py).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from designer.model.document import FabricDocument
from designer.sim.api import SimOptions, run
from designer.sim.job_sharing import victims
from designer.sim.metrics import SimResult
from designer.sim.workload_spec import Workload, parse_workloads

_FIGURES = ("completion_time_s", "step_time_s", "busbw_gbps")


def run_jobs(doc: FabricDocument, workloads: list[str] | list[Workload],
             options: SimOptions | None = None) -> SimResult:
    """The run of every workload together, with `data["jobs"]` comparing each job together and alone (a run of a
    single workload is returned as it is)."""
    opts = options or SimOptions()
    parsed = parse_workloads(workloads)
    together = run(doc, parsed, opts)
    if len(parsed) < 2:
        return together
    alone_opts = [dataclasses.replace(opts, only_job=k, ideal_pass=False, control=None) for k in range(len(parsed))]
    alone = [run(doc, parsed, o) for o in alone_opts]
    together.data["jobs"] = job_report(together, alone)
    return together


def job_report(together: SimResult, alone: list[SimResult]) -> dict[str, Any]:
    """Per job: its figures together and alone, the slowdown, and the victim ports; the links and switches shared."""
    shared = together.data["sharing"]
    rows = []
    for k, solo in enumerate(alone):
        mine, own = together.data["workloads"][k], solo.data["workloads"][k]
        row: dict[str, Any] = {"job": k + 1, "spec": mine["spec"], "kind": mine["kind"], "gpus": mine["gpus"],
                               "tc": shared["jobs"][k].get("tc", 0)}
        for name in _FIGURES:
            row[name] = {"together": mine.get(name), "alone": own.get(name)}
        row["p99_latency_us"] = {"together": mine["latency_us"]["p99"], "alone": own["latency_us"]["p99"]}
        row["slowdown"] = slowdown(mine, own)
        jobs_alone = solo.data["sharing"]["jobs"][k]
        for kind in ("paused", "stalled"):
            row[f"{kind}_s"] = {"together": shared["jobs"][k][f"{kind}_s"], "alone": jobs_alone[f"{kind}_s"]}
            row[f"victim_{kind}"] = victims(k, shared, solo.data["sharing"], kind)
        row["links"], row["switches"] = shared["jobs"][k]["links"], shared["jobs"][k]["switches"]
        rows.append(row)
    return {"alone_runs": len(alone), "rows": rows, "shared_links": shared["shared_links"],
            "shared_switches": shared["shared_switches"]}


def slowdown(together: dict[str, Any], alone: dict[str, Any]) -> float | None:
    """Time together over time alone: step time for a training job, else completion time."""
    key = "step_time_s" if together.get("step_time_s") and alone.get("step_time_s") else "completion_time_s"
    t, a = together.get(key), alone.get(key)
    return float(t) / float(a) if t and a else None
