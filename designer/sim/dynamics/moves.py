"""Moving bytes (kernel.py, step 3): every flow's bytes move one hop. Each hop's backlog drains by the port's share
(serve.py), a fluid FIFO; a paused port sends nothing of the paused class, so every flow behind it waits, victims
included; what leaves the last hop reaches the receiver. In the same pass, what each sender would put into its NIC
queue this step at its congestion-controlled rate (`_demand`; the delivery pass takes it as far as the queue has
room: delivery.py).

A flow's route is a small graph of nodes (a port at a hop level) joined by edges (paths.py): a chain for a single
path, a fan-out and fan-in where adaptive routing or spraying split it. Each node keeps the flow's backlog at that
port; a node's bytes go on over its edges in fixed proportions, and the bytes at a node came over its incoming edges
in fixed proportions, which is how an upstream port's share of a downstream queue (its ingress occupancy) is known.
Where branches join at a switch those proportions factor, and the step sums at the junction (junctions.py) instead
of following every edge.
"""

from __future__ import annotations

from designer.sim.dynamics import aimd, dcqcn, junctions
from designer.sim.dynamics.jit import njit_inline, prefetch_row
from designer.sim.dynamics.layout import (
    AIMD_RTT,
    ARR_OT,
    CC,
    CC_AIMD,
    CC_DCQCN,
    DEMAND,
    DONE,
    LINE,
    NNODES,
    PORT,
    R_ARR,
    R_DEP,
    R_FRACOT,
    R_FRACPC,
    R_MARK,
    R_SERVED,
    R_SERVED_NOW,
    R_SERVED_OT,
    REMAINING,
    RET,
    SEVERAL,
    START,
    STEP_GOT,
    STEP_GOT_M,
    STEP_SENT,
    Flags,
    Idx,
    Ints,
    Ports,
    Reals,
    _first_node,
    _lane,
)

# the move pass asks for the port records of the flow this many flows ahead (`_prefetch_records`)
PREFETCH_FLOWS = 4


@njit_inline
def _move(ps: Reals, pr: Reals, hport: Ports, hpc: Flags, hq: Reals, hqm: Reals, harr: Reals,
          ja: Idx, jb: Idx, jlast: Flags, wa: Reals, wb: Reals, jbptr: Ints, jbnode: Ints, jsum: Reals, succ1: Idx,
          pred1: Idx, chain: Flags, fi: Ints, fr: Reals, fs: Reals, dq: Reals, am: Reals, t: float, dt: float,
          sc: Reals, track: bool, lo: int, hi: int) -> None:
    """Every flow's bytes (of flows lo..hi - 1) move one hop, last level first (bytes that arrive at a node wait for
    the next step); at a junction they are summed and handed on at its last upstream node (junctions.py). Then, in
    the same pass, what its sender would inject this step (`_demand`). With `track`, each node's arrivals of the
    step are noted (harr): only a drop reads them (`_drop`, `_ahead_behind`), and a step without `track` drops
    nothing."""
    n_lanes = pr.shape[1]
    for f in range(lo, hi):
        _prefetch_records(f + PREFETCH_FLOWS, pr, hport, fi, n_lanes)
        if fs[f, DONE] != 0.0:
            fs[f, STEP_GOT] = 0.0
            fs[f, STEP_GOT_M] = 0.0
            fs[f, STEP_SENT] = 0.0
            continue
        a = _first_node(fi, f)
        last = a + fi[f, NNODES] - 1
        c = _lane(fi, f, n_lanes)
        got, got_m = 0.0, 0.0                         # what reaches the receiver (added to 0.0, as a sum starts)
        if chain[f]:
            out, marked = _move_chain(ps, pr, hport, hpc, hq, hqm, harr, a, last, c, track)
        else:
            out, marked = _move_graph(ps, pr, hport, hpc, hq, hqm, harr, ja, jb, jlast, wa, wb, jbptr, jbnode,
                                      jsum, succ1, pred1, a, last, c, track)
        if out >= 0.0:
            got += out
            got_m += marked
        fs[f, STEP_GOT] = got
        fs[f, STEP_GOT_M] = got_m
        _demand(f, ps, hport, fi, fr, fs, dq, am, t, dt, sc)


@njit_inline
def _prefetch_records(f: int, pr: Reals, hport: Ports, fi: Ints, n_lanes: int) -> None:
    """Hint the cache to fetch the records of flow f's ports (if there is a flow f), so that they arrive while the
    flows before it move. On the 16,384-GPU permutation's state (benchmarks/fluid_stages.py) the move stage took
    18.4 ms a step instead of 25.4, a whole step 55.9 ms instead of 62.0 (medians, side by side, compiled with
    and without). The delivery pass gained nothing from it when tried (with 128-byte records holding the sums):
    not done there."""
    if f < fi.shape[0]:
        c = _lane(fi, f, n_lanes)
        a = _first_node(fi, f)
        for e in range(a, a + fi[f, NNODES]):
            prefetch_row(pr, hport[e], c)


@njit_inline
def _leave(p: int, c: int, e: int, qe: float, share: float, pr: Reals, hpc: Flags, hq: Reals,
           hqm: Reals) -> tuple[float, float]:
    """Node e's bytes that leave port p this step (its backlog `qe` times the lane's `share`), and the marked ones
    among them. Most nodes hold no marked bytes at a port that marks none: their marked bytes are then 0.0 and their
    own left as they are, without the arithmetic that would give the same (a positive share of +0.0, adding +0.0:
    no marked count is ever -0.0, so each stays bit for bit; tests/test_sim_step_equal.py)."""
    out = qe * share
    hq[e] = qe - out
    marked = 0.0
    qm, mark = hqm[e], pr[p, c, R_MARK]
    if qm != 0.0 or mark != 0.0:
        out_m = qm * share
        marked = out_m + (out - out_m) * mark
        hqm[e] = qm - out_m
    pr[p, PORT, R_SERVED_NOW] += out
    pr[p, PORT, R_SERVED] += out
    if not hpc[e]:
        pr[p, PORT, R_SERVED_OT] += out
    return out, marked


@njit_inline
def _move_chain(ps: Reals, pr: Reals, hport: Ports, hpc: Flags, hq: Reals, hqm: Reals, harr: Reals, a: int,
                last: int, c: int, track: bool) -> tuple[float, float]:
    """`_move_graph` of a flow whose nodes a..last are a chain (node e's bytes came through e - 1 and go on to
    e + 1): what its last node delivered and the marked part (-1.0 where nothing left it)."""
    got, got_m = -1.0, 0.0
    for e in range(last, a - 1, -1):
        if track:
            harr[e] = 0.0                             # its arrivals come from e - 1, visited after it
        qe = hq[e]
        p = hport[e]
        share = pr[p, c, R_FRACPC] if hpc[e] else pr[p, c, R_FRACOT]
        if qe > 0.0 and share > 0.0:
            out, marked = _leave(p, c, e, qe, share, pr, hpc, hq, hqm)
            if e > a and hpc[e - 1]:                  # these bytes leave the switch they entered through e - 1
                pr[hport[e - 1], c, R_DEP] += out
            if e == last:
                got, got_m = out, marked
            else:
                if hpc[e]:
                    pr[p, c, R_ARR] += out
                _arrive(e + 1, out, marked, ps, hport, hpc, hq, hqm, harr, track)
    return got, got_m


@njit_inline
def _move_graph(ps: Reals, pr: Reals, hport: Ports, hpc: Flags, hq: Reals, hqm: Reals, harr: Reals,
                ja: Idx, jb: Idx, jlast: Flags, wa: Reals, wb: Reals, jbptr: Ints, jbnode: Ints, jsum: Reals,
                succ1: Idx, pred1: Idx, a: int, last: int, c: int, track: bool) -> tuple[float, float]:
    """One flow's bytes move one hop over its graph of nodes a..last; returns what its last node delivered and the
    marked part (-1.0 where nothing left it). A node's arrivals come from nodes of lower levels, visited after it,
    so its arrivals of the step start from zero when it is visited."""
    got, got_m = -1.0, 0.0
    for e in range(last, a - 1, -1):
        if track:
            harr[e] = 0.0
        j = ja[e]
        if j >= 0:                                # the bytes that left the junction's downstream nodes
            if hpc[e]:
                dep = jsum[j, junctions.BEHIND] * wa[e]
                if dep > 0.0:
                    pr[hport[e], c, R_DEP] += dep
        qe = hq[e]
        p = hport[e]
        share = pr[p, c, R_FRACPC] if hpc[e] else pr[p, c, R_FRACOT]
        if qe > 0.0 and share > 0.0:
            out, marked = _leave(p, c, e, qe, share, pr, hpc, hq, hqm)
            u = pred1[e]
            if u >= 0:                            # these bytes leave the switch they entered through u
                if hpc[u]:
                    pr[hport[u], c, R_DEP] += out
            elif u == SEVERAL:                    # ... or through a junction's upstream ports
                jsum[jb[e], junctions.BEHIND] += out
            if e == last:
                got, got_m = out, marked
            else:
                if hpc[e]:
                    pr[p, c, R_ARR] += out
                v = succ1[e]
                if v >= 0:                        # on to the next hop
                    _arrive(v, out, marked, ps, hport, hpc, hq, hqm, harr, track)
                else:                             # or into the junction that splits them
                    jsum[j, junctions.OUT] += out
                    jsum[j, junctions.OUT_MARKED] += marked
        if j >= 0 and jlast[e]:                   # the junction's sums are complete: hand them on
            out = jsum[j, junctions.OUT]
            if out > 0.0:
                marked = jsum[j, junctions.OUT_MARKED]
                for k in range(jbptr[j], jbptr[j + 1]):
                    v = jbnode[k]
                    _arrive(v, out * wb[v], marked * wb[v], ps, hport, hpc, hq, hqm, harr, track)
            jsum[j, junctions.OUT] = 0.0
            jsum[j, junctions.OUT_MARKED] = 0.0
            jsum[j, junctions.BEHIND] = 0.0
    return got, got_m


@njit_inline
def _arrive(v: int, part: float, marked: float, ps: Reals, hport: Ports, hpc: Flags, hq: Reals, hqm: Reals,
            harr: Reals, track: bool) -> None:
    hq[v] += part
    if marked != 0.0:                 # (adding 0.0 leaves it: `_leave`)
        hqm[v] += marked
    if track:
        harr[v] += part
    if not hpc[v]:
        ps[hport[v], ARR_OT] += part


@njit_inline
def _demand(f: int, ps: Reals, hport: Ports, fi: Ints, fr: Reals, fs: Reals, dq: Reals, am: Reals, t: float,
            dt: float, sc: Reals) -> None:
    """What unfinished flow f's sender would put into its NIC queue this step at its rate (STEP_SENT), added to the
    NIC port's demand (`_inject` then holds it to the queue's room)."""
    fs[f, STEP_SENT] = 0.0
    if fr[f, START] > t + 1e-15 or fs[f, REMAINING] <= 0.0:
        return
    rate = fr[f, LINE]
    if fi[f, CC] == CC_DCQCN:
        rate = dq[f, dcqcn.RATE]
    elif fi[f, CC] == CC_AIMD:
        rate = aimd.sending_rate(f, t, fr[f, LINE], aimd.round_trip_s(sc[AIMD_RTT], fr[f, RET]), am)
    want = min(rate * dt, fs[f, REMAINING])
    fs[f, STEP_SENT] = want
    ps[hport[_first_node(fi, f)], DEMAND] += want
