"""Autosave and crash recovery: unsaved work is written to a recovery file and offered back at start.

One recovery file per running window (`recovery-<pid>.json`) in the recovery folder: the
application's data folder (QStandardPaths AppDataLocation)/recovery, or the folder named by the
environment variable FABRIC_DESIGNER_RECOVERY_DIR. It is written (atomically)
- every 30 s while there are unsaved changes, and
- shortly (2 s) after a burst of structural edits (nodes, links or segments added or removed), so
  that a kill right after placing a rack loses at most that burst;
and removed when the design is saved or the window closes normally. A file left behind by a process
that is no longer running is what a crash or a kill leaves: the next start offers to restore it. A restored
file is deleted only once the restoring window has written its own recovery file (at once, not after the
burst delay), so that a second crash right after a restore loses nothing.

FABRIC_DESIGNER_RECOVERY_ANSWER=restore|discard|keep answers the offer without a dialog (tests, scripts).
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QObject, QStandardPaths, QTimer, Slot
from PySide6.QtWidgets import QMessageBox, QWidget

from designer.model import fileformat
from designer.model.atomic_write import process_running, remove_stale_temporaries
from designer.model.document import FabricDocument
from designer.model.errors import ProjectError
from designer.model.file_read import read_bytes_limited
from designer.model.json_guard import parse_json

RECOVERY_DIR_ENV = "FABRIC_DESIGNER_RECOVERY_DIR"
RECOVERY_ANSWER_ENV = "FABRIC_DESIGNER_RECOVERY_ANSWER"
SCHEMA = "fabric-designer.recovery/1"
PERIOD_MS = 30_000        # the periodic autosave
BURST_DELAY_MS = 2_000    # quiet time after structural edits before they are written
STRUCTURAL = ("add", "remove")


def recovery_folder() -> Path:
    """Where recovery files live: $FABRIC_DESIGNER_RECOVERY_DIR, else <app data>/recovery."""
    override = os.environ.get(RECOVERY_DIR_ENV)
    if override:
        return Path(override)
    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return Path(base or Path.home() / ".fabric-designer") / "recovery"


@dataclass
class Recovery:
    """One recovery file found at start: what it holds and when it was written."""

    file: Path
    saved_at: datetime
    original_path: str | None
    document: FabricDocument

    def summary(self) -> str:
        """What and when, in a sentence for the offer."""
        doc = self.document
        where = (QCoreApplication.translate("autosave", "from '{0}'").format(self.original_path) if self.original_path
                 else QCoreApplication.translate("autosave", "never saved"))
        return QCoreApplication.translate(
            "autosave", "'{0}' ({1}): {2} nodes, {3} links, {4} segments, autosaved {5}").format(
                doc.name, where, len(doc.nodes), len(doc.links), len(doc.segments),
                f"{self.saved_at:%Y-%m-%d %H:%M:%S}")


def read_recovery(file: Path) -> Recovery:
    """Read one recovery file; anything wrong with it raises ProjectError (it is data, like a project)."""
    try:
        # like a project file: a regular file of bounded size (a pipe in the folder must not hang the start)
        data = parse_json(read_bytes_limited(file, fileformat.max_file_bytes()).decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise ProjectError(f"unreadable recovery file: {exc}", str(file)) from None
    except ProjectError as exc:
        raise ProjectError(exc.messages, str(file)) from None
    if not isinstance(data, dict) or data.get("schema") != SCHEMA:
        raise ProjectError("not a recovery file", str(file))
    try:
        saved_at = datetime.fromisoformat(str(data.get("saved_at")))
    except ValueError:
        raise ProjectError("recovery file has no valid time", str(file)) from None
    original = data.get("path")
    doc = fileformat.document_from_dict(data.get("document"))
    return Recovery(file, saved_at, original if isinstance(original, str) else None, doc)


def remove_stale_recovery_temporaries(folder: Path) -> list[Path]:
    """At start: the temporary files that killed autosaves left in the recovery folder, removed."""
    try:
        # ".recovery-<pid>.json.<writer pid>.<random>.tmp" is a temporary of "recovery-<pid>.json"
        targets = {folder / n[1:n.index(".json.") + len(".json")] for n in os.listdir(folder)
                   if n.startswith(".recovery-") and n.endswith(".tmp") and ".json." in n}
    except OSError:
        return []
    return [p for t in sorted(targets) for p in remove_stale_temporaries(t)]


def orphaned_recoveries(folder: Path | None = None) -> list[Recovery]:
    """Recovery files left by processes that are no longer running, newest first (unreadable ones skipped)."""
    folder = folder or recovery_folder()
    found: list[Recovery] = []
    for file in sorted(folder.glob("recovery-*.json")):
        pid_text = file.stem.removeprefix("recovery-")
        if pid_text.isdigit() and process_running(int(pid_text)):
            continue
        try:
            found.append(read_recovery(file))
        except ProjectError:
            continue
    return sorted(found, key=lambda r: r.saved_at, reverse=True)


class Autosaver(QObject):
    """Writes the window's unsaved document to its recovery file on a timer and after edit bursts."""

    def __init__(self, window, folder: Path | None = None, period_ms: int = PERIOD_MS,
                 burst_delay_ms: int = BURST_DELAY_MS) -> None:
        super().__init__(window)
        self.window = window
        self.folder = folder or recovery_folder()
        self.file = self.folder / f"recovery-{os.getpid()}.json"
        self.last_error: str | None = None
        self.superseded: list[Path] = []    # restored files, deleted once this window's own file is written
        self._changed = False
        self.period = QTimer(self)
        self.period.setInterval(period_ms)
        self.period.timeout.connect(self.save_if_changed)
        self.burst = QTimer(self)
        self.burst.setSingleShot(True)
        self.burst.setInterval(burst_delay_ms)
        self.burst.timeout.connect(self.save_if_changed)
        self.folder_cleaned = remove_stale_recovery_temporaries(self.folder)
        window.scene.document_changed.connect(self._on_changes)
        window.editor.undo_stack.cleanChanged.connect(self._on_clean_changed)
        self.period.start()

    @Slot(object)
    def _on_changes(self, changes: list) -> None:
        self._changed = True
        if any(getattr(c, "action", "") in STRUCTURAL for c in changes):
            self.burst.start()   # restarts: a burst is written once it has been quiet for the delay

    @Slot(bool)
    def _on_clean_changed(self, clean: bool) -> None:
        if clean:
            self.discard()   # saved (or undone back to the saved state): nothing to recover

    @Slot()
    def save_if_changed(self) -> bool:
        if not self._changed:
            return False
        return self.save_now()

    def save_now(self) -> bool:
        """Write the recovery file now if there are unsaved changes; False (and `last_error`) if it failed."""
        if self.window.editor.undo_stack.isClean():
            self._changed = False
            return False
        payload = {"schema": SCHEMA, "saved_at": datetime.now().isoformat(timespec="microseconds"),
                   "path": self.window.path, "pid": os.getpid(),
                   "document": fileformat.document_to_dict(self.window.editor.doc)}
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            fileformat.write_text_atomically(self.file, json.dumps(payload, ensure_ascii=False))
        except (ProjectError, OSError) as exc:
            # autosave must never interrupt the work it protects: say so in the status bar, keep going
            self.last_error = str(exc)
            self.window.show_message(self.tr("Autosave failed: {0}").format(exc), True)
            return False
        self._changed = False
        self.last_error = None
        self._remove_superseded()
        return True

    def take_over(self, restored: Path) -> None:
        """This window now holds the work of `restored` (a recovery file of a dead process): write this window's
        own recovery file at once, and delete `restored` only when that has succeeded (else after the next
        autosave that does)."""
        self.superseded.append(restored)
        self._changed = True
        self.save_now()

    def _remove_superseded(self) -> None:
        for old in list(self.superseded):
            try:
                old.unlink()
            except FileNotFoundError:
                pass
            except OSError:
                continue
            self.superseded.remove(old)

    def discard(self) -> None:
        """Remove this window's recovery file (clean exit, or the design was saved) and the files it took over."""
        self._changed = False
        self.burst.stop()
        self._remove_superseded()
        try:
            self.file.unlink()
        except FileNotFoundError:
            pass
        except OSError as exc:
            self.last_error = str(exc)

    def stop(self) -> None:
        self.period.stop()
        self.burst.stop()


def offer_recovery(window, parent: QWidget | None = None) -> Recovery | None:
    """At start: offer the newest orphaned recovery file; restore it into `window` as an undoable edit.

    Returns the restored Recovery, or None. "Discard" deletes the file, "Keep" leaves it for later.
    """
    found = orphaned_recoveries(window.autosaver.folder if getattr(window, "autosaver", None) else None)
    if not found:
        return None
    newest = found[0]
    answer = os.environ.get(RECOVERY_ANSWER_ENV, "").strip().lower()
    if answer not in ("restore", "discard", "keep"):
        more = ""
        if len(found) > 1:
            more = "\n\n" + QCoreApplication.translate(
                "autosave", "{0} older recovery file(s) are kept for later.").format(len(found) - 1)
        text = QCoreApplication.translate("autosave", "Fabric Designer did not close normally last time. "
                                          "Unsaved work was found:\n\n{0}\n\nRestore it?{1}")
        box = QMessageBox(QMessageBox.Icon.Question, QCoreApplication.translate("autosave", "Restore unsaved work?"),
                          text.format(newest.summary(), more), parent=parent or window)
        restore = box.addButton(QCoreApplication.translate("autosave", "Restore"), QMessageBox.ButtonRole.AcceptRole)
        discard = box.addButton(QCoreApplication.translate("autosave",
                "Discard"), QMessageBox.ButtonRole.DestructiveRole)
        box.addButton(QCoreApplication.translate("autosave", "Decide later"), QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(restore)
        box.exec()
        clicked = box.clickedButton()
        answer = "restore" if clicked is restore else "discard" if clicked is discard else "keep"
    if answer == "keep":
        return None
    if answer == "restore":
        restore_into(window, newest)
        if getattr(window, "autosaver", None) is not None:
            window.autosaver.take_over(newest.file)   # kept until the restored work is in this window's own file
            return newest
    try:
        newest.file.unlink()
    except OSError:
        pass
    return newest if answer == "restore" else None


def restore_into(window, recovery: Recovery) -> None:
    """Open the recovered design's original file (if any) and replace its content by the recovered one,
    as one undoable, unsaved edit: saving writes to the original file, undo shows what it was."""
    base = FabricDocument()
    path = recovery.original_path
    if path:
        try:
            base = fileformat.load(path)
        except ProjectError:
            path = None          # the original is gone or broken: the recovered design is new and unsaved
    window.set_document(base, path)
    window.editor.replace_with(recovery.document, QCoreApplication.translate("autosave", "Restore autosaved work"))
    window.show_message(QCoreApplication.translate("autosave", "Restored {0}").format(recovery.summary()))
