"""Across sites: the sites and the long-haul links between them, what the distance asks of flow control, and whether
training across the sites is viable for the workload (designer/analysis/cross_site.py). Shown only for a design with
sites and long-haul links."""

from __future__ import annotations

from typing import Any

from reportlab.platypus import Flowable

from designer.analysis.cross_site import cross_site_advice
from designer.i18n import number_format as nf
from designer.i18n import render_finding
from designer.report.context import ProposalContext
from designer.report.products import product_name
from designer.report.sections.common import body, bullets, note, section
from designer.report.styles import data_table
from designer.topology.site_names import shown_site_name


def build(ctx: ProposalContext) -> list[Flowable]:
    doc = ctx.doc
    if not doc.sites or not doc.long_haul:
        return []
    out = section(ctx, "sec_sites")
    gpus = doc.gpus_by_site()
    names = ctx.t("list_sep").join(ctx.t("sites_one", site=shown_site_name(s.display_name, ctx.language),
                                         gpus=f"{gpus.get(s.id, 0):,}") for s in doc.sites)
    out.append(body(ctx, ctx.t("sites_intro", n=len(doc.sites), sites=names)))
    for lh in doc.long_haul:
        optics = product_name(ctx.catalog, "optics", lh.optics, ctx.language) if lh.optics else "–"
        key = "sites_bundle.one" if lh.count == 1 and ctx.has("sites_bundle.one") else "sites_bundle"
        out.append(body(ctx, ctx.t(key, count=lh.count, gbps=f"{lh.capacity_gbps:g}",
                                   km=f"{lh.distance_km:,g}", ms=f"{lh.one_way_us / 1000:.3g}",
                                   equipment=product_name(ctx.catalog, "gateway", lh.equipment, ctx.language),
                                   optics=optics)))
    found = [f for f in ctx.findings if f.rule.startswith("long-haul")]
    if found:
        out += bullets(ctx, [render_finding(f, ctx.language) for f in found])
    else:
        out.append(body(ctx, ctx.t("sites_checks_clean")))
    return out + _training(ctx)


def _training(ctx: ProposalContext) -> list[Flowable]:
    """The inside-site and cross-site figures of the first training run that crossed the sites, and the verdict."""
    runs = ctx.runs.drawn or {}
    w: dict[str, Any] | None = next((w for w in runs.get("workloads", []) if w.get("cross_site_s") is not None), None)
    if w is None:
        return [note(ctx, ctx.t("sites_no_run"))]
    lang = ctx.language
    pipeline = w.get("pp_distance_s") is not None       # the pipeline, not data parallelism, crosses the sites
    rows = [[ctx.t("sites_row_bytes"), f"{w['inside_site_bytes'] / 1e9:,.1f} GB",
             f"{w['cross_site_bytes'] / 1e9:,.1f} GB"],
            [ctx.t("sites_row_time_pp" if pipeline else "sites_row_time"),
             nf.seconds(w.get("pp_inside_site_s" if pipeline else "dp_inside_site_s"), lang),
             nf.seconds(w["cross_site_s"], lang)]]
    if pipeline:
        rows.append([ctx.t("sites_row_bubble_pp"), "–", nf.seconds(w["pp_distance_s"], lang)])
    rows.append([ctx.t("sites_row_exposed"), "–", nf.seconds(w.get("cross_site_exposed_s"), lang)])
    table = data_table(ctx.styles, [ctx.t("col_metric"), ctx.t("sites_col_inside"), ctx.t("sites_col_across")], rows,
                       [ctx.width * 0.5, ctx.width * 0.25, ctx.width * 0.25], numeric={1, 2})
    advice = cross_site_advice(ctx.doc, w)
    intro = []
    if pipeline and w.get("pp_round_trips"):
        one_way = w["pp_distance_s"] / w["pp_round_trips"]
        intro = [body(ctx, ctx.t("sites_pp_intro", m=w.get("micro_batches"), ms=f"{one_way * 1e3:.3g}",
                                 trips=w["pp_round_trips"]))]
    verdict = [body(ctx, ctx.t("sites_verdict", text=advice.render(lang)))] if advice is not None else []
    return intro + [table] + verdict
