"""Vector charts of simulation results (reportlab.graphics): latency percentiles, utilization, IB vs RoCEv2."""

from __future__ import annotations

from reportlab.graphics.charts.barcharts import VerticalBarChart
from reportlab.graphics.shapes import Drawing, Rect, String
from reportlab.lib import colors
from reportlab.pdfbase.pdfmetrics import stringWidth

from designer.report.styles import BACKEND_COLOUR, INK, MUTED, PROTOCOL_COLOURS, RULE

SERIES_LABELS = {"ib": "InfiniBand", "rocev2": "RoCEv2"}


def _nice_max(value: float) -> float:
    """A round axis maximum at or above `value` (1, 2, 2.5 or 5 times a power of ten)."""
    if value <= 0:
        return 1.0
    import math

    base = 10 ** math.floor(math.log10(value))
    for step in (1, 2, 2.5, 5, 10):
        if step * base >= value:
            return step * base
    return 10 * base


# series that are not protocols (speed, cost, ...) take these in turn, so two of them never share a colour
OTHER_SERIES_COLOURS = (colors.HexColor("#3B6EA5"), colors.HexColor("#D9822B"), colors.HexColor("#2E8B57"),
                        BACKEND_COLOUR)


def series_colours(names: list[str]) -> list:
    """A colour per series: the protocol's own colour for 'ib' / 'rocev2', distinct others for the rest."""
    others = iter(OTHER_SERIES_COLOURS * (1 + len(names) // len(OTHER_SERIES_COLOURS)))
    return [PROTOCOL_COLOURS[n] if n in PROTOCOL_COLOURS else next(others) for n in names]


def bar_chart(title: str, categories: list[str], series: dict[str, list[float]], font: str,
              *, width: float = 230, height: float = 160, value_format: str = "{:.1f}",
              value_max: float | None = None) -> Drawing:
    """Grouped vertical bars, one colour per series (protocol), with a title, value labels and a legend.

    `value_max` fixes the axis (percentages end at 100); otherwise a round number above the tallest bar."""
    d = Drawing(width, height)
    d.add(String(0, height - 10, title, fontName=font, fontSize=8.5, fillColor=INK))
    chart = VerticalBarChart()
    chart.x, chart.y = 32, 30
    chart.width, chart.height = width - 40, height - 62
    names = list(series)
    chart.data = [series[n] for n in names]
    chart.categoryAxis.categoryNames = categories
    chart.categoryAxis.labels.fontName = font
    chart.categoryAxis.labels.fontSize = 7
    chart.categoryAxis.strokeColor = RULE
    chart.valueAxis.labels.fontName = font
    chart.valueAxis.labels.fontSize = 6.5
    chart.valueAxis.strokeColor = RULE
    chart.valueAxis.valueMin = 0
    top = max((v for vals in chart.data for v in vals), default=1.0)
    chart.valueAxis.valueMax = value_max if value_max is not None and value_max >= top else _nice_max(top * 1.15)
    # 120 (a percentage axis with room for the labels above 100) divides into round steps of 20, others of 1/5
    chart.valueAxis.valueStep = chart.valueAxis.valueMax / (6 if chart.valueAxis.valueMax == 120 else 5)
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
        label = SERIES_LABELS.get(name, name)
        d.add(String(x + 11, 5, label, fontName=font, fontSize=7, fillColor=INK))
        # Latin text keeps its old spacing; wider (CJK) text is measured so legend entries never overlap
        x += 20 + max(len(label) * 4.5, stringWidth(label, font, 7))
    return d
