"""DCQCN at the RoCEv2 endpoints (Zhu et al., SIGCOMM 2015), in the form ConnectX NICs implement it.

Notification point (the receiving NIC): when CE-marked packets of a flow arrive it sends a CNP back to the sender,
at most one per flow every `cnp_interval` (MIN_TIME_BETWEEN_CNPS). The CNP reaches the sender after the path's
one-way latency.

Reaction point (the sending NIC), per flow: current rate R_C, target rate R_T, congestion estimate alpha. A flow's
first CNP sets alpha to its initial value 1 (INITIAL_ALPHA_VALUE) and starts its alpha clock; then, with the
firmware's parameters (docs/references.md [connectx-dcqcn]) and g = DCE_TCP_G / 1024 (1019 / 1024 by default):
  on a CNP:                            alpha <- (1 - g) alpha + g
  every `alpha_update` (DCE_TCP_RTT) that saw no CNP:   alpha <- (1 - g) alpha
                                       (so alpha is close to 1 just after a CNP and close to 0 a few microseconds
                                       later; with g = 1/256 it is the paper's slow average)
  each CNP asks for one cut by its alpha, made at once or, within `rate_reduce_period` of the last cut
  (RATE_REDUCE_MONITOR_PERIOD), when that period ends (the CNPs held back meanwhile make one cut):
      R_T <- R_C  (the paper: on every cut; ConnectX by default only when a timer increase came since the last cut,
                   CLAMP_TGT_RATE = 0 with CLAMP_TGT_RATE_AFTER_TIME_INC = 1, so a burst of cuts keeps the target
                   the flow had before the burst and fast recovery returns to it)
      R_C <- R_C * max(1 - alpha/2, min_dec_fac)                        (RPG_MIN_DEC_FAC bounds a cut)
  With a reduction period of 0 every CNP cuts at once, as in the paper (its notification point spaces the CNPs).
  rate-increase events, from a timer T (RPG_TIME_RESET) and a byte counter B (RPG_BYTE_RESET; 0 turns it off, the
  timer alone counting the events, as in the ConnectX-like DCQCN of the HPCC simulator):
      the first F events after a cut (RPG_THRESHOLD):  fast recovery        R_C <- (R_T + R_C) / 2
      then, while either counter is past F:           additive increase    R_T += R_AI, then R_C <- (R_T + R_C) / 2
      once both counters are past F:                  hyper increase       R_T += i R_HAI (i = events past F)
The increase steps R_AI and R_HAI are given for a 400G sender and scale with each sender's line rate, as the HPCC
simulator's configuration scales them (a step is then the same share of the line at every speed). The parameters of
each segment come from its settings (designer/model/segments.py, docs/references.md).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING

import numpy as np

from designer.sim.dynamics.jit import njit_inline

if TYPE_CHECKING:
    from designer.model.segments import RoCESettings

STEP_REFERENCE_BPS = 400e9 / 8         # line rate the increase steps are given for


@dataclass
class DcqcnParams:
    """Reaction- and notification-point parameters of one segment (bytes, seconds)."""

    g: float = 1019.0 / 1024.0
    rate_ai_Bps: float = 80e6 / 8            # at 400G
    rate_hai_Bps: float = 800e6 / 8
    timer_s: float = 300e-6
    byte_counter_B: float = 0.0              # off
    fast_recovery_steps: int = 1
    min_dec_fac: float = 0.0
    cnp_interval_s: float = 4e-6
    rate_reduce_period_s: float = 4e-6
    alpha_update_s: float = 1e-6
    min_rate_Bps: float = 1e6 / 8
    clamp_target: bool = False               # R_T <- R_C on every cut (True) or only after a timer increase

    @classmethod
    def from_settings(cls, s: RoCESettings) -> DcqcnParams:
        """From a segment's RoCESettings (units there: Mb/s, us, KB)."""
        return cls(g=s.dcqcn_g, rate_ai_Bps=s.rate_ai_mbps * 1e6 / 8, rate_hai_Bps=s.rate_hai_mbps * 1e6 / 8,
                   timer_s=s.rate_timer_us * 1e-6, byte_counter_B=s.byte_counter_kb * 1e3,
                   fast_recovery_steps=s.fast_recovery_steps, min_dec_fac=s.min_dec_fac,
                   cnp_interval_s=s.cnp_interval_us * 1e-6, rate_reduce_period_s=s.rate_reduce_period_us * 1e-6,
                   alpha_update_s=s.alpha_update_us * 1e-6, min_rate_Bps=s.min_rate_mbps * 1e6 / 8,
                   clamp_target=s.clamp_target_rate)


# parameter columns of the [set, field] array
G, RATE_AI, RATE_HAI, TIMER_S, BYTE_COUNTER, FAST_RECOVERY, MIN_DEC_FAC, CNP_INTERVAL, RATE_REDUCE_PERIOD, \
    ALPHA_UPDATE, MIN_RATE, CLAMP_TARGET = range(12)
# state columns of the [flow, field] array
RATE, TARGET, ALPHA, TIMER, BYTES, TIMER_EVENTS, BYTE_EVENTS, NEXT_ALPHA, CNP_IN_PERIOD, LAST_CNP, LAST_CUT, \
    MARK_CREDIT, CNP_DUE, CUT_PENDING = range(14)
N_STATE = 14
TIME_COLUMNS = (LAST_CNP, LAST_CUT, NEXT_ALPHA, CNP_DUE)   # absolute times (shifted when the clock jumps)


def param_sets(sets: list[DcqcnParams]) -> np.ndarray:
    """[set, parameter] in the column order above."""
    names = [f.name for f in fields(DcqcnParams)]
    return np.array([[float(getattr(s, n)) for n in names] for s in sets] or [[0.0] * len(names)])


def new_state(line_Bps: np.ndarray, mark_phase: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:
    """[flow, field]: flows start at line rate; alpha takes its initial value 1 (INITIAL_ALPHA_VALUE) at the flow's
    first CNP, which also starts its alpha and rate-reduction clocks. `mark_phase` in [0, 1) offsets each flow's
    count of marked packets so that flows sharing a queue do not see their CNPs in the same step (real marking is
    per packet and random). `out`: zero rows to fill instead of new ones."""
    st = np.zeros((len(line_Bps), N_STATE)) if out is None else out
    st[:, RATE] = line_Bps
    st[:, TARGET] = line_Bps
    st[:, ALPHA] = 1.0
    st[:, LAST_CNP] = -np.inf
    st[:, LAST_CUT] = -np.inf
    st[:, NEXT_ALPHA] = np.inf
    st[:, MARK_CREDIT] = mark_phase
    st[:, CNP_DUE] = np.inf
    return st


@njit_inline
def notification_point(f: int, t: float, marked_B: float, mtu_B: float, return_s: float, st: np.ndarray,
                       par: np.ndarray, k: int) -> bool:
    """The receiver saw `marked_B` CE-marked bytes of flow f in this step: maybe send a CNP (returns whether)."""
    st[f, MARK_CREDIT] += marked_B / mtu_B
    if st[f, MARK_CREDIT] < 1.0:
        return False
    st[f, MARK_CREDIT] -= math.floor(st[f, MARK_CREDIT])
    if t - st[f, LAST_CNP] < par[k, CNP_INTERVAL]:
        return False
    st[f, LAST_CNP] = t
    st[f, CNP_DUE] = min(st[f, CNP_DUE], t + return_s)
    return True


@njit_inline
def reaction_point(f: int, t: float, dt: float, sent_B: float, line_Bps: float, st: np.ndarray, par: np.ndarray,
                   k: int) -> None:
    """One step (t - dt, t] of flow f's sender, its events in time order: a cut held back until its reduction
    period ended, a CNP that arrived (alpha takes it in; it cuts at once or is held back), the decay of alpha, and
    rate increases."""
    cnp_at = st[f, CNP_DUE] if st[f, CNP_DUE] <= t else np.inf
    _held_cut(f, min(cnp_at, t), st, par, k)
    if cnp_at < np.inf:
        st[f, CNP_DUE] = np.inf
        if st[f, NEXT_ALPHA] == np.inf:        # the first CNP: alpha from its initial value, its clock starts
            st[f, ALPHA] = 1.0
            st[f, NEXT_ALPHA] = cnp_at + par[k, ALPHA_UPDATE]
        _decay_alpha(f, cnp_at, st, par, k)
        g = par[k, G]
        st[f, ALPHA] = (1.0 - g) * st[f, ALPHA] + g
        st[f, CNP_IN_PERIOD] = 1.0
        if cnp_at >= st[f, LAST_CUT] + par[k, RATE_REDUCE_PERIOD]:
            _cut(f, st, par, k, st[f, ALPHA])
            st[f, LAST_CUT] = cnp_at
        else:
            st[f, CUT_PENDING] = max(st[f, CUT_PENDING], st[f, ALPHA])
        _held_cut(f, t, st, par, k)
    _decay_alpha(f, t, st, par, k)
    _increase(f, dt, sent_B, line_Bps, st, par, k)
    st[f, RATE] = min(max(st[f, RATE], par[k, MIN_RATE]), line_Bps)


@njit_inline
def _held_cut(f: int, until: float, st: np.ndarray, par: np.ndarray, k: int) -> None:
    """A cut held back by the reduction period, made when the period ends (by `until`), by the alpha of its CNP."""
    due = st[f, LAST_CUT] + par[k, RATE_REDUCE_PERIOD]
    if st[f, CUT_PENDING] > 0.0 and due <= until:
        _cut(f, st, par, k, st[f, CUT_PENDING])
        st[f, LAST_CUT] = due
        st[f, CUT_PENDING] = 0.0


@njit_inline
def _decay_alpha(f: int, until: float, st: np.ndarray, par: np.ndarray, k: int) -> None:
    """The alpha updates due by `until`: one that finds a CNP in its period keeps alpha (the CNP already counted),
    the others decay it by (1 - g)."""
    if st[f, NEXT_ALPHA] > until:
        return
    ta = max(par[k, ALPHA_UPDATE], 1e-9)
    n = math.floor((until - st[f, NEXT_ALPHA]) / ta) + 1
    quiet = n - 1 if st[f, CNP_IN_PERIOD] > 0.0 else n
    st[f, ALPHA] *= (1.0 - par[k, G]) ** quiet
    st[f, CNP_IN_PERIOD] = 0.0
    st[f, NEXT_ALPHA] += n * ta


@njit_inline
def _cut(f: int, st: np.ndarray, par: np.ndarray, k: int, alpha: float) -> None:
    if par[k, CLAMP_TARGET] > 0.0 or st[f, TIMER_EVENTS] > 0.0:
        st[f, TARGET] = st[f, RATE]
    st[f, RATE] *= max(1.0 - alpha / 2.0, par[k, MIN_DEC_FAC])
    st[f, TIMER] = 0.0
    st[f, BYTES] = 0.0
    st[f, TIMER_EVENTS] = 0.0
    st[f, BYTE_EVENTS] = 0.0


@njit_inline
def _increase(f: int, dt: float, sent_B: float, line_Bps: float, st: np.ndarray, par: np.ndarray, k: int) -> None:
    st[f, TIMER] += dt
    st[f, BYTES] += sent_B
    n_t = math.floor(st[f, TIMER] / par[k, TIMER_S])
    st[f, TIMER] -= n_t * par[k, TIMER_S]
    by_bytes = par[k, BYTE_COUNTER] > 0.0        # a byte counter of 0 is off: the timer alone paces increases
    n_b = math.floor(st[f, BYTES] / par[k, BYTE_COUNTER]) if by_bytes else 0
    if by_bytes:
        st[f, BYTES] -= n_b * par[k, BYTE_COUNTER]
    fr = par[k, FAST_RECOVERY]
    scale = line_Bps / STEP_REFERENCE_BPS
    for _ in range(int(n_t + n_b)):
        if n_t > 0:
            st[f, TIMER_EVENTS] += 1.0
            n_t -= 1
        else:
            st[f, BYTE_EVENTS] += 1.0
        lo = min(st[f, TIMER_EVENTS], st[f, BYTE_EVENTS]) if by_bytes else st[f, TIMER_EVENTS]
        hi = max(st[f, TIMER_EVENTS], st[f, BYTE_EVENTS])
        if lo > fr:
            st[f, TARGET] = min(st[f, TARGET] + par[k, RATE_HAI] * scale * (lo - fr), line_Bps)
        elif hi > fr:
            st[f, TARGET] = min(st[f, TARGET] + par[k, RATE_AI] * scale, line_Bps)
        st[f, RATE] = (st[f, TARGET] + st[f, RATE]) / 2.0
