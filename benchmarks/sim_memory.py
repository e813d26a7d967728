"""Peak memory of simulation runs against the memory budget's estimate (designer/sim/budget.py).

Each case runs in a fresh process. The process first loads the engine and its compiled step with a tiny run and
generates the fabric; its resident size then is the baseline. The case's figure is the peak resident size
(ru_maxrss) minus that baseline, beside the estimate and the counts it comes from (sub-flows and route entries as
routed, fluid flows and flow-hops as installed).
`--first-window` stops a run after its first fluid window (through the `cancel` event of `designer.sim.stream`):
the peak of a run whose flows all start at once is reached when they are put into the queues (FluidQueues.install).
Usage: python benchmarks/sim_memory.py [--first-window] KIND GPUS BACKEND SPEC [KIND GPUS BACKEND SPEC ...]
       e.g. python benchmarks/sim_memory.py fat-tree-3 16384 rocev2 allreduce:1GiB
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import threading
import time

BUDGET_ENV = "FABRIC_DESIGNER_SIM_MEMORY_MIB"


def _rss_mib() -> float:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * resource.getpagesize() / 2**20


def one_case(kind: str, gpus: int, backend: str, spec: str, first_window: bool) -> dict:
    os.environ[BUDGET_ENV] = str(2**20)            # measure every case: no refusal
    from designer.sim import SimOptions, api, stream
    from designer.sim.budget import estimate
    from designer.sim.dynamics.stepper import FluidSimulator
    from designer.sim.routing import Router
    from designer.topology import generate

    warm = generate("fat-tree", gpus=16, backend=backend, frontend=False)
    for w in ("alltoall:1MiB", spec.split(":")[0] + ":1MiB:" + ":".join(spec.split(":")[2:])):
        for _ in stream(warm, [w.rstrip(":")], SimOptions()):      # loads the compiled steps
            pass
    doc = generate(kind, gpus=gpus, backend=backend, frontend=False)
    opts = SimOptions()
    setup = api._set_up(doc, [spec], opts)
    est = estimate(setup.fab, setup.plan)
    del setup
    counts = {"sub_flows": 0, "route_entries": 0, "fluid_flows": 0, "flow_hops": 0}
    cancel = threading.Event()
    route, add_flows, window = Router.route, FluidSimulator.add_flows, FluidSimulator.window

    def counted_route(self, *a, **k):  # type: ignore[no-untyped-def]
        rf = route(self, *a, **k)
        counts["sub_flows"] += rf.n_sub
        counts["route_entries"] += rf.matrix.nnz
        return rf

    def counted_add(self, *a, **k):  # type: ignore[no-untyped-def]
        out = add_flows(self, *a, **k)
        counts["fluid_flows"] = max(counts["fluid_flows"], self.F)
        counts["flow_hops"] = max(counts["flow_hops"], len(self.hq))
        return out

    def one_window(self, *a, **k):  # type: ignore[no-untyped-def]
        out = window(self, *a, **k)
        if first_window:
            cancel.set()
        return out

    Router.route, FluidSimulator.add_flows, FluidSimulator.window = counted_route, counted_add, one_window
    base_mib = _rss_mib()
    hwm_before_mib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    t0 = time.perf_counter()
    for _ in stream(doc, [spec], opts, cancel=cancel):
        pass
    wall = time.perf_counter() - t0
    peak_mib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return {"case": f"{kind} {gpus} {backend} {spec}", "estimate_mib": est.total_bytes / 2**20,
            "measured_mib": peak_mib - base_mib, "base_mib": base_mib, "hwm_before_mib": hwm_before_mib, "wall_s": wall,
            "stopped": cancel.is_set(), **counts}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--first-window", action="store_true")
    ap.add_argument("--case", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("cases", nargs="+", metavar="KIND GPUS BACKEND SPEC")
    args = ap.parse_args()
    if len(args.cases) % 4:
        ap.error("each case is KIND GPUS BACKEND SPEC")
    cases = [args.cases[k:k + 4] for k in range(0, len(args.cases), 4)]
    if args.case:
        kind, gpus, backend, spec = cases[0]
        print(json.dumps(one_case(kind, int(gpus), backend, spec, args.first_window)))
        return 0
    print(f"{'case':<58} {'estimate MiB':>12} {'measured MiB':>12} {'ratio':>6} {'sub-flows':>10} "
          f"{'entries':>11} {'fluid flows':>11} {'flow-hops':>10} {'wall s':>7}")
    for case in cases:
        cmd = [sys.executable, __file__, "--case", *case] + (["--first-window"] if args.first_window else [])
        out = subprocess.run(cmd, capture_output=True, text=True)
        if out.returncode != 0:
            print(f"{' '.join(case):<58} failed: {out.stderr.strip().splitlines()[-1:]}", flush=True)
            continue
        r = json.loads(out.stdout)
        name = r["case"] + (" (1st window)" if r["stopped"] else "")
        print(f"{name:<58} {r['estimate_mib']:>12.0f} {r['measured_mib']:>12.0f} "
              f"{r['estimate_mib'] / max(r['measured_mib'], 1):>6.2f} {r['sub_flows']:>10,} "
              f"{r['route_entries']:>11,} {r['fluid_flows']:>11,} {r['flow_hops']:>10,} {r['wall_s']:>7.1f}",
              flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
