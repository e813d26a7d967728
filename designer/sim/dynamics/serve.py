"""The per-port stage of a step (kernel.py, step 2): per port and traffic class, the PFC pause state (pfc.py), the
room credits leave (credits.py), the share of the port each class sends (classes.py: equal-weight scheduling among
the classes that may send) and the ECN marking probability of what leaves (ecn.py), set in the port's records
(layout.py) for the move pass to read.
"""

from __future__ import annotations

from designer.sim.dynamics import classes, credits, ecn, pfc
from designer.sim.dynamics.jit import njit_inline
from designer.sim.dynamics.layout import (
    ARR_OT,
    BUSY_S,
    CAP,
    CREDIT_B,
    DEMAND,
    HEADROOM,
    IS_CREDIT,
    IS_NIC,
    IS_PFC,
    KMAX,
    KMIN,
    L_ELIG,
    L_GOT,
    L_INGALL,
    L_INGPC,
    L_PAUSED,
    L_QOT,
    L_QPC,
    L_WANT,
    LANE_ACC,
    MAXQ,
    PAUSED,
    PAUSED_S,
    PMAX,
    PORT,
    Q_ALL,
    R_ARR,
    R_DEP,
    R_FRACOT,
    R_FRACPC,
    R_MARK,
    R_SERVED_NOW,
    R_SERVED_OT,
    STALL_S,
    XOFF,
    XON,
    Idx,
    Ints,
    Reals,
)


@njit_inline
def _serve(pp: Reals, pk: Ints, ps: Reals, pl: Reals, pr: Reals, pa: Reals, aports: Idx, dt: float) -> bool:
    """Per lane: pause state, credit room and what it may send; the port's capacity shared among its lanes
    (classes.py); the share of each lane's backlog it sends this step. Returns whether some PFC ingress might
    overflow its headroom this step: what comes in through a port is what it sends, at most a step of its
    capacity (twice that is the margin taken), so below Xoff + headroom by that much none can."""
    n_lanes = pl.shape[1]
    may_overflow = bool(False)  # noqa: UP018 (a bool, not a constant: jit.py, Constants)
    for i in range(aports.shape[0]):
        p = aports[i]
        cap_step = pp[p, CAP] * dt
        any_paused, any_stalled = False, False
        for c in range(n_lanes):
            paused = False
            if pk[p, IS_PFC]:
                paused = pfc.paused_next(pl[p, c, L_INGPC], pp[p, XOFF], pp[p, XON], cap_step,
                                         pl[p, c, L_PAUSED] > 0.0)
                if pl[p, c, L_INGPC] + 2.0 * cap_step > pp[p, XOFF] + pp[p, HEADROOM]:
                    may_overflow = True
            pl[p, c, L_PAUSED] = 1.0 if paused else 0.0
            eligible = pl[p, c, L_QOT] + (0.0 if paused else pl[p, c, L_QPC])
            want = eligible
            if pk[p, IS_CREDIT]:
                room = credits.credit_room(pp[p, CREDIT_B], pl[p, c, L_INGALL])
                if room < want:
                    want = room
                if credits.stalled(pl[p, c, L_QPC] + pl[p, c, L_QOT], room, cap_step):
                    any_stalled = True
                    if n_lanes > 1:
                        pa[p, LANE_ACC + n_lanes + c] += dt
            if paused:
                any_paused = True
                if n_lanes > 1:
                    pa[p, LANE_ACC + c] += dt
            if n_lanes == 1:                        # one class: it may have the whole port
                _send(pp, pk, pl, pr, p, c, eligible, min(cap_step, want), paused)
            else:
                pl[p, c, L_WANT] = want
                pl[p, c, L_ELIG] = eligible
        if n_lanes > 1:
            classes.share(cap_step, pl, p, L_WANT, L_GOT)
            for c in range(n_lanes):
                _send(pp, pk, pl, pr, p, c, pl[p, c, L_ELIG], pl[p, c, L_GOT], pl[p, c, L_PAUSED] > 0.0)
        ps[p, PAUSED] = 1.0 if any_paused else 0.0
        if any_paused:
            pa[p, PAUSED_S] += dt
        if any_stalled:
            pa[p, STALL_S] += dt
        backlog = ps[p, Q_ALL]
        if backlog > 0.0:
            pa[p, BUSY_S] += dt
            if backlog > pa[p, MAXQ]:
                pa[p, MAXQ] = backlog
        pr[p, PORT, R_SERVED_NOW] = 0.0
        pr[p, PORT, R_SERVED_OT] = 0.0
        ps[p, ARR_OT] = 0.0
        ps[p, DEMAND] = 0.0
    return may_overflow


@njit_inline
def _send(pp: Reals, pk: Ints, pl: Reals, pr: Reals, p: int, c: int, eligible: float, sent: float,
          paused: bool) -> None:
    """Lane c of port p sends `sent` of the `eligible` bytes it may send: the share of each node's backlog that
    leaves this step and the marking probability of what leaves; its per-step sums start again."""
    frac = sent / eligible if eligible > 0.0 else 0.0
    pr[p, c, R_FRACOT] = frac
    pr[p, c, R_FRACPC] = 0.0 if paused else frac
    pr[p, c, R_MARK] = 0.0 if pk[p, IS_NIC] else ecn.mark_probability(
        pl[p, c, L_QPC] + pl[p, c, L_QOT], pp[p, KMIN], pp[p, KMAX], pp[p, PMAX])
    pr[p, c, R_DEP] = 0.0
    pr[p, c, R_ARR] = 0.0
