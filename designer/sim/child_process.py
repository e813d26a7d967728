"""Run a simulation in a child process and stream its snapshots back over a pipe.

The window runs the engine here rather than in a thread: the engine's many small numpy steps hold the
interpreter lock, which a GUI thread would wait for (stalls of hundreds of ms, measured). A process has
its own lock, so the window's event loop stays free. The child sends ("snapshot", Snapshot),
("result", SimResult), ("error", one-line text) or ("cancelled", None); the parent sends ("cancel",),
("pause",), ("resume",) and ("fail", "link:L3@now"); while a congested step runs through the queues it also
sends ("busy", share of the step done), at most a few times a second, and after each further training step
("steps", (steps simulated, steps in all)) — a failure the engine takes between intervals
(SimOptions.control). The document travels as its project-file text, so the child sees exactly what
would be saved. One duplex pipe carries both directions: no named semaphores, which other libraries'
process pools can leave unusable for later children.
"""

from __future__ import annotations

import multiprocessing
import queue
import threading
import time
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from designer.sim.failures import FailureSpec

SNAPSHOTS_PER_RUN = 200   # plotted points per run: smooth curves, small pipe traffic
BUSY_EVERY_S = 0.25       # at most four progress notices a second from a long congested step


class ChildRun:
    """The parent's handle on one simulation child process."""

    def __init__(self, doc_text: str, workloads: list[str], seed: int, backend: str | None,
                 failures: list[str] | None = None, only_job: int | None = None):
        ctx = multiprocessing.get_context("spawn")     # never fork a process that has Qt loaded
        self.conn, child_conn = ctx.Pipe(duplex=True)
        self.proc = ctx.Process(target=run_child, args=(doc_text, list(workloads), seed, backend,
                                                        list(failures or []), child_conn, only_job),
                                daemon=True, name="fabric-simulation")
        self.proc.start()
        child_conn.close()
        self.cancelled = False

    def receive(self, timeout_s: float) -> tuple[str, Any] | None:
        """The next message, or None if none came within the timeout (or the child is gone)."""
        try:
            if self.conn.poll(timeout_s):
                message: tuple[str, Any] = self.conn.recv()
                return message
        except (EOFError, OSError):
            return None
        return None

    def alive(self) -> bool:
        return self.proc.is_alive()

    def _send(self, *message: Any) -> None:
        try:
            self.conn.send(message)
        except (BrokenPipeError, OSError):
            pass                                        # the child has ended: nothing to tell it

    def cancel(self) -> None:
        if not self.cancelled:
            self.cancelled = True
            self._send("cancel")

    def pause(self, paused: bool) -> None:
        self._send("pause" if paused else "resume")

    def fail_now(self, spec: str) -> None:
        self._send("fail", spec)

    def close(self) -> None:
        """Cancel, wait briefly, and make sure the child is gone."""
        self.cancel()
        self.proc.join(timeout=2.0)
        if self.proc.is_alive():
            self.proc.terminate()
            self.proc.join(timeout=1.0)
        self.conn.close()


class _Parent:
    """The pipe to the window: messages to it, and control messages from it read by a thread (`listen`)."""

    def __init__(self, conn: Any) -> None:
        self.conn = conn
        self.cancel, self.resume = threading.Event(), threading.Event()
        self.resume.set()
        self.control: queue.Queue[str | FailureSpec] = queue.Queue()
        self._last_busy = 0.0

    def listen(self) -> None:
        while True:
            try:
                message = self.conn.recv()
            except (EOFError, OSError):
                self.cancel.set()                        # the parent is gone: stop
                self.resume.set()
                return
            if message[0] == "cancel":
                self.cancel.set()
                self.resume.set()
                return
            if message[0] == "pause":
                self.resume.clear()
            elif message[0] == "resume":
                self.resume.set()
            elif message[0] == "fail":
                self.control.put(message[1])

    def send(self, *message: Any) -> None:
        try:
            self.conn.send(message)
        except (BrokenPipeError, OSError):
            self.cancel.set()

    def busy(self, share: float) -> None:
        """A long congested step: tell the window it is moving (at most every BUSY_EVERY_S)."""
        now = time.monotonic()
        if now - self._last_busy >= BUSY_EVERY_S:
            self._last_busy = now
            self.send("busy", share)

    def steps(self, done: int, count: int) -> None:
        """A training run's further step ended: tell the window how many of them are simulated."""
        self.send("steps", (done, count))

    def forward(self, snapshots: Iterator[Any]) -> None:
        """Send each snapshot, holding the engine between them while paused; the result ends it."""
        for snap in snapshots:
            while not self.resume.wait(0.05):            # paused: hold the engine between snapshots
                if self.cancel.is_set():
                    break
            if self.cancel.is_set():
                break
            if snap.result is not None:
                self.send("result", snap.result)
                return
            self.send("snapshot", snap)
        self.send("cancelled", None)


def run_child(doc_text: str, workloads: list[str], seed: int, backend: str | None, failures: list[str],
              conn: Any, only_job: int | None = None) -> None:
    """The child's body: the stream, at a snapshot cadence sized from the ideal fabric's completion time. With
    `only_job`, that job alone where the whole list places it, without the ideal-fabric pass (the "alone" run of
    designer/sim/interference.py)."""
    from designer.model.errors import ProjectError
    from designer.model.fileformat import loads
    from designer.sim import SimOptions, WorkloadError, stream

    parent = _Parent(conn)
    threading.Thread(target=parent.listen, daemon=True, name="control").start()
    try:
        doc = loads(doc_text)
        opts = SimOptions(seed=seed, backend=backend, snapshot_count=SNAPSHOTS_PER_RUN, control=parent.control,
                          on_busy=parent.busy, on_steps=parent.steps)
        if failures:
            opts.failures = failures
        if only_job is not None:
            opts.only_job, opts.ideal_pass = only_job, False
        parent.forward(stream(doc, workloads, opts, parent.cancel))
    except (WorkloadError, ProjectError, ValueError) as exc:
        parent.send("error", str(exc))
    except Exception as exc:  # noqa: BLE001 - a failed run must reach the user as one line
        parent.send("error", f"the simulation failed: {type(exc).__name__}: {exc}")
