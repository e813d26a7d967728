"""Run a sweep's points: serially, over local processes, or on an existing Dask distributed cluster.

Every point is evaluated by the same top-level function (picklable), from the same inputs and seed, so the three
ways give identical figures; only the order in which points finish differs, and the store sorts by point.
"""

from __future__ import annotations

from collections.abc import Generator, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from typing import Any

from designer.analysis.local_processes import default_workers, process_context
from designer.analysis.sweep.grid import GENERATOR_PARAMS, SITE_PARAMS, SweepError, with_placement
from designer.i18n.message import Message
from designer.model.document import FabricDocument
from designer.model.errors import ProjectError
from designer.model.fileformat import loads
from designer.sim import SimOptions, WorkloadError, run
from designer.topology import generate
from designer.topology.cost import cost_report
from designer.topology.two_site import KIND as TWO_SITE
from designer.topology.two_site import NOT_TAKEN, TwoSiteOptions, generate_two_site, per_site_gpus

DEFAULT_GPUS = 256
# the generator options a two-site point passes on as they are (typed by the grid: GENERATOR_PARAMS)
TWO_SITE_OPTIONS = ("dci_gbps", "dci_links", "backend", "oversubscription", "nic_model")
# the figures of every point, in column order (names of the result JSON; money in the design's currency)
METRIC_COLUMNS = ("gpu_count", "switch_count", "completion_time_s", "step_time_s", "gpu_utilization", "algbw_gbps",
                  "busbw_gbps", "goodput_gbps", "throughput_fraction", "latency_p50_us", "latency_p99_us",
                  "latency_p999_us", "link_utilization_mean", "link_utilization_max", "pfc_pause_fraction",
                  "ecn_mark_fraction", "credit_stall_fraction", "dropped_bytes", "capex", "capex_network",
                  "tco", "power_w", "currency", "error")


@dataclass(frozen=True)
class SweepTask:
    """What every point shares: the base (a design as project-file text, or a generator kind), workloads, seed."""

    workloads: tuple[str, ...]
    seed: int = 1
    design_text: str | None = None
    generate_kind: str | None = None


def build_point_design(task: SweepTask, point: dict[str, object]):
    """The design of one point: generated with the point's options, or the file, then segment settings applied."""
    if task.design_text is not None:
        doc = loads(task.design_text)
        if "backend" in point:
            if point["backend"] not in ("ib", "rocev2"):
                raise ProjectError(Message("error.sweep.file_backend", backend=point["backend"]))
            for seg in doc.segments.values():
                seg.protocol = str(point["backend"])
    else:
        options: dict[str, Any] = {k: v for k, v in point.items() if k in GENERATOR_PARAMS}  # generate checks them
        kind = str(options.pop("kind", task.generate_kind))
        if kind == TWO_SITE:
            return _with_settings(two_site_point(options), point)
        if any(k in SITE_PARAMS for k in options):
            raise ProjectError(Message("error.sweep.site_axis", kind=kind))
        options.setdefault("gpus", DEFAULT_GPUS)
        doc = generate(kind, **options)
    return _with_settings(doc, point)


def two_site_point(options: dict[str, Any]) -> FabricDocument:
    """A two-site design from a point's options: distance_km must be given (an axis or the base), the link count and
    capacity default as the command's (16 x 400 Gb/s), the sites' GPUs to half of `gpus` (DEFAULT_GPUS)."""
    if "distance_km" not in options:
        raise ProjectError(Message("error.sweep.site_distance"))
    refused = [name for name in NOT_TAKEN if name in options]
    if refused:
        raise ProjectError(Message("error.sweep.two_site_option", names=", ".join(refused)))
    per_site = per_site_gpus(options.get("gpus"), options.get("gpus_per_site")) or DEFAULT_GPUS // 2
    varied = {name: options[name] for name in TWO_SITE_OPTIONS if name in options}
    return generate_two_site(TwoSiteOptions(per_site, float(options["distance_km"]),
                                            frontend=bool(options.get("frontend", False)), **varied))


def _with_settings(doc: FabricDocument, point: dict[str, object]) -> FabricDocument:
    """The point's segment settings (`rocev2.xoff_kb=...`) applied to every back-end segment of `doc`."""
    for name, value in point.items():
        if "." not in name:
            continue
        proto, _, field = name.partition(".")
        for seg in doc.segments.values():
            setattr(getattr(seg, proto), field, value)
    return doc


def evaluate_point(task: SweepTask, index: int, point: dict[str, object]) -> dict[str, object]:
    """Simulate and cost one point; a point that cannot be built or run gets its one-line `error` instead."""
    row: dict[str, object] = {c: None for c in METRIC_COLUMNS}
    try:
        doc = build_point_design(task, point)
        specs = with_placement(task.workloads, str(point["place"])) if "place" in point else list(task.workloads)
        res = run(doc, specs, SimOptions(seed=task.seed)).data
        cost = cost_report(doc)
    except (ProjectError, WorkloadError) as exc:
        row["error"] = str(exc)
        return {"point": index, **row}
    lat, util = res["latency_us"], res["link_utilization"]
    row.update({
        "gpu_count": doc.gpu_count(), "switch_count": sum(1 for n in doc.nodes.values() if n.kind == "switch"),
        "completion_time_s": res["completion_time_s"], "step_time_s": res.get("step_time_s"),
        "gpu_utilization": res.get("gpu_utilization"), "algbw_gbps": res.get("algbw_gbps"),
        "busbw_gbps": res.get("busbw_gbps"), "goodput_gbps": res["goodput_gbps"],
        "throughput_fraction": res["throughput_fraction"], "latency_p50_us": lat["p50"],
        "latency_p99_us": lat["p99"], "latency_p999_us": lat["p999"], "link_utilization_mean": util["mean"],
        "link_utilization_max": util["max"], "pfc_pause_fraction": res["pfc_pause_fraction"],
        "ecn_mark_fraction": res["ecn_mark_fraction"], "credit_stall_fraction": res["credit_stall_fraction"],
        "dropped_bytes": res["dropped_bytes"], "capex": round(cost.capex, 2),
        "capex_network": round(cost.capex_network, 2), "tco": round(cost.tco, 2), "power_w": round(cost.power_w, 3),
        "currency": cost.currency,
    })
    return {"point": index, **row}


def run_points(task: SweepTask, todo: list[tuple[int, dict[str, object]]], *, workers: int | None = None,
               dask_address: str | None = None) -> Generator[dict[str, object], None, None]:
    """Yield each point's row as it finishes. workers=1 runs serially in this process; otherwise local
    processes (one per core by default), or the Dask cluster at `dask_address`."""
    if not todo:
        return
    if dask_address:
        yield from _run_dask(task, todo, dask_address)
    elif (workers or default_workers()) == 1 or len(todo) == 1:
        for index, point in todo:
            yield evaluate_point(task, index, point)
    else:
        yield from _run_processes(task, todo, workers or default_workers())


def _run_processes(task: SweepTask, todo: list[tuple[int, dict[str, object]]],
                   workers: int) -> Iterator[dict[str, object]]:
    with ProcessPoolExecutor(max_workers=min(workers, len(todo)), mp_context=process_context()) as pool:
        futures = [pool.submit(evaluate_point, task, i, p) for i, p in todo]
        try:
            for fut in as_completed(futures):
                yield fut.result()
        finally:
            for fut in futures:
                fut.cancel()


def _run_dask(task: SweepTask, todo: list[tuple[int, dict[str, object]]],
              address: str) -> Iterator[dict[str, object]]:
    try:
        from distributed import Client
        from distributed import as_completed as dask_completed
    except ImportError:
        raise SweepError(Message("error.sweep.no_dask")) from None
    try:
        client = Client(address, timeout="30s")
    except (OSError, TimeoutError, ValueError) as exc:
        raise SweepError(Message("error.sweep.dask_unreachable", address=address, detail=str(exc))) from None
    try:
        futures = [client.submit(evaluate_point, task, i, p, pure=False) for i, p in todo]
        for fut in dask_completed(futures):
            yield fut.result()
    finally:
        client.close()


