"""Everything the sections of one proposal read, computed once: facts, costs, runs, the recommendation."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from designer.analysis.recommendation import Recommendation
from designer.catalog.loader import Catalog
from designer.i18n.message import Message
from designer.model.document import FabricDocument
from designer.report.design_facts import DesignFacts
from designer.report.strings import tr
from designer.report.styles import Styles
from designer.topology.cost import CostReport
from designer.topology.rules.finding import Finding

if TYPE_CHECKING:   # the modules below import this one
    from designer.analysis.acceptance import AcceptancePlan
    from designer.analysis.protocol_options import Variant
    from designer.report.job_runs import JobRuns
    from designer.report.options import ReportOptions
    from designer.report.requirements import Requirements
    from designer.report.results_source import ProposalRuns

RESULT_SCHEMA = "fabric-designer.result/1"


@dataclass
class ResilienceData:
    """The resilience section's figures: worst loss per failure class, and the saved scenarios run both ways."""

    rows: list = field(default_factory=list)          # analysis.resilience ResilienceRow
    scenarios: list = field(default_factory=list)     # analysis.resilience.scenario_runs ScenarioRun
    workloads: list[str] = field(default_factory=list)
    problem: str | None = None                        # why the table could not be computed


@dataclass
class ProposalContext:
    doc: FabricDocument
    options: ReportOptions
    styles: Styles
    catalog: Catalog
    facts: DesignFacts
    cost: CostReport                   # the design as drawn
    variants: dict[str, Variant]       # "drawn", "ib", "rocev2": each drawing's priced bill of materials
    findings: list[Finding]
    runs: ProposalRuns
    recommendation: Recommendation
    requirements: Requirements
    width: float
    drawn_protocol: str = "hybrid"
    resilience: ResilienceData | None = None
    acceptance: AcceptancePlan | None = None
    jobs: JobRuns | None = None        # the jobs kept with the design, together and alone (None: no job)
    advisor: Any = None                # the advisor's Advice when this proposal describes its chosen candidate
    placements: list = field(default_factory=list)   # (page, kind, share filled) of each flowable, once written

    @property
    def language(self) -> str:
        return self.options.language

    def t(self, key: str, **values: object) -> str:
        return tr(key, self.options.language, **values)

    @property
    def describes_a_design(self) -> bool:
        """False for an advisor's proposal with no option within the budget: it describes none of its candidates
        (the design it carries only lends the proposal its frame)."""
        return self.advisor is None or getattr(self.advisor, "recommended", None) is not None

    @property
    def subject(self) -> str:
        """What the cover, the page header and the footer name: the design, or that no option fits the budget."""
        if self.describes_a_design:
            return self.doc.name
        n = len(self.advisor.candidates)
        return self.t("cover_no_design.one" if n == 1 and self.has("cover_no_design.one") else "cover_no_design",
                      count=f"{n:,}")

    def has(self, key: str) -> bool:
        """Whether the proposal's language has its own text for `key` (singular forms)."""
        from designer.report.strings import has

        return has(key, self.options.language)

    def say(self, message: Message) -> str:
        """A core message (the recommendation's label, reasons) in the proposal's language."""
        return message.render(self.options.language)

    @property
    def currency(self) -> str:
        return self.cost.currency

    @property
    def workloads(self) -> list[str]:
        return self.runs.workloads

    def product(self, kind: str, model_id: str) -> str:
        from designer.report.products import product_name

        return product_name(self.catalog, kind, model_id, self.options.language)


def normalise_results(results: dict | None) -> dict[str, dict]:
    """Accept a single result ({"schema": ...}) or a comparison ({"ib": ..., "rocev2": ...}, optionally "drawn").

    Raises ValueError for anything else, so that a wrong dict is reported instead of silently dropped.
    """
    if not results:
        return {}
    if not isinstance(results, dict):
        raise ValueError("simulation results must be a result object or {'ib': ..., 'rocev2': ...}")
    if "schema" in results or "completion_time_s" in results:
        return {"drawn": results}
    out = {k: v for k, v in results.items() if k in ("ib", "rocev2", "drawn") and isinstance(v, dict)}
    if not out:
        raise ValueError("simulation results must be a result object or {'ib': ..., 'rocev2': ...}")
    return out
