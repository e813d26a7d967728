"""How the window responds while a simulation runs: gaps in its event loop, and how soon Stop frees the worker.

1. A 5 ms timer ticks while the hybrid example runs `permutation:64MiB` and `allreduce:256MiB`; the largest gap
   between ticks (at the Run click, and during the run) and the median gap are printed.
   Targets: worst gap under 100 ms (goal 50 ms), median under 10 ms.
2. The small RoCEv2 pod runs an 8:1 incast without DCQCN (one long congested step); once the child reports
   progress inside that step, Stop is pressed and the time until the worker reports itself idle is printed.
   Target: under 0.5 s.

The engine runs in a child process, so the GUI thread never waits for the interpreter lock; what is left is
the window's own painting. Run: python benchmarks/window_responsiveness.py [REPEATS]  (default 3)
"""

from __future__ import annotations

import gc
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

PROJECTS = Path(__file__).resolve().parents[1] / "projects"
TICK_MS = 5
TIMEOUT_S = 120.0


def wait_until(app, condition: Callable[[], bool], timeout_s: float = TIMEOUT_S) -> None:
    end = time.monotonic() + timeout_s
    while not condition():
        if time.monotonic() > end:
            raise TimeoutError("the window did not get there in time")
        app.processEvents()
        time.sleep(0.001)


def open_window(app, name: str):
    from designer.model import fileformat
    from designer.ui.main_window import MainWindow

    path = str(PROJECTS / name)
    window = MainWindow(fileformat.load(path), path)
    window.resize(1400, 900)
    window.show()
    window.view.resetTransform()
    window.scene.set_bundled(False)
    for _ in range(50):           # the window's own first layout and paint are not part of the run
        app.processEvents()
        time.sleep(0.01)
    return window


def event_loop_gaps(app) -> tuple[float, float, float]:
    """(worst gap, worst gap after the first three ticks, median gap) in ms over one run."""
    from PySide6.QtCore import QElapsedTimer, QTimer

    window = open_window(app, "hybrid-ib-rocev2.json")
    gc.collect()
    gaps: list[float] = []
    clock = QElapsedTimer()
    clock.start()
    last = [clock.elapsed()]

    def tick() -> None:
        now = clock.elapsed()
        gaps.append(now - last[0])
        last[0] = now

    timer = QTimer()
    timer.setInterval(TICK_MS)
    timer.timeout.connect(tick)
    timer.start()
    window.runs.start(["permutation:64MiB", "allreduce:256MiB"], seed=2)
    wait_until(app, lambda: not window.runs.runner.running)
    timer.stop()
    window.runs.shutdown()
    window.close()
    return max(gaps), max(gaps[3:]), float(statistics.median(gaps))


def stop_latency_s(app) -> float:
    """Seconds from Stop until the worker says it is idle."""
    window = open_window(app, "small-rocev2-pod.json")
    progress: list[float] = []
    window.runs.runner.busy.connect(progress.append)
    window.runs.start(["incast:8:64MiB:dcqcn=off"], seed=1)
    wait_until(app, lambda: bool(progress))
    idle: list[int] = []
    window.runs.runner.worker.cancelled.connect(idle.append)
    t0 = time.perf_counter()
    window.runs.stop()
    wait_until(app, lambda: bool(idle))
    elapsed = time.perf_counter() - t0
    window.runs.shutdown()
    window.close()
    return elapsed


def main(argv: list[str]) -> int:
    from PySide6.QtCore import QStandardPaths
    from PySide6.QtWidgets import QApplication

    QStandardPaths.setTestModeEnabled(True)
    app = QApplication.instance() or QApplication([])
    repeats = int(argv[0]) if argv else 3
    for i in range(repeats):
        worst, during, median = event_loop_gaps(app)
        print(f"run {i + 1}: event loop worst gap {worst:.0f} ms (at the Run click), {during:.0f} ms during the "
              f"run, median {median:.1f} ms (targets: worst < 100 ms, median < 10 ms)")
    stops = [stop_latency_s(app) for _ in range(repeats)]
    print(f"Stop until the worker is idle: median {statistics.median(stops):.2f} s, worst {max(stops):.2f} s "
          f"over {repeats} runs (target 0.5 s)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
