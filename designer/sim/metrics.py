"""The result of a run: the §3 JSON (schema fabric-designer.result/1), overall, per segment and per workload."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

import numpy as np

from designer.sim.compile import PLANE_BACKEND, CompiledFabric
from designer.sim.engine import Totals
from designer.sim.transfers import Plan, WorkloadPlan

SCHEMA = "fabric-designer.result/1"


@dataclass
class SimResult:
    """A finished run. `to_dict()` gives the JSON object of `simulate --json`."""

    data: dict = field(default_factory=dict)

    def to_dict(self) -> dict:
        return copy.deepcopy(self.data)

    def __getitem__(self, key: str):
        return self.data[key]

    @property
    def completion_time_s(self) -> float:
        return float(self.data["completion_time_s"])

    @property
    def throughput_fraction(self) -> float:
        return float(self.data["throughput_fraction"])


def _workload_span(plan: Plan, wp: WorkloadPlan, tot: Totals) -> tuple[float, float]:
    idx = range(wp.first, wp.first + _phase_count(plan, wp))
    start = min((tot.phase_start_s.get(i, np.inf) for i in idx), default=0.0)
    start = min(start, wp.workload.start_s) if np.isfinite(start) else wp.workload.start_s
    end = max((tot.phase_end_s.get(i, 0.0) for i in wp.last), default=0.0)
    return start, end


def _phase_count(plan: Plan, wp: WorkloadPlan) -> int:
    k = plan.workloads.index(wp)
    nxt = plan.workloads[k + 1].first if k + 1 < len(plan.workloads) else len(plan.phases)
    return nxt - wp.first


def _link_util(fab: CompiledFabric, tot: Totals, span_s: float, mask: np.ndarray) -> dict[str, float]:
    used = mask & (tot.port_bytes > 0)
    if not used.any() or span_s <= 0:
        return {"mean": 0.0, "max": 0.0}
    u = tot.port_bytes[used] / (fab.port_payload_Bps[used] * span_s)
    return {"mean": float(u.mean()), "max": float(min(u.max(), 1.0))}


def _gbps(bytes_: float, seconds: float) -> float:
    return bytes_ * 8 / 1e9 / seconds if seconds > 0 else 0.0


def _flow_rate_fraction(plan: Plan, wp: WorkloadPlan, real: Totals, ideal: Totals, routes) -> float | None:
    """Mean over flows of ideal drain time / actual drain time (single-phase traffic run alone)."""
    if _phase_count(plan, wp) != 1 or wp.first not in real.flow_time_s or wp.first not in ideal.flow_time_s:
        return None
    rf = routes.get(plan.phases[wp.first].pattern)
    per_real = np.zeros(rf.n_flows)
    per_ideal = np.zeros(rf.n_flows)
    np.maximum.at(per_real, rf.sub_flow, real.flow_time_s[wp.first])
    np.maximum.at(per_ideal, rf.sub_flow, ideal.flow_time_s[wp.first])
    ok = per_real > 0
    return float(np.mean(per_ideal[ok] / per_real[ok])) if ok.any() else None


def build_result(fab: CompiledFabric, plan: Plan, real: Totals, ideal: Totals | None, routes, *,
                 wall_s: float, seed: int, backend: str | None, model_name: str) -> SimResult:
    """Assemble the result dictionary from the totals of the real (and ideal) passes."""
    spans = [_workload_span(plan, wp, real) for wp in plan.workloads]
    first_start = min(s for s, _ in spans)
    completion = max(e for _, e in spans)
    duration = completion - first_start
    if ideal is not None:
        ideal_spans = [_workload_span(plan, wp, ideal) for wp in plan.workloads]
        ideal_completion = max(e for _, e in ideal_spans)
        fraction = min(1.0, (ideal_completion - first_start) / duration) if duration > 0 else 1.0
    else:
        ideal_spans = spans
        fraction = None
    backend_ports = fab.port_plane == PLANE_BACKEND
    workloads = []
    top_alg = top_bus = top_step = top_util = top_mfu = None
    for k, wp in enumerate(plan.workloads):
        start, end = spans[k]
        t = end - start
        w = wp.workload
        entry = {"spec": w.spec or w.kind, "kind": w.kind, "gpus": wp.ranks,
                 "start_s": start, "completion_time_s": t,
                 "throughput_fraction": (min(1.0, (ideal_spans[k][1] - ideal_spans[k][0]) / t)
                                         if ideal is not None and t > 0 else None),
                 "goodput_gbps": _gbps(real.workload_bytes.get(k, 0.0), t),
                 "latency_us": real.latency.summary_us(workload=k),
                 "algbw_gbps": None, "busbw_gbps": None, "step_time_s": None, "gpu_utilization": None}
        if wp.algbw_bytes is not None and wp.busbw_factor is not None and t > 0:
            entry["algbw_gbps"] = _gbps(wp.algbw_bytes, t)
            entry["busbw_gbps"] = entry["algbw_gbps"] * wp.busbw_factor
            if top_alg is None:
                top_alg, top_bus = entry["algbw_gbps"], entry["busbw_gbps"]
        if w.kind == "train" and t > 0:
            util = min(1.0, wp.compute_s / t)
            entry.update(step_time_s=t, gpu_utilization=util, mfu=wp.mfu * util, compute_s=wp.compute_s)
            if top_step is None:
                top_step, top_util, top_mfu = t, util, wp.mfu * util
        if ideal is not None:
            frf = _flow_rate_fraction(plan, wp, real, ideal, routes)
            if frf is not None:
                entry["flow_rate_fraction"] = frf
        entry.update({k2: v for k2, v in wp.extra.items() if isinstance(v, (int, float, str))})
        finisher = wp.extra.get("finisher")
        if callable(finisher):
            count = _phase_count(plan, wp)
            spans_by_phase = {i: (real.phase_start_s[i], real.phase_end_s[i])
                              for i in range(wp.first, wp.first + count)
                              if i in real.phase_start_s and i in real.phase_end_s}
            entry.update(finisher(spans_by_phase))
        workloads.append(entry)

    segments = {}
    for k, seg in enumerate(fab.segments):
        end = real.segment_end_s.get(k)
        span = (end - first_start) if end is not None else 0.0
        segments[seg.id] = {
            "name": seg.name,
            "protocol": ("ib", "rocev2")[seg.protocol],
            "preset": seg.preset,
            "completion_time_s": span if end is not None else None,
            "algbw_gbps": None, "busbw_gbps": None,
            "goodput_gbps": _gbps(real.segment_bytes.get(k, 0.0), span),
            "throughput_fraction": fraction,
            "latency_us": real.latency.summary_us(segment=k),
            "link_utilization": _link_util(fab, real, span, backend_ports & (fab.port_segment == k)),
            **_queue_figures(real, backend_ports & (fab.port_segment == k), span,
                             real.segment_marked.get(k, 0.0), real.segment_bytes.get(k, 0.0),
                             real.segment_dropped.get(k, 0.0)),
            "step_time_s": None, "gpu_utilization": None,
        }
    data = {
        "schema": SCHEMA,
        "completion_time_s": completion,
        "algbw_gbps": top_alg,
        "busbw_gbps": top_bus,
        "goodput_gbps": _gbps(real.delivered_bytes, duration),
        "throughput_fraction": fraction,
        "latency_us": real.latency.summary_us(),
        "link_utilization": _link_util(fab, real, duration, backend_ports),
        **_queue_figures(real, backend_ports, duration, real.ecn_marked_bytes, real.delivered_bytes,
                         real.dropped_bytes),
        "step_time_s": top_step,
        "gpu_utilization": top_util,
        "mfu": top_mfu,
        "segments": segments,
        "workloads": workloads,
        "backend": backend,
        "seed": seed,
        "rate_model": model_name,
        "events": real.events,
        "notes": list(fab.notes),
        "sim_wall_time_s": wall_s,
    }
    return SimResult(data)


def _queue_figures(real: Totals, ports: np.ndarray, duration: float, marked: float, delivered: float,
                   dropped: float) -> dict:
    """PFC pause and credit-stall shares of port-time over the given ports that carried traffic,
    ECN-marked share of the bytes, and the bytes dropped."""
    used = ports & (real.port_bytes > 0)
    port_time = max(int(used.sum()), 1) * duration

    def share(arr: np.ndarray | None) -> float:
        return float(arr[used].sum() / port_time) if arr is not None and duration > 0 else 0.0

    return {"pfc_pause_fraction": share(real.port_paused_s), "ecn_mark_fraction": marked / delivered if delivered
            else 0.0, "credit_stall_fraction": share(real.port_stall_s), "dropped_bytes": int(round(dropped))}
