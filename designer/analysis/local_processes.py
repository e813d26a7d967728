"""Local worker processes for work that splits into independent runs (sweep points, advisor candidates): how many
by default, and how they start.

Fork starts a worker in milliseconds, with the engine already imported. Forking a process that runs Qt threads is
unsafe (a lock another thread holds stays held in the child), so a process with Qt loaded starts its workers from
a fork server instead: a fresh process, without Qt, that imports the engine once (PRELOAD, about 3 s) and forks
each worker from itself; later workers of the session start in milliseconds. Spawning each worker, the other safe
way, makes every worker import the engine again: 512 GPUs' fifteen advisor candidates took 9.3 s on two spawned
workers against 2.7 s one after another, 1.8 s from the fork server (4.3 s the first time, starting it). Where
fork is missing (Windows), workers spawn.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
from multiprocessing.context import BaseContext

# what the fork server imports before it forks a worker: the modules of the functions the workers run (and the
# engine, the generators and the catalog with them)
PRELOAD = ("designer.analysis.advisor.candidate_pool", "designer.analysis.sweep.runner")


def default_workers() -> int:
    """One worker per core."""
    return max(1, os.cpu_count() or 1)


def start_method() -> str:
    """"fork" without Qt; with Qt loaded, "forkserver"; "spawn" where neither is available."""
    methods = multiprocessing.get_all_start_methods()
    if "PySide6.QtCore" not in sys.modules and "fork" in methods:
        return "fork"
    return "forkserver" if "forkserver" in methods else "spawn"


def process_context() -> BaseContext:
    """The multiprocessing context that starts workers by `start_method` (a fork server imports PRELOAD; once it
    runs, it keeps what it was started with)."""
    context = multiprocessing.get_context(start_method())
    if context.get_start_method() == "forkserver":
        context.set_forkserver_preload(list(PRELOAD))
    return context


def start_fork_server() -> None:
    """Where workers start from a fork server (`start_method`), start it now rather than when the first workers
    are asked for: its imports (PRELOAD, about 3 s) then run while the user fills in a form. It returns at once; a
    server already running is kept."""
    if start_method() == "forkserver":
        from multiprocessing import forkserver  # a POSIX module: imported only where there is a server

        process_context()
        forkserver.ensure_running()
