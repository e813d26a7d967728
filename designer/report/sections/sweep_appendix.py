"""Appendix: a design-space sweep (`report --sweep results.csv|.parquet`): what was varied, a line chart of one
metric (one line per combination of the other parameters), the table of the points and the failed points."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, replace
from pathlib import Path

from reportlab.graphics.shapes import Circle, Drawing, Group, Line, Polygon, PolyLine, Rect, String
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, KeepTogether, Paragraph, Spacer

from designer.analysis.sweep.chart import (
    MONEY_METRICS,
    PERCENT_METRICS,
    SweepChart,
    currency_of,
    default_metric,
    metric_value,
    sweep_chart,
    time_scale,
)
from designer.analysis.sweep.grid import MODEL_PARAMS
from designer.analysis.sweep.results import SweepResults, read_results
from designer.catalog.loader import Catalog
from designer.i18n import number_format as nf
from designer.i18n.message import Message
from designer.report.context import ProposalContext
from designer.report.options import ReportOptions, ReportOptionsError
from designer.report.products import product_name, short_name
from designer.report.sections.common import PROTOCOL_NAMES, sentences, then
from designer.report.strings import EN, tr
from designer.report.styles import INK, MUTED, RULE, data_table, user_text

MAX_ROWS = 40             # points listed in the table; the rest are counted
KEEP_WHOLE_ROWS = 30      # a points table up to this long is never split across pages
MAX_FAILED = 20
MAX_COLUMNS = 9           # of the points table: the point, the parameters, figures to fill up
MAX_PARAM_VALUES = 12     # values listed per parameter in "what was varied"
# Okabe-Ito colours (as the window's Sweep dock): distinguishable for colour-blind readers
SERIES_COLOURS = tuple(colors.HexColor(c) for c in ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00",
                                                     "#56B4E9", "#000000", "#8C6D1F"))
GRID = colors.HexColor("#E6E9EC")
TICK_FONT_SIZE = 7.0
LABEL_FONT_SIZE = 8.0
LEGEND_FONT_SIZE = 7.0


@dataclass(frozen=True)
class SweepAppendix:
    """A sweep's results, read and charted before the proposal is laid out (a bad file fails fast)."""

    file_name: str
    results: SweepResults
    chart: SweepChart


def prepare(options: ReportOptions) -> SweepAppendix | None:
    """The appendix of `options.sweep_results`, or None without one; SweepError for a missing, unreadable or
    foreign file or an unknown metric (one line)."""
    if not options.sweep_results:
        if options.sweep_metric:
            raise ReportOptionsError(Message("error.sweep.metric_needs_results"))
        return None
    results = read_results(options.sweep_results)
    chart = sweep_chart(results, options.sweep_metric or None)
    return SweepAppendix(Path(options.sweep_results).name, results, chart)


# ---- the chart ----------------------------------------------------------------------------------
def nice_ticks(lo: float, hi: float, count: int = 5) -> list[float]:
    """Round tick values covering lo..hi (steps of 1, 2, 2.5 or 5 times a power of ten)."""
    if hi <= lo:
        pad = abs(lo) * 0.1 or 1.0
        lo, hi = lo - pad, hi + pad
    raw = (hi - lo) / count
    base = 10 ** math.floor(math.log10(raw))
    step = next(m * base for m in (1, 2, 2.5, 5, 10) if m * base >= raw)
    first = math.floor(lo / step + 1e-9) * step
    ticks = []
    value = first
    while value < hi + step * 0.999:
        ticks.append(round(value, 12))
        value += step
    return ticks


def tick_text(value: float, step: float) -> str:
    """A tick label with as many decimals as the step needs."""
    decimals = next((d for d in range(7) if abs(step * 10 ** d - round(step * 10 ** d)) < 1e-6 * 10 ** d), 6)
    return f"{value:,.{decimals}f}"


def _marker(kind: int, x: float, y: float, colour: colors.Color) -> object:
    r = 2.4
    if kind == 1:
        return Rect(x - r, y - r, 2 * r, 2 * r, fillColor=colour, strokeColor=None)
    if kind == 2:
        return Polygon([x - r * 1.15, y - r, x + r * 1.15, y - r, x, y + r * 1.2], fillColor=colour,
                       strokeColor=None)
    if kind == 3:
        return Polygon([x, y - r * 1.3, x + r * 1.3, y, x, y + r * 1.3, x - r * 1.3, y], fillColor=colour,
                       strokeColor=None)
    return Circle(x, y, r, fillColor=colour, strokeColor=None)


def _legend_rows(labels: list[str], font: str, width: float) -> list[list[tuple[str, int, float]]]:
    """The legend entries (label, series index, x offset) in aligned columns, as many as fit in `width`."""
    if not labels:
        return []
    entry = max(22 + stringWidth(label, font, LEGEND_FONT_SIZE) + 14 for label in labels)
    per_row = max(1, min(len(labels), int(width // entry)))
    return [[(label, k, (k % per_row) * entry) for k, label in enumerate(labels) if k // per_row == r]
            for r in range(math.ceil(len(labels) / per_row))]


@dataclass(frozen=True)
class _Frame:
    """Where the plot sits in the drawing (points) and the data ranges its edges stand for."""

    left: float
    bottom: float
    width: float
    height: float
    x_lo: float               # on the drawn scale: log2 of x on a logarithmic axis
    x_hi: float
    y_min: float
    y_max: float
    log_x: bool

    def x(self, value: float) -> float:
        return self.left + (_x_scale(value, self.log_x) - self.x_lo) / (self.x_hi - self.x_lo) * self.width

    def y(self, value: float) -> float:
        return self.bottom + (value - self.y_min) / (self.y_max - self.y_min) * self.height


def _x_scale(x: float, log_x: bool) -> float:
    return math.log2(x) if log_x else x


def _y_ticks(ys: list[float]) -> tuple[list[float], list[str]]:
    """The y axis's ticks and their texts: from zero when the data do not lie far above it, else around them."""
    lo, hi = min(ys), max(ys)
    if lo >= 0 and (lo <= 0.5 * hi or lo == hi):
        lo = 0.0
    ticks = nice_ticks(lo, hi)
    step = ticks[1] - ticks[0] if len(ticks) > 1 else 1.0
    return ticks, [tick_text(t, step) for t in ticks]


def _x_range(chart: SweepChart) -> tuple[float, float, bool]:
    """(low, high, logarithmic) of the x axis: categories at 0..n-1; numbers linear, or logarithmic when they span
    a factor of 8 or more, with a margin on each side."""
    xs = [x for s in chart.series for x in s.x] + [p for p, _ in chart.x_ticks]
    log_x = (not chart.categorical and len(chart.x_ticks) >= 3 and min(xs) > 0 and max(xs) / min(xs) >= 8)
    if chart.categorical:
        return -0.5, len(chart.x_ticks) - 0.5, log_x
    a, b = _x_scale(min(xs), log_x), _x_scale(max(xs), log_x)
    pad = (b - a) * 0.06 or 1.0
    return a - pad, b + pad, log_x


def _series_style(k: int) -> tuple[colors.Color, int]:
    """The colour and marker of series k: the colours in turn, then the next marker shape."""
    return SERIES_COLOURS[k % len(SERIES_COLOURS)], k // len(SERIES_COLOURS) % 4


def line_chart(chart: SweepChart, y_values: list[list[float | None]], y_label: str, x_label: str, font: str,
               *, width: float, plot_height: float = 165,
               labels: list[str] | None = None) -> tuple[Drawing, bool]:
    """The chart as a vector drawing: one line with markers per series (broken where a value is missing), the
    legend below the plot, axis labels with units; (drawing, logarithmic x). `y_values` are the series' values
    as drawn (already scaled)."""
    labels = labels or [s.label for s in chart.series]
    ticks, texts = _y_ticks([v for vals in y_values for v in vals if v is not None])
    x_lo, x_hi, log_x = _x_range(chart)
    left = 14 + 4 + max(stringWidth(t, font, TICK_FONT_SIZE) for t in texts) + 4
    legend = _legend_rows(labels, font, width - left - 10) if len(labels) > 1 else []
    legend_h = 12 * len(legend)
    bottom = legend_h + (8 if legend else 0) + LABEL_FONT_SIZE + 6 + TICK_FONT_SIZE + 6
    top_pad, right_pad = 8.0, 10.0
    frame = _Frame(left, bottom, width - left - right_pad, plot_height, x_lo, x_hi, ticks[0], ticks[-1], log_x)
    d = Drawing(width, bottom + plot_height + top_pad)
    d.add(Rect(left, bottom, frame.width, frame.height, fillColor=None, strokeColor=RULE, strokeWidth=0.6))
    _draw_y_ticks(d, frame, ticks, texts, font)
    _draw_x_ticks(d, frame, chart, font)
    _draw_axis_titles(d, frame, x_label, y_label, font)
    for k, (series, values) in enumerate(zip(chart.series, y_values, strict=True)):
        _draw_series(d, frame, series.x, values, k)
    _draw_legend(d, legend, left, legend_h, font)
    return d, log_x


def _draw_y_ticks(d: Drawing, frame: _Frame, ticks: list[float], texts: list[str], font: str) -> None:
    """A grid line inside the plot and a label left of it for every y tick."""
    for t, text in zip(ticks, texts, strict=True):
        y = frame.y(t)
        if frame.bottom < y < frame.bottom + frame.height:
            d.add(Line(frame.left, y, frame.left + frame.width, y, strokeColor=GRID, strokeWidth=0.4))
        d.add(String(frame.left - 4, y - TICK_FONT_SIZE / 3, text, fontName=font, fontSize=TICK_FONT_SIZE,
                     fillColor=MUTED, textAnchor="end"))


def _draw_x_ticks(d: Drawing, frame: _Frame, chart: SweepChart, font: str) -> None:
    """A tick mark under the plot for every x tick, a grid line when there are few, and its label unless it
    would touch the previous one."""
    bottom = frame.bottom
    last_right = -1e9
    for pos, text in chart.x_ticks:
        x = frame.x(pos)
        d.add(Line(x, bottom, x, bottom - 3, strokeColor=RULE, strokeWidth=0.6))
        if chart.categorical or len(chart.x_ticks) <= 12:
            d.add(Line(x, bottom, x, bottom + frame.height, strokeColor=GRID, strokeWidth=0.3))
        w = stringWidth(text, font, TICK_FONT_SIZE)
        if x - w / 2 >= last_right + 4:
            d.add(String(x, bottom - 4 - TICK_FONT_SIZE, text, fontName=font, fontSize=TICK_FONT_SIZE,
                         fillColor=MUTED, textAnchor="middle"))
            last_right = x + w / 2


def _draw_axis_titles(d: Drawing, frame: _Frame, x_label: str, y_label: str, font: str) -> None:
    """The x title centred under the tick labels, the y title rotated 90° left of the plot to read bottom-up."""
    d.add(String(frame.left + frame.width / 2, frame.bottom - 10 - TICK_FONT_SIZE - LABEL_FONT_SIZE, x_label,
                 fontName=font, fontSize=LABEL_FONT_SIZE, fillColor=INK, textAnchor="middle"))
    y_title = Group(String(0, 0, y_label, fontName=font, fontSize=LABEL_FONT_SIZE, fillColor=INK,
                           textAnchor="middle"))
    y_title.transform = (0, 1, -1, 0, 10, frame.bottom + frame.height / 2)
    d.add(y_title)


def _draw_series(d: Drawing, frame: _Frame, xs: list[float], values: list[float | None], k: int) -> None:
    """Series k: lines through its runs of present values (a missing value breaks the line), a marker on each."""
    colour, marker = _series_style(k)
    run: list[float] = []
    for point_x, point_y in [*zip(xs, values, strict=True), (None, None)]:
        if point_y is None or point_x is None:
            if len(run) >= 4:
                d.add(PolyLine(run, strokeColor=colour, strokeWidth=1.4))
            run = []
            continue
        run += [frame.x(point_x), frame.y(point_y)]
    for point_x, point_y in zip(xs, values, strict=True):
        if point_y is not None:
            d.add(_marker(marker, frame.x(point_x), frame.y(point_y), colour))


def _draw_legend(d: Drawing, legend: list[list[tuple[str, int, float]]], left: float, legend_h: float,
                 font: str) -> None:
    """The legend's rows (from `_legend_rows`) under the x title: each entry a short line, its marker, its label."""
    for r, row in enumerate(legend):
        y = legend_h - 12 * r - 8
        for label, k, offset in row:
            x = left + offset
            colour, marker = _series_style(k)
            d.add(Line(x, y + 2.5, x + 16, y + 2.5, strokeColor=colour, strokeWidth=1.4))
            d.add(_marker(marker, x + 8, y + 2.5, colour))
            d.add(String(x + 20, y, label, fontName=font, fontSize=LEGEND_FONT_SIZE, fillColor=INK))


# ---- text and tables ----------------------------------------------------------------------------
_CJK_THEN_LATIN = re.compile(r"(?<=[\u4e00-\u9fff])(?=[A-Za-z0-9])")
_LATIN_THEN_CJK = re.compile(r"(?<=[A-Za-z0-9])(?=[\u4e00-\u9fff])")


def cjk_spacing(text: str) -> str:
    """A space where Chinese meets Latin letters or digits ('随GPU数量' -> '随 GPU 数量'), as Chinese typesetting
    does; filled-in names arrive with or without their own spaces, so the template has none."""
    return _LATIN_THEN_CJK.sub(" ", _CJK_THEN_LATIN.sub(" ", text))


def param_label(ctx: ProposalContext, name: str) -> str:
    """A varied parameter's name in the proposal's language (a segment setting keeps its own name)."""
    key = f"sweep_param_{name}"
    return ctx.t(key) if key in EN else name


# a model parameter's section -> the kind of its product (for its name)
_MODEL_KINDS = {"servers": "server", "switches": "switch", "nics": "nic"}


def _number_text(value: object) -> str:
    """A number as written (10 km, not 10.0; 1,024 GPUs); any other value as it is."""
    try:
        number = float(str(value))
    except ValueError:
        return str(value)
    return f"{number:,g}" if math.isfinite(number) and abs(number) < 1e15 else str(value)


def param_value(catalog: Catalog, name: str, value: object, language: str = "en") -> str:
    """A varied parameter's value as a reader reads it: a catalog model by its product's name ("HGX B300", "NVIDIA
    ConnectX-8 SuperNIC 800G"), not its catalog id; any other value as it is."""
    if name == "place" and f"sweep_place_{value}" in EN:      # a job placement rule, in words
        return tr(f"sweep_place_{value}", language)
    if name == "backend" and str(value) in PROTOCOL_NAMES:    # a protocol by its name (the same in every language)
        return PROTOCOL_NAMES[str(value)]
    if name == "backend" and f"sweep_backend_{value}" in EN:  # the hybrid, in words
        return tr(f"sweep_backend_{value}", language)
    section = MODEL_PARAMS.get(name)
    if section is None or str(value) not in getattr(catalog, section):
        return _number_text(value)
    kind = _MODEL_KINDS[section]
    if kind == "nic":
        return re.sub(r"\s*[(（].*?[)）]", "", product_name(catalog, kind, str(value), language)).strip()
    return short_name(catalog, kind, str(value))


def metric_label(ctx: ProposalContext, metric: str, results: SweepResults, values: list[float]) -> tuple[str, float]:
    """(axis label with unit, factor applied to the charted values): seconds become ms or µs when smaller."""
    name = ctx.t(f"sweep_metric_{metric}")
    factor, unit = 1.0, ""
    if metric.endswith("_s"):
        factor, unit = time_scale(values)
    elif metric.endswith("_us"):
        unit = "µs"
    elif metric in PERCENT_METRICS:
        unit = "%"
    elif metric in MONEY_METRICS:
        unit = currency_of(results)
    elif metric.endswith("_gbps"):
        unit = "Gb/s"
    return (f"{name} ({unit})" if unit else name), factor


def _cell(metric: str, value: object, currency: str, language: str = "en") -> str:
    """A figure of the points table in the proposal's language (units and money as in the other sections)."""
    if value is None:
        return "–"
    v = float(value)  # type: ignore[arg-type]
    if metric.endswith("_s"):
        return nf.seconds(v, language)
    if metric.endswith("_us"):
        return nf.micros(v, language)
    if metric in PERCENT_METRICS:
        return nf.percent(v / 100, 1, language)
    if metric in MONEY_METRICS:
        return nf.money(v, currency, language) if currency else f"{v:,.0f}"
    if metric.endswith("_gbps"):
        return nf.gbps(v, language)
    return f"{v:,.4g}"


def table_metrics(results: SweepResults, metric: str, limit: int = 5) -> list[str]:
    """The charted metric and a few key figures (at most `limit`), those that some point has."""
    time_metric = default_metric(results)
    bandwidth = "busbw_gbps" if any(r.get("busbw_gbps") is not None for r in results.rows) else "goodput_gbps"
    wanted = [metric, time_metric, bandwidth, "capex", "latency_p99_us"]
    out: list[str] = []
    for m in wanted:
        if m not in out and any(metric_value(r, m) is not None for r in results.rows):
            out.append(m)
    return out[:limit]


def column_widths(header: list[str], rows: list[list[str]], font: str, total: float, *, size: float = 8.0,
                  padding: float = 14.0) -> list[float]:
    """Widths that fit each column's longest cell and the longest unbreakable part of its header (a header wraps
    between words, and anywhere in Chinese), scaled to `total`."""
    cells, heads = [], []
    for c, head in enumerate(header):
        parts = re.findall(r"[\u3000-\u9fff\uff00-\uffef]{1,4}|[^\s\u3000-\u9fff\uff00-\uffef]+", head)
        words = max((stringWidth(part, font, size) for part in parts), default=0.0)
        cells.append(max((stringWidth(r[c], font, size) for r in rows), default=0.0) + padding)
        heads.append(max(words + padding, cells[-1]))
    if sum(heads) <= total:                       # everything fits: the spare width in proportion
        return [h * total / sum(heads) for h in heads]
    if sum(cells) >= total:                       # even the values do not: every column shrinks alike
        return [c * total / sum(cells) for c in cells]
    # the values fit: the headers that need more share what is left, in proportion to their want
    spare = (total - sum(cells)) / (sum(heads) - sum(cells))
    return [c + (h - c) * spare for c, h in zip(cells, heads, strict=True)]


def _values_text(ctx: ProposalContext, results: SweepResults, name: str) -> str:
    values = list(dict.fromkeys(_value(ctx, name, r.get(name, "")) for r in results.rows))
    shown = ", ".join(values[:MAX_PARAM_VALUES])
    return shown + (f", … (+{len(values) - MAX_PARAM_VALUES})" if len(values) > MAX_PARAM_VALUES else "")


def build(ctx: ProposalContext, appendix: SweepAppendix) -> list[Flowable]:
    """The appendix's flowables: what the sweep varied, its chart, its points and the points that failed."""
    out: list[Flowable] = [Paragraph(user_text(ctx.t("sec_sweep")), ctx.styles.h1)]
    if not appendix.results.rows:
        return out + [Paragraph(user_text(ctx.t("sweep_empty")), ctx.styles.body)]
    return (out + _what_was_varied(ctx, appendix) + [_chart_block(ctx, appendix.results, appendix.chart)]
            + _points(ctx, appendix.results, appendix.chart.metric) + _failures(ctx, appendix.results))


def _what_was_varied(ctx: ProposalContext, appendix: SweepAppendix) -> list[Flowable]:
    """How many points from which file (and how many failed), then each varied parameter with its values."""
    s, results = ctx.styles, appendix.results
    rows = results.rows
    failed = sum(1 for r in rows if r.get("error"))
    intro = ctx.t("sweep_intro.one" if len(rows) == 1 and ctx.has("sweep_intro.one") else "sweep_intro",
                  file=appendix.file_name, points=f"{len(rows):,}")
    if failed:
        intro += then(ctx, ctx.t("sweep_failed_count", n=failed))
    varied = [[param_label(ctx, n), _values_text(ctx, results, n)] for n in results.param_names]
    return [Paragraph(user_text(intro), s.body),
            KeepTogether([Paragraph(user_text(ctx.t("sweep_varied")), s.h2),
                          data_table(s, [ctx.t("col_parameter"), ctx.t("col_values")], varied,
                                     [ctx.width * 0.35, ctx.width * 0.65])])]


def _chart_block(ctx: ProposalContext, results: SweepResults, chart: SweepChart) -> Flowable:
    """The chart's title, the chart (with the notes it needs), kept on one page; a line instead when no point
    has the metric."""
    s = ctx.styles
    raw = [series.y for series in chart.series]
    values = [v for vals in raw for v in vals if v is not None]
    y_label, factor = metric_label(ctx, chart.metric, results, values)
    x_name = param_label(ctx, chart.x_param)
    title = cjk_spacing(ctx.t("sweep_chart", metric=ctx.t(f"sweep_metric_{chart.metric}"), param=x_name))
    block: list[Flowable] = [Paragraph(user_text(title), s.h2)]
    if not values:
        return KeepTogether(block + [Paragraph(user_text(ctx.t("sweep_chart_empty")), s.body)])
    scaled = [[None if v is None else v * factor for v in vals] for vals in raw]
    labels = [", ".join(f"{param_label(ctx, n)}: {_value(ctx, n, v)}" for n, v in series.params) or series.label
              for series in chart.series]
    named = replace(chart, x_ticks=[(x, _value(ctx, chart.x_param, t)) for x, t in chart.x_ticks])
    drawing, log_x = line_chart(named, scaled, y_label, x_name, s.fonts.regular, width=ctx.width, labels=labels)
    notes = [ctx.t("sweep_chart_note")] if len(chart.series) > 1 else []
    if log_x:
        notes.append(ctx.t("sweep_chart_log"))
    if chart.metric == "cost_per_gbps":
        notes.append(ctx.t("sweep_cost_note"))
    block += [drawing, Spacer(1, 2 * mm)] + ([Paragraph(user_text(sentences(ctx, notes)), s.small)] if notes else [])
    return KeepTogether(block)


def _points(ctx: ProposalContext, results: SweepResults, metric: str) -> list[Flowable]:
    """The table of the points (the first MAX_ROWS, the rest counted): the varied parameters and a few figures."""
    s, rows = ctx.styles, results.rows
    # a parameter with one value is in "what was varied" only; the more parameters, the fewer figures
    params = [n for n in results.param_names if len({r.get(n) for r in rows}) > 1] or results.param_names
    metrics = table_metrics(results, metric, limit=max(3, MAX_COLUMNS - 1 - len(params)))
    header = [ctx.t("col_point"), *(param_label(ctx, n) for n in params),
              *(ctx.t(f"sweep_metric_{m}") for m in metrics)]
    currency = currency_of(results)
    table = []
    for r in rows[:MAX_ROWS]:
        cells = [str(r["point"]), *(_value(ctx, n, r.get(n, "")) for n in params)]
        if r.get("error"):
            cells += ["–"] * len(metrics)
        else:
            cells += [_cell(m, _table_value(r, m), currency, ctx.language) for m in metrics]
        table.append(cells)
    widths = column_widths(header, table, s.fonts.regular, ctx.width)
    numeric = {0, *range(1 + len(params), len(header))}
    heading = Paragraph(user_text(ctx.t("sweep_points")), s.h2)
    points_table = data_table(s, header, table, widths, numeric=numeric)
    # a table that fits a page moves whole to the next one rather than leave a row or two behind
    out: list[Flowable] = ([KeepTogether([heading, points_table])] if len(table) <= KEEP_WHOLE_ROWS
                           else [heading, points_table])
    if len(rows) > MAX_ROWS:
        out.append(Paragraph(user_text(ctx.t("sweep_more", n=len(rows) - MAX_ROWS)), s.small))
    return out


def _failures(ctx: ProposalContext, results: SweepResults) -> list[Flowable]:
    """The points that could not be built or run, with their parameters and what went wrong (the first
    MAX_FAILED, the rest counted); nothing when none failed."""
    s, w = ctx.styles, ctx.width
    failed = [r for r in results.rows if r.get("error")]
    if not failed:
        return []
    listed = [[str(r["point"]), ", ".join(f"{param_label(ctx, n)}: {_value(ctx, n, r.get(n, ''))}"
                                          for n in results.param_names),
               str(r["error"])]
              for r in failed[:MAX_FAILED]]
    out: list[Flowable] = [KeepTogether([
        Paragraph(user_text(ctx.t("sweep_failures")), s.h2),
        data_table(s, [ctx.t("col_point"), ctx.t("col_parameter"), ctx.t("col_problem")], listed,
                   [w * 0.08, w * 0.32, w * 0.60], numeric={0})])]
    if len(failed) > MAX_FAILED:
        out.append(Paragraph(user_text(ctx.t("sweep_more", n=len(failed) - MAX_FAILED)), s.small))
    return out


def _table_value(row: dict[str, object], metric: str) -> object:
    """A table cell's value: the raw figure (fractions stay fractions here), cost per Gb/s derived."""
    if metric == "cost_per_gbps":
        return metric_value(row, metric)
    if metric in PERCENT_METRICS:
        v = row.get(metric)
        return None if v is None else 100.0 * float(v)  # type: ignore[arg-type]
    return row.get(metric)


def _value(ctx: ProposalContext, name: str, value: object) -> str:
    return param_value(ctx.catalog, name, value, ctx.language)
