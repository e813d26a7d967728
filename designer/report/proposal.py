"""Build the PDF proposal of a design: compute its facts once, then lay out the chosen sections."""

from __future__ import annotations

import io
import warnings

from reportlab.platypus import CondPageBreak, Flowable, PageBreak

from designer.analysis.recommendation import recommend
from designer.catalog.loader import Catalog, load_catalog
from designer.model.atomic_write import write_bytes_atomically
from designer.model.document import FabricDocument
from designer.report.context import ProposalContext
from designer.report.design_facts import design_facts
from designer.report.fonts import register_fonts
from designer.report.options import ReportOptions
from designer.report.page_layout import TEXT_HEIGHT, TEXT_WIDTH, ProposalTemplate
from designer.report.results_source import resolve_results
from designer.report.sections import (
    assumptions,
    cost,
    cover,
    facts,
    findings,
    resilience,
    simulation,
    summary,
    sweep_appendix,
    topology,
)
from designer.report.strings import tr
from designer.report.styles import make_styles
from designer.topology.checks import run_checks
from designer.topology.cost import cost_report

SECTION_BUILDERS = {
    "summary": summary.build, "topology": topology.build, "facts": facts.build, "cost": cost.build,
    "simulation": simulation.build, "resilience": resilience.build, "findings": findings.build,
    "assumptions": assumptions.build,
}


class ReportFontWarning(UserWarning):
    """No CJK font: the proposal is built, but Chinese text in it will not render."""


def build_context(doc: FabricDocument, options: ReportOptions, results: dict | None,
                  catalog: Catalog | None) -> ProposalContext:
    """Compute everything the sections state, once."""
    options.validate()
    fonts = register_fonts()
    if fonts.message:
        warnings.warn(fonts.message, ReportFontWarning, stacklevel=3)
    cat = catalog if catalog is not None else load_catalog()
    fact = design_facts(doc, cat)
    # only the summary and the simulation section show figures of a run: without them the engine need not run
    wanted = bool({"summary", "simulation"} & set(options.sections))
    source = resolve_results(doc, options.workloads, results, wanted=wanted)
    normalised = source.results
    compare_pair = normalised if {"ib", "rocev2"} <= set(normalised) else None
    rec = recommend(doc, results=compare_pair, workloads=source.workloads, catalog=cat,
                    oversubscription=fact.worst_oversubscription)
    return ProposalContext(doc=doc, options=options, styles=make_styles(fonts, options.language), catalog=cat,
                           facts=fact,
                           cost=cost_report(doc, cat, options.currency), findings=run_checks(doc, cat),
                           results=normalised, recommendation=rec, width=TEXT_WIDTH,
                           workloads=source.workloads, results_origin=source.origin)


def build_proposal(doc: FabricDocument, out_path: str, *, options: ReportOptions | None = None,
                   results: dict | None = None, catalog: Catalog | None = None) -> None:
    """Write the proposal PDF of `doc` to `out_path`.

    `results` is a simulation result (designer.sim.metrics JSON) or a comparison {"ib": ..., "rocev2": ...}; when it is
    None the engine runs the IB vs RoCEv2 comparison of `options.workloads`, or the design's saved results are
    used, or (neither given) the default workload is simulated and the PDF says so. Raises ProjectError for a design
    the cost model cannot price and ValueError (ReportOptionsError, ReportLogoError) for bad options. With
    `options.sweep_results` an appendix charts that sweep; a bad results file or metric raises SweepError.
    """
    opts = options or ReportOptions()
    sweep = sweep_appendix.prepare(opts)     # a bad results file fails before anything is simulated
    ctx = build_context(doc, opts, results, catalog)
    story: list[Flowable] = cover.build(ctx)
    for name in opts.ordered_sections(has_scenarios=bool(doc.scenarios)):
        # a section starting in the last quarter of a page starts on the next one instead
        story.append(CondPageBreak(TEXT_HEIGHT * 0.25))
        story += SECTION_BUILDERS[name](ctx)
    if sweep is not None:               # an appendix starts on a page of its own
        story.append(PageBreak())
        story += sweep_appendix.build(ctx, sweep)
    title = opts.title or tr("default_title", opts.language)
    header_right = tr("confidential", opts.language, customer=opts.customer) if opts.customer else doc.name
    pdf = io.BytesIO()
    template = ProposalTemplate(pdf, ctx.styles, header_left=title, header_right=header_right,
                                footer_left=f"{doc.name} · {opts.resolved_date()}",
                                page_label=lambda n: tr("page", opts.language, n=n),
                                title=title, author=opts.author, subject=doc.name, creator="Fabric Designer")
    # two passes at least: the table of contents needs the page numbers of the headings
    template.multiBuild(story)
    # replaced whole or not at all: a full disk or a kill leaves the previous proposal as it was
    write_bytes_atomically(out_path, pdf.getvalue())
