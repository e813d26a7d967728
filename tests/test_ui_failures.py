"""What-if failures in the window: the canvas menu schedules failures into the scenario (undoable), a
scenario with a spine failure runs to the end with failure markers on the plots and cut cables on the
canvas, scenarios survive save and open, the comparison table fills, Fail now reaches the engine."""

from __future__ import annotations

import pytest

from designer.model import fileformat
from designer.model.scenarios import Scenario
from designer.ui.app import PROJECTS
from designer.ui.failure_dialog import ScheduleFailureDialog
from designer.ui.failure_layer import state_from_schedule, state_from_snapshot
from designer.ui.main_window import MainWindow
from tests.waits import BACKGROUND_WORK_MS

DESIGN = "small-rocev2-pod.json"



def open_window(qtbot, path: str | None = None) -> MainWindow:
    path = path or str(PROJECTS / DESIGN)
    w = MainWindow(fileformat.load(path), path)
    qtbot.addWidget(w)
    w.resize(1400, 900)
    w.show()
    return w


def menu_action(menu, text: str):
    return next(a for a in menu.actions() if a.text() == text)


def test_schedule_from_the_context_menu_adds_to_the_scenario_and_undo_removes_it(qtbot, monkeypatch):
    w = open_window(qtbot)
    fc = w.failures
    assert w.editor.doc.scenarios == []
    monkeypatch.setattr(ScheduleFailureDialog, "exec", lambda self: self.DialogCode.Accepted)
    monkeypatch.setattr(ScheduleFailureDialog, "spec_text", lambda self: "switch:spine-01@1ms:up=5ms")
    menu = fc.context_menu("switch", "spine-01")
    assert not menu_action(menu, "Fail now").isEnabled()        # no run going
    menu_action(menu, "Schedule failure…").trigger()
    scenarios = w.editor.doc.scenarios
    assert len(scenarios) == 1 and scenarios[0].failures == ["switch:spine-01@1ms:up=5ms"]
    assert fc.panel.list.count() == 1
    assert "spine-01" in fc.failure_layer().state.scheduled_switches       # drawn as scheduled
    w.editor.undo_stack.undo()
    assert w.editor.doc.scenarios == []
    assert fc.panel.list.count() == 0
    assert not fc.failure_layer().state.scheduled_switches
    w.editor.undo_stack.redo()
    assert w.editor.doc.scenarios[0].failures == ["switch:spine-01@1ms:up=5ms"]


def test_schedule_dialog_validates_where_typed(qtbot):
    w = open_window(qtbot)
    d = ScheduleFailureDialog(w.editor.doc, "link", "L1", w)
    qtbot.addWidget(d)
    ok = d.buttons.button(d.buttons.StandardButton.Ok)
    assert ok.isEnabled() and d.spec_text() == "link:L1@2ms"
    d.up.setText("1ms")                                  # back before it fails
    assert not ok.isEnabled() and "come up after" in d.error.text()
    d.up.setText("10ms")
    d.gbps.setText("99999")                              # not below the link's speed
    assert not ok.isEnabled() and "not below" in d.error.text()
    d.gbps.setText("100")
    assert ok.isEnabled() and d.spec_text() == "link:L1@2ms:up=10ms:gbps=100"
    d.at.setText("soon")
    assert not ok.isEnabled() and d.error.text()


def test_a_scheduled_spine_failure_runs_to_the_end_with_markers_and_a_table_row(qtbot):
    w = open_window(qtbot)
    fc = w.failures
    fc.schedule_failure("switch", "spine-01", "switch:spine-01@0.3ms")
    name = w.editor.doc.scenarios[0].name
    cut: list = []
    w.runs.snapshot_drawn.connect(lambda s: cut.append(len((s.extra or {}).get("failed_links", []))))
    assert fc.run_scenario(name)
    qtbot.waitUntil(lambda: not w.runs.runner.running, timeout=BACKGROUND_WORK_MS)
    result = w.runs.last_result
    assert result is not None and result.data["completed"]
    assert result.data["delivered_bytes"] == result.data["planned_bytes"]     # lossless: every byte arrives
    kinds = [m[1] for m in w.runs.plots.marks]
    fail_t = [m[0] for m in w.runs.plots.marks if m[1] == "failure"]
    assert fail_t and fail_t[0] == pytest.approx(result.data["failures"][0]["time_s"] * 1e3)
    assert "recovered" in kinds                                          # rerouting is marked too
    assert max(cut) > 0                                                  # the spine's cables drawn cut
    spine_links = {x.id for x in w.editor.doc.links_of("spine-01")}
    assert spine_links & set(fc.failure_layer().state.down_links)
    assert "spine-01" in fc.failure_layer().state.down_switches
    # the comparison table has the run's row
    assert fc.panel.table.rowCount() == 1
    assert fc.panel.table.item(0, 0).text() == name
    assert fc.panel.rows[name]["bytes_stalled"] == result.data["failures"][0]["bytes_stalled"] > 0
    assert name in fc.overlays


def test_scenarios_round_trip_through_save_and_open(qtbot, tmp_path):
    w = open_window(qtbot)
    fc = w.failures
    fc.panel.add_scenario(Scenario("spine dies", ["allreduce:64MiB"], ["switch:spine-02@1ms:up=3ms"], 7))
    fc.schedule_failure("link", "L3", "link:L3@2ms:gbps=100")      # into the selected scenario
    path = str(tmp_path / "with-scenarios.json")
    assert w.save_to(path)
    w2 = open_window(qtbot, path)
    s = w2.editor.doc.scenarios
    assert [x.name for x in s] == ["spine dies"]
    assert s[0].failures == ["switch:spine-02@1ms:up=3ms", "link:L3@2ms:gbps=100"] and s[0].seed == 7
    assert w2.failures.panel.list.count() == 1
    assert w2.failures.panel.failures.toPlainText().splitlines() == s[0].failures


def test_form_edits_are_checked_and_undoable(qtbot):
    w = open_window(qtbot)
    panel = w.failures.panel
    panel.add_scenario(Scenario("a", ["permutation:64MiB"], [], 1))
    panel.failures.setPlainText("switch:no-such-switch@1ms")
    assert not panel.apply_form()
    assert "no switch 'no-such-switch'" in panel.message.text()
    assert w.editor.doc.scenarios[0].failures == []
    panel.name.setText("b")
    panel.failures.setPlainText("link:L2@1ms")
    assert panel.apply_form()
    assert w.editor.doc.scenarios[0].name == "b" and w.editor.doc.scenarios[0].failures == ["link:L2@1ms"]
    w.editor.undo_stack.undo()
    assert w.editor.doc.scenarios[0].name == "a"


def test_fail_now_reaches_the_running_engine(qtbot):
    w = open_window(qtbot)
    w.runs.start(["permutation:64MiB"], seed=1)
    menu = w.failures.context_menu("switch", "spine-02")
    action = menu_action(menu, "Fail now")
    assert action.isEnabled()
    action.trigger()
    qtbot.waitUntil(lambda: not w.runs.runner.running, timeout=BACKGROUND_WORK_MS)
    fails = w.runs.last_result.data["failures"]
    assert [f["spec"] for f in fails] == ["switch:spine-02@now"]
    assert any(m[1] == "failure" for m in w.runs.plots.marks)


def test_failure_states_from_schedule_and_snapshot():
    sched = state_from_schedule(["link:L1@2ms:up=4ms", "switch:s1@1ms", "link:L2@1ms:gbps=100", "bad"])
    assert set(sched.scheduled_links) == {"L1", "L2"} and set(sched.scheduled_switches) == {"s1"}
    extra = {"failed_links": ["L1", "L9"], "failure_events": [(0.002, "link:L1@2ms:up=4ms"),
                                                             (0.001, "switch:s1@1ms"),
                                                             (0.001, "link:L2@1ms:gbps=100:up=3ms")]}
    now = state_from_snapshot(extra, 0.0025)
    assert set(now.down_links) == {"L1", "L9"} and set(now.down_switches) == {"s1"}
    assert set(now.degraded_links) == {"L2"}
    later = state_from_snapshot({"failed_links": [], "failure_events": extra["failure_events"]}, 0.005)
    assert not later.down_links and not later.degraded_links and set(later.down_switches) == {"s1"}
