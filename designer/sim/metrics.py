"""The result of a run: the result JSON (schema fabric-designer.result/1), overall, per segment and per workload."""

from __future__ import annotations

import copy
import dataclasses
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from designer.sim.compile import PLANE_BACKEND, CompiledFabric
from designer.sim.phase_life import RouteCache
from designer.sim.run_totals import Totals
from designer.sim.scaleup import scaleup_share
from designer.sim.transfers import Plan, WorkloadPlan

SCHEMA = "fabric-designer.result/1"


@dataclass
class SimResult:
    """A finished run. `to_dict()` gives the JSON object of `simulate --json`."""

    data: dict[str, Any] = field(default_factory=dict)
    # each cable's utilisation over the whole run (busier direction, design's link order): for the window's
    # heat-map once the run is done; not part of the JSON (a figure per cable)
    link_utilization: np.ndarray | None = None

    def to_dict(self) -> dict[str, Any]:
        return copy.deepcopy(self.data)

    def __getitem__(self, key: str) -> Any:
        return self.data[key]

    @property
    def completion_time_s(self) -> float:
        return float(self.data["completion_time_s"])

    @property
    def throughput_fraction(self) -> float | None:
        """The ideal fabric's time over this run's; None for a run that did not complete."""
        value = self.data["throughput_fraction"]
        return None if value is None else float(value)


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


def _flow_rate_fraction(plan: Plan, wp: WorkloadPlan, real: Totals, ideal: Totals,
                        routes: RouteCache) -> float | None:
    """Mean over flows of ideal drain time / actual drain time (single-phase traffic run alone)."""
    if _phase_count(plan, wp) != 1 or wp.first not in real.flow_time_s or wp.first not in ideal.flow_time_s:
        return None
    pattern = plan.phases[wp.first].pattern
    assert pattern is not None, "a phase with flow times moves bytes"
    rf = routes.get(pattern)
    per_real = np.zeros(rf.n_flows)
    per_ideal = np.zeros(rf.n_flows)
    np.maximum.at(per_real, rf.sub_flow, real.flow_time_s[wp.first])
    np.maximum.at(per_ideal, rf.sub_flow, ideal.flow_time_s[wp.first])
    ok = per_real > 0
    return float(np.mean(per_ideal[ok] / per_real[ok])) if ok.any() else None


@dataclass(frozen=True)
class RunFacts:
    """What the result records about the run itself, beside what it measured."""

    wall_s: float                   # the run's own duration on this computer
    seed: int
    backend: str | None
    model_name: str                 # the rate model, in words
    preset: str | None = None       # the settings preset asked for (None: the segments' own)


def build_result(fab: CompiledFabric, plan: Plan, real: Totals, ideal: Totals | None, routes: RouteCache,
                 run: RunFacts) -> SimResult:
    """Assemble the result dictionary from the totals of the real (and ideal) passes.

    Network figures (goodput, link utilisation) count the bytes that crossed a NIC: a transfer between two GPUs of
    one server rides NVLink and is reported apart (`nvlink_bytes`: bytes that stayed inside scale-up domains,
    `network_bytes`: bytes on the scale-out fabric, `scaleup_share`: the first's share of both; also per workload).
    algbw and busbw keep the NCCL-tests definitions (the collective's bytes over its time), so they count NVLink's
    part of a collective too."""
    spans = [_workload_span(plan, wp, real) for wp in plan.workloads]
    first_start = min(s for s, _ in spans)
    completion = max(e for _, e in spans)
    duration = completion - first_start
    ideal_spans = [_workload_span(plan, wp, ideal) for wp in plan.workloads] if ideal is not None else None
    fraction = None
    if ideal_spans is not None:
        ideal_completion = max(e for _, e in ideal_spans)
        fraction = min(1.0, (ideal_completion - first_start) / duration) if duration > 0 else 1.0
    workloads = [_workload_entry(plan, wp, k, spans[k], ideal_spans[k] if ideal_spans else None, real, ideal, routes)
                 for k, wp in enumerate(plan.workloads)]
    backend_ports = fab.port_plane == PLANE_BACKEND
    segments = {seg.id: _segment_entry(fab, k, real, first_start, fraction) for k, seg in enumerate(fab.segments)}
    first = {key: next((w[key] for w in workloads if w.get(key) is not None), None)
             for key in ("algbw_gbps", "busbw_gbps", "step_time_s", "gpu_utilization", "mfu")}
    data = {
        "schema": SCHEMA,
        "completion_time_s": completion,
        "algbw_gbps": first["algbw_gbps"],
        "busbw_gbps": first["busbw_gbps"],
        "goodput_gbps": _gbps(real.network_bytes, duration),
        "nvlink_bytes": int(round(real.delivered_bytes - real.network_bytes)),
        "network_bytes": int(round(real.network_bytes)),
        "scaleup_share": scaleup_share(real.delivered_bytes - real.network_bytes, real.network_bytes),
        "throughput_fraction": fraction,
        "latency_us": real.latency.summary_us(),
        "link_utilization": _link_util(fab, real, duration, backend_ports),
        **_queue_figures(real, backend_ports, duration, real.ecn_marked_bytes, real.network_bytes,
                         real.dropped_bytes, real.retransmitted_bytes),
        "step_time_s": first["step_time_s"],
        "gpu_utilization": first["gpu_utilization"],
        "mfu": first["mfu"],
        "preset": run.preset or _common_preset(fab),
        "segments": segments,
        "workloads": workloads,
        "backend": run.backend,
        "seed": run.seed,
        "rate_model": run.model_name,
        "events": real.events,
        "notes": list(fab.notes),
        "ib_long_haul": dataclasses.asdict(fab.ib_long_haul) if fab.ib_long_haul is not None else None,
        "sim_wall_time_s": run.wall_s,
    }
    return SimResult(data)


def _common_preset(fab: CompiledFabric) -> str | None:
    """The settings preset of the run's segments: one name when they agree, "mixed" when they do not."""
    names = {seg.preset for seg in fab.segments}
    return names.pop() if len(names) == 1 else ("mixed" if names else None)


def _workload_entry(plan: Plan, wp: WorkloadPlan, k: int, span: tuple[float, float],
                    ideal_span: tuple[float, float] | None, real: Totals, ideal: Totals | None,
                    routes: RouteCache) -> dict[str, Any]:
    start, end = span
    t = end - start
    w = wp.workload
    entry = {"spec": w.spec or w.kind, "kind": w.kind, "gpus": wp.ranks, "start_s": start, "completion_time_s": t,
             "throughput_fraction": (min(1.0, (ideal_span[1] - ideal_span[0]) / t)
                                     if ideal_span is not None and t > 0 else None),
             "goodput_gbps": _gbps(real.workload_network_bytes.get(k, 0.0), t),
             **_domain_bytes(real.workload_bytes.get(k, 0.0), real.workload_network_bytes.get(k, 0.0)),
             "latency_us": real.latency.summary_us(workload=k),
             "algbw_gbps": None, "busbw_gbps": None, "step_time_s": None, "gpu_utilization": None}
    if wp.algbw_bytes is not None and wp.busbw_factor is not None and t > 0:
        algbw_gbps = _gbps(wp.algbw_bytes, t)
        entry["algbw_gbps"] = algbw_gbps
        entry["busbw_gbps"] = algbw_gbps * wp.busbw_factor
    if w.kind == "train" and t > 0:
        entry.update(_step_breakdown(wp, t))
    if ideal is not None:
        frf = _flow_rate_fraction(plan, wp, real, ideal, routes)
        if frf is not None:
            entry["flow_rate_fraction"] = frf
    entry.update({k2: v for k2, v in wp.extra.items() if isinstance(v, (int, float, str))})
    finisher = wp.extra.get("finisher")
    if callable(finisher):
        count = _phase_count(plan, wp)
        spans_by_phase = {i: (real.phase_start_s[i], real.phase_end_s[i]) for i in range(wp.first, wp.first + count)
                          if i in real.phase_start_s and i in real.phase_end_s}
        entry.update(finisher(spans_by_phase))
    return entry


def _domain_bytes(delivered: float, network: float) -> dict[str, Any]:
    """Bytes that stayed inside scale-up domains (NVLink), bytes on the scale-out fabric, and the first's share."""
    nvlink = max(delivered - network, 0.0)
    return {"nvlink_bytes": int(round(nvlink)), "network_bytes": int(round(network)),
            "scaleup_share": scaleup_share(nvlink, network)}


def _step_breakdown(wp: WorkloadPlan, step_s: float) -> dict[str, float]:
    """Where a training step went: useful compute, the pipeline bubble, coordination (stragglers, synchronisation)
    and the communication left exposed; GPU utilisation is the computing share, MFU the model FLOPs achieved over
    the peak (the `mfu=` option is the kernels' efficiency, not this)."""
    compute = wp.compute_s
    bubble = float(wp.extra.get("bubble_s", 0.0))
    coordination = float(wp.extra.get("coordination_s", 0.0))
    exposed = max(step_s - compute - bubble - coordination, 0.0)
    util = min(1.0, compute / step_s)
    achieved = wp.model_flops / (wp.peak_flops_total * step_s) if wp.peak_flops_total > 0 else 0.0
    return {"step_time_s": step_s, "gpu_utilization": util, "mfu": achieved, "compute_s": compute,
            "bubble_s": bubble, "exposed_comm_s": exposed, "coordination_s": coordination}


def _segment_entry(fab: CompiledFabric, k: int, real: Totals, first_start: float,
                   fraction: float | None) -> dict[str, Any]:
    seg = fab.segments[k]
    end = real.segment_end_s.get(k)
    span = (end - first_start) if end is not None else 0.0
    ports = (fab.port_plane == PLANE_BACKEND) & (fab.port_segment == k)
    network = real.segment_network_bytes.get(k, 0.0)
    return {
        "name": seg.name,
        "protocol": ("ib", "rocev2")[seg.protocol],
        "preset": seg.preset,
        "completion_time_s": span if end is not None else None,
        "algbw_gbps": None, "busbw_gbps": None,
        "goodput_gbps": _gbps(network, span),
        "throughput_fraction": fraction,
        "latency_us": real.latency.summary_us(segment=k),
        "link_utilization": _link_util(fab, real, span, ports),
        **_queue_figures(real, ports, span, real.segment_marked.get(k, 0.0), network,
                         real.segment_dropped.get(k, 0.0), real.segment_resent.get(k, 0.0)),
        "step_time_s": None, "gpu_utilization": None,
    }


def _queue_figures(real: Totals, ports: np.ndarray, duration: float, marked: float, delivered: float,
                   dropped: float, resent: float) -> dict[str, float]:
    """PFC pause and credit-stall shares of port-time over the given ports that carried traffic, ECN-marked share
    of the network bytes, the bytes dropped and the bytes sent again to recover them."""
    used = ports & (real.port_bytes > 0)
    port_time = max(int(used.sum()), 1) * duration

    def share(arr: np.ndarray | None) -> float:
        return float(arr[used].sum() / port_time) if arr is not None and duration > 0 else 0.0

    return {"pfc_pause_fraction": share(real.port_paused_s),
            "ecn_mark_fraction": min(marked / delivered, 1.0) if delivered else 0.0,
            "credit_stall_fraction": share(real.port_stall_s), "dropped_bytes": int(round(dropped)),
            "retransmitted_bytes": int(round(resent))}
