"""`fabric-designer advise`: build, simulate and cost the candidates; print the ranked table and the reasons;
with -o DIR, write every candidate's project file, advice.json and advice.pdf there."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from designer.analysis.advisor.advice import Advice, advise
from designer.analysis.advisor.ranking import Preferences
from designer.catalog.money import format_money
from designer.model.errors import ProjectError
from designer.model.fileformat import save, write_text_atomically
from designer.sim.workload_spec import WorkloadError

DESIGN_SUFFIX = ".fabric.json"


def _error(message: str) -> int:
    print(f"fabric-designer: error: {message}", file=sys.stderr)
    return 2


def _time(value_s: float) -> str:
    return f"{value_s * 1e3:.3f} ms" if value_s < 1 else f"{value_s:.3f} s"


def ranked_table(advice: Advice) -> list[str]:
    """The ranked table as fixed-width lines."""
    cur = advice.preferences.currency
    lines = [f"{'#':>2} {'candidate':40} {'time':>11} {'GPU util':>8} {'p99 us':>8} {'capex':>15} {'TCO':>15} "
             f"{'capex/Gb/s':>11} {'budget':>7}"]
    for rank, (s, c) in enumerate(advice.ranked(), start=1):
        f = c.figures
        util = "-" if f["gpu_utilization"] is None else f"{f['gpu_utilization'] * 100:.1f} %"
        per = format_money(f["capex_per_goodput_gbps"], cur) if f["capex_per_goodput_gbps"] else "-"
        fits = "-" if s.within_budget is None else ("within" if s.within_budget else "over")
        label = c.spec.label + (" (3 tiers)" if c.kind == "fat-tree-3" else "")
        lines.append(f"{rank:>2} {label[:40]:40} {_time(f['time_s']):>11} {util:>8} {f['p99_latency_us']:>8.2f} "
                     f"{format_money(f['capex'], cur):>15} {format_money(f['tco'], cur):>15} {per:>11} {fits:>7}")
    return lines


def write_advice(advice: Advice, folder: str | Path) -> list[Path]:
    """Write every candidate's design, advice.json and advice.pdf into `folder`; return the paths written."""
    from designer.analysis.advisor.comparison_pdf import write_comparison_pdf

    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for cid, c in advice.candidates.items():
        path = out / f"{cid}{DESIGN_SUFFIX}"
        save(c.doc, path, backup=False)
        written.append(path)
    data = advice.to_dict()
    for row in data["candidates"]:
        row["file"] = f"{row['id']}{DESIGN_SUFFIX}"
    write_text_atomically(out / "advice.json", json.dumps(data, indent=1, ensure_ascii=False) + "\n")
    written.append(out / "advice.json")
    write_comparison_pdf(advice, out / "advice.pdf")
    written.append(out / "advice.pdf")
    return written


def _progress(done: int, total: int, label: str) -> None:
    if sys.stderr.isatty():
        end = "\n" if done == total else ""
        print(f"\rcandidate {done}/{total} {label:60}", end=end, file=sys.stderr, flush=True)


def cmd_advise(args: argparse.Namespace) -> int:
    """Run the advisor; print the table (or --json); write the designs and the PDF with -o DIR. Exit 2 on bad input."""
    prefs = Preferences(budget=args.budget, currency=args.currency or "USD",
                        existing_ethernet=bool(args.existing_ethernet), latency_sensitive=bool(args.latency_sensitive))
    seed = 1 if getattr(args, "seed", None) is None else args.seed
    try:
        advice = advise(args.gpus, args.workload, prefs, seed=seed, progress=_progress)
    except (WorkloadError, ProjectError) as exc:
        return _error(str(exc))
    if args.output:
        try:
            write_advice(advice, args.output)
        except OSError as exc:
            return _error(f"cannot write to '{args.output}': {exc.strerror or exc}")
    if args.json:
        print(json.dumps(advice.to_dict(), indent=1, ensure_ascii=False))
        return 0
    print(f"{advice.gpus:,} GPUs, {', '.join(advice.workloads)}, seed {advice.seed} (money in {prefs.currency})")
    print("\n".join(ranked_table(advice)))
    print(f"\nRecommended: {advice.recommended.spec.label}")
    for text in advice.reasons:
        print(f"  - {text}")
    for r in advice.protocol.reasons:
        print(f"  * {r.text()}")
    if args.output:
        print(f"\nwrote {len(advice.candidates)} designs, advice.json and advice.pdf to {args.output}")
    return 0
