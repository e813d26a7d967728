"""Appendix: the products this design uses, what each product's figures rest on (vendor specification, published
measurement, estimate), and the sources cited, numbered, with title, publisher and year."""

from __future__ import annotations

from reportlab.platypus import Flowable

from designer.analysis.settings_presets import RECOMMENDED, run_preset
from designer.report.context import ProposalContext
from designer.report.products import catalog_record, unconfirmed_part_number
from designer.report.sections.common import appendix, body, subsection
from designer.report.sources import (
    ACCEPTANCE_SOURCES,
    BIBLIOGRAPHY,
    CONSULTED,
    PRESET_SOURCES,
    cited,
    product_provenance,
    product_source_keys,
)
from designer.report.styles import data_table


def _products(ctx: ProposalContext) -> list[tuple[str, str, dict, tuple[str, ...]]]:
    """(kind, model id, provenance, source keys) of every priced item of the design as drawn, in bill order."""
    out = []
    for item in ctx.cost.items:
        record = catalog_record(ctx.catalog, item.kind, item.model)
        if record is not None:
            keys = product_source_keys(item.model, str(getattr(record, "source", "") or ""))
            out.append((item.kind, item.model, dict(getattr(record, "provenance", {}) or {}), keys))
    return out


def citation_keys(ctx: ProposalContext) -> list[str]:
    keys = [k for _kind, _model, _p, product_keys in _products(ctx) for k in product_keys]
    if any(run_preset(r) == RECOMMENDED for r in ctx.runs.compared.values()):
        keys += list(PRESET_SOURCES)
    if ctx.acceptance is not None:
        keys += list(ACCEPTANCE_SOURCES)
    return keys


def _basis(ctx: ProposalContext, provenance: dict, record: object = None) -> str:
    figures = [ctx.t("prov_item", figure=ctx.t(f"figure_{name}"), basis=ctx.t(f"prov_{cls}"))
               for name, cls in product_provenance(provenance)]
    basis = ctx.t("list_sep").join(figures) or ctx.t("prov_estimate")
    vendor = unconfirmed_part_number(record)
    return ctx.t("list_sep").join([basis, ctx.t("part_number_tbc", vendor=vendor)]) if vendor else basis


def source_text(ctx: ProposalContext, key: str) -> str:
    src = BIBLIOGRAPHY[key]
    year = str(src.year) if src.year is not None else ctx.t("source_online", year=CONSULTED)
    return ctx.t("source_entry", title=src.title, publisher=src.publisher, year=year)


def build(ctx: ProposalContext) -> list[Flowable]:
    s, w = ctx.styles, ctx.width
    numbers = cited(citation_keys(ctx))
    out = appendix(ctx, "sources", "sec_sources")
    out.append(body(ctx, ctx.t("prov_legend")))
    out += subsection(ctx, ctx.t("sources_products"))
    rows = []
    for kind, model, provenance, product_keys in _products(ctx):
        refs = ", ".join(f"[{numbers[k]}]" for k in product_keys if k in numbers) or "–"
        rows.append([ctx.product(kind, model), _basis(ctx, provenance, catalog_record(ctx.catalog, kind, model)),
                     refs])
    out.append(data_table(s, [ctx.t("col_product"), ctx.t("col_basis"), ctx.t("col_sources")], rows,
                          [w * 0.34, w * 0.52, w * 0.14]))
    if numbers:
        out += subsection(ctx, ctx.t("sources_list"))
        rows = [[f"[{n}]", source_text(ctx, key)] for key, n in numbers.items()]
        out.append(data_table(s, ["#", ctx.t("col_source")], rows, [w * 0.07, w * 0.93]))
    return out
