"""Build the advisor's candidates on local processes, one per core by default (designer/analysis/local_processes.py:
fork, or a fork server where Qt is loaded); with one worker or one candidate, one after another in this process.

Every candidate is built by the same top-level function from the same inputs and seed, in whichever process, so the
outcomes are those of the serial path; they are returned in the order of the jobs, not of completion. A worker
renders in the caller's core language (design names, reasons) and ignores Ctrl-C: the caller stops it.

Memory: each run checks its estimate against the engine's budget (designer/sim/budget.py), and two runs at once must
not together exceed it. Each of N workers is given 1/N of the budget (its FABRIC_DESIGNER_SIM_MEMORY_MIB). A
candidate above its share is not refused: it runs again, alone in this process with the whole budget, once the
workers are done, so the same candidates are built or refused as serially. The alternative, fewer workers where the
candidates' estimates would not fit side by side, needs each estimate before anything runs, that is every design
generated, compiled and planned twice; at the scales the advisor is asked about every estimate fits a share, and the
larger ones pay one wasted estimate each.

Cancel (a threading.Event set by the window's Cancel) is read as each candidate finishes and every POLL_S between:
what has not started is dropped, running workers are ended at once (a candidate may take minutes), and
AdviceCancelled is raised. A worker's exception reaches the caller as the same type and message.
"""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass

from designer.analysis.advisor.alternatives import Alternative
from designer.analysis.advisor.candidates import Candidate, CandidateSpec, build_candidate
from designer.analysis.advisor.site_checks import CandidateLeftOut
from designer.analysis.advisor.site_request import SiteRequest
from designer.analysis.local_processes import default_workers, process_context
from designer.catalog.loader import Catalog
from designer.i18n import current_language, set_language
from designer.i18n.message import Message
from designer.model.errors import ProjectError
from designer.sim.budget import BUDGET_ENV, SimulationTooLarge, budget_bytes
from designer.sim.workload_spec import WorkloadError

POLL_S = 0.1            # how often a wait for the workers looks at `cancel`

Outcome = Candidate | Alternative           # a candidate built, or left out and why
Progress = Callable[[int, int, str], None]


class AdviceCancelled(Exception):
    """The user cancelled the advisor before every candidate was built."""


@dataclass(frozen=True)
class RunControl:
    """How the candidates are run: on how many local processes (None: one per core; 1: one after another in this
    process), whom to tell as they finish (`progress(done, total, label)`), and what stops them (`cancel`)."""

    workers: int | None = None
    progress: Progress | None = None
    cancel: threading.Event | None = None


@dataclass(frozen=True)
class CandidateTask:
    """What every candidate is built from but its spec (a worker process receives it once, when it starts)."""

    gpus: int
    workloads: tuple[str, ...]
    seed: int
    currency: str
    catalog: Catalog
    site: SiteRequest | None


def build_outcome(task: CandidateTask, spec: CandidateSpec) -> Outcome:
    """Build, simulate and cost one candidate; one the long-haul checks refuse, or whose shape cannot hold the GPUs
    (two tiers of rails), is left out with the reason. Any other error is raised."""
    try:
        return build_candidate(spec, task.gpus, list(task.workloads), seed=task.seed, currency=task.currency,
                               catalog=task.catalog, site=task.site)
    except CandidateLeftOut as exc:
        return Alternative(spec.kind, (), exc.why)
    except ProjectError as exc:
        return Alternative(spec.kind, (), Message("advisor.alt.cannot", kind=spec.label_message(), reason=str(exc)))


class _Tracker:
    """The outcomes so far; reports progress (finished candidates, the first one not finished) and reads cancel."""

    def __init__(self, specs: list[CandidateSpec], control: RunControl) -> None:
        self.specs, self.progress, self.cancel = specs, control.progress, control.cancel
        self.outcomes: list[Outcome | None] = [None] * len(specs)

    def check_cancel(self) -> None:
        if self.cancel is not None and self.cancel.is_set():
            raise AdviceCancelled("cancelled")

    def report(self) -> None:
        if self.progress is None:
            return
        waiting = [spec for spec, out in zip(self.specs, self.outcomes, strict=True) if out is None]
        self.progress(len(self.specs) - len(waiting), len(self.specs), waiting[0].label_text() if waiting else "")

    def finish(self, index: int, outcome: Outcome) -> None:
        self.outcomes[index] = outcome
        self.report()


def build_outcomes(task: CandidateTask, specs: list[CandidateSpec], control: RunControl) -> list[Outcome]:
    """Every candidate's outcome, in the order of `specs`, on up to `control.workers` local processes.
    `progress(done, total, label)` is called at the start and as each candidate finishes (label: the first not
    finished, in the current core language; "" at the end); `cancel` stops them (AdviceCancelled)."""
    tracker = _Tracker(specs, control)
    tracker.check_cancel()
    tracker.report()
    workers = min(control.workers or default_workers(), len(specs))
    alone = _in_processes(task, specs, workers, tracker) if workers > 1 else list(range(len(specs)))
    for index in alone:
        tracker.check_cancel()
        tracker.finish(index, build_outcome(task, specs[index]))
    return [out for out in tracker.outcomes if out is not None]


def _in_processes(task: CandidateTask, specs: list[CandidateSpec], workers: int, tracker: _Tracker) -> list[int]:
    """Run the candidates on `workers` processes, each with its share of the memory budget; return the indices of
    those above their share (SimulationTooLarge), to run alone afterwards."""
    share_mib = max(1, budget_bytes() // workers // 2**20)
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=process_context(), initializer=_start_worker,
                               initargs=(current_language(), share_mib, task))
    alone: list[int] = []
    try:
        futures = {pool.submit(_build_in_worker, spec): index for index, spec in enumerate(specs)}
        pending: set[Future[Outcome]] = set(futures)
        while pending:
            finished, pending = wait(pending, timeout=POLL_S, return_when=FIRST_COMPLETED)
            for fut in sorted(finished, key=futures.__getitem__):
                _take(fut, futures[fut], tracker, alone)
                tracker.check_cancel()
            tracker.check_cancel()
    except BaseException:
        _stop(pool)
        raise
    pool.shutdown()
    return sorted(alone)


def _take(fut: Future[Outcome], index: int, tracker: _Tracker, alone: list[int]) -> None:
    """Record a finished candidate's outcome; one above its share of the budget waits to run alone; a worker that
    ended before it finished (killed, out of memory) is one clear line."""
    try:
        outcome = fut.result()
    except SimulationTooLarge:
        alone.append(index)
        return
    except BrokenProcessPool:
        raise WorkloadError(Message("error.advisor.worker_lost")) from None
    tracker.finish(index, outcome)


_worker_task: list[CandidateTask] = []       # in a worker process: the task it was started with


def _start_worker(language: str, budget_mib: int, task: CandidateTask) -> None:
    """A worker renders in the caller's language, runs within its share of the memory budget, keeps the task
    (sent once, not with each candidate: the catalog alone is 40 kB), and leaves Ctrl-C to the caller (which ends
    it)."""
    set_language(language)
    os.environ[BUDGET_ENV] = str(budget_mib)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _worker_task[:] = [task]


def _build_in_worker(spec: CandidateSpec) -> Outcome:
    return build_outcome(_worker_task[0], spec)


def _stop(pool: ProcessPoolExecutor) -> None:
    """Drop the jobs not started and end the running workers now, without waiting for their candidates. Python
    3.14 has pool.terminate_workers(); before it, the pool's own table of its processes is the only way to them."""
    processes = list((pool._processes or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()
    for process in processes:
        process.join()
