"""What every command prints the same way: the program's name and the one-line error on stderr, user text in it
shown escaped (a line break or an escape sequence from a file never splits the line or steers the terminal), and
the design's file named in errors found after it was loaded."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager

from designer.i18n import render
from designer.i18n.escaping import one_line
from designer.i18n.message import Message, text_of
from designer.model.errors import ProjectError

PROG = "fabric-designer"
EXIT_BAD_INPUT = 2
BAR_WIDTH = 30


def progress_bar(done: int, total: int, message_id: str) -> None:
    """A one-line bar on stderr, redrawn in place (only on a terminal), with `message_id` rendered with done and
    total ("3/13 runs")."""
    if not sys.stderr.isatty() or total == 0:
        return
    filled = BAR_WIDTH * done // total
    end = "\n" if done == total else ""
    print(f"\r[{'#' * filled}{'.' * (BAR_WIDTH - filled)}] {render(message_id, done=done, total=total)}",
          end=end, file=sys.stderr, flush=True)


def output_problem(output: str, design: str, suffixes: tuple[str, ...], what: str) -> str | Message | None:
    """Why `output` cannot take a `what` written from the design file `design` (a suffix not among `suffixes`, or
    the design file itself), or None."""
    from designer.export.output_file import ExportError, output_format

    try:
        output_format(output, suffixes, what)
    except ExportError as exc:
        return str(exc)
    if os.path.abspath(output) == os.path.abspath(design) or (
            os.path.exists(output) and os.path.exists(design) and os.path.samefile(output, design)):
        return Message("error.cli.output_is_input", file=output)
    return None


def error(message: str | Message) -> int:
    """Print `message` as the one-line error of a command on stderr; return the exit code of bad input."""
    print(one_line(f"{PROG}: {render('cli.error', text=text_of(message))}"), file=sys.stderr)
    return EXIT_BAD_INPUT


@contextmanager
def naming(file: str) -> Iterator[None]:
    """Errors raised while working on the design loaded from `file` name it: a model the catalog does not have,
    no path between two servers (the file is what the user must change)."""
    try:
        yield
    except ProjectError as exc:
        if exc.source:
            raise
        raise ProjectError(exc.messages, file) from None
    except ValueError as exc:
        # imported here: check and cost start without the engine, which is loaded already when this is raised
        from designer.analysis.sweep.grid import SweepError
        from designer.sim.workload_spec import WorkloadError

        if not isinstance(exc, WorkloadError) or isinstance(exc, SweepError):   # a sweep's error names its file
            raise
        raise type(exc)(Message("error.in_file", file=file, text=exc.message)) from None
