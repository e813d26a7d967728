"""Where a step of the fluid queues goes: each stage of the compiled step timed on its own, on a real run's state.

The compiled step (designer/sim/dynamics/kernel.py) is one call to the profiler. This script runs the engine on a
generated fat tree until its fluid queues have run `--windows` windows, takes the simulator as it is then, and steps
it `--steps` more times calling the stages one by one (each compiled on its own, as the step compiles them), so
each stage's share of a step is measured; then it runs the same number of steps through the whole step for
comparison. Nothing of this is in the product: it only calls the kernel's stages.
Usage: python benchmarks/fluid_stages.py [GPUS] [WORKLOAD] [--backend rocev2|ib] [--windows 10] [--steps 60]
"""

from __future__ import annotations

import argparse
import os
import time
from typing import Any

import numba
import numpy as np

from designer.sim import SimOptions, run
from designer.sim.dynamics import FluidSimulator, backlogs, delivery, delivery_time, moves, serve
from designer.sim.dynamics import layout as L
from designer.sim.dynamics.halves import THREADS_ENV
from designer.topology import generate

_fast = numba.njit(_nrt=False)      # as the step is compiled (designer/sim/dynamics/jit.py: njit_no_refcount)


@_fast
def _aggregate(sums, aports, hport, hpc, hq, ja, jb, jlast, wa, jsum, pred1, chain, fi, fs):
    backlogs._aggregate(sums, aports, hport, hpc, hq, ja, jb, jlast, wa, jsum, pred1, chain, fi, fs)


@_fast
def _take_sums(pk, ps, pl, sums, used, aports):
    backlogs._take_sums(pk, ps, pl, sums, used, aports)


@_fast
def _serve(pp, pk, ps, pl, pr, pa, aports, dt):
    return serve._serve(pp, pk, ps, pl, pr, pa, aports, dt)


@_fast
def _move(ps, pr, hport, hpc, hq, hqm, harr, ja, jb, jlast, wa, wb, jbptr, jbnode, jsum, succ1, pred1, chain,
          fi, fr, fs, dq, am, t, dt, sc, track, lo, hi):
    moves._move(ps, pr, hport, hpc, hq, hqm, harr, ja, jb, jlast, wa, wb, jbptr, jbnode, jsum, succ1, pred1, chain,
                fi, fr, fs, dq, am, t, dt, sc, track, lo, hi)


@_fast
def _deliver(pp, pk, buf_B, ps, pl, pr, sums, used, pa, aports, hport, hpc, hlevel, hq, hqm, harr, ja, jb, jlast, wa,
             jsum, japtr, janode, pred1, chain, fi, fr, fs, dq, dpar, am, rs, ck_t, ck_sent, ck_meta, ck_cur, hist, sc,
             group_left, t_end, dt, lost_set, sum_next):
    return delivery._deliver(pp, pk, buf_B, ps, pl, pr, sums, used, pa, aports, hport, hpc, hlevel, hq, hqm, harr,
                             ja, jb, jlast, wa, jsum, japtr, janode, pred1, chain, fi, fr, fs, dq, dpar, am, rs, ck_t,
                             ck_sent, ck_meta, ck_cur, hist, sc, group_left, t_end, dt, lost_set, sum_next)


@_fast
def _checkpoint(t, sent, arrived, done, ck_t, ck_sent, meta, cursor):
    delivery_time.checkpoint(t, sent, arrived, done, ck_t, ck_sent, meta, cursor)


class _Captured(BaseException):
    """Ends the engine's run once the simulator has been taken (not an error)."""


def capture(gpus: int, workload: str, backend: str, windows: int) -> FluidSimulator:
    """The engine's fluid simulator after `windows` windows of `workload` on a generated fat tree."""
    kind = "fat-tree" if gpus <= 8192 else "fat-tree-3"
    doc = generate(kind, gpus=gpus, backend=backend, frontend=False)
    box: dict[str, Any] = {"n": 0}
    window = FluidSimulator.window

    def counting(self: FluidSimulator, max_steps: int, *, stop_on_group: bool = True) -> int:
        box["n"] += 1
        if box["n"] > windows:
            box["sim"] = self
            raise _Captured
        return window(self, max_steps, stop_on_group=stop_on_group)

    FluidSimulator.window = counting  # type: ignore[method-assign]
    try:
        run(doc, [workload], SimOptions())
    except _Captured:
        pass
    finally:
        FluidSimulator.window = window  # type: ignore[method-assign]
    if "sim" not in box:
        raise SystemExit(f"the run ended after {box['n']} windows of the fluid queues (asked for {windows})")
    sim: FluidSimulator = box["sim"]
    return sim


def add_up(s: FluidSimulator) -> float:
    """The backlogs the first step of a call adds up (backlogs._aggregate; later steps add them up in the delivery
    stage); the seconds it took."""
    jn = s.jn
    t0 = time.perf_counter()
    _aggregate(s.sums, s.aports, s.hport, s.hpc, s.hq, jn.ja, jn.jb, jn.last_a, jn.wa, jn.sums, s.pred1, s.chain, s.fi,
               s.fs)
    return time.perf_counter() - t0


def one_step(s: FluidSimulator) -> list[float]:
    """One step, stage by stage (the order of kernel.run_steps, after `add_up`); the seconds each stage took. The
    delivery stage always clears the flows' losses of the last step here (the step clears them only after a step
    that dropped), and adds up the next step's backlogs."""
    jn = s.jn
    t, dt = float(s.sc[L.T]), float(s.sc[L.DT])
    marks = [time.perf_counter()]
    _take_sums(s.pk, s.ps, s.pl, s.sums, s.used, s.aports)
    marks.append(time.perf_counter())
    may_overflow = _serve(s.pp, s.pk, s.ps, s.pl, s.pr, s.pa, s.aports, dt)
    marks.append(time.perf_counter())
    _move(s.ps, s.pr, s.hport, s.hpc, s.hq, s.hqm, s.harr, jn.ja, jn.jb, jn.last_a, jn.wa, jn.wb,
          jn.b_ptr, jn.b_node, jn.sums, s.succ1, s.pred1, s.chain, s.fi, s.fr, s.fs, s.dq, s.am, t, dt, s.sc,
          s.lossy_nodes or may_overflow, 0, s.F)
    marks.append(time.perf_counter())
    _deliver(s.pp, s.pk, s.buf_B, s.ps, s.pl, s.pr, s.sums, s.used, s.pa, s.aports, s.hport, s.hpc, s.hlevel, s.hq,
             s.hqm, s.harr, jn.ja, jn.jb, jn.last_a, jn.wa, jn.sums, jn.a_ptr, jn.a_node, s.pred1, s.chain, s.fi, s.fr,
             s.fs, s.dq, s.dpar, s.am, s.rs, s.ck_t, s.ck_sent, s.ck_meta, s.ck_cur, s.hist, s.sc, s.group_left, t + dt,
             dt, True, True)
    marks.append(time.perf_counter())
    _checkpoint(t + dt, s.fs[:, L.SENT], s.fs[:, L.ARRIVED], s.fs[:, L.DONE], s.ck_t, s.ck_sent, s.ck_meta,
                s.ck_cur)
    marks.append(time.perf_counter())
    s.sc[L.T] = t + dt
    s.sc[L.STEPS] += 1
    return list(np.diff(marks))


STAGES = ("take backlogs", "serve", "move+demand", "inject+drop+receive+add up", "checkpoint")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("gpus", nargs="?", type=int, default=1024)
    ap.add_argument("workload", nargs="?", default="permutation:256MiB")
    ap.add_argument("--backend", default="rocev2", choices=("ib", "rocev2"))
    ap.add_argument("--windows", type=int, default=10)   # the 1,024-GPU AllToAll reports 22 in all
    ap.add_argument("--steps", type=int, default=60)
    args = ap.parse_args()
    s = capture(args.gpus, args.workload, args.backend, args.windows)
    hops = len(s.hport)
    print(f"{args.gpus} GPUs {args.workload} ({args.backend}) at t = {s.t * 1e6:.0f} us: {s.F:,} flows, "
          f"{int(s.done.sum()):,} done, {hops:,} flow-hops, {len(s.aports):,} ports")
    add_up(s)
    one_step(s)                                        # the stages' compilation is not timed
    spent = np.zeros(len(STAGES))
    for _ in range(args.steps):
        spent += one_step(s)
    total = spent.sum()
    print(f"stage by stage: {total / args.steps * 1e3:.2f} ms a step, {total / args.steps / hops * 1e9:.1f} ns a "
          "flow-hop")
    for name, sec in zip(STAGES, spent, strict=True):
        print(f"  {name:<27} {sec / args.steps * 1e3:8.3f} ms  {100 * sec / total:5.1f} %")
    print(f"  (a call's first step adds up its backlogs on its own: {add_up(s) * 1e3:.3f} ms)")
    for threads in ("1", "2"):                         # one thread, then the flows' halves on two (step_halves.py)
        os.environ[THREADS_ENV] = threads
        s.window(1, stop_on_group=False)               # (compiled before it is timed)
        t0 = time.perf_counter()
        s.window(args.steps, stop_on_group=False)
        whole = time.perf_counter() - t0
        print(f"the whole step, {'one thread' if threads == '1' else 'two halves'}: {whole / args.steps * 1e3:.2f} "
              f"ms a step, {whole / args.steps / hops * 1e9:.1f} ns a flow-hop")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
