"""Simulation results: the workloads, a table of headline figures per protocol, and vector charts."""

from __future__ import annotations

from typing import Any

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepTogether, Paragraph, Spacer, Table, TableStyle

from designer.i18n import number_format as nf
from designer.report.charts import bar_chart
from designer.report.context import ProposalContext
from designer.report.sections.summary import protocol_label
from designer.report.strings import tr
from designer.report.styles import data_table, user_text

# (label key, formatter of the result dict in a language); rows whose value is null in every result are left out
METRICS = (
    ("sim_completion", lambda r, lang: nf.seconds(r.get("completion_time_s"), lang)),
    ("sim_algbw", lambda r, lang: nf.gbps(r.get("algbw_gbps"), lang) if r.get("algbw_gbps") is not None else None),
    ("sim_busbw", lambda r, lang: nf.gbps(r.get("busbw_gbps"), lang) if r.get("busbw_gbps") is not None else None),
    ("sim_goodput", lambda r, lang: nf.gbps(r.get("goodput_gbps"), lang)),
    ("sim_throughput", lambda r, lang: nf.percent(r.get("throughput_fraction"), 1, lang)),
    ("sim_p50", lambda r, lang: nf.micros((r.get("latency_us") or {}).get("p50"), lang)),
    ("sim_p99", lambda r, lang: nf.micros((r.get("latency_us") or {}).get("p99"), lang)),
    ("sim_p999", lambda r, lang: nf.micros((r.get("latency_us") or {}).get("p999"), lang)),
    ("sim_max", lambda r, lang: nf.micros((r.get("latency_us") or {}).get("max"), lang)),
    ("sim_util_mean", lambda r, lang: nf.percent((r.get("link_utilization") or {}).get("mean"), 1, lang)),
    ("sim_util_max", lambda r, lang: nf.percent((r.get("link_utilization") or {}).get("max"), 1, lang)),
    ("sim_pfc", lambda r, lang: nf.percent(r.get("pfc_pause_fraction"), 2, lang)),
    ("sim_ecn", lambda r, lang: nf.percent(r.get("ecn_mark_fraction"), 2, lang)),
    ("sim_credit", lambda r, lang: nf.percent(r.get("credit_stall_fraction"), 2, lang)),
    ("sim_dropped", lambda r, lang: nf.bytes_count(r.get("dropped_bytes"), lang)),
    ("sim_step", lambda r, lang: nf.seconds(r["step_time_s"], lang) if r.get("step_time_s") is not None else None),
    ("sim_gpu_util", lambda r, lang: (nf.percent(r["gpu_utilization"], 1, lang)
                                      if r.get("gpu_utilization") is not None else None)),
)


def _comparison(results: dict[str, dict], language: str = "en") -> tuple[list[str], dict[str, list[float]]]:
    """Each protocol's figure as a percentage of the better one (higher-is-better after inversion of times)."""
    checks = (("chart_cat_speed", "completion_time_s", False), ("chart_cat_goodput", "goodput_gbps", True),
              ("chart_cat_p99", None, False), ("chart_cat_util", None, True))
    cats: list[str] = []
    series: dict[str, list[float]] = {p: [] for p in results}
    for label, key, higher_better in checks:
        values: dict[str, Any] = {}
        for p, r in results.items():
            if key is not None:
                v = r.get(key)
            elif label == "chart_cat_p99":
                v = (r.get("latency_us") or {}).get("p99")
            else:
                v = (r.get("link_utilization") or {}).get("mean")
            values[p] = v
        if any(v is None or v <= 0 for v in values.values()):
            continue
        best = max(values.values()) if higher_better else min(values.values())
        cats.append(tr(label, language))
        for p, v in values.items():
            series[p].append(100.0 * (v / best if higher_better else best / v))
    return cats, series


def _workload_rows(ctx: ProposalContext, protos: list[str]) -> list[list[str]]:
    """Per workload: its completion (or step) time, then busbw for collectives or GPU utilization for training."""
    # a result saved with the design lists only the specs (strings): it has no per-workload figures
    per = {p: [e for e in ctx.results[p].get("workloads") or [] if isinstance(e, dict)] for p in protos}
    count = min(len(v) for v in per.values())
    rows: list[list[str]] = []
    lang = ctx.language
    for i in range(count):
        entries = [per[p][i] for p in protos]
        spec = str(entries[0].get("spec") or entries[0].get("kind") or "?")
        rows.append([spec, ctx.t("sim_completion")] + [nf.seconds(e.get("completion_time_s"), lang) for e in entries])
        if any(e.get("busbw_gbps") is not None for e in entries):
            rows.append(["", ctx.t("sim_busbw")] + [nf.gbps(e.get("busbw_gbps"), lang) for e in entries])
        if any(e.get("gpu_utilization") is not None for e in entries):
            rows.append(["", ctx.t("sim_gpu_util")] + [nf.percent(e.get("gpu_utilization"), 1, lang) for e in entries])
        if any((e.get("latency_us") or {}).get("p99") is not None for e in entries):
            rows.append(["", ctx.t("sim_p99")] + [nf.micros((e.get("latency_us") or {}).get("p99"), lang)
                                                  for e in entries])
    return rows


def introduction(ctx: ProposalContext) -> str:
    """Which workloads were run, how, and where the figures come from (default, requested or saved)."""
    workloads = ", ".join(ctx.workloads) or "–"
    key = {"default": "sim_intro_default", "saved": "sim_intro_saved"}.get(ctx.results_origin, "sim_intro")
    text = ctx.t(key, workloads=workloads)
    if {"ib", "rocev2"} <= set(ctx.results):
        text += " " + ctx.t("sim_intro_compare")
    return text


def reading(ctx: ProposalContext) -> str | None:
    """One or two sentences that read the comparison: which protocol finishes first, by how much, and the
    congestion signals (PFC pauses, credit stalls, drops) that explain a tail."""
    if not {"ib", "rocev2"} <= set(ctx.results):
        return None
    ib, roce = ctx.results["ib"], ctx.results["rocev2"]
    t_ib, t_roce = ib.get("completion_time_s"), roce.get("completion_time_s")
    if not t_ib or not t_roce:
        return None
    faster, slower = ("ib", "rocev2") if t_ib <= t_roce else ("rocev2", "ib")
    ratio = max(t_ib, t_roce) / min(t_ib, t_roce)
    lang = ctx.language
    key = "sim_read_same" if ratio < 1.02 else "sim_read_faster"
    longer = (ctx.t("sim_longer_pct", pct=nf.percent(ratio - 1, 0, lang)) if ratio < 2
              else ctx.t("sim_longer_times", times=f"{ratio:.1f}"))
    text = ctx.t(key, faster=protocol_label(ctx, faster), slower=protocol_label(ctx, slower),
                 t_ib=nf.seconds(t_ib, lang), t_roce=nf.seconds(t_roce, lang), longer=longer)
    tf_ib, tf_roce = ib.get("throughput_fraction"), roce.get("throughput_fraction")
    if tf_ib is not None and tf_roce is not None:
        text += " " + ctx.t("sim_read_ideal", ib=nf.percent(tf_ib, 1, lang), roce=nf.percent(tf_roce, 1, lang))
    text += " " + ctx.t("sim_read_signals", pfc=nf.percent(roce.get("pfc_pause_fraction"), 2, lang),
                        credit=nf.percent(ib.get("credit_stall_fraction"), 2, lang),
                        ecn=nf.percent(roce.get("ecn_mark_fraction"), 2, lang))
    return text


def build(ctx: ProposalContext) -> list[Flowable]:
    s, w = ctx.styles, ctx.width
    out: list[Flowable] = [Paragraph(user_text(ctx.t("sec_simulation")), s.h1)]
    results = ctx.results
    if not results:
        return out + [Paragraph(user_text(ctx.t("sim_none")), s.body)]
    out.append(Paragraph(user_text(introduction(ctx)), s.body))
    read = reading(ctx)
    if read:
        out.append(Paragraph(user_text(read), s.body))
    protos = list(results)
    proto_names = [protocol_label(ctx, p) for p in protos]
    rows = []
    for key, fmt in METRICS:
        cells = [fmt(results[p], ctx.language) for p in protos]
        if all(c is None for c in cells):
            continue
        rows.append([ctx.t(key)] + [c if c is not None else "–" for c in cells])
    out.append(Paragraph(user_text(ctx.t("sim_headline")), s.h2))
    col = (w * 0.55) / len(protos)
    out.append(data_table(s, [ctx.t("col_metric")] + proto_names, rows,
                          [w * 0.45] + [col] * len(protos), numeric=set(range(1, len(protos) + 1))))
    per_workload = _workload_rows(ctx, protos)
    if len({r[0] for r in per_workload if r[0]}) > 1 or any(r[1] == ctx.t("sim_gpu_util") for r in per_workload):
        col = (w * 0.40) / len(protos)
        out.append(KeepTogether([
            Paragraph(user_text(ctx.t("sim_per_workload")), s.h2),
            data_table(s, [ctx.t("col_workload"), ctx.t("col_metric")] + proto_names, per_workload,
                       [w * 0.30, w * 0.30] + [col] * len(protos), numeric=set(range(2, len(protos) + 2)))]))
    out.append(Spacer(1, 3 * mm))
    font = s.fonts.regular
    half = (w - 10) / 2
    latency = {p: [float((results[p].get("latency_us") or {}).get(k) or 0.0) for k in ("p50", "p99", "p999", "max")]
               for p in protos}
    util = {p: [100 * float((results[p].get("link_utilization") or {}).get(k) or 0.0) for k in ("mean", "max")]
            for p in protos}
    charts = [bar_chart(ctx.t("chart_latency"), ["p50", "p99", "p99.9", ctx.t("chart_cat_max")], latency, font,
                        width=half),
              bar_chart(ctx.t("chart_util"), [ctx.t("chart_cat_mean"), ctx.t("chart_cat_max")], util, font,
                        width=half, value_format="{:.0f}", value_max=100.0)]
    grid = Table([charts], colWidths=[half + 5, half + 5])
    grid.setStyle(TableStyle([("LEFTPADDING", (0, 0), (-1, -1), 0), ("VALIGN", (0, 0), (-1, -1), "TOP")]))
    out.append(KeepTogether([Paragraph(user_text(ctx.t("sim_charts")), s.h2), grid]))
    if len(protos) == 2:
        cats, series = _comparison(results, ctx.language)
        if cats:
            out += [Spacer(1, 4 * mm),
                    KeepTogether([bar_chart(ctx.t("chart_compare"), cats, series, font, width=w * 0.7, height=170,
                                            value_format="{:.0f}", value_max=120.0),
                                  Paragraph(user_text(ctx.t("chart_compare_note")), s.small)])]
    return out
