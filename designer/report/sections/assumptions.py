"""Assumptions and sources: cost assumptions, provenance classes, catalog models with sources, published figures."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path

from reportlab.platypus import Flowable, Paragraph

from designer.analysis.validation.status import recorded_status
from designer.catalog.loader import RESOURCES
from designer.catalog.models import Sourced
from designer.i18n import number_format as nf
from designer.report.context import ProposalContext
from designer.report.styles import data_table, key_value_table, user_text

# The published figures this proposal's fixed text and recommendation lean on, with their original sources
# and provenance class (docs/references.md lists each source in full).
PUBLISHED_FIGURES = (
    ("2-tier non-blocking fat tree of 64-port NDR switches: 2,048 endpoints",
     "radix arithmetic on the QM9700's 64 ports [E]"),
    ("Switch port-to-port latency: IB NDR ~130 ns; shallow-buffer Ethernet ~0.6–0.9 µs",
     "estimate from vendor figures and measurements [E]"),
    ("Measured IB verbs one-way latency 1.26 µs (1 hop), 1.70 µs (3 hops)", "UMD Zaratan latency note [M]"),
    ("RoCE base RTT at 400G: 5 µs (1 hop), 15 µs (5 hops)", "Barre, USENIX ATC'25 [P]"),
    ("Tuned RoCEv2 at 24,576 H100 GPUs equivalent to IB for GenAI training", "Meta, SIGCOMM'24 [P]"),
    ("E-ECMP with 16 QPs: +40 % AllReduce over ECMP", "Meta, SIGCOMM'24 [P]"),
    ("Network share of cluster hardware cost: 10–25 %", "Meta 24K-GPU BOM; consultants [P/S/M]"),
    ("NCCL busbw definitions: AllReduce 2(n−1)/n", "NVIDIA nccl-tests, PERFORMANCE.md [V]"),
)


def _provenance_classes() -> dict[str, str]:
    """The catalog's own legend of provenance classes (V, V*, P, M, S, E)."""
    try:
        data = json.loads((Path(RESOURCES) / "catalog.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    classes = data.get("provenance_classes")
    return classes if isinstance(classes, dict) else {}


def _model_record(ctx: ProposalContext, kind: str, model_id: str) -> Sourced | None:
    tables: dict[str, Mapping[str, Sourced]] = {
        "switch": ctx.catalog.switches, "server": ctx.catalog.servers, "nic": ctx.catalog.nics,
        "gateway": ctx.catalog.gateways, "storage": ctx.catalog.storage, "cable": ctx.catalog.cables,
        "optics": ctx.catalog.cables}
    return tables.get(kind, {}).get(model_id)


def build(ctx: ProposalContext) -> list[Flowable]:
    s, w, a = ctx.styles, ctx.width, ctx.doc.assumptions
    out: list[Flowable] = [Paragraph(user_text(ctx.t("sec_assumptions")), s.h1),
                           Paragraph(user_text(ctx.t("assump_intro")), s.body)]
    out.append(key_value_table(s, [
        (ctx.t("assump_currency"), ctx.currency),
        (ctx.t("assump_rate"), f"{a.cny_per_usd:g}"),
        (ctx.t("assump_electricity"), f"{a.electricity_per_kwh_usd:g}"),
        (ctx.t("assump_pue"), f"{a.pue:g}"),
        (ctx.t("assump_years"), f"{a.tco_years}"),
        (ctx.t("assump_support"), nf.percent(a.support_fraction_per_year, None, ctx.language)),
    ], (w * 0.7, w * 0.3)))
    classes = _provenance_classes()
    if classes:
        out.append(Paragraph(user_text(ctx.t("assump_provenance")), s.h2))
        out.append(data_table(s, ["", ""], [[k, v] for k, v in classes.items()], [w * 0.1, w * 0.9]))
    out.append(Paragraph(user_text(ctx.t("assump_catalog")), s.h2))
    rows = []
    for item in ctx.cost.items:
        record = _model_record(ctx, item.kind, item.model)
        if record is None:
            continue
        prov = ", ".join(f"{k}: {v}" for k, v in sorted(record.provenance.items())) or "–"
        rows.append([f"{item.model} ({item.description})", record.source or "–", prov])
    out.append(data_table(s, [ctx.t("col_model"), ctx.t("col_source"), ctx.t("col_class")], rows,
                          [w * 0.25, w * 0.42, w * 0.33]))
    status = recorded_status()
    if status:
        out.append(Paragraph(user_text(ctx.t("assump_validation_title")), s.h2))
        out.append(Paragraph(user_text(ctx.t("assump_validation", within=status["within_tolerance"],
                                              total=status["scenarios"], off=status["off"],
                                              unexpressed=status["not_expressed"])), s.body))
    out.append(Paragraph(user_text(ctx.t("assump_published")), s.h2))
    out.append(data_table(s, ["", ctx.t("col_source")], [list(r) for r in PUBLISHED_FIGURES], [w * 0.66, w * 0.34]))
    if ctx.doc.notes.strip():
        out.append(Paragraph(user_text(ctx.t("assump_notes")), s.h2))
        for para in ctx.doc.notes.strip().split("\n\n"):
            out.append(Paragraph(user_text(para).replace("\n", "<br/>"), s.body))
    return out
