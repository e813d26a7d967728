"""What every command prints the same way: the program's name and the one-line error on stderr."""

from __future__ import annotations

import sys

from designer.i18n import render
from designer.i18n.message import Message, text_of

PROG = "fabric-designer"
EXIT_BAD_INPUT = 2


def error(message: str | Message) -> int:
    """Print `message` as the one-line error of a command on stderr; return the exit code of bad input."""
    print(f"{PROG}: {render('cli.error', text=text_of(message))}", file=sys.stderr)
    return EXIT_BAD_INPUT
