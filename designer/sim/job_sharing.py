"""What several jobs of one run share: the links and switches their flows cross, and the pauses on them.

A job's ports are those its routed flows cross (NVLink apart). A PFC pause or a credit stall is counted per port and
traffic class by the fluid queues: every flow of a class crossing a port paused for that class waits, whichever
job's bytes of the class filled the switch it enters; a job in another class (tc=, traffic_classes.py) is not held
by it. So the pause time of the job's class on its ports, in the run with the other jobs against the run alone,
measures how much the others' traffic held the job's flows back (its victim ports: paused together, not or less
alone), and the other jobs of the same class that cross the switches those ports enter are the ones whose bytes can
have filled them. Which job's bytes filled a given queue is not recorded by the queues (counters per port and
class), so the culprits are the candidates, not a measured share.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from designer.sim.compile import KIND_SWITCH, PLANE_NVLINK, CompiledFabric
from designer.sim.phase_life import RouteCache
from designer.sim.run_totals import Totals
from designer.sim.traffic_classes import lanes
from designer.sim.transfers import Phase, Plan, WorkloadPlan

PAUSE_EPS_S = 1e-9          # pause time below this (per port) is rounding, not a pause
MAX_LISTED = 8              # link ids listed per victim entry


def alone_plan(plan: Plan, k: int) -> Plan:
    """The plan with only job k's phases: every other job's phases become empty ones, so phase and job indices
    (and job k's placement, made with every job) stay those of the full run."""
    out = Plan()
    for ph in plan.phases:
        out.phases.append(ph if ph.workload == k else Phase(f"{ph.name} (not run)", workload=ph.workload))
    for j, wp in enumerate(plan.workloads):
        out.workloads.append(wp if j == k else WorkloadPlan(workload=wp.workload, ranks=wp.ranks, first=wp.first))
    return out


def job_ports(fab: CompiledFabric, plan: Plan, routes: RouteCache) -> list[np.ndarray]:
    """For each job, which ports (a mask over the fabric's ports, NVLink apart) its flows cross."""
    masks = [np.zeros(fab.n_ports, dtype=bool) for _ in plan.workloads]
    for ph in plan.phases:
        if ph.pattern is None:
            continue
        matrix = routes.get(ph.pattern).matrix
        masks[ph.workload][np.diff(matrix.indptr) > 0] = True
    network = fab.port_plane != PLANE_NVLINK
    return [m & network for m in masks]


def sharing(fab: CompiledFabric, plan: Plan, routes: RouteCache, totals: Totals) -> dict[str, Any]:
    """Per job its links, switches and the pause / credit-stall time on its ports; the links and switches two or
    more jobs share."""
    masks = job_ports(fab, plan, routes)
    lane_of, classes = lanes([wp.workload.options for wp in plan.workloads])
    link_sets = [_links(fab, m) for m in masks]
    switch_sets = [_switches(fab, m) for m in masks]
    jobs = []
    for k, (m, links, sw) in enumerate(zip(masks, link_sets, switch_sets, strict=True)):
        paused = _class_seconds(totals.port_lane_paused_s, totals.port_paused_s, int(lane_of[k]), fab.n_ports)
        stalled = _class_seconds(totals.port_lane_stall_s, totals.port_stall_s, int(lane_of[k]), fab.n_ports)
        jobs.append({"links": len(links), "switches": len(sw), "tc": classes[int(lane_of[k])],
                     "paused_s": float(paused[m].sum()), "stalled_s": float(stalled[m].sum()),
                     "port_paused_s": _per_port(fab, m, paused), "port_stalled_s": _per_port(fab, m, stalled)})
    return {"jobs": jobs, "shared_links": _shared(link_sets), "shared_switches": _shared(switch_sets),
            "job_switches": [sorted(s) for s in switch_sets]}


def _class_seconds(per_lane: np.ndarray | None, per_port: np.ndarray | None, lane: int, n_ports: int) -> np.ndarray:
    """Seconds per port that a job's traffic class was paused (or stalled): its lane's counters, else the port's."""
    if per_lane is not None and lane < per_lane.shape[1]:
        return per_lane[:, lane]
    return per_port if per_port is not None else np.zeros(n_ports)


def _links(fab: CompiledFabric, mask: np.ndarray) -> set[str]:
    return {fab.link_ids[int(k)] for k in fab.port_link[mask] if k >= 0}


def _switches(fab: CompiledFabric, mask: np.ndarray) -> set[str]:
    ends = np.concatenate([fab.port_src[mask], fab.port_dst[mask]])
    return {fab.node_ids[int(n)] for n in np.unique(ends) if fab.node_kind[n] == KIND_SWITCH}


def _per_port(fab: CompiledFabric, mask: np.ndarray, seconds: np.ndarray) -> dict[str, float]:
    """Pause (or stall) seconds of each paused port of the mask, keyed 'link id > node it enters'."""
    hit = np.flatnonzero(mask & (seconds > PAUSE_EPS_S))
    return {_port_name(fab, int(p)): float(seconds[p]) for p in hit}


def _port_name(fab: CompiledFabric, p: int) -> str:
    return f"{fab.link_ids[int(fab.port_link[p])]}>{fab.node_ids[int(fab.port_dst[p])]}"


def _shared(sets: list[set[str]]) -> list[str]:
    """The names in two or more of the sets."""
    seen: dict[str, int] = {}
    for s in sets:
        for name in s:
            seen[name] = seen.get(name, 0) + 1
    return sorted(name for name, n in seen.items() if n > 1)


def victims(k: int, together: dict[str, Any], alone: dict[str, Any], kind: str) -> dict[str, Any]:
    """Job k's victim ports: ports it crosses where its traffic class was paused (kind "paused") or credit-stalled
    ("stalled") longer with the other jobs than alone, with the other jobs of its class that cross the switches those
    ports enter (the candidates for filling the buffers there: a pause or stall of a class is decided by the bytes of
    that class queued in the switch a port enters)."""
    ours, theirs = together["jobs"][k][f"port_{kind}_s"], alone["jobs"][k][f"port_{kind}_s"]
    extra = {port: s - theirs.get(port, 0.0) for port, s in ours.items() if s - theirs.get(port, 0.0) > PAUSE_EPS_S}
    entered = {port.split(">")[1] for port in extra}
    tc = together["jobs"][k].get("tc", 0)
    culprits = [j + 1 for j, own in enumerate(together["job_switches"])
                if j != k and together["jobs"][j].get("tc", 0) == tc and entered & set(own)]
    worst = sorted(extra, key=lambda port: -extra[port])[:MAX_LISTED]
    return {"ports": len(extra), "extra_s": float(sum(extra.values())), "worst": worst, "jobs": culprits}
