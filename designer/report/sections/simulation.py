"""Simulation results: the workloads, a table of headline figures per protocol, and vector charts."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepTogether, Paragraph, Spacer, Table, TableStyle

from designer.report import number_format as nf
from designer.report.charts import bar_chart
from designer.report.context import ProposalContext
from designer.report.sections.summary import PROTOCOL_NAMES
from designer.report.styles import data_table, user_text

# (label key, formatter of the result dict); rows whose value is null in every result are left out
METRICS = (
    ("sim_completion", lambda r: nf.seconds(r.get("completion_time_s"))),
    ("sim_algbw", lambda r: nf.gbps(r.get("algbw_gbps")) if r.get("algbw_gbps") is not None else None),
    ("sim_busbw", lambda r: nf.gbps(r.get("busbw_gbps")) if r.get("busbw_gbps") is not None else None),
    ("sim_goodput", lambda r: nf.gbps(r.get("goodput_gbps"))),
    ("sim_throughput", lambda r: nf.percent(r.get("throughput_fraction"))),
    ("sim_p50", lambda r: nf.micros((r.get("latency_us") or {}).get("p50"))),
    ("sim_p99", lambda r: nf.micros((r.get("latency_us") or {}).get("p99"))),
    ("sim_p999", lambda r: nf.micros((r.get("latency_us") or {}).get("p999"))),
    ("sim_max", lambda r: nf.micros((r.get("latency_us") or {}).get("max"))),
    ("sim_util_mean", lambda r: nf.percent((r.get("link_utilization") or {}).get("mean"))),
    ("sim_util_max", lambda r: nf.percent((r.get("link_utilization") or {}).get("max"))),
    ("sim_pfc", lambda r: nf.percent(r.get("pfc_pause_fraction"), 2)),
    ("sim_ecn", lambda r: nf.percent(r.get("ecn_mark_fraction"), 2)),
    ("sim_credit", lambda r: nf.percent(r.get("credit_stall_fraction"), 2)),
    ("sim_dropped", lambda r: nf.bytes_count(r.get("dropped_bytes"))),
    ("sim_step", lambda r: nf.seconds(r["step_time_s"]) if r.get("step_time_s") is not None else None),
    ("sim_gpu_util", lambda r: nf.percent(r["gpu_utilization"]) if r.get("gpu_utilization") is not None else None),
)


def _comparison(results: dict[str, dict]) -> tuple[list[str], dict[str, list[float]]]:
    """Each protocol's figure as a percentage of the better one (higher-is-better after inversion of times)."""
    checks = (("Time", "completion_time_s", False), ("Goodput", "goodput_gbps", True),
              ("p99", None, False), ("Util. mean", None, True))
    cats: list[str] = []
    series: dict[str, list[float]] = {p: [] for p in results}
    for label, key, higher_better in checks:
        values = {}
        for p, r in results.items():
            if key is not None:
                v = r.get(key)
            elif label == "p99":
                v = (r.get("latency_us") or {}).get("p99")
            else:
                v = (r.get("link_utilization") or {}).get("mean")
            values[p] = v
        if any(v is None or v <= 0 for v in values.values()):
            continue
        best = max(values.values()) if higher_better else min(values.values())
        cats.append(label)
        for p, v in values.items():
            series[p].append(100.0 * (v / best if higher_better else best / v))
    return cats, series


def build(ctx: ProposalContext) -> list[Flowable]:
    s, w = ctx.styles, ctx.width
    out: list[Flowable] = [Paragraph(user_text(ctx.t("sec_simulation")), s.h1)]
    results = ctx.results
    if not results:
        return out + [Paragraph(user_text(ctx.t("sim_none")), s.body)]
    if ctx.options.workloads:
        out.append(Paragraph(user_text(ctx.t("sim_workloads", workloads=", ".join(ctx.options.workloads))), s.body))
    protos = list(results)
    rows = []
    for key, fmt in METRICS:
        cells = [fmt(results[p]) for p in protos]
        if all(c is None for c in cells):
            continue
        rows.append([ctx.t(key)] + [c if c is not None else "–" for c in cells])
    out.append(Paragraph(user_text(ctx.t("sim_headline")), s.h2))
    col = (w * 0.55) / len(protos)
    out.append(data_table(s, [ctx.t("col_metric")] + [PROTOCOL_NAMES.get(p, p) for p in protos], rows,
                          [w * 0.45] + [col] * len(protos), numeric=set(range(1, len(protos) + 1))))
    out.append(Spacer(1, 5 * mm))
    font = s.fonts.regular
    half = (w - 10) / 2
    latency = {p: [float((results[p].get("latency_us") or {}).get(k) or 0.0) for k in ("p50", "p99", "p999", "max")]
               for p in protos}
    util = {p: [100 * float((results[p].get("link_utilization") or {}).get(k) or 0.0) for k in ("mean", "max")]
            for p in protos}
    charts = [bar_chart(ctx.t("chart_latency"), ["p50", "p99", "p99.9", "max"], latency, font, width=half),
              bar_chart(ctx.t("chart_util"), ["mean", "max"], util, font, width=half, value_format="{:.0f}")]
    grid = Table([charts], colWidths=[half + 5, half + 5])
    grid.setStyle(TableStyle([("LEFTPADDING", (0, 0), (-1, -1), 0), ("VALIGN", (0, 0), (-1, -1), "TOP")]))
    out.append(grid)
    if len(protos) == 2:
        cats, series = _comparison(results)
        if cats:
            out += [Spacer(1, 4 * mm),
                    KeepTogether([bar_chart(ctx.t("chart_compare"), cats, series, font, width=w * 0.7, height=170,
                                            value_format="{:.0f}"),
                                  Paragraph(user_text(ctx.t("chart_compare_note")), s.small)])]
    return out
