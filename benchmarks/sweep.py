"""Sweep throughput: points per second run serially vs over local processes, on the same grid and seed.

Run: python benchmarks/sweep.py [WORKERS]. The grid is 16 points of 256- and 512-GPU fat trees (protocol,
oversubscription, RoCEv2 queue pairs, allreduce 64 MiB); the two results files must be identical.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

from designer.analysis.sweep import SweepTask, parse_axes, run_sweep

VARY = ["gpus=256,512", "backend=ib,rocev2", "oversubscription=1,2", "rocev2.qps=1,4"]
WORKLOAD = ("allreduce:64MiB",)


def timed(task: SweepTask, out: Path, workers: int) -> tuple[float, int]:
    axes = parse_axes(VARY, generated=True)
    t0 = time.perf_counter()
    summary = run_sweep(task, axes, out, workers=workers)
    return time.perf_counter() - t0, summary.computed


def main(argv: list[str]) -> int:
    workers = int(argv[0]) if argv else (os.cpu_count() or 1)
    task = SweepTask(WORKLOAD, seed=1, generate_kind="fat-tree")
    with tempfile.TemporaryDirectory() as tmp:
        serial_s, n = timed(task, Path(tmp) / "serial.csv", 1)
        parallel_s, _ = timed(task, Path(tmp) / "parallel.csv", workers)
        same = (Path(tmp) / "serial.csv").read_text() == (Path(tmp) / "parallel.csv").read_text()
    print(f"{n} points, {os.cpu_count()} cores")
    print(f"serial:                    {serial_s:6.2f} s  {n / serial_s:6.2f} points/s")
    print(f"local processes ({workers:2d}):     {parallel_s:6.2f} s  {n / parallel_s:6.2f} points/s "
          f"(x{serial_s / parallel_s:.2f}, includes starting the processes)")
    print(f"identical results: {same}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
