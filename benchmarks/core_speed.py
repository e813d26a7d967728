"""Speed of the core on large designs: generating, laying out and checking them.

Prints, for each size, the median of REPEATS runs of: `generate`, `auto_layout` and `run_checks`.
Targets: a 16,384-GPU three-tier fat tree generates in under 10 s and lays out in under 5 s; the design
rules check a 1,024-GPU fabric in under 2 s. Run: python benchmarks/core_speed.py [GPUS ...]
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable

from designer.catalog import load_catalog
from designer.topology import generate
from designer.topology.checks import run_checks
from designer.topology.layout import auto_layout

REPEATS = 3
DEFAULT_SIZES = (1024, 16384)


def median_s(action: Callable[[], object]) -> float:
    times = []
    for _ in range(REPEATS):
        t0 = time.perf_counter()
        action()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def main(argv: list[str]) -> int:
    sizes = [int(a) for a in argv] or list(DEFAULT_SIZES)
    catalog = load_catalog()
    for gpus in sizes:
        kind = "fat-tree-3" if gpus > 4096 else "fat-tree"
        doc = generate(kind, gpus=gpus, backend="rocev2")
        gen = median_s(lambda kind=kind, gpus=gpus: generate(kind, gpus=gpus, backend="rocev2"))
        lay = median_s(lambda doc=doc: auto_layout(doc))
        chk = median_s(lambda doc=doc: run_checks(doc, catalog))
        print(f"{kind} {gpus:,} GPUs ({len(doc.nodes):,} nodes, {len(doc.links):,} links): "
              f"generate {gen:.2f} s, layout {lay:.2f} s, checks {chk:.2f} s (median of {REPEATS})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
