"""The InfiniBand option of a RoCEv2 drawing against the InfiniBand design the generator builds for the same GPUs.

Run: python benchmarks/protocol_options.py [GPUS ...] (default 128 512 1024 4096 8192; 8,192 takes half a minute).
For fat-tree and rail-optimized RoCEv2 drawings (front-end included) it prints the option's capex, the generated
InfiniBand design's (fat-tree-3 where two tiers of QM9700s do not hold the GPUs), the difference, where it lies by
kind of item, and the option's `check` errors (none expected): docs/rail-only-multi-plane.md quotes the figures.

python benchmarks/protocol_options.py hybrid [GPUS ...] (default 128 256 512 1024): both single-protocol options
of hybrid drawings (pods of InfiniBand and RoCEv2 joined by gateways) against the design each protocol's generator
builds for the same GPUs, the same way.
"""

from __future__ import annotations

import sys
import time
from collections import Counter, defaultdict

from designer.analysis.protocol_options import Variant, variants
from designer.catalog.loader import Catalog, load_catalog
from designer.model.document import FabricDocument
from designer.model.errors import ProjectError
from designer.topology.checks import run_checks
from designer.topology.cost import CostReport, cost_report
from designer.topology.generate import generate

KINDS = ("fat-tree", "rail-optimized")
SIZES = (128, 512, 1024, 4096, 8192)
HYBRID_SIZES = (128, 256, 512, 1024)


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


def row(label: str, option: Variant, native_kind: str, native: FabricDocument, cat: Catalog, t0: float) -> str:
    """One line: the option's capex against the generated design's, its check errors, where the two differ."""
    errors = Counter(f.rule for f in run_checks(option.doc, cat) if f.severity == "error")
    report = cost_report(native, cat)
    mine, theirs = by_kind(option.cost), by_kind(report)
    differs = {k: round(mine[k] - theirs[k]) for k in sorted(mine.keys() | theirs.keys())
               if abs(mine[k] - theirs[k]) >= 1}
    against = "" if native_kind in label else f" (vs {native_kind})"
    diff = option.cost.capex / report.capex - 1
    return (f"{label:<26}{option.cost.capex:>16,.0f}{report.capex:>16,.0f}  {diff:>+8.3%}  {sum(errors.values()):>6}  "
            f"{differs}{against} [{time.perf_counter() - t0:.1f} s]")


def hybrid(sizes: list[int], cat: Catalog) -> None:
    """Both single-protocol options of hybrid drawings against each protocol's generated design."""
    print(f"{'hybrid drawing, option':<26}{'option $':>16}{'generated $':>16}  {'diff':>8}  errors  where it differs")
    for kind in KINDS:
        for gpus in sizes:
            t0 = time.perf_counter()
            options = variants(generate(kind, gpus=gpus, backend="hybrid", catalog=cat), cat)
            for protocol in ("ib", "rocev2"):
                native = generate(kind, gpus=gpus, backend=protocol, catalog=cat)
                print(row(f"{kind} {gpus} {protocol}", options[protocol], kind, native, cat, t0), flush=True)


def main(argv: list[str]) -> int:
    cat = load_catalog()
    if argv[:1] == ["hybrid"]:
        hybrid([int(a) for a in argv[1:]] or list(HYBRID_SIZES), cat)
        return 0
    sizes = [int(a) for a in argv] or list(SIZES)
    print(f"{'RoCEv2 drawing':<26}{'IB option $':>16}{'generated IB $':>16}  {'diff':>8}  errors  where it differs")
    for kind in KINDS:
        for gpus in sizes:
            t0 = time.perf_counter()
            option = variants(generate(kind, gpus=gpus, backend="rocev2", catalog=cat), cat)["ib"]
            native_kind, native = native_ib(kind, gpus, cat)
            print(row(f"{kind} {gpus}", option, native_kind, native, cat, t0), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
