"""Cost and TCO: the bill of materials of the design as drawn (product names, counts, prices), capital cost, power
and total cost of ownership with its parts, and the same figures for the drawing as each protocol compared."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Spacer

from designer.i18n import number_format as nf
from designer.report import products
from designer.report.context import ProposalContext
from designer.report.sections.common import body, note, section, subsection
from designer.report.sections.recommendation import capitalised
from designer.report.styles import data_table, key_value_table
from designer.topology.bom_lines import BomItem


def line_name(ctx: ProposalContext, item: BomItem) -> str:
    """What a customer calls a line, in the proposal's language."""
    return products.line_name(ctx.catalog, item, ctx.language)


def bom_rows(ctx: ProposalContext) -> list[list[str]]:
    """The lines bought once, and their total: the capital cost."""
    c, lang = ctx.cost, ctx.language
    bought = [i for i in c.items if not i.per_year]
    rows = [[line_name(ctx, i), ctx.t(f"kind_{i.kind}"), f"{i.count:,}",
             nf.money(i.unit_price, c.currency, lang), nf.money(i.total, c.currency, lang), f"{i.power_w_each:,.0f}"]
            for i in bought]
    rows.append([ctx.t("col_total"), "", f"{sum(i.count for i in bought):,}", "", nf.money(c.capex, c.currency, lang),
                 ""])
    return rows


def support_rows(ctx: ProposalContext) -> list[list[str]]:
    """The lines paid every year (support and maintenance), and their total (the TCO's support per year)."""
    c, lang = ctx.cost, ctx.language
    rows = [[line_name(ctx, i), nf.money(i.total, c.currency, lang)] for i in c.items if i.per_year]
    if rows:
        rows.append([ctx.t("col_total"), nf.money(c.support_cost_per_year, c.currency, lang)])
    return rows


def tco_rows(ctx: ProposalContext) -> list[tuple[str, str]]:
    c, a, lang = ctx.cost, ctx.doc.assumptions, ctx.language
    return [(ctx.t("cost_capex"), nf.money(c.capex, c.currency, lang)),
            (ctx.t("cost_capex_network"), f"{nf.money(c.capex_network, c.currency, lang)} "
                                          f"({nf.percent(c.network_share, 0, lang)})"),
            (ctx.t("cost_power"), nf.watts(c.power_w, lang)),
            (ctx.t("cost_energy", pue=f"{a.pue:g}"), nf.money(c.energy_cost_per_year, c.currency, lang)),
            (ctx.t("cost_support", share=nf.percent(a.support_fraction_per_year, None, lang)),
             nf.money(c.support_cost_per_year, c.currency, lang)),
            (ctx.t("cost_tco", years=c.tco_years), nf.money(c.tco, c.currency, lang))]


def alternative_rows(ctx: ProposalContext) -> list[list[str]]:
    """The drawing priced as each option of the recommendation (the same bill, each protocol's hardware)."""
    lang, rec = ctx.language, ctx.recommendation
    rows = []
    for o in rec.options:
        key = "drawn" if o.id in ("hybrid", ctx.drawn_protocol) else o.id
        c = ctx.variants[key].cost
        mark = ctx.t("rec_mark") if o.id == rec.chosen else ""
        rows.append([capitalised(ctx.say(o.label)) + mark, nf.money(c.capex_network, c.currency, lang),
                     nf.money(c.capex, c.currency, lang), nf.watts(c.power_w, lang), nf.money(c.tco, c.currency, lang)])
    return rows


def build(ctx: ProposalContext) -> list[Flowable]:
    s, w = ctx.styles, ctx.width
    out = section(ctx, "sec_cost")
    out.append(body(ctx, ctx.t("cost_intro", currency=ctx.currency)))
    out.append(data_table(s, [ctx.t("col_item"), ctx.t("col_kind"), ctx.t("col_qty"), ctx.t("col_unit"),
                              ctx.t("col_total"), ctx.t("col_power")], bom_rows(ctx),
                          [w * 0.36, w * 0.11, w * 0.09, w * 0.15, w * 0.17, w * 0.12], numeric={2, 3, 4, 5},
                          total_row=True))
    support = support_rows(ctx)
    if support:
        out += subsection(ctx, ctx.t("cost_support_heading"))
        out.append(data_table(s, [ctx.t("col_item"), ctx.t("col_per_year")], support, [w * 0.7, w * 0.3],
                              numeric={1}, total_row=True))
    out.append(Spacer(1, 3 * mm))
    out += subsection(ctx, ctx.t("cost_tco_heading"))
    out.append(key_value_table(s, tco_rows(ctx), (w * 0.7, w * 0.3)))
    if ctx.advisor is None and len(ctx.recommendation.options) > 1:
        out += subsection(ctx, ctx.t("cost_options"))
        out.append(body(ctx, ctx.t("cost_options_intro")))
        out.append(data_table(s, [ctx.t("col_option"), ctx.t("col_capex_network"), ctx.t("col_capex"),
                                  ctx.t("col_power_total"), ctx.t("col_tco", years=ctx.cost.tco_years)],
                              alternative_rows(ctx), [w * 0.36, w * 0.17, w * 0.17, w * 0.13, w * 0.17],
                              numeric={1, 2, 3, 4}))
        out.append(note(ctx, ctx.t("cost_options_note")))
    return out
