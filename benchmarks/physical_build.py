"""Time to generate a design with its rack plan and cabling, to price it (rack plan + cable schedule + BOM) and to
write its cabling plan, at 1,024 and 16,384 GPUs. Prints the median of several runs of each step.
Usage: python benchmarks/physical_build.py [--repeat N] [GPUS ...]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CASES = {1024: ("fat-tree", "ib"), 16384: ("fat-tree-3", "rocev2")}


def median_s(step: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        step()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("gpus", nargs="*", type=int, default=list(CASES))
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    from designer.catalog import load_catalog
    from designer.export.cabling_plan import cabling_rows
    from designer.topology import generate
    from designer.topology.cost import cost_report

    cat = load_catalog()
    print(f"{'GPUs':>6} {'links':>7} {'generate s':>11} {'cost s':>8} {'cabling plan s':>15}")
    for gpus in args.gpus:
        kind, backend = CASES.get(gpus, ("fat-tree-3" if gpus > 2048 else "fat-tree", "ib"))
        gen = median_s(lambda kind=kind, backend=backend, gpus=gpus: generate(kind, gpus=gpus, backend=backend,
                                                                             catalog=cat), args.repeat)
        doc = generate(kind, gpus=gpus, backend=backend, catalog=cat)
        cost = median_s(lambda doc=doc: cost_report(doc, cat), args.repeat)
        rows = median_s(lambda doc=doc: cabling_rows(doc, cat), args.repeat)
        print(f"{gpus:>6} {len(doc.links):>7} {gen:>11.2f} {cost:>8.2f} {rows:>15.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
