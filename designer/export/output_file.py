"""Writing export files: choosing the format from the file name, and replacing the file atomically."""

from __future__ import annotations

import os
from pathlib import Path

from designer.i18n.escaping import one_line
from designer.i18n.message import Message, either, text_of
from designer.model.atomic_write import write_bytes_atomically  # the export writers import it from here


class ExportError(ValueError):
    """An export cannot be made as asked (unknown file type, nothing to export); the message is one line."""

    def __str__(self) -> str:
        return one_line(text_of(self.args[0])) if self.args else ""


def output_format(path: str | os.PathLike[str], allowed: tuple[str, ...], what: str) -> str:
    """The format of `path` from its suffix ("csv", "xlsx", ...), or ExportError naming what is allowed.

    `what` names the output: "cabling", "bom", "graphml", "dot" or "containerlab" (message id export.what.*)."""
    suffix = Path(path).suffix.lower().lstrip(".")
    if suffix not in allowed:
        raise ExportError(Message("error.export.wrong_type", path=os.fspath(path), what=Message(f"export.what.{what}"),
                                  choices=either([f".{a}" for a in allowed]), suffix=f".{suffix or '(none)'}"))
    return suffix


def write_text_atomically(path: str | os.PathLike[str], text: str, *, excel_bom: bool = False) -> None:
    """Write UTF-8 text atomically; `excel_bom` prefixes a byte-order mark so that spreadsheet programs
    read Chinese labels in a CSV as UTF-8 rather than the system code page."""
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError as exc:     # an unpaired surrogate: no UTF-8 file can hold it
        near = one_line(text[max(0, exc.start - 20):exc.start + 20])
        raise ExportError(Message("error.export.bad_text", path=os.fspath(path), code=f"U+{ord(text[exc.start]):04X}",
                                  near=near)) from None
    write_bytes_atomically(path, (b"\xef\xbb\xbf" + data) if excel_bom else data)
