"""Simulate → "Design-space sweep…": the dialog refuses bad input where it is typed, the sweep runs off the UI
thread into the results file, the Sweep dock charts every point, and a stopped sweep continues later."""

from __future__ import annotations

import csv
import threading

from designer.analysis.sweep import runner as sweep_runner
from designer.topology import generate
from designer.ui.main_window import MainWindow
from designer.ui.sweep_dialog import SweepDialog
from tests.waits import BACKGROUND_WORK_MS

WORKLOAD = "allreduce:4MiB"


def _window(qtbot, tmp_path) -> MainWindow:
    w = MainWindow(generate("fat-tree", gpus=32, backend="rocev2"))
    qtbot.addWidget(w)
    w.show()
    return w


def _dialog(qtbot, w: MainWindow, output) -> SweepDialog:
    d = SweepDialog(w.editor.doc, WORKLOAD, output, w)
    qtbot.addWidget(d)
    return d


def _rows(path) -> list[dict]:
    with open(path, newline="", encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


def test_dialog_refuses_bad_values_and_counts_points(qtbot, tmp_path):
    w = _window(qtbot, tmp_path)
    d = _dialog(qtbot, w, tmp_path / "s.csv")
    assert d.on_design.isChecked() and d.axis_texts() == ["backend=ib,rocev2"]
    assert d.run_button.isEnabled() and d.points_label.text().startswith("2")
    d.add_axis("rocev2.qps", "1,2,x")
    assert not d.run_button.isEnabled() and "not a whole number" in d.problem.text()
    d.table.item(1, 1).setText("1,2,4")
    assert d.run_button.isEnabled() and d.points_label.text().startswith("6")
    d.workload.setText("allreduce:lots")
    assert not d.run_button.isEnabled() and d.problem.text()
    d.workload.setText(WORKLOAD)
    d.output.setText(str(tmp_path / "s.txt"))
    assert not d.run_button.isEnabled() and ".parquet" in d.problem.text()
    # a generator option needs a generated base: the table offers it only there
    d.on_generated.setChecked(True)
    assert d.axis_texts()[0].startswith("gpus=")


def test_sweep_runs_in_the_background_and_charts_every_point(qtbot, tmp_path):
    w = _window(qtbot, tmp_path)
    out = tmp_path / "grid.csv"
    d = _dialog(qtbot, w, out)
    d.add_axis("oversubscription", "")      # refused on a design: only generated designs vary it
    assert not d.run_button.isEnabled()
    d.on_generated.setChecked(True)
    d.table.item(0, 1).setText("16,32")
    d.workers.setValue(2)
    request = d._problem()[1]
    assert request is not None and request.point_count == 4
    with qtbot.waitSignal(w.sweeps.finished, timeout=BACKGROUND_WORK_MS):
        w.sweeps.start(request)
        assert w.sweeps.running()
    rows = _rows(out)
    assert [r["point"] for r in rows] == ["0", "1", "2", "3"]
    assert all(not r["error"] for r in rows)
    view = w.sweeps.view
    assert w.sweeps.dock.isVisible()
    assert "4 points" in view.status.text()
    chart = view.chart()
    assert chart is not None and chart.x_param == "gpus" and view.x_param.currentData() == "gpus"
    assert sorted(s.label for s in chart.series) == ["backend=ib", "backend=rocev2"]
    # the table shows every point, and the chart draws one curve per series
    assert view.table.rowCount() == 4
    assert len(view.plot.listDataItems()) == 2
    assert w.sweeps.last_output == out


def test_stopped_sweep_keeps_its_points_and_continues(qtbot, tmp_path, monkeypatch):
    w = _window(qtbot, tmp_path)
    out = tmp_path / "stop.csv"
    d = _dialog(qtbot, w, out)
    d.add_axis("rocev2.qps", "1,2,4")
    d.workers.setValue(1)
    request = d._problem()[1]
    assert request.point_count == 6
    # the second point waits until the user has pressed Stop, so the stop lands mid-sweep on any machine
    stop_pressed = threading.Event()
    real = sweep_runner.evaluate_point

    def gated(task, index, point):
        if index >= 1:
            stop_pressed.wait(60)
        return real(task, index, point)

    monkeypatch.setattr(sweep_runner, "evaluate_point", gated)
    with qtbot.waitSignal(w.sweeps.finished, timeout=BACKGROUND_WORK_MS):
        w.sweeps.start(request)
        qtbot.waitUntil(lambda: len(w.sweeps._new) >= 1, timeout=BACKGROUND_WORK_MS)
        w.sweeps.stop()
        stop_pressed.set()
    kept = _rows(out)
    assert len(kept) == 2      # the finished point and the one that was running when Stop was pressed
    monkeypatch.setattr(sweep_runner, "evaluate_point", real)
    assert "stopped" in w.sweeps.view.status.text()
    # the same request again runs only the missing points
    with qtbot.waitSignal(w.sweeps.finished, timeout=BACKGROUND_WORK_MS):
        w.sweeps.start(request)
    assert len(w.sweeps._new) == 6 - len(kept)
    assert len(_rows(out)) == 6
    assert "already there" in w.sweeps.view.status.text()


def test_a_foreign_results_file_is_a_message_not_a_crash(qtbot, tmp_path):
    w = _window(qtbot, tmp_path)
    out = tmp_path / "other.csv"
    out.write_text("a,b\n1,2\n", encoding="utf-8")
    request = _dialog(qtbot, w, out)._problem()[1]
    with qtbot.waitSignal(w.sweeps.finished, timeout=BACKGROUND_WORK_MS):
        w.sweeps.start(request)
    assert "could not run" in w.sweeps.view.status.text()
    assert out.read_text(encoding="utf-8") == "a,b\n1,2\n"


def test_a_point_opens_as_its_design_and_a_results_file_opens_for_charting(qtbot, tmp_path):
    w = _window(qtbot, tmp_path)
    out = tmp_path / "points.csv"
    d = _dialog(qtbot, w, out)
    d.on_generated.setChecked(True)
    d.table.item(0, 1).setText("16,32")
    request = d._problem()[1]
    with qtbot.waitSignal(w.sweeps.finished, timeout=BACKGROUND_WORK_MS):
        w.sweeps.start(request)
    rows = w.sweeps.view.results.rows
    target = next(r for r in rows if r["gpus"] == "32" and r["backend"] == "ib")
    w.sweeps.view._row_activated(rows.index(target), 0)          # what a double-click does
    doc = w.editor.doc
    assert doc.gpu_count() == 32 and {s.protocol for s in doc.segments.values()} == {"ib"}
    assert "Sweep point" in doc.name and w.path is None
    # the same file opened for charting: every point shown, but no design to rebuild from a file alone
    foreign = tmp_path / "foreign.csv"
    foreign.write_text("a,b\n1,2\n", encoding="utf-8")
    assert not w.sweeps.open_results(str(foreign))
    assert "Cannot open" in w.sweeps.view.status.text()
    assert w.sweeps.open_results(str(out))
    assert w.sweeps.view.table.rowCount() == 4 and w.sweeps.last_output == out
    before = w.editor.doc
    w.sweeps.view._row_activated(0, 0)
    assert w.editor.doc is before


def test_a_sweep_can_run_on_a_dask_cluster_with_the_same_results(qtbot, tmp_path, dask_address):
    w = _window(qtbot, tmp_path)
    d = _dialog(qtbot, w, tmp_path / "local.csv")
    d.dask.setText("not an address")
    assert not d.run_button.isEnabled() and "Dask" in d.problem.text()
    d.dask.setText("")
    local = d._problem()[1]
    with qtbot.waitSignal(w.sweeps.finished, timeout=BACKGROUND_WORK_MS):
        w.sweeps.start(local)
    d.output.setText(str(tmp_path / "dask.csv"))
    d.dask.setText(dask_address)
    assert not d.workers.isEnabled()
    remote = d._problem()[1]
    assert remote.dask_address == dask_address
    with qtbot.waitSignal(w.sweeps.finished, timeout=BACKGROUND_WORK_MS):
        w.sweeps.start(remote)
    assert "finished" in w.sweeps.view.status.text()
    assert (tmp_path / "dask.csv").read_text() == (tmp_path / "local.csv").read_text()
