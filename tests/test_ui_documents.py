"""The window keeps the user's documents safe: a template opens as a new untitled design (Ctrl+S cannot write it
over the open file), scenario edits are what Run runs, and the results of a run are unsaved work. Driven by real
keys and clicks."""

from __future__ import annotations

import shutil

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog, QMessageBox

from designer.model import fileformat
from designer.model.scenarios import Scenario
from designer.ui.app import PROJECTS
from designer.ui.main_window import MainWindow
from tests.ui_input import press_button, show_window, type_into, when_modal, window_key

CTRL = Qt.KeyboardModifier.ControlModifier
CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


def open_copy(qtbot, tmp_path, name: str = "small-rocev2-pod.json") -> MainWindow:
    path = tmp_path / name
    shutil.copy(PROJECTS / name, path)
    w = show_window(qtbot, path=path, size=(1300, 850))
    w.activateWindow()
    qtbot.waitUntil(w.isActiveWindow)                      # keys go where a user's would: to this window
    return w


def test_new_from_template_opens_an_untitled_design_and_save_does_not_overwrite(qtbot, tmp_path, monkeypatch):
    w = open_copy(qtbot, tmp_path)
    original = (tmp_path / "small-rocev2-pod.json").read_text()

    def generate(dialog):                                  # the generator dialog: 256 GPUs, then OK
        type_into(dialog.gpus.lineEdit(), "256")
        press_button(dialog.ok)

    when_modal(generate)
    window_key(qtbot, w, Qt.Key.Key_N, CTRL_SHIFT)   # File → New from template…
    qtbot.waitUntil(lambda: w.editor.doc.gpu_count() == 256, timeout=15000)
    assert w.path is None and "unsaved" in w.windowTitle()
    assert w.has_unsaved_work() and w.isWindowModified()
    target = tmp_path / "generated.json"
    asked = []
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (asked.append(a), (str(target), ""))[1])
    window_key(qtbot, w, Qt.Key.Key_S, CTRL)     # Save asks where, it does not reuse the old name
    assert asked and target.exists()
    assert (tmp_path / "small-rocev2-pod.json").read_text() == original
    assert fileformat.load(str(target)).gpu_count() == 256
    assert not w.has_unsaved_work()


def test_new_from_template_asks_about_unsaved_work_before_it_builds_the_design(qtbot, tmp_path, monkeypatch):
    """A 65,536-GPU template froze the window for a minute and only then asked whether to save the open design;
    the question comes first, and Cancel builds nothing."""
    from designer.ui.generator_dialog import GeneratorDialog

    w = open_copy(qtbot, tmp_path)
    node = next(iter(w.editor.doc.nodes.values()))
    w.editor.move({node.id: (node.x + 30, node.y)}, {node.id: (node.x, node.y)})   # unsaved work
    assert w.has_unsaved_work()
    order: list[str] = []
    real_generate = GeneratorDialog.generate
    monkeypatch.setattr(GeneratorDialog, "generate", lambda self: (order.append("generate"), real_generate(self))[1])
    monkeypatch.setattr(QMessageBox, "question",
                        lambda *a, **k: (order.append("asked"), QMessageBox.StandardButton.Cancel)[1])
    when_modal(lambda dialog: press_button(dialog.ok))
    window_key(qtbot, w, Qt.Key.Key_N, CTRL_SHIFT)   # File → New from template…
    qtbot.waitUntil(lambda: bool(order), timeout=15000)
    assert order == ["asked"] and w.path is not None and w.has_unsaved_work()


def test_quitting_after_a_run_asks_and_save_keeps_the_results(qtbot, tmp_path, monkeypatch):
    w = open_copy(qtbot, tmp_path)
    assert not w.has_unsaved_work()
    window_key(qtbot, w, Qt.Key.Key_F5)          # Simulate → Run
    qtbot.waitUntil(lambda: w.runs.last_result is not None, timeout=60000)
    questions = []

    def answer(*args, **kwargs):
        questions.append(args[2])
        return QMessageBox.StandardButton.Cancel

    monkeypatch.setattr(QMessageBox, "question", answer)
    window_key(qtbot, w, Qt.Key.Key_Q, CTRL)     # File → Quit
    assert questions and "results" in questions[0]
    assert w.isVisible()                                   # Cancel kept the window and its results
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Save)
    assert w.close()
    saved = fileformat.load(str(tmp_path / "small-rocev2-pod.json"))
    assert saved.results["completion_time_s"] == w.runs.last_result.data["completion_time_s"]


def test_run_runs_the_scenario_form_as_typed(qtbot, tmp_path):
    w = open_copy(qtbot, tmp_path)
    w.editor.doc.scenarios = [Scenario("Incast", ["incast:8:16MiB"], [], 1)]
    panel = w.failures.panel
    panel.set_document(w.editor.doc)
    w.failures.dock.show()
    w.failures.dock.raise_()
    qtbot.waitUntil(panel.workloads.isVisible)
    type_into(panel.workloads, "allreduce:1MiB")
    depth = w.editor.undo_stack.count()
    press_button(panel.buttons["run"])
    assert w.runs.workloads == ["allreduce:1MiB"]          # what was typed ran, not the stored incast
    assert w.editor.doc.scenarios[0].workloads == ["allreduce:1MiB"]
    assert w.editor.undo_stack.count() == depth + 1        # applied as one undoable edit
    qtbot.waitUntil(lambda: not w.runs.runner.running, timeout=60000)
    type_into(panel.workloads, "allreduce:banana")        # a bad edit: refused, and nothing runs
    w.runs.workloads = []
    press_button(panel.buttons["run"])
    assert w.runs.workloads == [] and "banana" in panel.message.text()
    assert w.editor.doc.scenarios[0].workloads == ["allreduce:1MiB"]
