"""One step of the fluid queues, compiled: the mechanisms of the sibling modules composed in order.

Per step of dt seconds:
1. per port and traffic class: the backlog and, per upstream port, the bytes that came through it and are still
   queued in the downstream switch (its ingress occupancy: what PFC and InfiniBand credits watch), added up as the
   step before ended (backlogs.py);
2. per port and class: PFC pause state (pfc.py), the room credits leave (credits.py), the share of the port each
   class sends (classes.py: equal-weight scheduling among the classes that may send) and the ECN marking
   probability of what leaves (ecn.py), in serve.py;
3. every flow's bytes move one hop (each hop's backlog drains by the port's share: a fluid FIFO; a paused port
   sends nothing of the paused class, so every flow behind it waits, victims included); what leaves the last hop
   reaches the receiver (moves.py);
4. senders inject at their congestion-controlled rate as far as their NIC queue has room (back-pressure;
   moves.py asks, delivery.py takes);
5. arrivals beyond a lossy queue's limit (shared_buffer.py) or beyond a PFC ingress's headroom are dropped;
6. at the receivers: useful bytes against recovery (loss.py), their one-way latency (delivery_time.py), ECN
   marks turned into CNPs; at the senders: DCQCN (dcqcn.py) or TCP-like windows (aimd.py), and resending
   (4 to 6 in one pass over the flows: delivery.py).

Traffic classes (a job's Ethernet priority or InfiniBand virtual lane, classes.py) are the lanes of a port: each has
its own queue, ingress occupancy, pause state and credits; a flow stays in its lane on every hop. Within a lane the
lossless bytes and those of a lossy workload (`pfc=off`) share one FIFO, as they did before lanes.

The arrays the step is handed and their named columns are in layout.py; step_halves.py runs the same step with its
flow passes in two halves of the flows on two threads (`run_steps_halves`).
"""

from __future__ import annotations

from designer.sim.dynamics import delivery_time
from designer.sim.dynamics.backlogs import _aggregate, _take_sums
from designer.sim.dynamics.delivery import _deliver
from designer.sim.dynamics.jit import njit_inline, njit_no_refcount
from designer.sim.dynamics.layout import (
    ARRIVED,
    DONE,
    DT,
    PORT,
    R_SERVED,
    SENT,
    SERVED,
    STEPS,
    Flags,
    Idx,
    Ints,
    Ports,
    Reals,
    T,
)
from designer.sim.dynamics.moves import _move
from designer.sim.dynamics.serve import _serve


@njit_no_refcount
def run_steps(pp: Reals, pk: Ints, buf_B: Reals, ps: Reals, pl: Reals, pr: Reals, sums: Reals, used: Reals,
              pa: Reals,
              aports: Idx, hport: Ports, hpc: Flags, hlevel: Idx, hq: Reals, hqm: Reals, harr: Reals, ja: Idx, jb: Idx,
              jlast: Flags, wa: Reals, wb: Reals, japtr: Ints, janode: Ints, jbptr: Ints, jbnode: Ints, jsum: Reals,
              succ1: Idx, pred1: Idx, chain: Flags, fi: Ints, fr: Reals, fs: Reals, dq: Reals, dpar: Reals,
              am: Reals, rs: Reals, ck_t: Reals, ck_sent: Reals, ck_meta: Ints, ck_cur: Ints, hist: Reals, sc: Reals,
              group_left: Ints, max_steps: int, stop_on_group: bool, lossy_nodes: bool) -> int:
    """Run up to `max_steps` steps; stop early when every flow is done or (with `stop_on_group`) when a completion
    group finishes. Returns the group that finished (-1 none). Only the ports in `aports` (those the flows cross)
    are visited by the per-port stages. `chain` marks the flows whose nodes are one chain in order (node e's next
    is e + 1, no junction): their steps need not read the nodes' links. `lossy_nodes`: some node is of a class a
    switch port may drop (not PFC-paused at a port that is not a NIC's nor credit-paced): a step then always notes
    each node's arrivals, else only where a PFC ingress might overflow its headroom (`_serve`)."""
    finished = -1
    # some flow's loss fields may be set (the last step dropped bytes): clear them. bool(...): a bool, not a constant
    # (jit.py, Constants)
    lost_set = bool(True)  # noqa: UP018
    _served_counter(pr, pa, aports, True)
    _aggregate(sums, aports, hport, hpc, hq, ja, jb, jlast, wa, jsum, pred1, chain, fi, fs)
    for step in range(max_steps):
        t, dt = sc[T], sc[DT]
        _take_sums(pk, ps, pl, sums, used, aports)
        may_overflow = _serve(pp, pk, ps, pl, pr, pa, aports, dt)
        _move(ps, pr, hport, hpc, hq, hqm, harr, ja, jb, jlast, wa, wb, jbptr, jbnode, jsum, succ1, pred1,
              chain, fi, fr, fs, dq, am, t, dt, sc, lossy_nodes or may_overflow, 0, fi.shape[0])
        done, lost_set = _deliver(pp, pk, buf_B, ps, pl, pr, sums, used, pa, aports, hport, hpc, hlevel, hq, hqm,
                                  harr, ja, jb, jlast, wa, jsum, japtr, janode, pred1, chain, fi, fr, fs, dq, dpar, am,
                                  rs, ck_t, ck_sent, ck_meta, ck_cur, hist, sc, group_left, t + dt, dt, lost_set,
                                  step + 1 < max_steps)
        finished, stop = _step_end(t + dt, done, finished, stop_on_group, fs, ck_t, ck_sent, ck_meta, ck_cur, sc)
        if stop:
            break
    _served_counter(pr, pa, aports, False)
    return finished


@njit_inline
def _served_counter(pr: Reals, pa: Reals, aports: Idx, into_records: bool) -> None:
    """The bytes each port served over the run: counted per hop in the port's record while a call runs (R_SERVED,
    beside what else the hop adds to), kept in the port counters between calls (pa[SERVED], which the callers read
    and carry over jumps). Copied in at a call's start and out at its end: a port the call's flows do not cross
    (`aports`) keeps its count."""
    for i in range(aports.shape[0]):
        p = aports[i]
        if into_records:
            pr[p, PORT, R_SERVED] = pa[p, SERVED]
        else:
            pa[p, SERVED] = pr[p, PORT, R_SERVED]


@njit_inline
def _step_end(t_end: float, done: int, finished: int, stop_on_group: bool, fs: Reals, ck_t: Reals, ck_sent: Reals,
              ck_meta: Ints, ck_cur: Ints, sc: Reals) -> tuple[int, bool]:
    """A step's end: its checkpoint of the bytes sent and arrived (delivery_time.py), the clock moved on. Returns the
    completion group that finished (`done` where one did this step, else `finished`) and whether the steps stop:
    every flow done, or a group done with `stop_on_group`."""
    delivery_time.checkpoint(t_end, fs[:, SENT], fs[:, ARRIVED], fs[:, DONE], ck_t, ck_sent, ck_meta, ck_cur)
    sc[T] = t_end
    sc[STEPS] += 1
    if done >= 0:
        return done, stop_on_group or _all_done(fs)
    return finished, _all_done(fs)


@njit_inline
def _all_done(fs: Reals) -> bool:
    for f in range(fs.shape[0]):
        if fs[f, DONE] == 0.0:
            return False
    return True
