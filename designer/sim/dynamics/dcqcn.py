"""DCQCN reaction point at the RoCEv2 sender (Zhu et al., SIGCOMM 2015), vectorised over flows.

On a CNP: R_T <- R_C; R_C <- R_C max(1 - alpha/2, min_dec_fac) (ConnectX RPG_MIN_DEC_FAC bounds a cut);
alpha <- (1 - g) alpha + g. Every period K without a CNP: alpha <- (1 - g) alpha (the paper's K = 55 us).
Rate-increase events come from a timer T and a byte counter B:
the first F events are fast recovery (R_C <- (R_T + R_C)/2), then additive increase (R_T += R_AI), then hyper
increase (R_T += i R_HAI) once both counters passed F.
"""

from __future__ import annotations

import numpy as np

from designer.sim.dynamics.network import DcqcnParams


class DcqcnState:
    """Per-flow DCQCN variables for the flows selected by `mask`."""

    def __init__(self, line_rate_Bps: np.ndarray, params: DcqcnParams | list[DcqcnParams],
                 param_set: np.ndarray | None = None):
        """`params`: one set for every flow, or a list of sets with `param_set[i]` naming flow i's (each
        RoCEv2 segment tunes DCQCN on its own NICs)."""
        n = line_rate_Bps.shape[0]
        sets = params if isinstance(params, list) else [params]
        index = np.zeros(n, dtype=np.int64) if param_set is None else np.asarray(param_set, dtype=np.int64)
        self.p = DcqcnParams.per_flow(sets, index)       # every field an array over flows
        self.line = line_rate_Bps
        self.rate = line_rate_Bps.copy()          # R_C: current rate
        self.target = line_rate_Bps.copy()        # R_T: target rate
        self.alpha = np.ones(n)
        self.timer = np.zeros(n)
        self.bytes = np.zeros(n)
        self.timer_events = np.zeros(n, dtype=np.int64)
        self.byte_events = np.zeros(n, dtype=np.int64)
        self.alpha_clock = np.zeros(n)
        self.last_cnp = np.full(n, -np.inf)       # at the notification point (receiver)
        self.last_cut = np.full(n, -np.inf)
        self.marked = np.zeros(n, dtype=bool)     # a CE-marked packet arrived since the last CNP
        self.mark_credit = np.zeros(n)            # expected marked packets not yet turned into a mark event

    def copy_from(self, other: DcqcnState, new_idx: np.ndarray, old_idx: np.ndarray) -> None:
        """Keep the state of flows that continue into a new flow set."""
        for name in ("rate", "target", "alpha", "timer", "bytes", "timer_events", "byte_events", "alpha_clock",
                     "last_cnp", "last_cut", "marked", "mark_credit"):
            getattr(self, name)[new_idx] = getattr(other, name)[old_idx]

    def step(self, t: float, dt: float, mask: np.ndarray, marked_packets: np.ndarray, sent_B: np.ndarray) -> int:
        """Advance one step for flows in `mask`; returns the number of CNPs sent.

        `marked_packets` is the expected number of CE-marked packets delivered this step (a fluid quantity);
        a whole marked packet is counted once the expectation accumulates to one, so that marking at
        probability p reaches the sender as often as real packets would (deterministically).
        """
        p = self.p
        self.mark_credit[mask] += marked_packets[mask]
        arrived = mask & (self.mark_credit >= 1.0)
        self.mark_credit[arrived] -= np.floor(self.mark_credit[arrived])
        self.marked |= arrived
        cnp = self.marked & (t - self.last_cnp >= p.cnp_interval_s)
        self.last_cnp[cnp] = t
        self.marked[cnp] = False
        cut = cnp & (t - self.last_cut >= p.rate_reduce_period_s)
        if cut.any():
            self.target[cut] = self.rate[cut]
            factor = np.maximum(1.0 - self.alpha[cut] / 2.0, p.min_dec_fac[cut])
            self.rate[cut] *= factor
            self.alpha[cut] = (1.0 - p.g[cut]) * self.alpha[cut] + p.g[cut]
            self.last_cut[cut] = t
            for arr in (self.timer, self.bytes, self.alpha_clock):
                arr[cut] = 0.0
            self.timer_events[cut] = 0
            self.byte_events[cut] = 0
        live = mask & ~cut
        # alpha decays when no CNP arrived for K
        self.alpha_clock[live] += dt
        decay = live & (self.alpha_clock >= p.alpha_update_s)
        self.alpha[decay] *= 1.0 - p.g[decay]
        self.alpha_clock[decay] -= p.alpha_update_s[decay]
        # rate-increase events
        self.timer[live] += dt
        self.bytes[live] += sent_B[live]
        t_ev = live & (self.timer >= p.timer_s)
        b_ev = live & (self.bytes >= p.byte_counter_B)
        self.timer[t_ev] -= p.timer_s[t_ev]
        self.bytes[b_ev] -= p.byte_counter_B[b_ev]
        self.timer_events += t_ev
        self.byte_events += b_ev
        ev = t_ev | b_ev
        if ev.any():
            f = p.fast_recovery_steps
            lo = np.minimum(self.timer_events, self.byte_events)
            hi = np.maximum(self.timer_events, self.byte_events)
            hyper = ev & (lo > f)
            additive = ev & ~hyper & (hi > f)
            self.target[additive] += p.rate_ai_Bps[additive]
            self.target[hyper] += p.rate_hai_Bps[hyper] * (lo[hyper] - f[hyper])
            np.minimum(self.target, self.line, out=self.target)
            self.rate[ev] = (self.target[ev] + self.rate[ev]) / 2.0
        np.clip(self.rate, p.min_rate_Bps, self.line, out=self.rate)
        return int(cnp.sum())
