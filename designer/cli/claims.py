"""`fabric-designer claims FILE [--json]`: re-run a published comparison and print its figures beside ours.

Exit 0 when the claims ran (whether they agree is the table's answer, not an error); 2 for a bad claims file or a
setup that cannot be built.
"""

from __future__ import annotations

import argparse
import json

from designer.analysis.claims import ClaimsReport, load_claims, run_claims
from designer.analysis.claims.table import ClaimsTable, claims_table
from designer.cli.output import error, naming
from designer.i18n import render
from designer.i18n.escaping import one_line
from designer.i18n.text_width import columns, ljust, rjust
from designer.sim.workload_spec import WorkloadError


def cmd_claims(args: argparse.Namespace) -> int:
    try:
        claims = load_claims(args.file)
        with naming(args.file):
            report = run_claims(claims)
    except WorkloadError as exc:
        return error(str(exc))
    if getattr(args, "json", False):
        print(json.dumps(report.to_dict(), indent=2, ensure_ascii=False))
    else:
        print("\n".join(one_line(line) for line in report_lines(report)))   # the file's text cannot steer the terminal
    return 0


def source_text(report: ClaimsReport) -> str:
    """The source as one line: publication, publisher, date, address (the parts the file gives)."""
    s = report.claims.source
    return render("list.join").join(p for p in (s.publication, s.publisher, s.date, s.url) if p.strip())


def report_lines(report: ClaimsReport) -> list[str]:
    """The printed report: title and source, the table, verdicts, settings, notes and the run count."""
    f = report.claims
    out = [render("cli.claims.title", title=f.title or "-"), render("cli.claims.source", text=source_text(report))]
    if f.source.note:
        out.append(render("cli.claims.source_note", text=f.source.note))
    table = claims_table(report)
    out += ["", *table_lines(table), "", render("cli.claims.verdicts")]
    out += [f"  {line}" for line in table.verdicts]
    out += ["", render("cli.claims.settings"), *(f"  {line}" for line in table.settings)]
    if table.notes:
        out += ["", *table.notes]
    out += ["", render("cli.claims.runs", runs=report.runs, seconds=f"{report.wall_s:.1f}", seed=f.seed)]
    return out


def table_lines(table: ClaimsTable) -> list[str]:
    """The table aligned in terminal columns: the claim left, figures right, the difference left."""
    rows = [[one_line(c) for c in row] for row in (table.headers, *table.rows)]     # escaped before measured
    widths = [max(columns(c) for c in col) for col in zip(*rows, strict=True)]
    last = len(widths) - 1

    def line(cells: list[str]) -> str:
        return "  " + " | ".join(ljust(c, w) if k in (0, last) else rjust(c, w)
                                 for k, (c, w) in enumerate(zip(cells, widths, strict=True))).rstrip()

    rule = "  " + "-+-".join("-" * w for w in widths)
    return [line(rows[0]), rule, *(line(r) for r in rows[1:])]
