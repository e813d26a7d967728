"""Replace a file so that a crash leaves either the old file or the whole new one, never half of it."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from designer.i18n.message import Message, os_reason
from designer.model.errors import ProjectError

TMP_SUFFIX = ".tmp"


def real_target(path: str | os.PathLike[str]) -> Path:
    """The file a write to `path` must replace: the target of a symbolic link (a save through a link updates the
    file it points to and keeps the link), else `path` itself."""
    p = Path(path)
    return Path(os.path.realpath(p)) if p.is_symlink() else p


def write_bytes_atomically(path: str | os.PathLike[str], data: bytes) -> None:
    """Write to a temporary file in the same folder, flush and fsync it, then rename it over `path`.

    The new file keeps the mode of the file it replaces (else the umask's). OSError (no such folder,
    no permission, disk full) becomes a ProjectError naming the file; the old file is left untouched.
    Temporary files that a killed writer left beside `path` are removed first (see `remove_stale_temporaries`).
    """
    p = real_target(path)
    folder = p.parent if str(p.parent) else Path(".")
    remove_stale_temporaries(p)
    try:
        fd, tmp = tempfile.mkstemp(prefix=f"{temporary_prefix(p)}{os.getpid()}.", suffix=TMP_SUFFIX, dir=folder)
    except OSError as exc:
        raise ProjectError(Message("error.file.cannot_write_in", folder=str(folder), reason=os_reason(exc)),
                           str(path)) from None
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
        raise ProjectError(Message("error.file.cannot_save", reason=os_reason(exc)), str(path)) from None


def temporary_prefix(path: Path) -> str:
    """How the temporary files of writes to `path` begin: `.design.json.` (then the writer's process id)."""
    return f".{path.name}."


def remove_stale_temporaries(path: Path) -> list[Path]:
    """Remove the temporary files of earlier writes to `path` whose writer is no longer running (a kill during a
    save leaves one); a write in progress in a running process is left alone. Returns what was removed."""
    folder = path.parent if str(path.parent) else Path(".")
    prefix = temporary_prefix(path)
    removed: list[Path] = []
    try:
        names = [n for n in os.listdir(folder) if n.startswith(prefix) and n.endswith(TMP_SUFFIX)]
    except OSError:
        return removed
    for name in names:
        pid_text = name[len(prefix):].split(".", 1)[0]
        if not pid_text.isdigit() or process_running(int(pid_text)):
            continue
        try:
            os.unlink(folder / name)
            removed.append(folder / name)
        except OSError:
            pass
    return removed


def process_running(pid: int) -> bool:
    """True when a process with this id exists (ours included, or one of another user)."""
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:       # exists but belongs to someone else
        return True
    return True
