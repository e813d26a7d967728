"""Recovery from lost bytes: go-back-N and selective repeat (RoCEv2), TCP-like resending (front-end).

RoCEv2 NICs without selective repeat recover with go-back-N: the receiver drops every packet after a gap and sends a
NAK when the next packet arrives; the sender then resends everything from the gap. So a loss costs the lost bytes,
the bytes behind them that were already in the network, and what the sender sends until the NAK arrives; a loss at
the tail of a transfer (nothing behind it) waits for the retransmission timeout. IRN (Mittal et al., SIGCOMM 2018)
measures that cost and shows that selective repeat, which resends only the lost packets, removes most of it.

Distance. A sender learns of a gap a round trip after the loss at the earliest: the bytes behind the lost ones must
still reach the receiver, and its NAK must come back. The fluid model moves bytes a hop a step and adds the path's
latency afterwards (delivery_time.py), so the bytes behind a gap reach the receiver without their propagation; the
NAK is therefore due a whole round trip (twice the path's one-way latency) after the receiver sees the gap, and the
sender resends everything it sent meanwhile: at rate r over a path of round trip R, about r * R a loss, so the cost
of a loss grows with the distance (IRN, Mittal et al., SIGCOMM 2018: go-back-N resends about the bandwidth-delay
product; docs/references.md [irn]). The retransmission timeout of a tail loss is at least three round trips (a
shorter timer would fire before any acknowledgement could return; three is the first RTO RFC 6298 sets for a round
trip R, R + 4 * R/2; [tcp-windows]).

In the fluid model each flow keeps, while a gap is pending: the useful bytes still ahead of the gap (`good_ahead`),
the bytes sent after the gap (`wasted`, all to be resent) and how many of them are still in the network
(`garbage`). When the NAK (or the timeout) reaches the sender, it resends `wasted`; the receiver discards the
garbage still arriving (`discard`).
"""

from __future__ import annotations

import numpy as np

from designer.sim.dynamics.jit import njit_inline

RTX_GO_BACK_N, RTX_SELECTIVE = 0, 1


# columns of the [flow, field] recovery state
GAP, GOOD_AHEAD, WASTED, GARBAGE, DISCARD, NAK_DUE, RTO_DUE, RESEND_DUE, RESEND_B = range(9)
N_STATE = 9
# GAP: a gap is pending (go-back-N); GOOD_AHEAD: useful bytes still to arrive before it; WASTED: bytes sent after it
# (lost or to be discarded: resent at the rewind); GARBAGE: of those, bytes still in the network; DISCARD: bytes the
# receiver will discard after a rewind (stale, still arriving); NAK_DUE / RTO_DUE: when the NAK reaches the sender /
# the retransmission timeout fires; RESEND_DUE / RESEND_B: selective repeat's pending resend


def new_state(n: int) -> np.ndarray:
    st = np.zeros((n, N_STATE))
    st[:, NAK_DUE] = np.inf
    st[:, RTO_DUE] = np.inf
    st[:, RESEND_DUE] = np.inf
    return st


@njit_inline
def on_loss(f: int, mode: int, t: float, lost_B: float, ahead_B: float, behind_B: float, return_s: float,
            rto_s: float, st: np.ndarray) -> None:
    """Flow f lost `lost_B` at some hop; `ahead_B` of its bytes are further along, `behind_B` are behind them.

    On one path bytes travel in the order they were sent, so the bytes ahead of the loss are, in order, the stale
    bytes of an earlier round still on their way to be discarded (DISCARD), this round's bytes before the pending
    gap (GOOD_AHEAD) and the bytes sent after it. Where the lost bytes fall in that order decides their cost: stale
    ones cost nothing more, bytes before the gap move the gap back, bytes after it were to be resent anyway."""
    if mode == RTX_SELECTIVE:
        st[f, RESEND_B] += lost_B
        st[f, RESEND_DUE] = min(st[f, RESEND_DUE], t + 2.0 * return_s)
        return
    stale_lost = min(lost_B, max(st[f, DISCARD] - ahead_B, 0.0))
    st[f, DISCARD] -= stale_lost                  # they will never arrive to be discarded
    lost_B -= stale_lost
    if lost_B <= 0.0:
        return
    ahead_now = max(ahead_B - st[f, DISCARD], 0.0)    # this round's bytes ahead of the loss
    if st[f, GAP] == 0.0:
        st[f, GAP] = 1.0
        st[f, GOOD_AHEAD] = ahead_now
        st[f, WASTED] = lost_B + behind_B
        st[f, GARBAGE] = behind_B
        st[f, NAK_DUE] = np.inf
        st[f, RTO_DUE] = t + max(rto_s, 6.0 * return_s)
    elif ahead_now < st[f, GOOD_AHEAD]:           # before the pending gap: the gap moves back
        moved = st[f, GOOD_AHEAD] - ahead_now
        st[f, GOOD_AHEAD] = ahead_now
        st[f, WASTED] += moved
        st[f, GARBAGE] = max(st[f, GARBAGE] + moved - lost_B, 0.0)
    else:                                         # after the gap: counted in WASTED when sent
        st[f, GARBAGE] = max(st[f, GARBAGE] - lost_B, 0.0)


@njit_inline
def on_sent(f: int, sent_B: float, st: np.ndarray) -> None:
    """Bytes sent while a gap is pending are behind the gap: the receiver will discard them."""
    if st[f, GAP] > 0.0:
        st[f, WASTED] += sent_B
        st[f, GARBAGE] += sent_B


@njit_inline
def on_arrival(f: int, t: float, got_B: float, return_s: float, st: np.ndarray) -> float:
    """Bytes of flow f reaching the receiver; returns the useful ones (in sequence)."""
    stale = min(got_B, st[f, DISCARD])
    if stale != 0.0:                    # (most arrivals discard nothing: the state is not written then)
        st[f, DISCARD] -= stale
    left: float = got_B - stale
    if st[f, GAP] == 0.0:
        return left
    useful: float = min(left, st[f, GOOD_AHEAD])
    st[f, GOOD_AHEAD] -= useful
    behind = left - useful
    if behind > 0.0:
        st[f, GARBAGE] = max(st[f, GARBAGE] - behind, 0.0)
        if st[f, NAK_DUE] == np.inf:     # the first packet after the gap: the receiver sends a NAK, due at the
            st[f, NAK_DUE] = t + 2.0 * return_s    # sender a round trip on (the bytes' way still to go, the NAK's back)
    return useful


@njit_inline
def due_resend(f: int, t: float, st: np.ndarray) -> float:
    """Bytes the sender must send again now (a NAK or timeout arrived, or selective repeat's resend is due)."""
    out = 0.0
    if st[f, RESEND_DUE] <= t:
        out += st[f, RESEND_B]
        st[f, RESEND_B] = 0.0
        st[f, RESEND_DUE] = np.inf
    if st[f, GAP] > 0.0 and (st[f, NAK_DUE] <= t or st[f, RTO_DUE] <= t):
        out += st[f, WASTED]
        st[f, DISCARD] += st[f, GARBAGE]
        st[f, GAP] = 0.0
        st[f, WASTED] = 0.0
        st[f, GARBAGE] = 0.0
        st[f, GOOD_AHEAD] = 0.0
        st[f, NAK_DUE] = np.inf
        st[f, RTO_DUE] = np.inf
    return out


@njit_inline
def pending(f: int, st: np.ndarray) -> bool:
    """Whether flow f still has recovery work (a gap, a resend or stale bytes to discard)."""
    busy: bool = st[f, GAP] > 0.0 or st[f, RESEND_B] > 0.0 or st[f, DISCARD] > 1e-6
    return busy
