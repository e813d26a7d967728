"""`fabric-designer simulate` and `fabric-designer compare`: load a design, run, print a table or JSON."""

from __future__ import annotations

import argparse
import json
from typing import Any

from designer.analysis.cross_site import cross_site_advice
from designer.analysis.protocol_options import option_designs
from designer.catalog.loader import load_catalog
from designer.cli.jobs_table import job_lines
from designer.cli.output import error, naming, output_problem
from designer.i18n import current_language, render
from designer.i18n.message import Message, os_reason
from designer.i18n.text_width import columns, ljust
from designer.model.document import FabricDocument
from designer.model.fileformat import load
from designer.sim.api import SimOptions, compare, run, stream
from designer.sim.interference import run_jobs
from designer.sim.long_haul import ib_long_haul_note
from designer.sim.metrics import SimResult
from designer.sim.timeline import write_timeline
from designer.sim.workload_spec import WorkloadError, parse_workloads
from designer.topology.leaf_shape import leaf_shape
from designer.topology.oversubscription import TIER_ORDER

DEFAULT_WORKLOAD = "allreduce:1GiB"
TIMELINE_ROWS = 200
LABEL_WIDTH = 40


def _fmt(value: object, unit: str = "", digits: int = 4) -> str:
    if value is None:
        return "-"
    if isinstance(value, float):
        if abs(value) >= 10 ** digits:            # large figures read better grouped than in e-notation
            return f"{value:,.0f}{unit}"
        return f"{value:.{digits}g}{unit}"
    return f"{value}{unit}"


def result_rows(res: SimResult) -> list[tuple[str, str]]:
    """(label in the current core language, value) of each headline figure of `res`."""
    d = res.data
    lat = d["latency_us"]
    util = d["link_utilization"]
    rows = [
        ("cli.sim.completion_time", _fmt(d["completion_time_s"] * 1e3, " ms") if d.get("completed", True)
         else render("cli.sim.stopped_at", time=_fmt(d["completion_time_s"] * 1e3, " ms"))),
        ("cli.sim.algbw_busbw", f"{_fmt(d['algbw_gbps'], ' Gb/s')} / {_fmt(d['busbw_gbps'], ' Gb/s')}"),
        ("cli.sim.goodput", _fmt(d["goodput_gbps"], " Gb/s")),
        ("cli.sim.throughput_fraction", _fmt(d["throughput_fraction"])),
        ("cli.sim.latency", f"{lat['p50']:.3g} / {lat['p99']:.3g} / {lat['p999']:.3g} / {lat['max']:.3g} us"),
        ("cli.sim.link_utilization", f"{util['mean']:.3g} / {util['max']:.3g}"),
        ("cli.sim.step_time", f"{_fmt(d['step_time_s'], ' s')} / {_fmt(d['gpu_utilization'])}"),
        ("cli.sim.congestion", f"{d['pfc_pause_fraction']:.3g} / {d['ecn_mark_fraction']:.3g} / "
                               f"{d['credit_stall_fraction']:.3g}"),
        ("cli.sim.dropped", f"{d['dropped_bytes']:,} / {d.get('retransmitted_bytes', 0):,}"),
        ("cli.sim.scaleup_bytes", _scaleup_text(d)),
        ("cli.sim.preset", _preset_text(d.get("preset"))),
        ("cli.sim.algorithm", _algorithms_text(d)),
        *_training_rows(d),
        *_cross_site_rows(d),
        *_replication_rows(d),
        *_inference_rows(d),
        ("cli.sim.wall_time", _fmt(d["sim_wall_time_s"], " s", 3)),
    ]
    return [(render(msg_id), value) for msg_id, value in rows]


def _training_rows(d: dict[str, Any]) -> list[tuple[str, str]]:
    """Days to train and step jitter of the first training run that simulated several steps (none otherwise)."""
    w = next((w for w in d.get("workloads", []) if w.get("jitter")), None)
    if w is None:
        return []
    j = w["jitter"]
    rows = []
    if w.get("train_days") is not None:
        rows.append(("cli.sim.train_days", render("cli.sim.train_days_value", days=_fmt(w["train_days"]),
                                                  steps=f"{w['steps']:,}", step=_fmt(w["mean_step_time_s"], " s"))))
    rows.append(("cli.sim.jitter", render("cli.sim.jitter_value", step=f"{j['step_cv'] * 100:.2f}",
                                          comm=f"{j['collective_cv'] * 100:.2f}",
                                          ratio=f"{j['step_p99_over_p50']:.3f}", steps=j["iterations"])))
    return rows


def _cross_site_rows(d: dict[str, Any]) -> list[tuple[str, str]]:
    """Bytes and time inside and across sites of the first training run whose data parallelism or pipeline crossed
    sites, and what the distance adds to a pipeline's bubble."""
    w = next((w for w in d.get("workloads", []) if w.get("cross_site_s") is not None), None)
    if w is None:
        return []
    rows = [("cli.sim.cross_site", render("cli.sim.cross_site_value", inside=f"{w['inside_site_bytes'] / 1e9:,.1f}",
                                          cross=f"{w['cross_site_bytes'] / 1e9:,.1f}",
                                          cross_s=_fmt(w["cross_site_s"]),
                                          exposed_s=_fmt(w.get("cross_site_exposed_s"))))]
    if w.get("pp_distance_s") is not None:      # the pipeline crosses the span (designer/sim/site_pp.py)
        rows.append(("cli.sim.pp_distance", render("cli.sim.pp_distance_value", ms=f"{w['pp_distance_s'] * 1e3:,.1f}",
                                                   trips=w["pp_round_trips"], m=w["micro_batches"])))
    return rows


def _replication_rows(d: dict[str, Any]) -> list[tuple[str, str]]:
    """The bytes a replicate: or checkpoint: workload copied to the other site, the time and the rate it took."""
    w = next((w for w in d.get("workloads", []) if w.get("replicated_bytes")), None)
    if w is None or not w.get("completion_time_s"):
        return []
    gb, s = w["replicated_bytes"] / 1e9, w["completion_time_s"]
    return [("cli.sim.replicated", render("cli.sim.replicated_value", gb=f"{gb:,.1f}", s=_fmt(s),
                                          gbps=f"{gb * 8 / s:,.0f}"))]


def _inference_rows(d: dict[str, Any]) -> list[tuple[str, str]]:
    """Request latency of the first inference workload, and the most requests per second that meet its target."""
    w = next((w for w in d.get("workloads", []) if w.get("request_latency_ms")), None)
    if w is None:
        return []
    lat = w["request_latency_ms"]
    rows = [("cli.sim.request_latency", f"{lat['p50']:.4g} / {lat['p99']:.4g} / {lat['max']:.4g} ms")]
    if w.get("max_qps_at_target") is not None:
        rows.append(("cli.sim.max_qps", render("cli.sim.max_qps_value", qps=_fmt(w["max_qps_at_target"]),
                                               target=_fmt(w["target_ms"]))))
    return rows


def _scaleup_text(d: dict[str, Any]) -> str:
    """Bytes inside scale-up domains (NVLink) / on the scale-out fabric, in GB, and the share inside."""
    share = d.get("scaleup_share")
    inside = render("cli.sim.scaleup_share", percent=f"{share * 100:.1f}") if share is not None else "-"
    return f"{d.get('nvlink_bytes', 0) / 1e9:,.1f} GB / {d.get('network_bytes', 0) / 1e9:,.1f} GB ({inside})"


def _preset_text(preset: str | None) -> str:
    """The settings preset the back-end segments ran, in words."""
    return render(f"cli.sim.preset_{preset}") if preset in ("recommended", "plain", "custom", "mixed") else "-"


def _algorithms_text(d: dict[str, Any]) -> str:
    """The collective algorithm of each workload that ran one (NCCL's names), '-' when none did."""
    names = [str(w["algorithm"]) for w in d.get("workloads", []) if w.get("algorithm")]
    known = ("ring", "tree", "hier", "sharp", "pairwise", "nvls")
    return ", ".join(render(f"cli.sim.algo_{n}") if n in known else n for n in dict.fromkeys(names)) or "-"


def _label_width(labels: list[str]) -> int:
    """The label column: 40 terminal columns, wider when a translated label needs it."""
    return max([LABEL_WIDTH, *(columns(label) for label in labels)])


def _options(args: argparse.Namespace, backend: str | None) -> SimOptions:
    seed = getattr(args, "seed", None)
    opts = SimOptions(seed=1 if seed is None else seed, backend=backend, preset=getattr(args, "preset", None))
    opts.check()
    return opts


def _workloads(args: argparse.Namespace) -> list[str]:
    specs = getattr(args, "workload", None) or [DEFAULT_WORKLOAD]
    parse_workloads(specs)
    return specs


def _stored_jobs(doc: FabricDocument, file: str) -> list[str]:
    """The workload specs of the jobs saved in the design (`--jobs`); WorkloadError when it has none."""
    if not doc.jobs:
        raise WorkloadError(Message("error.cli.no_jobs", file=file))
    specs = [job.spec() for job in doc.jobs]
    parse_workloads(specs)
    return specs


def cmd_simulate(args: argparse.Namespace) -> int:
    """Simulate FILE; print a table (or the JSON with --json); write --timeline CSV. Exit 2 on bad input."""
    timeline = getattr(args, "timeline", None)
    problem = output_problem(timeline, args.file, ("csv",), "timeline") if timeline else None
    if problem is not None:
        return error(problem)
    try:
        specs = _workloads(args) if not getattr(args, "jobs", False) or args.workload else []
        opts = _options(args, getattr(args, "backend", None))
        opts.failures = list(getattr(args, "fail", None) or [])
        opts.check()
        doc = load(args.file)
        if getattr(args, "jobs", False):
            specs = _stored_jobs(doc, args.file) + specs
        with naming(args.file):
            res = run(doc, specs, opts) if getattr(args, "no_alone", False) else run_jobs(doc, specs, opts)
        if timeline:
            span = max(res.completion_time_s, 1e-12)
            opts.snapshot_interval_s = span / TIMELINE_ROWS
            opts.ideal_pass = False
            try:
                write_timeline(timeline, stream(doc, specs, opts))
            except OSError as exc:
                return error(Message("error.cli.timeline", file=timeline, reason=os_reason(exc)))
    except WorkloadError as exc:
        return error(str(exc))
    if getattr(args, "json", False):
        print(json.dumps(res.to_dict(), indent=2, sort_keys=False))
    else:
        print_result(res, doc.name, specs)
        for w in res.data.get("workloads", []):
            advice = cross_site_advice(doc, w)
            if advice is not None:
                print("  " + advice.render())
    return 0


def print_result(res: SimResult, design: str, specs: list[str]) -> None:
    """The table of `simulate`: headline figures, segments, failures and, with several jobs, the job table."""
    print(render("cli.sim.title", design=design, workloads=", ".join(specs)))
    rows = result_rows(res)
    width = _label_width([name for name, _ in rows])
    for name, value in rows:
        print(f"  {ljust(name, width)} {value}")
    for sid, seg in res.data["segments"].items():
        print("  " + render("cli.sim.segment", segment=sid, protocol=seg["protocol"],
                            goodput=_fmt(seg["goodput_gbps"], " Gb/s"), p99=f"{seg['latency_us']['p99']:.3g}"))
    for line in failure_lines(res):
        print(f"  {line}")
    note = ib_long_haul_note(res.data)
    if note is not None:
        print(f"  {note.render()}")
    if "jobs" in res.data:
        for line in job_lines(res.data["jobs"]):
            print(f"  {line}")


IB_COLUMN_WIDTH = 28                    # compare's InfiniBand column, wider where one of its values needs it


def cmd_compare(args: argparse.Namespace) -> int:
    """Run FILE's InfiniBand and RoCEv2 options, each on the design its price is for (the proposal's options,
    protocol_options.option_designs); print both side by side (or JSON)."""
    try:
        specs = _workloads(args)
        opts = _options(args, None)
        doc = load(args.file)
        with naming(args.file):
            designs = option_designs(doc, load_catalog())
            both = compare(doc, specs, opts, designs=designs)
    except WorkloadError as exc:
        return error(str(exc))
    if getattr(args, "json", False):
        print(json.dumps({k: v.to_dict() for k, v in both.items()}, indent=2))
    else:
        ib, roce = (dict(result_rows(both[k]) + shape_rows(designs.get(k, doc))) for k in ("ib", "rocev2"))
        width = _label_width(list(ib))
        ib_width = max([IB_COLUMN_WIDTH, *(columns(v) + 1 for v in ib.values())])   # a long value keeps a gap
        print(render("cli.sim.title", design=doc.name, workloads=", ".join(specs)))
        print(f"  {render('cli.compare.options')}")
        print(f"  {'':<{width}} {ljust('InfiniBand', ib_width)} RoCEv2")
        for name in ib:
            print(f"  {ljust(name, width)} {ljust(ib[name], ib_width)} {roce[name]}")
        note = ib_long_haul_note(both["ib"].data)
        if note is not None:
            print(f"  {note.render()}")
    return 0


def shape_rows(design: FabricDocument) -> list[tuple[str, str]]:
    """What an option's back-end is built of beside its protocol: switches by tier, and the servers and links of its
    fullest leaf (designer/topology/leaf_shape.py says why a comparison shows them)."""
    shape = leaf_shape(design)
    if shape is None:
        return []
    tiers = " / ".join(f"{shape.switches[t]:,}" for t in TIER_ORDER)
    leaf = f"{shape.servers:,} / {shape.endpoint_ports:,} / {shape.uplinks:,}"
    return [(render("cli.compare.switches"), tiers), (render("cli.compare.leaf"), leaf)]


def failure_lines(res: SimResult) -> list[str]:
    """One line per failure of the run (and one for transfers that never completed)."""
    out = []
    for f in res.data.get("failures", []):
        rec = (render("cli.sim.recovered_at", time=f"{f['recovery_time_s'] * 1e3:.4g}") if f["recovered"]
               and f["flows_stalled"] else render("cli.sim.nothing_stalled" if f["recovered"]
                                                  else "cli.sim.never_recovered"))
        dip = f["throughput_dip"]
        out.append(render("cli.sim.failure", spec=f["spec"], time=f"{f['time_s'] * 1e3:.4g}", flows=f["flows_stalled"],
                          mib=f"{f['bytes_stalled'] / 2**20:.4g}", outcome=rec,
                          dip=render("cli.sim.dip", dip=f"{dip:.0%}") if dip is not None else ""))
    for f in res.data.get("failures_after_end", []):
        out.append(render("cli.sim.failure_after_end", spec=f["spec"], time=f"{f['time_s'] * 1e3:.4g}",
                          end=f"{res.data['completion_time_s'] * 1e3:.4g}"))
    if "undelivered" in res.data:
        out.append(render("cli.sim.not_completed", text=_undelivered(res.data["undelivered"])))
    return out


def _undelivered(u: dict[str, Any]) -> str:
    """Why the run did not complete. English is the engine's own sentence (its MiB figure is taken before the
    byte count is rounded); other languages render the same facts from the catalog."""
    if current_language() == "en":
        return str(u["message"])
    names = list(u["servers"])
    shown = render("list.join").join(names[:6])
    if len(names) > 6:
        shown = render("list.more", shown=shown, n=len(names) - 6)
    return render("cli.sim.undelivered", flows=u["flows"], servers=shown, mib=f"{u['bytes'] / 2**20:.4g}",
                  time=f"{u['time_s'] * 1e3:.4g}")
