"""Running simulations in the window: live plots and heat-map hold the engine's numbers, Stop is prompt
and leaves the design alone, the event loop keeps serving timers, Compare fills both columns."""

from __future__ import annotations

import gc
import time

import numpy as np
import pyqtgraph as pg
import pytest
from PySide6.QtCore import QElapsedTimer, QTimer

from designer.model import fileformat
from designer.sim import SimOptions, run, stream
from designer.ui.app import PROJECTS
from designer.ui.compare_dialog import PROTOS, ROWS
from designer.ui.heatmap import COLOURS, bucket_of
from designer.ui.main_window import MainWindow


def open_window(qtbot, name: str) -> MainWindow:
    path = str(PROJECTS / name)
    w = MainWindow(fileformat.load(path), path)
    qtbot.addWidget(w)
    w.resize(1400, 900)
    w.show()
    w.view.resetTransform()          # zoomed in: cables drawn one by one (not bundles)
    w.scene.set_bundled(False)
    return w


def wait_done(qtbot, w: MainWindow, timeout_ms: int = 20000) -> None:
    qtbot.waitUntil(lambda: not w.runs.runner.running, timeout=timeout_ms)


def test_run_completes_and_plots_and_heatmap_hold_the_engines_numbers(qtbot):
    w = open_window(qtbot, "small-rocev2-pod.json")
    spec = "allreduce:256MiB:algo=ring"
    w.runs.start([spec], seed=3)
    assert not w.runs.panel.run_button.isEnabled()      # a run in progress
    wait_done(qtbot, w)
    result = w.runs.last_result
    assert result is not None
    direct = run(fileformat.load(str(PROJECTS / "small-rocev2-pod.json")), [spec], SimOptions(seed=3))
    for key in ("completion_time_s", "goodput_gbps", "busbw_gbps", "pfc_pause_fraction"):
        assert result.data[key] == pytest.approx(direct.data[key], rel=1e-9)
    # the plotted throughput series is the engine's stream at the same cadence
    plots = w.runs.plots
    t_ms, thr = plots.series("throughput_gbps")
    assert plots.n > 10
    cadence = (t_ms[1] - t_ms[0]) / 1e3
    snaps = [s for s in stream(fileformat.load(str(PROJECTS / "small-rocev2-pod.json")), [spec],
                               SimOptions(seed=3, snapshot_interval_s=cadence)) if s.result is None]
    assert len(snaps) == plots.n
    np.testing.assert_allclose(thr, [s.throughput_gbps for s in snaps], rtol=1e-9)
    np.testing.assert_allclose(plots.series("p99")[1], [s.latency_us["p99"] for s in snaps], rtol=1e-9)
    # the heat-map colours each cable by the last snapshot's utilization
    layer = w.runs.heatmap()
    last = w.runs.last_snapshot
    shown = [lid for lid in last.link_ids if lid in w.scene.drawn_links()]
    expected = np.bincount(bucket_of(np.asarray(last.link_utilization)[[last.link_ids.index(x) for x in shown]]),
                           minlength=len(COLOURS))
    assert layer.colour_counts() == list(expected)
    assert sum(layer.colour_counts()[1:]) > 0           # some cables carried traffic
    # the summary is kept with the document and survives a save/load round trip
    saved = w.editor.doc.results
    assert saved["completion_time_s"] == result.data["completion_time_s"]
    again = fileformat.loads(fileformat.dumps(w.editor.doc))
    assert again.results == saved
    assert w.runs.plots.chart.rows and w.runs.plots.chart.rows[0].total_s == pytest.approx(
        result.data["workloads"][0]["completion_time_s"])
    w.runs.shutdown()


def test_stop_is_prompt_and_leaves_the_document_untouched(qtbot):
    w = open_window(qtbot, "rail-optimized-1024.json")
    before = fileformat.dumps(w.editor.doc)
    w.runs.start(["train:70b:dp=16:tp=8:pp=8", "alltoall:1GiB"], seed=1)
    qtbot.wait(300)                                      # well into the run
    assert w.runs.runner.running
    req = w.runs.runner.current
    t0 = time.perf_counter()
    w.runs.stop()
    assert not w.runs.runner.running
    assert w.runs.panel.run_button.isEnabled()
    # the engine notices the cancel between intervals: the worker is idle again within half a second
    qtbot.waitUntil(lambda: req.cancel.is_set(), timeout=500)
    done = []
    w.runs.runner.worker.cancelled.connect(lambda rid: done.append(rid))
    qtbot.waitUntil(lambda: bool(done) or w.runs.runner.thread.isRunning(), timeout=500)
    elapsed = time.perf_counter() - t0
    assert elapsed < 0.5
    n = w.runs.plots.n
    qtbot.wait(300)
    assert w.runs.plots.n == n                            # no stale snapshot reached the plots
    assert fileformat.dumps(w.editor.doc) == before
    assert w.editor.undo_stack.count() == 0
    w.runs.shutdown()


def test_event_loop_keeps_serving_timers_during_a_run(qtbot):
    w = open_window(qtbot, "hybrid-ib-rocev2.json")
    qtbot.waitExposed(w)
    qtbot.wait(500)                      # the window's own first layout and paint are not part of the run
    gc.collect()                         # nor is collecting what earlier tests in this process left behind
    gaps: list[float] = []
    clock = QElapsedTimer()
    clock.start()
    last = [clock.elapsed()]

    def tick() -> None:
        now = clock.elapsed()
        gaps.append(now - last[0])
        last[0] = now

    timer = QTimer()
    timer.setInterval(5)
    timer.timeout.connect(tick)
    timer.start()
    w.runs.start(["permutation:64MiB", "allreduce:256MiB"], seed=2)
    wait_done(qtbot, w)
    timer.stop()
    assert w.runs.last_result is not None
    assert len(gaps) > 20
    # 5 ms timer. The engine runs in a child process, so the GUI thread never waits for the interpreter
    # lock (a thread-based worker stalled it 100-550 ms); what is left is the window's own painting, one
    # plot per tick. Measured on a quiet machine: worst gap 48-62 ms at the Run click, 26-39 ms during the run
    # (goal 50 ms), median 5 ms. The bound below leaves room for a loaded machine and still catches a return of
    # the GIL stalls.
    # the first ticks hold the Run click itself (the seven plots cleared and the canvas repainted once)
    during = gaps[3:]
    print(f"event loop: worst gap {max(gaps):.0f} ms (at the start), {max(during):.0f} ms during the run, "
          f"median {float(np.median(gaps)):.1f} ms over {len(gaps)} ticks")
    assert max(gaps) < 100, f"largest gap between timer ticks {max(gaps)} ms"
    assert float(np.median(gaps)) < 10
    w.runs.shutdown()


def test_compare_fills_both_columns_and_marks_the_better_value(qtbot):
    w = open_window(qtbot, "small-rocev2-pod.json")
    dialog = w.runs.compare(["incast:8:16MiB"], seed=1)
    qtbot.addWidget(dialog)
    qtbot.waitUntil(lambda: len(dialog.results) == 2, timeout=30000)
    for col in range(2):
        filled = [dialog.table.item(r, col).text() for r in range(len(ROWS))]
        assert all(filled)
        assert filled[0] != "—"
    row = 0  # completion time: the shorter one is marked
    times = {p: dialog.results[p].completion_time_s for p in PROTOS}
    win = dialog.better(row)
    if times["ib"] != times["rocev2"]:
        assert win == min(times, key=times.get)
        assert dialog.table.item(row, PROTOS.index(win)).text().startswith("✓")
    assert set(w.editor.doc.results) == {"ib", "rocev2"}
    assert len(dialog.chart.rows) == 2
    dialog.reject()
    w.runs.shutdown()


def test_training_form_fits_the_designs_gpus(qtbot):
    w = open_window(qtbot, "hybrid-ib-rocev2.json")          # 128 GPUs
    panel = w.runs.panel
    assert panel.tp.value() * panel.pp.value() * panel.dp.value() == w.editor.doc.gpu_count()
    panel.pp.setValue(2)
    assert panel.dp.value() * 16 == 128
    w.runs.shutdown()


def test_clicking_a_cable_after_a_run_shows_its_series_in_the_inspector(qtbot):
    w = open_window(qtbot, "small-rocev2-pod.json")
    w.runs.start(["allreduce:64MiB"], seed=1)
    wait_done(qtbot, w)
    link_id = next(iter(w.editor.doc.links))
    w.scene.select_ids(links=[link_id])
    qtbot.wait(50)
    plot = w.inspector.widget().findChild(pg.PlotWidget, "inspector_series")
    assert plot is not None
    t_ms, util = w.runs.plots.series("sel_util")
    curve = plot.getPlotItem().listDataItems()[0]
    assert len(curve.yData) == len(util) and float(curve.yData.max()) == float(util.max())
    w.scene.select_ids([])
    qtbot.wait(50)
    assert w.inspector.widget().findChild(pg.PlotWidget, "inspector_series") is None
    w.runs.shutdown()


def test_a_long_congested_step_shows_progress_before_its_first_plot_point(qtbot):
    """The queues of one big congested step take seconds and yield no snapshot until done: the child reports
    the share simulated, and the status bar says so instead of sitting still."""
    w = open_window(qtbot, "small-rocev2-pod.json")
    shares: list[float] = []
    w.runs.runner.busy.connect(shares.append)
    w.runs.start(["incast:8:64MiB:dcqcn=off"], seed=1)
    qtbot.waitUntil(lambda: bool(shares), timeout=60_000)
    assert "%" in w.runs.sim_time.text() and "congested" in w.runs.sim_time.text()
    wait_done(qtbot, w, 60_000)
    assert shares == sorted(shares) and 0 < shares[0] and shares[-1] <= 1.0
