"""The `fabric-designer` command line: every command's argument parsing, printing and exit code.

The core packages below return data and raise errors; only this package (and the window) speaks to the user.
`designer.cli.program` parses and dispatches; one module per command (or pair of commands) does the work.
"""

from designer.cli.program import main

__all__ = ["main"]
