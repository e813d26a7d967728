"""Everything the sections of one proposal read, computed once: facts, cost, findings, results, recommendation."""

from __future__ import annotations

from dataclasses import dataclass, field

from designer.analysis.recommendation import Recommendation
from designer.catalog.loader import Catalog
from designer.model.document import FabricDocument
from designer.report.design_facts import DesignFacts
from designer.report.options import ReportOptions
from designer.report.strings import tr
from designer.report.styles import Styles
from designer.topology.cost import CostReport
from designer.topology.rules.finding import Finding

RESULT_SCHEMA = "fabric-designer.result/1"


@dataclass
class ProposalContext:
    doc: FabricDocument
    options: ReportOptions
    styles: Styles
    catalog: Catalog
    facts: DesignFacts
    cost: CostReport
    findings: list[Finding]
    results: dict[str, dict]        # protocol ("ib", "rocev2") or "drawn" -> result JSON (designer.sim.metrics)
    recommendation: Recommendation
    width: float
    workloads: list[str] = field(default_factory=list)   # the workload specs behind `results`
    results_origin: str = "none"                         # see designer.report.results_source

    @property
    def language(self) -> str:
        return self.options.language

    def t(self, key: str, **values: object) -> str:
        return tr(key, self.options.language, **values)

    @property
    def currency(self) -> str:
        return self.cost.currency


def normalise_results(results: dict | None) -> dict[str, dict]:
    """Accept a single result ({"schema": ...}) or a comparison ({"ib": ..., "rocev2": ...}).

    Raises ValueError for anything else, so that a wrong dict is reported instead of silently dropped.
    """
    if not results:
        return {}
    if not isinstance(results, dict):
        raise ValueError("simulation results must be a result object or {'ib': ..., 'rocev2': ...}")
    if "schema" in results or "completion_time_s" in results:
        return {"drawn": results}
    out = {k: v for k, v in results.items() if k in ("ib", "rocev2") and isinstance(v, dict)}
    if not out:
        raise ValueError("simulation results must be a result object or {'ib': ..., 'rocev2': ...}")
    return out
