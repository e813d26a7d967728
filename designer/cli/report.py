"""`fabric-designer report FILE -o OUT.pdf [--workload SPEC] [--budget ..] [--priorities ..] [--json]`: the proposal
from the command line (with a sweep's results: an appendix charting them; with --keep, the requirements are kept in
FILE for the next proposal; with --json, the recommendation and what decided it are printed)."""

from __future__ import annotations

import argparse
import json
import sys
import warnings
from typing import Any

from designer.analysis.recommendation import PrioritiesError, parse_priorities
from designer.analysis.sweep.grid import SweepError
from designer.cli.output import error, naming, output_problem
from designer.i18n import current_language, render
from designer.i18n.catalog import normalise
from designer.i18n.escaping import one_line
from designer.i18n.message import os_reason, text_of
from designer.model.errors import ProjectError
from designer.model.fileformat import load, save
from designer.report.context import ProposalContext
from designer.report.options import ReportOptions
from designer.report.proposal import build_proposal
from designer.report.requirements import requirements_to_keep
from designer.sim.workload_spec import WorkloadError


def _language(args: argparse.Namespace) -> str:
    """The proposal's language: the report's own --lang, else the command line's global --lang (default English)."""
    chosen = getattr(args, "report_lang", None)
    return normalise(chosen) if chosen else current_language()


def options_from_args(args: argparse.Namespace) -> ReportOptions:
    """The proposal's options from the command's arguments (PrioritiesError for a bad --priorities)."""
    priorities = getattr(args, "priorities", None)
    return ReportOptions(workloads=list(getattr(args, "workload", None) or []),
                         title=getattr(args, "title", "") or "", customer=getattr(args, "customer", "") or "",
                         author=getattr(args, "author", "") or "", logo_path=getattr(args, "logo", None),
                         currency=getattr(args, "currency", None), language=_language(args),
                         sweep_results=getattr(args, "sweep", None), sweep_metric=getattr(args, "sweep_metric", None),
                         scale=getattr(args, "scale", "") or "", budget=getattr(args, "budget", None),
                         priorities=parse_priorities(priorities) if priorities else None,
                         preset=getattr(args, "preset", None) or "recommended",
                         compare=getattr(args, "compare", True), notes=bool(getattr(args, "notes", False)),
                         resilience=None if getattr(args, "resilience", True) else False)


def summary(ctx: ProposalContext) -> dict[str, Any]:
    """What the proposal recommends and why, with the figures of the design as drawn (JSON, English)."""
    rec = ctx.recommendation.to_dict()
    drawn = ctx.runs.drawn or {}
    return {"schema": "fabric-designer.proposal/1", "design": ctx.doc.name, "gpus": ctx.facts.gpus,
            "workloads": ctx.workloads, "currency": ctx.currency, "capex": round(ctx.cost.capex, 2),
            "tco": round(ctx.cost.tco, 2), "as_drawn": {k: drawn.get(k) for k in (
                "completion_time_s", "busbw_gbps", "step_time_s", "gpu_utilization", "preset")},
            "compared": sorted(ctx.runs.compared), **rec}


def cmd_report(args: argparse.Namespace) -> int:
    """Load `args.file`, write the proposal to `args.output`; a bad file or option: one line on stderr, exit 2."""
    output: str = getattr(args, "output", None) or ""
    problem = output_problem(output, args.file, ("pdf",), "proposal") if output else render("error.report.no_output")
    if problem is not None:
        return error(problem)
    try:
        doc = load(args.file)
        options = options_from_args(args)
        with warnings.catch_warnings(record=True) as caught, naming(args.file):
            warnings.simplefilter("always")
            ctx = build_proposal(doc, output, options=options)
        for w in caught:
            print(one_line(render("report.warning", text=w.message)), file=sys.stderr)
        if getattr(args, "keep", False):
            doc.proposal = requirements_to_keep(doc, options)
            save(doc, args.file)
    except SweepError as exc:   # names the results file or the metric
        return error(render("report.error", text=str(exc).splitlines()[0]))
    except ProjectError as exc:
        return error(exc.one_line())
    except OSError as exc:
        return error(render("error.report.cannot_write", file=output, reason=text_of(os_reason(exc))))
    except WorkloadError as exc:  # a bad spec, or no path in the design: named by naming()
        return error(str(exc))
    except (PrioritiesError, ValueError) as exc:  # a bad option; ValueError subclasses carry one-line messages
        return error(f"{args.file}: {str(exc) or type(exc).__name__}")
    if getattr(args, "json", False):
        print(json.dumps(summary(ctx), indent=1, ensure_ascii=False))
    else:
        print(output)
    return 0
