"""The compiled step with its flow passes in two halves of the flows on two threads (`run_steps_halves`: kernel.py's
step otherwise); halves.py holds the halves' own arrays and tells when a run takes them.

The halves: two threads, results that do not depend on the machine. A big run (halves.HALVES_MIN_HOPS flow-hops and
more) steps through `run_steps_halves`: each flow pass of a step (`_move`, `_deliver_flows`, and `_add_flows` where
`_aggregate` runs) takes flows 0..split - 1 on one thread and split..F - 1 on another, `split` where the flows' hops
are halved (halves.py: a function of the flows alone). The per-port stages stay on one thread, but for the copying
and adding up of the records (`_mirror_halves`, `_merge_halves`: each port's own sum, whichever thread adds it).
A flow's pass reads, of other flows, only what a per-port stage fixed before it (the shares of the lanes, the marking,
the NICs' room, the drop shares: `_deliver`), and writes only its own rows (its nodes, the junctions of its graph, its
sender's and receiver's rows, its checkpoint cursor): the halves change no physics. What both would add to is the
first half's and a copy for the second (the records' sums and the ports' arrivals and demand, the next step's
backlogs, the bytes dropped, the scalars, the latency histogram); after each pass the second's are added to the
first's in port order and started again, and the flows that finished are counted down in their groups in flow order,
as one pass counts them. So a sum over both halves is (first half in flow order) + (second half in flow order) instead
of one sum in flow order: results differ from one thread's by the rounding of those additions (1e-13 of a value in
the runs compared, tests/test_sim_halves.py) and are the same on every run and every machine, whatever its cores
(with one, Numba runs the halves one after the other) and however a run is cut into windows. halves.THREADS_ENV set
to 1 keeps every run on one thread (bit for bit what a run gave before the halves), set to 2 takes the halves
whatever the size. On the 16,384-GPU permutation's state (254,153 flows, 1.41 M flow-hops) a step took 39.9 ms in
halves against 58.2 on one thread (medians of 6 windows of 10 steps in turn, each pair started with the machine's
other core idle); the flow passes gain about what two threads' random writes to a large array gain here (x1.5),
the per-port stages none. With the other core busy the halves wait for the slower one and gain nothing or lose.
"""

from __future__ import annotations

import numpy as np
from numba import prange

from designer.sim.dynamics.backlogs import _add_flows, _clear_sums, _take_sums_of
from designer.sim.dynamics.delivery import _count_down, _deliver_flows, _deliver_ports
from designer.sim.dynamics.jit import njit_halves, njit_inline, njit_no_refcount
from designer.sim.dynamics.kernel import _served_counter, _step_end
from designer.sim.dynamics.layout import (
    ARR_OT,
    CNPS,
    DEMAND,
    DROPPED,
    DROPPED_B,
    DT,
    MARKED,
    N_SCALARS,
    OVERFLOW,
    PORT,
    R_ARR,
    R_DEP,
    R_FRACOT,
    R_FRACPC,
    R_MARK,
    R_SERVED,
    R_SERVED_NOW,
    R_SERVED_OT,
    RESENT,
    TIMEOUTS,
    Flags,
    Idx,
    Ints,
    Ports,
    Reals,
    T,
)
from designer.sim.dynamics.moves import _move
from designer.sim.dynamics.serve import _serve


@njit_no_refcount
def run_steps_halves(pp: Reals, pk: Ints, buf_B: Reals, ps: Reals, pl: Reals, pr: Reals, sums: Reals, used: Reals,
                     pa: Reals, aports: Idx, hport: Ports, hpc: Flags, hlevel: Idx, hq: Reals, hqm: Reals,
                     harr: Reals, ja: Idx, jb: Idx, jlast: Flags, wa: Reals, wb: Reals, japtr: Ints, janode: Ints,
                     jbptr: Ints, jbnode: Ints, jsum: Reals, succ1: Idx, pred1: Idx, chain: Flags, fi: Ints,
                     fr: Reals, fs: Reals, dq: Reals, dpar: Reals, am: Reals, rs: Reals, ck_t: Reals, ck_sent: Reals,
                     ck_meta: Ints, ck_cur: Ints, hist: Reals, sc: Reals, group_left: Ints, max_steps: int,
                     stop_on_group: bool, lossy_nodes: bool, split: int, ps1: Reals, pr1: Reals, sums1: Reals,
                     pa1: Reals, sc1: Reals, hist1: Reals, fin: Ints) -> int:
    """`run_steps` with each flow pass in two halves, flows 0..split - 1 and split..F - 1, on two threads (module
    docstring: the halves). The first half adds to the shared sums, the second to its own (ps1: ARR_OT and DEMAND;
    pr1: the records' sums, beside a copy of what the move reads; sums1; pa1: DROPPED_B; sc1; hist1), added to the
    first's after each pass in port order; `fin` [half, 1 + flow] notes the flows that finished, counted down in
    flow order after the pass."""
    finished = -1
    lost_set = bool(True)  # noqa: UP018 (a bool, not a constant: jit.py, Constants)
    _served_counter(pr, pa, aports, True)
    _start_halves(pa1, sc, sc1, hist1, aports)
    _clear_sums(sums, aports)
    _clear_sums(sums1, aports)
    _aggregate_halves(sums, sums1, hport, hpc, hq, ja, jb, jlast, wa, jsum, pred1, chain, fi, fs, split)
    for step in range(max_steps):
        t, dt = sc[T], sc[DT]
        _take_sums_of(pk, ps, pl, sums, sums1, True, used, aports)
        may_overflow = _serve(pp, pk, ps, pl, pr, pa, aports, dt)
        _mirror_halves(pr, pr1, ps1, aports)
        _move_halves(ps, ps1, pr, pr1, hport, hpc, hq, hqm, harr, ja, jb, jlast, wa, wb, jbptr, jbnode, jsum, succ1,
                     pred1, chain, fi, fr, fs, dq, am, t, dt, sc, lossy_nodes or may_overflow, split)
        _merge_halves(pr, pr1, ps, ps1, aports)
        sum_next = step + 1 < max_steps
        any_drop = _deliver_ports(pp, pk, buf_B, ps, pl, pr, sums, used, aports, sc, sum_next)
        if sum_next:
            _clear_sums(sums1, aports)
        _deliver_halves(ps, pl, pa, pa1, hport, hpc, hlevel, hq, hqm, harr, ja, jb, jlast, wa, jsum, japtr, janode,
                        pred1, chain, fi, fr, fs, dq, dpar, am, rs, ck_t, ck_sent, ck_meta, ck_cur, hist, hist1, sc,
                        sc1, sums, sums1, group_left, fin, t + dt, dt, lost_set, any_drop, sum_next, split)
        done = _merge_flow_sums(pa, pa1, aports, hist, hist1, sc, sc1, fi, group_left, fin, any_drop)
        lost_set = any_drop
        finished, stop = _step_end(t + dt, done, finished, stop_on_group, fs, ck_t, ck_sent, ck_meta, ck_cur, sc)
        if stop:
            break
    _served_counter(pr, pa, aports, False)
    return finished


# what the flow passes add to the scalars (`sc`): the second half adds to its own (`run_steps_halves`)
SUMMED_SCALARS = np.array([MARKED, DROPPED, OVERFLOW, RESENT, CNPS, TIMEOUTS])


@njit_inline
def _start_halves(pa1: Reals, sc: Reals, sc1: Reals, hist1: Reals, aports: Idx) -> None:
    """The second half's sums start from nothing; its scalars hold the first's settings (the passes read them)."""
    for k in range(N_SCALARS):
        sc1[k] = sc[k]
    for i in range(SUMMED_SCALARS.shape[0]):
        sc1[SUMMED_SCALARS[i]] = 0.0
    hist1[:, :] = 0.0
    for i in range(aports.shape[0]):
        pa1[aports[i], DROPPED_B] = 0.0


@njit_halves
def _aggregate_halves(sums: Reals, sums1: Reals, hport: Ports, hpc: Flags, hq: Reals, ja: Idx, jb: Idx, jlast: Flags,
                      wa: Reals, jsum: Reals, pred1: Idx, chain: Flags, fi: Ints, fs: Reals, split: int) -> None:
    """`_aggregate`'s adding up, each half into its sums (cleared)."""
    n = fi.shape[0]
    for h in prange(2):
        lo, hi = (0, split) if h == 0 else (split, n)
        own = sums if h == 0 else sums1
        _add_flows(lo, hi, own, hport, hpc, hq, ja, jb, jlast, wa, jsum, pred1, chain, fi, fs)


@njit_halves
def _mirror_halves(pr: Reals, pr1: Reals, ps1: Reals, aports: Idx) -> None:
    """`_mirror_records`, each half of the ports on its own thread (a pass of a few memory bandwidth-bound MB)."""
    n = aports.shape[0]
    for h in prange(2):
        lo, hi = (0, n // 2) if h == 0 else (n // 2, n)
        _mirror_records(pr, pr1, ps1, aports, lo, hi)


@njit_inline
def _mirror_records(pr: Reals, pr1: Reals, ps1: Reals, aports: Idx, lo: int, hi: int) -> None:
    """The second half's records (of ports aports[lo:hi]): what its moves read as `_serve` set it, its sums of the
    step from nothing."""
    for i in range(lo, hi):
        p = aports[i]
        for c in range(pr.shape[1]):
            pr1[p, c, R_FRACPC] = pr[p, c, R_FRACPC]
            pr1[p, c, R_FRACOT] = pr[p, c, R_FRACOT]
            pr1[p, c, R_MARK] = pr[p, c, R_MARK]
            pr1[p, c, R_DEP] = 0.0
            pr1[p, c, R_ARR] = 0.0
        pr1[p, PORT, R_SERVED_NOW] = 0.0
        pr1[p, PORT, R_SERVED_OT] = 0.0
        pr1[p, PORT, R_SERVED] = 0.0
        ps1[p, ARR_OT] = 0.0
        ps1[p, DEMAND] = 0.0


@njit_halves
def _move_halves(ps: Reals, ps1: Reals, pr: Reals, pr1: Reals, hport: Ports, hpc: Flags, hq: Reals, hqm: Reals,
                 harr: Reals, ja: Idx, jb: Idx, jlast: Flags, wa: Reals, wb: Reals, jbptr: Ints, jbnode: Ints,
                 jsum: Reals, succ1: Idx, pred1: Idx, chain: Flags, fi: Ints, fr: Reals, fs: Reals, dq: Reals,
                 am: Reals, t: float, dt: float, sc: Reals, track: bool, split: int) -> None:
    """`_move`, each half of the flows on its own thread, adding to its own records and port sums."""
    n = fi.shape[0]
    for h in prange(2):
        lo, hi = (0, split) if h == 0 else (split, n)
        own_ps = ps if h == 0 else ps1
        own_pr = pr if h == 0 else pr1
        _move(own_ps, own_pr, hport, hpc, hq, hqm, harr, ja, jb, jlast, wa, wb, jbptr, jbnode, jsum, succ1, pred1,
              chain, fi, fr, fs, dq, am, t, dt, sc, track, lo, hi)


@njit_halves
def _merge_halves(pr: Reals, pr1: Reals, ps: Reals, ps1: Reals, aports: Idx) -> None:
    """`_merge_records`, each half of the ports on its own thread."""
    n = aports.shape[0]
    for h in prange(2):
        lo, hi = (0, n // 2) if h == 0 else (n // 2, n)
        _merge_records(pr, pr1, ps, ps1, aports, lo, hi)


@njit_inline
def _merge_records(pr: Reals, pr1: Reals, ps: Reals, ps1: Reals, aports: Idx, lo: int, hi: int) -> None:
    """What the second half's moves added, added to the first's, port by port (of ports aports[lo:hi])."""
    for i in range(lo, hi):
        p = aports[i]
        for c in range(pr.shape[1]):
            pr[p, c, R_DEP] += pr1[p, c, R_DEP]
            pr[p, c, R_ARR] += pr1[p, c, R_ARR]
        pr[p, PORT, R_SERVED_NOW] += pr1[p, PORT, R_SERVED_NOW]
        pr[p, PORT, R_SERVED_OT] += pr1[p, PORT, R_SERVED_OT]
        pr[p, PORT, R_SERVED] += pr1[p, PORT, R_SERVED]
        ps[p, ARR_OT] += ps1[p, ARR_OT]
        ps[p, DEMAND] += ps1[p, DEMAND]


@njit_halves
def _deliver_halves(ps: Reals, pl: Reals, pa: Reals, pa1: Reals, hport: Ports, hpc: Flags, hlevel: Idx, hq: Reals,
                    hqm: Reals, harr: Reals, ja: Idx, jb: Idx, jlast: Flags, wa: Reals, jsum: Reals, japtr: Ints,
                    janode: Ints, pred1: Idx, chain: Flags, fi: Ints, fr: Reals, fs: Reals, dq: Reals, dpar: Reals,
                    am: Reals, rs: Reals, ck_t: Reals, ck_sent: Reals, ck_meta: Ints, ck_cur: Ints, hist: Reals,
                    hist1: Reals, sc: Reals, sc1: Reals, sums: Reals, sums1: Reals, group_left: Ints, fin: Ints,
                    t_end: float, dt: float, lost_set: bool, any_drop: bool, sum_next: bool, split: int) -> None:
    """`_deliver_flows`, each half of the flows on its own thread, adding to its own sums and noting its finished
    flows in fin[half]."""
    n = fi.shape[0]
    for h in prange(2):
        lo, hi = (0, split) if h == 0 else (split, n)
        own_pa = pa if h == 0 else pa1
        own_hist = hist if h == 0 else hist1
        own_sc = sc if h == 0 else sc1
        own_sums = sums if h == 0 else sums1
        _deliver_flows(ps, pl, own_pa, hport, hpc, hlevel, hq, hqm, harr, ja, jb, jlast, wa, jsum, japtr, janode,
                       pred1, chain, fi, fr, fs, dq, dpar, am, rs, ck_t, ck_sent, ck_meta, ck_cur, own_hist, own_sc,
                       own_sums, group_left, fin[h], t_end, dt, lost_set, any_drop, sum_next, lo, hi)


@njit_inline
def _merge_flow_sums(pa: Reals, pa1: Reals, aports: Idx, hist: Reals, hist1: Reals, sc: Reals, sc1: Reals, fi: Ints,
                     group_left: Ints, fin: Ints, any_drop: bool) -> int:
    """What the second half's delivery added, added to the first's (and started again); the finished flows counted
    down in flow order, as one pass would. Returns the last group that finished (-1 none)."""
    for i in range(SUMMED_SCALARS.shape[0]):
        k = SUMMED_SCALARS[i]
        sc[k] += sc1[k]
        sc1[k] = 0.0
    for g in range(hist1.shape[0]):
        for b in range(hist1.shape[1]):
            if hist1[g, b] != 0.0:
                hist[g, b] += hist1[g, b]
                hist1[g, b] = 0.0
    if any_drop:
        for i in range(aports.shape[0]):
            p = aports[i]
            pa[p, DROPPED_B] += pa1[p, DROPPED_B]
            pa1[p, DROPPED_B] = 0.0
    finished = -1
    for h in range(2):
        for k in range(fin[h, 0]):
            g = _count_down(fin[h, 1 + k], fi, group_left)
            if g >= 0:
                finished = g
    return finished
