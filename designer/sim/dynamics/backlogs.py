"""Adding up the backlogs (kernel.py, step 1): per port and traffic class, the bytes queued (of the paused class and
of the others) and, per upstream port, the bytes that came through it and are still queued in the downstream switch
(its ingress occupancy: what PFC and InfiniBand credits watch), from every unfinished flow's nodes.

The bytes at a node came over its incoming edges in fixed proportions (moves.py: a flow's graph of nodes), which is
how an upstream port's share of a downstream queue is known; where branches join at a switch those proportions
factor, and the sum is taken at the junction (junctions.py) instead of following every edge. The first step of a
call adds up in a pass of its own (`_aggregate`), the steps after it in the delivery pass (delivery.py).
"""

from __future__ import annotations

from designer.sim.dynamics import junctions
from designer.sim.dynamics.jit import njit_inline
from designer.sim.dynamics.layout import (
    BUFFER,
    DONE,
    L_INGALL,
    L_INGPC,
    L_QOT,
    L_QPC,
    N_SUMS,
    NNODES,
    Q_ALL,
    Q_OT,
    S_INGALL,
    S_INGPC,
    S_QOT,
    S_QPC,
    SEVERAL,
    Flags,
    Idx,
    Ints,
    Ports,
    Reals,
    _first_node,
    _lane,
)


@njit_inline
def _aggregate(sums: Reals, aports: Idx, hport: Ports, hpc: Flags, hq: Reals, ja: Idx, jb: Idx, jlast: Flags,
               wa: Reals, jsum: Reals, pred1: Idx, chain: Flags, fi: Ints, fs: Reals) -> None:
    """Per-port and per-lane backlogs by class and ingress occupancies, added up (`sums`) for the next step to take
    (`_take_sums`). A step adds them up in its delivery pass, each flow's nodes as soon as the pass leaves them
    as the next step finds them (`_deliver`): the same sums in the same order as this pass of their own, which only
    the first step of a call makes (the state may change between calls)."""
    _clear_sums(sums, aports)
    _add_flows(0, fi.shape[0], sums, hport, hpc, hq, ja, jb, jlast, wa, jsum, pred1, chain, fi, fs)


@njit_inline
def _add_flows(lo: int, hi: int, sums: Reals, hport: Ports, hpc: Flags, hq: Reals, ja: Idx, jb: Idx, jlast: Flags,
               wa: Reals, jsum: Reals, pred1: Idx, chain: Flags, fi: Ints, fs: Reals) -> None:
    """`_aggregate`'s adding up, of flows lo..hi - 1."""
    n_lanes = sums.shape[1]
    for f in range(lo, hi):
        if fs[f, DONE] == 0.0:
            _add_flow(f, sums, hport, hpc, hq, ja, jb, jlast, wa, jsum, pred1, chain, fi, n_lanes)


@njit_inline
def _clear_sums(sums: Reals, aports: Idx) -> None:
    for i in range(aports.shape[0]):
        p = aports[i]
        for c in range(sums.shape[1]):
            for k in range(N_SUMS):
                sums[p, c, k] = 0.0


@njit_inline
def _add_flow(f: int, sums: Reals, hport: Ports, hpc: Flags, hq: Reals, ja: Idx, jb: Idx, jlast: Flags, wa: Reals,
              jsum: Reals, pred1: Idx, chain: Flags, fi: Ints, n_lanes: int) -> None:
    """Unfinished flow f's backlogs and ingress occupancies added to the sums. Its nodes are visited last level
    first, so a junction's downstream backlog is summed before its upstream ports take their parts."""
    a = _first_node(fi, f)
    c = _lane(fi, f, n_lanes)
    if chain[f]:
        _aggregate_chain(sums, hport, hpc, hq, a, a + fi[f, NNODES] - 1, c)
        return
    for e in range(a + fi[f, NNODES] - 1, a - 1, -1):
        qe = hq[e]
        if qe > 0.0:
            _add_backlog(sums, hport[e], c, hpc[e], qe)
            u = pred1[e]
            if u >= 0:                            # the bytes here came through the previous hop's port
                _add_ingress(sums, hport[u], c, hpc[u], qe)
            elif u == SEVERAL:                    # ... or through several: summed at their junction
                jsum[jb[e], junctions.BEHIND] += qe
        j = ja[e]
        if j >= 0:                                # this port's part of the backlog behind its junction
            part = jsum[j, junctions.BEHIND] * wa[e]
            if part > 0.0:
                _add_ingress(sums, hport[e], c, hpc[e], part)
            if jlast[e]:
                jsum[j, junctions.BEHIND] = 0.0


@njit_inline
def _take_sums(pk: Ints, ps: Reals, pl: Reals, sums: Reals, used: Reals, aports: Idx) -> None:
    """The backlogs and ingress occupancies added up for this step become its own (a call that stops leaves the
    last step's); per port, what its lanes hold, and the shared-buffer use per switch."""
    _take_sums_of(pk, ps, pl, sums, sums, False, used, aports)


@njit_inline
def _take_sums_of(pk: Ints, ps: Reals, pl: Reals, sums: Reals, sums1: Reals, halves: bool, used: Reals,
                  aports: Idx) -> None:
    """`_take_sums`; with `halves`, of the two halves' sums (`run_steps_halves`), the first's plus the second's."""
    n_lanes = pl.shape[1]
    used[:] = 0.0
    for i in range(aports.shape[0]):
        p = aports[i]
        for c in range(n_lanes):
            if halves:
                pl[p, c, L_QPC] = sums[p, c, S_QPC] + sums1[p, c, S_QPC]
                pl[p, c, L_QOT] = sums[p, c, S_QOT] + sums1[p, c, S_QOT]
                pl[p, c, L_INGPC] = sums[p, c, S_INGPC] + sums1[p, c, S_INGPC]
                pl[p, c, L_INGALL] = sums[p, c, S_INGALL] + sums1[p, c, S_INGALL]
            else:
                pl[p, c, L_QPC] = sums[p, c, S_QPC]
                pl[p, c, L_QOT] = sums[p, c, S_QOT]
                pl[p, c, L_INGPC] = sums[p, c, S_INGPC]
                pl[p, c, L_INGALL] = sums[p, c, S_INGALL]
        q_ot = pl[p, 0, L_QOT]
        q_all = pl[p, 0, L_QPC] + q_ot
        for c in range(1, n_lanes):
            q_all += pl[p, c, L_QPC] + pl[p, c, L_QOT]
            q_ot += pl[p, c, L_QOT]
        ps[p, Q_ALL] = q_all
        ps[p, Q_OT] = q_ot
        b = pk[p, BUFFER]
        if b >= 0:
            used[b] += q_all


@njit_inline
def _aggregate_chain(sums: Reals, hport: Ports, hpc: Flags, hq: Reals, a: int, last: int, c: int) -> None:
    """`_aggregate` of one flow whose nodes a..last are a chain: node e's bytes came through node e - 1's port."""
    for e in range(last, a - 1, -1):
        qe = hq[e]
        if qe > 0.0:
            _add_backlog(sums, hport[e], c, hpc[e], qe)
            if e > a:
                _add_ingress(sums, hport[e - 1], c, hpc[e - 1], qe)


@njit_inline
def _add_backlog(sums: Reals, p: int, c: int, pc: bool, q_B: float) -> None:
    """Bytes queued at port p in lane c: of the paused class (PFC or credits) or of the others."""
    if pc:
        sums[p, c, S_QPC] += q_B
    else:
        sums[p, c, S_QOT] += q_B


@njit_inline
def _add_ingress(sums: Reals, p: int, c: int, pc: bool, q_B: float) -> None:
    """Bytes held in a switch that came in through port p (the ingress PFC counts those of its class)."""
    sums[p, c, S_INGALL] += q_B
    if pc:
        sums[p, c, S_INGPC] += q_B
