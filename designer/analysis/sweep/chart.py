"""The chart of a sweep, as data (no Qt, no reportlab): one metric against one varied parameter, one line per
combination of the other parameters. The window's Sweep dock and the PDF appendix both draw it.

Fractions (utilizations, shares of time) are charted in percent. `cost_per_gbps` is derived: the capital cost of
the point divided by its goodput (Gb/s delivered across the whole fabric), so it compares designs of different
sizes and workloads of any kind (bus bandwidth exists only for collectives and is a per-GPU figure). Money is in
the results' currency, which SweepChart.y_label names.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from designer.analysis.sweep.grid import SweepError
from designer.analysis.sweep.results import SweepResults, message

# metric -> English name, and its unit (money: the results' currency, added by sweep_chart)
METRIC_NAMES: dict[str, str] = {
    "step_time_s": "Step time",
    "completion_time_s": "Completion time",
    "gpu_utilization": "GPU utilization",
    "busbw_gbps": "Bus bandwidth",
    "algbw_gbps": "Algorithm bandwidth",
    "goodput_gbps": "Goodput",
    "throughput_fraction": "Throughput vs ideal fabric",
    "latency_p50_us": "Latency p50",
    "latency_p99_us": "Latency p99",
    "latency_p999_us": "Latency p99.9",
    "link_utilization_max": "Busiest link utilization",
    "pfc_pause_fraction": "PFC pause time",
    "ecn_mark_fraction": "ECN-marked bytes",
    "capex": "Capital cost",
    "capex_network": "Network capital cost",
    "tco": "Total cost of ownership",
    "cost_per_gbps": "Capital cost per Gb/s of goodput",
}
PERCENT_METRICS = ("gpu_utilization", "throughput_fraction", "link_utilization_max", "pfc_pause_fraction",
                   "ecn_mark_fraction")
MONEY_METRICS = ("capex", "capex_network", "tco", "cost_per_gbps")
METRIC_UNITS: dict[str, str] = {m: "s" if m.endswith("_s") else "Gb/s" if m.endswith("_gbps") and m not in
                                MONEY_METRICS else "µs" if m.endswith("_us") else "%" if m in PERCENT_METRICS else ""
                                for m in METRIC_NAMES}
# metric column -> English axis label with unit (money without one: its unit is the currency of the results)
CHART_METRICS: dict[str, str] = {m: f"{n} ({METRIC_UNITS[m]})" if METRIC_UNITS[m] else n
                                 for m, n in METRIC_NAMES.items()}
# the generator options' axis labels; a segment setting (rocev2.xoff_kb) is labelled with its own name
PARAM_LABELS: dict[str, str] = {
    "gpus": "GPUs",
    "kind": "Topology",
    "backend": "Back-end protocol",
    "oversubscription": "Oversubscription",
    "link_gbps": "Link speed (Gb/s)",
    "gpus_per_server": "GPUs per server",
    "frontend": "Front-end network",
    "server_model": "GPU server",
    "switch_model": "Back-end switch",
    "nic_model": "Back-end NIC",
    "planes": "Planes",
    "place": "Job placement",
    "gpus_per_site": "GPUs per site",
    "distance_km": "Distance between sites (km)",
    "dci_gbps": "Long-haul link capacity (Gb/s)",
    "dci_links": "Long-haul links",
}


def time_scale(values: list[float]) -> tuple[float, str]:
    """(factor, unit) that writes seconds readably, by the largest value: 3.6 ms, not 0.0036 s (the dock and the
    PDF appendix both draw times with it)."""
    top = max((abs(v) for v in values), default=0.0)
    if 0 < top < 1e-3:
        return 1e6, "µs"
    if 0 < top < 1:
        return 1e3, "ms"
    return 1.0, "s"


@dataclass(frozen=True)
class ChartSeries:
    """One line: the points sharing the values of every parameter but the x one."""

    label: str                 # "backend=ib, oversubscription=2.0" ("" when only one series)
    x: list[float]             # numeric x (for a categorical x axis: 0..n-1 positions)
    y: list[float | None]      # None where the point failed or lacks the metric
    params: tuple[tuple[str, str], ...] = ()   # (name, value) behind the label, for labels in other languages


@dataclass(frozen=True)
class SweepChart:
    """What to draw: the axes' labels, the x ticks and the lines."""

    metric: str
    y_label: str
    x_param: str
    x_label: str
    categorical: bool                  # x values are not all numbers (e.g. backend=ib,rocev2)
    x_ticks: list[tuple[float, str]]   # positions and texts
    series: list[ChartSeries]


def _number(text: object) -> float | None:
    try:
        return float(str(text))
    except ValueError:
        return None


def _values(results: SweepResults, name: str) -> list[str]:
    """The distinct values of parameter `name`, in point order (= --vary order)."""
    seen: dict[str, None] = {}
    for row in results.rows:
        seen.setdefault(str(row.get(name, "")), None)
    return list(seen)


def _numeric(values: list[str]) -> bool:
    return bool(values) and all(_number(v) is not None for v in values)


def default_metric(results: SweepResults) -> str:
    """step_time_s when any point has it (a training workload), else completion_time_s."""
    return "step_time_s" if any(r.get("step_time_s") is not None for r in results.rows) else "completion_time_s"


def default_x_param(results: SweepResults) -> str:
    """The first varied parameter with several numeric values, else the first varied parameter."""
    for name in results.param_names:
        values = _values(results, name)
        if len(values) > 1 and _numeric(values):
            return name
    return results.param_names[0] if results.param_names else ""


def metric_value(row: dict[str, object], metric: str) -> float | None:
    """The charted value of `metric` in `row` (percent for fractions; cost_per_gbps derived); None if absent."""
    if row.get("error"):
        return None
    if metric == "cost_per_gbps":
        capex, goodput = row.get("capex"), row.get("goodput_gbps")
        if not isinstance(capex, int | float) or not isinstance(goodput, int | float) or goodput <= 0:
            return None
        ratio = float(capex) / float(goodput)
        return ratio if math.isfinite(ratio) else None
    value = row.get(metric)
    if not isinstance(value, int | float) or isinstance(value, bool) or not math.isfinite(value):
        return None
    return 100.0 * float(value) if metric in PERCENT_METRICS else float(value)


def currency_of(results: SweepResults) -> str:
    """The currency of the results' money figures ('' when no point was costed)."""
    return next((str(r["currency"]) for r in results.rows if r.get("currency")), "")


def sweep_chart(results: SweepResults, metric: str | None = None, x_param: str | None = None) -> SweepChart:
    """The chart of `metric` (default_metric) against `x_param` (default_x_param); SweepError names the allowed
    metrics or parameters when one is unknown."""
    metric = metric or default_metric(results)
    if metric not in CHART_METRICS:
        raise SweepError(message("error.sweep.chart_metric", metric=metric, allowed=", ".join(CHART_METRICS)))
    x_param = x_param or default_x_param(results)
    if x_param not in results.param_names:
        raise SweepError(message("error.sweep.chart_param", param=x_param, allowed=", ".join(results.param_names)))
    x_values = _values(results, x_param)
    categorical = not _numeric(x_values)
    position = {v: float(i) if categorical else float(v) for i, v in enumerate(x_values)}
    ticks = sorted(((position[v], v) for v in x_values), key=lambda t: t[0])
    others = [n for n in results.param_names if n != x_param]
    varying = {n for n in others if len(_values(results, n)) > 1}    # a one-value parameter names no line
    groups: dict[tuple[str, ...], list[dict[str, object]]] = {}
    for row in results.rows:
        groups.setdefault(tuple(str(row.get(n, "")) for n in others), []).append(row)
    series = []
    for key, rows in groups.items():
        if not categorical:
            rows = sorted(rows, key=lambda r: position[str(r.get(x_param, ""))])
        params = tuple((n, v) for n, v in zip(others, key, strict=True) if n in varying)
        label = ", ".join(f"{n}={v}" for n, v in params)
        series.append(ChartSeries(label, [position[str(r.get(x_param, ""))] for r in rows],
                                  [metric_value(r, metric) for r in rows], params))
    currency = currency_of(results)
    y_label = CHART_METRICS[metric]
    if metric in MONEY_METRICS and currency:
        y_label = f"{y_label} ({currency})"
    return SweepChart(metric, y_label, x_param, PARAM_LABELS.get(x_param, x_param), categorical, ticks, series)
