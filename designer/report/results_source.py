"""The simulation runs a proposal states, and where their workloads come from.

Every headline figure comes from one healthy run of the design as drawn (no failure scheduled). A run handed in
that carries failures (a what-if run) never becomes the headline: it is kept for the resilience section. The
workloads of results saved with the design are simulated again, healthy, because a saved run may have had a failure
scheduled in the window. When the comparison is asked for, each protocol option runs on the design its price is
for (designer/analysis/protocol_options.py `option_designs`: the drawing for the protocol it runs, else the option's
own document, on that protocol's hardware, a tier of smaller switches rebuilt as their Clos, a hybrid's pods one
fabric without gateways), each at the comparison's settings preset (the recommended one by default). Supplied
comparison runs are taken as runs of those designs (the window's comparison runs them too).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from designer.analysis.settings_presets import runs_as_drawn, sim_options
from designer.model.document import FabricDocument
from designer.report.context import normalise_results

# A proposal without a workload still shows how the fabric carries the collective that dominates training traffic.
DEFAULT_WORKLOAD = "allreduce:1GiB"

# where the workloads come from; the performance section words its introduction after it
ORIGIN_SUPPLIED = "supplied"     # results given to build_proposal by the caller
ORIGIN_REQUESTED = "requested"   # the workloads of the options (or the requirements kept with the design)
ORIGIN_SAVED = "saved"           # the workloads of the run saved with the design, simulated again without failures
ORIGIN_DEFAULT = "default"       # DEFAULT_WORKLOAD, because none was given
ORIGIN_NONE = "none"             # no simulation (no section shows one)


@dataclass
class ProposalRuns:
    """The healthy run of the design as drawn, the comparison (may be empty), and what-if runs handed in."""

    drawn: dict | None = None
    compared: dict[str, dict] = field(default_factory=dict)      # "ib", "rocev2"
    workloads: list[str] = field(default_factory=list)
    origin: str = ORIGIN_NONE
    preset: str | None = None                                   # the comparison's settings preset
    what_if: list[dict] = field(default_factory=list)

    def by_option(self) -> dict[str, dict]:
        """Healthy results by option key ("drawn", "ib", "rocev2") for the recommendation."""
        out = dict(self.compared)
        if self.drawn is not None:
            out["drawn"] = self.drawn
        return out


def _as_dict(value: Any) -> Any:
    return value.to_dict() if hasattr(value, "to_dict") else value


def has_failures(result: dict) -> bool:
    """True for a what-if run: failures were scheduled, or flows never completed."""
    return bool(result.get("failures")) or result.get("completed") is False


def result_workloads(results: dict[str, dict]) -> list[str]:
    """The workload specs a result was run with, in run order: the engine's per-workload entries are objects
    with a "spec", a result saved with the design lists the specs as strings."""
    for result in results.values():
        specs = [w if isinstance(w, str) else str(w.get("spec") or w.get("kind"))
                 for w in result.get("workloads") or [] if isinstance(w, (str, dict))]
        if specs:
            return specs
    return []


def saved_workloads(doc: FabricDocument) -> list[str]:
    """The workloads of the run saved with the design ([] when it carries none)."""
    saved = getattr(doc, "results", None)
    if not saved:
        return []
    saved = _as_dict(saved)
    if isinstance(saved, dict):
        saved = {k: _as_dict(v) for k, v in saved.items()}
    return result_workloads(normalise_results(saved))


def choose_workloads(doc: FabricDocument, workloads: list[str]) -> tuple[list[str], str]:
    """The workloads to simulate and their origin: asked for, else those of the saved run, else the default."""
    if workloads:
        return list(workloads), ORIGIN_REQUESTED
    saved = saved_workloads(doc)
    if saved:
        return saved, ORIGIN_SAVED
    return [DEFAULT_WORKLOAD], ORIGIN_DEFAULT


def _split_supplied(supplied: dict) -> tuple[dict | None, dict[str, dict], list[dict]]:
    """(healthy drawn run, healthy comparison, what-if runs) of results handed in."""
    norm = normalise_results({k: _as_dict(v) for k, v in supplied.items()} if "schema" not in supplied
                             else supplied)
    what_if = [r for r in norm.values() if has_failures(r)]
    healthy = {k: r for k, r in norm.items() if not has_failures(r)}
    compared = {k: r for k, r in healthy.items() if k in ("ib", "rocev2")}
    return healthy.get("drawn"), (compared if len(compared) == 2 else {}), what_if


def resolve_runs(doc: FabricDocument, workloads: list[str], supplied: dict | None, *, wanted: bool = True,
                 compare: bool = True, preset: str | None = None, drawn_protocol: str = "hybrid",
                 designs: dict[str, FabricDocument] | None = None) -> ProposalRuns:
    """The runs of the proposal: supplied healthy results are used as they are, the rest is simulated (seeded).

    `designs` holds the design each protocol option runs on (`option_designs`; a protocol missing runs the drawing
    with its protocol overridden). `drawn_protocol` ("ib" | "rocev2" | "hybrid") lets a comparison run stand for the
    drawn design when the drawing runs that protocol at that preset (that option's design is the drawing). Raises
    ValueError (WorkloadError) for a bad workload spec or bad results.
    """
    drawn, compared, what_if = _split_supplied(supplied) if supplied else (None, {}, [])
    if supplied:
        specs = list(workloads) or result_workloads(normalise_results(supplied) if "schema" in supplied
                                                    else {k: _as_dict(v) for k, v in supplied.items()})
        origin = ORIGIN_SUPPLIED
    else:
        specs, origin = choose_workloads(doc, workloads)
    runs = ProposalRuns(drawn, compared, specs, origin, preset, what_if)
    if not wanted:
        return runs
    if compare and not runs.compared:
        from designer.sim import compare as compare_protocols

        pair = compare_protocols(doc, specs, sim_options(seed=1, preset=preset), designs=designs)
        runs.compared = {name: r.to_dict() for name, r in pair.items()}
    if runs.drawn is None and drawn_protocol in runs.compared and runs_as_drawn(doc, preset):
        runs.drawn = runs.compared[drawn_protocol]
    if runs.drawn is None:
        from designer.sim import run

        runs.drawn = run(doc, specs, sim_options(seed=1)).to_dict()
    return runs
