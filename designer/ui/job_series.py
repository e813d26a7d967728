"""Each job's goodput in the Throughput plot while several jobs run: one curve per job, in the job's colour.

The values come with the snapshots (extra["job_gbps"], designer/sim/api.py: the bytes each job's flows delivered
in the engine's latest interval); the curves are drawn with the plot's other curves, up to the same snapshot.
"""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg

from designer.ui.theme import job_colour

JOB_PEN_WIDTH = 1.8


class JobCurves:
    """Per-job buffers and curves on one plot."""

    def __init__(self, plot: pg.PlotWidget, capacity: int) -> None:
        self.plot = plot
        self.capacity = capacity
        self.names: list[str] = []
        self.buffers = np.zeros((0, capacity))
        self.curves: list[pg.PlotDataItem] = []

    def set_jobs(self, names: list[str]) -> None:
        """The jobs of the coming run (none: a run of one workload has no per-job curves)."""
        for curve in self.curves:
            self.plot.removeItem(curve)
        self.names = list(names)
        self.buffers = np.zeros((len(names), self.capacity))
        self.curves = [self.plot.plot([], [], pen=pg.mkPen(job_colour(k), width=JOB_PEN_WIDTH))
                       for k in range(len(names))]

    def reset(self) -> None:
        self.buffers[:] = 0.0

    def add(self, row: int, gbps: list[float] | None) -> None:
        if gbps is None or len(gbps) != len(self.names) or row >= self.capacity:
            return
        self.buffers[:, row] = gbps

    def top(self, n: int) -> float:
        return float(self.buffers[:, :n].max()) if n and len(self.names) else 0.0

    def draw(self, t_ms: np.ndarray, n: int, t_scale: float, y_scale: float) -> None:
        for k, curve in enumerate(self.curves):
            curve.setData(t_ms[:n] / t_scale, self.buffers[k, :n] / y_scale)

    def legend(self) -> list[tuple[str, str]]:
        """(name, colour) of each job's curve, for the plot's title line."""
        return [(name, job_colour(k).name()) for k, name in enumerate(self.names)]

    def values(self, row: int, y_scale: float, unit: str) -> list[str]:
        """Each job's value at a row, for the hover text."""
        return [f"{name}: {self.buffers[k, row] / y_scale:.4g} {unit}" for k, name in enumerate(self.names)]

    def series(self, n: int) -> np.ndarray:
        """The recorded values, one row per job (for tests and exports)."""
        return self.buffers[:, :n].copy()
