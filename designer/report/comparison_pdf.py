"""The advisor's PDF: one proposal of the recommended candidate, opened by a comparison of every candidate.

build_proposal() describes one design, so this composes the same pieces (cover, sections, page template) with a
"Candidate designs" section first: the ranked table, a chart of time and TCO relative to the best, and the
reasons. The other candidates' designs are the project files written next to the PDF.
"""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.units import mm
from reportlab.platypus import CondPageBreak, Flowable, Paragraph, Spacer

from designer.analysis.advisor.advice import Advice
from designer.catalog.loader import Catalog, load_catalog
from designer.i18n import current_language, render
from designer.i18n import number_format as nf
from designer.i18n.catalog import normalise
from designer.report.charts import bar_chart
from designer.report.options import ReportOptions
from designer.report.page_layout import TEXT_HEIGHT, ProposalTemplate
from designer.report.proposal import SECTION_BUILDERS, build_context
from designer.report.sections import cover
from designer.report.strings import tr
from designer.report.styles import Styles, data_table, user_text


def _short(advice: Advice, cid: str, language: str) -> str:
    """The short label under a chart bar: "IB 1:1", "RoCE rail 2:1"."""
    c = advice.candidates[cid]
    rail = render("advisor.short.rail", language) if c.spec.kind == "rail-optimized" else ""
    return render("advisor.short", language, protocol=render(f"advisor.short.{c.protocol}", language), rail=rail,
                  ratio=f"{c.spec.oversubscription:g}")


def comparison_section(advice: Advice, styles: Styles, width: float, language: str = "en") -> list[Flowable]:
    """Heading, ranked table, relative chart and the reasons, as flowables, in `language`."""
    s, lang = styles, language
    prefs = advice.preferences
    cur = prefs.currency

    def t(msg_id: str, **params: object) -> str:
        return render(msg_id, lang, **params)

    out: list[Flowable] = [Paragraph(user_text(t("advisor.pdf.heading")), s.h1)]
    budget = t("advisor.pdf.budget", budget=nf.money(prefs.budget, cur, lang)) if prefs.budget is not None else ""
    priorities = [t(p) for p, on in (("advisor.pdf.latency_sensitive", prefs.latency_sensitive),
                                     ("advisor.pdf.existing_ethernet", prefs.existing_ethernet)) if on]
    wanted = t("advisor.pdf.priorities", priorities=t("list.join").join(priorities)) if priorities else ""
    out.append(Paragraph(user_text(t(
        "advisor.pdf.intro", count=len(advice.ranking), gpus=f"{advice.gpus:,}", workloads=", ".join(advice.workloads),
        seed=advice.seed, budget=budget, priorities=wanted, label=advice.recommended.spec.label_text(lang))), s.body))
    header = ["#", t("advisor.pdf.col_candidate"), t("advisor.pdf.col_time"), t("advisor.pdf.col_gpu_util"), "p99",
              t("advisor.pdf.col_capex"), t("advisor.pdf.col_tco"), t("advisor.pdf.col_capex_per_gbps"),
              t("advisor.pdf.col_budget")]
    rows = []
    for rank, (sc, c) in enumerate(advice.ranked(), start=1):
        f = c.figures
        fits = "–" if sc.within_budget is None else t("advisor.budget.within" if sc.within_budget
                                                       else "advisor.budget.over")
        per = f["capex_per_goodput_gbps"]
        rows.append([rank, c.label_text(lang), nf.seconds(f["time_s"], lang),
                     nf.percent(f["gpu_utilization"], 1, lang), nf.micros(f["p99_latency_us"], lang),
                     nf.money(f["capex"], cur, lang), nf.money(f["tco"], cur, lang),
                     nf.money(per, cur, lang) if per else "–", fits])
    widths = [0.04, 0.27, 0.09, 0.08, 0.09, 0.12, 0.12, 0.11, 0.08]
    out.append(data_table(s, header, rows, [w * width for w in widths], numeric={0, 2, 3, 4, 5, 6, 7}))
    ids = [sc.id for sc in advice.ranking]
    best_t = min(advice.candidates[i].figures["time_s"] for i in ids)
    best_c = min(advice.candidates[i].figures["tco"] for i in ids)
    series = {t("advisor.pdf.series_speed"): [100 * best_t / advice.candidates[i].figures["time_s"] for i in ids],
              t("advisor.pdf.series_cost"): [100 * best_c / advice.candidates[i].figures["tco"] for i in ids]}
    out.append(bar_chart(t("advisor.pdf.chart_title"), [_short(advice, i, lang) for i in ids],
                         series, s.fonts.regular, width=width, height=170, value_format="{:.0f}"))
    out.append(Spacer(1, 4 * mm))
    out.append(Paragraph(user_text(t("advisor.pdf.why")), s.h2))
    for text in advice.reason_texts(lang):
        out.append(Paragraph(user_text(text), s.bullet, bulletText="•"))
    out.append(Paragraph(user_text(t("advisor.pdf.protocol")), s.h2))
    for r in advice.protocol.reasons:
        out.append(Paragraph(user_text(r.text(lang)), s.bullet, bulletText="•"))
    return out


def write_comparison_pdf(advice: Advice, out_path: str | Path, *, catalog: Catalog | None = None,
                         language: str | None = None) -> None:
    """Write the comparison and the recommended candidate's proposal as one PDF, in `language` (default: the
    current core language, which the command line's --lang sets)."""
    lang = normalise(language) if language else current_language()
    best = advice.recommended
    cat = catalog or load_catalog()
    opts = ReportOptions(title=render("advisor.pdf.title", lang, gpus=f"{advice.gpus:,}"),
                         currency=advice.preferences.currency, language=lang, workloads=list(advice.workloads))
    ctx = build_context(best.doc, opts, best.result, cat)
    story: list[Flowable] = cover.build(ctx)
    story += comparison_section(advice, ctx.styles, ctx.width, lang)
    for name in opts.ordered_sections():
        story.append(CondPageBreak(TEXT_HEIGHT * 0.25))
        story += SECTION_BUILDERS[name](ctx)
    template = ProposalTemplate(str(out_path), ctx.styles, header_left=opts.title, header_right=best.doc.name,
                                footer_left=f"{best.doc.name} · {opts.resolved_date()}",
                                page_label=lambda n: tr("page", opts.language, n=n), title=opts.title,
                                author="", subject=best.doc.name, creator="Fabric Designer")
    template.multiBuild(story)
