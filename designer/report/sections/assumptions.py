"""Appendix: the cost assumptions, how far the simulated figures can be trusted, and the design's own notes."""

from __future__ import annotations

import re
import string

from reportlab.platypus import Flowable, Paragraph

from designer.analysis.validation.status import recorded_status
from designer.i18n import LANGUAGES, render
from designer.i18n import number_format as nf
from designer.report.context import ProposalContext
from designer.report.sections.common import appendix, body, subsection
from designer.report.styles import key_value_table, user_text


def build(ctx: ProposalContext) -> list[Flowable]:
    s, w, a, lang = ctx.styles, ctx.width, ctx.doc.assumptions, ctx.language
    out = appendix(ctx, "assumptions", "sec_assumptions")
    out.append(body(ctx, ctx.t("assump_intro")))
    out.append(key_value_table(s, [
        (ctx.t("assump_currency"), ctx.t(f"currency_{ctx.currency}")),
        (ctx.t("assump_rate"), f"{a.cny_per_usd:g}"),
        (ctx.t("assump_electricity"), f"{a.electricity_per_kwh_usd:g}"),
        (ctx.t("assump_pue"), f"{a.pue:g}"),
        (ctx.t("assump_years"), f"{a.tco_years}"),
        (ctx.t("assump_support"), nf.percent(a.support_fraction_per_year, None, lang)),
    ], (w * 0.7, w * 0.3)))
    status = recorded_status()
    if status:
        out += subsection(ctx, ctx.t("assump_validation_title"))
        out.append(body(ctx, ctx.t("assump_validation", within=status["within_tolerance"], total=status["scenarios"],
                                   off=status["off"], unexpressed=status["not_expressed"])))
    out += subsection(ctx, ctx.t("assump_model_title"))
    out.append(body(ctx, ctx.t("assump_model")))
    notes = own_notes(ctx.doc.notes)
    if ctx.options.notes and notes:
        out += subsection(ctx, ctx.t("assump_notes"))
        out.append(body(ctx, ctx.t("assump_notes_intro")))
        for para in notes.split("\n\n"):
            out.append(Paragraph(user_text(para).replace("\n", "<br/>"), s.body))
    return out


def _generated_pattern() -> re.Pattern[str]:
    """The sentence the generator writes into a new design's notes, in any language (the facts it states are in
    the Design section, with product names)."""
    texts = [render("generate.notes", lang) for lang in LANGUAGES]
    alternatives = ["".join(".*?" if literal is None else re.escape(literal) for literal in _pieces(t)) for t in texts]
    return re.compile(r"^\s*(?:" + "|".join(alternatives) + r")\s*")


def _pieces(template: str) -> list[str | None]:
    """A template's literal text with None for each {placeholder}."""
    out: list[str | None] = []
    for literal, name, _spec, _conv in string.Formatter().parse(template):
        out.append(literal)
        if name is not None:
            out.append(None)
    return out


def own_notes(notes: str) -> str:
    """The design's notes without the generator's sentence."""
    return _generated_pattern().sub("", notes.strip(), count=1).strip()
