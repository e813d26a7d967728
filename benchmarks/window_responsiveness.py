"""How live a run is in the window: the hybrid example's AllToAll, started with the Run panel's Run button.

For each run it prints
- first point: seconds from the Run click until the throughput plot shows a point (target 1 s);
- updates/s: how often the plots showed more points, per second of wall time from the first point until the
  run is done (target at least 5);
- largest gap: the longest the window's event loop went without serving a 5 ms timer, and the median tick;
- Stop: seconds from the Stop click until the simulation process has stopped and the worker is idle again
  (target 0.5 s), for a run stopped mid-way (after its first plotted point and a random further wait).
and then the medians over the runs, with the machine's load average (`os.getloadavg`) before and after.

Run under a real display server for painting costs (`Xvfb :99 & DISPLAY=:99 QT_QPA_PLATFORM=xcb`), or offscreen:
    python benchmarks/window_responsiveness.py [--runs N] [--workload SPEC] [--engine-cadence]
The default workload is `alltoall:256MiB`, the panel's default size (about eleven seconds on a 2-core machine; the
16MiB one that was the default is done in about a second, too soon to press Stop in). Each run opens a fresh
window which, as the application does, starts a simulation process ahead of Run; Run is pressed a second after
that process is ready (how long it took after the window opened is printed).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

PROJECT = Path(__file__).resolve().parents[1] / "projects" / "hybrid-ib-rocev2.json"
TICK_MS = 5
LOOK_S = 1.0        # seconds between the simulation process being ready and pressing Run
READY_S: list[float] = []   # seconds from opening each window until its simulation process was ready
TIMEOUT_S = 900.0


@dataclass
class Live:
    """What one run looked like from the window."""

    first_point_s: float = float("nan")
    done_s: float = float("nan")
    updates: int = 0
    ticks_ms: list[tuple[float, float]] = field(default_factory=list)     # (since Run, gap)

    @property
    def largest_gap(self) -> tuple[float, float]:
        """(when, in s after Run; how long, in ms) of the event loop's longest wait."""
        at_ms, gap_ms = max(self.ticks_ms, key=lambda tick: tick[1])
        return (at_ms - gap_ms) / 1e3, gap_ms

    @property
    def updates_per_s(self) -> float:
        span = self.done_s - self.first_point_s
        return self.updates / span if span > 0 else float("nan")


def open_window(app):
    from designer.model import fileformat
    from designer.ui.main_window import MainWindow

    window = MainWindow(fileformat.load(str(PROJECT)), str(PROJECT))
    window.runs.runner.keep_process_ready()    # as the application does when it opens a window
    window.resize(1600, 1000)
    window.show()
    t0 = time.perf_counter()
    watch(app, lambda: spare_ready(window))
    READY_S.append(time.perf_counter() - t0)
    settle(app, LOOK_S)               # a user looks at the design before pressing Run
    return window


def spare_ready(window) -> bool:
    spare = window.runs.runner.worker.spare
    return spare is not None and spare.is_ready()


def close(window) -> None:
    window.results_unsaved = False        # the run's results are not kept: closing asks nothing
    window.close()


def settle(app, seconds: float) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.processEvents()
        time.sleep(0.005)


def choose(window, spec: str) -> None:
    """Set the Run panel's form to the spec (kind and size), as a user would."""
    kind, size = spec.split(":")[:2]
    panel = window.runs.panel
    panel.kind.setCurrentIndex(panel.kind.findData(kind))
    panel.size_choice.setCurrentIndex(panel.size_choice.findData(size))
    if panel.workload_spec() != spec:
        raise SystemExit(f"the Run panel cannot express {spec!r} (it made {panel.workload_spec()!r})")


def plotted_points(window) -> int:
    x = window.runs.plots.curves["throughput_gbps"].xData
    return 0 if x is None else len(x)


def watch(app, until, on_tick=None, timeout_s: float = TIMEOUT_S) -> list[tuple[float, float]]:
    """Run the event loop until `until()` holds; a 5 ms timer notes each gap between its ticks
    as (ms since the start, gap in ms)."""
    from PySide6.QtCore import QElapsedTimer, QEventLoop, QTimer

    loop = QEventLoop()
    clock = QElapsedTimer()
    clock.start()
    ticks: list[tuple[float, float]] = []
    last = [clock.elapsed()]

    def tick() -> None:
        now = clock.elapsed()
        ticks.append((float(now), float(now - last[0])))
        last[0] = now
        if on_tick is not None:
            on_tick()
        if until() or now > timeout_s * 1e3:
            loop.quit()

    timer = QTimer()
    timer.setInterval(TICK_MS)
    timer.timeout.connect(tick)
    timer.start()
    loop.exec()
    timer.stop()
    if not until():
        raise TimeoutError("the run did not end in time")
    return ticks


def live_run(app, spec: str) -> Live:
    window = open_window(app)
    choose(window, spec)
    live = Live()
    seen = [0]
    t0 = time.perf_counter()

    def on_tick() -> None:
        n = plotted_points(window)
        if n > seen[0]:
            if seen[0] == 0:
                live.first_point_s = time.perf_counter() - t0
            live.updates += 1
            seen[0] = n

    runs = window.runs
    runs.panel.run_button.click()
    click_ms = (time.perf_counter() - t0) * 1e3          # the click's own work held the event loop this long
    ticks = watch(app, lambda: not runs.runner.running and runs.last_result is not None, on_tick)
    live.ticks_ms = [(click_ms, click_ms)] + [(at + click_ms, gap) for at, gap in ticks]
    live.done_s = time.perf_counter() - t0
    close(window)
    return live


def stop_latency_s(app, spec: str, rng: random.Random) -> float:
    """Seconds from Stop (clicked mid-run) until the simulation process is gone and the worker idle."""
    window = open_window(app)
    choose(window, spec)
    runs = window.runs
    idle: list[int] = []
    runs.runner.worker.cancelled.connect(idle.append)
    runs.panel.run_button.click()
    watch(app, lambda: plotted_points(window) > 0)
    settle(app, rng.uniform(0.0, 1.0))      # somewhere inside the engine's work, not just after a point
    if not runs.runner.running:
        raise SystemExit("the run ended before Stop: choose a longer workload")
    child = runs.runner.worker.child
    t0 = time.perf_counter()
    runs.panel.stop_button.click()
    watch(app, lambda: bool(idle) and (child is None or not child.alive()))
    elapsed = time.perf_counter() - t0
    close(window)
    return elapsed


def engine_cadence(spec: str) -> None:
    """Where the stream's cadence comes from: the engine's fluid windows for this run (in this process, kernels
    warmed up first as the window's spare process does), read by wrapping FluidQueues.window."""
    from designer.model import fileformat
    from designer.sim import SimOptions, fluid_queues, stream
    from designer.ui.sim_process import warm_up

    windows: list[tuple[float, int, int, float]] = []      # wall s, steps, flow-hops, simulated s
    original = fluid_queues.FluidQueues.window

    def timed(self, horizon_s):
        t0, steps0 = time.perf_counter(), self.steps
        win = original(self, horizon_s)
        windows.append((time.perf_counter() - t0, self.steps - steps0, len(self.sim.hport), win.dt_s))
        return win

    warm_up()
    fluid_queues.FluidQueues.window = timed
    try:
        t0 = time.perf_counter()
        first = None
        for _snap in stream(fileformat.load(str(PROJECT)), [spec], SimOptions(snapshot_count=200)):
            first = first if first is not None else time.perf_counter() - t0
        total = time.perf_counter() - t0
    finally:
        fluid_queues.FluidQueues.window = original
    walls = [w[0] for w in windows]
    print(f"engine alone: first snapshot {first:.2f} s, done {total:.1f} s; {len(windows)} fluid windows of "
          f"{statistics.median(w[3] for w in windows) * 1e6:.0f} us simulated, each "
          f"{statistics.median(w[1] for w in windows):.0f} steps of {statistics.median(w[2] for w in windows):,.0f}"
          f" flow-hops, {statistics.median(walls):.2f} s wall (median; first {walls[0]:.2f} s, largest "
          f"{max(walls):.2f} s)")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--workload", default="alltoall:256MiB")
    parser.add_argument("--engine-cadence", action="store_true",
                        help="first print how often the engine alone yields a window of this run")
    args = parser.parse_args(argv)
    if args.engine_cadence:
        engine_cadence(args.workload)
    if args.runs < 1:
        return 0

    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    # the window as a user has it (not Qt's test mode), with its settings and recovery files kept apart
    scratch = tempfile.mkdtemp(prefix="window-responsiveness-")
    os.environ.setdefault("FABRIC_DESIGNER_RECOVERY_DIR", scratch)
    for fmt in (QSettings.Format.NativeFormat, QSettings.Format.IniFormat):
        QSettings.setPath(fmt, QSettings.Scope.UserScope, scratch)
    app = QApplication.instance() or QApplication([])
    load_before = os.getloadavg()
    print(f"{args.workload} on {PROJECT.name}, platform {app.platformName()}, load average "
          f"{load_before[0]:.2f} {load_before[1]:.2f} {load_before[2]:.2f}")
    lives = []
    for i in range(args.runs):
        live = live_run(app, args.workload)
        lives.append(live)
        print(f"run {i + 1}: first point {live.first_point_s:.2f} s, {live.updates} updates in "
              f"{live.done_s - live.first_point_s:.1f} s = {live.updates_per_s:.1f}/s, done at {live.done_s:.1f} s, "
              f"largest event-loop gap {live.largest_gap[1]:.0f} ms (from {live.largest_gap[0]:.2f} s; median tick "
              f"{statistics.median(gap for _at, gap in live.ticks_ms):.1f} ms)", flush=True)
    rng = random.Random(1)
    stops = []
    for i in range(args.runs):
        stops.append(stop_latency_s(app, args.workload, rng))
        print(f"stop {i + 1}: {stops[-1]:.3f} s", flush=True)
    print(f"the simulation process made ready when a window opens was ready after {min(READY_S):.1f}-"
          f"{max(READY_S):.1f} s (median {statistics.median(READY_S):.1f} s); Run was pressed {LOOK_S:.0f} s later")
    load_after = os.getloadavg()
    print(f"medians of {args.runs}: first point {statistics.median(x.first_point_s for x in lives):.2f} s "
          f"(target 1 s), {statistics.median(x.updates_per_s for x in lives):.1f} plot updates/s (target 5), "
          f"largest event-loop gap {statistics.median(x.largest_gap[1] for x in lives):.0f} ms, "
          f"Stop {statistics.median(stops):.3f} s (target 0.5 s); load average after "
          f"{load_after[0]:.2f} {load_after[1]:.2f} {load_after[2]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
