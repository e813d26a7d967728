"""Jobs saved with a design: workloads that run together on parts of the fabric.

A job is a workload spec (kept as the text the user wrote, without placement: the simulator checks it when the job
runs) and where it runs: `gpus` with a placement rule (`place`, `seed` for the random one), or the `servers` it
runs on; `tc` is its traffic class (an Ethernet priority on RoCEv2, a virtual lane on InfiniBand,
designer/sim/traffic_classes.py), absent for the shared class 0. Here the fields are checked for shape and against
the design (named servers must be GPU servers of it), so a file with a broken job is refused with its place like any
other field. `Job.spec()` gives the workload grammar's
text of the job (designer/sim/placement.py places it).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from designer.i18n.message import Message
from designer.model.limits import MAX_NODES, SCENARIO_SEED
from designer.model.run_results import Problem, section_items

PLACEMENTS = ("packed", "spread", "random", "rail-aligned")
PLACEMENT_KEYS = ("gpus", "place", "seed", "servers")
MAX_JOBS = 1_000
MAX_JOB_GPUS = 10_000_000
# traffic classes: the 8 priorities of IEEE 802.1Q, each paused on its own by PFC (IEEE 802.1Qbb); on InfiniBand the
# class is a virtual lane, checked against the segment's lanes when the job runs
N_CLASSES = 8
DEFAULT_CLASS = 0
_FIELDS = {"name", "workload", "tc", *PLACEMENT_KEYS}


@dataclass
class Job:
    """One job: e.g. "pretraining" = train:70b on gpus=512 place=packed."""

    name: str
    workload: str
    gpus: int | None = None
    place: str | None = None
    seed: int | None = None
    servers: list[str] = field(default_factory=list)
    tc: int | None = None                  # traffic class; None: the shared class 0

    def spec(self) -> str:
        """The job as one workload spec of the simulator's grammar."""
        parts = [self.workload]
        if self.servers:
            parts.append("servers=" + ",".join(self.servers))
        for key in ("gpus", "place", "seed", "tc"):
            value = getattr(self, key)
            if value is not None:
                parts.append(f"{key}={value}")
        return ":".join(parts)


def job_to_dict(job: Job) -> dict[str, Any]:
    out: dict[str, Any] = {"name": job.name, "workload": job.workload}
    for key in ("gpus", "place", "seed", "tc"):
        if getattr(job, key) is not None:
            out[key] = getattr(job, key)
    if job.servers:
        out["servers"] = list(job.servers)
    return out


def jobs_from_raw(raw: Any, gpu_servers: set[str], where: str = "jobs") -> tuple[list[Job], list[Problem]]:
    """Jobs from the file's list and the problems found; `gpu_servers` are the ids of the design's GPU servers."""
    items, problems = section_items(raw, where, MAX_JOBS, "error.jobs.not_list")
    out: list[Job] = []
    names: set[str] = set()
    for place, item in items:
        before = len(problems)
        job = _job(item, place, gpu_servers, problems)
        if job.name in names:
            problems.append(Problem(f"{place}.name", Message("error.file.id_twice", id=job.name)))
        names.add(job.name)
        if len(problems) == before:
            out.append(job)
    return out, problems


def _job(item: dict[str, Any], place: str, gpu_servers: set[str], problems: list[Problem]) -> Job:
    """One job's fields, each problem filed at its place."""
    unknown = set(item) - _FIELDS
    if unknown:
        problems.append(Problem(place, Message("error.jobs.unknown_fields", fields=", ".join(sorted(unknown)))))
    name, workload = item.get("name"), item.get("workload")
    if not isinstance(name, str) or not name.strip():
        problems.append(Problem(f"{place}.name", Message("error.jobs.name")))
        name = ""
    if not isinstance(workload, str) or not workload.strip():
        problems.append(Problem(f"{place}.workload", Message("error.jobs.workload")))
        workload = ""
    elif any(part.partition("=")[0].strip().lower() in (*PLACEMENT_KEYS, "tc") for part in workload.split(":")):
        problems.append(Problem(f"{place}.workload", Message("error.jobs.placement_in_workload")))
    job = Job(name, workload, gpus=_whole(item, "gpus", place, 1, MAX_JOB_GPUS, problems),
              place=_rule(item, place, problems), seed=_whole(item, "seed", place, SCENARIO_SEED.minimum,
                                                              SCENARIO_SEED.maximum, problems),
              servers=_servers(item, place, gpu_servers, problems),
              tc=_whole(item, "tc", place, 0, N_CLASSES - 1, problems))
    _check_together(job, place, problems)
    return job


def _whole(item: dict[str, Any], key: str, place: str, low: float, high: float, problems: list[Problem]) -> int | None:
    value = item.get(key)
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        problems.append(Problem(f"{place}.{key}", Message("error.jobs.whole", low=f"{low:,.0f}", high=f"{high:,.0f}")))
        return None
    return value


def _rule(item: dict[str, Any], place: str, problems: list[Problem]) -> str | None:
    value = item.get("place")
    if value is None or value in PLACEMENTS:
        return value
    problems.append(Problem(f"{place}.place", Message("error.jobs.place", choices=", ".join(PLACEMENTS))))
    return None


def _servers(item: dict[str, Any], place: str, gpu_servers: set[str], problems: list[Problem]) -> list[str]:
    value = item.get("servers", [])
    if not isinstance(value, list) or len(value) > MAX_NODES or not all(isinstance(v, str) for v in value):
        problems.append(Problem(f"{place}.servers", Message("error.jobs.servers")))
        return []
    for j, sid in enumerate(value):
        if sid not in gpu_servers:
            problems.append(Problem(f"{place}.servers[{j}]", Message("error.jobs.not_gpu_server", node=sid)))
        elif sid in value[:j]:
            problems.append(Problem(f"{place}.servers[{j}]", Message("error.file.id_twice", id=sid)))
    return list(value)


def _check_together(job: Job, place: str, problems: list[Problem]) -> None:
    """The placement fields that go together, as in the workload grammar."""
    if job.place is not None and job.servers:
        problems.append(Problem(f"{place}.place", Message("error.workload.place_and_servers")))
    elif job.place is not None and job.gpus is None:
        problems.append(Problem(f"{place}.gpus", Message("error.workload.place_needs_gpus", place=job.place)))
    if job.seed is not None and job.place != "random":
        problems.append(Problem(f"{place}.seed", Message("error.workload.seed_random")))
