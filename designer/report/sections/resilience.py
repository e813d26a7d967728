"""Resilience: what single failures cost, always beside the healthy figure. For each class of single failure (a
leaf, a spine, a core switch, a server's link) the worst throughput loss of the proposal's workloads, with the
protocol's reroute delay; then the design's saved what-if scenarios, each run healthy and as scheduled."""

from __future__ import annotations

from reportlab.platypus import Flowable

from designer.i18n import number_format as nf
from designer.report.context import ProposalContext
from designer.report.sections.common import body, note, section, subsection, workloads_text
from designer.report.styles import data_table


def failure_rows(ctx: ProposalContext) -> list[list[str]]:
    lang = ctx.language
    rows = []
    assert ctx.resilience is not None
    for r in ctx.resilience.rows:
        element = element_name(ctx, r.worst_element)
        failed = (nf.seconds(r.completion_time_s, lang) if r.completed else ctx.t("res_cut_off"))
        loss = nf.percent(r.throughput_loss, 1, lang) if r.completed else nf.percent(1.0, 0, lang)
        rows.append([ctx.t(f"res_class_{r.failure_class}"), element, f"{len(r.elements_tried):,}",
                     nf.seconds(r.healthy_time_s, lang), failed, loss, nf.seconds(r.recovery_delay_s, lang)])
    return rows


def element_name(ctx: ProposalContext, element: str) -> str:
    """A failed device by its name, a failed link by the devices it joins ("link srv-001 – leaf-01"), never by its
    id; an element the design does not hold is shown as written."""
    node, link = ctx.doc.nodes.get(element), ctx.doc.links.get(element)
    if node is not None:
        return node.display_name
    if link is None:
        return element
    ends = [ctx.doc.nodes[e.node].display_name if e.node in ctx.doc.nodes else e.node for e in (link.a, link.b)]
    return ctx.t("res_link", a=ends[0], b=ends[1])


def describe_failure(ctx: ProposalContext, spec: str) -> str:
    """"switch:spine-01@2ms" -> "spine-01 fails at 2.00 ms"; a spec the engine would refuse is shown as written."""
    from designer.sim.failures import parse_failure
    from designer.sim.workload_spec import WorkloadError

    try:
        f = parse_failure(spec)
    except WorkloadError:
        return spec
    what = element_name(ctx, f.element)
    when = nf.seconds(f.time_s or 0.0, ctx.language)
    if f.degraded_gbps is not None:
        text = ctx.t("res_fail_slow" if f.time_s else "res_fail_slow_start", what=what, when=when,
                     speed=nf.gbps(f.degraded_gbps, ctx.language))
    else:
        text = ctx.t("res_fail_down" if f.time_s else "res_fail_down_start", what=what, when=when)
    if f.up_s is not None:
        text += ctx.t("res_fail_up", when=nf.seconds(f.up_s, ctx.language))
    return text


def scenario_rows(ctx: ProposalContext) -> list[list[str]]:
    lang = ctx.language
    rows = []
    assert ctx.resilience is not None
    for sr in ctx.resilience.scenarios:
        sc = sr.scenario
        failed = nf.seconds(sr.failed_time_s, lang) if sr.completed else ctx.t("res_cut_off")
        change = ctx.t("res_longer", pct=nf.percent(sr.slowdown, 1, lang)) if sr.completed else "–"
        rows.append([sc.name, workloads_text(ctx, list(sc.workloads)),
                     ctx.t("list_sep").join(describe_failure(ctx, f) for f in sc.failures) or ctx.t("res_no_failures"),
                     nf.seconds(sr.healthy_time_s, lang),
                     failed, change])
    return rows


def _what_if_rows(ctx: ProposalContext) -> list[list[str]]:
    """Runs handed in with failures: shown here, beside the healthy run of the same workloads."""
    lang, healthy = ctx.language, (ctx.runs.drawn or {}).get("completion_time_s")
    rows = []
    for r in ctx.runs.what_if:
        failures = ctx.t("list_sep").join(describe_failure(ctx, str(f.get("spec") or f.get("label") or ""))
                                          for f in r.get("failures") or [] if isinstance(f, dict)) or "–"
        rows.append([ctx.t("res_supplied"), workloads_text(ctx), failures, nf.seconds(healthy, lang),
                     nf.seconds(r.get("completion_time_s"), lang), "–"])
    return rows


def build(ctx: ProposalContext) -> list[Flowable]:
    s, w = ctx.styles, ctx.width
    out = section(ctx, "sec_resilience")
    data = ctx.resilience
    if data is None:
        return out
    out.append(body(ctx, ctx.t("res_intro", workloads=workloads_text(ctx, data.workloads))))
    if data.problem:
        out.append(body(ctx, ctx.t("res_failed", reason=data.problem)))
    elif not data.rows:
        out.append(body(ctx, ctx.t("res_none")))
    else:
        out.append(data_table(s, [ctx.t("col_failure_class"), ctx.t("col_worst_element"), ctx.t("col_tried"),
                                  ctx.t("col_healthy"), ctx.t("col_with_failure"), ctx.t("col_throughput_loss"),
                                  ctx.t("col_reroute_delay")], failure_rows(ctx),
                              [w * 0.15, w * 0.17, w * 0.10, w * 0.14, w * 0.16, w * 0.13, w * 0.15],
                              numeric={2, 3, 4, 5, 6}))
        out.append(note(ctx, ctx.t("res_loss_note")))
        if any(not r.completed for r in data.rows):
            out.append(note(ctx, ctx.t("res_cut_note")))
    rows = scenario_rows(ctx) + _what_if_rows(ctx)
    if rows:
        out += subsection(ctx, ctx.t("res_scenarios"))
        out.append(body(ctx, ctx.t("res_scenarios_intro")))
        out.append(data_table(s, [ctx.t("col_scenario"), ctx.t("col_workload"), ctx.t("col_failures"),
                                  ctx.t("col_healthy"), ctx.t("col_with_failure"), ctx.t("col_change")], rows,
                              [w * 0.17, w * 0.22, w * 0.21, w * 0.13, w * 0.14, w * 0.13], numeric={3, 4, 5}))
    return out
