"""Bill of materials and cost: every item with count and prices, then capex, power and TCO in the chosen currency."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Paragraph, Spacer

from designer.i18n import number_format as nf
from designer.report.context import ProposalContext
from designer.report.styles import data_table, key_value_table, user_text


def build(ctx: ProposalContext) -> list[Flowable]:
    s, c, w = ctx.styles, ctx.cost, ctx.width
    cur, lang = c.currency, ctx.language
    out: list[Flowable] = [Paragraph(user_text(ctx.t("sec_cost")), s.h1),
                           Paragraph(user_text(ctx.t("cost_intro", currency=cur)), s.body)]
    rows = [[i.description or i.model, i.kind, f"{i.count:,}", nf.money(i.unit_price, cur, lang),
             nf.money(i.total, cur, lang), f"{i.power_w_each:,.0f}"] for i in c.items]
    rows.append([ctx.t("col_total"), "", f"{sum(i.count for i in c.items):,}", "", nf.money(c.capex, cur, lang),
                 ""])
    out.append(data_table(s, [ctx.t("col_item"), ctx.t("col_kind"), ctx.t("col_qty"), ctx.t("col_unit"),
                              ctx.t("col_total"), ctx.t("col_power")], rows,
                          [w * 0.33, w * 0.1, w * 0.1, w * 0.16, w * 0.18, w * 0.13], numeric={2, 3, 4, 5},
                          total_row=True))
    out.append(Spacer(1, 5 * mm))
    a = ctx.doc.assumptions
    summary = [(ctx.t("cost_capex"), nf.money(c.capex, cur, lang)),
               (ctx.t("cost_capex_network"), f"{nf.money(c.capex_network, cur, lang)} "
                                             f"({nf.percent(c.network_share, 0, lang)})"),
               (ctx.t("cost_power"), nf.watts(c.power_w, lang)),
               (ctx.t("cost_tco", years=c.tco_years, pue=f"{a.pue:g}"), nf.money(c.tco, cur, lang))]
    out.append(key_value_table(s, summary, (w * 0.7, w * 0.3)))
    return out
