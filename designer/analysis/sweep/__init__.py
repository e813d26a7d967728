"""Design-space sweeps: a grid over generator options and segment settings, run serially, over local processes
or on a Dask cluster, resumable, to CSV. No Qt."""

from designer.analysis.sweep.grid import Axis, SweepError, parse_axes, parse_axis, points
from designer.analysis.sweep.runner import METRIC_COLUMNS, SweepTask, evaluate_point, run_points
from designer.analysis.sweep.store import ResultStore
from designer.analysis.sweep.sweep import SweepSummary, run_sweep

__all__ = ["METRIC_COLUMNS", "Axis", "ResultStore", "SweepError", "SweepSummary", "SweepTask", "evaluate_point",
           "parse_axes", "parse_axis", "points", "run_points", "run_sweep"]
