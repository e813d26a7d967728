"""The advisor's PDF: the proposal of the recommended candidate, whose Recommendation section ranks every candidate
with the advisor's own recommendation, so that every page names the same choice. When no candidate fits the budget
the PDF says so and describes none of them."""

from __future__ import annotations

from pathlib import Path

from designer.analysis.advisor.advice import Advice
from designer.catalog.loader import Catalog, load_catalog
from designer.i18n import current_language, render
from designer.i18n.catalog import normalise
from designer.report.options import DEFAULT_SECTIONS, ReportOptions
from designer.report.proposal import build_context, proposal_story, write_story

# with no candidate within the budget there is no design to describe: the question, the options, what next
NO_CHOICE_SECTIONS = {"summary", "scope", "recommendation", "next_steps"}


def advisor_options(advice: Advice, language: str) -> ReportOptions:
    """The proposal's options: the advisor's workloads, budget and priorities, its sections."""
    prefs = advice.preferences
    sections = set(DEFAULT_SECTIONS) if advice.recommended is not None else set(NO_CHOICE_SECTIONS)
    title = (render("advisor.pdf.title_sites", language, gpus=f"{advice.gpus:,}", km=f"{advice.site.distance_km:,g}")
             if advice.site is not None else render("advisor.pdf.title", language, gpus=f"{advice.gpus:,}"))
    return ReportOptions(title=title, currency=prefs.currency,
                         language=language, workloads=list(advice.workloads), budget=prefs.budget,
                         budget_currency=prefs.currency, priorities=advice.recommendation.priorities,
                         sections=sections, compare=False)


def write_comparison_pdf(advice: Advice, out_path: str | Path, *, catalog: Catalog | None = None,
                         language: str | None = None) -> None:
    """Write the advisor's proposal in `language` (default: the current core language, which --lang sets)."""
    lang = normalise(language) if language else current_language()
    described = advice.recommended or min(advice.candidates.values(), key=lambda c: c.figures["capex"])
    opts = advisor_options(advice, lang)
    ctx = build_context(described.doc, opts, described.result, catalog or load_catalog(),
                        recommendation=advice.recommendation, advisor=advice)
    write_story(ctx, str(out_path), proposal_story(ctx), opts.title)
