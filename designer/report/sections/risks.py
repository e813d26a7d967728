"""Risks and lead times: those the consultant wrote (kept with the design), else those the proposal derives from
the design, the recommended protocol and the simulation."""

from __future__ import annotations

from reportlab.platypus import Flowable

from designer.model.proposal import Risk
from designer.report.context import ProposalContext
from designer.report.risks import default_risks
from designer.report.sections.common import body, section
from designer.report.styles import data_table


def proposal_risks(ctx: ProposalContext) -> tuple[list[Risk], bool]:
    """The risks to list and whether the consultant wrote them."""
    if ctx.requirements.risks:
        return list(ctx.requirements.risks), True
    chosen = ctx.recommendation.chosen_option
    protocol = chosen.protocol if chosen else ctx.drawn_protocol
    # the hardware to order is the recommended option's: the drawing with that protocol's switches
    key = protocol if chosen and ctx.advisor is None and protocol in ctx.variants else "drawn"
    errors = sum(1 for f in ctx.findings if f.severity == "error")
    cut_off = bool(ctx.resilience and any(not r.completed for r in ctx.resilience.rows))
    return default_risks(ctx.variants[key].doc, ctx.catalog, ctx.language, protocol, errors=errors,
                         cut_off=cut_off), False


def build(ctx: ProposalContext) -> list[Flowable]:
    w = ctx.width
    risks, written = proposal_risks(ctx)
    out = section(ctx, "sec_risks")
    out.append(body(ctx, ctx.t("risks_intro_written" if written else "risks_intro_derived")))
    rows = [[f"{i}", r.risk, r.mitigation or "–", r.lead_time or "–"] for i, r in enumerate(risks, start=1)]
    out.append(data_table(ctx.styles, ["#", ctx.t("col_risk"), ctx.t("col_mitigation"), ctx.t("col_lead_time")], rows,
                          [w * 0.05, w * 0.40, w * 0.37, w * 0.18], numeric={0}))
    return out
