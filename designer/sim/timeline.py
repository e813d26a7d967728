"""The `--timeline OUT.csv` time series: one row per snapshot of simulated time."""

from __future__ import annotations

import csv
import os
from collections.abc import Iterable

import numpy as np

from designer.sim.api import Snapshot

COLUMNS = ("time_s", "throughput_gbps", "in_flight", "links_busy", "link_util_mean", "link_util_max",
           "latency_p50_us", "latency_p99_us", "progress")


def timeline_rows(snapshots: Iterable[Snapshot]) -> list[tuple[str, str, int, int, str, str, str, str, str]]:
    """Rows of the CSV: utilisation summarised over the links that carry traffic at that moment."""
    rows = []
    for s in snapshots:
        u = np.asarray(s.link_utilization)
        busy = u[u > 0]
        rows.append((f"{s.time_s:.9g}", f"{s.throughput_gbps:.6g}", s.in_flight, int(len(busy)),
                     f"{float(busy.mean()) if len(busy) else 0.0:.6g}", f"{float(u.max()) if len(u) else 0.0:.6g}",
                     f"{s.latency_us.get('p50', 0.0):.6g}", f"{s.latency_us.get('p99', 0.0):.6g}",
                     f"{s.progress:.6g}"))
    return rows


def write_timeline(path: str | os.PathLike[str], snapshots: Iterable[Snapshot]) -> int:
    """Write the CSV (atomically: a temporary file renamed over the target); returns the row count."""
    rows = timeline_rows(snapshots)
    tmp = f"{os.fspath(path)}.tmp"
    with open(tmp, "w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow(COLUMNS)
        writer.writerows(rows)
    os.replace(tmp, path)
    return len(rows)
