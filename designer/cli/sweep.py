"""`fabric-designer sweep`: vary a file or a generated design over a grid, in parallel, resumable, to CSV or Parquet."""

from __future__ import annotations

import argparse

from designer.analysis.sweep.grid import SweepError, check_workload_axes, parse_axes
from designer.analysis.sweep.runner import SweepTask
from designer.analysis.sweep.store import check_output_path
from designer.analysis.sweep.sweep import run_sweep
from designer.cli import output
from designer.cli.output import error
from designer.i18n import render
from designer.i18n.message import Message, os_reason
from designer.model.errors import ProjectError
from designer.model.fileformat import dumps, load
from designer.sim.workload_spec import WorkloadError, parse_workloads
from designer.topology.generate import GENERATOR_KINDS
from designer.topology.two_site import KIND as TWO_SITE

DEFAULT_WORKLOAD = "allreduce:1GiB"


def progress_bar(done: int, total: int) -> None:
    """The sweep's bar on stderr: points done of all (only on a terminal)."""
    output.progress_bar(done, total, "sweep.progress")


def build_task(args: argparse.Namespace) -> tuple[SweepTask, bool]:
    """The shared inputs of every point, from FILE or --generate; (task, generated)."""
    if bool(args.file) == bool(args.generate):
        raise SweepError(Message("error.sweep.file_or_generate"))
    kinds = (*GENERATOR_KINDS, TWO_SITE)
    if args.generate and args.generate not in kinds:
        raise SweepError(Message("error.sweep.unknown_generator", kind=args.generate, kinds=", ".join(kinds)))
    specs = tuple(args.workload or [DEFAULT_WORKLOAD])
    parse_workloads(list(specs))
    seed = 1 if args.seed is None else args.seed
    if seed < 0:
        raise SweepError(Message("error.sweep.seed", seed=seed))
    text = dumps(load(args.file)) if args.file else None
    return SweepTask(specs, seed, text, args.generate), bool(args.generate)


def cmd_sweep(args: argparse.Namespace) -> int:
    """Run the sweep; print one summary line. Exit 2 on bad input (one line), 1 when a point could not be built
    or run (its row in the results says why)."""
    try:
        if args.workers is not None and args.workers < 1:
            raise SweepError(Message("error.sweep.workers", workers=args.workers))
        if args.workers is not None and args.dask:
            raise SweepError(Message("error.sweep.workers_and_dask"))
        check_output_path(args.output)
        task, generated = build_task(args)
        axes = parse_axes(args.vary, generated=generated)
        check_workload_axes(axes, task.workloads)
        summary = run_sweep(task, axes, args.output, workers=args.workers, dask_address=args.dask,
                            progress=progress_bar)
    except (SweepError, WorkloadError, ProjectError) as exc:
        return error(str(exc))
    except OSError as exc:
        return error(Message("error.sweep.cannot_write", path=args.output, reason=os_reason(exc)))
    where = render("sweep.where.dask", address=args.dask) if args.dask else \
        render("sweep.where.one_process" if args.workers == 1 else "sweep.where.local")
    failed = render("sweep.failed", n=summary.failed) if summary.failed else ""
    print(render("sweep.summary", file=args.output, total=summary.total, resumed=summary.resumed,
                 computed=summary.computed, where=where, failed=failed))
    return 1 if summary.failed else 0        # as `check`: 1 when something was found wrong (the file says what)
