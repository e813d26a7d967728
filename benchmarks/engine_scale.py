"""Wall time, peak memory and events per second of the simulation engine on generated fat-trees.

Runs allreduce:1GiB and permutation:256MiB on RoCEv2 fat-trees of 128, 1,024, 8,192 and 16,384 GPUs
(generation excluded from the timing) and prints a table. Each case runs in a fresh process so
that peak memory (ru_maxrss) belongs to that case alone.
Usage: python benchmarks/engine_scale.py [GPUS ...] [--backend ib|rocev2] [--rate-model queue|maxmin]
       [--workloads SPEC ...]   (default: allreduce:1GiB permutation:256MiB; e.g. --workloads alltoall:256MiB)
       [--no-jumps]             (step through every steady state: the reference the jumps are measured against)
       [--tail]                 (also print the p99.9 latency and the share of bytes ECN-marked)
       [--setup]                (also print the set-up: the seconds before the first window of the fluid queues)
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time

SIZES = (128, 1024, 8192, 16384)
WORKLOADS = ("allreduce:1GiB", "permutation:256MiB")


def one_case(gpus: int, workload: str, backend: str, rate_model: str, jumps: bool = True) -> dict:
    from designer.sim import SimOptions, run
    from designer.sim.dynamics import steady
    from designer.topology import generate

    steady.JUMPS = jumps
    first_window = _first_window_clock()

    kind = "fat-tree" if gpus <= 8192 else "fat-tree-3"
    doc = generate(kind, gpus=gpus, backend=backend, frontend=False)
    t0 = time.perf_counter()
    res = run(doc, [workload], SimOptions(rate_model=rate_model))
    wall = time.perf_counter() - t0
    peak_mib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    d = res.data
    return {"gpus": gpus, "kind": kind, "workload": workload, "wall_s": wall, "peak_mib": peak_mib,
            "events": d["events"], "events_per_s": d["events"] / wall if wall > 0 else 0.0,
            "completion_s": d["completion_time_s"], "throughput_fraction": d["throughput_fraction"],
            "busbw_gbps": d["busbw_gbps"], "p999_us": d["latency_us"]["p999"], "marked": d["ecn_mark_fraction"],
            "setup_s": first_window[0] - t0 if first_window else float("nan")}


def _first_window_clock() -> list[float]:
    """A list that receives the clock at the first window of the fluid queues (the end of the run's set-up:
    routing, the ideal pass, the queues' flows), empty in a run without them."""
    from designer.sim.fluid_queues import FluidQueues

    stamp: list[float] = []
    window = FluidQueues.window

    def stamped(self: FluidQueues, *args: object, **kwargs: object) -> object:
        if not stamp:
            stamp.append(time.perf_counter())
        return window(self, *args, **kwargs)

    FluidQueues.window = stamped  # type: ignore[method-assign,assignment]
    return stamp


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("gpus", nargs="*", type=int, default=list(SIZES))
    ap.add_argument("--backend", default="rocev2", choices=("ib", "rocev2"))
    ap.add_argument("--rate-model", default="queue", choices=("queue", "maxmin"))
    ap.add_argument("--workloads", nargs="+", default=list(WORKLOADS), metavar="SPEC")
    ap.add_argument("--no-jumps", action="store_true", help="step through steady states instead of jumping them")
    ap.add_argument("--tail", action="store_true", help="also print the p99.9 latency and the marked share")
    ap.add_argument("--setup", action="store_true", help="also print the seconds before the first fluid window")
    ap.add_argument("--case", nargs=2, metavar=("GPUS", "WORKLOAD"), help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.case:
        print(json.dumps(one_case(int(args.case[0]), args.case[1], args.backend, args.rate_model,
                                  jumps=not args.no_jumps)))
        return 0
    tail = (f" {'p99.9 us':>9} {'marked %':>8}" if args.tail else "") + (f" {'setup s':>8}" if args.setup else "")
    print(f"{'GPUs':>6} {'topology':<10} {'workload':<20} {'wall s':>8} {'peak MiB':>9} {'events/s':>10} "
          f"{'sim s':>10} {'thr.frac':>8} {'busbw Gb/s':>10}{tail}")
    for gpus in args.gpus:
        for workload in args.workloads:
            out = subprocess.run([sys.executable, __file__, "--case", str(gpus), workload, "--backend", args.backend,
                                  "--rate-model", args.rate_model] + (["--no-jumps"] if args.no_jumps else []),
                                 capture_output=True, text=True)
            if out.returncode != 0:
                print(f"{gpus:>6} {workload:<20} failed: {out.stderr.strip().splitlines()[-1:]}")
                continue
            r = json.loads(out.stdout)
            bus = f"{r['busbw_gbps']:.0f}" if r["busbw_gbps"] else "-"
            print(f"{r['gpus']:>6} {r['kind']:<10} {r['workload']:<20} {r['wall_s']:>8.2f} {r['peak_mib']:>9.0f} "
                  f"{r['events_per_s']:>10.3g} {r['completion_s']:>10.4g} {r['throughput_fraction']:>8.3f} {bus:>10}"
                  + (f" {r['p999_us']:>9.1f} {100 * r['marked']:>8.3f}" if args.tail else "")
                  + (f" {r['setup_s']:>8.2f}" if args.setup else ""), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
