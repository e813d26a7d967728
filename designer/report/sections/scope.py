"""Scope and requirements: the customer's question as entered (customer, workloads, scale, budget, priorities),
the settings each protocol is compared at, and what the proposal covers."""

from __future__ import annotations

from reportlab.platypus import Flowable

from designer.analysis.recommendation import TIE_BANDS
from designer.i18n import number_format as nf
from designer.report.context import ProposalContext
from designer.report.sections.common import body, compared_settings, count, section, workloads_text
from designer.report.styles import key_value_table

# a table row cannot break across pages: text typed by the user is cut to what a few lines of the cell hold
USER_FIELD_MAX_CHARS = 400


def user_field(text: str) -> str:
    """`text` whole, or its first USER_FIELD_MAX_CHARS characters and an ellipsis."""
    return text if len(text) <= USER_FIELD_MAX_CHARS else text[:USER_FIELD_MAX_CHARS - 1] + "…"


def priorities_text(ctx: ProposalContext) -> str:
    """"1. time (ties within 2 %), 2. total cost of ownership (within 1 %), …"."""
    items = []
    for i, name in enumerate(ctx.requirements.priorities, start=1):
        band = TIE_BANDS[name]
        key = "scope_priority_band" if band > 0 else "scope_priority"
        items.append(ctx.t(key, n=i, name=ctx.t(f"crit_{name}"), band=nf.percent(band, 0, ctx.language)))
    text = ctx.t("list_sep").join(items)
    return text if ctx.requirements.priorities_stated else ctx.t("scope_priorities_default", list=text)


def settings_text(ctx: ProposalContext) -> str:
    """The settings each protocol runs at in the comparison."""
    if ctx.advisor is not None:
        return ctx.t("scope_settings_advisor")
    if not ctx.runs.compared:
        return ctx.t("scope_settings_none")
    return compared_settings(ctx, "scope_settings")


def build(ctx: ProposalContext) -> list[Flowable]:
    req, f, c, lang = ctx.requirements, ctx.facts, ctx.cost, ctx.language
    out = section(ctx, "sec_scope")
    design = ctx.describes_a_design             # an advisor's proposal with no option in the budget describes none
    out.append(body(ctx, ctx.t("scope_intro" if design else "scope_intro_options")))
    scale = (ctx.t("scope_scale", gpus=f"{f.gpus:,}", servers=count(ctx, f.systems_key, f.servers)) if design
             else ctx.t("scope_scale_options", gpus=f"{f.gpus:,}"))
    if req.scale:
        scale += f" · {user_field(req.scale)}"
    budget = (ctx.t("scope_budget", amount=nf.money(req.budget, c.currency, lang)) if req.budget is not None
              else ctx.t("scope_no_budget"))
    rows = [(ctx.t("scope_customer"), user_field(req.customer) or ctx.t("scope_not_stated")),
            (ctx.t("scope_question"), ctx.t("scope_question_text")),
            (ctx.t("scope_workloads"), workloads_text(ctx)),
            (ctx.t("scope_scale_label"), scale),
            (ctx.t("scope_budget_label"), budget),
            (ctx.t("scope_priorities"), priorities_text(ctx)),
            (ctx.t("scope_settings"), settings_text(ctx))]
    out.append(key_value_table(ctx.styles, rows, (ctx.width * 0.26, ctx.width * 0.74), align_right=False))
    out.append(body(ctx, ctx.t("scope_covers" if design else "scope_covers_options")))
    return out
