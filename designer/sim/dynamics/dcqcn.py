"""DCQCN at the RoCEv2 endpoints (Zhu et al., SIGCOMM 2015), in the form ConnectX NICs implement it.

Notification point (the receiving NIC): when CE-marked packets of a flow arrive it sends a CNP back to the sender,
at most one per flow every `cnp_interval` (MIN_TIME_BETWEEN_CNPS). The CNP reaches the sender after the path's
one-way latency.

Reaction point (the sending NIC), per flow: current rate R_C, target rate R_T, congestion estimate alpha (a byte
counter of 0 turns that counter off: the timer alone counts the increase events, as in the ConnectX-like DCQCN of the
HPCC simulator).
  on a CNP (at most one cut per `rate_reduce_period`):
      R_T <- R_C  (the paper: on every cut; ConnectX by default only when a timer increase came since the last cut,
                   CLAMP_TGT_RATE = 0 with CLAMP_TGT_RATE_AFTER_TIME_INC = 1, so a burst of cuts keeps the target
                   the flow had before the burst and fast recovery returns to it)
      R_C <- R_C * max(1 - alpha/2, min_dec_fac)                        (RPG_MIN_DEC_FAC bounds a cut)
  every `alpha_update` (DCE_TCP_RTT):  alpha <- (1 - g) alpha + g * [a CNP arrived in the period]
  rate-increase events, from a timer T (RPG_TIME_RESET) and a byte counter B (RPG_BYTE_RESET):
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

    g: float = 1.0 / 256.0
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
RATE, TARGET, ALPHA, TIMER, BYTES, TIMER_EVENTS, BYTE_EVENTS, ALPHA_CLOCK, CNP_IN_PERIOD, LAST_CNP, LAST_CUT, \
    MARK_CREDIT, CNP_DUE = range(13)
N_STATE = 13


def param_sets(sets: list[DcqcnParams]) -> np.ndarray:
    """[set, parameter] in the column order above."""
    names = [f.name for f in fields(DcqcnParams)]
    return np.array([[float(getattr(s, n)) for n in names] for s in sets] or [[0.0] * len(names)])


def new_state(line_Bps: np.ndarray, mark_phase: np.ndarray) -> np.ndarray:
    """[flow, field]: flows start at line rate with alpha = 1 (INITIAL_ALPHA_VALUE); `mark_phase` in [0, 1) offsets
    each flow's count of marked packets so that flows sharing a queue do not see their CNPs in the same step (real
    marking is per packet and random)."""
    st = np.zeros((len(line_Bps), N_STATE))
    st[:, RATE] = line_Bps
    st[:, TARGET] = line_Bps
    st[:, ALPHA] = 1.0
    st[:, LAST_CNP] = -np.inf
    st[:, LAST_CUT] = -np.inf
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
    """One step of flow f's sender: a CNP that arrived, alpha, and rate increases."""
    if st[f, CNP_DUE] <= t:
        st[f, CNP_DUE] = np.inf
        st[f, CNP_IN_PERIOD] = 1.0
        if t - st[f, LAST_CUT] >= par[k, RATE_REDUCE_PERIOD]:
            _cut(f, t, st, par, k)
    _update_alpha(f, dt, st, par, k)
    _increase(f, dt, sent_B, line_Bps, st, par, k)
    st[f, RATE] = min(max(st[f, RATE], par[k, MIN_RATE]), line_Bps)


@njit_inline
def _cut(f: int, t: float, st: np.ndarray, par: np.ndarray, k: int) -> None:
    if par[k, CLAMP_TARGET] > 0.0 or st[f, TIMER_EVENTS] > 0.0:
        st[f, TARGET] = st[f, RATE]
    st[f, RATE] *= max(1.0 - st[f, ALPHA] / 2.0, par[k, MIN_DEC_FAC])
    st[f, LAST_CUT] = t
    st[f, TIMER] = 0.0
    st[f, BYTES] = 0.0
    st[f, TIMER_EVENTS] = 0.0
    st[f, BYTE_EVENTS] = 0.0


@njit_inline
def _update_alpha(f: int, dt: float, st: np.ndarray, par: np.ndarray, k: int) -> None:
    st[f, ALPHA_CLOCK] += dt
    period = par[k, ALPHA_UPDATE]
    if st[f, ALPHA_CLOCK] < period:
        return
    n = math.floor(st[f, ALPHA_CLOCK] / period)
    st[f, ALPHA_CLOCK] -= n * period
    keep = (1.0 - par[k, G]) ** n
    st[f, ALPHA] = st[f, ALPHA] * keep + (1.0 - keep) * st[f, CNP_IN_PERIOD]
    st[f, CNP_IN_PERIOD] = 0.0


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
