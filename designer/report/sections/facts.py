"""Design facts: tiers and devices, oversubscription per tier, bisection bandwidth, cables and reaches, segments."""

from __future__ import annotations

from reportlab.platypus import Flowable, Paragraph

from designer.i18n import number_format as nf
from designer.report.context import ProposalContext
from designer.report.styles import data_table, user_text


def _segment_settings(ctx: ProposalContext, seg) -> str:
    """The segment's key protocol settings in one line, in the proposal's language."""
    def on_off(flag: bool) -> str:
        return ctx.t("facts_on" if flag else "facts_off")

    if seg.protocol == "ib":
        ib = seg.ib
        return ctx.t("facts_ib_settings", engine=ib.routing_engine, ar=on_off(ib.adaptive_routing),
                     vls=ib.virtual_lanes, mtu=ib.mtu_bytes)
    r = seg.rocev2
    return ctx.t("facts_roce_settings", pfc=on_off(r.pfc), xoff=f"{r.xoff_kb:g}", ecn=on_off(r.ecn),
                 kmin=f"{r.kmin_kb:g}", kmax=f"{r.kmax_kb:g}", dcqcn=on_off(r.dcqcn), lb=r.load_balancing.upper(),
                 qps=r.qps)


def build(ctx: ProposalContext) -> list[Flowable]:
    s, f, w = ctx.styles, ctx.facts, ctx.width
    out: list[Flowable] = [Paragraph(user_text(ctx.t("sec_facts")), s.h1),
                           Paragraph(user_text(ctx.t("facts_tiers")), s.h2)]
    rows = []
    for t in f.tiers:
        models = ", ".join(f"{n}× {m}" for m, n in sorted(t.models.items()))
        rows.append([ctx.t(f"tier_{t.tier}"), f"{t.devices:,}", models, f"{t.ports_used:,}",
                     nf.ratio(t.oversubscription, ctx.language)])
    out.append(data_table(s, [ctx.t("col_tier"), ctx.t("col_devices"), ctx.t("col_models"), ctx.t("col_ports"),
                              ctx.t("col_oversub")], rows, [w * 0.16, w * 0.11, w * 0.43, w * 0.13, w * 0.17],
                          numeric={1, 3, 4}))
    bisection = nf.gbps(f.bisection_gbps, ctx.language)
    out.append(Paragraph(user_text(ctx.t("facts_bisection", value=bisection)), s.body))
    out.append(Paragraph(user_text(ctx.t("facts_links")), s.h2))
    rows = []
    for c in f.cables:
        length = f"{c.min_length_m:g}" if c.min_length_m == c.max_length_m else f"{c.min_length_m:g}–{c.max_length_m:g}"
        plane = ctx.t("legend_frontend") if c.plane == "frontend" else ctx.t("legend_backend").split(" (")[0]
        rows.append([plane, c.cable.upper() if c.cable != "optics" else "Optics", f"{c.speed_gbps:g}G",
                     f"{c.count:,}", length, "–" if c.max_reach_m is None else f"{c.max_reach_m:g}"])
    out.append(data_table(s, [ctx.t("col_plane"), ctx.t("col_cable"), ctx.t("col_speed"), ctx.t("col_count"),
                              ctx.t("col_length"), ctx.t("col_reach")], rows,
                          [w * 0.26, w * 0.14, w * 0.12, w * 0.14, w * 0.17, w * 0.17], numeric={2, 3, 4, 5}))
    if f.over_reach_links:
        out.append(Paragraph(user_text(ctx.t("facts_reach_warning", count=f.over_reach_links)), s.body))
    if ctx.doc.segments:
        out.append(Paragraph(user_text(ctx.t("facts_segments")), s.h2))
        rows = [[seg.name or seg.id, "InfiniBand" if seg.protocol == "ib" else "RoCEv2", f"{len(seg.nodes):,}",
                 _segment_settings(ctx, seg)] for seg in ctx.doc.segments.values()]
        out.append(data_table(s, [ctx.t("col_segment"), ctx.t("col_protocol"), ctx.t("col_nodes"),
                                  ctx.t("col_settings")], rows, [w * 0.2, w * 0.14, w * 0.1, w * 0.56],
                              numeric={2}))
    return out
