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
from designer.catalog.money import format_money
from designer.report import number_format as nf
from designer.report.charts import bar_chart
from designer.report.options import ReportOptions
from designer.report.page_layout import TEXT_HEIGHT, ProposalTemplate
from designer.report.proposal import SECTION_BUILDERS, build_context
from designer.report.sections import cover
from designer.report.strings import tr
from designer.report.styles import Styles, data_table, user_text

SHORT_NAMES = {"ib": "IB", "rocev2": "RoCE", "hybrid": "Hyb"}


def _short(advice: Advice, cid: str) -> str:
    c = advice.candidates[cid]
    rail = " rail" if c.spec.kind == "rail-optimized" else ""
    return f"{SHORT_NAMES[c.protocol]}{rail} {c.spec.oversubscription:g}:1"


def comparison_section(advice: Advice, styles: Styles, width: float) -> list[Flowable]:
    """Heading, ranked table, relative chart and the reasons, as flowables."""
    s = styles
    prefs = advice.preferences
    cur = prefs.currency
    out: list[Flowable] = [Paragraph("Candidate designs", s.h1)]
    budget = f", budget {format_money(prefs.budget, cur)} of capex" if prefs.budget is not None else ""
    priorities = [p for p, on in (("latency-sensitive", prefs.latency_sensitive),
                                  ("existing Ethernet operations", prefs.existing_ethernet)) if on]
    out.append(Paragraph(user_text(
        f"{len(advice.ranking)} candidate designs of {advice.gpus:,} GPUs were generated, simulated with "
        f"{', '.join(advice.workloads)} (seed {advice.seed}) and costed{budget}"
        f"{'; priorities: ' + ', '.join(priorities) if priorities else ''}. The rest of this proposal describes "
        f"the recommended candidate, {advice.recommended.spec.label}."), s.body))
    header = ["#", "Candidate", "Time", "GPU util.", "p99", "Capex", "TCO", "Capex per Gb/s", "Budget"]
    rows = []
    for rank, (sc, c) in enumerate(advice.ranked(), start=1):
        f = c.figures
        fits = "–" if sc.within_budget is None else ("within" if sc.within_budget else "over")
        rows.append([rank, c.spec.label + (" (3 tiers)" if c.kind == "fat-tree-3" else ""), nf.seconds(f["time_s"]),
                     nf.percent(f["gpu_utilization"]), nf.micros(f["p99_latency_us"]),
                     format_money(f["capex"], cur), format_money(f["tco"], cur),
                     format_money(f["capex_per_goodput_gbps"], cur) if f["capex_per_goodput_gbps"] else "–", fits])
    widths = [0.04, 0.27, 0.09, 0.08, 0.09, 0.12, 0.12, 0.11, 0.08]
    out.append(data_table(s, header, rows, [w * width for w in widths], numeric={0, 2, 3, 4, 5, 6, 7}))
    ids = [sc.id for sc in advice.ranking]
    best_t = min(advice.candidates[i].figures["time_s"] for i in ids)
    best_c = min(advice.candidates[i].figures["tco"] for i in ids)
    series = {"Speed (best = 100)": [100 * best_t / advice.candidates[i].figures["time_s"] for i in ids],
              "Cost (lowest TCO = 100)": [100 * best_c / advice.candidates[i].figures["tco"] for i in ids]}
    out.append(bar_chart("Each candidate relative to the best (higher is better)", [_short(advice, i) for i in ids],
                         series, s.fonts.regular, width=width, height=170, value_format="{:.0f}"))
    out.append(Spacer(1, 4 * mm))
    out.append(Paragraph("Why this candidate", s.h2))
    for text in advice.reasons:
        out.append(Paragraph(user_text(text), s.bullet, bulletText="•"))
    out.append(Paragraph("The protocol question", s.h2))
    for r in advice.protocol.reasons:
        out.append(Paragraph(user_text(r.text()), s.bullet, bulletText="•"))
    return out


def write_comparison_pdf(advice: Advice, out_path: str | Path, *, catalog: Catalog | None = None) -> None:
    """Write the comparison and the recommended candidate's proposal as one PDF."""
    best = advice.recommended
    cat = catalog or load_catalog()
    opts = ReportOptions(title=f"Network design options for {advice.gpus:,} GPUs", currency=advice.preferences.currency,
                         workloads=list(advice.workloads))
    ctx = build_context(best.doc, opts, best.result, cat)
    story: list[Flowable] = cover.build(ctx)
    story += comparison_section(advice, ctx.styles, ctx.width)
    for name in opts.ordered_sections():
        story.append(CondPageBreak(TEXT_HEIGHT * 0.25))
        story += SECTION_BUILDERS[name](ctx)
    template = ProposalTemplate(str(out_path), ctx.styles, header_left=opts.title, header_right=best.doc.name,
                                footer_left=f"{best.doc.name} · {opts.resolved_date()}",
                                page_label=lambda n: tr("page", opts.language, n=n), title=opts.title,
                                author="", subject=best.doc.name, creator="Fabric Designer")
    template.multiBuild(story)
