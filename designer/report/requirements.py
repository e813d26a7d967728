"""The customer's requirements one proposal answers: the options given for this proposal, else those kept with the
design (designer/model/proposal.py), else the defaults. The budget is converted to the proposal's currency."""

from __future__ import annotations

from dataclasses import dataclass, field

from designer.analysis.recommendation import DEFAULT_PRIORITIES, parse_priorities
from designer.catalog.money import convert_usd
from designer.model.document import FabricDocument
from designer.model.proposal import ProposalRequirements, Risk
from designer.report.options import ReportOptions


@dataclass
class Requirements:
    """What the proposal answers; `budget` is in the proposal's currency (None: no budget was stated)."""

    customer: str = ""
    workloads: list[str] = field(default_factory=list)
    scale: str = ""
    budget: float | None = None
    priorities: tuple[str, ...] = DEFAULT_PRIORITIES
    priorities_stated: bool = False
    risks: list[Risk] | None = None          # None: the proposal derives them


def _to_currency(amount: float, source: str, target: str, cny_per_usd: float) -> float:
    """An amount in `source` currency written in `target` (the design's exchange rate)."""
    if source == target:
        return amount
    usd = amount / cny_per_usd if source == "CNY" else amount
    return convert_usd(usd, target, cny_per_usd)


def effective_requirements(doc: FabricDocument, options: ReportOptions, currency: str) -> Requirements:
    """The options' requirements where given, else the design's own."""
    kept: ProposalRequirements = getattr(doc, "proposal", None) or ProposalRequirements()
    budget, budget_currency = options.budget, options.budget_currency or currency
    if budget is None and kept.budget is not None:
        budget, budget_currency = kept.budget, kept.budget_currency
    stated = options.priorities if options.priorities is not None else (tuple(kept.priorities) or None)
    return Requirements(
        customer=options.customer or kept.customer,
        workloads=list(options.workloads or kept.workloads),
        scale=options.scale or kept.scale,
        budget=None if budget is None else _to_currency(budget, budget_currency, currency,
                                                         doc.assumptions.cny_per_usd),
        priorities=parse_priorities(stated),
        priorities_stated=stated is not None,
        risks=options.risks if options.risks is not None else (list(kept.risks) or None),
    )


def requirements_to_keep(doc: FabricDocument, options: ReportOptions) -> ProposalRequirements:
    """The requirements of these options as the design keeps them (for the export dialog and `report --keep`)."""
    kept: ProposalRequirements = getattr(doc, "proposal", None) or ProposalRequirements()
    budget_currency = options.budget_currency or options.currency or doc.assumptions.currency
    return ProposalRequirements(
        customer=options.customer or kept.customer, workloads=list(options.workloads or kept.workloads),
        scale=options.scale or kept.scale,
        budget=options.budget if options.budget is not None else kept.budget,
        budget_currency=budget_currency if options.budget is not None else kept.budget_currency,
        priorities=list(options.priorities) if options.priorities is not None else list(kept.priorities),
        risks=list(options.risks) if options.risks is not None else list(kept.risks))
