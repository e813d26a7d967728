"""run_sweep(): the points of a grid that the results file does not hold yet, run, stored as they finish."""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from designer.analysis.sweep.grid import Axis, points
from designer.analysis.sweep.runner import SweepTask, run_points
from designer.analysis.sweep.store import ResultStore


@dataclass
class SweepSummary:
    """How many points the grid has, how many were already in the file, how many ran now (fewer than the missing
    ones when the sweep was stopped), how many of those failed."""

    total: int
    resumed: int
    computed: int
    failed: int


def run_sweep(task: SweepTask, axes: list[Axis], output: str | Path, *, workers: int | None = None,
              dask_address: str | None = None,
              progress: Callable[[int, int], None] | None = None,
              on_row: Callable[[dict[str, object], dict[str, object]], None] | None = None,
              cancel: threading.Event | None = None) -> SweepSummary:
    """Run every point not yet in `output` (.csv or .parquet), storing each as it finishes; then rewrite the file
    in point order.

    `progress(done, total)` is called after each point (done counts resumed points too); `on_row(point, row)`
    with each finished point's parameters and figures. When `cancel` is set, no further point is waited for: the
    finished ones are written and a later run with the same file computes the rest.
    """
    grid = points(axes)
    store = ResultStore(output, [a.name for a in axes])
    todo = [(i, p) for i, p in enumerate(grid) if not store.is_done(p)]
    resumed = len(grid) - len(todo)
    done, computed, failed = resumed, 0, 0
    if progress:
        progress(done, len(grid))
    rows = run_points(task, todo, workers=workers, dask_address=dask_address)
    try:
        for row in rows:
            point = grid[int(row["point"])]  # type: ignore[call-overload]  # the runner writes the int index
            store.add(point, row)
            done += 1
            computed += 1
            failed += bool(row.get("error"))
            if on_row:
                on_row(point, row)
            if progress:
                progress(done, len(grid))
            if cancel is not None and cancel.is_set():
                break
    finally:
        rows.close()     # stops the local processes or the Dask client of points not yet finished
    store.finish(grid)
    return SweepSummary(len(grid), resumed, computed, failed)
