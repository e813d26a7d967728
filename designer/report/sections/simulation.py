"""Performance: the healthy run of the design as drawn (its figures, per workload, charts), then, when asked for, the
InfiniBand and the RoCEv2 option side by side, each run on the design its price is for."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Spacer, Table, TableStyle

from designer.i18n import number_format as nf
from designer.report.charts import bar_chart
from designer.report.context import ProposalContext
from designer.report.results_source import ORIGIN_DEFAULT, ORIGIN_SAVED, ORIGIN_SUPPLIED
from designer.report.sections.common import (
    body,
    compared_settings,
    note,
    protocol_name,
    section,
    subsection,
    then,
    workloads_text,
)
from designer.report.strings import tr
from designer.report.styles import data_table
from designer.report.workload_text import describe_workload
from designer.sim.long_haul import ib_long_haul_note

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
    ("sim_scaleup", lambda r, lang: _scaleup_percent(r, lang)),
    ("sim_step", lambda r, lang: nf.seconds(r["step_time_s"], lang) if r.get("step_time_s") is not None else None),
    ("sim_gpu_util", lambda r, lang: (nf.percent(r["gpu_utilization"], 1, lang)
                                      if r.get("gpu_utilization") is not None else None)),
)


def _scaleup_percent(r: dict, lang: str) -> str | None:
    """The share of the run's bytes that stayed inside NVLink domains (None for a run saved without the figures)."""
    nvlink, network = r.get("nvlink_bytes"), r.get("network_bytes")
    if nvlink is None or network is None or nvlink + network <= 0:
        return None
    return nf.percent(nvlink / (nvlink + network), 1, lang)


def metric_rows(ctx: ProposalContext, results: list[dict]) -> list[list[str]]:
    rows = []
    for key, fmt in METRICS:
        cells = [fmt(r, ctx.language) for r in results]
        if all(c is None for c in cells):
            continue
        rows.append([ctx.t(key)] + [c if c is not None else "–" for c in cells])
    return rows


def _comparison(results: dict[str, dict], language: str = "en") -> tuple[list[str], dict[str, list[float]]]:
    """Each protocol's figure as a percentage of the better one (higher-is-better after inversion of times)."""
    checks = (("chart_cat_speed", "completion_time_s", False), ("chart_cat_goodput", "goodput_gbps", True),
              ("chart_cat_p99", None, False), ("chart_cat_util", None, True))
    cats: list[str] = []
    series: dict[str, list[float]] = {p: [] for p in results}
    for label, key, higher_better in checks:
        found: dict[str, float | None] = {}
        for p, r in results.items():
            if key is not None:
                found[p] = r.get(key)
            elif label == "chart_cat_p99":
                found[p] = (r.get("latency_us") or {}).get("p99")
            else:
                found[p] = (r.get("link_utilization") or {}).get("mean")
        values = {p: float(v) for p, v in found.items() if v is not None and v > 0}
        if len(values) < len(found):
            continue
        best = max(values.values()) if higher_better else min(values.values())
        cats.append(tr(label, language))
        for p, v in values.items():
            series[p].append(100.0 * (v / best if higher_better else best / v))
    return cats, series


def workload_rows(ctx: ProposalContext, results: list[dict]) -> list[list[str]]:
    """Per workload: its completion (or step) time, then busbw for collectives or GPU utilization for training."""
    per = [[e for e in r.get("workloads") or [] if isinstance(e, dict)] for r in results]
    rows: list[list[str]] = []
    lang = ctx.language
    for i in range(min(len(v) for v in per)):
        entries = [p[i] for p in per]
        spec = describe_workload(str(entries[0].get("spec") or entries[0].get("kind") or "?"), lang)
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
    """Which workloads ran, where they come from, and that the figures are of the healthy design as drawn."""
    key = {ORIGIN_DEFAULT: "sim_intro_default", ORIGIN_SAVED: "sim_intro_saved",
           ORIGIN_SUPPLIED: "sim_intro_supplied"}.get(ctx.runs.origin, "sim_intro")
    return ctx.t(key, workloads=workloads_text(ctx))


def reading(ctx: ProposalContext) -> str | None:
    """Which protocol finishes first, by how much, and the congestion signals that explain a tail."""
    pair = ctx.runs.compared
    if not {"ib", "rocev2"} <= set(pair):
        return None
    ib, roce = pair["ib"], pair["rocev2"]
    t_ib, t_roce = ib.get("completion_time_s"), roce.get("completion_time_s")
    if not t_ib or not t_roce:
        return None
    faster, slower = ("ib", "rocev2") if t_ib <= t_roce else ("rocev2", "ib")
    ratio = max(t_ib, t_roce) / min(t_ib, t_roce)
    lang = ctx.language
    key = "sim_read_same" if ratio < 1.02 else "sim_read_faster"
    longer = (ctx.t("sim_longer_pct", pct=nf.percent(ratio - 1, 0, lang)) if ratio < 2
              else ctx.t("sim_longer_times", times=f"{ratio:.1f}"))
    text = ctx.t(key, faster=protocol_name(faster), slower=protocol_name(slower),
                 t_ib=nf.seconds(t_ib, lang), t_roce=nf.seconds(t_roce, lang), longer=longer)
    tf_ib, tf_roce = ib.get("throughput_fraction"), roce.get("throughput_fraction")
    if tf_ib is not None and tf_roce is not None:
        text += then(ctx, ctx.t("sim_read_ideal", ib=nf.percent(tf_ib, 1, lang), roce=nf.percent(tf_roce, 1, lang)))
    text += then(ctx, ctx.t("sim_read_signals", pfc=nf.percent(roce.get("pfc_pause_fraction"), 2, lang),
                            credit=nf.percent(ib.get("credit_stall_fraction"), 2, lang),
                            ecn=nf.percent(roce.get("ecn_mark_fraction"), 2, lang)))
    return text


def _charts(ctx: ProposalContext, results: dict[str, dict]) -> Table:
    """Latency percentiles and link utilization, side by side."""
    font, half = ctx.styles.fonts.regular, (ctx.width - 10) / 2
    latency = {p: [float((r.get("latency_us") or {}).get(k) or 0.0) for k in ("p50", "p99", "p999", "max")]
               for p, r in results.items()}
    util = {p: [100 * float((r.get("link_utilization") or {}).get(k) or 0.0) for k in ("mean", "max")]
            for p, r in results.items()}
    labels = {p: ctx.t("drawn_series") if p == "drawn" else protocol_name(p) for p in results}
    charts = [bar_chart(ctx.t("chart_latency"), ["p50", "p99", "p99.9", ctx.t("chart_cat_max")], latency, font,
                        width=half, labels=labels),
              bar_chart(ctx.t("chart_util"), [ctx.t("chart_cat_mean"), ctx.t("chart_cat_max")], util, font,
                        width=half, value_format="{:.0f}", value_max=100.0, labels=labels)]
    grid = Table([charts], colWidths=[half + 5, half + 5])
    grid.setStyle(TableStyle([("LEFTPADDING", (0, 0), (-1, -1), 0), ("VALIGN", (0, 0), (-1, -1), "TOP")]))
    return grid


def drawn_part(ctx: ProposalContext) -> list[Flowable]:
    s, w, r = ctx.styles, ctx.width, ctx.runs.drawn
    assert r is not None
    out = subsection(ctx, ctx.t("sim_drawn"))
    out.append(data_table(s, [ctx.t("col_metric"), ctx.t("col_value")], metric_rows(ctx, [r]), [w * 0.6, w * 0.4],
                          numeric={1}))
    per_workload = workload_rows(ctx, [r])
    if len({row[0] for row in per_workload if row[0]}) > 1:
        out += subsection(ctx, ctx.t("sim_per_workload"))
        out.append(data_table(s, [ctx.t("col_workload"), ctx.t("col_metric"), ctx.t("col_value")], per_workload,
                              [w * 0.45, w * 0.30, w * 0.25], numeric={2}))
    out += subsection(ctx, ctx.t("sim_charts"), room=70 * mm)
    out.append(_charts(ctx, {"drawn": r}))
    return out


def compared_part(ctx: ProposalContext) -> list[Flowable]:
    s, w, pair = ctx.styles, ctx.width, ctx.runs.compared
    protos = [p for p in ("ib", "rocev2") if p in pair]
    out = subsection(ctx, ctx.t("sim_compare"))
    settings = compared_settings(ctx, "sim_compare")
    out.append(body(ctx, ctx.t("sim_intro_compare") + then(ctx, settings)))
    read = reading(ctx)
    if read:
        out.append(body(ctx, read))
    long_haul = ib_long_haul_note(pair["ib"]) if "ib" in pair else None
    if long_haul is not None:              # why InfiniBand's long-haul links run as they do
        out.append(body(ctx, long_haul.render(ctx.language)))
    results = [pair[p] for p in protos]
    col = (w * 0.5) / len(protos)
    out.append(data_table(s, [ctx.t("col_metric")] + [protocol_name(p) for p in protos], metric_rows(ctx, results),
                          [w * 0.5] + [col] * len(protos), numeric=set(range(1, len(protos) + 1))))
    per_workload = workload_rows(ctx, results)
    if len({row[0] for row in per_workload if row[0]}) > 1:
        out += subsection(ctx, ctx.t("sim_per_workload_compare"))
        col = (w * 0.36) / len(protos)
        out.append(data_table(s, [ctx.t("col_workload"), ctx.t("col_metric")] + [protocol_name(p) for p in protos],
                              per_workload, [w * 0.38, w * 0.26] + [col] * len(protos),
                              numeric=set(range(2, len(protos) + 2))))
    cats, series = _comparison({p: pair[p] for p in protos}, ctx.language)
    if cats and len(protos) == 2:
        out += subsection(ctx, ctx.t("chart_compare"), room=70 * mm)
        out += [bar_chart("", cats, series, s.fonts.regular, width=w * 0.7, height=170, value_format="{:.0f}",
                          value_max=100.0), Spacer(1, 2 * mm), note(ctx, ctx.t("chart_compare_note"))]
    return out


def build(ctx: ProposalContext) -> list[Flowable]:
    out = section(ctx, "sec_simulation")
    if ctx.runs.drawn is None:
        return out + [body(ctx, ctx.t("sim_none"))]
    out.append(body(ctx, introduction(ctx)))
    out += drawn_part(ctx)
    if ctx.runs.compared:
        out += compared_part(ctx)
    return out
