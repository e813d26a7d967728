"""The advisor's wall time with its candidates one after another and on local processes, side by side.

Run: python benchmarks/advise.py [GPUS] [--runs N] [--workers W] [--window]. Times the whole command
`fabric-designer advise --gpus GPUS --json` (default workload) in a fresh process with --workers 1 and with
--workers W (default: one per core), in turn, N times each (default 3); prints each run, the medians, the load
average before and after, and whether the two JSON outputs were identical. With --window, advise() itself in this
process with Qt loaded, as the window's advisor runs it (workers from the fork server; its first run starts it).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time


def timed(gpus: int, workers: int, window: bool) -> tuple[float, str]:
    if window:
        from designer.analysis.advisor import RunControl, advise

        t0 = time.perf_counter()
        out = json.dumps(advise(gpus, control=RunControl(workers=workers)).to_dict())
        return time.perf_counter() - t0, out
    cmd = [sys.executable, "-m", "designer", "advise", "--gpus", str(gpus), "--json", "--workers", str(workers)]
    t0 = time.perf_counter()
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    return time.perf_counter() - t0, out


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("gpus", nargs="?", type=int, default=512)
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    p.add_argument("--window", action="store_true")
    args = p.parse_args(argv)
    if args.window:
        import PySide6.QtCore  # noqa: F401 - loaded as in the window: workers do not fork from this process
    load_before = os.getloadavg()[0]
    times: dict[int, list[float]] = {1: [], args.workers: []}
    outputs: dict[int, set[str]] = {1: set(), args.workers: set()}
    for run in range(args.runs):
        for workers in times:
            seconds, out = timed(args.gpus, workers, args.window)
            times[workers].append(seconds)
            outputs[workers].add(out)
            print(f"run {run + 1}: {workers} worker(s) {seconds:6.2f} s", flush=True)
    one, many = (statistics.median(times[w]) for w in times)
    where = "advise() with Qt loaded" if args.window else "advise"
    print(f"{where} --gpus {args.gpus} (default workload), {os.cpu_count()} cores, "
          f"load {load_before:.2f} before, {os.getloadavg()[0]:.2f} after")
    print(f"1 worker: median {one:.2f} s of {args.runs} | {args.workers} workers: median {many:.2f} s "
          f"(x{one / many:.2f})")
    same = len(outputs[1] | outputs[args.workers]) == 1
    print(f"identical JSON: {same}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
