"""`fabric-designer report FILE -o OUT.pdf [--workload SPEC] [--sweep results.csv]`: the proposal from the command
line (with a sweep's results: an appendix charting them)."""

from __future__ import annotations

import argparse
import sys
import warnings

from designer.analysis.sweep.grid import SweepError
from designer.cli.output import error, naming
from designer.i18n import current_language, render
from designer.i18n.catalog import normalise
from designer.i18n.escaping import one_line
from designer.i18n.message import os_reason, text_of
from designer.model.errors import ProjectError
from designer.model.fileformat import load
from designer.report.options import ReportOptions
from designer.report.proposal import build_proposal
from designer.sim.workload_spec import WorkloadError


def _language(args: argparse.Namespace) -> str:
    """The proposal's language: the report's own --lang, else the command line's global --lang (default English)."""
    chosen = getattr(args, "report_lang", None)
    return normalise(chosen) if chosen else current_language()


def cmd_report(args: argparse.Namespace) -> int:
    """Load `args.file`, write the proposal to `args.output`; a bad file or option: one line on stderr, exit 2."""
    output = getattr(args, "output", None)
    if not output:
        return error(render("error.report.no_output"))
    try:
        doc = load(args.file)
        options = ReportOptions(workloads=list(getattr(args, "workload", None) or []),
                                title=getattr(args, "title", "") or "", customer=getattr(args, "customer", "") or "",
                                author=getattr(args, "author", "") or "", logo_path=getattr(args, "logo", None),
                                currency=getattr(args, "currency", None), language=_language(args),
                                sweep_results=getattr(args, "sweep", None),
                                sweep_metric=getattr(args, "sweep_metric", None))
        with warnings.catch_warnings(record=True) as caught, naming(args.file):
            warnings.simplefilter("always")
            build_proposal(doc, output, options=options)
        for w in caught:
            print(one_line(render("report.warning", text=w.message)), file=sys.stderr)
    except SweepError as exc:   # names the results file or the metric
        return error(render("report.error", text=str(exc).splitlines()[0]))
    except ProjectError as exc:
        return error(exc.one_line())
    except OSError as exc:
        return error(render("error.report.cannot_write", file=output, reason=text_of(os_reason(exc))))
    except WorkloadError as exc:  # a bad spec, or no path in the design: named by naming()
        return error(str(exc))
    except ValueError as exc:  # a bad option; ValueError subclasses carry one-line messages
        return error(f"{args.file}: {str(exc) or type(exc).__name__}")
    print(output)
    return 0
