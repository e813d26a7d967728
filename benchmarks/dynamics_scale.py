"""Wall time of the queue-dynamics model: about 10 ms of simulated congestion on 256 and 1,024 GPUs.

Cases: a 64:1 incast (64 senders x 8 MiB into one 400G port, ~10.8 ms at line rate) and an AllToAll
of 256 MiB per rank (~10 ms on a 1:1 fabric), on RoCEv2 fat-trees (PFC + ECN/DCQCN) and on IB
(credits). Each case runs in a fresh process; peak memory is that process's.
Usage: python benchmarks/dynamics_scale.py [GPUS ...] [--backend rocev2|ib]
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time

SIZES = (256, 1024)
WORKLOADS = ("incast:64:8MiB", "alltoall:256MiB")


def one_case(gpus: int, workload: str, backend: str) -> dict:
    from designer.sim import SimOptions, run
    from designer.topology import generate

    doc = generate("fat-tree", gpus=gpus, backend=backend, frontend=False)
    t0 = time.perf_counter()
    res = run(doc, [workload], SimOptions(ideal_pass=False))
    wall = time.perf_counter() - t0
    d = res.data
    return {"gpus": gpus, "workload": workload, "wall_s": wall,
            "peak_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
            "sim_ms": d["completion_time_s"] * 1e3, "pause": d["pfc_pause_fraction"],
            "stall": d["credit_stall_fraction"], "p99_us": d["latency_us"]["p99"], "model": d["rate_model"]}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("gpus", nargs="*", type=int, default=list(SIZES))
    ap.add_argument("--backend", default="rocev2", choices=("ib", "rocev2"))
    ap.add_argument("--case", nargs=2, metavar=("GPUS", "WORKLOAD"), help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.case:
        print(json.dumps(one_case(int(args.case[0]), args.case[1], args.backend)))
        return 0
    print(f"{'GPUs':>6} {'workload':<18} {'backend':<7} {'wall s':>8} {'peak MiB':>9} {'sim ms':>8} {'pause':>6} "
          f"{'stall':>6} {'p99 us':>8}")
    for gpus in args.gpus:
        for workload in WORKLOADS:
            out = subprocess.run([sys.executable, __file__, "--case", str(gpus), workload, "--backend", args.backend],
                                 capture_output=True, text=True)
            if out.returncode != 0:
                print(f"{gpus:>6} {workload:<18} failed: {out.stderr.strip().splitlines()[-1:]}")
                continue
            r = json.loads(out.stdout)
            print(f"{r['gpus']:>6} {r['workload']:<18} {args.backend:<7} {r['wall_s']:>8.2f} {r['peak_mib']:>9.0f} "
                  f"{r['sim_ms']:>8.2f} {r['pause']:>6.3f} {r['stall']:>6.3f} {r['p99_us']:>8.1f}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
