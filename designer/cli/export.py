"""`fabric-designer export FILE [--cabling X] [--labels L.pdf] [--bom Y] [--graphml Z] [--dot D] [--containerlab C]
[--currency USD|CNY]` and `fabric-designer import GRAPHML -o FILE`: the hand-over files from the command line.

Bad input (unreadable or invalid design, unknown output type, unwritable path) ends with one line on stderr and
exit code 2; every output type is checked before any file is written.
"""

from __future__ import annotations

import argparse
import os
import sys

from designer.catalog.loader import load_catalog
from designer.cli.output import error
from designer.export.bom_export import write_bom
from designer.export.cable_labels import write_cable_labels
from designer.export.cabling_plan import write_cabling_plan
from designer.export.containerlab import write_containerlab
from designer.export.dot import write_dot
from designer.export.graphml_io import read_graphml, write_graphml
from designer.export.output_file import ExportError, output_format
from designer.i18n import render
from designer.i18n.escaping import one_line
from designer.i18n.message import os_reason, text_of
from designer.model.document import FabricDocument
from designer.model.errors import ProjectError
from designer.model.fileformat import load, save
from designer.report.fonts import register_fonts

OUTPUT_OPTIONS = ("cabling", "labels", "bom", "graphml", "dot", "containerlab")
_SUFFIXES = {"cabling": ("csv", "xlsx"), "labels": ("pdf",), "bom": ("csv", "xlsx"), "graphml": ("graphml", "xml"),
             "dot": ("dot", "gv"), "containerlab": ("yml", "yaml")}


def cmd_export(args: argparse.Namespace) -> int:
    """Write each requested output of `args.file`, one line per file written; exit 2 on bad input."""
    wanted: dict[str, str] = {opt: getattr(args, opt) for opt in OUTPUT_OPTIONS if getattr(args, opt, None)}
    if not wanted:
        return error(render("error.export.nothing"))
    paths = [os.path.abspath(p) for p in wanted.values()]
    if len(set(paths)) < len(paths):
        return error(render("error.export.same_file"))
    try:
        for opt, path in wanted.items():
            output_format(path, _SUFFIXES[opt], opt)
        doc = load(args.file)
        _warn_of_errors(doc, args.file)
        for opt, path in wanted.items():
            print(_export_one(doc, opt, path, getattr(args, "currency", None)))
    except ProjectError as exc:
        return error(exc.one_line() if exc.source else f"{args.file}: {exc.one_line()}")
    except ExportError as exc:
        return error(str(exc))   # renders in the current language
    except OSError as exc:
        return error(render("error.export.cannot_write", reason=text_of(os_reason(exc))))
    return 0


def cmd_import(args: argparse.Namespace) -> int:
    """Import GraphML written by this program (`args.graphml`) into a project file (`args.output`)."""
    try:
        doc = read_graphml(args.graphml)
        save(doc, args.output)
    except ProjectError as exc:
        return error(exc.one_line() if exc.source else f"{args.graphml}: {exc.one_line()}")
    print(render("import.wrote", file=args.output, nodes=len(doc.nodes), links=len(doc.links),
                 segments=len(doc.segments)))
    return 0


def _warn_of_errors(doc: FabricDocument, file: str) -> None:
    """One line on stderr when the design breaks a design rule: hand-over files go to people who build it (a port
    cabled twice is in the cabling plan as drawn)."""
    from designer.i18n import render_finding
    from designer.topology.checks import run_checks

    errors = [f for f in run_checks(doc, load_catalog()) if f.severity == "error"]
    if errors:
        print(one_line(render("export.warning.errors", file=file, n=len(errors), first=render_finding(errors[0]))),
              file=sys.stderr)


def _export_one(doc: FabricDocument, option: str, path: str, currency: str | None) -> str:
    """Write one output; returns the line to print."""
    if option == "cabling":
        rows = write_cabling_plan(doc, path, load_catalog())
        return render("export.wrote.cabling", file=path, cables=rows)
    if option == "labels":
        labels = write_cable_labels(doc, path, load_catalog(), font=register_fonts().regular)
        return render("export.wrote.labels", file=path, labels=labels)
    if option == "bom":
        report = write_bom(doc, path, load_catalog(), currency)
        return render("export.wrote.bom", file=path, items=len(report.items), capex=f"{report.capex:,.2f}",
                      currency=report.currency)
    if option == "graphml":
        write_graphml(doc, path)
        return render("export.wrote.graphml", file=path, nodes=len(doc.nodes), links=len(doc.links))
    if option == "dot":
        write_dot(doc, path)
        return render("export.wrote.dot", file=path, nodes=len(doc.nodes), links=len(doc.links))
    links = write_containerlab(doc, path, load_catalog())
    return render("export.wrote.containerlab", file=path, links=links)
