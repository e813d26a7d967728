"""Reading an input file whole, safely: only regular files, and never more bytes than a limit.

`open()` on a named pipe waits for a writer that may never come, and `/dev/zero` or a file that keeps growing
never ends; `stat()` says 0 bytes for files under /proc. So the file is opened without blocking, checked to be a
regular file on the open descriptor (no race with a rename), and read up to one byte past the limit.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from designer.i18n.message import Message, os_reason
from designer.model.errors import ProjectError

MIB = 2**20


def read_bytes_limited(path: str | os.PathLike[str], limit_bytes: int, *, env: str = "") -> bytes:
    """The whole content of the regular file `path`, or ProjectError naming the file: a folder, a device or
    pipe, a file above `limit_bytes` (`env` names the variable that raises the limit), or an OS error."""
    p = Path(path)
    try:
        fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except IsADirectoryError:
        raise ProjectError(Message("error.file.is_folder"), str(p)) from None
    except OSError as exc:
        raise ProjectError(Message("error.file.cannot_read", reason=os_reason(exc)), str(p)) from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise ProjectError(Message("error.file.is_folder"), str(p))
        if not stat.S_ISREG(info.st_mode):
            raise ProjectError(Message("error.file.not_regular"), str(p))
        data = _read_up_to(fd, limit_bytes + 1) if info.st_size <= limit_bytes else b""
    except OSError as exc:
        raise ProjectError(Message("error.file.cannot_read", reason=os_reason(exc)), str(p)) from None
    finally:
        os.close(fd)
    size = max(info.st_size, len(data))
    if size > limit_bytes:
        sizes = {"size": f"{size / MIB:.1f}", "limit": f"{limit_bytes / MIB:g}"}
        too_large = (Message("error.file.too_large", env=env, **sizes) if env
                     else Message("error.file.too_large_fixed", **sizes))
        raise ProjectError(too_large, str(p))
    return data


def _read_up_to(fd: int, most: int) -> bytes:
    """At most `most` bytes from `fd`, up to its end."""
    chunks: list[bytes] = []
    left = most
    while left > 0:
        chunk = os.read(fd, min(left, 1 << 20))
        if not chunk:
            break
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)
