"""The recommendation: the options side by side (performance and cost of each protocol option, each simulated on
the design its price is for, or the advisor's candidates), the rule that ranked them, and the reasons, which cite
only what decided."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Paragraph, Spacer

from designer.analysis.recommendation import Option
from designer.i18n import number_format as nf
from designer.i18n import render
from designer.report.charts import bar_chart
from designer.report.context import ProposalContext
from designer.report.sections.common import (
    body,
    bullets,
    compared_settings,
    count,
    note,
    protocol_name,
    recommended_label,
    section,
    subsection,
    then,
)
from designer.report.styles import data_table, user_text
from designer.sim.long_haul import ib_long_haul_appliance
from designer.topology.leaf_shape import LeafShape, leaf_shape, leaf_sizes_differ


def capitalised(text: str) -> str:
    """A label starting a table cell: "Hybrid back-end as drawn …" (the sentences use it in lower case)."""
    return text[:1].upper() + text[1:]


def _budget_cell(ctx: ProposalContext, option: Option) -> str:
    fits = ctx.recommendation.within_budget(option.id)
    return "–" if fits is None else ctx.t("budget_within" if fits else "budget_over")


def option_rows(ctx: ProposalContext) -> list[list[str]]:
    """One row per option in rank order; the recommended one is marked."""
    rec, lang = ctx.recommendation, ctx.language
    rows = []
    for rank, o in enumerate(rec.options, start=1):
        mark = ctx.t("rec_mark") if o.id == rec.chosen else "" if o.buildable else ctx.t("rec_unbuildable_mark")
        time = nf.seconds(o.time_s, lang) if o.time_s is not None else "–"
        busbw = o.figures.get("busbw_gbps")
        rows.append([f"{rank}", capitalised(ctx.say(o.label)) + mark, time, nf.gbps(busbw, lang) if busbw else "–",
                     nf.micros(o.p99_us, lang) if o.p99_us is not None else "–", nf.money(o.capex, o.currency, lang),
                     nf.money(o.tco, o.currency, lang), _budget_cell(ctx, o)])
    return rows


def options_table(ctx: ProposalContext) -> Flowable:
    w = ctx.width
    header = ["#", ctx.t("col_option"), ctx.t("col_time"), ctx.t("col_busbw"), ctx.t("col_p99"), ctx.t("col_capex"),
              ctx.t("col_tco", years=ctx.cost.tco_years), ctx.t("col_budget")]
    widths = [0.04, 0.25, 0.09, 0.10, 0.11, 0.14, 0.19, 0.08]      # headers of both languages on one or two lines
    chosen = next((i for i, o in enumerate(ctx.recommendation.options) if o.id == ctx.recommendation.chosen), None)
    return data_table(ctx.styles, header, option_rows(ctx), [x * w for x in widths], numeric={0, 2, 3, 4, 5, 6},
                      highlight_rows={chosen} if chosen is not None else set())


def hardware_text(ctx: ProposalContext) -> str | None:
    """Which switches each protocol option uses (the same drawing, each protocol's own hardware)."""
    parts = []
    shapes: dict[str, LeafShape | None] = {}
    for key in ("ib", "rocev2"):
        variant = ctx.variants.get(key)
        if variant is None or not any(o.id == key for o in ctx.recommendation.options):
            continue
        models = sorted({n.model for n in variant.doc.nodes.values() if n.kind == "switch" and n.role != "frontend"})
        names = ctx.t("list_sep").join(ctx.product("switch", m) for m in models)
        shape = shapes[key] = leaf_shape(variant.doc)
        item = ctx.t("rec_hardware_item", protocol=ctx.say(ctx.recommendation.option(key).label), models=names)
        parts.append(item + (ctx.t("rec_hardware_shape", shape=shape_text(ctx, shape)) if shape else ""))
    if not parts:
        return None
    text = ctx.t("rec_hardware", items=ctx.t("list_items_sep").join(parts)) + _leaf_shapes_differ(ctx, shapes)
    overfull = sorted({n for v in ctx.variants.values() for n in v.overfull})
    if overfull:
        units = sum(v.overfull_units for v in ctx.variants.values())
        text += then(ctx, ctx.t("rec_overfull", n=len(overfull), units=f"{units:,}"))
    return text + _long_haul_text(ctx) + _joined_text(ctx)


def shape_text(ctx: ProposalContext, shape: LeafShape) -> str:
    """ "13 leaf switches of up to 5 servers (40 ports down, 20 up) under 5 spine switches"."""
    above = [count(ctx, f"n_{tier}_switches", shape.switches[tier]) for tier in ("spine", "core")
             if shape.switches[tier]]
    if shape.single:                                      # one switch holds the fabric
        return ctx.t("shape_single", servers=count(ctx, "n_servers", shape.servers), down=f"{shape.endpoint_ports:,}")
    return ctx.t("shape_leaves" if above else "shape_leaves_alone",
                 leaves=count(ctx, "n_leaf_switches", shape.switches["leaf"]),
                 servers=count(ctx, "n_servers", shape.servers), down=f"{shape.endpoint_ports:,}",
                 up=f"{shape.uplinks:,}", above=ctx.t("list_and").join(above))


def _leaf_shapes_differ(ctx: ProposalContext, shapes: dict[str, LeafShape | None]) -> str:
    """Why two options at one oversubscription may still differ for their switches' sake: where both protocols'
    leaves are oversubscribed and one reaches more servers, less of a collective's traffic leaves it
    (designer/topology/leaf_shape.py)."""
    differ = leaf_sizes_differ(shapes)
    if differ is None:
        return ""
    more, fewer = differ
    many, few = (shapes[k] for k in differ)
    return then(ctx, ctx.t("rec_leaf_shapes", more=protocol_name(more), fewer=protocol_name(fewer),
                           many=f"{many.servers:,}" if many else "", few=f"{few.servers:,}" if few else ""))


def _joined_text(ctx: ProposalContext) -> str:
    """A hybrid drawing's single-protocol options: its pods one fabric, no gateways between them."""
    if ctx.drawn_protocol != "hybrid":
        return ""
    drawn = sum(1 for n in ctx.doc.nodes.values() if n.kind == "gateway")
    left = [sum(1 for n in v.doc.nodes.values() if n.kind == "gateway")
            for key, v in ctx.variants.items() if key != "drawn"]
    return then(ctx, ctx.t("rec_joined_pods")) if left and max(left) < drawn else ""


def not_buildable_text(ctx: ProposalContext) -> str | None:
    """Why the InfiniBand option is not buildable across the sites' distance (None: it is)."""
    variant = ctx.variants.get("ib")
    if variant is None or not variant.beyond_reach_km or not any(o.id == "ib" for o in ctx.recommendation.options):
        return None
    appliance = ib_long_haul_appliance(ctx.catalog)
    model = ctx.product("gateway", appliance.id) if appliance else "MetroX"
    return ctx.t("rec_not_buildable", km=f"{variant.beyond_reach_km:,.0f}", model=model,
                 reach=f"{appliance.max_reach_km:,.0f}" if appliance else "40")


def _long_haul_text(ctx: ProposalContext) -> str:
    """Each protocol option's long-haul equipment where it differs from the drawing's: the InfiniBand option's
    appliances in the DCI routers' place, the RoCEv2 option's DCI routers in the appliances' place, with the links
    they carry (designer/analysis/long_haul_options.py)."""
    drawn = {n.model for n in ctx.doc.nodes.values() if n.kind == "gateway"}
    out = ""
    for key in ("ib", "rocev2"):
        variant = ctx.variants.get(key)
        if variant is None or not any(o.id == key for o in ctx.recommendation.options):
            continue
        swapped = [n for n in variant.doc.nodes.values() if n.kind == "gateway" and n.model not in drawn]
        if not swapped:
            continue
        bundles = [lh for lh in variant.doc.long_haul if lh.equipment == swapped[0].model]
        links = sum(lh.count for lh in bundles)
        gbps = bundles[0].capacity_gbps if bundles else 0.0
        model = ctx.product("gateway", swapped[0].model)
        out += then(ctx, ctx.t(f"rec_long_haul_{key}", n=f"{len(swapped):,}", model=model, links=f"{links:,}",
                               gbps=f"{gbps:g}"))
    return out


def _short(ctx: ProposalContext, option: Option) -> str:
    """The label under a chart bar: "IB 1:1", "RoCE rail 2:1" (advisor candidates)."""
    c = ctx.advisor.candidates[option.id]
    rail = {"rail-optimized": render("advisor.short.rail", ctx.language),
            "rail-only": render("advisor.short.rail_only", ctx.language),
            "multi-plane": render("advisor.short.planes", ctx.language, planes=c.spec.planes)}.get(c.spec.kind, "")
    if c.spec.nic_model:
        rail += render("advisor.short.spectrum_x", ctx.language)
    return render("advisor.short", ctx.language, protocol=render(f"advisor.short.{c.protocol}", ctx.language),
                  rail=rail, ratio=f"{c.spec.oversubscription:g}")


def candidates_chart(ctx: ProposalContext) -> list[Flowable]:
    """Each candidate's speed and cost relative to the best (100 = the fastest / the lowest TCO)."""
    options = [o for o in ctx.recommendation.options if o.time_s]
    if len(options) < 2:
        return []
    best_t = min(o.time_s or 0.0 for o in options)
    best_c = min(o.tco for o in options)
    series = {ctx.t("chart_series_speed"): [100 * best_t / (o.time_s or best_t) for o in options],
              ctx.t("chart_series_cost"): [100 * best_c / o.tco for o in options]}
    chart = bar_chart("", [_short(ctx, o) for o in options], series, ctx.styles.fonts.regular, width=ctx.width,
                      height=170, value_format="{:.0f}", value_max=100.0)
    out = subsection(ctx, ctx.t("chart_candidates"), room=chart.height + 12 * mm)   # the heading goes with it
    return out + [chart, Spacer(1, 2 * mm), note(ctx, ctx.t("chart_candidates_note"))]


def build(ctx: ProposalContext) -> list[Flowable]:
    s, rec = ctx.styles, ctx.recommendation
    out = section(ctx, "sec_recommendation")
    callout = ctx.t("rec_callout", label=recommended_label(ctx)) if rec.chosen else rec.headline(ctx.language)
    out.append(Paragraph(user_text(callout), s.callout))
    if ctx.advisor is None:
        key = "rec_intro_single" if len(rec.options) < 2 else (
            "rec_intro_compare_hybrid" if ctx.drawn_protocol == "hybrid" else "rec_intro_compare")
        compared = ctx.runs.compared and len(rec.options) > 1
        settings = then(ctx, compared_settings(ctx, 'sim_compare')) if compared else ""
        out.append(body(ctx, ctx.t(key) + settings))
    else:
        out.append(body(ctx, ctx.t("rec_intro_advisor", count=len(rec.options))))
    out.append(options_table(ctx))
    hardware = hardware_text(ctx) if ctx.advisor is None else None
    if hardware:
        out.append(note(ctx, hardware))
    unbuildable = not_buildable_text(ctx) if ctx.advisor is None else None
    if unbuildable:
        out.append(body(ctx, unbuildable))
    if ctx.advisor is not None:
        out += candidates_chart(ctx)
    out += subsection(ctx, ctx.t("rec_how"))
    out.append(body(ctx, rec.rule(ctx.language)))
    if rec.chosen is None:                  # the callout above says that nothing fits and what the cheapest costs
        return out
    out += subsection(ctx, ctx.t("rec_why"))
    given = ctx.advisor.reason_texts(ctx.language) if ctx.advisor is not None else rec.reasons(ctx.language)
    out += bullets(ctx, given or [ctx.t("rec_only_option", label=recommended_label(ctx))])
    alternatives = ctx.advisor.alternative_texts(ctx.language) if ctx.advisor is not None else []
    across = getattr(ctx.advisor, "site", None) is not None
    if alternatives:                        # why the advisor weighed or left out each, and how it fared
        out += subsection(ctx, ctx.t("rec_alternatives_sites" if across else "rec_alternatives"))
        out += bullets(ctx, alternatives)
    return out + (across_sites(ctx) if across else [])


def across_sites(ctx: ProposalContext) -> list[Flowable]:
    """The advisor across two sites: each candidate's verdict on training across them, and the workload it chose."""
    out = subsection(ctx, ctx.t("rec_across_sites"))
    out += [note(ctx, text) for text in ctx.advisor.note_texts(ctx.language)]
    return out + bullets(ctx, [ctx.t("rec_across_sites_item", label=capitalised(label), text=text)
                               for label, text in ctx.advisor.cross_site_texts(ctx.language)])
