"""run_sweep(): the points of a grid that the results file does not hold yet, run, stored as they finish."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from designer.analysis.sweep.grid import Axis, points
from designer.analysis.sweep.runner import SweepTask, run_points
from designer.analysis.sweep.store import ResultStore


@dataclass
class SweepSummary:
    """How many points the grid has, how many were already in the file, how many ran now."""

    total: int
    resumed: int
    computed: int
    failed: int


def run_sweep(task: SweepTask, axes: list[Axis], output: str | Path, *, workers: int | None = None,
              dask_address: str | None = None,
              progress: Callable[[int, int], None] | None = None) -> SweepSummary:
    """Run every point not yet in `output`, appending each as it finishes; then rewrite the file in point order.

    `progress(done, total)` is called after each point (done counts resumed points too).
    """
    grid = points(axes)
    store = ResultStore(output, [a.name for a in axes])
    todo = [(i, p) for i, p in enumerate(grid) if not store.is_done(p)]
    resumed = len(grid) - len(todo)
    done, failed = resumed, 0
    if progress:
        progress(done, len(grid))
    for row in run_points(task, todo, workers=workers, dask_address=dask_address):
        store.add(grid[int(row["point"])], row)
        done += 1
        failed += bool(row.get("error"))
        if progress:
            progress(done, len(grid))
    store.finish(grid)
    return SweepSummary(len(grid), resumed, len(todo), failed)
