"""A simulation process started before the user presses Run, so that a run does not wait for it to start.

A fresh process (designer.sim.child_process) spends seconds before the engine takes its first step: Python
imports the engine and its compiled kernels' libraries (about 2.5 s on a 2-core machine), and the first call of
each compiled kernel loads it from the cache (about 1 s more). A `WarmChild` does both ahead of time: it imports
the engine, runs a tiny simulation that loads the kernels, then waits for its one run. Each run uses one process
(its control thread keeps reading the pipe to the end), so the window starts the next spare when a run ends.

This module runs in the spare process too: it must not import Qt.
"""

from __future__ import annotations

import multiprocessing
from typing import Any

from designer.sim.child_process import ChildRun


class WarmChild(ChildRun):
    """A simulation process that is ready before its run is known; `start` gives it the run."""

    def __init__(self) -> None:      # ChildRun's constructor starts a run at once: not called
        ctx = multiprocessing.get_context("spawn")          # never fork a process that has Qt loaded
        self.conn, child_conn = ctx.Pipe(duplex=True)
        self.proc = ctx.Process(target=serve, args=(child_conn,), daemon=True, name="fabric-simulation")
        self.proc.start()
        child_conn.close()
        self.cancelled = False
        self.started = False
        self.warmed = False

    def is_ready(self) -> bool:
        """True once the warm-up is over (call only before `start`: it reads the process's first message)."""
        if not self.warmed:
            message = self.receive(0.0)
            self.warmed = message is not None and message[0] == "ready"
        return self.warmed

    def start(self, doc_text: str, workloads: list[str], seed: int, backend: str | None,
              failures: list[str], only_job: int | None = None) -> bool:
        """Hand the run to the process; False if it has gone (then start a fresh one)."""
        if not self.proc.is_alive():
            return False
        try:
            self.conn.send(("run", doc_text, list(workloads), seed, backend, list(failures), only_job))
        except (BrokenPipeError, OSError):
            return False
        self.started = True
        return True

    def close(self) -> None:
        """A spare never used is ended at once (it may be in the middle of its warm-up)."""
        if self.started:
            super().close()
            return
        self.proc.terminate()
        self.proc.join(timeout=1.0)
        self.conn.close()


def serve(conn: Any) -> None:
    """The spare process: warm up, wait for the run, run it (designer.sim.child_process.run_child)."""
    from designer.sim.child_process import run_child

    warm_up()
    try:
        conn.send(("ready", None))
        message = conn.recv()
    except (EOFError, OSError):
        return                                   # the window closed without a run
    if message[0] == "run":
        _kind, doc_text, workloads, seed, backend, failures, only_job = message
        run_child(doc_text, workloads, seed, backend, failures, conn, only_job)


def warm_up() -> None:
    """A tiny congested run (a 4:1 incast on a 16-GPU RoCEv2 leaf-spine, a fraction of a second) that loads the
    engine's compiled kernels from their cache; the results are thrown away. A warm-up that fails costs the
    run only the time it would have saved, and the run itself then reports whatever is wrong."""
    from designer.sim import SimOptions, run
    from designer.topology.generate import generate

    try:
        run(generate("leaf-spine", gpus=16, backend="rocev2"), ["incast:4:1MiB"], SimOptions())
    except Exception:  # noqa: BLE001 - see the docstring: nothing of the warm-up reaches the user
        pass
