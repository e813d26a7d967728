"""Simulate → "Check a published claim…": the dialog runs a claims file off the UI thread, fills the table with the
published figures beside ours tinted by verdict, refuses a bad file with its one line, and Stop ends a run."""

from __future__ import annotations

import json
import threading

from designer.analysis.claims.table import number
from designer.ui import claims_dialog
from designer.ui.claims_dialog import AGREE, DISAGREE, ClaimsDialog, ClaimsLauncher
from tests.test_claims import TINY
from tests.waits import BACKGROUND_WORK_MS


def _dialog(qtbot) -> ClaimsDialog:
    d = ClaimsDialog()
    qtbot.addWidget(d)
    d.show()
    return d


def test_the_dialog_runs_off_the_ui_thread_and_fills_the_table(qtbot, tmp_path, monkeypatch):
    on_main = []
    real = claims_dialog.run_claims

    def recording(*args, **kwargs):
        on_main.append(threading.current_thread() is threading.main_thread())
        return real(*args, **kwargs)

    monkeypatch.setattr(claims_dialog, "run_claims", recording)
    path = tmp_path / "tiny.json"
    path.write_text(json.dumps(TINY), encoding="utf-8")
    d = _dialog(qtbot)
    with qtbot.waitSignal(d.run_finished, timeout=BACKGROUND_WORK_MS):
        assert d.open_file(str(path))
        assert d.stop_button.isEnabled() and not d.run_button.isEnabled()
    assert on_main == [False] and d.worker_thread is None and d.report is not None
    t = d.table
    assert t.rowCount() == 2 and t.horizontalHeaderItem(1).text() == "published IB"
    latency = d.report.rows[0]
    assert t.item(0, 1).text() == "2.2" and t.item(0, 2).text() == number(latency.ours["ib"])
    ib = next(v for v in latency.verdicts if v.variant == "ib")
    tint = t.item(0, 2).background().color()
    expected = AGREE if ib.status == "agrees" else DISAGREE
    assert (tint.red(), tint.green(), tint.blue()) == (expected.red(), expected.green(), expected.blue())
    assert t.item(0, 1).background().style().name == "NoBrush"           # published figures are not judged
    assert d.verdicts.count() == 2 and d.settings.count() == 3 + 1                # three variants, one setup note
    assert "200 Gb/s" in d.settings.item(3).text()
    assert "A test article" in d.source.text() and "https://example.org/a" in d.source.text()
    assert d.status.text().startswith("6 runs") and "Of 2 claims" in d.status.text()


def test_a_bad_file_shows_its_line_and_stop_ends_a_run(qtbot, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "fabric-designer/1"}', encoding="utf-8")
    d = _dialog(qtbot)
    assert not d.open_file(str(bad))
    assert "bad.json" in d.status.text() and "fabric-designer.claims/1" in d.status.text()
    assert d.run_button.isEnabled() and d.worker_thread is None
    good = tmp_path / "tiny.json"
    good.write_text(json.dumps(TINY), encoding="utf-8")
    with qtbot.waitSignal(d.run_finished, timeout=BACKGROUND_WORK_MS):
        d.open_file(str(good))
        d.stop_button.click()                      # before the worker has finished its first run
        assert d.status.text() == "Stopping…" and d.worker_thread is not None    # the window does not wait
    assert d.report is None and d.status.text() == "Stopped." and d.worker_thread is None
    assert d.run_button.isEnabled() and not d.stop_button.isEnabled()


def test_the_simulate_menu_opens_one_dialog(qtbot):
    from PySide6.QtWidgets import QMainWindow, QMenu

    window = QMainWindow()
    qtbot.addWidget(window)
    launcher = ClaimsLauncher(window, QMenu(window))
    launcher.action.trigger()
    first = launcher.dialog
    launcher.action.trigger()
    assert first is not None and launcher.dialog is first and first.isVisible()
    launcher.shutdown()


def test_run_waits_for_a_claims_file(qtbot, tmp_path):
    """Run with an empty file field said ".: is a folder, not a project file"; it waits for a file now."""
    d = _dialog(qtbot)
    assert not d.run_button.isEnabled()
    assert not d.start_run()                                  # pressed anyway (Enter): a plain sentence
    d.path.setText(str(tmp_path / "claims.json"))
    assert d.run_button.isEnabled()
    d.path.setText("   ")
    assert not d.run_button.isEnabled()
