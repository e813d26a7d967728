"""Design facts: tiers and devices (product names), oversubscription per tier, bisection bandwidth, cables and
reaches, and the back-end segments with the settings they run."""

from __future__ import annotations

from reportlab.platypus import Flowable

from designer.analysis.settings_presets import CUSTOM, segment_preset
from designer.i18n import number_format as nf
from designer.report.context import ProposalContext
from designer.report.design_facts import LEASED, LONG_HAUL
from designer.report.sections.common import body, count, note, protocol_name, section, subsection
from designer.report.styles import data_table
from designer.topology.segment_names import shown_name

CABLE_KEYS = {"dac": "cable_dac", "aoc": "cable_aoc", "optics": "cable_optics", LEASED: "cable_leased"}
PLANE_KEYS = {"backend": "plane_backend", "frontend": "plane_frontend", LONG_HAUL: "plane_long_haul"}


def effective_segment(ctx: ProposalContext, seg):
    """The segment with the values its preset gives on its hardware (as stored when it has no preset)."""
    preset = segment_preset(seg)
    if preset == CUSTOM:
        return seg
    try:
        from designer.topology.presets import apply_preset
    except ImportError:          # an engine without presets runs the stored values
        return seg
    return apply_preset(ctx.doc, seg, preset, ctx.catalog)


def segment_settings(ctx: ProposalContext, seg) -> str:
    """The segment's key protocol settings in one line, in the proposal's language."""
    def on_off(flag: bool) -> str:
        return ctx.t("facts_on" if flag else "facts_off")

    seg = effective_segment(ctx, seg)
    if seg.protocol == "ib":
        ib = seg.ib
        return ctx.t("facts_ib_settings", engine=ctx.t(f"engine_{ib.routing_engine}"), ar=on_off(ib.adaptive_routing),
                     vls=ib.virtual_lanes, mtu=ib.mtu_bytes)
    r = seg.rocev2
    balancing = ctx.t("facts_spray") if r.load_balancing == "spray" else ctx.t("facts_ecmp")
    return ctx.t("facts_roce_settings", pfc=on_off(r.pfc), xoff=f"{r.xoff_kb:g}", ecn=on_off(r.ecn),
                 kmin=f"{r.kmin_kb:g}", kmax=f"{r.kmax_kb:g}", dcqcn=on_off(r.dcqcn), lb=balancing,
                 qps=count(ctx, "n_qps", r.qps))


def tier_rows(ctx: ProposalContext) -> list[list[str]]:
    rows = []
    for t in ctx.facts.tiers:
        kind = {"server": "server", "gateway": "gateway", "storage": "storage"}.get(t.tier, "switch")
        models = ctx.t("list_sep").join(f"{n:,} × {ctx.product(kind, m)}" for m, n in sorted(t.models.items()))
        rows.append([ctx.t(f"tier_{t.tier}"), f"{t.devices:,}", models, f"{t.ports_used:,}",
                     nf.ratio(t.oversubscription, ctx.language)])
    return rows


def cable_rows(ctx: ProposalContext) -> list[list[str]]:
    rows = []
    for c in ctx.facts.cables:
        length = f"{c.min_length_m:,g}" if c.min_length_m == c.max_length_m else \
            f"{c.min_length_m:,g}–{c.max_length_m:,g}"
        plane = ctx.t(PLANE_KEYS.get(c.plane, "plane_backend"))
        rows.append([plane, ctx.t(CABLE_KEYS.get(c.cable, "cable_other")), f"{c.speed_gbps:g}G", f"{c.count:,}",
                     length, "–" if c.max_reach_m is None else f"{c.max_reach_m:,g}"])
    return rows


def build(ctx: ProposalContext) -> list[Flowable]:
    s, f, w = ctx.styles, ctx.facts, ctx.width
    # the facts continue the Design section; on their own they open it
    out = [] if "topology" in ctx.options.ordered_sections() else section(ctx, "sec_topology")
    out += subsection(ctx, ctx.t("facts_tiers"))
    out.append(data_table(s, [ctx.t("col_tier"), ctx.t("col_devices"), ctx.t("col_models"), ctx.t("col_ports"),
                              ctx.t("col_oversub")], tier_rows(ctx), [w * 0.14, w * 0.10, w * 0.46, w * 0.13, w * 0.17],
                          numeric={1, 3, 4}))
    out.append(body(ctx, ctx.t("facts_bisection", value=nf.gbps(f.bisection_gbps, ctx.language))))
    out += subsection(ctx, ctx.t("facts_links"))
    out.append(data_table(s, [ctx.t("col_plane"), ctx.t("col_cable"), ctx.t("col_speed"), ctx.t("col_count"),
                              ctx.t("col_length"), ctx.t("col_reach")], cable_rows(ctx),
                          [w * 0.24, w * 0.16, w * 0.12, w * 0.14, w * 0.17, w * 0.17], numeric={2, 3, 4, 5}))
    if f.over_reach_links:
        out.append(body(ctx, count(ctx, "facts_reach_warning", f.over_reach_links)))
    if ctx.doc.segments:
        out += subsection(ctx, ctx.t("facts_segments"))
        rows = [[shown_name(seg.name or seg.id, ctx.language), protocol_name(seg.protocol), f"{len(seg.nodes):,}",
                 ctx.t(f"preset_{segment_preset(seg)}"), segment_settings(ctx, seg)]
                for seg in ctx.doc.segments.values()]
        out.append(data_table(s, [ctx.t("col_segment"), ctx.t("col_protocol"), ctx.t("col_nodes"),
                                  ctx.t("col_preset"), ctx.t("col_settings")], rows,
                              [w * 0.18, w * 0.12, w * 0.08, w * 0.14, w * 0.48], numeric={2}))
        out.append(note(ctx, ctx.t("facts_presets_note")))
    return out
