"""Wall time of a congested run against a packet-level simulator's, on the packet simulator's own benchmark.

The case: 1,024 hosts of one 100G NIC each in a 3-tier fat tree of 16-port switches, a permutation of 2 MB per
host, one queue pair per flow on ECMP (no spraying), DCQCN on with the segment's default (plain) parameters. A
packet-level simulator (htsim, one core) takes 16.5 s for the same traffic on this fabric; the goal is ten times
faster. The hosts and the switch are not in the product's catalog: they come from a catalog file of their own
(resources/validation/hosts-100g.json), given to the command line through FABRIC_DESIGNER_CATALOG as a user
would.

Each run is a fresh `fabric-designer simulate` process; the first, with an empty compiled-code cache, also pays for
compiling the fluid model (reported apart). Then RUNS timed runs: their median is the figure.
Usage: python benchmarks/packet_sim_comparison.py [--runs 5]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CATALOG = ROOT / "resources" / "validation" / "hosts-100g.json"
PACKET_SIM_WALL_S = 16.5          # htsim (UEC fork), same fabric and traffic, one core
WORKLOAD = "permutation:2MB:qps=1:spray=off:dcqcn=on"


def _cli(*args: str, env: dict) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "designer", *args], capture_output=True, text=True, env=env,
                          cwd=ROOT, check=True)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "FABRIC_DESIGNER_CATALOG": str(CATALOG), "XDG_CACHE_HOME": tmp}
        design = Path(tmp) / "hosts-1024.json"
        _cli("generate", "fat-tree-3", "--gpus", "1024", "--gpus-per-server", "1", "--server-model", "host-100g",
             "--switch-model", "k16-100g", "--link-gbps", "100", "--no-frontend", "--preset", "plain",
             "-o", str(design), env=env)
        walls, sims = [], []
        for k in range(args.runs + 1):
            t0 = time.perf_counter()
            out = _cli("simulate", str(design), "--workload", WORKLOAD, "--json", env=env)
            wall = time.perf_counter() - t0
            data = json.loads(out.stdout)
            if k == 0:
                print(f"first run (compiles the fluid model into an empty cache): {wall:.2f} s")
            else:
                walls.append(wall)
                sims.append(data["sim_wall_time_s"])
        med = statistics.median(walls)
        print(f"1,024 hosts x 100G, 3-tier fat tree, {WORKLOAD}")
        print(f"  simulated completion     {data['completion_time_s'] * 1e3:.3f} ms "
              f"({1 / data['throughput_fraction']:.2f} x the ideal fabric's)")
        spread = f"min {min(walls):.2f}, max {max(walls):.2f}"
        print(f"  process wall time        median {med:.2f} s of {args.runs} ({spread})")
        print(f"  of which the simulation  median {statistics.median(sims):.2f} s")
        print(f"  packet-level simulator   {PACKET_SIM_WALL_S:.1f} s  ->  {PACKET_SIM_WALL_S / med:.1f} x faster")
    return 0


if __name__ == "__main__":
    sys.exit(main())
