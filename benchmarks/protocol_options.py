"""The InfiniBand option of a RoCEv2 drawing against the InfiniBand design the generator builds for the same GPUs.

Run: python benchmarks/protocol_options.py [GPUS ...] (default 128 512 1024 4096 8192; 8,192 takes half a minute).
For fat-tree and rail-optimized RoCEv2 drawings (front-end included) it prints the option's capex, the generated
InfiniBand design's (fat-tree-3 where two tiers of QM9700s do not hold the GPUs), the difference, where it lies by
kind of item, and the option's `check` errors (none expected): docs/rail-only-multi-plane.md quotes the figures.
"""

from __future__ import annotations

import sys
import time
from collections import Counter, defaultdict

from designer.analysis.protocol_options import variants
from designer.catalog.loader import Catalog, load_catalog
from designer.model.document import FabricDocument
from designer.model.errors import ProjectError
from designer.topology.checks import run_checks
from designer.topology.cost import CostReport, cost_report
from designer.topology.generate import generate

KINDS = ("fat-tree", "rail-optimized")
SIZES = (128, 512, 1024, 4096, 8192)


def by_kind(report: CostReport) -> dict[str, float]:
    """Capital cost by kind of item (switch, cable, optics, ...)."""
    out: dict[str, float] = defaultdict(float)
    for item in report.items:
        if not item.per_year:
            out[item.kind] += item.total
    return out


def native_ib(kind: str, gpus: int, cat: Catalog) -> tuple[str, FabricDocument]:
    """The generated InfiniBand design of these GPUs: of the same kind, else the 3-tier fat tree."""
    try:
        return kind, generate(kind, gpus=gpus, backend="ib", catalog=cat)
    except ProjectError:
        return "fat-tree-3", generate("fat-tree-3", gpus=gpus, backend="ib", catalog=cat)


def main(argv: list[str]) -> int:
    cat = load_catalog()
    sizes = [int(a) for a in argv] or list(SIZES)
    print(f"{'RoCEv2 drawing':<22}{'IB option $':>16}{'generated IB $':>16}  {'diff':>8}  errors  where it differs")
    for kind in KINDS:
        for gpus in sizes:
            t0 = time.perf_counter()
            option = variants(generate(kind, gpus=gpus, backend="rocev2", catalog=cat), cat)["ib"]
            errors = Counter(f.rule for f in run_checks(option.doc, cat) if f.severity == "error")
            native_kind, native = native_ib(kind, gpus, cat)
            report = cost_report(native, cat)
            mine, theirs = by_kind(option.cost), by_kind(report)
            differs = {k: round(mine[k] - theirs[k]) for k in sorted(mine.keys() | theirs.keys())
                       if abs(mine[k] - theirs[k]) >= 1}
            against = "" if native_kind == kind else f" (vs {native_kind})"
            print(f"{kind + ' ' + str(gpus):<22}{option.cost.capex:>16,.0f}{report.capex:>16,.0f}  "
                  f"{option.cost.capex / report.capex - 1:>+8.3%}  {sum(errors.values()):>6}  {differs}{against} "
                  f"[{time.perf_counter() - t0:.1f} s]", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
