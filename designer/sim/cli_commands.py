"""`fabric-designer simulate` and `fabric-designer compare`: load a design, run, print a table or JSON."""

from __future__ import annotations

import argparse
import json
import sys

from designer.model.fileformat import load
from designer.sim.api import SimOptions, compare, run, stream
from designer.sim.metrics import SimResult
from designer.sim.timeline import write_timeline
from designer.sim.workload_spec import WorkloadError, parse_workloads

DEFAULT_WORKLOAD = "allreduce:1GiB"
TIMELINE_ROWS = 200


def _error(message: str) -> int:
    print(f"fabric-designer: error: {message}", file=sys.stderr)
    return 2


def _fmt(value: object, unit: str = "", digits: int = 4) -> str:
    if value is None:
        return "-"
    if isinstance(value, float):
        if abs(value) >= 10 ** digits:            # large figures read better grouped than in e-notation
            return f"{value:,.0f}{unit}"
        return f"{value:.{digits}g}{unit}"
    return f"{value}{unit}"


def result_rows(res: SimResult) -> list[tuple[str, str]]:
    d = res.data
    lat = d["latency_us"]
    util = d["link_utilization"]
    return [
        ("completion time", _fmt(d["completion_time_s"] * 1e3, " ms")),
        ("algbw / busbw", f"{_fmt(d['algbw_gbps'], ' Gb/s')} / {_fmt(d['busbw_gbps'], ' Gb/s')}"),
        ("goodput", _fmt(d["goodput_gbps"], " Gb/s")),
        ("throughput fraction", _fmt(d["throughput_fraction"])),
        ("latency p50/p99/p99.9/max", f"{lat['p50']:.3g} / {lat['p99']:.3g} / {lat['p999']:.3g} / {lat['max']:.3g} us"),
        ("link utilization mean/max", f"{util['mean']:.3g} / {util['max']:.3g}"),
        ("step time / GPU utilization", f"{_fmt(d['step_time_s'], ' s')} / {_fmt(d['gpu_utilization'])}"),
        ("PFC pause / ECN marked / credit stall", f"{d['pfc_pause_fraction']:.3g} / {d['ecn_mark_fraction']:.3g} / "
                                                 f"{d['credit_stall_fraction']:.3g}"),
        ("dropped bytes", str(d["dropped_bytes"])),
        ("simulation wall time", _fmt(d["sim_wall_time_s"], " s", 3)),
    ]


def _options(args: argparse.Namespace, backend: str | None) -> SimOptions:
    seed = getattr(args, "seed", None)
    opts = SimOptions(seed=1 if seed is None else seed, backend=backend)
    opts.check()
    return opts


def _workloads(args: argparse.Namespace) -> list[str]:
    specs = getattr(args, "workload", None) or [DEFAULT_WORKLOAD]
    parse_workloads(specs)
    return specs


def cmd_simulate(args: argparse.Namespace) -> int:
    """Simulate FILE; print a table (or the JSON with --json); write --timeline CSV. Exit 2 on bad input."""
    try:
        specs = _workloads(args)
        opts = _options(args, getattr(args, "backend", None))
        opts.failures = list(getattr(args, "fail", None) or [])
        opts.check()
        doc = load(args.file)
        res = run(doc, specs, opts)
        timeline = getattr(args, "timeline", None)
        if timeline:
            span = max(res.completion_time_s, 1e-12)
            opts.snapshot_interval_s = span / TIMELINE_ROWS
            opts.ideal_pass = False
            try:
                write_timeline(timeline, stream(doc, specs, opts))
            except OSError as exc:
                return _error(f"cannot write timeline '{timeline}': {exc.strerror or exc}")
    except WorkloadError as exc:
        return _error(str(exc))
    if getattr(args, "json", False):
        print(json.dumps(res.to_dict(), indent=2, sort_keys=False))
    else:
        print(f"{doc.name}: {', '.join(specs)}")
        for name, value in result_rows(res):
            print(f"  {name:<40} {value}")
        for sid, seg in res.data["segments"].items():
            print(f"  segment {sid} ({seg['protocol']}): goodput {_fmt(seg['goodput_gbps'], ' Gb/s')}, "
                  f"p99 {seg['latency_us']['p99']:.3g} us")
        for line in failure_lines(res):
            print(f"  {line}")
    return 0


def cmd_compare(args: argparse.Namespace) -> int:
    """Run FILE with every back-end segment as IB and as RoCEv2; print both side by side (or JSON)."""
    try:
        specs = _workloads(args)
        opts = _options(args, None)
        doc = load(args.file)
        both = compare(doc, specs, opts)
    except WorkloadError as exc:
        return _error(str(exc))
    if getattr(args, "json", False):
        print(json.dumps({k: v.to_dict() for k, v in both.items()}, indent=2))
    else:
        ib, roce = (dict(result_rows(both[k])) for k in ("ib", "rocev2"))
        print(f"{doc.name}: {', '.join(specs)}")
        print(f"  {'':<40} {'InfiniBand':<28} RoCEv2")
        for name in ib:
            print(f"  {name:<40} {ib[name]:<28} {roce[name]}")
    return 0


def failure_lines(res: SimResult) -> list[str]:
    """One line per failure of the run (and one for transfers that never completed)."""
    out = []
    for f in res.data.get("failures", []):
        rec = (f"recovered at {f['recovery_time_s'] * 1e3:.4g} ms" if f["recovered"] and f["flows_stalled"]
               else "nothing stalled" if f["recovered"] else "never recovered")
        dip = f["throughput_dip"]
        out.append(f"failure {f['spec']} at {f['time_s'] * 1e3:.4g} ms: {f['flows_stalled']} flows stalled "
                   f"({f['bytes_stalled'] / 2**20:.4g} MiB), {rec}"
                   + (f", throughput dip {dip:.0%}" if dip is not None else ""))
    if "undelivered" in res.data:
        out.append("NOT COMPLETED: " + res.data["undelivered"]["message"])
    return out
