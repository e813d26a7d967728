"""Replace a file so that a crash leaves either the old file or the whole new one, never half of it."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from designer.i18n.message import Message, os_reason
from designer.model.errors import ProjectError


def write_bytes_atomically(path: str | os.PathLike[str], data: bytes) -> None:
    """Write to a temporary file in the same folder, flush and fsync it, then rename it over `path`.

    The new file keeps the mode of the file it replaces (else the umask's). OSError (no such folder,
    no permission, disk full) becomes a ProjectError naming the file; the old file is left untouched.
    """
    p = Path(path)
    folder = p.parent if str(p.parent) else Path(".")
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise ProjectError(Message("error.file.cannot_write_in", folder=str(folder), reason=os_reason(exc)),
                           str(p)) from None
    try:
        # mkstemp creates the file owner-only; give it the mode of the file it replaces, else the umask's
        try:
            mode = p.stat().st_mode & 0o777
        except OSError:
            umask = os.umask(0)
            os.umask(umask)
            mode = 0o666 & ~umask
        os.chmod(tmp, mode)
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
        raise ProjectError(Message("error.file.cannot_save", reason=os_reason(exc)), str(p)) from None
