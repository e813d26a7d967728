"""Skipping over a steady state: once the queues stop changing, advance them in one jump.

A long transfer (a 1 GiB AllReduce step, a 256 MiB permutation) reaches a steady state within a few periods of its
senders' control loops: every flow's rate, every queue and every pause and marking duty cycle then repeat from one
period to the next. Stepping through that state microsecond by microsecond adds nothing but time, so the stepper
takes snapshots of the flows' progress every probe period and, when two consecutive periods agree, extrapolates the
last one linearly up to shortly before the first flow would finish (or the next outside event). Then it steps
again: the finishing flow frees capacity and the others move to a new steady state, which the next probes find.
"Shortly before" is one probe period, or a few steps where no flow's rate moved by even 1 % (`finish_margin_s`),
and the first finish counts from the first sender to run out of bytes to send: after that its queues drain, and a
jump that went on would book time without the bytes to show for it.

It is the reasoning of flow-level simulation (rates are constant between flow arrivals and departures, so time can
jump from one departure to the next), applied only once the queues have shown that their rates are constant. What
the jump leaves out is only what does not happen in a steady state: no loss, no flow arriving or leaving.

A queue that oscillates (PFC's pause and resume, DCQCN's sawtooth) looks different at two arbitrary instants even
when its average is steady; a queue that grows does so by the same share of the delivered bytes over any period.
So when two periods disagree while the same flows run, the probe period doubles (up to `MAX_PROBE_S`): the
oscillation's share shrinks with a longer period, a real trend's does not.

Criteria (all must hold for the two periods): the same flows, no byte lost or resent, every flow's delivery rate
within `FLOW_TOLERANCE` of the previous period's (and the sum within `TOTAL_TOLERANCE`), and the bytes queued in
the network within `QUEUE_TOLERANCE` of the period's delivered bytes of where they were.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

FLOW_TOLERANCE = 0.10       # a flow's rate may move by 10 % between periods (DCQCN's sawtooth, averaged)
TOTAL_TOLERANCE = 0.02      # the sum of the rates by 2 %
STILL_TOLERANCE = 0.01      # rates that moved by less than 1 % jump to just before the first finish
QUEUE_TOLERANCE = 0.05      # queued bytes by 5 % of what the period delivered (a jump keeps the queues as they are)
MIN_PROBE_S = 50e-6         # a probe period covers at least 50 us (several round trips of a large fabric)
TIMER_PERIODS = 2           # and two periods of the slowest rate-increase timer in use
MAX_PROBE_S = 5e-3          # a probe period grows up to 5 ms while two periods disagree


@dataclass
class Snapshot:
    """Cumulative progress of every flow, port and counter at one time."""

    t_s: float
    version: int                 # changes whenever flows are added or retired
    done: int                    # flows finished by then
    useful_B: np.ndarray         # per flow, delivered in sequence
    sent_B: np.ndarray
    arrived_B: np.ndarray
    marked_B: np.ndarray
    lost_B: float                # all flows, lost or resent
    port_acc: np.ndarray         # the stepper's port counters
    hist: np.ndarray             # latency histograms
    scalars: np.ndarray
    queued_B: float


def rates(a: Snapshot, b: Snapshot) -> np.ndarray:
    """Per-flow delivery rate between two snapshots."""
    per_flow_Bps: np.ndarray = (b.useful_B - a.useful_B) / max(b.t_s - a.t_s, 1e-30)
    return per_flow_Bps


def is_steady(a: Snapshot, b: Snapshot, c: Snapshot) -> bool:
    """Whether the periods a-b and b-c look alike (see the module docstring)."""
    if not (a.version == b.version == c.version and a.done == b.done == c.done):
        return False
    if c.lost_B != a.lost_B or len(c.useful_B) == 0:
        return False
    r1, r2 = rates(a, b), rates(b, c)
    total = float(r2.sum())
    if total <= 0.0 or abs(total - float(r1.sum())) > TOTAL_TOLERANCE * total:
        return False
    if (np.abs(r2 - r1) > FLOW_TOLERANCE * np.maximum(r1, r2) + 1e-9 * total).any():
        return False
    delivered = float((c.useful_B - b.useful_B).sum())
    return abs(c.queued_B - b.queued_B) <= QUEUE_TOLERANCE * delivered and \
        abs(b.queued_B - a.queued_B) <= QUEUE_TOLERANCE * delivered


def jump_span_s(b: Snapshot, c: Snapshot, useful_left_B: np.ndarray, probe_s: float, limit_s: float, *,
                margin_s: float | None = None) -> float:
    """How far to extrapolate the period b-c: up to `margin_s` (by default one probe period) before the first flow
    would finish, and no further than `limit_s`; 0 when that is less than a probe period (stepping is as cheap)."""
    r = rates(b, c)
    moving = r > 0.0
    if not moving.any():
        return 0.0
    first_finish = float((useful_left_B[moving] / r[moving]).min())
    span = min(first_finish - (probe_s if margin_s is None else margin_s), limit_s)
    return span if span >= probe_s else 0.0


def finish_margin_s(a: Snapshot, b: Snapshot, c: Snapshot, useful_left_B: np.ndarray, probe_s: float,
                    floor_s: float) -> float:
    """How long before the first flow's predicted finish a jump over the steady periods a-b-c stops: one probe
    period, unless no flow's rate moved by more than `STILL_TOLERANCE` between the two periods (senders paced by
    their line or a pipeline, queues that stopped changing). The finish is predicted at the last period's rates; if
    they keep moving as much as they moved (at most a share d of a flow's rate), the prediction is off by at most d
    times the time to it, and the margin is twice that, at least `floor_s`: such a jump lands just before the finish
    instead of stepping through the last probe period. With rates that moved more, a jump ends a probe period
    before, as the extrapolation of the other criteria allows."""
    r1, r2 = rates(a, b), rates(b, c)
    moving = r2 > 0.0
    if not moving.any():
        return probe_s
    moved = float((np.abs(r2 - r1)[moving] / np.maximum(r1, r2)[moving]).max())
    if moved > STILL_TOLERANCE:
        return probe_s
    first_finish = float((useful_left_B[moving] / r2[moving]).min())
    return float(np.clip(2.0 * moved * first_finish, floor_s, probe_s))


class Prober:
    """Snapshots every probe period; says when the last two periods agree (then a jump may follow)."""

    def __init__(self, probe_s: float) -> None:
        self.base_s = probe_s
        self.probe_s = probe_s
        self.snaps: list[Snapshot] = []              # the last three; (b, c) offered steady are the last two

    def due(self, t_s: float) -> bool:
        return not self.snaps or t_s - self.snaps[-1].t_s >= self.probe_s * (1 - 1e-9)

    def offer(self, snap: Snapshot) -> tuple[Snapshot, Snapshot] | None:
        """Take a snapshot; return the steady period (b, c) to extrapolate, or None."""
        self.snaps = [*self.snaps[-2:], snap]
        if len(self.snaps) < 3:
            return None
        a, b, c = self.snaps
        if is_steady(a, b, c):
            return b, c
        same_flows = a.version == b.version == c.version and a.done == b.done == c.done
        # the same flows disagreeing: look over a longer period; new flows: start again at the base period
        self.probe_s = min(self.probe_s * 2, MAX_PROBE_S) if same_flows else self.base_s
        self.snaps = [b, c] if same_flows else [c]
        return None

    def jumped(self) -> None:
        """After a jump the state moved on: start probing again."""
        self.snaps = []
