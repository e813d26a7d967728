"""Running simulations in the window: live plots and heat-map hold the engine's numbers, Stop frees the worker
and leaves the design alone, Compare fills both columns. (How responsive the window stays during a run, and how
soon Stop frees the worker, are figures of benchmarks/window_responsiveness.py.)"""

from __future__ import annotations

import gc

import numpy as np
import pyqtgraph as pg
import pytest

from designer.analysis.protocol_options import variants
from designer.model import fileformat
from designer.sim import SimOptions, run, stream
from designer.ui import sim_worker
from designer.ui.app import PROJECTS
from designer.ui.compare_dialog import CAPEX, PROTOS, ROWS
from designer.ui.heatmap import COLOURS, bucket_of
from designer.ui.main_window import MainWindow
from designer.ui.sim_worker import SimRunner
from tests.ui_input import press_button
from tests.waits import BACKGROUND_WORK_MS


def open_window(qtbot, name: str) -> MainWindow:
    path = str(PROJECTS / name)
    w = MainWindow(fileformat.load(path), path)
    qtbot.addWidget(w)
    w.resize(1400, 900)
    w.show()
    w.view.resetTransform()          # zoomed in: cables drawn one by one (not bundles)
    w.scene.set_bundled(False)
    return w


def wait_done(qtbot, w: MainWindow) -> None:
    qtbot.waitUntil(lambda: not w.runs.runner.running, timeout=BACKGROUND_WORK_MS)


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


def plotted_points(w: MainWindow) -> int:
    x = w.runs.plots.curves["throughput_gbps"].xData
    return 0 if x is None else len(x)


def hold_after_next_snapshot(w: MainWindow) -> None:
    """Pause the run when its next snapshot reaches the window: the engine then waits before sending any more (its
    result included), so what the plots show by then was plotted while the run was still going."""
    def hold(_snap) -> None:
        w.runs.runner.snapshot.disconnect(hold)
        w.runs.set_paused(True)
    w.runs.runner.snapshot.connect(hold)


def test_plots_grow_in_batches_while_a_run_goes_on_and_stop_ends_it(qtbot):
    """A real run in the window: its points reach the plots in more than one batch before it ends, and Stop ends
    the simulation process and leaves the design alone. (How soon, and how often the plots are redrawn, are
    figures of benchmarks/window_responsiveness.py.)"""
    w = open_window(qtbot, "small-rocev2-pod.json")
    before = fileformat.dumps(w.editor.doc)
    runs = w.runs
    hold_after_next_snapshot(w)
    runs.start(["incast:8:4GiB:dcqcn=off"], seed=1)     # one long congested step, streamed window by window
    shown = []
    for batch in range(2):
        qtbot.waitUntil(lambda: plotted_points(w) > (shown[-1] if shown else 0), timeout=BACKGROUND_WORK_MS)
        assert runs.runner.running and runs.last_result is None
        shown.append(plotted_points(w))
        if batch == 0:
            hold_after_next_snapshot(w)
        runs.set_paused(False)                          # the second time, Stop comes while the engine works
    req, child = runs.runner.current, runs.runner.worker.child
    assert req is not None and child is not None and child.alive()
    with qtbot.waitSignal(runs.runner.worker.cancelled, timeout=BACKGROUND_WORK_MS) as idle:
        press_button(runs.panel.stop_button)
        assert not runs.runner.running and runs.panel.run_button.isEnabled()
        n = runs.plots.n
    assert idle.args == [req.run_id] and req.cancel.is_set()
    qtbot.waitUntil(lambda: not child.alive(), timeout=BACKGROUND_WORK_MS)
    assert 0 < shown[0] < shown[1] and runs.last_result is None
    # the worker's signals arrive in order: none of the stopped run's snapshots reached the plots after Stop
    assert runs.plots.n == n
    assert fileformat.dumps(w.editor.doc) == before
    assert w.editor.undo_stack.count() == 0
    w.runs.shutdown()


def test_a_process_made_ready_ahead_takes_the_run_and_the_next_one_is_made_ready(qtbot):
    """The window keeps a simulation process warmed up ahead of Run (tests do not, unless asked): the run goes to
    it and holds the engine's numbers, the next one is started when the run ends, and closing ends it."""
    w = open_window(qtbot, "small-rocev2-pod.json")
    runner = w.runs.runner
    runner.keep_process_ready()
    qtbot.waitUntil(lambda: runner.worker.spare is not None, timeout=BACKGROUND_WORK_MS)
    spare = runner.worker.spare
    w.runs.start(["allreduce:64MiB"], seed=2)
    wait_done(qtbot, w)
    assert runner.worker.child is spare
    direct = run(fileformat.load(str(PROJECTS / "small-rocev2-pod.json")), ["allreduce:64MiB"], SimOptions(seed=2))
    assert w.runs.last_result.data["completion_time_s"] == pytest.approx(direct.data["completion_time_s"], rel=1e-9)
    qtbot.waitUntil(lambda: runner.worker.spare not in (None, spare), timeout=BACKGROUND_WORK_MS)
    following = runner.worker.spare
    runner.shutdown()
    assert following is not None and not following.alive() and not spare.alive()


def test_a_worker_thread_still_ending_its_run_at_shutdown_is_kept_until_it_ends(qtbot, monkeypatch):
    """A closing window waits a bounded time for its worker thread; a thread still ending its run after that (a
    loaded machine) is kept with its worker: destroying either while the thread runs crashes the program."""
    monkeypatch.setattr(sim_worker, "SHUTDOWN_WAIT_MS", 0)
    monkeypatch.setattr(sim_worker, "_STILL_ENDING", [])
    runner = SimRunner()
    runner.start(fileformat.load(str(PROJECTS / "small-rocev2-pod.json")), ["alltoall:1GiB"], seed=1)
    thread, worker = runner.worker_thread, runner.worker
    qtbot.waitUntil(lambda: worker.child is not None, timeout=BACKGROUND_WORK_MS)
    runner.shutdown()                                 # the worker needs at least STOP_GRACE_S to end the run
    assert sim_worker._STILL_ENDING == [(thread, worker)]
    del runner
    gc.collect()                                      # the runner goes; its thread and worker stay
    qtbot.waitUntil(thread.isFinished, timeout=BACKGROUND_WORK_MS)
    assert not worker.child.alive()


def test_compare_fills_both_columns_and_marks_the_better_value(qtbot):
    w = open_window(qtbot, "small-rocev2-pod.json")
    dialog = w.runs.compare(["incast:8:16MiB"], seed=1)
    qtbot.addWidget(dialog)
    assert dialog.progress.maximum() == 0            # busy while the options are built and priced
    qtbot.waitUntil(lambda: len(dialog.results) == 2, timeout=BACKGROUND_WORK_MS)
    assert (dialog.progress.value(), dialog.progress.maximum()) == (200, 200)
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
    for plot in dialog.plots.values():                # both plots from zero: a gap of a few % reads as one
        low, high = plot.getViewBox().viewRange()[1]
        assert low == 0.0 < high
    assert dialog.note.isHidden()                     # one site: nothing to say of long-haul links
    qtbot.waitUntil(lambda: bool(dialog.capex), timeout=BACKGROUND_WORK_MS)    # priced in a thread of its own
    priced = variants(w.editor.doc, w.catalog)        # each column priced on its protocol's hardware, as the proposal
    capex_row = next(i for i, r in enumerate(ROWS) if r[0] == CAPEX)
    assert [dialog.value(capex_row, p) for p in PROTOS] == [pytest.approx(priced[p].cost.capex) for p in PROTOS]
    assert dialog.value(capex_row, "ib") != dialog.value(capex_row, "rocev2")
    # each column ran on the design it is priced for: the RoCEv2 drawing, and the InfiniBand option's own design
    assert dialog.designs is not None and dialog.designs["rocev2"] is dialog.doc
    ib_design = dialog.designs["ib"]
    # (two spines as drawn: the option keeps two where two were drawn, as the generators build a Clos)
    assert ib_design is not dialog.doc and sorted(ib_design.nodes) == sorted(priced["ib"].doc.nodes)
    assert {n.model for n in ib_design.nodes.values() if n.kind == "switch" and n.role != "frontend"} == {"qm9700"}
    assert not dialog.shapes.isHidden()               # what each option is built of, beside its protocol
    assert dialog.shapes.text().startswith("Back-end switches: InfiniBand: leaf / spine / core switches ")
    dialog.reject()
    w.runs.shutdown()


def test_compare_says_when_the_options_leaves_differ_in_size(qtbot):
    """At 2:1 a 64-port InfiniBand leaf reaches 4 servers and a 128-port RoCEv2 leaf 8: the dialog says the
    difference in time may come from the switches."""
    from designer.catalog.loader import load_catalog
    from designer.topology.generate import generate
    from designer.ui.compare_dialog import CompareDialog

    designs = {p: generate("leaf-spine", gpus=256, backend=p, oversubscription=2.0, frontend=False) for p in PROTOS}
    dialog = CompareDialog(designs["ib"], ["allreduce:1MiB"], 1, load_catalog())
    qtbot.addWidget(dialog)
    text = dialog.shapes_text(designs)
    assert ("InfiniBand: leaf / spine / core switches 8 / 2 / 0, fullest leaf (servers: 4, ports down: 32, up: 16); "
            "RoCEv2: leaf / spine / core switches 4 / 2 / 0, fullest leaf (servers: 8, ports down: 64, up: 32).") \
        in text
    assert "The RoCEv2 option's leaves reach more servers" in text
    flat = {p: generate("leaf-spine", gpus=256, backend=p, frontend=False) for p in PROTOS}
    assert "reach more servers" not in dialog.shapes_text(flat)      # a non-blocking leaf sends all it gets up
    small = {p: generate("leaf-spine", gpus=128, backend=p, frontend=False) for p in PROTOS}    # RoCEv2: one SN5600
    assert "; RoCEv2: one switch (servers: 16, ports: 128)." in dialog.shapes_text(small)
    dialog.reject()                                   # stops the dialog's simulation process


def test_compare_across_sites_says_what_infiniband_made_of_the_long_haul_links(qtbot):
    w = open_window(qtbot, "two-site-100km.json")
    dialog = w.runs.compare(["allreduce:1MiB"], seed=1)
    qtbot.addWidget(dialog)
    qtbot.waitUntil(lambda: len(dialog.results) == 2, timeout=BACKGROUND_WORK_MS)
    assert not dialog.note.isHidden()
    assert dialog.note.text().startswith("InfiniBand across 100 km: no InfiniBand long-haul appliance reaches")
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
    qtbot.waitUntil(lambda: w.inspector.widget().findChild(pg.PlotWidget, "inspector_series") is not None)
    plot = w.inspector.widget().findChild(pg.PlotWidget, "inspector_series")
    t_ms, util = w.runs.plots.series("sel_util")
    curve = plot.getPlotItem().listDataItems()[0]
    assert len(curve.yData) == len(util) and float(curve.yData.max()) == float(util.max())
    w.scene.select_ids([])
    qtbot.waitUntil(lambda: w.inspector.widget().findChild(pg.PlotWidget, "inspector_series") is None)
    w.runs.shutdown()


def test_a_long_congested_step_is_plotted_while_it_runs(qtbot):
    """The queues of one big congested step stream a window at a time: points reach the plots while the step
    still runs, in simulated-time order, with the share of the run done rising towards 1."""
    w = open_window(qtbot, "small-rocev2-pod.json")
    live: list[tuple[float, float]] = []
    w.runs.runner.snapshot.connect(lambda snap: live.append((snap.time_s, snap.progress)) if snap.result is None
                                   else None)
    w.runs.start(["incast:8:64MiB:dcqcn=off"], seed=1)
    wait_done(qtbot, w)
    times, shares = [t for t, _ in live], [p for _, p in live]
    assert len(live) >= 3 and times == sorted(times)
    assert shares == sorted(shares) and 0 <= shares[0] < shares[-1] <= 1.0


def test_opening_another_design_stops_the_run_and_clears_what_showed_it(qtbot):
    """A run still going when another design opened finished into it: its figures, hot cables and saved results
    described the design before (nodes of one named with the other's); after a finished run the new design showed
    the old one's plots, figures and simulated time."""
    w = open_window(qtbot, "small-rocev2-pod.json")
    w.runs.start(["train:7b:dp=8:iters=50"], seed=1)
    qtbot.waitUntil(lambda: w.runs.plots.n > 0 or not w.runs.runner.running, timeout=BACKGROUND_WORK_MS)
    assert w.runs.runner.running
    other = fileformat.load(str(PROJECTS / "hybrid-ib-rocev2.json"))
    w.set_document(other, None)
    assert not w.runs.runner.running and w.runs.last_result is None
    assert w.runs.plots.showing_empty_state() and w.runs.plots.n == 0
    assert w.runs.panel.figures.text() == w.runs.panel.tr("No run yet.")
    assert w.runs.sim_time.text() == "" and not w.runs.progress.isVisible()
    qtbot.wait(1500)                                        # nothing of the stopped run arrives later
    assert w.editor.doc.results is None and w.runs.last_result is None and not w.results_unsaved

    w.runs.start(["allreduce:64MiB"], seed=1)               # a finished run, then another design
    wait_done(qtbot, w)
    assert w.runs.last_result is not None and w.runs.plots.n > 0
    w.set_document(fileformat.load(str(PROJECTS / "two-site-100km.json")), None)
    assert w.runs.plots.showing_empty_state() and w.runs.last_result is None
    assert w.runs.plots.hot_links.text() == "" and w.runs.sim_time.text() == ""
    w.runs.shutdown()


def test_a_finished_run_colours_and_names_its_cables_by_the_whole_run(qtbot):
    """After a run the heat-map and the hot cables showed its last interval, the tail where a few bytes still
    land: a replication that kept the long-haul busy ended with it drawn blue and "10 %"."""
    w = open_window(qtbot, "small-rocev2-pod.json")
    w.runs.start(["allreduce:256MiB"], seed=1)
    wait_done(qtbot, w)
    result = w.runs.last_result
    whole = result.link_utilization
    assert whole is not None and len(whole) == len(w.runs.last_snapshot.link_ids)
    np.testing.assert_array_equal(w.runs.last_snapshot.link_utilization, whole)
    assert 0 < whole.max() <= 1.0
    assert whole.max() == pytest.approx(result.data["link_utilization"]["max"], rel=1e-9)   # the same bytes
    assert w.runs.plots.hot_links.text().startswith("Busiest cables over the run: ")
    w.runs.shutdown()
