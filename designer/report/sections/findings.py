"""Design-rule findings: what the checks found, errors first."""

from __future__ import annotations

from reportlab.platypus import Flowable, Paragraph

from designer.i18n import render, render_finding
from designer.report.context import ProposalContext
from designer.report.styles import data_table, user_text

MAX_ROWS = 40  # a proposal lists the first findings; the application's problems panel has them all


def build(ctx: ProposalContext) -> list[Flowable]:
    s, w = ctx.styles, ctx.width
    out: list[Flowable] = [Paragraph(user_text(ctx.t("sec_findings")), s.h1)]
    if not ctx.findings:
        return out + [Paragraph(user_text(ctx.t("findings_none")), s.body)]
    lang = ctx.language
    rows = [[render(f"finding.severity.{f.severity}", lang), f.rule, render_finding(f, lang)]
            for f in ctx.findings[:MAX_ROWS]]
    out.append(data_table(s, [ctx.t("col_severity"), ctx.t("col_rule"), ctx.t("col_message")], rows,
                          [w * 0.12, w * 0.22, w * 0.66]))
    if len(ctx.findings) > MAX_ROWS:
        out.append(Paragraph(user_text(ctx.t("findings_more", n=len(ctx.findings) - MAX_ROWS)), s.small))
    return out
