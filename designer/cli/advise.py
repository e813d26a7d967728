"""`fabric-designer advise`: build, simulate and cost the candidates; print the ranked table and the reasons;
with -o DIR, write every candidate's project file, advice.json and advice.pdf there."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from designer.analysis.advisor.advice import Advice, advise
from designer.analysis.advisor.candidate_pool import RunControl
from designer.analysis.advisor.ranking import Preferences
from designer.analysis.advisor.site_request import site_request
from designer.analysis.recommendation import PrioritiesError, parse_priorities
from designer.cli.output import error
from designer.i18n import current_language, render
from designer.i18n import number_format as nf
from designer.i18n.message import Message, os_reason
from designer.i18n.text_width import columns, fit, rjust
from designer.model.errors import ProjectError
from designer.model.fileformat import save, write_text_atomically
from designer.report.comparison_pdf import write_comparison_pdf
from designer.sim.workload_spec import WorkloadError

DESIGN_SUFFIX = ".fabric.json"


def _time(value_s: float) -> str:
    return f"{value_s * 1e3:.3f} ms" if value_s < 1 else f"{value_s:.3f} s"


# (message id of the header, width in terminal columns); a wider translated header widens its column
TABLE_COLUMNS = (("advisor.col.candidate", 40), ("advisor.col.time", 11), ("advisor.col.gpu_util", 8),
                 ("advisor.col.p99", 8), ("advisor.col.capex", 15), ("advisor.col.tco", 15),
                 ("advisor.col.capex_per_gbps", 11), ("advisor.col.budget", 7))


SITES_COLUMN = ("advisor.col.across_sites", 20)     # the verdict across two sites, when the advice is across sites
PROGRESS_COLUMNS = 79                               # the progress line, padded to clear a longer one before it


def ranked_table(advice: Advice, language: str | None = None) -> list[str]:
    """The ranked table as fixed-width lines, in `language` (default: the current core language)."""
    lang = language or current_language()
    cur = advice.preferences.currency
    table_columns = TABLE_COLUMNS + ((SITES_COLUMN,) if advice.site is not None else ())
    heads = [render(msg_id, lang) for msg_id, _ in table_columns]
    widths = [max(width, columns(h)) for h, (_, width) in zip(heads, table_columns, strict=True)]
    widths[0] = max([widths[0], *(columns(c.label_text(lang)) for c in advice.candidates.values())])  # never cut
    lines = [" ".join([f"{'#':>2}", fit(heads[0], widths[0])] + [rjust(h, w) for h, w in zip(heads[1:], widths[1:],
                                                                                               strict=True)])]
    for rank, (s, c) in enumerate(advice.ranked(), start=1):
        f = c.figures
        util = "-" if f["gpu_utilization"] is None else nf.percent(f["gpu_utilization"], 1, lang)
        per = nf.money(f["capex_per_goodput_gbps"], cur, lang) if f["capex_per_goodput_gbps"] else "-"
        fits = "-" if s.within_budget is None else render("advisor.budget.within" if s.within_budget
                                                          else "advisor.budget.over", lang)
        cells = [_time(f["time_s"]), util, f"{f['p99_latency_us']:.2f}", nf.money(f["capex"], cur, lang),
                 nf.money(f["tco"], cur, lang), per, fits]
        if advice.site is not None:
            verdict = advice.cross_sites.get(c.id)
            cells.append(verdict.short().render(lang) if verdict else "-")
        lines.append(" ".join([f"{rank:>2}", fit(c.label_text(lang), widths[0])]
                              + [rjust(v, w) for v, w in zip(cells, widths[1:], strict=True)]))
    return lines


def write_advice(advice: Advice, folder: str | Path) -> list[Path]:
    """Write every candidate's design, advice.json and advice.pdf into `folder`; return the paths written."""
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


def print_sites(advice: Advice, lang: str) -> None:
    """The sites and the link budget the candidates were built for, and the training workload the advisor chose."""
    site = advice.site
    if site is None:
        return
    print(render("advisor.cli.sites", lang, per_site=f"{advice.gpus // 2:,}", km=f"{site.distance_km:,g}",
                 links=site.dci_links, gbps=f"{site.dci_gbps:g}", total=f"{site.total_gbps:,g}"))
    for text in advice.note_texts(lang):
        print(text)


def _progress(done: int, total: int, label: str) -> None:
    """One line on a terminal, rewritten as candidates finish: how many, and the first not finished."""
    if sys.stderr.isatty():
        end = "\n" if done == total else ""
        line = render("advisor.cli.progress", done=done, total=total, label=label)
        print(f"\r{fit(line, PROGRESS_COLUMNS)}", end=end, file=sys.stderr, flush=True)


def preferences(args: argparse.Namespace) -> Preferences:
    """What the command line tells the advisor; raises PrioritiesError / WorkloadError (one line) for bad options."""
    priorities = getattr(args, "priorities", None)
    site = site_request(args.gpus, getattr(args, "sites", None), getattr(args, "distance_km", None),
                        getattr(args, "dci_gbps", None), getattr(args, "dci_links", None))
    return Preferences(budget=args.budget, currency=args.currency or "USD",
                       existing_ethernet=bool(args.existing_ethernet), latency_sensitive=bool(args.latency_sensitive),
                       priorities=parse_priorities(priorities) if priorities else None, site=site)


def cmd_advise(args: argparse.Namespace) -> int:
    """Run the advisor; print the table (or --json); write the designs and the PDF with -o DIR. Exit 2 on bad input."""
    seed = 1 if getattr(args, "seed", None) is None else args.seed
    try:
        prefs = preferences(args)
        control = RunControl(workers=getattr(args, "workers", None), progress=_progress)
        advice = advise(args.gpus, args.workload, prefs, seed=seed, control=control)
    except (PrioritiesError, WorkloadError, ProjectError) as exc:
        return error(str(exc))
    if args.output:
        try:
            write_advice(advice, args.output)
        except OSError as exc:
            return error(Message("error.cli.write_to", folder=args.output, reason=os_reason(exc)))
    if args.json:
        print(json.dumps(advice.to_dict(), indent=1, ensure_ascii=False))
        return 0
    print_advice(advice, current_language())
    if args.output:
        print("\n" + render("advisor.cli.wrote", count=len(advice.candidates), folder=args.output))
    return 0


def print_advice(advice: Advice, lang: str) -> None:
    """The advice as text: what was asked, the ranked table, the choice and its reasons, the verdicts across sites."""
    print(render("advisor.cli.summary", lang, gpus=f"{advice.gpus:,}", workloads=", ".join(advice.workloads),
                 seed=advice.seed, currency=advice.preferences.currency))
    print_sites(advice, lang)
    print("\n".join(ranked_table(advice, lang)))
    print("\n" + advice.recommendation.headline(lang))
    print(advice.recommendation.rule(lang))
    if advice.recommended is not None:          # else the headline is the only reason: nothing fits the budget
        for text in advice.reason_texts(lang):
            print(f"  - {text}")
    for text in advice.alternative_texts(lang):
        print(f"  * {text}")
    if advice.site is not None:
        print("\n" + render("advisor.cli.across_sites", lang))
        for label, text in advice.cross_site_texts(lang):
            print(f"  {label}: {text}")
