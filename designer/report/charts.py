"""Vector charts of simulation results (reportlab.graphics): latency percentiles, utilization, IB vs RoCEv2."""

from __future__ import annotations

import math

from reportlab.graphics.charts.barcharts import VerticalBarChart
from reportlab.graphics.shapes import Drawing, Rect, String
from reportlab.lib import colors
from reportlab.pdfbase.pdfmetrics import stringWidth

from designer.report.styles import BACKEND_COLOUR, INK, MUTED, PROTOCOL_COLOURS, RULE

SERIES_LABELS = {"ib": "InfiniBand", "rocev2": "RoCEv2"}


NICE_STEPS = (1, 2, 2.5, 5, 10)
TICKS = (5, 4, 6)            # an axis is divided into this many round steps (5 preferred on a tie)


def axis_range(top: float) -> tuple[float, float]:
    """(maximum, step) of a value axis from 0 that holds `top` with the least room to spare: the step is a round
    number (1, 2, 2.5 or 5 times a power of ten) and the axis has 4 to 6 of them (values of 0–100 end at 100 or
    120, never at 200)."""
    if top <= 0:
        return 1.0, 0.2
    best: tuple[float, float] | None = None
    for ticks in TICKS:
        raw = top / ticks
        base = 10 ** math.floor(math.log10(raw))
        step = next(m * base for m in NICE_STEPS if m * base >= raw - 1e-12)
        if best is None or step * ticks < best[0] - 1e-12:
            best = (step * ticks, step)
    assert best is not None
    return best


# series that are not protocols (speed, cost, ...) take these in turn, so two of them never share a colour
OTHER_SERIES_COLOURS = (colors.HexColor("#3B6EA5"), colors.HexColor("#D9822B"), colors.HexColor("#2E8B57"),
                        BACKEND_COLOUR)


def series_colours(names: list[str]) -> list:
    """A colour per series: the protocol's own colour for 'ib' / 'rocev2', distinct others for the rest."""
    others = iter(OTHER_SERIES_COLOURS * (1 + len(names) // len(OTHER_SERIES_COLOURS)))
    return [PROTOCOL_COLOURS[n] if n in PROTOCOL_COLOURS else next(others) for n in names]


SLANT_DEGREES = 35


def _slant(categories: list[str], font: str, width: float) -> float:
    """The room (points) slanted category names need below the axis; 0 when each fits its group's width."""
    widest = max((stringWidth(c, font, 7) for c in categories), default=0.0)
    group = (width - 40) / max(1, len(categories))
    if widest <= group - 4:
        return 0.0
    return max(0.0, widest * math.sin(math.radians(SLANT_DEGREES)) - 10)


def bar_chart(title: str, categories: list[str], series: dict[str, list[float]], font: str,  # noqa: PLR0913
              *, width: float = 230, height: float = 160, value_format: str = "{:.1f}",
              value_max: float | None = None, labels: dict[str, str] | None = None) -> Drawing:
    """Grouped vertical bars, one colour per series (protocol), with a title, value labels and a legend.

    `value_max` is the axis end when every value is at or below it (percentages end at 100); otherwise the axis
    ends at the round number just above the tallest bar. `labels` names the series in the legend. Category names
    wider than their group are written slanted, the chart growing below to hold them."""
    slant = _slant(categories, font, width)
    d = Drawing(width, height + slant)
    top_room = 14 if title else 4
    if title:
        d.add(String(0, height + slant - 10, title, fontName=font, fontSize=8.5, fillColor=INK))
    chart = VerticalBarChart()
    chart.x, chart.y = 32, 30 + slant
    chart.width, chart.height = width - 40, height - 48 - top_room
    names = list(series)
    chart.data = [series[n] for n in names]
    chart.categoryAxis.categoryNames = categories
    chart.categoryAxis.labels.fontName = font
    chart.categoryAxis.labels.fontSize = 7
    if slant:
        chart.categoryAxis.labels.angle = SLANT_DEGREES
        chart.categoryAxis.labels.boxAnchor = "ne"
        chart.categoryAxis.labels.dx, chart.categoryAxis.labels.dy = 2, -2
    chart.categoryAxis.strokeColor = RULE
    chart.valueAxis.labels.fontName = font
    chart.valueAxis.labels.fontSize = 6.5
    chart.valueAxis.strokeColor = RULE
    chart.valueAxis.valueMin = 0
    top = max((v for vals in chart.data for v in vals), default=1.0)
    if value_max is not None and value_max >= top:
        axis_max, step = axis_range(value_max)
    else:
        axis_max, step = axis_range(top)
    chart.valueAxis.valueMax, chart.valueAxis.valueStep = axis_max, step
    chart.valueAxis.visibleGrid = True
    chart.valueAxis.gridStrokeColor = colors.HexColor("#E6E9EC")
    chart.valueAxis.gridStrokeWidth = 0.4
    chart.groupSpacing = 8
    chart.barSpacing = 1.5
    colours = series_colours(names)
    for i, colour in enumerate(colours):
        chart.bars[i].fillColor = colour
        chart.bars[i].strokeColor = None
    chart.barLabelFormat = lambda v: value_format.format(v)
    chart.barLabels.fontName = font
    chart.barLabels.fontSize = 5.5
    chart.barLabels.fillColor = MUTED
    chart.barLabels.nudge = 5
    d.add(chart)
    x = 32.0
    for name, colour in zip(names, colours, strict=True):
        d.add(Rect(x, 4, 8, 7, fillColor=colour, strokeColor=None))
        label = (labels or {}).get(name) or SERIES_LABELS.get(name, name)
        d.add(String(x + 11, 5, label, fontName=font, fontSize=7, fillColor=INK))
        # Latin text keeps its old spacing; wider (CJK) text is measured so legend entries never overlap
        x += 20 + max(len(label) * 4.5, stringWidth(label, font, 7))
    return d
