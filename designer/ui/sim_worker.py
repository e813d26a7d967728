"""Runs simulations off the GUI thread and hands their snapshots to the window.

The engine runs in a child process (designer.sim.child_process), one started ahead of the run when the window
asks for it (designer/ui/sim_process.py); a `SimWorker` in its own QThread waits on the child's queue and relays
its messages. Its `start_run` slot is a bound @Slot method (a
lambda would run it in the GUI thread). Every signal carries the run id, so the window
drops the batches of a cancelled or superseded run. Cancel and pause are threading.Events mirrored
into the child's process Events, which the engine checks between intervals (a stopped run's process is ended if it
has not stopped within STOP_GRACE_S); "Fail now" specs go into
the request's control queue and on to the child's (the engine applies them at its current time).
"""

from __future__ import annotations

import atexit
import queue
import threading
import weakref
from dataclasses import dataclass, field

from PySide6.QtCore import QObject, QThread, Signal, Slot

from designer.model.document import FabricDocument
from designer.model.fileformat import dumps
from designer.sim.child_process import ChildRun
from designer.ui.sim_process import WarmChild

POLL_S = 0.02          # how often the worker looks at Stop, Pause and "fail now" while it waits for the engine
STOP_GRACE_S = 0.1     # a stopped run's process has this long to end by itself before it is ended
SHUTDOWN_WAIT_MS = 5000  # how long a closing window waits for its worker thread to end a stopped run


@dataclass
class RunRequest:
    """What to simulate: the design as its project-file text (the user may edit the original meanwhile; the text is
    what the simulation process reads, and writing it costs less than a copy of the document)."""

    run_id: int
    doc_text: str
    workloads: list[str]
    seed: int = 1
    backend: str | None = None          # None: as drawn
    failures: list[str] = field(default_factory=list)
    only_job: int | None = None         # that job alone, where the whole list places it
    cancel: threading.Event = field(default_factory=threading.Event)
    resume: threading.Event = field(default_factory=threading.Event)   # cleared = paused
    control: queue.Queue = field(default_factory=queue.Queue)          # "link:L1@now" specs for the engine

    def __post_init__(self) -> None:
        self.resume.set()


class SimWorker(QObject):
    """Streams one run at a time; lives in a worker thread."""

    snapshot = Signal(int, object)      # run id, Snapshot
    busy = Signal(int, float)           # run id, share of a long congested step simulated
    steps = Signal(int, int, int)       # run id, training steps simulated, steps in all
    finished = Signal(int, object)      # run id, SimResult
    failed = Signal(int, str)           # run id, one-line message
    cancelled = Signal(int)

    def __init__(self) -> None:
        super().__init__()
        self.child: ChildRun | None = None      # the latest run's process (for the window's checks)
        self.spare: WarmChild | None = None     # a process ready for the next run (designer/ui/sim_process.py)
        self.keep_spare = False                 # start a new spare whenever a run ends

    @Slot()
    def prepare(self) -> None:
        """Have a spare process warming up for the next run, from now on after every run too."""
        self.keep_spare = True
        if self.spare is not None and self.spare.alive():
            return
        self.close_spare()
        try:
            self.spare = WarmChild()
        except Exception:  # noqa: BLE001 - no spare: the run starts a process of its own and reports what fails
            self.spare = None

    def _process_for(self, req: RunRequest) -> ChildRun:
        """The spare process if one is ready to take the run, else a fresh one."""
        spare, self.spare = self.spare, None
        args = (req.doc_text, req.workloads, req.seed, req.backend, req.failures, req.only_job)
        if spare is not None and spare.start(*args):
            return spare
        if spare is not None:
            spare.close()
        return ChildRun(*args)

    def close_spare(self) -> None:
        if self.spare is not None:
            self.spare.close()
            self.spare = None

    @Slot(object)
    def start_run(self, req: RunRequest) -> None:  # noqa: C901
        """Run in a child process (designer.sim.child_process) and relay its messages as signals.

        This thread only waits on the child's queue, which releases the interpreter lock, so the GUI
        thread never waits behind the engine."""
        try:
            child = self._process_for(req)
        except Exception as exc:  # noqa: BLE001 - e.g. no process could be started: one line to the user
            self.failed.emit(req.run_id, self.tr("cannot start the simulation: {0}: {1}").format(
                type(exc).__name__, exc))
            return
        self.child = child
        paused = False
        try:
            while True:
                if req.cancel.is_set():
                    end_now(child)
                    self.cancelled.emit(req.run_id)
                    return
                if paused == req.resume.is_set():
                    paused = not paused
                    child.pause(paused)
                while not req.control.empty():
                    child.fail_now(req.control.get_nowait())
                message = child.receive(POLL_S)
                if message is None:
                    if not child.alive() and not req.cancel.is_set():
                        self.failed.emit(req.run_id, self.tr(
                            "the simulation process ended unexpectedly (exit code {0})").format(child.proc.exitcode))
                        return
                    continue
                kind, payload = message
                if kind == "snapshot":
                    if not req.cancel.is_set():
                        self.snapshot.emit(req.run_id, payload)
                elif kind == "busy":
                    if not req.cancel.is_set():
                        self.busy.emit(req.run_id, float(payload))
                elif kind == "steps":
                    if not req.cancel.is_set():
                        self.steps.emit(req.run_id, *payload)
                elif kind == "ready":
                    continue                    # a spare process's warm-up is over (designer/ui/sim_process.py)
                elif kind == "result":
                    self.finished.emit(req.run_id, payload)
                    return
                elif kind == "error":
                    self.failed.emit(req.run_id, payload)
                    return
                else:
                    self.cancelled.emit(req.run_id)
                    return
        finally:
            end_now(child)       # its result is in: the process need not take its time to exit (a second or more)
            child.close()
            if self.keep_spare:
                self.prepare()


def end_now(child: ChildRun) -> None:
    """Stop a run at once: ask the process to stop, and end it if it has not within STOP_GRACE_S.

    The engine looks at the cancel flag only between its windows of simulated time, which take up to a second of
    wall time on a congested fabric; nothing of a stopped run is kept, so its process need not finish the window."""
    child.cancel()
    child.proc.join(STOP_GRACE_S)
    if child.proc.is_alive():
        child.proc.terminate()
        child.proc.join(1.0)


_RUNNERS: weakref.WeakSet = weakref.WeakSet()
_STILL_ENDING: list[tuple[QThread, SimWorker]] = []     # threads that outlived their runner's shutdown


@atexit.register
def _shutdown_runners() -> None:
    """End every worker thread before the interpreter tears Qt down: a QThread destroyed while it runs
    aborts the process (a window never closed, e.g. in a script or a test, would otherwise crash the exit)."""
    for runner in list(_RUNNERS):
        try:
            runner.shutdown()
        except RuntimeError:          # its C++ side is already gone
            pass
    for thread, _worker in _STILL_ENDING:
        thread.wait(SHUTDOWN_WAIT_MS)


class SimRunner(QObject):
    """The GUI-side owner of the worker thread: start, pause, resume, stop; drops stale batches."""

    snapshot = Signal(object)
    busy = Signal(float)                # share of a long congested step simulated so far
    steps = Signal(int, int)            # training steps simulated, steps in all (a run of several steps)
    finished = Signal(object)
    failed = Signal(str)
    stopped = Signal()
    _request = Signal(object)
    _prepare = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.worker_thread = QThread()
        self.worker_thread.setObjectName("simulation")
        self.worker = SimWorker()
        self.worker.moveToThread(self.worker_thread)
        self._request.connect(self.worker.start_run)
        self._prepare.connect(self.worker.prepare)
        self.worker.snapshot.connect(self._on_snapshot)
        self.worker.busy.connect(self._on_busy)
        self.worker.steps.connect(self._on_steps)
        self.worker.finished.connect(self._on_finished)
        self.worker.failed.connect(self._on_failed)
        self.worker.cancelled.connect(self._on_cancelled)
        self.worker_thread.start()
        _RUNNERS.add(self)
        self.current: RunRequest | None = None
        self._next_id = 0

    @property
    def running(self) -> bool:
        return self.current is not None

    def start(self, doc: FabricDocument, workloads: list[str], seed: int = 1, backend: str | None = None,
              failures: list[str] | None = None, only_job: int | None = None) -> int:
        """Start a run of `doc` as it is now (a running one is cancelled and its batches dropped);
        `failures` are scheduled failure specs (designer/sim/failures.py); `only_job` runs that job of the list
        alone."""
        self.stop()
        self._next_id += 1
        self.current = RunRequest(self._next_id, dumps(doc), list(workloads), seed, backend, list(failures or []),
                                  only_job)
        self._request.emit(self.current)
        return self._next_id

    def keep_process_ready(self) -> None:
        """Keep a simulation process started and warmed up ahead of each run (the window does, from when it opens;
        tests, which open hundreds of windows, do not), so that a run's first point does not wait seconds for it."""
        self._prepare.emit()

    def fail_now(self, kind: str, element: str) -> bool:
        """Fail a link or switch of the running simulation at its current simulated time (False: no run)."""
        if self.current is None:
            return False
        self.current.control.put(f"{kind}:{element}@now")
        return True

    def set_paused(self, paused: bool) -> None:
        if self.current is not None:
            (self.current.resume.clear if paused else self.current.resume.set)()

    def stop(self) -> None:
        """Cancel the current run; returns at once (the worker notices within one engine interval)."""
        if self.current is not None:
            self.current.cancel.set()
            self.current.resume.set()
            self.current = None
            self.stopped.emit()

    def shutdown(self) -> None:
        """Stop and end the thread (window closing); safe to call twice. A thread still ending its run after
        SHUTDOWN_WAIT_MS (a loaded machine) is kept, with its worker, until the program ends: destroying either
        while the thread runs would crash the program."""
        self.stop()
        if self.worker_thread.isRunning():
            self.worker_thread.quit()
            self.worker_thread.wait(SHUTDOWN_WAIT_MS)
        if not self.worker_thread.isRunning():
            self.worker.close_spare()            # the worker's thread has ended: its spare is ours to end
        elif (self.worker_thread, self.worker) not in _STILL_ENDING:
            _STILL_ENDING.append((self.worker_thread, self.worker))

    def _is_current(self, run_id: int) -> bool:
        return self.current is not None and self.current.run_id == run_id

    @Slot(int, object)
    def _on_snapshot(self, run_id: int, snap: object) -> None:
        if self._is_current(run_id):
            self.snapshot.emit(snap)

    @Slot(int, float)
    def _on_busy(self, run_id: int, share: float) -> None:
        if self._is_current(run_id):
            self.busy.emit(share)

    @Slot(int, int, int)
    def _on_steps(self, run_id: int, done: int, count: int) -> None:
        if self._is_current(run_id):
            self.steps.emit(done, count)

    @Slot(int, object)
    def _on_finished(self, run_id: int, result: object) -> None:
        if self._is_current(run_id):
            self.current = None
            self.finished.emit(result)

    @Slot(int, str)
    def _on_failed(self, run_id: int, message: str) -> None:
        if self._is_current(run_id):
            self.current = None
            self.failed.emit(message)

    @Slot(int)
    def _on_cancelled(self, run_id: int) -> None:
        pass   # stop() already told the window; a late notice of an old run changes nothing
