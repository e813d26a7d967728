"""Next steps: what the customer and the consultant do after this proposal, in order."""

from __future__ import annotations

from reportlab.platypus import Flowable

from designer.report.context import ProposalContext
from designer.report.sections.common import body, numbered, recommended_label, section


def steps(ctx: ProposalContext) -> list[str]:
    rec = ctx.recommendation
    out = []
    if rec.chosen is None:
        out.append(ctx.t("next_budget"))
    else:
        out.append(ctx.t("next_confirm", label=recommended_label(ctx)))
    if not ctx.requirements.workloads:
        out.append(ctx.t("next_workloads"))
    if any(f.severity == "error" for f in ctx.findings):
        out.append(ctx.t("next_findings"))
    out += [ctx.t("next_quotes"), ctx.t("next_risks"), ctx.t("next_acceptance"), ctx.t("next_pilot")]
    return out


def build(ctx: ProposalContext) -> list[Flowable]:
    out = section(ctx, "sec_next_steps")
    out.append(body(ctx, ctx.t("next_intro")))
    out += numbered(ctx, steps(ctx))
    return out
