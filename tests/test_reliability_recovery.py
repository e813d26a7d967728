"""Autosave and recovery: a real application process killed with SIGKILL after edits is offered back,
exactly, at the next start, and again after a second kill right after the restore; clean exits and saves
remove the recovery file; an unexpected error shows a dialog with "Copy details", saves a recovery copy,
and the window keeps running."""

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from designer.model import fileformat
from designer.ui import autosave
from designer.ui.autosave import offer_recovery, orphaned_recoveries, read_recovery
from designer.ui.commands import RemoveItemsCommand
from designer.ui.error_dialog import ErrorDialog, ErrorHook
from designer.ui.main_window import MainWindow
from tests.factories import two_server_doc
from tests.waits import BACKGROUND_WORK_MS

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "projects" / "small-rocev2-pod.json"


def _app_env(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", FABRIC_DESIGNER_RECOVERY_DIR=str(tmp_path / "recovery"),
               XDG_CONFIG_HOME=str(tmp_path / "config"), XDG_DATA_HOME=str(tmp_path / "data"))
    env.pop("FABRIC_DESIGNER_RECOVERY_ANSWER", None)
    env.update(extra)
    return env


def _wait_for(predicate, proc: subprocess.Popen) -> None:
    end = time.monotonic() + BACKGROUND_WORK_MS / 1000
    while time.monotonic() < end:
        if predicate():
            return
        if proc.poll() is not None:
            raise AssertionError(f"the application exited early: {proc.stderr.read().decode()[-2000:]}")
        time.sleep(0.1)
    raise AssertionError("timed out")


def _kill(proc: subprocess.Popen) -> None:
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=10)


@pytest.mark.gui   # the window runs in a child process
@pytest.mark.slow
def test_killed_application_offers_the_exact_document_back_at_the_next_start(tmp_path):
    design = tmp_path / "design.json"
    shutil.copy(EXAMPLE, design)
    recovery = tmp_path / "recovery"
    edited_dump = tmp_path / "edited.json"
    cmd = [sys.executable, "-m", "designer", str(design)]
    first = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                             env=_app_env(tmp_path, FABRIC_DESIGNER_TEST_EDITS="15",
                                          FABRIC_DESIGNER_TEST_DUMP=str(edited_dump)))
    try:
        _wait_for(edited_dump.exists, first)
        edited = edited_dump.read_text(encoding="utf-8")
        # the autosave of the edit burst (2 s after the last structural edit) holds exactly the edited design
        _wait_for(lambda: any(recovery.glob("recovery-*.json")), first)
        (rec_file,) = recovery.glob("recovery-*.json")
        _wait_for(lambda: fileformat.dumps(read_recovery(rec_file).document) == edited, first)
    finally:
        _kill(first)
    assert edited != EXAMPLE.read_text(encoding="utf-8")
    assert design.read_bytes() == EXAMPLE.read_bytes()          # the kill left the saved file alone

    # the offer: what and when
    (offered,) = orphaned_recoveries(recovery)
    assert offered.original_path == str(design)
    assert f"{len(offered.document.nodes)} nodes" in offered.summary()

    # killed again within 2 s of the restore (before any burst delay has passed): the restored work survives
    restored = _restore_and_kill(cmd, tmp_path, "restored.json", after_s=0.5)
    assert restored == edited
    assert not rec_file.exists()                                  # taken over by the second window's own file
    (second_file,) = recovery.glob("recovery-*.json")
    assert fileformat.dumps(read_recovery(second_file).document) == edited
    assert _restore_and_kill(cmd, tmp_path, "again.json") == edited    # no edit lost to the second kill
    assert not [p.name for p in recovery.iterdir() if p.name.endswith(".tmp")]


def _restore_and_kill(cmd: list[str], tmp_path: Path, dump_name: str, after_s: float = 0.0) -> str:
    """Start the window answering "restore", kill it `after_s` after it has restored; what it held."""
    dump = tmp_path / dump_name
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            env=_app_env(tmp_path, FABRIC_DESIGNER_RECOVERY_ANSWER="restore",
                                         FABRIC_DESIGNER_TEST_DUMP=str(dump)))
    try:
        _wait_for(dump.exists, proc)
        time.sleep(after_s)
    finally:
        _kill(proc)
    return dump.read_text(encoding="utf-8")


@pytest.fixture
def window(qtbot, tmp_path, monkeypatch):
    monkeypatch.setenv("FABRIC_DESIGNER_RECOVERY_DIR", str(tmp_path / "rec"))
    path = tmp_path / "d.json"
    fileformat.save(two_server_doc(), path)
    w = MainWindow(fileformat.load(path), str(path))
    yield w
    w.autosaver.stop()
    w.editor.undo_stack.setClean()     # close without the save question
    w.close()
    w.deleteLater()


def test_structural_edit_burst_is_written_after_a_quiet_delay_and_saving_removes_it(window, qtbot):
    saver = window.autosaver
    assert saver.file.parent == Path(os.environ["FABRIC_DESIGNER_RECOVERY_DIR"])
    saver.burst.setInterval(50)
    window.editor.update("node", "srv-1", {"label": "moved"}, "Rename")   # not structural: the timer waits
    assert not saver.burst.isActive()
    window.editor.undo_stack.push(RemoveItemsCommand(window.editor.doc, [], ["L1"], []))
    assert saver.burst.isActive()
    qtbot.waitUntil(saver.file.exists, timeout=BACKGROUND_WORK_MS)
    assert fileformat.dumps(read_recovery(saver.file).document) == fileformat.dumps(window.editor.doc)
    assert window.save()
    assert not saver.file.exists()


def test_periodic_autosave_only_writes_unsaved_changes(window):
    saver = window.autosaver
    assert saver.period.interval() == 30_000 and saver.period.isActive()
    assert saver.save_if_changed() is False and not saver.file.exists()   # nothing changed
    window.editor.update("node", "srv-1", {"label": "x"}, "Rename")
    assert saver.save_if_changed() is True and saver.file.exists()
    assert saver.save_if_changed() is False                                # nothing new since


def test_clean_exit_removes_the_recovery_file(window, monkeypatch):
    from PySide6.QtWidgets import QMessageBox
    window.editor.update("node", "srv-1", {"label": "x"}, "Rename")
    assert window.autosaver.save_now() and window.autosaver.file.exists()
    monkeypatch.setattr(QMessageBox, "question", lambda *a: QMessageBox.StandardButton.Discard)
    assert window.close()
    assert not window.autosaver.file.exists()


def test_failed_autosave_is_a_status_message_not_an_error(window, monkeypatch):
    window.editor.update("node", "srv-1", {"label": "x"}, "Rename")
    window.autosaver.folder = window.autosaver.file = Path("/proc/forbidden/nowhere")
    assert window.autosaver.save_now() is False
    assert window.autosaver.last_error and window.last_message[1] is True


def _orphan(folder: Path, pid: int, doc, path: str | None, saved_at: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    f = folder / f"recovery-{pid}.json"
    f.write_text(json.dumps({"schema": autosave.SCHEMA, "saved_at": saved_at, "path": path, "pid": pid,
                             "document": fileformat.document_to_dict(doc)}), encoding="utf-8")
    return f


def _dead_pid() -> int:
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid


def test_offer_skips_live_processes_and_broken_files_and_answers_discard_and_keep(window, monkeypatch, tmp_path):
    folder = window.autosaver.folder
    doc = two_server_doc("ib")
    doc.set_meta(name="lost work")
    dead = _orphan(folder, _dead_pid(), doc, None, "2025-01-02T03:04:05")
    live = _orphan(folder, os.getppid(), doc, None, "2025-01-02T03:04:06")   # our parent is running
    (folder / "recovery-1.json").write_text("{not json", encoding="utf-8")
    found = orphaned_recoveries(folder)
    assert [r.file for r in found] == [dead]
    assert "never saved" in found[0].summary() and "2025-01-02 03:04:05" in found[0].summary()
    monkeypatch.setenv("FABRIC_DESIGNER_RECOVERY_ANSWER", "keep")
    assert offer_recovery(window) is None and dead.exists()
    monkeypatch.setenv("FABRIC_DESIGNER_RECOVERY_ANSWER", "discard")
    before = fileformat.dumps(window.editor.doc)
    assert offer_recovery(window) is None and not dead.exists()
    assert fileformat.dumps(window.editor.doc) == before and live.exists()


def test_restore_is_one_undoable_unsaved_edit(window, monkeypatch):
    folder = window.autosaver.folder
    doc = two_server_doc("ib")
    doc.set_meta(name="lost work")
    _orphan(folder, _dead_pid(), doc, window.path, "2025-01-02T03:04:05")
    original = fileformat.dumps(window.editor.doc)
    monkeypatch.setenv("FABRIC_DESIGNER_RECOVERY_ANSWER", "restore")
    assert offer_recovery(window) is not None
    assert fileformat.dumps(window.editor.doc) == fileformat.dumps(doc)
    assert not window.editor.undo_stack.isClean()
    window.editor.undo_stack.undo()
    assert fileformat.dumps(window.editor.doc) == original


def test_unexpected_error_shows_details_copies_them_saves_a_recovery_copy_and_keeps_running(window, monkeypatch):
    window.editor.update("node", "srv-1", {"label": "before the bug"}, "Rename")
    hook = ErrorHook(lambda: window)
    shown = []
    monkeypatch.setattr(ErrorDialog, "exec", lambda d: shown.append(d) or 0)
    try:
        raise ZeroDivisionError("a bug")
    except ZeroDivisionError:
        hook(*sys.exc_info())
    (dialog,) = shown
    assert "ZeroDivisionError: a bug" in dialog.details and "Traceback" in dialog.details
    dialog.copy_details()
    assert QApplication.clipboard().text() == dialog.details
    assert window.autosaver.file.exists()                       # the recovery copy
    assert "before the bug" in window.autosaver.file.read_text(encoding="utf-8")
    window.editor.update("node", "srv-1", {"label": "after"}, "Rename")
    assert window.editor.doc.nodes["srv-1"].label == "after"
