"""`fabric-designer resilience FILE --workload SPEC [--json]`: the single-failure table of a design."""

from __future__ import annotations

import argparse
import json

from designer.analysis.resilience.summary import ResilienceRow, resilience_summary
from designer.cli.output import error, naming, progress_bar
from designer.i18n import render
from designer.i18n.text_width import columns, ljust, rjust
from designer.model.fileformat import load
from designer.sim.workload_spec import WorkloadError, parse_workloads

DEFAULT_WORKLOAD = "permutation:256MiB"
# (message id of the header, width in terminal columns, right-aligned); a wider translated header widens its column
TABLE_COLUMNS = (("cli.res.col_class", 12, False), ("cli.res.col_worst", 16, False), ("cli.res.col_loss", 16, True),
                 ("cli.res.col_completed", 10, True), ("cli.res.col_delay", 14, True))


def resilience_table(rows: list[ResilienceRow]) -> list[str]:
    """The table's lines (header first) in the current core language, aligned in terminal columns."""
    heads = [render(msg_id) for msg_id, _, _ in TABLE_COLUMNS]
    widths = [max(width, columns(h)) for h, (_, width, _) in zip(heads, TABLE_COLUMNS, strict=True)]
    right = [r for _, _, r in TABLE_COLUMNS]

    def line(cells: list[str]) -> str:
        return "  " + " ".join(rjust(c, w) if r else ljust(c, w) for c, w, r in zip(cells, widths, right, strict=True))

    out = [line(heads)]
    for r in rows:
        out.append(line([render(f"cli.res.class.{r.failure_class}"), r.worst_element, f"{r.throughput_loss:.1%}",
                         render("cli.res.yes" if r.completed else "cli.res.no"), f"{r.recovery_delay_s * 1e3:.4g} ms"]))
    return out


def _progress(done: int, total: int) -> None:
    """Runs done of all, on stderr (a 1,024-GPU design's table takes minutes: one run per element tried)."""
    progress_bar(done, total, "cli.res.progress")


def cmd_resilience(args: argparse.Namespace) -> int:
    """Print the worst-case throughput loss per failure class (a table, or JSON with --json)."""
    try:
        specs = getattr(args, "workload", None) or [DEFAULT_WORKLOAD]
        parse_workloads(specs)
        seed = getattr(args, "seed", 1)
        doc = load(args.file)
        with naming(args.file):
            rows = resilience_summary(doc, specs, seed=1 if seed is None else seed, progress=_progress)
    except WorkloadError as exc:
        return error(str(exc))
    if getattr(args, "json", False):
        print(json.dumps({"design": doc.name, "workloads": specs, "classes": [r.to_dict() for r in rows]},
                         indent=2))
        return 0
    print(render("cli.res.title", design=doc.name, workloads=", ".join(specs)))
    print("\n".join(resilience_table(rows)))
    return 0
