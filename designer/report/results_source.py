"""Where the proposal's simulation figures come from: results handed in, the workloads asked for, the results
saved with the design by the window, or a default workload, so that the PDF can say which."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from designer.model.document import FabricDocument
from designer.report.context import normalise_results

# A proposal without a workload still shows how the fabric carries the collective that dominates training traffic.
DEFAULT_WORKLOAD = "allreduce:1GiB"

# origin of the figures; the simulation section words its introduction after it
ORIGIN_SUPPLIED = "supplied"     # results given to build_proposal by the caller
ORIGIN_REQUESTED = "requested"   # the engine ran the workloads of the options
ORIGIN_SAVED = "saved"           # results saved in the design by the window
ORIGIN_DEFAULT = "default"       # the engine ran DEFAULT_WORKLOAD because none was given
ORIGIN_NONE = "none"             # no simulation (the sections that show it were left out)


@dataclass
class ReportResults:
    """The normalised results ({"ib": ..., "rocev2": ...} or {"drawn": ...}), their workloads and origin."""

    results: dict[str, dict] = field(default_factory=dict)
    workloads: list[str] = field(default_factory=list)
    origin: str = ORIGIN_NONE


def _as_dict(value: Any) -> Any:
    return value.to_dict() if hasattr(value, "to_dict") else value


def result_workloads(results: dict[str, dict]) -> list[str]:
    """The workload specs a result was run with, in run order: the engine's per-workload entries are objects
    with a "spec", a result saved with the design lists the specs as strings."""
    for result in results.values():
        specs = [w if isinstance(w, str) else str(w.get("spec") or w.get("kind"))
                 for w in result.get("workloads") or [] if isinstance(w, (str, dict))]
        if specs:
            return specs
    return []


def saved_results(doc: FabricDocument) -> dict[str, dict]:
    """The results the window saved with the design, normalised; {} when the design carries none."""
    saved = getattr(doc, "results", None)
    if not saved:
        return {}
    saved = _as_dict(saved)
    if isinstance(saved, dict):
        saved = {k: _as_dict(v) for k, v in saved.items()}
    return normalise_results(saved)


def compare_workloads(doc: FabricDocument, workloads: list[str]) -> dict[str, dict]:
    """IB vs RoCEv2 results of the workloads on this design, from the engine (seeded, so reproducible)."""
    from designer.sim import compare

    pair = compare(doc, workloads, None)
    return {name: _as_dict(r) for name, r in pair.items()}


def resolve_results(doc: FabricDocument, workloads: list[str], supplied: dict | None,
                    *, wanted: bool = True) -> ReportResults:
    """Choose the figures: supplied results, else the requested workloads, else saved results, else the default.

    `wanted` False (no section shows results) skips the engine but still uses results that cost nothing.
    Raises ValueError (WorkloadError) for a bad workload spec and for malformed results.
    """
    if supplied:
        norm = normalise_results({k: _as_dict(v) for k, v in supplied.items()} if "schema" not in supplied
                                 else supplied)
        return ReportResults(norm, list(workloads) or result_workloads(norm), ORIGIN_SUPPLIED)
    if workloads:
        if not wanted:
            return ReportResults(workloads=list(workloads))
        return ReportResults(compare_workloads(doc, list(workloads)), list(workloads), ORIGIN_REQUESTED)
    saved = saved_results(doc)
    if saved:
        return ReportResults(saved, result_workloads(saved), ORIGIN_SAVED)
    if not wanted:
        return ReportResults()
    return ReportResults(compare_workloads(doc, [DEFAULT_WORKLOAD]), [DEFAULT_WORKLOAD], ORIGIN_DEFAULT)
