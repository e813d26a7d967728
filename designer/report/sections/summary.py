"""Executive summary: the design in two sentences, the headline figures, the recommendation and its reasons."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Paragraph, Spacer

from designer.i18n import number_format as nf
from designer.report.context import ProposalContext
from designer.report.styles import key_value_table, user_text

PROTOCOL_NAMES = {"ib": "InfiniBand", "rocev2": "RoCEv2"}


def protocol_label(ctx: ProposalContext, key: str) -> str:
    """'InfiniBand', 'RoCEv2', or the design's own protocols ('drawn') in the proposal's language."""
    return ctx.t("proto_drawn") if key == "drawn" else PROTOCOL_NAMES.get(key, key)


def design_sentences(ctx: ProposalContext) -> str:
    """Two sentences that say what the design is, from its own counts."""
    f = ctx.facts
    tiers = f.backend_tiers
    tier_list = ctx.t("list_sep").join(ctx.t(f"tier_{t}").lower() for t in tiers) or "–"
    segments = list(ctx.doc.segments.values())
    protocols = sorted({s.protocol for s in segments})
    if len(protocols) == 1:
        backend = ctx.t("sum_backend_one", protocol=protocol_label(ctx, protocols[0]))
    elif protocols:
        backend = ctx.t("sum_backend_hybrid", n=len(segments),
                        protocols=ctx.t("list_sep").join(ctx.t("segment_protocol", segment=s.name or s.id,
                                                                 protocol=protocol_label(ctx, s.protocol))
                                                           for s in segments))
    else:
        backend = ctx.t("sum_backend_one", protocol="Ethernet")
    first = ctx.t("sum_design", gpus=f"{f.gpus:,}", servers=f"{f.servers:,}", switches=f"{f.backend_switches:,}",
                  tiers=len(tiers), tier_list=tier_list, backend=backend)
    second = (ctx.t("sum_design_frontend", fe_switches=f.frontend_switches) if f.frontend_switches
              else ctx.t("sum_design_nofrontend"))
    return f"{first} {second}"


def headline_rows(ctx: ProposalContext) -> list[tuple[str, str]]:
    f, c, lang = ctx.facts, ctx.cost, ctx.language
    rows = [
        (ctx.t("fig_gpus"), f"{f.gpus:,}"),
        (ctx.t("fig_switches"), f"{f.switches:,}"),
        (ctx.t("fig_links"), f"{f.links:,}"),
        (ctx.t("fig_bisection"), nf.gbps(f.bisection_gbps, lang)),
        (ctx.t("fig_oversub"), nf.ratio(f.worst_oversubscription, lang)),
        (ctx.t("fig_capex"), nf.money(c.capex, c.currency, lang)),
        (ctx.t("fig_power"), nf.watts(c.power_w, lang)),
        (ctx.t("fig_tco", years=c.tco_years), nf.money(c.tco, c.currency, lang)),
    ]
    for proto, result in ctx.results.items():
        name = protocol_label(ctx, proto)
        if result.get("busbw_gbps"):
            rows.append((ctx.t("fig_busbw", protocol=name), nf.gbps(result["busbw_gbps"], lang)))
        else:
            rows.append((ctx.t("fig_completion", protocol=name), nf.seconds(result.get("completion_time_s"), lang)))
        p99 = (result.get("latency_us") or {}).get("p99")
        if p99 is not None:
            rows.append((ctx.t("fig_p99", protocol=name), nf.micros(p99, lang)))
    return rows


def build(ctx: ProposalContext) -> list[Flowable]:
    s = ctx.styles
    rec = ctx.recommendation
    out: list[Flowable] = [Paragraph(user_text(ctx.t("sec_summary")), s.h1),
                           Paragraph(user_text(design_sentences(ctx)), s.body),
                           Paragraph(user_text(ctx.t("headline")), s.h2),
                           key_value_table(s, headline_rows(ctx), (ctx.width * 0.62, ctx.width * 0.38)),
                           Spacer(1, 4 * mm),
                           Paragraph(user_text(ctx.t("recommendation")), s.h2),
                           Paragraph(user_text(ctx.t("rec_intro", choice=ctx.t(f"rec_choice_{rec.choice}"))),
                                     s.callout),
                           Paragraph(user_text(ctx.t("rec_reasons")), s.body)]
    for reason in rec.reasons:
        mark = {"ib": "IB", "rocev2": "RoCE", "neutral": "–"}[reason.favours]
        out.append(Paragraph(f"{user_text(reason.text(ctx.language))} <font color='#616E7C'>[{mark}]</font>", s.bullet,
                             bulletText="•"))
    return out
