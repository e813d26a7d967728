"""Executive summary: the answer in three sentences (what we recommend, what decided it, what the design is and
costs), then the key figures of the design as drawn, from its healthy run."""

from __future__ import annotations

from reportlab.platypus import Flowable, Paragraph

from designer.analysis.recommendation import TIE_BANDS, Option, Recommendation
from designer.i18n import number_format as nf
from designer.report.context import ProposalContext
from designer.report.sections.common import body, count, note, protocol_name, recommended_label, section, then
from designer.report.styles import key_value_table, user_text


def _decisive(rec: Recommendation) -> tuple[str | None, bool]:
    """The criterion that decided, and whether an earlier priority tied first."""
    tie = False
    for step in rec.steps:
        if step.dropped and len(step.kept) == 1:
            return step.criterion, tie
        tie = tie or not step.dropped
    return None, tie


def _figure(ctx: ProposalContext, option: Option, criterion: str) -> str:
    return ctx.say(option.shown(criterion))


def why_sentence(ctx: ProposalContext) -> str:
    """The second sentence: the comparison that decided, with both figures."""
    rec = ctx.recommendation
    chosen = rec.chosen_option
    if chosen is None:
        cheapest = rec.cheapest_over_budget
        if cheapest is None or rec.budget is None:
            return ctx.t("sum_why_none")
        return ctx.t("sum_why_none_cheapest", label=ctx.say(cheapest.label),
                     capex=nf.money(cheapest.capex, cheapest.currency, ctx.language),
                     budget=nf.money(rec.budget, cheapest.currency, ctx.language))
    others = [o for o in rec.options if o.id != chosen.id]
    if not others:
        return ctx.t("sum_why_single")
    criterion, tie = _decisive(rec)
    if criterion is None:
        return ctx.t("sum_why_first")
    runner = next((o for o in rec.options if o.id in _dropped_at(rec, criterion)), others[0])
    values = {"other": ctx.say(runner.label), "value": _figure(ctx, chosen, criterion),
              "other_value": _figure(ctx, runner, criterion), "years": ctx.cost.tco_years,
              "band": nf.percent(TIE_BANDS["performance"], 0, ctx.language)}
    key = f"sum_why_{criterion}" + ("_tie" if tie and criterion != "performance" else "")
    return ctx.t(key, **values)


def _dropped_at(rec: Recommendation, criterion: str) -> tuple[str, ...]:
    return next((s.dropped for s in rec.steps if s.criterion == criterion and s.dropped), ())


def answer_sentences(ctx: ProposalContext) -> list[str]:
    """The three sentences that answer the customer's question."""
    f, c, lang = ctx.facts, ctx.cost, ctx.language
    customer = ctx.requirements.customer
    gpus = f"{f.gpus:,}"
    if ctx.recommendation.chosen is None:
        first = ctx.t("sum_answer_none", label=recommended_label(ctx), gpus=gpus)
    elif customer:
        first = ctx.t("sum_answer_for", label=recommended_label(ctx), customer=customer, gpus=gpus)
    else:
        first = ctx.t("sum_answer", label=recommended_label(ctx), gpus=gpus)
    third = ctx.t("sum_design", servers=count(ctx, f.systems_key, f.servers),
                  switches=count(ctx, "n_switches", f.backend_switches),
                  tiers=count(ctx, "n_tiers", len(f.backend_tiers)), capex=nf.money(c.capex, c.currency, lang),
                  tco=nf.money(c.tco, c.currency, lang), years=c.tco_years, power=nf.watts(c.power_w, lang))
    return [first, why_sentence(ctx), third]


def key_figures(ctx: ProposalContext) -> list[tuple[str, str]]:
    """The design as drawn: size, cost and the figures of its healthy run."""
    f, c, lang = ctx.facts, ctx.cost, ctx.language
    rows = [(ctx.t("fig_gpus"), f"{f.gpus:,}"), (ctx.t("fig_switches"), f"{f.switches:,}"),
            (ctx.t("fig_bisection"), nf.gbps(f.bisection_gbps, lang)),
            (ctx.t("fig_oversub"), nf.ratio(f.worst_oversubscription, lang)),
            (ctx.t("fig_capex"), nf.money(c.capex, c.currency, lang)), (ctx.t("fig_power"), nf.watts(c.power_w, lang)),
            (ctx.t("fig_tco", years=c.tco_years), nf.money(c.tco, c.currency, lang))]
    r = ctx.runs.drawn
    if r:
        if r.get("step_time_s") is not None:
            rows.append((ctx.t("fig_step"), nf.seconds(r["step_time_s"], lang)))
            if r.get("gpu_utilization") is not None:
                rows.append((ctx.t("fig_gpu_util"), nf.percent(r["gpu_utilization"], 1, lang)))
        else:
            rows.append((ctx.t("fig_completion"), nf.seconds(r.get("completion_time_s"), lang)))
        if r.get("busbw_gbps"):
            rows.append((ctx.t("fig_busbw"), nf.gbps(r["busbw_gbps"], lang)))
        p99 = (r.get("latency_us") or {}).get("p99")
        if p99 is not None:
            rows.append((ctx.t("fig_p99"), nf.micros(p99, lang)))
    return rows


def drawn_caption(ctx: ProposalContext) -> str:
    """What the key figures are of: the design as drawn (its protocol), healthy, with these workloads."""
    if ctx.advisor is not None:
        return ctx.t("sum_figures_caption_advisor")
    proto = ctx.drawn_protocol
    what = ctx.t("drawn_hybrid") if proto == "hybrid" else protocol_name(proto)
    return ctx.t("sum_figures_caption", protocol=what)


def build(ctx: ProposalContext) -> list[Flowable]:
    s = ctx.styles
    out = section(ctx, "sec_summary")
    first, why, design = answer_sentences(ctx)
    out.append(Paragraph(user_text(first), s.callout))
    if ctx.advisor is not None and ctx.recommendation.chosen is None:
        return out + [body(ctx, why)]      # no candidate is described: its figures would read as recommended
    out.append(body(ctx, why + then(ctx, design)))
    out.append(Paragraph(user_text(ctx.t("sum_key_figures")), s.h2))
    out.append(note(ctx, drawn_caption(ctx)))
    out.append(key_value_table(s, key_figures(ctx), (ctx.width * 0.62, ctx.width * 0.38)))
    return out
