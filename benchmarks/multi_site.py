"""Training across two sites: step time and efficiency of hierarchical and flat data parallelism, with and without
overlap, at several distances, against the same GPUs in one site.

Each site is a leaf-spine of GPUS_PER_SITE GPUs (the two-site generator); the long-haul bundle is LINKS links of
GBPS each. Efficiency = one-site step time / two-site step time (the figure NVIDIA quotes for its two-site run).
Runs the max-min rate model (the fluid queues give the same step within 0.2 % at 100 km here and take minutes).
Usage: python benchmarks/multi_site.py [--gpus-per-site 512] [--links 16] [--gbps 400] [--workload SPEC]
       [--km 10 100 1000]
"""

from __future__ import annotations

import argparse

from designer.sim import SimOptions, run
from designer.topology import generate
from designer.topology.two_site import TwoSiteOptions, generate_two_site

KEYS = ("step_time_s", "cross_site_s", "cross_site_exposed_s", "dp_inside_site_s")


def step(doc: object, spec: str) -> dict:
    result = run(doc, [spec], SimOptions(rate_model="maxmin", ideal_pass=False))  # type: ignore[arg-type]
    w: dict = result.data["workloads"][0]
    return w


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--gpus-per-site", type=int, default=512)
    p.add_argument("--links", type=int, default=16)
    p.add_argument("--gbps", type=float, default=400.0)
    p.add_argument("--workload", default="train:70b:tp=8:pp=1")
    p.add_argument("--km", type=float, nargs="+", default=[10.0, 100.0, 1000.0])
    a = p.parse_args()
    one = generate("leaf-spine", gpus=2 * a.gpus_per_site, frontend=False, two_tiers=True)
    base = step(one, a.workload)["step_time_s"]
    print(f"one site, {2 * a.gpus_per_site} GPUs, {a.workload}: step {base:.3f} s")
    print(f"{'km':>6} {'dp':>5} {'overlap':>7} {'step s':>8} {'eff':>6} {'cross s':>8} {'cross exposed s':>15} "
          f"{'inside s':>8}")
    for km in a.km:
        doc = generate_two_site(TwoSiteOptions(a.gpus_per_site, km, a.gbps, a.links))
        for mode in ("hier", "flat"):
            for overlap in ("on", "off"):
                w = step(doc, f"{a.workload}:dp_across_sites={mode}:overlap={overlap}")
                t, cross, exposed, inside = (float(w.get(k) or 0.0) for k in KEYS)
                print(f"{km:>6g} {mode:>5} {overlap:>7} {t:>8.3f} {base / t:>6.1%} {cross:>8.3f} {exposed:>15.3f} "
                      f"{inside:>8.3f}")


if __name__ == "__main__":
    main()
