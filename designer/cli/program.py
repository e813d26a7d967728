"""The `fabric-designer` command: the GUI, and the headless commands (parsing, dispatch, error lines).

Every command reaches the core through the same calls as the window. Bad input ends with one line on
stderr and exit code 2; a traceback is shown only with --debug (or FABRIC_DESIGNER_DEBUG=1).
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import traceback
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, NoReturn

from designer.cli.output import PROG, error
from designer.i18n import current_language, render, set_language
from designer.i18n.escaping import one_line
from designer.i18n.message import Message
from designer.i18n.text_width import columns
from designer.model.errors import ProjectError

COMMANDS = ("generate", "check", "cost", "simulate", "compare", "report", "export", "import", "validate", "advise",
            "sweep", "resilience", "claims")


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


# a run of printable ASCII (kept whole), a run of blanks, or any other single character (CJK: breakable anywhere)
_WRAP_TOKEN = re.compile(r"[!-~]+|\s+|.")
_NO_LINE_START = set("，。；：、）》」』！？,.;:)")


def _wrap_columns(text: str, width: int) -> list[str]:
    """`text` wrapped to `width` terminal columns (CJK characters take two; none starts a line with closing
    punctuation). For text without wide characters argparse's own textwrap is used instead."""
    lines: list[str] = []
    line = ""
    for token in _WRAP_TOKEN.findall(" ".join(text.split())):
        if token.isspace():
            token = " "
        if line and columns(line + token) > width and token not in _NO_LINE_START:
            lines.append(line.rstrip())
            line = "" if token == " " else token
        else:
            line += token
    return [*lines, line.rstrip()] if line.strip() else lines


class _HelpFormatter(argparse.HelpFormatter):
    """argparse's formatter with the "usage: " prefix from the message catalog, and wrapping in terminal
    columns for text with CJK characters (plain ASCII text is wrapped exactly as argparse does)."""

    def _format_usage(self, usage: str | None, actions: Iterable[argparse.Action],
                      groups: Iterable[argparse._MutuallyExclusiveGroup], prefix: str | None) -> str:
        if prefix is not None:  # a sub-command's prog is made with prefix '': nothing to translate
            return super()._format_usage(usage, actions, groups, prefix)
        prefix = render("help.argparse.usage")
        pad = " " * columns(prefix)  # argparse indents continuation lines by len(prefix): give it the columns
        return prefix + super()._format_usage(usage, actions, groups, pad)[len(pad):]

    def _split_lines(self, text: str, width: int) -> list[str]:
        if columns(text) == len(text):
            return super()._split_lines(text, width)
        return _wrap_columns(text, width)

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        if columns(text) == len(text):
            return super()._fill_text(text, width, indent)
        return "\n".join(indent + line for line in _wrap_columns(text, width - len(indent)))


class _Parser(argparse.ArgumentParser):
    """The parser of the program and of each command: help in the language of core messages.

    argparse's own fixed words ("usage:", the "positional arguments" and "options" group titles and the -h
    option's help) come from its gettext domain, which the program has no catalog for. Rather than patch
    argparse's `_` (module global state), each parser sets them from the message catalog (`help.argparse.*`):
    the group titles are plain attributes of the two default groups, -h is added here with the same flags,
    action and default as argparse's own, and the usage prefix is given by `_HelpFormatter`. The English
    templates equal argparse's words, so English help is unchanged. Build a parser after `set_language`.
    """

    def __init__(self, *args: Any, add_help: bool = True, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _HelpFormatter)
        kwargs["add_help"] = False
        super().__init__(*args, **kwargs)
        self._positionals.title = render("help.argparse.positionals")
        self._optionals.title = render("help.argparse.options")
        if add_help:
            self.add_argument("-h", "--help", action="help", default=argparse.SUPPRESS,
                              help=render("help.argparse.help"))

    def error(self, message: str) -> NoReturn:  # one line, not usage + line
        raise CommandError(argparse_message(message))


def _add_workload(p: argparse.ArgumentParser) -> None:
    p.add_argument("--workload", action="append", metavar="SPEC",
                   help=render("help.common.workload"))


def _add_file(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", help=render("help.common.file"))


def _add_seed(p: argparse.ArgumentParser) -> None:
    p.add_argument("--seed", type=int, default=1, help=render("help.common.seed"))


if TYPE_CHECKING:
    _Commands = argparse._SubParsersAction[_Parser]   # what add_subparsers returns


def build_parser() -> argparse.ArgumentParser:
    """The parser of the program and its commands, every help text in the current language (see _take_language)."""
    parser = _Parser(prog=PROG, description=render("help.description"))
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)
    for add_commands in (_add_generate, _add_check_and_cost, _add_simulate_and_compare, _add_report,
                         _add_export_and_import, _add_validate_and_advise, _add_sweep_and_resilience,
                         _add_claims):
        add_commands(sub)
    return parser


def _add_generate(sub: _Commands) -> None:
    g = sub.add_parser("generate", help=render("help.generate"))
    g.add_argument("kind", choices=["leaf-spine", "fat-tree", "fat-tree-3", "rail-optimized", "rail-only",
                                      "multi-plane", "two-site"], help=render("help.generate.kind"))
    g.add_argument("--gpus", type=int, help=render("help.generate.gpus"))
    g.add_argument("--gpus-per-server", type=int, help=render("help.generate.gpus_per_server"))
    g.add_argument("--backend", choices=["ib", "rocev2", "hybrid"], default="rocev2",
                   help=render("help.generate.backend"))
    g.add_argument("--oversubscription", type=float, help=render("help.generate.oversubscription"))
    g.add_argument("--link-gbps", type=float, help=render("help.generate.link_gbps"))
    fe = g.add_mutually_exclusive_group()
    fe.add_argument("--frontend", dest="frontend", action="store_true", default=True,
                    help=render("help.generate.frontend"))
    fe.add_argument("--no-frontend", dest="frontend", action="store_false", help=render("help.generate.no_frontend"))
    g.add_argument("--name", help=render("help.generate.name"))
    g.add_argument("--server-model", help=render("help.generate.server_model"))
    g.add_argument("--switch-model", help=render("help.generate.switch_model"))
    g.add_argument("--nic-model", help=render("help.generate.nic_model"))
    g.add_argument("--preset", choices=["recommended", "plain"],
                   help=render("help.generate.preset"))
    g.add_argument("--two-tiers", action="store_true", help=render("help.generate.two_tiers"))
    g.add_argument("--planes", type=int, default=None, help=render("help.generate.planes"))
    g.add_argument("--placement", choices=["middle-of-row", "end-of-row", "rail-aligned"],
                   help=render("help.generate.placement"))
    g.add_argument("--rack-kw", type=float, metavar="KW", help=render("help.generate.rack_kw"))
    g.add_argument("--rack-units", type=int, metavar="U", help=render("help.generate.rack_units"))
    g.add_argument("-o", "--output", required=True, metavar="FILE", help=render("help.generate.output"))
    _add_two_site(g)


def _add_two_site(g: argparse.ArgumentParser) -> None:
    """The two-site generator's options (designer/topology/two_site.py)."""
    g.add_argument("--gpus-per-site", type=int, help=render("help.generate.gpus_per_site"))
    g.add_argument("--distance-km", type=float, help=render("help.generate.distance_km"))
    g.add_argument("--dci-gbps", type=float, help=render("help.generate.dci_gbps"))
    g.add_argument("--dci-links", type=int, help=render("help.generate.dci_links"))
    g.add_argument("--dci-equipment", metavar="MODEL", help=render("help.generate.dci_equipment"))


def _add_check_and_cost(sub: _Commands) -> None:
    c = sub.add_parser("check", help=render("help.check"))
    _add_file(c)
    c.add_argument("--json", action="store_true", help=render("help.check.json"))

    k = sub.add_parser("cost", help=render("help.cost"))
    _add_file(k)
    k.add_argument("--json", action="store_true", help=render("help.cost.json"))
    k.add_argument("--currency", choices=["USD", "CNY"], help=render("help.cost.currency"))


def _add_simulate_and_compare(sub: _Commands) -> None:
    s = sub.add_parser("simulate", help=render("help.simulate"))
    _add_file(s)
    _add_workload(s)
    s.add_argument("--backend", choices=["ib", "rocev2"], help=render("help.simulate.backend"))
    s.add_argument("--preset", choices=["recommended", "plain"], help=render("help.simulate.preset"))
    _add_seed(s)
    s.add_argument("--json", action="store_true", help=render("help.simulate.json"))
    s.add_argument("--timeline", metavar="OUT.csv", help=render("help.simulate.timeline"))
    s.add_argument("--fail", action="append", metavar="KIND:ID@TIME",
                   help=render("help.simulate.fail"))
    s.add_argument("--jobs", action="store_true", help=render("help.simulate.jobs"))
    s.add_argument("--no-alone", action="store_true", help=render("help.simulate.no_alone"))

    m = sub.add_parser("compare", help=render("help.compare"))
    _add_file(m)
    _add_workload(m)
    m.add_argument("--preset", choices=["recommended", "plain"], help=render("help.simulate.preset"))
    _add_seed(m)
    m.add_argument("--json", action="store_true", help=render("help.compare.json"))


def _add_report(sub: _Commands) -> None:
    r = sub.add_parser("report", help=render("help.report"))
    _add_file(r)
    r.add_argument("-o", "--output", required=True, metavar="OUT.pdf", help=render("help.report.output"))
    _add_workload(r)
    r.add_argument("--title", default="", help=render("help.report.title"))
    r.add_argument("--customer", default="", help=render("help.report.customer"))
    r.add_argument("--author", default="", help=render("help.report.author"))
    r.add_argument("--logo", metavar="IMAGE", help=render("help.report.logo"))
    r.add_argument("--currency", choices=["USD", "CNY"], help=render("help.report.currency"))
    r.add_argument("--lang", dest="report_lang", metavar="LANG",
                   help=render("help.report.lang"))
    r.add_argument("--sweep", metavar="results.csv|results.parquet",
                   help=render("help.report.sweep"))
    r.add_argument("--sweep-metric", metavar="METRIC",
                   help=render("help.report.sweep_metric"))
    r.add_argument("--scale", default="", metavar="TEXT", help=render("help.report.scale"))
    r.add_argument("--budget", type=float, metavar="AMOUNT", help=render("help.report.budget"))
    r.add_argument("--priorities", metavar="LIST", help=render("help.report.priorities"))
    r.add_argument("--preset", choices=["recommended", "plain"], default="recommended",
                   help=render("help.report.preset"))
    r.add_argument("--no-compare", dest="compare", action="store_false", help=render("help.report.no_compare"))
    r.add_argument("--no-resilience", dest="resilience", action="store_false",
                   help=render("help.report.no_resilience"))
    r.add_argument("--notes", action="store_true", help=render("help.report.notes"))
    r.add_argument("--keep", action="store_true", help=render("help.report.keep"))
    r.add_argument("--json", action="store_true", help=render("help.report.json"))


def _add_export_and_import(sub: _Commands) -> None:
    x = sub.add_parser("export", help=render("help.export"))
    _add_file(x)
    x.add_argument("--cabling", metavar="OUT.csv|OUT.xlsx", help=render("help.export.cabling"))
    x.add_argument("--labels", metavar="OUT.pdf", help=render("help.export.labels"))
    x.add_argument("--bom", metavar="OUT.csv|OUT.xlsx", help=render("help.export.bom"))
    x.add_argument("--graphml", metavar="OUT.graphml", help=render("help.export.graphml"))
    x.add_argument("--dot", metavar="OUT.dot", help=render("help.export.dot"))
    x.add_argument("--containerlab", metavar="OUT.clab.yml", help=render("help.export.containerlab"))
    x.add_argument("--currency", choices=["USD", "CNY"], help=render("help.export.currency"))

    i = sub.add_parser("import", help=render("help.import"))
    i.add_argument("graphml", help=render("help.import.graphml"))
    i.add_argument("-o", "--output", required=True, metavar="FILE", help=render("help.import.output"))


def _add_validate_and_advise(sub: _Commands) -> None:
    v = sub.add_parser("validate", help=render("help.validate"))
    v.add_argument("--json", action="store_true", help=render("help.validate.json"))

    a = sub.add_parser("advise", help=render("help.advise"))
    a.add_argument("--gpus", type=int, required=True, help=render("help.advise.gpus"))
    _add_workload(a)
    a.add_argument("--budget", type=float, metavar="AMOUNT", help=render("help.advise.budget"))
    a.add_argument("--currency", choices=["USD", "CNY"], default="USD", help=render("help.advise.currency"))
    a.add_argument("--existing-ethernet", action="store_true", help=render("help.advise.existing_ethernet"))
    a.add_argument("--latency-sensitive", action="store_true", help=render("help.advise.latency_sensitive"))
    a.add_argument("--priorities", metavar="LIST", help=render("help.advise.priorities"))
    _add_seed(a)
    a.add_argument("--json", action="store_true", help=render("help.advise.json"))
    a.add_argument("-o", "--output", metavar="DIR", help=render("help.advise.output"))
    a.add_argument("--workers", type=int, metavar="N", help=render("help.advise.workers"))
    a.add_argument("--sites", type=int, metavar="N", help=render("help.advise.sites"))
    a.add_argument("--distance-km", type=float, metavar="KM", help=render("help.advise.distance_km"))
    a.add_argument("--dci-gbps", type=float, metavar="GBPS", help=render("help.advise.dci_gbps"))
    a.add_argument("--dci-links", type=int, metavar="N", help=render("help.advise.dci_links"))


def _add_sweep_and_resilience(sub: _Commands) -> None:
    w = sub.add_parser("sweep", help=render("help.sweep"))
    w.add_argument("file", nargs="?", help=render("help.sweep.file"))
    w.add_argument("--generate", metavar="KIND", help=render("help.sweep.generate"))
    w.add_argument("--vary", action="append", metavar="NAME=VALUES", required=True,
                   help=render("help.sweep.vary"))
    _add_workload(w)
    _add_seed(w)
    w.add_argument("--workers", type=int, help=render("help.sweep.workers"))
    w.add_argument("--dask", metavar="ADDRESS", help=render("help.sweep.dask"))
    w.add_argument("-o", "--output", required=True, metavar="results.csv|results.parquet",
                   help=render("help.sweep.output"))

    z = sub.add_parser("resilience", help=render("help.resilience"))
    _add_file(z)
    _add_workload(z)
    _add_seed(z)
    z.add_argument("--json", action="store_true", help=render("help.resilience.json"))


def _add_claims(sub: _Commands) -> None:
    c = sub.add_parser("claims", help=render("help.claims"))
    c.add_argument("file", help=render("help.claims.file"))
    c.add_argument("--json", action="store_true", help=render("help.claims.json"))


def run_command(args: argparse.Namespace) -> int:
    """Run the parsed command. Each command's module is imported when its command runs (the command line starts
    without the engine, the report or the analysis packages loaded); the imports are plain statements, so that
    the layering test and the type checker see them."""
    match args.command:
        case "generate" | "check" | "cost":
            from designer.cli import design
            return design.run(args)
        case "simulate" | "compare":
            from designer.cli import simulate
            return simulate.cmd_simulate(args) if args.command == "simulate" else simulate.cmd_compare(args)
        case "export" | "import":
            from designer.cli import export
            return export.cmd_export(args) if args.command == "export" else export.cmd_import(args)
        case "report":
            from designer.cli.report import cmd_report
            return cmd_report(args)
        case "validate":
            from designer.cli.validate import cmd_validate
            return cmd_validate(args)
        case "advise":
            from designer.cli.advise import cmd_advise
            return cmd_advise(args)
        case "sweep":
            from designer.cli.sweep import cmd_sweep
            return cmd_sweep(args)
        case "resilience":
            from designer.cli.resilience import cmd_resilience
            return cmd_resilience(args)
        case "claims":
            from designer.cli.claims import cmd_claims
            return cmd_claims(args)
    raise AssertionError(f"no handler for command {args.command!r}")  # the parser accepts only COMMANDS


def _open_gui(argv: list[str]) -> int:
    parser = _Parser(prog=PROG, description=render("help.gui.description", commands=", ".join(COMMANDS), prog=PROG))
    parser.add_argument("file", nargs="?")
    args = parser.parse_args(argv)
    if args.file:
        from designer.model.fileformat import load
        load(args.file)  # refuse a bad file with one line before any window opens
    from designer.ui.app import run_gui

    return run_gui(args.file)


def _take_language(argv: list[str]) -> list[str]:
    """Remove the global `--lang CODE` (before or after the command) and make it the language of core messages."""
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
    before = current_language()
    try:
        return _main(argv)
    finally:
        set_language(before)


def _main(argv: list[str] | None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    debug = "--debug" in argv or os.environ.get("FABRIC_DESIGNER_DEBUG") == "1"
    argv = [a for a in argv if a != "--debug"]
    try:
        argv = _take_language(argv)
        if argv and argv[0] in COMMANDS:
            args = build_parser().parse_args(argv)
            return run_command(args)
        if argv and argv[0] in ("-h", "--help"):
            build_parser().print_help()
            return 0
        return _open_gui(argv)
    except (ProjectError, CommandError, ValueError) as exc:
        return error(exc.one_line() if isinstance(exc, ProjectError) else str(exc))
    except KeyboardInterrupt:
        print(f"{PROG}: {render('cli.interrupted')}", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except Exception as exc:  # noqa: BLE001 - a bug: still one line, details with --debug
        if debug:
            traceback.print_exc()
        print(one_line(f"{PROG}: {render('cli.internal_error', text=f'{type(exc).__name__}: {exc}')}"),
              file=sys.stderr)
        return 3


if __name__ == "__main__":
    sys.exit(main())
