"""Resilience: the worst throughput loss of the report's workload for each single-failure class (a leaf,
a spine, a core switch, a server link), with the protocol's reroute delay, and the design's saved
what-if scenarios. Off by default (it runs a dozen simulations) unless chosen or the design has scenarios.
"""

from __future__ import annotations

from reportlab.platypus import Flowable, Paragraph

from designer.analysis.resilience import resilience_summary
from designer.i18n import number_format as nf
from designer.report.context import ProposalContext
from designer.report.styles import data_table, user_text
from designer.sim.workload_spec import WorkloadError

DEFAULT_WORKLOAD = "permutation:256MiB"   # every GPU sends to another: loads every path the failures cut


def section_workloads(ctx: ProposalContext) -> list[str]:
    """The workload the table is computed for: the report's own, else the permutation."""
    return list(ctx.workloads or ctx.options.workloads or [DEFAULT_WORKLOAD])


def build(ctx: ProposalContext) -> list[Flowable]:
    s, w = ctx.styles, ctx.width
    workloads = section_workloads(ctx)
    out: list[Flowable] = [Paragraph(user_text(ctx.t("sec_resilience")), s.h1),
                           Paragraph(user_text(ctx.t("res_intro", workloads=", ".join(workloads))), s.body)]
    try:
        rows = resilience_summary(ctx.doc, workloads)
    except (WorkloadError, ValueError) as exc:
        out.append(Paragraph(user_text(ctx.t("res_failed", reason=exc)), s.body))
        rows = None
    if rows is not None and not rows:
        out.append(Paragraph(user_text(ctx.t("res_none")), s.body))
    elif rows:
        table = []
        lang = ctx.language
        for r in rows:
            loss = (nf.percent(r.throughput_loss, 1, lang) if r.completed
                    else ctx.t("res_loss_cut", loss=nf.percent(1.0, 0, lang), cut=ctx.t("res_cut_off")))
            table.append([ctx.t(f"res_class_{r.failure_class}"), r.worst_element, ", ".join(r.elements_tried),
                          loss, nf.seconds(r.recovery_delay_s, lang)])
        out.append(data_table(s, [ctx.t("col_failure_class"), ctx.t("col_worst_element"), ctx.t("col_tried"),
                                  ctx.t("col_throughput_loss"), ctx.t("col_reroute_delay")], table,
                              [w * 0.17, w * 0.17, w * 0.32, w * 0.17, w * 0.17], numeric={3, 4}))
        out.append(Paragraph(user_text(ctx.t("res_loss_note")), s.small))
        if any(not r.completed for r in rows):
            out.append(Paragraph(user_text(ctx.t("res_cut_note")), s.small))
    if ctx.doc.scenarios:
        out.append(Paragraph(user_text(ctx.t("res_scenarios")), s.h2))
        out.append(Paragraph(user_text(ctx.t("res_scenarios_intro")), s.body))
        table = [[sc.name, ", ".join(sc.workloads), ", ".join(sc.failures) or ctx.t("res_no_failures"), str(sc.seed)]
                 for sc in ctx.doc.scenarios]
        out.append(data_table(s, [ctx.t("col_scenario"), ctx.t("col_workload"), ctx.t("col_failures"),
                                  ctx.t("col_seed")], table, [w * 0.22, w * 0.28, w * 0.40, w * 0.10], numeric={3}))
    return out
