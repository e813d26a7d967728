"""Help → "Help me choose…": the wizard refuses a bad workload where it is typed, runs the advisor off the UI
thread, ranks the candidates, and the window opens the chosen one."""

from __future__ import annotations

import multiprocessing
import sys
import threading

from PySide6.QtWidgets import QDialog

from designer.analysis.advisor import Preferences, advise
from designer.analysis.advisor.candidates import CandidateSpec
from designer.analysis.local_processes import process_context, start_method
from designer.topology import generate
from designer.ui import advisor_wizard
from designer.ui.advisor_wizard import AdvisorWizard
from designer.ui.main_window import MainWindow
from tests.factories import ADVISOR_BUDGET_64_GPUS
from tests.fresh_process import run_offscreen
from tests.waits import BACKGROUND_WORK_MS


def _wizard(qtbot) -> AdvisorWizard:
    w = AdvisorWizard()
    qtbot.addWidget(w)
    w.show()
    return w


def test_bad_workload_is_refused_on_the_first_page(qtbot):
    w = _wizard(qtbot)
    w.requirements.workload.setText("allreduce:lots")
    w.next()
    assert w.currentPage() is w.requirements
    assert "allreduce" in w.requirements.error.text()


def test_runs_off_the_ui_thread_and_returns_the_chosen_design(qtbot, monkeypatch):
    on_main = []
    real = advisor_wizard.advise

    def recording(*args, **kwargs):
        on_main.append(threading.current_thread() is threading.main_thread())
        return real(*args, **kwargs)

    monkeypatch.setattr(advisor_wizard, "advise", recording)
    w = _wizard(qtbot)
    w.requirements.gpus.setValue(64)
    w.requirements.workload.setText("allreduce:16MiB")
    w.requirements.latency.setChecked(True)
    w.requirements.budget.setValue(ADVISOR_BUDGET_64_GPUS)
    with qtbot.waitSignal(w.run_finished, timeout=BACKGROUND_WORK_MS):
        w.next()
    assert on_main == [False]
    assert w.advice is not None and w.running.isComplete() and w.worker_thread is None
    assert w.advice.preferences.latency_sensitive and w.advice.preferences.budget == ADVISOR_BUDGET_64_GPUS
    w.next()
    assert w.currentPage() is w.results
    assert w.results.table.rowCount() == 15
    assert w.results.table.item(0, 1).text().startswith(w.advice.recommended.spec.label)
    assert w.chosen_design() is w.advice.recommended.doc
    w.results.table.selectRow(3)
    assert w.chosen_design() is w.advice.candidates[w.advice.ranking[3].id].doc
    assert "Recommended:" in w.results.reasons.text()


def test_when_nothing_fits_the_budget_the_results_say_so_and_what_the_cheapest_costs(qtbot):
    w = _wizard(qtbot)
    w.advice = advise(64, ["allreduce:16MiB"], Preferences(budget=1000.0),
                      specs=[CandidateSpec("fat-tree", "rocev2", 1.0)])     # one candidate: quick
    capex = next(iter(w.advice.candidates.values())).figures["capex"]
    w.results.initializePage()
    subtitle = w.results.subTitle()
    assert subtitle.startswith("Nothing fits the budget of $1,000") and f"costs ${capex:,.0f}" in subtitle
    assert "the first is recommended" not in subtitle and "Recommended" not in w.results.reasons.text()


def test_back_during_a_run_drops_its_results(qtbot):
    w = _wizard(qtbot)
    w.requirements.gpus.setValue(64)
    w.requirements.workload.setText("allreduce:16MiB")
    w.next()
    first = w._run_id
    w.back()                                  # cancels; the stale run's results are ignored
    assert w.worker_thread is None and w.advice is None
    with qtbot.waitSignal(w.run_finished, timeout=BACKGROUND_WORK_MS):
        w.next()
    assert w._run_id == first + 1 and w.advice is not None


def test_with_qt_loaded_workers_start_from_a_fork_server_never_by_fork():
    assert "PySide6.QtCore" in sys.modules
    assert start_method() == "forkserver" and process_context().get_start_method() == "forkserver"


OPEN_THE_ADVISOR = """
import os
from pathlib import Path
from PySide6.QtWidgets import QApplication
from designer.ui.advisor_wizard import AdvisorWizard

def servers():
    found = []
    for proc in Path("/proc").iterdir():
        try:
            ppid = int((proc / "stat").read_text().rsplit(")", 1)[1].split()[1])
            command = (proc / "cmdline").read_bytes()
        except (OSError, ValueError, IndexError):
            continue
        if ppid == os.getpid() and b"multiprocessing.forkserver" in command:
            found.append(proc.name)
    return found

app = QApplication([])
print(len(servers()), end=" ")
wizard = AdvisorWizard()
print(len(servers()))
"""


def test_opening_the_advisor_starts_the_fork_server_its_workers_come_from():
    """The server imports the engine (about 3 s) while the user fills in the form, not after Next. (Reads the
    process table in /proc, as on the Linux machines the suite runs on.)"""
    out = run_offscreen(OPEN_THE_ADVISOR)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["0", "1"]


def test_progress_shows_as_candidates_finish_and_back_ends_the_workers(qtbot):
    w = _wizard(qtbot)
    w.requirements.gpus.setValue(1024)                # 15 candidates of a few tenths of a second each
    w.requirements.workload.setText("allreduce:1GiB")
    w.next()
    qtbot.waitUntil(lambda: w.running.bar.value() >= 1, timeout=BACKGROUND_WORK_MS)
    assert w.running.bar.maximum() == 15 and w.running.status.text().startswith("Candidate ")
    w.back()                                          # cancels: the running workers are ended, not waited for
    assert w.worker_thread is None and w.advice is None
    assert multiprocessing.active_children() == []


def test_help_menu_opens_the_chosen_candidate(qtbot, monkeypatch):
    window = MainWindow(generate("leaf-spine", gpus=16, backend="rocev2"), None)
    qtbot.addWidget(window)
    chosen = generate("fat-tree", gpus=64, backend="ib", name="advisor pick")
    monkeypatch.setattr(AdvisorWizard, "exec", lambda self: QDialog.DialogCode.Accepted)
    monkeypatch.setattr(AdvisorWizard, "chosen_design", lambda self: chosen)
    assert window.advisor_action.text() == "Help me &choose…" and window.advisor_action.isEnabled()
    assert "&Help" in [m.text() for m in window.menuBar().actions()]
    window.advisor_action.trigger()
    assert window.editor.doc.name == "advisor pick" and window.path is None
