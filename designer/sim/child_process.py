"""Run a simulation in a child process and stream its snapshots back through a queue.

The window runs the engine here rather than in a thread: the engine's many small numpy steps hold the
interpreter lock, which a GUI thread would wait for (stalls of hundreds of ms, measured). A process has
its own lock, so the window's event loop stays free. Messages are ("snapshot", Snapshot),
("result", SimResult), ("error", one-line text) and ("cancelled", None); the document travels as its
project-file text, so the child sees exactly what would be saved. A second queue carries control
messages the other way: failure specs with time "now" (`link:L3@now`), which the engine takes between
intervals (SimOptions.control).
"""

from __future__ import annotations

import multiprocessing
from typing import Any

SNAPSHOTS_PER_RUN = 200   # plotted points per run: smooth curves, small pipe traffic


def start_child(doc_text: str, workloads: list[str], seed: int, backend: str | None,
                failures: list[str] | None = None) -> tuple[Any, Any, Any, Any, Any]:
    """Start the child; returns (process, message queue, cancel event, resume event, control queue)."""
    ctx = multiprocessing.get_context("spawn")     # never fork a process that has Qt loaded
    messages = ctx.Queue(maxsize=64)
    control = ctx.Queue()
    cancel, resume = ctx.Event(), ctx.Event()
    resume.set()
    proc = ctx.Process(target=run_child, args=(doc_text, list(workloads), seed, backend, list(failures or []),
                                               messages, cancel, resume, control),
                       daemon=True, name="fabric-simulation")
    proc.start()
    return proc, messages, cancel, resume, control


def run_child(doc_text: str, workloads: list[str], seed: int, backend: str | None, failures: list[str],
              messages: Any, cancel: Any, resume: Any, control: Any = None) -> None:
    """The child's body: a quick steady-state pass sizes the snapshot cadence, then the real stream."""
    from designer.model.errors import ProjectError
    from designer.model.fileformat import loads
    from designer.sim import SimOptions, WorkloadError, run, stream

    try:
        doc = loads(doc_text)
        quick = run(doc, workloads, SimOptions(seed=seed, backend=backend, ideal_pass=False, rate_model="maxmin"))
        if cancel.is_set():
            messages.put(("cancelled", None))
            return
        cadence_s = max(quick.completion_time_s, 1e-9) / SNAPSHOTS_PER_RUN
        opts = SimOptions(seed=seed, backend=backend, snapshot_interval_s=cadence_s, control=control)
        if failures:
            opts.failures = failures
        for snap in stream(doc, workloads, opts, cancel):   # a process Event has is_set() too
            while not resume.wait(0.05):            # paused: hold the engine between snapshots
                if cancel.is_set():
                    break
            if cancel.is_set():
                break
            if snap.result is not None:
                messages.put(("result", snap.result))
                return
            messages.put(("snapshot", snap))
        messages.put(("cancelled", None))
    except (WorkloadError, ProjectError, ValueError) as exc:
        messages.put(("error", str(exc)))
    except Exception as exc:  # noqa: BLE001 - a failed run must reach the user as one line
        messages.put(("error", f"the simulation failed: {type(exc).__name__}: {exc}"))
