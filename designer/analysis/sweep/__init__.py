"""Design-space sweeps: a grid over generator options and segment settings, run serially, over local processes
or on a Dask cluster, resumable, to CSV or Parquet; the results read back and charted. No Qt."""

from designer.analysis.sweep.chart import CHART_METRICS, ChartSeries, SweepChart, default_metric, sweep_chart
from designer.analysis.sweep.grid import Axis, SweepError, parse_axes, parse_axis, points
from designer.analysis.sweep.results import SweepResults, read_results, results_from_rows
from designer.analysis.sweep.runner import METRIC_COLUMNS, SweepTask, evaluate_point, run_points
from designer.analysis.sweep.store import ResultStore
from designer.analysis.sweep.sweep import SweepSummary, run_sweep

__all__ = ["CHART_METRICS", "METRIC_COLUMNS", "Axis", "ChartSeries", "ResultStore", "SweepChart", "SweepError",
           "SweepResults", "SweepSummary", "SweepTask", "default_metric", "evaluate_point", "parse_axes",
           "parse_axis", "points", "read_results", "results_from_rows", "run_points", "run_sweep", "sweep_chart"]
