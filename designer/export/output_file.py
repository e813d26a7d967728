"""Writing export files: choosing the format from the file name, and replacing the file atomically."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from designer.model.errors import ProjectError


class ExportError(ValueError):
    """An export cannot be made as asked (unknown file type, nothing to export); the message is one line."""


def output_format(path: str | os.PathLike[str], allowed: tuple[str, ...], what: str) -> str:
    """The format of `path` from its suffix ("csv", "xlsx", ...), or ExportError naming what is allowed."""
    suffix = Path(path).suffix.lower().lstrip(".")
    if suffix not in allowed:
        choices = " or ".join(f".{a}" for a in allowed)
        raise ExportError(f"{os.fspath(path)}: the {what} is written as {choices}, not '.{suffix or '(none)'}'")
    return suffix


def write_bytes_atomically(path: str | os.PathLike[str], data: bytes) -> None:
    """Replace `path` with `data` so that a crash leaves either the old file or the whole new one.

    OSError (no such folder, no permission, disk full) becomes a ProjectError naming the file.
    """
    p = Path(path)
    folder = p.parent if str(p.parent) else Path(".")
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise ProjectError(f"cannot write in {folder}: {exc.strerror or exc}", str(p)) from None
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, p)
    except OSError as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise ProjectError(f"cannot write: {exc.strerror or exc}", str(p)) from None


def write_text_atomically(path: str | os.PathLike[str], text: str, *, excel_bom: bool = False) -> None:
    """Write UTF-8 text atomically; `excel_bom` prefixes a byte-order mark so that spreadsheet programs
    read Chinese labels in a CSV as UTF-8 rather than the system code page."""
    data = text.encode("utf-8")
    write_bytes_atomically(path, (b"\xef\xbb\xbf" + data) if excel_bom else data)
