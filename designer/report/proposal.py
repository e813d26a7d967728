"""Build the PDF proposal of a design: compute its facts, runs and recommendation once, then lay out the sections."""

from __future__ import annotations

import io
import warnings

from reportlab.platypus import Flowable, PageBreak

from designer.analysis.protocol_options import drawn_protocol, option_designs, protocol_options, variants
from designer.analysis.recommendation import Recommendation, decide
from designer.catalog.loader import Catalog, load_catalog
from designer.model.atomic_write import write_bytes_atomically
from designer.model.document import FabricDocument
from designer.report.context import ProposalContext, ResilienceData
from designer.report.design_facts import design_facts
from designer.report.fonts import register_fonts
from designer.report.job_runs import job_runs
from designer.report.layout import keep_headings_with_tables
from designer.report.options import SIMULATED_SECTIONS, ReportOptions
from designer.report.page_layout import TEXT_WIDTH, ProposalTemplate
from designer.report.requirements import effective_requirements
from designer.report.results_source import ProposalRuns, resolve_runs
from designer.report.sections import SECTION_BUILDERS, cover, sweep_appendix
from designer.report.strings import tr
from designer.report.styles import make_styles
from designer.topology.checks import run_checks

RESILIENCE_DEFAULT_WORKLOAD = "permutation:256MiB"   # every GPU sends to another: loads every path failures cut


class ReportFontWarning(UserWarning):
    """No CJK font: the proposal is built, but Chinese text in it will not render."""


def _resilience(doc: FabricDocument, runs: ProposalRuns) -> ResilienceData:
    """Worst loss per failure class for the proposal's workloads, and the saved scenarios both ways."""
    from designer.analysis.resilience import resilience_summary
    from designer.analysis.resilience.scenario_runs import run_scenarios
    from designer.sim.workload_spec import WorkloadError

    workloads = list(runs.workloads or [RESILIENCE_DEFAULT_WORKLOAD])
    data = ResilienceData(workloads=workloads)
    try:
        data.rows = resilience_summary(doc, workloads)
        data.scenarios = run_scenarios(doc)
    except (WorkloadError, ValueError) as exc:
        data.problem = str(exc).splitlines()[0]
    return data


def _acceptance(doc: FabricDocument, rec: Recommendation, preset: str | None, designs: dict[str, FabricDocument]):
    """The acceptance tests simulated on what is recommended: a protocol option on the design its price is for
    (`designs`), the design as drawn when nothing is."""
    from designer.analysis.acceptance import acceptance_plan

    chosen = rec.chosen_option
    backend = chosen.figures.get("backend") if chosen else None
    design = designs.get(backend, doc) if backend else doc
    return acceptance_plan(design, backend=backend, preset=preset if backend else None)


def build_context(doc: FabricDocument, options: ReportOptions, results: dict | None, catalog: Catalog | None,
                  *, recommendation: Recommendation | None = None, advisor: object = None) -> ProposalContext:
    """Compute everything the sections state, once. `recommendation` (the advisor's) replaces the proposal's own."""
    options.validate()
    fonts = register_fonts()
    if fonts.message:
        warnings.warn(fonts.message, ReportFontWarning, stacklevel=3)
    cat = catalog if catalog is not None else load_catalog()
    priced = variants(doc, cat, options.currency)
    req = effective_requirements(doc, options, priced["drawn"].cost.currency)
    sections = set(options.ordered_sections())
    protocol = drawn_protocol(doc, cat)
    designs = option_designs(doc, cat, priced)      # the design each protocol option is priced for, and runs
    compare = options.compare and recommendation is None
    runs = resolve_runs(doc, req.workloads, results, wanted=bool(SIMULATED_SECTIONS & sections), compare=compare,
                        preset=options.preset, drawn_protocol=protocol, designs=designs)
    if recommendation is None:
        offered = protocol_options(doc, cat, priced, runs.by_option())
        keys = {o.id for o in offered} if compare else {protocol}
        recommendation = decide([o for o in offered if o.id in keys], req.priorities, req.budget)
    ctx = ProposalContext(doc=doc, options=options, styles=make_styles(fonts, options.language), catalog=cat,
                          facts=design_facts(doc, cat), cost=priced["drawn"].cost, variants=priced,
                          findings=run_checks(doc, cat), runs=runs, recommendation=recommendation, requirements=req,
                          width=TEXT_WIDTH, drawn_protocol=protocol, advisor=advisor)
    if "resilience" in sections:
        ctx.resilience = _resilience(doc, runs)
    if "jobs" in sections:
        ctx.jobs = job_runs(doc, compare=compare, preset=options.preset, designs=designs)
    if "acceptance" in sections and runs.drawn is not None:
        ctx.acceptance = _acceptance(doc, recommendation, options.preset, designs)
    return ctx


def proposal_story(ctx: ProposalContext, sweep: sweep_appendix.SweepAppendix | None = None,
                   lead: list[Flowable] | None = None) -> list[Flowable]:
    """Cover, contents, `lead` (the advisor's comparison), the chosen sections, the appendices."""
    story: list[Flowable] = cover.build(ctx) + list(lead or [])
    for name in ctx.options.ordered_sections():
        story += SECTION_BUILDERS[name](ctx)
    if sweep is not None:               # an appendix starts on a page of its own
        story.append(PageBreak())
        story += sweep_appendix.build(ctx, sweep)
    return keep_headings_with_tables(story, ctx.width)


def write_story(ctx: ProposalContext, out_path: str, story: list[Flowable], title: str) -> ProposalTemplate:
    """Lay out `story` with the proposal's page frame and write the PDF; the template keeps where each flowable
    landed (`placements`)."""
    opts = ctx.options
    customer = ctx.requirements.customer
    header_right = tr("confidential", opts.language, customer=customer) if customer else ctx.subject
    pdf = io.BytesIO()
    template = ProposalTemplate(pdf, ctx.styles, header_left=title, header_right=header_right,
                                footer_left=f"{ctx.subject} · {opts.resolved_date()}",
                                page_label=lambda n: tr("page", opts.language, n=n),
                                title=title, author=opts.author, subject=ctx.subject, creator="Fabric Designer")
    # two passes at least: the table of contents needs the page numbers of the headings
    template.multiBuild(story)
    # replaced whole or not at all: a full disk or a kill leaves the previous proposal as it was
    write_bytes_atomically(out_path, pdf.getvalue())
    return template


def build_proposal(doc: FabricDocument, out_path: str, *, options: ReportOptions | None = None,
                   results: dict | None = None, catalog: Catalog | None = None) -> ProposalContext:
    """Write the proposal PDF of `doc` to `out_path` and return what it states (its context).

    `results` is a simulation result (as `simulate` returns it) or a comparison {"ib": ..., "rocev2": ...}; a
    result that carries failures is a what-if run and goes to the resilience section only. Missing runs are simulated:
    the design as drawn without failures (every headline figure) and, unless `options.compare` is off, the
    InfiniBand and the RoCEv2 option each on the design its price is for (`option_designs`) at `options.preset`.
    Raises ProjectError for a design the cost model cannot price and ValueError (ReportOptionsError,
    ReportLogoError) for bad options. With
    `options.sweep_results` an appendix charts that sweep; a bad results file or metric raises SweepError.
    """
    opts = options or ReportOptions()
    sweep = sweep_appendix.prepare(opts)     # a bad results file fails before anything is simulated
    ctx = build_context(doc, opts, results, catalog)
    template = write_story(ctx, out_path, proposal_story(ctx, sweep), opts.title or tr("default_title", opts.language))
    ctx.placements = list(template.placements)
    return ctx
