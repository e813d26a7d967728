"""Appendix: design-rule findings, errors first, each in the proposal's language."""

from __future__ import annotations

from reportlab.platypus import Flowable

from designer.i18n import render, render_finding
from designer.report.context import ProposalContext
from designer.report.sections.common import appendix, body, note
from designer.report.styles import data_table

MAX_ROWS = 40  # a proposal lists the first findings; the application's problems panel has them all


def build(ctx: ProposalContext) -> list[Flowable]:
    w, lang = ctx.width, ctx.language
    out = appendix(ctx, "findings", "sec_findings")
    if not ctx.findings:
        return out + [body(ctx, ctx.t("findings_none"))]
    rows = [[render(f"finding.severity.{f.severity}", lang), render_finding(f, lang)] for f in ctx.findings[:MAX_ROWS]]
    out.append(data_table(ctx.styles, [ctx.t("col_severity"), ctx.t("col_message")], rows, [w * 0.14, w * 0.86]))
    if len(ctx.findings) > MAX_ROWS:
        out.append(note(ctx, ctx.t("findings_more", n=len(ctx.findings) - MAX_ROWS)))
    return out
