"""The window's first advice with the fork server started when the advisor opens, and without, side by side.

Run: python benchmarks/advisor_first_run.py [GPUS] [--runs N] [--form-s S]. Each run is a fresh process with Qt
loaded, as the window (workers start from the program's fork server, designer/analysis/local_processes.py). It
waits S seconds (default 3: the user filling in the advisor's form), having started the fork server at the start of
that wait or not, then times advise() on GPUS GPUs (default 512) with one worker per core. Prints each run, the
medians of the two, and the load average before and after.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time


def child(gpus: int, form_s: float, warm: bool) -> float:
    import PySide6.QtCore  # noqa: F401 - loaded as in the window: workers do not fork from this process

    from designer.analysis.advisor import RunControl, advise
    from designer.analysis.local_processes import start_fork_server

    if warm:
        start_fork_server()
    time.sleep(form_s)
    t0 = time.perf_counter()
    advise(gpus, control=RunControl(workers=os.cpu_count() or 1))
    return time.perf_counter() - t0


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("gpus", nargs="?", type=int, default=512)
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--form-s", type=float, default=3.0)
    p.add_argument("--child", choices=("warm", "cold"))
    args = p.parse_args(argv)
    if args.child:
        print(child(args.gpus, args.form_s, args.child == "warm"))
        return 0
    load_before = os.getloadavg()[0]
    times: dict[str, list[float]] = {"cold": [], "warm": []}
    for run in range(args.runs):
        for kind in times:
            out = subprocess.run([sys.executable, __file__, str(args.gpus), "--form-s", str(args.form_s),
                                  "--child", kind], check=True, capture_output=True, text=True).stdout
            times[kind].append(float(out.split()[-1]))
            print(f"run {run + 1}: fork server {'started when the form opened' if kind == 'warm' else 'at Next'}: "
                  f"{times[kind][-1]:.2f} s", flush=True)
    cold, warm = (statistics.median(times[k]) for k in ("cold", "warm"))
    print(f"first advice on {args.gpus} GPUs after {args.form_s:g} s in the form, {os.cpu_count()} cores, load "
          f"{load_before:.2f} before, {os.getloadavg()[0]:.2f} after")
    print(f"server started at Next: median {cold:.2f} s | when the form opened: median {warm:.2f} s "
          f"(x{cold / warm:.2f}, medians of {args.runs})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
