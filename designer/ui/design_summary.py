"""The live summary of a design (status bar, problems dock): counts, oversubscription, capex, findings.

Uses the topology package's checks, oversubscription and cost when they are installed; each figure
that cannot be computed is shown as unavailable rather than guessed. On a large design the checks take
seconds, so `SummaryRunner` computes them in a process of its own: the window opens and pans meanwhile.
"""

from __future__ import annotations

import multiprocessing
import os
import pickle
import threading
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from functools import partial

from PySide6.QtCore import QCoreApplication, QObject, Signal, Slot

from designer.catalog.loader import Catalog
from designer.model.document import FabricDocument
from designer.model.errors import ProjectError
from designer.topology.gc_pause import collector_paused


@dataclass
class Summary:
    gpus: int = 0
    switches: int = 0
    links: int = 0
    oversubscription: dict[str, float] = field(default_factory=dict)
    capex: float | None = None
    currency: str = "USD"
    findings: list = field(default_factory=list)
    unavailable: list[str] = field(default_factory=list)

    def status_text(self) -> str:
        parts = [QCoreApplication.translate("DesignSummary", "GPUs {0}").format(self.gpus),
                 QCoreApplication.translate("DesignSummary", "switches {0}").format(self.switches),
                 QCoreApplication.translate("DesignSummary", "links {0}").format(self.links)]
        if self.oversubscription:
            worst = max(self.oversubscription.values())
            parts.append(QCoreApplication.translate("DesignSummary", "oversubscription {0:.2f}:1").format(worst))
        if self.capex is not None:
            parts.append(QCoreApplication.translate("DesignSummary", "capex ≈ {0:,.0f} {1}").format(
                self.capex, self.currency))
        errors = sum(1 for f in self.findings if getattr(f, "severity", "") == "error")
        warnings = sum(1 for f in self.findings if getattr(f, "severity", "") == "warning")
        if errors or warnings:
            said_errors = (QCoreApplication.translate("DesignSummary", "1 error") if errors == 1
                           else QCoreApplication.translate("DesignSummary", "{0} errors").format(errors))
            said_warnings = (QCoreApplication.translate("DesignSummary", "1 warning") if warnings == 1
                             else QCoreApplication.translate("DesignSummary", "{0} warnings").format(warnings))
            parts.append(QCoreApplication.translate("DesignSummary", "{0}, {1}").format(said_errors, said_warnings))
        return "   ·   ".join(parts)


def summarise(doc: FabricDocument, catalog: Catalog | None) -> Summary:
    """Everything the status bar and problems dock show, computed from the document. The rack plan and cable
    schedule are built once for the cost and the cabling checks (on a 56k-cable fabric each build takes seconds)."""
    s = Summary(gpus=doc.gpu_count(), switches=sum(1 for n in doc.nodes.values() if n.kind == "switch"),
                links=len(doc.links), currency=doc.assumptions.currency)
    try:
        from designer.topology.oversubscription import oversubscription_by_tier
        s.oversubscription = {k: float(v) for k, v in oversubscription_by_tier(doc).items() if v is not None}
    except ImportError:
        s.unavailable.append("oversubscription")
    except (ProjectError, ValueError, ZeroDivisionError, KeyError):
        s.oversubscription = {}
    build = _physical_build(doc, catalog)
    try:
        from designer.topology.cost import cost_report
        s.capex = float(cost_report(doc, catalog, build=build).capex)
    except ImportError:
        s.unavailable.append("cost")
    except (ProjectError, ValueError, KeyError):
        s.capex = None
    try:
        from designer.topology.checks import run_checks
        s.findings = list(run_checks(doc, catalog, build.schedule if build is not None else None))
    except ImportError:
        s.unavailable.append("checks")
    return s


def _physical_build(doc: FabricDocument, catalog: Catalog | None):
    """The design's rack plan and cable schedule, or None where they cannot be built (the cost then says why, and
    the checks build what they can)."""
    try:
        from designer.catalog.loader import load_catalog
        from designer.topology.physical_build import physical_build
        return physical_build(doc, catalog if catalog is not None else load_catalog())
    except (ImportError, ProjectError, ValueError, KeyError):
        return None


# Designs with more cables than this are summarised off the GUI thread (a 56k-cable fabric's checks take seconds;
# a pod's take milliseconds and are shown at once).
BACKGROUND_LINKS = 5000


def counts_text(doc: FabricDocument) -> str:
    """The quick part of the summary, while the rest is being computed."""
    s = Summary(gpus=doc.gpu_count(), switches=sum(1 for n in doc.nodes.values() if n.kind == "switch"),
                links=len(doc.links))
    return s.status_text() + "   ·   " + QCoreApplication.translate("DesignSummary", "checking…")


# In the summary process the collector is paused for each summary: reading a 56k-cable design and checking it
# makes a million objects that live until the summary is sent back, and the collector's passes over them were up
# to a quarter of its time (the 16,384-GPU fat tree: 6.7-6.9 CPU-s with them, 5.0-6.4 without; gc_pause.py).
def summarise_file(path: str, catalog: Catalog | None) -> Summary:
    """The summary of the design saved at `path` (the summary process reads an unchanged design itself rather
    than receiving it: pickling 56k cables costs the window about a second)."""
    from designer.model import fileformat

    with collector_paused():
        return summarise(fileformat.load(path), catalog)


def summarise_pickled(pickled_doc: bytes, catalog: Catalog | None) -> Summary:
    """The summary of a document the window pickled when it asked (an edited design)."""
    with collector_paused():
        return summarise(pickle.loads(pickled_doc), catalog)


# How much lower the summary process runs than the window (Unix niceness, 0 to 19): on a machine whose cores are
# all busy the window's thread is served first, so that a design opens and pans while its checks wait their turn;
# on an idle core the checks run at full speed all the same.
SUMMARY_NICENESS = 10


def _yield_to_window(niceness: int) -> None:
    """Run the summary process `niceness` below the window's priority (where the system has priorities to lower)."""
    if hasattr(os, "nice") and niceness > 0:
        try:
            os.nice(niceness)
        except OSError:
            pass


class SummaryRunner(QObject):
    """Summaries computed in a separate process, one at a time; a request made while one runs is kept (the latest
    only) and started when it ends. `ready` carries (generation, Summary or the exception it raised).

    A process, not a thread: the checks of a 56k-cable fabric are seconds of Python, and in a thread they held the
    interpreter lock the window needs to build and draw its scene (the 16,384-GPU fat tree opened in 4.6-9 s with
    its checks in a thread; see benchmarks/canvas.py). The process is started at the first large design and kept."""

    ready = Signal(int, object)
    _finished = Signal(int, object)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._pool: ProcessPoolExecutor | None = None
        self._running = False
        self._next: tuple | None = None
        self._submitting = threading.RLock()        # held while a job is handed to the pool or an outcome back
        self._closed = False
        self._finished.connect(self._on_finished)     # queued: the pool's thread emits, the GUI thread handles

    def _executor(self) -> ProcessPoolExecutor:
        """One process, spawned (never forked from a process running Qt threads) and kept: it starts once, so a
        fork server would save it nothing, and the program's one fork server is left to the advisor and sweeps
        with the engine they preload (designer/analysis/local_processes.py); a server started here first would
        have lacked it, and each of their workers would then import the engine itself (2.7 s)."""
        if self._pool is None:
            self._pool = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"),
                                             initializer=_yield_to_window, initargs=(SUMMARY_NICENESS,))
        return self._pool

    def request(self, doc: FabricDocument, catalog: Catalog | None, generation: int,
                saved_at: str | None = None) -> None:
        """Summarise `doc`; `saved_at`: the file it is unchanged from, which the process reads instead."""
        if self._running:
            self._next = (doc, catalog, generation, saved_at)
            return
        self._running = True
        pool = self._executor()
        # an edited design is pickled now, not later by the pool's own thread while the next edit changes it
        job = (partial(summarise_file, saved_at, catalog) if saved_at
               else partial(summarise_pickled, pickle.dumps(doc, protocol=pickle.HIGHEST_PROTOCOL), catalog))
        threading.Thread(target=self._submit, args=(pool, job, generation), daemon=True).start()

    def _submit(self, pool: ProcessPoolExecutor, job: partial, generation: int) -> None:
        """Hand `job` to the pool, from a thread of its own: a submit can wait for the process to start (with a
        fork server it waited until the server had imported the window's modules, 0.7-1.4 s, measured, that the
        window stood still in the middle of opening the first large design)."""
        with self._submitting:
            if self._closed:
                return
            try:
                future = pool.submit(job.func, *job.args)
            except (BrokenProcessPool, RuntimeError, OSError) as exc:     # broken, shut down, or cannot start
                self._emit(generation, exc)
                return
        future.add_done_callback(partial(self._relay, generation))

    def _relay(self, generation: int, future: Future) -> None:
        self._emit(generation, future.exception() or future.result())

    def _emit(self, generation: int, outcome: object) -> None:
        """Hand an outcome to the GUI thread, from the pool's thread: never once `shutdown` has returned, after
        which the window may delete this object (an object deleted while another thread emits its signal is a
        crash)."""
        with self._submitting:
            if self._closed:
                return
            try:
                self._finished.emit(generation, outcome)
            except RuntimeError:       # the window is gone
                pass

    @Slot(int, object)
    def _on_finished(self, generation: int, outcome: object) -> None:
        self._running = False
        if isinstance(outcome, BrokenProcessPool):     # the process died: the next request starts another
            self._pool = None
        if self._next is not None:
            args, self._next = self._next, None
            self.request(*args)
        self.ready.emit(generation, outcome)

    def busy(self) -> bool:
        return self._running

    def shutdown(self) -> None:
        """Stop at once: a summary still running is of no use to a closed window (the process would otherwise go
        on for seconds after the application quit). ProcessPoolExecutor stops its workers itself only from
        Python 3.14 (terminate_workers), hence its process table here."""
        self._next = None
        with self._submitting:      # a job being handed over has its process started, and stopped here with it;
            self._closed = True     # an outcome being handed to the GUI thread is posted before this returns
        if self._pool is not None:
            processes = list((getattr(self._pool, "_processes", None) or {}).values())
            self._pool.shutdown(wait=False, cancel_futures=True)
            for process in processes:
                if process.is_alive():
                    process.terminate()
