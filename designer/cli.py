"""The `fabric-designer` command: the GUI, and the headless commands of DESIGN.md §3.

Every command reaches the core through the same calls as the window. Bad input ends with one line on
stderr and exit code 2; a traceback is shown only with --debug (or FABRIC_DESIGNER_DEBUG=1).
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import re
import sys
import traceback
from collections.abc import Callable

from designer.i18n.message import Message
from designer.model.errors import ProjectError

PROG = "fabric-designer"
COMMANDS = ("generate", "check", "cost", "simulate", "compare", "report", "export", "import", "validate", "advise",
            "sweep", "resilience")


class CommandError(Exception):
    """A user error in a command's arguments: printed as one line, exit 2 (the message may be a `Message`)."""


# argparse's own error lines, as message ids, so that they follow --lang (an unknown line is shown as it is)
_ARGPARSE_ERRORS = (
    (re.compile(r"the following arguments are required: (?P<names>.+)"), "error.args.required"),
    (re.compile(r"unrecognized arguments: (?P<args>.+)"), "error.args.unrecognized"),
    (re.compile(r"one of the arguments (?P<names>.+) is required"), "error.args.one_required"),
    (re.compile(r"argument (?P<arg>[^:]+): invalid choice: (?P<value>.+?) \(choose from (?P<choices>.+)\)"),
     "error.args.invalid_choice"),
    (re.compile(r"argument (?P<arg>[^:]+): invalid (?P<type>\w+) value: (?P<value>.+)"), "error.args.invalid_value"),
    (re.compile(r"argument (?P<arg>[^:]+): expected one argument"), "error.args.expected_one"),
    (re.compile(r"argument (?P<arg>[^:]+): not allowed with argument (?P<other>.+)"), "error.args.not_allowed_with"),
    (re.compile(r"ambiguous option: (?P<option>.+?) could match (?P<matches>.+)"), "error.args.ambiguous"),
)


def argparse_message(text: str) -> str | Message:
    """An argparse error line as a translatable message (its English text is argparse's own)."""
    for pattern, msg_id in _ARGPARSE_ERRORS:
        m = pattern.fullmatch(text)
        if m:
            return Message(msg_id, **m.groupdict())
    return text


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, not usage + line
        raise CommandError(argparse_message(message))


def _add_workload(p: argparse.ArgumentParser) -> None:
    p.add_argument("--workload", action="append", metavar="SPEC",
                   help="workload, e.g. allreduce:1GiB, permutation:256MiB:qps=8, train:70b:dp=128 (repeatable)")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog=PROG, description="Draw, simulate and cost AI-cluster networks (InfiniBand vs RoCEv2).")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)

    g = sub.add_parser("generate", help="generate a design from a topology template")
    g.add_argument("kind", choices=["leaf-spine", "fat-tree", "fat-tree-3", "rail-optimized"])
    g.add_argument("--gpus", type=int, required=True)
    g.add_argument("--gpus-per-server", type=int, default=8)
    g.add_argument("--backend", choices=["ib", "rocev2", "hybrid"], default="rocev2")
    g.add_argument("--oversubscription", type=float, default=1.0)
    g.add_argument("--link-gbps", type=float, default=400)
    fe = g.add_mutually_exclusive_group()
    fe.add_argument("--frontend", dest="frontend", action="store_true", default=True)
    fe.add_argument("--no-frontend", dest="frontend", action="store_false")
    g.add_argument("--name", help="design name")
    g.add_argument("--server-model", help="catalog id of the GPU servers (default: by --gpus-per-server)")
    g.add_argument("--switch-model", help="catalog id of the back-end switches (default: by protocol and speed)")
    g.add_argument("-o", "--output", required=True, metavar="FILE")

    c = sub.add_parser("check", help="design-rule checks; exit 0 clean, 1 errors found")
    c.add_argument("file")
    c.add_argument("--json", action="store_true")

    k = sub.add_parser("cost", help="bill of materials, capex, power and TCO")
    k.add_argument("file")
    k.add_argument("--json", action="store_true")
    k.add_argument("--currency", choices=["USD", "CNY"])

    s = sub.add_parser("simulate", help="run the simulation engine on a design")
    s.add_argument("file")
    _add_workload(s)
    s.add_argument("--backend", choices=["ib", "rocev2"], help="override every back-end segment's protocol")
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--json", action="store_true")
    s.add_argument("--timeline", metavar="OUT.csv")
    s.add_argument("--fail", action="append", metavar="KIND:ID@TIME",
                   help="fail an element during the run, e.g. link:L12@2ms or switch:spine-01@5ms (repeatable)")

    m = sub.add_parser("compare", help="the same design with IB and with RoCEv2, side by side")
    m.add_argument("file")
    _add_workload(m)
    m.add_argument("--seed", type=int, default=1)
    m.add_argument("--json", action="store_true")

    r = sub.add_parser("report", help="write the PDF proposal")
    r.add_argument("file")
    r.add_argument("-o", "--output", required=True, metavar="OUT.pdf")
    _add_workload(r)
    r.add_argument("--title", default="", help="title on the cover (default: from the design)")
    r.add_argument("--customer", default="", help="customer named on the cover")
    r.add_argument("--author", default="", help="author named on the cover")
    r.add_argument("--logo", metavar="IMAGE", help="logo image for the cover")
    r.add_argument("--currency", choices=["USD", "CNY"], help="currency of the cost tables (default: the design's)")
    r.add_argument("--lang", dest="report_lang", metavar="LANG",
                   help="language of the proposal: en or zh_CN (default: the --lang of the command line)")
    r.add_argument("--sweep", metavar="results.csv|results.parquet",
                   help="append an appendix charting this sweep's results (from 'fabric-designer sweep')")
    r.add_argument("--sweep-metric", metavar="METRIC",
                   help="the appendix chart's figure, e.g. step_time_s, busbw_gbps, capex, cost_per_gbps")

    x = sub.add_parser("export", help="hand-over files: cabling plan, bill of materials, GraphML, DOT, containerlab")
    x.add_argument("file")
    x.add_argument("--cabling", metavar="OUT.csv|OUT.xlsx")
    x.add_argument("--bom", metavar="OUT.csv|OUT.xlsx")
    x.add_argument("--graphml", metavar="OUT.graphml")
    x.add_argument("--dot", metavar="OUT.dot")
    x.add_argument("--containerlab", metavar="OUT.clab.yml")
    x.add_argument("--currency", choices=["USD", "CNY"], help="currency of the bill of materials")

    i = sub.add_parser("import", help="make a project file from GraphML written by this program")
    i.add_argument("graphml")
    i.add_argument("-o", "--output", required=True, metavar="FILE")

    v = sub.add_parser("validate", help="run the calibration scenarios against published measurements")
    v.add_argument("--json", action="store_true")

    a = sub.add_parser("advise", help="generate, simulate and cost candidate designs; recommend one")
    a.add_argument("--gpus", type=int, required=True)
    _add_workload(a)
    a.add_argument("--budget", type=float, metavar="AMOUNT")
    a.add_argument("--currency", choices=["USD", "CNY"], default="USD")
    a.add_argument("--existing-ethernet", action="store_true", help="the operator already runs Ethernet at scale")
    a.add_argument("--latency-sensitive", action="store_true", help="tail latency matters more than cost")
    a.add_argument("--seed", type=int, default=1)
    a.add_argument("--json", action="store_true")
    a.add_argument("-o", "--output", metavar="DIR", help="write the candidate designs and a comparison PDF here")

    w = sub.add_parser("sweep", help="a parameter sweep over generator options and segment settings")
    w.add_argument("file", nargs="?", help="a design to vary (or --generate KIND)")
    w.add_argument("--generate", metavar="KIND", help="vary a generated design instead of a file")
    w.add_argument("--vary", action="append", metavar="NAME=VALUES", required=True,
                   help="e.g. gpus=256,1024 or backend=ib,rocev2 or oversubscription=1,2 (repeatable)")
    _add_workload(w)
    w.add_argument("--seed", type=int, default=1)
    w.add_argument("--workers", type=int, help="local processes (default: one per core)")
    w.add_argument("--dask", metavar="ADDRESS", help="run the points on an existing Dask cluster")
    w.add_argument("-o", "--output", required=True, metavar="results.csv|results.parquet")

    z = sub.add_parser("resilience", help="worst-case throughput loss for each single-failure class")
    z.add_argument("file")
    _add_workload(z)
    z.add_argument("--seed", type=int, default=1)
    z.add_argument("--json", action="store_true")
    return parser


# ---- commands -----------------------------------------------------------------------------------
def cmd_generate(args: argparse.Namespace) -> int:
    from designer.model.fileformat import save
    from designer.topology import generate

    doc = generate(args.kind, gpus=args.gpus, gpus_per_server=args.gpus_per_server, backend=args.backend,
                   oversubscription=args.oversubscription, link_gbps=args.link_gbps,
                   frontend=args.frontend, name=args.name, server_model=args.server_model,
                   switch_model=args.switch_model)
    save(doc, args.output)
    switches = sum(1 for n in doc.nodes.values() if n.kind == "switch")
    from designer.i18n import render

    print(render("cli.generated", file=args.output, gpus=doc.gpu_count(), switches=switches, links=len(doc.links)))
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    from designer.model.fileformat import load
    from designer.topology.checks import run_checks

    doc = load(args.file)
    findings = run_checks(doc)
    errors = sum(1 for f in findings if f.severity == "error")
    warnings = sum(1 for f in findings if f.severity == "warning")
    if args.json:
        print(json.dumps({"file": args.file, "errors": errors, "warnings": warnings,
                          "findings": [f.to_dict() for f in findings]}, ensure_ascii=False, indent=1))
    else:
        from designer.i18n import render, render_finding

        for f in findings:
            print(f"{render('severity.' + f.severity):8} {f.rule:24} {render_finding(f)}")
        print(render("check.summary", file=args.file, errors=errors, warnings=warnings))
    return 1 if errors else 0


# the cost table: (column, width in terminal columns); a wider translated header widens its column
COST_COLUMNS = (("item", 44), ("kind", 9), ("count", 7), ("unit", 13), ("total", 15))


def cmd_cost(args: argparse.Namespace) -> int:
    from designer.catalog.money import format_money
    from designer.model.fileformat import load
    from designer.topology.cost import cost_report

    doc = load(args.file)
    report = cost_report(doc, currency=args.currency)
    if args.json:
        print(json.dumps(report.to_dict(), ensure_ascii=False, indent=1))
        return 0
    from designer.i18n import render
    from designer.i18n.messages_en import EN
    from designer.i18n.text_width import columns, fit, ljust, rjust

    cur = report.currency
    heads = [render(f"cost.col_{c}") for c, _ in COST_COLUMNS]
    widths = [max(w, columns(h)) for h, (_, w) in zip(heads, COST_COLUMNS, strict=True)]
    cells = [[it.model, render(f"cost.kind.{it.kind}") if f"cost.kind.{it.kind}" in EN else it.kind, f"{it.count:d}",
              format_money(it.unit_price, cur), format_money(it.total, cur)] for it in report.items]
    for row in [heads, *cells]:
        print(" ".join([fit(row[0], widths[0]), ljust(row[1], widths[1])]
                       + [rjust(v, w) for v, w in zip(row[2:], widths[2:], strict=True)]))
    print(render("cost.summary", capex=format_money(report.capex, cur), network=format_money(report.capex_network, cur),
                 power_kw=f"{report.power_w / 1000:,.1f}", years=report.tco_years, tco=format_money(report.tco, cur)))
    return 0


def _command_in(module: str, name: str) -> Callable[[argparse.Namespace], int]:
    """A command implemented in `module`, imported only when it runs (the CLI starts without the engine,
    the report or the analysis packages loaded)."""
    def run(args: argparse.Namespace) -> int:
        return getattr(importlib.import_module(module), name)(args)

    run.__name__ = name
    return run


HANDLERS: dict[str, Callable[[argparse.Namespace], int]] = {
    "generate": cmd_generate, "check": cmd_check, "cost": cmd_cost,
    "simulate": _command_in("designer.sim.cli_commands", "cmd_simulate"),
    "compare": _command_in("designer.sim.cli_commands", "cmd_compare"),
    "report": _command_in("designer.report.cli_commands", "cmd_report"),
    "export": _command_in("designer.export.cli_commands", "cmd_export"),
    "import": _command_in("designer.export.cli_commands", "cmd_import"),
    "validate": _command_in("designer.analysis.validation.cli_commands", "cmd_validate"),
    "advise": _command_in("designer.analysis.advisor.cli_commands", "cmd_advise"),
    "sweep": _command_in("designer.analysis.sweep.cli_commands", "cmd_sweep"),
    "resilience": _command_in("designer.analysis.resilience.cli_commands", "cmd_resilience"),
}


def _open_gui(argv: list[str]) -> int:
    parser = _Parser(prog=PROG, description="Open the designer window (FILE optional). Commands: "
                     + ", ".join(COMMANDS) + f" (see '{PROG} COMMAND --help').")
    parser.add_argument("file", nargs="?")
    args = parser.parse_args(argv)
    if args.file:
        from designer.model.fileformat import load
        load(args.file)  # refuse a bad file with one line before any window opens
    from designer.ui.app import run_gui

    return run_gui(args.file)


def _take_language(argv: list[str]) -> list[str]:
    """Remove the global `--lang CODE` (before or after the command) and make it the language of core messages."""
    from designer.i18n import set_language

    rest: list[str] = []
    i = 0
    while i < len(argv):
        arg = argv[i]
        if arg == "--lang":
            if i + 1 >= len(argv):
                raise CommandError(Message("error.cli.lang_missing"))
            set_language(argv[i + 1])
            i += 2
            continue
        if arg.startswith("--lang="):
            set_language(arg.split("=", 1)[1])
        else:
            rest.append(arg)
        i += 1
    return rest


def main(argv: list[str] | None = None) -> int:
    """Run the command line; the language set with --lang holds for this call only (callers in the same
    process, tests among them, get the core language back as it was)."""
    from designer.i18n import current_language, set_language

    before = current_language()
    try:
        return _main(argv)
    finally:
        set_language(before)


def _main(argv: list[str] | None) -> int:
    from designer.i18n import render

    argv = list(sys.argv[1:] if argv is None else argv)
    debug = "--debug" in argv or os.environ.get("FABRIC_DESIGNER_DEBUG") == "1"
    argv = [a for a in argv if a != "--debug"]
    try:
        argv = _take_language(argv)
        if argv and argv[0] in COMMANDS:
            args = build_parser().parse_args(argv)
            return HANDLERS[args.command](args)
        if argv and argv[0] in ("-h", "--help"):
            build_parser().print_help()
            return 0
        return _open_gui(argv)
    except (ProjectError, CommandError, ValueError) as exc:
        text = exc.one_line() if isinstance(exc, ProjectError) else str(exc)
        print(f"{PROG}: {render('cli.error', text=text)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"{PROG}: {render('cli.interrupted')}", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except Exception as exc:  # a bug: still one line, details with --debug
        if debug:
            traceback.print_exc()
        print(f"{PROG}: {render('cli.internal_error', text=f'{type(exc).__name__}: {exc}')}", file=sys.stderr)
        return 3


if __name__ == "__main__":
    sys.exit(main())
