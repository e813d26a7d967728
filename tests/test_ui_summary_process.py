"""A large design's summary and checks run in a process of their own (designer/ui/design_summary.py): the status
bar says they are on their way, then shows what a direct summary gives, for the design as saved and as edited."""

from __future__ import annotations

import threading
from concurrent.futures import Future, ProcessPoolExecutor
from functools import partial

from designer.ui import design_summary, main_window
from designer.ui.app import PROJECTS
from designer.ui.design_summary import summarise
from tests.fresh_process import run_offscreen
from tests.ui_input import show_window
from tests.waits import BACKGROUND_WORK_MS


def test_checks_of_a_large_design_come_from_the_summary_process(qtbot, monkeypatch):
    monkeypatch.setattr(main_window, "BACKGROUND_LINKS", 10)          # the pod counts as large here
    # at the window's priority: under a suite on every core, a process at niceness 10 waited past the deadline
    monkeypatch.setattr(design_summary, "SUMMARY_NICENESS", 0)
    w = show_window(qtbot, path=PROJECTS / "small-rocev2-pod.json")
    w.refresh_summary()
    assert "checking" in w.summary_label.full_text()
    assert w.wait_for_summary(120)
    direct = summarise(w.editor.doc, w.catalog)
    assert w.summary is not None and w.summary.status_text() == direct.status_text()
    assert len(w.summary.findings) == len(direct.findings)
    # edited and unsaved: the process summarises the document in memory, not the file
    link = next(iter(w.editor.doc.links))
    w.scene.select_ids(links=[link])
    w.editor.delete_selection()
    w.refresh_summary()
    assert w.wait_for_summary(120)
    assert w.summary.links == len(w.editor.doc.links) == direct.links - 1
    assert w.summary.status_text() == summarise(w.editor.doc, w.catalog).status_text()


def test_a_summary_ending_after_the_window_closed_is_not_handed_over(qtbot):
    """Once `shutdown` returns the window may delete the runner: an outcome the pool's thread brings later is
    dropped, not emitted from that thread on an object being deleted."""
    runner = design_summary.SummaryRunner()
    got = []
    runner.ready.connect(lambda generation, outcome: got.append(generation))
    runner.shutdown()
    late = threading.Thread(target=runner._relay, args=(1, _done_future("summary")))
    late.start()
    late.join()
    qtbot.wait(50)
    assert got == []


def test_a_pool_that_cannot_take_the_job_is_reported_not_waited_on(qtbot):
    """A job the pool refuses (shut down, broken) comes back as its exception, from inside the hand-over."""
    runner = design_summary.SummaryRunner()
    got = []
    runner.ready.connect(lambda generation, outcome: got.append((generation, type(outcome))))
    pool = ProcessPoolExecutor(max_workers=1)
    pool.shutdown()
    runner._submit(pool, partial(int, "1"), 7)
    qtbot.waitUntil(lambda: got == [(7, RuntimeError)], timeout=BACKGROUND_WORK_MS)
    runner.shutdown()


SUMMARY_THEN_WORKER = """
from concurrent.futures import ProcessPoolExecutor
from designer.analysis.local_processes import process_context
from designer.ui.app import PROJECTS
from designer.ui.design_summary import SummaryRunner, summarise_file
from tests.process_probe import loaded

runner = SummaryRunner()
runner._executor().submit(summarise_file, str(PROJECTS / "small-rocev2-pod.json"), None).result()
with ProcessPoolExecutor(max_workers=1, mp_context=process_context()) as pool:
    print(pool.submit(loaded, "designer.analysis.advisor.candidate_pool").result())
runner.shutdown()
"""


def test_the_summary_process_leaves_the_fork_server_to_the_advisor_and_sweeps():
    """A large design's summary, started first, does not start the program's one fork server without the engine:
    the advisor's and sweeps' workers started after it find the engine loaded (else each imports it, 2.7 s, at
    every advice)."""
    out = run_offscreen(SUMMARY_THEN_WORKER)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "True"


def _done_future(result: object) -> Future:
    future: Future = Future()
    future.set_result(result)
    return future
