"""The delivery pass (kernel.py, steps 4 to 6), per unfinished flow in one pass: its sender's bytes into the NIC
queue as far as the queue has room (back-pressure, `_inject`); its arrivals beyond a lossy queue's limit
(shared_buffer.py) or beyond a PFC ingress's headroom (pfc.py) dropped (`_drop`); at its receiver, useful bytes
against recovery (loss.py), their one-way latency (delivery_time.py) and ECN marks turned into CNPs (`_receive`); at
its sender, DCQCN (dcqcn.py) or TCP-like windows (aimd.py), and resending (`_react`). What the flows read of the
ports (the drop shares, the NIC queues' room) is fixed before them (`_deliver_ports`).
"""

from __future__ import annotations

import numpy as np

from designer.sim.dynamics import aimd, dcqcn, delivery_time, loss, pfc, shared_buffer
from designer.sim.dynamics.backlogs import _add_flow, _clear_sums
from designer.sim.dynamics.jit import njit_inline, njit_no_refcount
from designer.sim.dynamics.layout import (
    AIMD_RTO,
    AIMD_RTT,
    AIMD_RWND,
    ARR_OT,
    ARRIVED,
    BASE_LAT,
    BUFFER,
    C_MARKED,
    C_USEFUL,
    CC,
    CC_AIMD,
    CC_DCQCN,
    CNPS,
    DEMAND,
    DONE,
    DROP_OT,
    DROPPED,
    DROPPED_B,
    DT_ALPHA,
    FINISH,
    FIXED_LIMIT,
    GROUP,
    HEADROOM,
    HGROUP,
    IS_CREDIT,
    IS_NIC,
    IS_PFC,
    L_DROP,
    L_INGPC,
    LINE,
    LOSS_HOP,
    MARKED,
    MSS,
    MTU,
    NIC_LIMIT,
    NLEVELS,
    NNODES,
    OVERFLOW,
    PORT,
    PSET,
    Q_ALL,
    Q_OT,
    R_ARR,
    R_DEP,
    R_SERVED_NOW,
    R_SERVED_OT,
    REMAINING,
    RESENT,
    RET,
    RTO,
    RTX,
    SENT,
    SEVERAL,
    STEP_GOT,
    STEP_GOT_M,
    STEP_LOST,
    STEP_SENT,
    TAKEN,
    TIMEOUTS,
    USEFUL_LEFT,
    W_LOST,
    W_MARKED,
    W_RESENT,
    W_USEFUL,
    XOFF,
    Flags,
    Idx,
    Ints,
    Ports,
    Reals,
    _first_node,
    _lane,
)


@njit_no_refcount
def _deliver(pp: Reals, pk: Ints, buf_B: Reals, ps: Reals, pl: Reals, pr: Reals, sums: Reals, used: Reals,
             pa: Reals, aports: Idx, hport: Ports, hpc: Flags, hlevel: Idx, hq: Reals, hqm: Reals, harr: Reals,
             ja: Idx, jb: Idx, jlast: Flags, wa: Reals, jsum: Reals, japtr: Ints, janode: Ints, pred1: Idx,
             chain: Flags, fi: Ints, fr: Reals, fs: Reals, dq: Reals, dpar: Reals, am: Reals, rs: Reals, ck_t: Reals,
             ck_sent: Reals, ck_meta: Ints, ck_cur: Ints, hist: Reals, sc: Reals, group_left: Ints, t_end: float,
             dt: float, lost_set: bool, sum_next: bool) -> tuple[int, bool]:
    """Per unfinished flow, in one pass: its sender's bytes into the NIC queue (`_inject`), its arrivals lost
    (`_drop`), its receiver and sender (`_react`). Each reads, of other flows, only per-port figures fixed before
    the pass (the drop shares first), and adds to shared sums in flow order: as three passes over the flows would.
    A flow's losses of the step start from none (cleared only where the last step may have set some: `lost_set`).
    With `sum_next`, each flow's nodes are then as the next step finds them (this pass touches no other flow's),
    and are added to that step's backlogs (`_aggregate`). Returns the completion group that finished (-1 none) and
    whether some flow may have lost bytes. (A call, not inlined: Numba inlines no call of more than 30 arguments.)"""
    any_drop = _deliver_ports(pp, pk, buf_B, ps, pl, pr, sums, used, aports, sc, sum_next)
    first = int(np.int64(0))        # an int, not a constant (jit.py, Constants)
    finished = _deliver_flows(ps, pl, pa, hport, hpc, hlevel, hq, hqm, harr, ja, jb, jlast, wa, jsum, japtr, janode,
                              pred1, chain, fi, fr, fs, dq, dpar, am, rs, ck_t, ck_sent, ck_meta, ck_cur, hist, sc,
                              sums, group_left, group_left[:0], t_end, dt, lost_set, any_drop, sum_next, first,
                              fi.shape[0])
    return finished, any_drop


@njit_inline
def _deliver_ports(pp: Reals, pk: Ints, buf_B: Reals, ps: Reals, pl: Reals, pr: Reals, sums: Reals, used: Reals,
                   aports: Idx, sc: Reals, sum_next: bool) -> bool:
    """The delivery pass's per-port part, ahead of its flows: the drop shares, the NIC queues' room and (with
    `sum_next`) the next step's sums cleared. Whether any port drops."""
    any_drop = _drop_shares(pp, pk, buf_B, ps, pl, pr, used, aports, sc)
    _nic_room(pp, ps, pr, aports)
    if sum_next:
        _clear_sums(sums, aports)
    return any_drop


@njit_no_refcount
def _deliver_flows(ps: Reals, pl: Reals, pa: Reals, hport: Ports, hpc: Flags, hlevel: Idx, hq: Reals, hqm: Reals,
                   harr: Reals, ja: Idx, jb: Idx, jlast: Flags, wa: Reals, jsum: Reals, japtr: Ints, janode: Ints,
                   pred1: Idx, chain: Flags, fi: Ints, fr: Reals, fs: Reals, dq: Reals, dpar: Reals, am: Reals,
                   rs: Reals, ck_t: Reals, ck_sent: Reals, ck_meta: Ints, ck_cur: Ints, hist: Reals, sc: Reals,
                   sums: Reals, group_left: Ints, log: Ints, t_end: float, dt: float, lost_set: bool, any_drop: bool,
                   sum_next: bool, lo: int, hi: int) -> int:
    """`_deliver`'s pass over flows lo..hi - 1. A flow that finishes counts down its completion group, or, with a
    `log` (`run_steps_halves`), is noted there for the caller to count in flow order (log[0] of them, from
    log[1]). Returns the group that finished (-1 none, or with a log)."""
    n_lanes = pl.shape[1]
    finished = -1
    logged = 0
    for f in range(lo, hi):
        if lost_set:
            fs[f, STEP_LOST] = 0.0
            fs[f, LOSS_HOP] = -1.0
        if fs[f, DONE] != 0.0:
            continue
        _inject(f, ps, hport, hq, fi, fs, rs)
        if any_drop:
            _drop(f, ps, pl, pa, hport, hpc, hq, hqm, harr, jb, wa, japtr, janode, pred1, fi, fs, sc)
        if _react(f, hlevel, hq, hqm, harr, fi, fr, fs, dq, dpar, am, rs, ck_t, ck_sent, ck_meta, ck_cur, hist, sc,
                  t_end, dt):
            if log.shape[0] > 0:
                logged += 1
                log[logged] = f
            else:
                g = _count_down(f, fi, group_left)
                if g >= 0:
                    finished = g
        if sum_next and fs[f, DONE] == 0.0:
            _add_flow(f, sums, hport, hpc, hq, ja, jb, jlast, wa, jsum, pred1, chain, fi, n_lanes)
    if log.shape[0] > 0:
        log[0] = logged
    return finished


@njit_inline
def _count_down(f: int, fi: Ints, group_left: Ints) -> int:
    """Finished flow f leaves its completion group: the group if it was the last to finish, else -1."""
    g: int = fi[f, GROUP]
    if g >= 0:
        group_left[g] -= 1
        if group_left[g] == 0:
            return g
    return -1


@njit_inline
def _nic_room(pp: Reals, ps: Reals, pr: Reals, aports: Idx) -> None:
    """Per port, the share of its senders' demand (`_demand`) its NIC queue takes this step (TAKEN): all of it, or
    what the queue has room for; 0.0 where no sender asks (as a port the stages no longer visit holds it). (The same
    for every flow of the port: taken once here, not per flow.)"""
    for i in range(aports.shape[0]):
        p = aports[i]
        room = max(pp[p, NIC_LIMIT] - (ps[p, Q_ALL] - pr[p, PORT, R_SERVED_NOW]), 0.0)
        demand = ps[p, DEMAND]
        ps[p, TAKEN] = 0.0 if demand <= 0.0 else (min(1.0, room / demand) if demand > room else 1.0)


@njit_inline
def _inject(f: int, ps: Reals, hport: Ports, hq: Reals, fi: Ints, fs: Reals, rs: Reals) -> None:
    """Flow f's sender puts its step's bytes (`_demand`) into its NIC queue, as far as the queue has room
    (`_nic_room`: a share of 1.0 leaves them as they are)."""
    want = fs[f, STEP_SENT]
    if want > 0.0:
        e = _first_node(fi, f)
        inj = want * ps[hport[e], TAKEN]
        fs[f, STEP_SENT] = inj
        fs[f, REMAINING] -= inj
        fs[f, SENT] += inj
        hq[e] += inj
        loss.on_sent(f, inj, rs)


@njit_inline
def _drop_shares(pp: Reals, pk: Ints, buf_B: Reals, ps: Reals, pl: Reals, pr: Reals, used: Reals, aports: Idx,
                 sc: Reals) -> bool:
    """Per port, the share of this step's arrivals beyond a lossy queue's limit (DROP_OT); per lane, of what came
    through a PFC ingress beyond that lane's headroom (L_DROP); whether any port drops."""
    any_drop = bool(False)  # noqa: UP018 (a bool, not a constant: jit.py, Constants)
    for i in range(aports.shape[0]):
        p = aports[i]
        ps[p, DROP_OT] = 0.0
        if ps[p, ARR_OT] > 0.0 and not pk[p, IS_NIC] and not pk[p, IS_CREDIT]:
            b = pk[p, BUFFER]
            shared = b >= 0
            limit = shared_buffer.queue_limit(buf_B[b] if shared else 0.0, used[b] if shared else 0.0,
                                              sc[DT_ALPHA], pp[p, FIXED_LIMIT], shared)
            after = ps[p, Q_OT] - pr[p, PORT, R_SERVED_OT] + ps[p, ARR_OT]
            if after > limit:
                ps[p, DROP_OT] = min((after - limit) / ps[p, ARR_OT], 1.0)
                any_drop = True
        for c in range(pl.shape[1]):
            pl[p, c, L_DROP] = 0.0
            if pk[p, IS_PFC] and pr[p, c, R_ARR] > 0.0:
                over = pfc.headroom_overflow(pl[p, c, L_INGPC] - pr[p, c, R_DEP] + pr[p, c, R_ARR], pp[p, XOFF],
                                             pp[p, HEADROOM])
                if over > 0.0:
                    pl[p, c, L_DROP] = min(over / pr[p, c, R_ARR], 1.0)
                    any_drop = True
    return any_drop


@njit_inline
def _drop(f: int, ps: Reals, pl: Reals, pa: Reals, hport: Ports, hpc: Flags, hq: Reals, hqm: Reals, harr: Reals,
          jb: Idx, wa: Reals, japtr: Ints, janode: Ints, pred1: Idx, fi: Ints, fs: Reals, sc: Reals) -> None:
    """Flow f's arrivals that a lossy queue or a PFC ingress cannot hold are lost (`_drop_shares`)."""
    a = _first_node(fi, f)
    c = _lane(fi, f, pl.shape[1])
    for e in range(a, a + fi[f, NNODES]):
        arr = harr[e]
        if arr <= 0.0:
            continue
        frac = 0.0 if hpc[e] else ps[hport[e], DROP_OT]
        u = pred1[e]                                  # what came through a PFC ingress beyond its headroom
        if u >= 0:
            if hpc[u]:
                over = pl[hport[u], c, L_DROP]
                frac += over
                sc[OVERFLOW] += arr * over
        elif u == SEVERAL:
            j = jb[e]
            for k in range(japtr[j], japtr[j + 1]):
                u = janode[k]
                if hpc[u]:
                    over = pl[hport[u], c, L_DROP] * wa[u]
                    frac += over
                    sc[OVERFLOW] += arr * over
        if frac <= 0.0:
            continue
        lost = arr * min(frac, 1.0)
        share_m = hqm[e] / hq[e] if hq[e] > 0.0 else 0.0
        hq[e] -= lost
        hqm[e] -= lost * share_m
        harr[e] = arr - lost
        pa[hport[e], DROPPED_B] += lost
        fs[f, STEP_LOST] += lost
        if fs[f, LOSS_HOP] < 0.0:
            fs[f, LOSS_HOP] = e
        sc[DROPPED] += lost


@njit_inline
def _ahead_behind(f: int, e_lost: int, hlevel: Idx, hq: Reals, harr: Reals, fi: Ints) -> tuple[float, float]:
    """Bytes of flow f further along than those lost at node `e_lost`, and bytes behind them."""
    a, n = _first_node(fi, f), fi[f, NNODES]
    level = hlevel[e_lost]
    ahead, behind = 0.0, 0.0
    for e in range(a, a + n):
        if hlevel[e] > level:
            ahead += hq[e]
        elif hlevel[e] < level:
            behind += hq[e]
        else:
            ahead += hq[e] - harr[e]
            behind += harr[e]
    return max(ahead, 0.0), max(behind, 0.0)


@njit_inline
def _react(f: int, hlevel: Idx, hq: Reals, hqm: Reals, harr: Reals, fi: Ints, fr: Reals, fs: Reals, dq: Reals,
           dpar: Reals, am: Reals, rs: Reals, ck_t: Reals, ck_sent: Reals, ck_meta: Ints, ck_cur: Ints, hist: Reals,
           sc: Reals, t_end: float, dt: float) -> bool:
    """Unfinished flow f's receiver takes its bytes; its sender reacts to marks and losses and resends. Returns
    whether the flow finished."""
    _receive(f, fi, fr, fs, dq, dpar, rs, ck_t, ck_sent, ck_meta, ck_cur, hist, sc, t_end, dt)
    lost = fs[f, STEP_LOST]
    if lost > 0.0:
        fs[f, W_LOST] += lost
        fs[f, ARRIVED] += lost      # lost bytes leave the send/arrival curves' sequence too
        if fi[f, CC] == CC_AIMD:
            # resent after a round trip: the duplicate acknowledgements come back first (RFC 5681 fast
            # retransmit)
            loss.on_loss(f, loss.RTX_SELECTIVE, t_end, lost, 0.0, 0.0,
                         0.5 * aimd.round_trip_s(sc[AIMD_RTT], fr[f, RET]), 0.0, rs)
        else:
            ahead, behind = _ahead_behind(f, int(fs[f, LOSS_HOP]), hlevel, hq, harr, fi)
            loss.on_loss(f, fi[f, RTX], t_end, lost, ahead, behind, fr[f, RET], fr[f, RTO], rs)
    resend = loss.due_resend(f, t_end, rs)
    if resend > 0.0:
        fs[f, REMAINING] += resend
        fs[f, W_RESENT] += resend
        sc[RESENT] += resend
    if fi[f, CC] == CC_DCQCN:
        dcqcn.reaction_point(f, t_end, dt, fs[f, STEP_SENT], fr[f, LINE], dq, dpar, fi[f, PSET])
    elif fi[f, CC] == CC_AIMD:
        if aimd.update(f, t_end, dt, fs[f, STEP_SENT], lost, fr[f, LINE], sc[MSS],
                       aimd.round_trip_s(sc[AIMD_RTT], fr[f, RET]), sc[AIMD_RTO], sc[AIMD_RWND], am):
            sc[TIMEOUTS] += 1
    # done once every byte arrived in sequence: recovery work still pending (a gap behind the last byte, stale
    # bytes on their way to be discarded) no longer delays what the receiver has
    if fs[f, USEFUL_LEFT] <= 1e-6 * max(fs[f, SENT], 1.0) and not (fi[f, CC] == CC_AIMD and loss.pending(f, rs)):
        _finish(f, t_end, hq, hqm, fi, fs)
        return True
    return False


@njit_inline
def _receive(f: int, fi: Ints, fr: Reals, fs: Reals, dq: Reals, dpar: Reals, rs: Reals, ck_t: Reals, ck_sent: Reals,
             ck_meta: Ints, ck_cur: Ints, hist: Reals, sc: Reals, t_end: float, dt: float) -> None:
    """Flow f's receiver: useful bytes, their latency (delivery_time.py), and CNPs for marked ones."""
    got = fs[f, STEP_GOT]
    if got <= 0.0:
        return
    # in-sequence bytes beyond the flow's size are recovery's bookkeeping error, not data: never count them
    useful = min(loss.on_arrival(f, t_end, got, fr[f, RET], rs), max(fs[f, USEFUL_LEFT], 0.0))
    if useful > 0.0:
        sent_at = delivery_time.sent_time(f, fs[f, ARRIVED] + 0.5 * got, t_end, fs[f, SENT], ck_t, ck_sent, ck_meta,
                                          ck_cur)
        # the model's own transit: bytes sent during a step (on average half a step before its end) move one hop per
        # step and are booked at the end of the step they arrive in, NLEVELS + 1/2 steps after they were sent
        queueing = max(t_end - sent_at - (fi[f, NLEVELS] + 0.5) * dt, 0.0)
        hist[fi[f, HGROUP], delivery_time.bin_of(fr[f, BASE_LAT] + queueing)] += useful
    fs[f, ARRIVED] += got
    fs[f, USEFUL_LEFT] -= useful
    fs[f, W_USEFUL] += useful
    fs[f, C_USEFUL] += useful
    marked = fs[f, STEP_GOT_M]
    if marked != 0.0:                   # (adding nothing leaves a flow's sums as they are: not written)
        fs[f, W_MARKED] += marked
        fs[f, C_MARKED] += marked
        sc[MARKED] += marked
    if fi[f, CC] == CC_DCQCN and marked > 0.0:
        if dcqcn.notification_point(f, t_end, marked, fr[f, MTU], fr[f, RET], dq, dpar, fi[f, PSET]):
            sc[CNPS] += 1


@njit_inline
def _finish(f: int, t_end: float, hq: Reals, hqm: Reals, fi: Ints, fs: Reals) -> None:
    fs[f, DONE] = 1.0
    fs[f, FINISH] = t_end
    fs[f, USEFUL_LEFT] = 0.0
    fs[f, REMAINING] = 0.0
    a = _first_node(fi, f)
    for e in range(a, a + fi[f, NNODES]):      # rounding left in the network leaves with the flow
        hq[e] = 0.0
        hqm[e] = 0.0
