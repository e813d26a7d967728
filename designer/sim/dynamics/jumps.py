"""Jumps over steady states: the fluid simulator's side of steady.py.

`skip_steady` takes snapshots a probe period apart; once two spans agree (steady.py) it extrapolates every flow at
its mean rate over them (`fast_forward`), carries queues that creep through the jump on at their trends, taking
such a jump in pieces with a sample of the tail between them (`_walk_start`, `_walk_on`), and carries the spans on
past flows that finish apart from the others (`_carried`). The stepper (stepper.py) holds the state and runs the
steps; this mixin only reads and extrapolates it.
"""

from __future__ import annotations

import numpy as np

from designer.sim.dynamics import aimd, dcqcn, loss, steady
from designer.sim.dynamics import layout as L
from designer.sim.dynamics.jit import njit, njit_inline
from designer.sim.dynamics.network import CC_AIMD, CC_DCQCN
from designer.sim.dynamics.steady import np_max, np_min


class SteadyJumps:
    """Probing for steady states and jumping over them; mixed into FluidSimulator, which provides the state."""

    # what FluidSimulator provides
    dt: float
    lanes: int
    version: int
    walk: steady.Walk | None
    pp: np.ndarray
    pk: np.ndarray
    ps: np.ndarray
    pl: np.ndarray
    pa: np.ndarray
    sc: np.ndarray
    hist: np.ndarray
    hport: np.ndarray
    hq: np.ndarray
    hqm: np.ndarray
    fi: np.ndarray
    fr: np.ndarray
    fs: np.ndarray
    dq: np.ndarray
    am: np.ndarray
    rs: np.ndarray
    ck_t: np.ndarray
    ck_sent: np.ndarray

    @property
    def F(self) -> int:
        raise NotImplementedError

    @property
    def t(self) -> float:
        raise NotImplementedError

    @property
    def steps(self) -> int:
        raise NotImplementedError

    def window(self, max_steps: int, *, stop_on_group: bool = True) -> int:
        raise NotImplementedError

    def queue_B(self) -> np.ndarray:
        raise NotImplementedError

    def _ports_of(self, flows: np.ndarray) -> np.ndarray:
        raise NotImplementedError
    def snapshot(self) -> steady.Snapshot:
        fs = self.fs
        finished = fs[:, L.DONE] != 0
        return steady.Snapshot(self.t, self.version, int(np.count_nonzero(finished)),
                               fs[:, L.C_USEFUL].copy(), fs[:, L.C_MARKED].copy(),
                               float(self.sc[L.DROPPED] + self.sc[L.RESENT]), self.pa.copy(),
                               self.pa[:, L.SERVED].copy(), self.hist.copy(), self.sc.copy(), float(self.hq.sum()),
                               float(fs[:, L.C_USEFUL].sum()), finished, self.ps[:, L.Q_ALL].copy(),
                               self.pl[:, :, L.L_INGPC].copy())

    def skip_steady(self, prober: steady.Prober, limit_s: float, floor_s: float) -> float:
        """Probe for a steady state when a probe is due; once two spans agree, jump over it (steady.py), at most
        `limit_s`, stopping at least `floor_s` before the first predicted finish. Returns the time jumped. Where
        ports' queues trend through the jump, it is taken in pieces (`_walk_start`)."""
        if not steady.JUMPS:
            return 0.0
        if self.walk is not None:
            return self._walk_on(prober, limit_s, floor_s)
        if not prober.due(self.t):
            return 0.0
        snap = self.snapshot()
        found = prober.offer(snap) or self._carried(prober, snap)
        if found is None or (self.fr[:, L.START] > self.t).any() or self.climbing(found.a.t_s):
            return 0.0
        span = self._span_s(found, prober.probe_s, limit_s, floor_s, None)
        trend = steady.trending_ports_Bps(found, span)
        if trend is not None:
            trend[self.pk[:, L.IS_NIC] > 0] = 0.0       # a NIC queue is held to its limit: the host waits
            span = min(span, self._trend_limit_s(found, trend, snap))
            return self._walk_start(prober, found, trend, span) if span >= prober.probe_s else 0.0
        if span > 0.0:
            self.fast_forward(found.a, found.c, span)
            prober.jumped(found, self.snapshot())
        return span

    def _span_s(self, found: steady.Steady, probe_s: float, limit_s: float, floor_s: float,
                trend_Bps: np.ndarray | None) -> float:
        """`steady.jump_span_s` for the flows as they stand: a jump ends before the first sender runs out of bytes
        to send (then its queues drain: no longer steady); a sender whose queues grow sends that much faster."""
        share = self._port_growth(trend_Bps, 1.0) if trend_Bps is not None else np.zeros(0)
        left_B, port_left_B = np.empty(self.F), np.zeros(self.pp.shape[0])    # NumPy's memory (`_flows_left_B`)
        _flows_left_B(self.fs, bool(trend_Bps is not None), found.a.useful_B, found.c.useful_B,
                      max(found.c.t_s - found.a.t_s, 1e-30), self.fi[:, L.FIRST], self.fi[:, L.NNODES], self.hport,
                      self.hq, share, left_B, port_left_B)
        return steady.jump_span_s(found, left_B, port_left_B, probe_s, limit_s, floor_s)

    def _trend_limit_s(self, found: steady.Steady, trend_Bps: np.ndarray, now: steady.Snapshot) -> float:
        """How far queues may grow at their trends from `now`: until a falling one would be empty or a rising one
        would fill a PFC ingress to XOFF (`steady.drain_limit_s`, `steady.xoff_limit_s`)."""
        assert now.port_queue_B is not None
        xoff_B = np.repeat(np.where(self.pk[:, L.IS_PFC] > 0, self.pp[:, L.XOFF], 0.0), self.lanes)
        return min(steady.drain_limit_s(trend_Bps, now.port_queue_B),
                   steady.xoff_limit_s(found.ingress_Bps, now.ingress_B, xoff_B))

    def _port_growth(self, trend_Bps: np.ndarray, span_s: float) -> np.ndarray:
        """The share by which the queue of each port grows over `span_s` at the ports' `trend_Bps`, never below
        empty (0 where it stays; each hop there grows by it: `_flow_growth_B`, `_grow_hops`)."""
        q_B = self.queue_B()
        grown_B = np.maximum(q_B + trend_Bps * span_s, 0.0) - q_B
        port_share: np.ndarray = np.where(q_B > 0.0, grown_B / np.maximum(q_B, 1e-30), 0.0)
        return port_share

    def _walk_start(self, prober: steady.Prober, found: steady.Steady, trend_Bps: np.ndarray, span_s: float) -> float:
        """Start a jump over queues that trend. The queues grow through it at their trends (a fluid queue offered
        lambda and served mu grows by lambda - mu), and so do the latencies of the bytes through them and the share
        that RED marks: what the spans measured before the jump is its start's rate, not its mean (the 1,024-GPU
        AllToAll's p99.9 went from 9 to 80 us across its jump). The jump is taken in `WALK_SAMPLES` pieces with a
        stretch of `SAMPLE_STEPS` steps stepped between them; each stretch's rates of the rare statistics count
        for the half pieces on either side of it (the composite midpoint rule, right for a linear trend), the first
        half piece from the first stretch, the last from the last. The flows' progress and the ports' throughputs
        come from the spans throughout (they are what stands still)."""
        sample_s = steady.SAMPLE_STEPS * self.dt
        n = int(np.clip(round(span_s / (steady.SCALES[-1] * prober.probe_s)), 1, steady.WALK_SAMPLES))
        piece_s = (span_s - n * sample_s) / n
        prober.jumped()
        if piece_s <= 0.0:
            self.fast_forward(found.a, found.c, span_s, trend_Bps, (found.a, found.c, span_s))
            prober.jumped(found, self.snapshot())
            return span_s
        first_s = 0.5 * piece_s
        self.fast_forward(found.a, found.c, first_s, trend_Bps, (found.a, found.a, 0.0))
        settle = int(self.fi[:, L.NLEVELS].max(initial=1))
        self.walk = steady.Walk(found, trend_Bps, self.t - first_s + span_s, piece_s, n, None, self.steps, first_s,
                                settle)
        return first_s

    def _walk_on(self, prober: steady.Prober, limit_s: float, floor_s: float) -> float:
        """The next piece of a walk once its stretch has run `SAMPLE_STEPS` steps (`_walk_start`). The stretch
        begins as many steps after a landing as the longest path has hops: RED marks a byte where it leaves a
        port, and the mark reaches the receiver with the byte; bytes still on their last hops at a landing carry
        the marks of before the piece, so a stretch that began at once counted a tenth fewer marks where the
        1,024-GPU AllToAll's marks grow fastest."""
        w = self.walk
        assert w is not None
        if self.steps - w.start_steps < (steady.SAMPLE_STEPS if w.measuring else w.settle_steps):
            return 0.0
        if not w.measuring:
            w.start, w.start_steps, w.measuring = self.snapshot(), self.steps, True
            return 0.0
        now = self.snapshot()
        assert w.start is not None
        if now.version != w.start.version:             # flows added or retired: the walk ends here
            self.walk = None
            prober.jumped()
            return 0.0
        self._add_rare(w.start, now, w.pending_s)
        w.samples_left -= 1
        planned_s = w.end_s - self.t if w.samples_left <= 0 else w.piece_s
        bound_s = min(limit_s, self._trend_limit_s(w.found, w.trend_Bps, now))
        if w.samples_left <= 0:                        # the landing: before the first finish as the flows now stand
            bound_s = min(bound_s, self._span_s(w.found, prober.probe_s, limit_s, floor_s, w.trend_Bps))
        piece_s = min(planned_s, bound_s) if now.done == w.start.done else 0.0
        last = w.samples_left <= 0 or piece_s < planned_s
        if piece_s > 0.0:
            rare_s = piece_s if last else 0.5 * piece_s
            self.fast_forward(w.found.a, w.found.c, piece_s, w.trend_Bps, (w.start, now, rare_s))
            w.pending_s = piece_s - rare_s
            # the landing's snapshot where the walk ends (the spans carry on from it); else the next stretch takes
            # its own once the flows settle, and nothing reads one taken here (18 ms of copies on 2 M flows)
            w.start, w.start_steps, w.measuring = self.snapshot() if last else None, self.steps, False
        if last:
            self.walk = None
            prober.jumped(w.found, w.start)
        return max(piece_s, 0.0)

    def _carried(self, prober: steady.Prober, now: steady.Snapshot) -> steady.Steady | None:
        """Once flows finished since the last jump landed (just before the first finish), the spans it extrapolated
        carry on for the others if the finished flows shared no port and no mark with them (steady.carried), after
        one probe period that measures the latency histograms without them. On a large AllToAll the GPUs' NVLink
        flows finish ten times sooner than their network flows and share nothing with them: the network's steady
        state is then jumped again one probe period after their finish, not two."""
        if prober.carry is None:
            return None
        found, landing, start = prober.carry
        if now.done == landing.done or landing.finished is None or now.finished is None:
            return None                                  # nothing finished yet: the carry waits
        finished = now.finished & ~landing.finished
        if start is not None and start.done == now.done:
            prober.carry = None
            return steady.carried(found, start, now, finished, self._ports_of(finished))
        live = ~now.finished
        gone = self._ports_of(finished)
        marked = (found.c.marked_B - found.a.marked_B)[finished]
        detached = not np.isin(gone, self._ports_of(live)).any() and not (marked > 0.0).any()
        prober.carry = (found, landing, now) if detached else None      # measure a stretch without them first
        return None

    def climbing(self, since_s: float) -> bool:
        """Whether some sender's control loop is still raising its rate: a DCQCN sender below its line rate that has
        had no CNP since `since_s` adds R_AI at every timer and byte-counter event until one comes (Zhu et al.,
        SIGCOMM 2015), and a TCP-like window below what the line and the receiver allow grows every round trip
        without a loss (aimd.py). A jump freezes the senders' state, so it would delay the climb by its span: the
        total rate moves little over two probe spans where a few flows climb, but what the jump leaves out stays
        missing until the climb ends (the 10 DCQCN flows of tests/test_sim_steady.py finished 28 % late that way)."""
        cc, line = self.fi[:, L.CC], self.fr[:, L.LINE]
        dq = self.dq
        dcqcn_up = (cc == CC_DCQCN) & (dq[:, dcqcn.RATE] < line * (1 - 1e-9)) & (dq[:, dcqcn.LAST_CNP] < since_s)
        rtt_s = np.maximum(self.sc[L.AIMD_RTT], 2.0 * self.fr[:, L.RET])      # aimd.round_trip_s
        cwnd = self.am[:, aimd.CWND]
        aimd_up = (cc == CC_AIMD) & (cwnd < line * rtt_s * (1 - 1e-9)) & (cwnd < self.sc[L.AIMD_RWND] * (1 - 1e-9))
        return bool((dcqcn_up | aimd_up)[self.fs[:, L.DONE] == 0].any())

    def fast_forward(self, b: steady.Snapshot, c: steady.Snapshot, span_s: float, trend_Bps: np.ndarray | None = None,
                     rare: tuple[steady.Snapshot, steady.Snapshot, float] | None = None) -> None:
        """Advance `span_s` by repeating what happened between the snapshots b and c (the caller checked the state
        is steady): every flow's progress, the port counters, latencies and marks grow at their mean rates over it;
        queues, senders' rates and pause states stay as they are; times the senders wait for move with the clock.
        With `trend_Bps` (per port) those ports' queues grow at their trends (`_grow_queues`), and with `rare`
        (snapshots x, y and seconds) the latencies, marks and the ports' pause, stall and busy times grow by that
        many seconds of their rates between x and y instead (a stretch measured where the queues stand)."""
        k = span_s / max(c.t_s - b.t_s, 1e-30)
        # the marks at the spans' rates, or at a stretch's (`_add_rare`; none over no time)
        x, y, k_marked = (b, c, k) if rare is None else (rare[0], rare[1], _rare_scale(*rare))
        share = self._port_growth(trend_Bps, span_s) if trend_Bps is not None else np.zeros(0)
        _advance_flows(self.fs, b.useful_B, c.useful_B, k, bool(trend_Bps is not None), self.fi[:, L.FIRST],
                       self.fi[:, L.NNODES], self.hport, share, self.hq, self.hqm, bool(rare is None or rare[2] > 0.0),
                       x.marked_B, y.marked_B, k_marked, self.ck_sent)
        if rare is None:
            max_q = self.pa[:, L.MAXQ].copy()            # a running maximum: what c saw, or since (a carried jump)
            self.pa += (c.port_acc - b.port_acc) * k
            self.pa[:, L.MAXQ] = np.maximum(max_q, c.port_acc[:, L.MAXQ])
            self.hist += (c.hist - b.hist) * k
            for col in (L.MARKED, L.CNPS):
                self.sc[col] += (c.scalars[col] - b.scalars[col]) * k
        else:
            for col in (L.SERVED, L.DROPPED_B):
                self.pa[:, col] += (c.port_acc[:, col] - b.port_acc[:, col]) * k
            self._add_rare_counters(*rare)
        # the send curves shift with the clock (in a steady state S(t + span) = S(t) + rate * span; their bytes
        # moved with the flows' in `_advance_flows`)
        self.ck_t += span_s
        for col in dcqcn.TIME_COLUMNS:
            self.dq[:, col] += span_s
        self.am[:, aimd.TIMEOUT_UNTIL] += span_s
        for col in (loss.NAK_DUE, loss.RTO_DUE, loss.RESEND_DUE):
            self.rs[:, col] += span_s
        self.sc[L.T] += span_s

    def _add_rare(self, x: steady.Snapshot, y: steady.Snapshot, seconds: float) -> None:
        """Add `seconds` of the rates between snapshots x and y of the rare statistics: each flow's marked bytes,
        the latency histograms, marks and CNPs, and the ports' counters but their bytes served and dropped (which
        follow the steady spans) and their largest queue (a running maximum, which the next step takes)."""
        if seconds > 0.0:
            _add_marks(self.fs, x.marked_B, y.marked_B, _rare_scale(x, y, seconds))
        self._add_rare_counters(x, y, seconds)

    def _add_rare_counters(self, x: steady.Snapshot, y: steady.Snapshot, seconds: float) -> None:
        """`_add_rare` but the flows' marked bytes: the ports' counters, the histograms, marks and CNPs."""
        if seconds <= 0.0:
            return
        k = _rare_scale(x, y, seconds)
        keep = self.pa[:, [L.SERVED, L.DROPPED_B, L.MAXQ]].copy()
        self.pa += (y.port_acc - x.port_acc) * k
        self.pa[:, [L.SERVED, L.DROPPED_B, L.MAXQ]] = keep
        self.hist += (y.hist - x.hist) * k
        for col in (L.MARKED, L.CNPS):
            self.sc[col] += (y.scalars[col] - x.scalars[col]) * k


def _rare_scale(x: steady.Snapshot, y: steady.Snapshot, seconds: float) -> float:
    """How many times the stretch x-y `seconds` holds (0 for none)."""
    return seconds / max(y.t_s - x.t_s, 1e-30) if seconds > 0.0 else 0.0


# Passes over the flows and their hops. A flow's nodes are contiguous, in flow order (FIRST, NNODES), so a loop
# over the flows and their nodes visits the nodes in their order: the sums add up in the order a weighted bincount
# over the nodes adds them, bit for bit, without the per-node index and value arrays it needs (tens of MB a call
# on the 1,024-GPU AllToAll's 7.8 M nodes). Each pass does per flow what NumPy's element-wise chain did (the same
# operations in the same order, `np_min` / `np_max` of steady.py as np.minimum / np.maximum pick), in one visit of
# the flows instead of a fresh array per operation: the AllToAll's jumps took 0.1-0.2 s each that way.

@njit
def _flows_left_B(fs: np.ndarray, grow: bool, useful_a: np.ndarray, useful_c: np.ndarray, span_s: float,
                  first: np.ndarray, n_nodes: np.ndarray, hport: np.ndarray, hq: np.ndarray, port_share: np.ndarray,
                  left: np.ndarray, port_left: np.ndarray) -> None:
    """Per flow into `left`, the bytes a jump may send before it runs out (`_span_s`): the smaller of its bytes to
    deliver and to send, and with `grow` at most what it sends at its rate over the spans a-c (`useful_a`,
    `useful_c`, `span_s` apart) while its queues also grow by their ports' shares a second; and added per port
    into `port_left` (zeros), those of the flows that cross it, once per node of the flow there. The caller
    allocates both: NumPy's large arrays come in huge pages, where an array a compiled function creates faults its
    memory in 4 KB pages (fluid_queues._weighted)."""
    for f in range(fs.shape[0]):
        left_B = np_min(fs[f, L.USEFUL_LEFT], fs[f, L.REMAINING])
        if grow:
            rate_Bps = (useful_c[f] - useful_a[f]) / span_s
            grow_Bps = _growth_of(first[f], n_nodes[f], hport, hq, port_share)
            to_send_B = fs[f, L.REMAINING] * rate_Bps / np_max(rate_Bps + grow_Bps, 1e-30)
            left_B = np_min(left_B, to_send_B if rate_Bps > 0.0 else left_B)
        left[f] = left_B
        for e in range(first[f], first[f] + n_nodes[f]):
            port_left[hport[e]] += left_B


@njit
def _advance_flows(fs: np.ndarray, useful_b: np.ndarray, useful_c: np.ndarray, k: float, grow: bool,
                   first: np.ndarray, n_nodes: np.ndarray, hport: np.ndarray, port_share: np.ndarray, hq: np.ndarray,
                   hqm: np.ndarray, mark: bool, marked_x: np.ndarray, marked_y: np.ndarray, k_marked: float,
                   ck_sent: np.ndarray) -> None:
    """Each flow's part of `fast_forward`: it delivers k times what it did between snapshots b and c (no more than
    it has left to send or deliver) and sends that, with `grow` plus what its queues grow by (`_grow_flow`, given
    what it has left after the delivery); with `mark`, its marked bytes grow by k_marked times what they did
    between x and y; its send curve's checkpoints move up by what it sent. One rate per flow for sending,
    arriving and delivering, so that each flow's bytes in the network stay exactly what its queues hold (the
    steady state's premise): extrapolating the three measured rates apart would leave a few bytes sent that no
    queue holds and no arrival can ever account for."""
    for f in range(fs.shape[0]):
        d_B = np_min((useful_c[f] - useful_b[f]) * k, np_min(fs[f, L.REMAINING], fs[f, L.USEFUL_LEFT]))
        d_sent = d_B
        if grow:
            d_sent = d_B + _grow_flow(first[f], n_nodes[f], hport, port_share, fs[f, L.REMAINING] - d_B, hq, hqm)
        fs[f, L.USEFUL_LEFT] -= d_B
        fs[f, L.W_USEFUL] += d_B
        fs[f, L.C_USEFUL] += d_B
        fs[f, L.SENT] += d_sent
        fs[f, L.REMAINING] -= d_sent
        fs[f, L.ARRIVED] += d_B
        if mark:
            d_marked = (marked_y[f] - marked_x[f]) * k_marked
            fs[f, L.W_MARKED] += d_marked
            fs[f, L.C_MARKED] += d_marked
        for j in range(ck_sent.shape[1]):
            ck_sent[f, j] += d_sent


@njit
def _add_marks(fs: np.ndarray, marked_x: np.ndarray, marked_y: np.ndarray, k: float) -> None:
    """Each flow's marked bytes grow by k times what they did between snapshots x and y."""
    for f in range(fs.shape[0]):
        d_marked = (marked_y[f] - marked_x[f]) * k
        fs[f, L.W_MARKED] += d_marked
        fs[f, L.C_MARKED] += d_marked


@njit_inline
def _growth_of(a: int, n: int, hport: np.ndarray, hq: np.ndarray, port_share: np.ndarray) -> float:
    """The bytes the queues of nodes a .. a + n - 1 (one flow's) grow by, each by its port's share, added in node
    order from 0.0."""
    grow_B = 0.0
    for e in range(a, a + n):
        if port_share[hport[e]] != 0.0:
            grow_B += hq[e] * port_share[hport[e]]
    return grow_B


@njit_inline
def _grow_flow(a: int, n: int, hport: np.ndarray, port_share: np.ndarray, room_B: float, hq: np.ndarray,
               hqm: np.ndarray) -> float:
    """Grow the queues of one flow's nodes a .. a + n - 1 and their marked bytes by their ports' shares (the ports'
    queues growing at their trends, `_port_growth`), cut so that the flow adds no more than its `room_B`; returns
    what it added. A fluid FIFO port serves the same share of every flow's backlog (moves._move), so its queue
    holds the flows in the proportion they arrive: in a steady state that mix stands still, and the queue grows in
    it (each of its hops, and the marked bytes among them, by the port's share). A flow sends what it adds to the
    queues on top of what it delivers, never more than it has left to send."""
    grow_B = _growth_of(a, n, hport, hq, port_share)
    room = max(room_B, 0.0)
    cut = room / max(grow_B, 1e-30) if grow_B > room_B else 1.0
    for e in range(a, a + n):
        if port_share[hport[e]] != 0.0:
            grow = port_share[hport[e]] * cut
            hq[e] += hq[e] * grow
            hqm[e] += hqm[e] * grow
    return min(grow_B * cut, room)
