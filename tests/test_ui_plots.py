"""The live plots and the Run panel as a user reads them: an empty state before the first run, one simulated-time
axis for every panel, units that scale, legends above the data, cables named by their ends, a form that shows
only what the workload takes, the algorithm the engine ran, the dark theme on every plot and chart. A new run
clears what described the previous one at once; the progress bar is the run's share done; Stop is at once."""

from __future__ import annotations

import re
from types import SimpleNamespace

import numpy as np
import pyqtgraph as pg
import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QApplication

from designer.sim.workload_spec import accepts_option
from designer.ui.app import PROJECTS
from designer.ui.live_plots import PLOTS, PLOTS_PER_TICK, LivePlots
from designer.ui.main_window import MainWindow
from designer.ui.run_controller import figures_text
from tests.ui_input import choose, click_menu, press_button, show_window, window_key


@pytest.fixture
def window(qtbot):
    return show_window(qtbot, path=PROJECTS / "small-rocev2-pod.json")


def run_from_keyboard(qtbot, w: MainWindow) -> None:
    window_key(qtbot, w, Qt.Key.Key_F5)
    qtbot.waitUntil(lambda: w.runs.last_result is not None, timeout=90000)


def test_before_a_run_the_plots_say_what_they_will_show(window):
    plots = window.runs.plots
    assert plots.showing_empty_state()
    assert "Run a simulation" in plots.empty.text() and "F5" in plots.empty.text()


def test_after_a_run_every_panel_shares_one_time_axis_in_scaled_units(qtbot, window):
    run_from_keyboard(qtbot, window)
    plots = window.runs.plots
    assert not plots.showing_empty_state()
    ranges = {name: tuple(round(v, 9) for v in w.getPlotItem().getViewBox().viewRange()[0])
              for name, w in plots.plots.items()}
    assert len(set(ranges.values())) == 1, ranges              # one time axis
    end_ms = plots.t_ms[plots.n - 1]
    lo, hi = next(iter(ranges.values()))
    scale = plots.units["time"][0]
    assert lo == 0 and end_ms / scale <= hi + 1e-6 and hi <= 2 * end_ms / scale     # ranges above are rounded
    goodput = window.runs.last_result.data["goodput_gbps"]
    assert goodput > 1000                                        # this pod's AllReduce runs at tens of Tb/s
    left = plots.plots["throughput"].getAxis("left").labelText
    assert "Tb/s" in left                                        # not "59785.2 Gb/s"
    _t, shown = plots.curves["throughput_gbps"].getData()
    assert max(shown) == pytest.approx(max(plots.series("throughput_gbps")[1]) / 1000)
    assert "Tb/s" in window.runs.panel.figures.text()
    # legends are above the data, in the title line: no legend box over any plot
    assert all(w.getPlotItem().legend is None for w in plots.plots.values())
    assert "p99.9" in plots.plots["latency"].getPlotItem().titleLabel.text
    # the busiest cables are named by their ends' labels, not by ids
    hot = plots.hot_links.text()
    assert "→" in hot and "leaf-0" in hot and not re.search(r"\bL\d+\b", hot)


def test_the_form_shows_only_the_options_of_the_chosen_workload(qtbot, window):
    panel = window.runs.panel
    window.runs.panel_dock.show()
    window.runs.panel_dock.raise_()
    qtbot.waitUntil(panel.kind.isVisible)
    option_rows = {"algo": panel.algo, "dp": panel.dp, "tp": panel.tp, "pp": panel.pp, "iters": panel.iters}
    for text, kind in (("AllToAll", "alltoall"), ("AllReduce", "allreduce"), ("Training step", "train"),
                       ("Inference", "inference"), ("Ping-pong", "pingpong")):
        choose(qtbot, panel.kind, text)
        for option, widget in option_rows.items():
            assert widget.isVisible() == accepts_option(kind, option), (kind, option)
    choose(qtbot, panel.kind, "AllToAll")
    assert not panel.algo.isVisible()                           # no "Algorithm: Ring" for AllToAll
    assert "algo" not in panel.workload_spec()


def test_queue_pairs_say_the_segments_setting_until_a_number_is_chosen(qtbot, window):
    """The field showed 1 while RoCEv2 ran the segment's 16 queue pairs, and 1 could not be asked for (it meant the
    default). It now says the segment's setting is used, and any number typed in is passed on, 1 included."""
    panel = window.runs.panel
    window.runs.panel_dock.show()
    window.runs.panel_dock.raise_()
    choose(qtbot, panel.kind, "AllToAll")
    qtbot.waitUntil(panel.qps.isVisible)
    assert panel.qps.lineEdit().text() == "Segment's setting"
    assert "qps" not in panel.workload_spec()
    for typed in ("1", "8"):
        panel.qps.setFocus()
        panel.qps.selectAll()
        qtbot.keyClicks(panel.qps, typed)
        assert panel.workload_spec().endswith(f":qps={typed}")


def test_the_algorithm_is_shown_only_where_the_engine_names_one():
    base = {"completion_time_s": 0.004, "goodput_gbps": 900.0, "latency_us": {"p50": 1.0, "p99": 2.0, "p999": 3.0},
            "pfc_pause_fraction": 0.0, "credit_stall_fraction": 0.0, "ecn_mark_fraction": 0.0}
    ring = figures_text({**base, "workloads": [{"spec": "allreduce:1GiB", "algorithm": "ring"}]})
    assert "Algorithm" in ring and "Ring" in ring
    none = figures_text({**base, "workloads": [{"spec": "alltoall:1GiB"}]})
    assert "Algorithm" not in none


def test_the_dark_theme_reaches_every_plot_and_chart(qtbot, window):
    window.sweeps.dock.show()
    click_menu(qtbot, window, "View", "Dark theme")
    views = [w for w in QApplication.allWidgets() if isinstance(w, pg.GraphicsView) and w.window() is window]
    assert window.sweeps.view.canvas in views and window.runs.plots.chart in views
    for view in views:
        assert view.backgroundBrush().color().lightness() < 80, view.objectName()
        for item in view.scene().items():
            if isinstance(item, pg.AxisItem) and item.isVisible():
                assert item.textPen().color().lightness() > 150
    click_menu(qtbot, window, "View", "Light theme")
    assert all(view.backgroundBrush().color().lightness() > 200 for view in views)


def test_a_new_run_clears_the_previous_one_at_once_and_shows_its_progress(qtbot, window):
    run_from_keyboard(qtbot, window)
    runs = window.runs
    assert runs.heatmap().isVisible()
    first_figures = runs.panel.figures.text()
    progress_seen = []
    drain = runs._drain

    def drain_and_note() -> None:               # what the bar and its text say after each batch of snapshots
        before = runs.last_snapshot
        drain()
        if runs.last_snapshot is not before:
            progress_seen.append((runs.last_snapshot.progress, runs.progress.value(), runs.sim_time.text()))
    runs._drain = drain_and_note
    window.runs.panel_dock.show()
    window.runs.panel_dock.raise_()
    qtbot.waitUntil(runs.panel.run_button.isVisible)
    press_button(runs.panel.run_button)
    # at once, before any snapshot of the new run: nothing on screen describes the previous run as current
    assert not runs.heatmap().isVisible()
    assert runs.plots.n == 0
    assert not runs.panel.figures.isEnabled() and "Previous run" in runs.panel.figures.text()
    assert first_figures in runs.panel.figures.text()
    qtbot.waitUntil(lambda: runs.last_result is not None, timeout=90000)
    assert runs.panel.figures.isEnabled() and "Previous run" not in runs.panel.figures.text()
    # the bar shows the share of the run done, in whole percent, and the text beside it the same number
    # (read right after each batch is drawn: a run that ends between two repaints shows its final line at once)
    assert progress_seen and all(value == 10 * round(p * 100) for p, value, _text in progress_seen)
    assert all(text.endswith(f"· {round(p * 100)}%") for p, _v, text in progress_seen)


def test_stop_takes_effect_at_once(qtbot):
    w = show_window(qtbot, path=PROJECTS / "rail-optimized-1024.json")
    panel = w.runs.panel
    w.runs.panel_dock.show()
    w.runs.panel_dock.raise_()
    choose(qtbot, panel.kind, "AllToAll")
    press_button(panel.run_button)
    qtbot.waitUntil(lambda: w.runs.plots.n > 0 or w.runs.runner.running, timeout=30000)
    press_button(panel.stop_button)
    assert not w.runs.runner.running and panel.run_button.isEnabled()      # at once, not at the step's end
    n = w.runs.plots.n
    qtbot.wait(1500)
    assert w.runs.plots.n == n                                               # nothing of the stopped run arrives
    assert not w.runs.progress.isVisible()


@pytest.mark.parametrize("size", [(1366, 768), (1024, 700)])
def test_every_legend_is_whole_above_its_plot(qtbot, size):
    window = show_window(qtbot, path=PROJECTS / "small-rocev2-pod.json", size=size)
    plots = window.runs.plots
    window.runs.plots_dock.show()
    window.runs.plots_dock.raise_()
    plots.reset()                                   # the panels, as a run's start shows them
    qtbot.wait(100)
    titled = [w.getPlotItem() for w in plots.plots.values()] + [plots.chart.getPlotItem()]
    for item in titled:
        label = item.titleLabel
        text = label.item.document()
        # the legend wraps at the plot's width: no entry is cut at the plot's edge ("credit sta")
        assert text.idealWidth() <= label.width() + 1, label.text
        # and the title row is as high as its lines, so the wrapped line is not drawn over the data
        assert label.item.boundingRect().height() <= item.layout.rowMinimumHeight(0) + 1, label.text
        # a title too long for its plot is elided, whole in its tooltip
        shown = re.search(r"<b>(.*?)</b>", label.text).group(1)
        assert shown.endswith("…") == bool(label.toolTip()), label.text


def _snapshot(t_ms: float):
    return SimpleNamespace(time_s=t_ms / 1e3, throughput_gbps=100.0 + t_ms, link_ids=["L1", "L2"],
                           link_utilization=np.array([0.5, 0.25]), latency_us={"p50": 1.0, "p99": 2.0, "p999": 3.0},
                           in_flight=1, progress=t_ms / 10, extra={})


def hand_turned_plots(qtbot) -> LivePlots:
    """Empty live plots whose redraws the test turns itself (their timer is stopped)."""
    plots = LivePlots()
    qtbot.addWidget(plots)
    plots.timer.stop()
    plots.reset()
    return plots


def test_an_interval_with_no_traffic_names_no_hot_cables(qtbot):
    plots = hand_turned_plots(qtbot)
    plots.add_snapshot(_snapshot(1.0))
    plots.flush()
    assert plots.hot_links.text().startswith("Hot cables: L1 50 %")
    idle = _snapshot(2.0)
    idle.link_utilization = np.zeros(2)
    plots.add_snapshot(idle)
    plots.flush()
    assert plots.hot_links.text() == ""                 # not a "Hot cables:" with nothing after it


def test_parallel_cables_are_named_once_as_a_bundle(qtbot):
    """A server's eight cables to its leaf are one place: "srv → leaf ×8 30 %", not the same name five times."""
    plots = hand_turned_plots(qtbot)
    ends = {f"B{i}": "srv-1 → leaf-1" for i in range(8)} | {"C1": "leaf-1 → spine-1", "C2": "leaf-2 → spine-1"}
    plots.cable_name = lambda link_id: ends[link_id]
    snap = _snapshot(1.0)
    snap.link_ids = list(ends)
    snap.link_utilization = np.array([0.3] * 7 + [0.1] + [0.2, 0.25])
    plots.add_snapshot(snap)
    plots.flush()
    assert plots.hot_links.text() == "Hot cables: srv-1 → leaf-1 ×7 30 %, leaf-2 → spine-1 25 %, leaf-1 → spine-1 20 %"


def test_while_a_run_streams_in_every_panel_shows_the_same_moment(qtbot):
    plots = hand_turned_plots(qtbot)
    for t_ms in (1.0, 2.0, 3.0):               # a previous run, drawn whole
        plots.add_snapshot(_snapshot(t_ms))
    plots.flush()
    plots.reset()
    assert all(c.getData()[0] is None or len(c.getData()[0]) == 0 for c in plots.curves.values())   # empty at once
    plots.add_snapshot(_snapshot(1.0))
    ends = {}
    turns = -(-len(PLOTS) // PLOTS_PER_TICK)
    for k in range(turns):                     # a round of redraws, a few panels per turn, while more snapshots arrive
        plots.refresh()
        plots.add_snapshot(_snapshot(2.0 + k))
    for key, curve in plots.curves.items():
        if key != "sel_util":
            ends[key] = curve.getData()[0][-1]
    assert set(ends.values()) == {1.0}, ends   # every panel up to the same snapshot, not a different one each
    for _ in range(len(PLOTS)):
        plots.refresh()                        # the next round shows the newest snapshot everywhere
    assert {c.getData()[0][-1] for k, c in plots.curves.items() if k != "sel_util"} == {2.0 + turns - 1}


@pytest.mark.parametrize("width", [700, 1800])
def test_the_time_axis_is_named_in_full_where_it_fits(qtbot, width):
    plots = LivePlots()
    qtbot.addWidget(plots)
    plots.resize(width, 240)                          # short and wide: the panels in one row, the first names time
    plots.show()
    plots.reset()
    named = [w for w in plots.plots.values() if w.getAxis("bottom").labelText]
    assert len(named) == 1
    w = named[0]

    def room() -> int:
        return w.width() - w.getAxis("left").width()

    def fits() -> bool:                               # never cut ("simulated time (m"), once laid out
        return QFontMetrics(w.font()).horizontalAdvance(w.getAxis("bottom").labelText) <= room()

    qtbot.waitUntil(fits)
    text = w.getAxis("bottom").labelText
    full = QFontMetrics(w.font()).horizontalAdvance("simulated time (ms)") <= room() - 8
    assert text == ("simulated time (ms)" if full else "time (ms)")
    assert not full or width == 1800                 # the narrow case does need the short name


def test_the_selection_hint_stays_mid_panel_as_the_time_axis_grows(qtbot):
    plots = hand_turned_plots(qtbot)
    plots.add_snapshot(_snapshot(1.0))
    for _ in PLOTS:
        plots.refresh()                           # a whole round: every panel drawn, the hint placed
    plots.add_snapshot(_snapshot(40.0))           # the run goes on: the shared time axis grows
    plots.refresh()                               # a round starts (the axis moves); the selection panel waits
    (left, right), (bottom, top) = plots.plots["selection"].getPlotItem().getViewBox().viewRange()
    assert right >= 40
    hint = plots.nothing_selected.pos()
    assert abs(hint.x() - (left + right) / 2) < 0.05 * (right - left)
    assert abs(hint.y() - (bottom + top) / 2) < 0.05 * (top - bottom)


def test_before_the_first_snapshot_a_long_step_shows_a_working_bar_not_zero(qtbot, window):
    runs = window.runs
    runs.progress.setVisible(True)
    runs.show_busy(0.62)                         # the engine is inside a congested step: no snapshot yet
    assert runs.progress.maximum() == 0          # a "working" bar, not 0 % beside "62 % of the step"
    assert "62%" in runs.sim_time.text()
    runs._on_snapshot(_snapshot(2.5))            # the first snapshot: the run's own share from now on
    runs._drain()
    assert runs.progress.maximum() == 1000 and runs.progress.value() == 250
    runs.show_busy(0.1)
    assert runs.progress.maximum() == 1000       # once a share of the run is known, it stays


def test_latency_before_any_packet_arrives_is_a_gap_not_zero(qtbot):
    """The p99 plot read 0 µs for the first 0.3-0.5 ms of an AllToAll while traffic flowed at full rate: the engine
    says 0 when no packet has arrived yet, which is no latency at all."""
    plots = hand_turned_plots(qtbot)
    first = _snapshot(1.0)
    first.latency_us = {"p50": 0.0, "p99": 0.0, "p999": 0.0}
    plots.add_snapshot(first)
    plots.add_snapshot(_snapshot(2.0))
    plots.flush()
    for key in ("p50", "p99", "p999"):
        values = plots.series(key)[1]
        assert np.isnan(values[0]) and values[1] > 0
    assert plots.curves["p99"].opts["connect"] == "finite"
