"""Skipping over a steady state: once the network stops changing, advance it in one jump.

A long transfer (a 1 GiB AllReduce step, a 256 MiB permutation) reaches a steady state within a few periods of its
senders' control loops and its pause loops: the ports' throughputs, the queues and the pause and marking duty
cycles then repeat from one period to the next. Stepping through that state microsecond by microsecond adds nothing
but time, so the stepper takes snapshots of the flows' and ports' progress every probe period and, when the network
looks the same over two consecutive spans, extrapolates every flow at its mean rate over both spans up to shortly
before the first flow would finish (or the next outside event, or as far as the limits below allow). Then it
steps again: the finishing flow frees capacity and the others move to a new steady state, which the next probes find.

It is the reasoning of flow-level simulation (rates are constant between flow arrivals and departures, so time can
jump from one departure to the next), applied only once the queues have shown that their rates are constant. What
the jump leaves out is only what does not happen in a steady state: no loss, no flow arriving or leaving.

What is compared is the network's state, not each flow's rate. Queue pairs that share a congested port keep trading
rate among themselves as pause frames come and go (on the 1,024-GPU permutation a tenth of the bytes change hands
between two spans, at every span length from 50 us to 1.5 ms: the shares wander, they do not average out), while
the port they share carries the same bytes. A test of every flow's rate never passes there; the test is on the
total, the ports' throughputs and the queues, and each flow is extrapolated at its mean over both spans (the last
span alone is the noisiest estimate).

Two kinds of change look alike over two spans: an oscillation (PFC's pause and resume, DCQCN's sawtooth), whose
share of a span shrinks as the span grows, and a trend (congestion trees spreading, DCQCN's additive increase),
which grows with it. The prober keeps a short history of snapshots a probe period apart and compares the last two
spans of 1, 2, 4 and 8 periods; while the longest disagree the period doubles. What passes still limits the jump:

- a trend of the total rate: a rate that moved by a share d between the centres of two spans P apart is trending
  by d / P a second, and a jump freezes the state it starts from, so the trend is delayed by the jump's whole span
  ever after: the error does not stay within the jump. A jump is taken only where the steepest d / P over every
  span length, carried on to the last flow's predicted finish, moves the total by at most `TREND_TOLERANCE`
  (a short span's drift is mostly noise, but two long halves can agree by luck: four jumps of 70-140 us while the
  16,384-GPU permutation's congestion trees spread, each within what the extrapolation itself gets wrong, moved
  its completion 1.7 % earlier, where stepping it with a step 0.25 % longer moved it by 0.05 %);
- each port's scatter: a port whose mean over the spans may be off its future rate by a share e (the halves'
  deviation, or the standard error of its periods) ends its work e S early or late after a jump of S, which may be
  at most `PORT_ERROR` of the time that work takes (a gateway that a pause storm empties now and then, while the
  sum over all ports holds steady, gave its 527 queue pairs 8 % too much over a 1.3 ms jump);
- the senders (`FluidSimulator.climbing`): none may still be climbing back to its line rate.

A third kind passes both: a queue that creeps while every rate stands still. A port offered a little more than it
carries (an AllToAll's hashed hot spots) keeps the difference, its fluid queue growing by arrivals minus departures
in a straight line; the ports' throughputs and the total stand still and the queue moves by less in a span than
`QUEUE_TOLERANCE` lets through, yet over a jump of many spans the queueing delay of the bytes through it, and the
share RED marks of them, grow well past what the spans measured (the 1,024-GPU RoCEv2 AllToAll: p99.9 8.1 us and
0.03 % marked jumped, 41.4 us and 0.44 % stepped, while every queue stood still through its jumps). Each port's
queue trend is fitted over the probes' history (`queue_trend_Bps`); where one would move its queue over the jump by
more than `QUEUE_TOLERANCE` of what the port carries in a span (`trending_ports_Bps`), the queues grow through the
jump at their trends, a falling one at most until it would be empty (`drain_limit_s`), and the jump is a `Walk`:
pieces with a short stretch stepped between them, whose latencies, marks and pause and busy times count for the
half pieces on either side (the composite midpoint rule, right for a linear trend of a rate; the flows' progress
and the ports' throughputs still come from the spans). That AllToAll now reports 41.0 us and 0.45 %.

Criteria (all must hold for the two spans): the same flows, no byte lost or resent, the total delivery rate within
`TOTAL_TOLERANCE` (with the scatter of its periods), the ports' throughputs within `PORT_TOLERANCE` (byte-weighted
over the ports), and the bytes queued in the network within `QUEUE_TOLERANCE` of a span's delivered bytes of where
they were.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from designer.sim.dynamics.jit import njit, njit_inline

JUMPS = True                # False: step through every steady state (benchmarks and tests compare against it)
TOTAL_TOLERANCE = 0.02      # the sum of the flows' rates may move by 2 % between the two spans
PORT_TOLERANCE = 0.10       # the ports' throughputs by 10 % of the bytes they carried (pause cycles, averaged)
QUEUE_TOLERANCE = 0.05      # queued bytes by 5 % of what the span delivered (a jump keeps the queues as they are)
TREND_TOLERANCE = 0.01      # a trend of the total rate may move it by 1 % at most over the rest of the run
PORT_ERROR = 0.05           # a jump moves no port's predicted end of work by more than 5 % of the time to it
MIN_PROBE_S = 50e-6         # a probe period covers at least 50 us (several round trips of a large fabric)
TIMER_PERIODS = 2           # and two periods of the slowest rate-increase timer in use
MAX_PROBE_S = 5e-3          # a probe period grows up to 5 ms while no span length agrees
SCALES = (1, 2, 4, 8)       # span lengths compared, in probe periods
LANDING_STEPS = 2           # a jump lands at least this many steps before the first predicted finish
QUEUE_TREND_NOISE = 4.0     # a port's queue trends where its fitted change over the history is 4x the scatter about it
WALK_SAMPLES = 4            # a jump over trending queues measures its tail and marks at this many points
SAMPLE_STEPS = 8            # each measured over this many steps


@dataclass
class Snapshot:
    """Cumulative progress of every flow, port and counter at one time."""

    t_s: float
    version: int                 # changes whenever flows are added or retired
    done: int                    # flows finished by then
    useful_B: np.ndarray         # per flow, delivered in sequence
    marked_B: np.ndarray
    lost_B: float                # all flows, lost or resent
    port_acc: np.ndarray         # the stepper's port counters
    served_B: np.ndarray         # per port, bytes served (a column of port_acc)
    hist: np.ndarray             # latency histograms
    scalars: np.ndarray
    queued_B: float
    useful_total_B: float        # useful_B summed
    finished: np.ndarray | None = None   # per flow, whether it was done by then
    port_queue_B: np.ndarray | None = None   # per port, bytes queued
    ingress_B: np.ndarray | None = None      # per port and traffic class, lossless bytes held from that ingress


@dataclass
class Steady:
    """Two agreeing spans a-b and b-c, and how fast the total rate may be trending (a share of the rate a second)."""

    a: Snapshot
    b: Snapshot
    c: Snapshot
    trend_per_s: float
    port_Bps: np.ndarray         # each port's mean throughput over both spans
    port_error: np.ndarray       # the share by which that mean may be off the port's future throughput
    queue_Bps: np.ndarray | None = None   # each port's queue trend (0 where none stands out of its scatter)
    ingress_Bps: np.ndarray | None = None   # likewise each port's lossless ingress occupancy, per traffic class


def rates(a: Snapshot, b: Snapshot) -> np.ndarray:
    """Per-flow delivery rate between two snapshots."""
    per_flow_Bps: np.ndarray = (b.useful_B - a.useful_B) / max(b.t_s - a.t_s, 1e-30)
    return per_flow_Bps


def same_flows(a: Snapshot, b: Snapshot) -> bool:
    return a.version == b.version and a.done == b.done


def total_drift(snaps: list[Snapshot]) -> float:
    """The share by which the total rate moved between the two halves of `snaps` (2n + 1 snapshots a probe period
    apart) or, where larger, what the scatter of the n + n periods' total rates would make of it by chance (twice
    their standard error): two halves that agree by luck in a run whose rate swings over many periods (the hybrid
    example's AllToAll swings by 15 % from one 0.24 ms to the next) do not pass for steady."""
    n = len(snaps) // 2
    a, b, c = snaps[0], snaps[n], snaps[-1]
    r1, r2 = float(rates(a, b).sum()), float(rates(b, c).sum())
    if r1 + r2 <= 0.0:
        return np.inf
    dt_s = np.maximum(np.diff([x.t_s for x in snaps]), 1e-30)
    total_Bps = np.diff([x.useful_total_B for x in snaps]) / dt_s
    noise = 2.0 * float(total_Bps.std()) / max(float(total_Bps.mean()), 1e-30) / np.sqrt(len(total_Bps))
    return float(max(abs(r2 - r1) / (0.5 * (r1 + r2)), noise))


def agree(a: Snapshot, b: Snapshot, c: Snapshot) -> bool:
    """Whether the network's state agrees over the spans a-b and b-c (the ports, the queues; see the module
    docstring); the total rate is `total_drift`'s."""
    if not (same_flows(a, b) and same_flows(b, c)) or c.lost_B != a.lost_B or len(c.useful_B) == 0:
        return False
    p1 = (b.served_B - a.served_B) / max(b.t_s - a.t_s, 1e-30)
    p2 = (c.served_B - b.served_B) / max(c.t_s - b.t_s, 1e-30)
    if float(np.abs(p2 - p1).sum()) > PORT_TOLERANCE * float(p2.sum()):
        return False
    delivered = float((c.useful_B - b.useful_B).sum())
    return max(abs(c.queued_B - b.queued_B), abs(b.queued_B - a.queued_B)) <= QUEUE_TOLERANCE * delivered


def port_limit_s(s: Steady, port_left_B: np.ndarray) -> float:
    """How far the ports' own uncertainty lets a jump go: a port that still has L bytes to carry at its mean rate m
    ends its work in T = L / m; if the mean is off its future rate by a share e, a jump of S moves that end by
    e S, which may be at most `PORT_ERROR` of T (a port saturated throughout, e = 0, sets no limit). This is what
    sees a port that a few pause storms empty now and then while the ports' sum stays steady."""
    busy = (s.port_Bps > 0.0) & (s.port_error > 0.0) & (port_left_B > 0.0)
    if not busy.any():
        return np.inf
    end_s = port_left_B[busy] / s.port_Bps[busy]
    return float((PORT_ERROR * end_s / s.port_error[busy]).min())


def jump_span_s(s: Steady, useful_left_B: np.ndarray, port_left_B: np.ndarray, probe_s: float, limit_s: float,
                floor_s: float) -> float:
    """How far to extrapolate the steady spans: up to shortly before the first flow would finish at its mean rate
    over both spans (less a margin, `_finish_bounds`), within what the ports' uncertainty allows and no further
    than `limit_s`; 0 when that is less than a probe period (stepping is as cheap), or when the total's trend would
    move it by more than `TREND_TOLERANCE` before the last flow's predicted finish (module docstring)."""
    spans_s = np.array([_per_s(s.a, s.b), _per_s(s.b, s.c), _per_s(s.a, s.c)])
    n_moving, last_finish_s, span_s = _finish_bounds(s.a.useful_B, s.b.useful_B, s.c.useful_B, spans_s,
                                                     useful_left_B, floor_s, probe_s)
    if n_moving == 0:
        return 0.0
    if s.trend_per_s * last_finish_s > TREND_TOLERANCE:
        return 0.0
    span = min(span_s, port_limit_s(s, port_left_B), limit_s)
    return span if span >= probe_s else 0.0


def queue_trend_Bps(snaps: list[Snapshot], field: str = "port_queue_B") -> np.ndarray | None:
    """Each port's queue trend (bytes a second) over `snaps` (a probe period apart, the same flows): the slope of a
    least-squares line through its queue, where the change that line makes over the history stands out of the
    scatter about it by `QUEUE_TREND_NOISE`, else 0 (a queue that swings with pause or rate cycles has no trend).
    In a steady state the ports' throughputs stand still but a port offered a little more than it carries keeps
    the difference: its fluid queue grows by arrivals minus departures, dQ/dt = lambda - mu, a straight line.
    `field`: the snapshots' array to fit (`ingress_B`: the lossless bytes each ingress holds, which PFC watches)."""
    values = [getattr(x, field) for x in snaps]
    if len(snaps) < 3 or any(v is None for v in values):
        return None
    t_s = np.array([x.t_s for x in snaps])
    q_B = np.stack(values).reshape(len(snaps), -1)
    tc_s = t_s - t_s.mean()
    dev_B = q_B - q_B.mean(axis=0)
    slope_Bps = tc_s @ dev_B / max(float(tc_s @ tc_s), 1e-30)
    scatter_B = np.sqrt(((dev_B - np.outer(tc_s, slope_Bps)) ** 2).mean(axis=0))
    change_B = np.abs(slope_Bps) * (t_s[-1] - t_s[0])
    out: np.ndarray = np.where(change_B > QUEUE_TREND_NOISE * scatter_B, slope_Bps, 0.0)
    return out


def trending_ports_Bps(s: Steady, span_s: float) -> np.ndarray | None:
    """The queue trends a jump of `span_s` carries on (per port, 0 elsewhere), or None where no port's queue moves
    enough to matter (the queues then stand still through the jump, as they always did).

    `agree` holds the network's queued bytes to `QUEUE_TOLERANCE` of what one span delivers, over the whole network;
    a port whose queue creeps (an AllToAll's hashed hot spots, offered a little more than they carry) passes it at
    every span, while a jump covers many spans: the 1,024-GPU RoCEv2 AllToAll's hot ports grow by ~0.7 MB a ms, and
    their queueing delay from 9 to 80 us over its 4.8 ms jump, the tail and the marks with them. A port's trend
    counts where it would move the port's queue over the jump by more than `QUEUE_TOLERANCE` of what the port
    carries in one span: the same share, per port and over the jump's length. Where one does, every trend that
    stands out of its scatter is carried on (the hot ports of that AllToAll that grow too slowly to count alone
    left its queues 0.4 MB short over a 0.36 ms jump, and its marks 20 % short for a millisecond after)."""
    trend = s.queue_Bps
    if trend is None or span_s <= 0.0:
        return None
    span_len_s = max(s.c.t_s - s.b.t_s, 1e-30)
    moving = np.abs(trend) * span_s > QUEUE_TOLERANCE * s.port_Bps * span_len_s
    return trend.copy() if moving.any() else None


def drain_limit_s(trend_Bps: np.ndarray, queue_B: np.ndarray) -> float:
    """How far a jump may carry a falling queue: to where it would be empty (the port then stops being the
    bottleneck it was, and its flows speed up: a new state)."""
    draining = trend_Bps < 0.0
    return float((queue_B[draining] / -trend_Bps[draining]).min()) if draining.any() else np.inf


def xoff_limit_s(ingress_Bps: np.ndarray | None, ingress_B: np.ndarray | None, xoff_B: np.ndarray) -> float:
    """How far a jump may grow the queues behind a PFC ingress: to where its occupancy would reach XOFF (then it
    pauses its upstream port, IEEE 802.1Qbb, and the state changes). Per port and traffic class, flattened alike."""
    if ingress_Bps is None or ingress_B is None:
        return np.inf
    ing_B = ingress_B.reshape(-1)
    rising = (ingress_Bps > 0.0) & (ing_B < xoff_B) & (xoff_B > 0.0)
    return float(((xoff_B[rising] - ing_B[rising]) / ingress_Bps[rising]).min()) if rising.any() else np.inf


@dataclass
class Walk:
    """A jump over trending queues, taken in pieces with a short stretch stepped between them that measures the
    tail, the marks and the pause and busy times where the queues then stand (`FluidSimulator.skip_steady`)."""

    found: Steady
    trend_Bps: np.ndarray        # per port, the queue trends carried on
    end_s: float                 # where the whole jump lands
    piece_s: float               # a whole piece between two stretches
    samples_left: int
    start: Snapshot | None       # where the stretch being measured began (where the walk ended; None between)
    start_steps: int
    pending_s: float             # jumped time whose rare statistics wait for that stretch's rates
    settle_steps: int            # steps after a landing before the stretch begins (`FluidSimulator._walk_on`)
    measuring: bool = False

    def steps_due(self, steps: int) -> int:
        """Steps until the walk looks again (its stretch begins or ends)."""
        return max(self.start_steps + (SAMPLE_STEPS if self.measuring else self.settle_steps) - steps, 1)


def _per_s(a: Snapshot, b: Snapshot) -> float:
    """The time between two snapshots as `rates` divides by it."""
    return max(b.t_s - a.t_s, 1e-30)


@njit
def _finish_bounds(useful_a: np.ndarray, useful_b: np.ndarray, useful_c: np.ndarray, spans_s: np.ndarray,
                   left_B: np.ndarray, floor_s: float, probe_s: float) -> tuple[int, float, float]:
    """Over the flows moving over the spans a-c (`spans_s`: a-b, b-c and a-c), in one pass: how many move, the
    latest predicted finish (at each one's mean rate over both spans, with `left_B` to deliver), and the earliest
    of those finishes less its margin. The margin: a flow's rate in either span was off its mean by a share d (half
    their difference), and if it keeps moving as much the prediction is off by about d times the time to it: the
    margin is twice that, at least `floor_s` and at most one probe period (what stepping through the last period
    would cost). A flow paced by its line or a pipeline (d = 0) is jumped to just before its finish; one that swings
    stops a period before. Each value as NumPy's element-wise chain over the moving flows gives it (a maximum and a
    minimum come out the same in any order)."""
    ab_s, bc_s, ac_s = spans_s[0], spans_s[1], spans_s[2]
    n_moving, last_s, first_end_s = 0, -np.inf, np.inf
    for f in range(len(left_B)):
        r = (useful_c[f] - useful_a[f]) / ac_s
        if not r > 0.0:
            continue
        finish_s = left_B[f] / r
        r1, r2 = (useful_b[f] - useful_a[f]) / ab_s, (useful_c[f] - useful_b[f]) / bc_s
        d = abs(r2 - r1) / np_max(r1 + r2, 1e-30)
        margin_s = np_min(np_max(2.0 * d * finish_s, floor_s), probe_s)
        n_moving += 1
        last_s = np_max(finish_s, last_s) if n_moving > 1 else finish_s
        end_s = finish_s - margin_s
        first_end_s = np_min(end_s, first_end_s) if n_moving > 1 else end_s
    return n_moving, last_s, first_end_s


@njit_inline
def np_min(a: float, b: float) -> float:
    """np.minimum(a, b): the smaller, `a` where it is NaN, `b` where they are equal (a signed zero as NumPy picks)."""
    return a if a < b or a != a else b


@njit_inline
def np_max(a: float, b: float) -> float:
    """np.maximum(a, b): the larger, `a` where it is NaN, `b` where they are equal."""
    return a if a > b or a != a else b


def steady_spans(snaps: list[Snapshot], trend_per_s: float) -> Steady | None:
    """The two halves of `snaps` (2n + 1 snapshots a probe period apart) as steady spans, or None; `trend_per_s`
    is the steepest trend of the total rate seen over these and shorter spans."""
    n = len(snaps) // 2
    a, b, c = snaps[0], snaps[n], snaps[-1]
    if total_drift(snaps) > TOTAL_TOLERANCE or not agree(a, b, c):
        return None
    dt_s = np.maximum(np.diff([x.t_s for x in snaps]), 1e-30)
    port_Bps, port_error = port_spread(np.stack([x.served_B for x in snaps]), dt_s)
    return Steady(a, b, c, trend_per_s, port_Bps, port_error)


def port_spread(served_B: np.ndarray, dt_s: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """[snapshot, port] bytes served -> each port's mean throughput over the 2n periods and the share by which it
    may be off: the halves' deviation from the mean or the standard error of the periods' mean, whichever is
    larger."""
    n = len(dt_s) // 2
    per_Bps = np.diff(served_B, axis=0) / dt_s[:, None]
    mean_Bps = (served_B[-1] - served_B[0]) / dt_s.sum()
    h1 = (served_B[n] - served_B[0]) / dt_s[:n].sum()
    h2 = (served_B[-1] - served_B[n]) / dt_s[n:].sum()
    safe = np.maximum(mean_Bps, 1e-30)
    error = np.maximum(0.5 * np.abs(h2 - h1), per_Bps.std(axis=0) / np.sqrt(len(dt_s))) / safe
    return mean_Bps, np.where(mean_Bps > 0.0, error, 0.0)


def carried(s: Steady, start: Snapshot, now: Snapshot, finished: np.ndarray, idle_ports: np.ndarray) -> Steady | None:
    """The spans of the last jump, carried on past the finish of flows that shared no port and no mark with those
    still running, as if they had just been measured (None when the others did not keep their total rate).

    Flows that share no queue do not interact (nothing of theirs enters another's queues), so their finish leaves
    the others' steady state as it was: in the carried spans the finished flows and their ports stand still. Only
    the latency histograms mix every flow of a workload's segment, so their rate is measured again over
    `start`-`now`, a stretch after the finish (a probe period: half what two new spans take), and so are the marks
    (the 1,024-GPU AllToAll marks 0.44 % of its bytes stepped through, its jumps from spans before 0.7 ms carry on
    0.05 %: marking grows through the run, and the older spans would carry on less); over that stretch the flows
    still running must also have kept their total rate (within `TOTAL_TOLERANCE`)."""
    assert now.finished is not None
    live = ~now.finished
    then_Bps = float(rates(s.a, s.c)[live].sum())
    since_Bps = float(rates(start, now)[live].sum())
    if then_Bps <= 0.0 or abs(since_Bps - then_Bps) > TOTAL_TOLERANCE * then_Bps:
        return None
    shift_s = now.t_s - s.c.t_s
    stretch_s = max(now.t_s - start.t_s, 1e-30)

    def measured(x: Snapshot, now_v: np.ndarray, start_v: np.ndarray) -> np.ndarray:
        """What the stretch start-now measured, as it would have stood at x's time (carried on to now)."""
        out: np.ndarray = now_v - (now_v - start_v) * ((s.c.t_s - x.t_s) / stretch_s)
        return out

    def still(x: Snapshot) -> Snapshot:
        useful_B = x.useful_B.copy()
        useful_B[finished] = s.c.useful_B[finished]
        port_acc, served_B = x.port_acc.copy(), x.served_B.copy()
        port_acc[idle_ports], served_B[idle_ports] = s.c.port_acc[idle_ports], s.c.served_B[idle_ports]
        return replace(x, t_s=x.t_s + shift_s, useful_B=useful_B, port_acc=port_acc, served_B=served_B,
                       marked_B=measured(x, now.marked_B, start.marked_B), hist=measured(x, now.hist, start.hist),
                       scalars=measured(x, now.scalars, start.scalars), useful_total_B=float(useful_B.sum()))

    port_Bps, port_error = s.port_Bps.copy(), s.port_error.copy()
    port_Bps[idle_ports], port_error[idle_ports] = 0.0, 0.0
    queue_Bps = None if s.queue_Bps is None else s.queue_Bps.copy()
    if queue_Bps is not None:
        queue_Bps[idle_ports] = 0.0
    return Steady(still(s.a), still(s.b), still(s.c), s.trend_per_s, port_Bps, port_error, queue_Bps, s.ingress_Bps)


class Prober:
    """Snapshots every probe period; says when the last two spans of some length agree (then a jump may follow)."""

    def __init__(self, probe_s: float) -> None:
        self.base_s = probe_s
        self.probe_s = probe_s
        self.snaps: list[Snapshot] = []              # a probe period apart, the same flows, the newest last
        # the last jump's spans, where it landed and where a stretch after finishes began (`carried`)
        self.carry: tuple[Steady, Snapshot, Snapshot | None] | None = None

    def due(self, t_s: float) -> bool:
        return not self.snaps or t_s - self.snaps[-1].t_s >= self.probe_s * (1 - 1e-9)

    def offer(self, snap: Snapshot) -> Steady | None:
        """Take a snapshot; return the steady spans to extrapolate, or None. The longest spans the history holds must
        agree; the trend that limits the jump is the steepest of the total's drifts over them and every shorter
        length (a short span's drift is mostly noise, and it counts as a trend: a run that swings from one period
        to the next jumps little until a longer period averages the swing out)."""
        if self.snaps and not same_flows(self.snaps[-1], snap):
            self.snaps, self.probe_s = [], self.base_s          # new flows: start again at the base period
        if self.carry is not None and self.carry[1].version != snap.version:
            self.carry = None                                   # flows added or retired: nothing carries on
        self.snaps.append(snap)
        found: Steady | None = None
        fits = [n for n in SCALES if len(self.snaps) >= 2 * n + 1]
        if fits:
            trend_per_s = max(total_drift(self.snaps[-2 * n - 1:]) / (0.5 * (snap.t_s - self.snaps[-2 * n - 1].t_s))
                              for n in fits)
            found = steady_spans(self.snaps[-2 * fits[-1] - 1:], trend_per_s)
            if found is not None:
                found.queue_Bps = queue_trend_Bps(self.snaps)
                found.ingress_Bps = queue_trend_Bps(self.snaps, "ingress_B")
        if len(self.snaps) == 2 * SCALES[-1] + 1:
            if found is None and self.probe_s < MAX_PROBE_S:   # the longest spans disagree: look over longer ones
                self.probe_s = min(self.probe_s * 2, MAX_PROBE_S)
                self.snaps = self.snaps[::-2][::-1]
            else:
                self.snaps = self.snaps[1:]
        return found

    def jumped(self, found: Steady | None = None, landing: Snapshot | None = None) -> None:
        """After a jump the state moved on: start probing again; the spans `found` may carry on from `landing`
        past the finish of flows that share nothing with the others (`carried`)."""
        self.snaps = []
        self.carry = (found, landing, None) if found is not None and landing is not None else None
