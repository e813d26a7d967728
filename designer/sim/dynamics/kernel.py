"""One step of the fluid queues, compiled: the mechanisms of the sibling modules composed in order.

Per step of dt seconds:
1. per port and traffic class: the backlog and, per upstream port, the bytes that came through it and are still
   queued in the downstream switch (its ingress occupancy: what PFC and InfiniBand credits watch), added up as the
   step before ended (`_aggregate`);
2. per port and class: PFC pause state (pfc.py), the room credits leave (credits.py), the share of the port each
   class sends (classes.py: equal-weight scheduling among the classes that may send) and the ECN marking
   probability of what leaves (ecn.py);
3. every flow's bytes move one hop (each hop's backlog drains by the port's share: a fluid FIFO; a paused port
   sends nothing of the paused class, so every flow behind it waits, victims included); what leaves the last hop
   reaches the receiver;
4. senders inject at their congestion-controlled rate as far as their NIC queue has room (back-pressure);
5. arrivals beyond a lossy queue's limit (shared_buffer.py) or beyond a PFC ingress's headroom are dropped;
6. at the receivers: useful bytes against recovery (loss.py), their one-way latency (delivery_time.py), ECN
   marks turned into CNPs; at the senders: DCQCN (dcqcn.py) or TCP-like windows (aimd.py), and resending.

A flow's route is a small graph of nodes (a port at a hop level) joined by edges (paths.py): a chain for a single
path, a fan-out and fan-in where adaptive routing or spraying split it. Each node keeps the flow's backlog at that
port; a node's bytes go on over its edges in fixed proportions, and the bytes at a node came over its incoming edges
in fixed proportions, which is how an upstream port's share of a downstream queue (its ingress occupancy) is known.
Where branches join at a switch those proportions factor, and the step sums at the junction (junctions.py) instead
of following every edge.

Traffic classes (a job's Ethernet priority or InfiniBand virtual lane, classes.py) are the lanes of a port: each has
its own queue, ingress occupancy, pause state and credits; a flow stays in its lane on every hop. Within a lane the
lossless bytes and those of a lossy workload (`pfc=off`) share one FIFO, as they did before lanes.

State is held in 2-D arrays with one row per port or flow and named columns (a column constant per field), and
3-D arrays [port, lane, field] for what each lane keeps: Numba reads a field of a large tuple of arrays slowly inside
a loop, an element of one array fast.

What the flow passes (move, deliver) touch at a hop's port is laid out for them. They visit the ports of their hops in
no order, and at 16,384 GPUs the 98,303 ports crossed hold more state than an L2 (2 MiB a core here), so each cache
line a hop touches is a miss. What a hop's move reads and adds to is one record per port and lane (`pr`, fields
R_*): 8 doubles, a 64-byte row starting on a cache line (columns.LINE_B); the delivery pass adds the next step's
backlogs to `sums` (32 bytes a port and lane). Kept among the per-port stages' arrays, a hop's move touched a line
in each of three (the lane's shares and marking, the port's per-step sums, the port counters). On the 16,384-GPU
permutation (254,153 flows, 1.41 M flow-hops, `benchmarks/fluid_stages.py 16384 permutation:64MiB --windows 20
--steps 40`) the move stage took 22.0 ms a step instead of 32.2 (with `_prefetch_records`; the step 52.3 ms
instead of 65.8; medians of 3 runs side by side). A 128-byte record that also held the sums (one record a hop in
both passes) moved as fast but made the delivery pass slower (adding up alone 12.6 ms against 10.5: four times the
bytes a port), so the sums stay apart. What only the per-port stages read (the lanes' backlogs and pause state, the
port's totals and counters) stays in `ps`, `pl` and `pa`, visited in port order; so do the fields only a flow's
first hop touches (its NIC's demand and the share taken: flows are in the order of their senders) and those only a
hop of a class that is not paused touches (arrivals and drop share of a lossy queue). The port's own fields in the
record (bytes served this step, of the classes not paused, and over the run) are each one sum over all its lanes in
flow order: kept once, in lane 0's row (PORT), they add up in the same order whatever the lanes, bit for bit. With
one lane, the common case, one row holds all a hop's move touches; with several, a hop of another lane touches its
lane's row and lane 0's. The bytes served over the run are counted in the record while a call runs and kept in the
port counters between calls (`_served_counter`).

The halves: two threads, results that do not depend on the machine. A big run (halves.HALVES_MIN_HOPS flow-hops and
more) steps through `run_steps_halves`: each flow pass of a step (`_move`, `_deliver_flows`, and `_add_flows` where
`_aggregate` runs) takes flows 0..split - 1 on one thread and split..F - 1 on another, `split` where the flows' hops
are halved (halves.py: a function of the flows alone). The per-port stages stay on one thread, but for the copying
and adding up of the records (`_mirror_halves`, `_merge_halves`: each port's own sum, whichever thread adds it).
A flow's pass reads, of other flows, only what a per-port stage fixed before it (the shares of the lanes, the marking,
the NICs' room, the drop shares: `_deliver`), and writes only its own rows (its nodes, the junctions of its graph, its
sender's and receiver's rows, its checkpoint cursor): the halves change no physics. What both would add to is the
first half's and a copy for the second (the records' sums and the ports' arrivals and demand, the next step's
backlogs, the bytes dropped, the scalars, the latency histogram); after each pass the second's are added to the
first's in port order and started again, and the flows that finished are counted down in their groups in flow order,
as one pass counts them. So a sum over both halves is (first half in flow order) + (second half in flow order) instead
of one sum in flow order: results differ from one thread's by the rounding of those additions (1e-13 of a value in
the runs compared, tests/test_sim_halves.py) and are the same on every run and every machine, whatever its cores
(with one, Numba runs the halves one after the other) and however a run is cut into windows. halves.THREADS_ENV set
to 1 keeps every run on one thread (bit for bit what a run gave before the halves), set to 2 takes the halves
whatever the size. On the 16,384-GPU permutation's state (254,153 flows, 1.41 M flow-hops) a step took 39.9 ms in
halves against 58.2 on one thread (medians of 6 windows of 10 steps in turn, each pair started with the machine's
other core idle); the flow passes gain about what two threads' random writes to a large array gain here (x1.5),
the per-port stages none. With the other core busy the halves wait for the slower one and gain nothing or lose.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import prange

from designer.sim.dynamics import aimd, classes, credits, dcqcn, delivery_time, ecn, junctions, loss, pfc, shared_buffer
from designer.sim.dynamics.jit import njit_halves, njit_inline, njit_no_refcount, prefetch_row

# the kernel's arrays (Numba compiles for the dtypes it is given and ignores these annotations)
Reals = npt.NDArray[np.float64]
Ints = npt.NDArray[np.int64]
Idx = npt.NDArray[np.int32]        # per flow-hop indices (levels, neighbours, junctions): 32 bits halve what a step
                                    # streams of them
Ports = npt.NDArray[np.uint32]     # each flow-hop's port: unsigned (`_first_node`)
Flags = npt.NDArray[np.bool_]

CC_NONE, CC_DCQCN, CC_AIMD = 0, 1, 2
# scalars
(T, DT, STEPS, MARKED, DROPPED, OVERFLOW, RESENT, CNPS, TIMEOUTS, MSS, AIMD_RTO, AIMD_RTT, DT_ALPHA,
 AIMD_RWND) = range(14)
N_SCALARS = 14
# port parameters [port, field]
CAP, XOFF, XON, HEADROOM, CREDIT_B, FIXED_LIMIT, KMIN, KMAX, PMAX, NIC_LIMIT = range(10)
N_PORT_PARAMS = 10
# port kinds [port, field] (integers)
IS_PFC, IS_CREDIT, IS_NIC, BUFFER = range(4)
N_PORT_KINDS = 4
# port state and per-step scratch [port, field]: what the port's lanes add up to
PAUSED, Q_ALL, Q_OT, ARR_OT, DROP_OT, DEMAND, TAKEN = range(7)
N_PORT_STATE = 7
# lane state and per-step scratch [port, lane, field]: per traffic class of the port
L_QPC, L_QOT, L_INGPC, L_INGALL, L_DROP, L_PAUSED, L_ELIG, L_WANT, L_GOT = range(9)
N_LANE_STATE = 9
# what a hop's move reads and adds to at its port [port, lane, field] (module docstring): one 64-byte row per port and
# lane. Per lane: the shares of its backlog that leave this step (of the paused class, of the others), the marking
# probability of what leaves, the bytes that left and that arrived through it as ingress of the paused class. Per
# port, in lane 0's row (PORT; the other lanes' are unused): the bytes it served this step (all, of the classes not
# paused) and over the run (while a call runs: `_served_counter`).
R_FRACPC, R_FRACOT, R_MARK, R_DEP, R_ARR, R_SERVED_NOW, R_SERVED_OT, R_SERVED = range(8)
N_RECORD = 8
PORT = 0                            # the lane whose row holds a port's own fields
# the next step's L_QPC, L_QOT, L_INGPC and L_INGALL as they are added up ahead of it [port, lane, field]
# (`_aggregate`): an array of their own (32 bytes a port and lane: the delivery pass's only per-hop port access)
S_QPC, S_QOT, S_INGPC, S_INGALL = range(4)
N_SUMS = 4
# port counters [port, field]; with several lanes, then per lane l the seconds paused (LANE_ACC + l) and
# credit-stalled (LANE_ACC + lanes + l) (with one, the port's own are the lane's)
SERVED, PAUSED_S, STALL_S, DROPPED_B, BUSY_S, MAXQ = range(6)
N_PORT_ACC = 6
LANE_ACC = N_PORT_ACC


def port_acc_columns(lanes: int) -> int:
    """Columns of the port counters of a run of `lanes` traffic classes (LANE_ACC on: two per lane from two on)."""
    return N_PORT_ACC + (2 * lanes if lanes > 1 else 0)


# flow parameters: integers [flow, field] and reals [flow, field]
FIRST, NNODES, LAST, NLEVELS, CC, RTX, GROUP, HGROUP, PSET, LANE = range(10)
N_FLOW_INTS = 10
LINE, BASE_LAT, RET, RTO, MTU, START = range(6)
N_FLOW_REALS = 6
# flow state [flow, field]
REMAINING, USEFUL_LEFT, SENT, ARRIVED, DONE, FINISH, W_USEFUL, W_MARKED, W_LOST, W_RESENT, W_SENT, STEP_SENT, \
    STEP_GOT, STEP_GOT_M, STEP_LOST, LOSS_HOP, C_USEFUL, C_MARKED = range(18)
N_FLOW_STATE = 18
# a node's single next (previous) node in succ1 (pred1), or one of these
SEVERAL, NONE = -1, -2
# the move pass asks for the port records of the flow this many flows ahead (`_prefetch_records`)
PREFETCH_FLOWS = 4


# Numba checks each index of a signed type for a negative value (to count from the end), which the node and flow
# passes pay on every access; an index the compiler can see is not negative skips the check. So each node's port
# number is unsigned (hport), and a flow's first node and lane are read through these two, which say they are never
# negative: 13-17 % of moving bytes and of adding up the backlogs (the 1,024-GPU AllToAll's state,
# benchmarks/fluid_stages.py).
@njit_inline
def _first_node(fi: Ints, f: int) -> int:
    a: int = max(fi[f, FIRST], 0)
    return a


@njit_inline
def _lane(fi: Ints, f: int, n_lanes: int) -> int:
    """Flow f's traffic class (0 with one class: then not read)."""
    c: int = max(fi[f, LANE], 0) if n_lanes > 1 else 0
    return c


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


@njit_no_refcount
def run_steps_halves(pp: Reals, pk: Ints, buf_B: Reals, ps: Reals, pl: Reals, pr: Reals, sums: Reals, used: Reals,
                     pa: Reals, aports: Idx, hport: Ports, hpc: Flags, hlevel: Idx, hq: Reals, hqm: Reals,
                     harr: Reals, ja: Idx, jb: Idx, jlast: Flags, wa: Reals, wb: Reals, japtr: Ints, janode: Ints,
                     jbptr: Ints, jbnode: Ints, jsum: Reals, succ1: Idx, pred1: Idx, chain: Flags, fi: Ints,
                     fr: Reals, fs: Reals, dq: Reals, dpar: Reals, am: Reals, rs: Reals, ck_t: Reals, ck_sent: Reals,
                     ck_meta: Ints, ck_cur: Ints, hist: Reals, sc: Reals, group_left: Ints, max_steps: int,
                     stop_on_group: bool, lossy_nodes: bool, split: int, ps1: Reals, pr1: Reals, sums1: Reals,
                     pa1: Reals, sc1: Reals, hist1: Reals, fin: Ints) -> int:
    """`run_steps` with each flow pass in two halves, flows 0..split - 1 and split..F - 1, on two threads (module
    docstring: the halves). The first half adds to the shared sums, the second to its own (ps1: ARR_OT and DEMAND;
    pr1: the records' sums, beside a copy of what the move reads; sums1; pa1: DROPPED_B; sc1; hist1), added to the
    first's after each pass in port order; `fin` [half, 1 + flow] notes the flows that finished, counted down in
    flow order after the pass."""
    finished = -1
    lost_set = bool(True)  # noqa: UP018 (a bool, not a constant: jit.py, Constants)
    _served_counter(pr, pa, aports, True)
    _start_halves(pa1, sc, sc1, hist1, aports)
    _clear_sums(sums, aports)
    _clear_sums(sums1, aports)
    _aggregate_halves(sums, sums1, hport, hpc, hq, ja, jb, jlast, wa, jsum, pred1, chain, fi, fs, split)
    for step in range(max_steps):
        t, dt = sc[T], sc[DT]
        _take_sums_of(pk, ps, pl, sums, sums1, True, used, aports)
        may_overflow = _serve(pp, pk, ps, pl, pr, pa, aports, dt)
        _mirror_halves(pr, pr1, ps1, aports)
        _move_halves(ps, ps1, pr, pr1, hport, hpc, hq, hqm, harr, ja, jb, jlast, wa, wb, jbptr, jbnode, jsum, succ1,
                     pred1, chain, fi, fr, fs, dq, am, t, dt, sc, lossy_nodes or may_overflow, split)
        _merge_halves(pr, pr1, ps, ps1, aports)
        sum_next = step + 1 < max_steps
        any_drop = _deliver_ports(pp, pk, buf_B, ps, pl, pr, sums, used, aports, sc, sum_next)
        if sum_next:
            _clear_sums(sums1, aports)
        _deliver_halves(ps, pl, pa, pa1, hport, hpc, hlevel, hq, hqm, harr, ja, jb, jlast, wa, jsum, japtr, janode,
                        pred1, chain, fi, fr, fs, dq, dpar, am, rs, ck_t, ck_sent, ck_meta, ck_cur, hist, hist1, sc,
                        sc1, sums, sums1, group_left, fin, t + dt, dt, lost_set, any_drop, sum_next, split)
        done = _merge_flow_sums(pa, pa1, aports, hist, hist1, sc, sc1, fi, group_left, fin, any_drop)
        lost_set = any_drop
        finished, stop = _step_end(t + dt, done, finished, stop_on_group, fs, ck_t, ck_sent, ck_meta, ck_cur, sc)
        if stop:
            break
    _served_counter(pr, pa, aports, False)
    return finished


# what the flow passes add to the scalars (`sc`): the second half adds to its own (`run_steps_halves`)
SUMMED_SCALARS = np.array([MARKED, DROPPED, OVERFLOW, RESENT, CNPS, TIMEOUTS])


@njit_inline
def _start_halves(pa1: Reals, sc: Reals, sc1: Reals, hist1: Reals, aports: Idx) -> None:
    """The second half's sums start from nothing; its scalars hold the first's settings (the passes read them)."""
    for k in range(N_SCALARS):
        sc1[k] = sc[k]
    for i in range(SUMMED_SCALARS.shape[0]):
        sc1[SUMMED_SCALARS[i]] = 0.0
    hist1[:, :] = 0.0
    for i in range(aports.shape[0]):
        pa1[aports[i], DROPPED_B] = 0.0


@njit_halves
def _aggregate_halves(sums: Reals, sums1: Reals, hport: Ports, hpc: Flags, hq: Reals, ja: Idx, jb: Idx, jlast: Flags,
                      wa: Reals, jsum: Reals, pred1: Idx, chain: Flags, fi: Ints, fs: Reals, split: int) -> None:
    """`_aggregate`'s adding up, each half into its sums (cleared)."""
    n = fi.shape[0]
    for h in prange(2):
        lo, hi = (0, split) if h == 0 else (split, n)
        own = sums if h == 0 else sums1
        _add_flows(lo, hi, own, hport, hpc, hq, ja, jb, jlast, wa, jsum, pred1, chain, fi, fs)


@njit_halves
def _mirror_halves(pr: Reals, pr1: Reals, ps1: Reals, aports: Idx) -> None:
    """`_mirror_records`, each half of the ports on its own thread (a pass of a few memory bandwidth-bound MB)."""
    n = aports.shape[0]
    for h in prange(2):
        lo, hi = (0, n // 2) if h == 0 else (n // 2, n)
        _mirror_records(pr, pr1, ps1, aports, lo, hi)


@njit_inline
def _mirror_records(pr: Reals, pr1: Reals, ps1: Reals, aports: Idx, lo: int, hi: int) -> None:
    """The second half's records (of ports aports[lo:hi]): what its moves read as `_serve` set it, its sums of the
    step from nothing."""
    for i in range(lo, hi):
        p = aports[i]
        for c in range(pr.shape[1]):
            pr1[p, c, R_FRACPC] = pr[p, c, R_FRACPC]
            pr1[p, c, R_FRACOT] = pr[p, c, R_FRACOT]
            pr1[p, c, R_MARK] = pr[p, c, R_MARK]
            pr1[p, c, R_DEP] = 0.0
            pr1[p, c, R_ARR] = 0.0
        pr1[p, PORT, R_SERVED_NOW] = 0.0
        pr1[p, PORT, R_SERVED_OT] = 0.0
        pr1[p, PORT, R_SERVED] = 0.0
        ps1[p, ARR_OT] = 0.0
        ps1[p, DEMAND] = 0.0


@njit_halves
def _move_halves(ps: Reals, ps1: Reals, pr: Reals, pr1: Reals, hport: Ports, hpc: Flags, hq: Reals, hqm: Reals,
                 harr: Reals, ja: Idx, jb: Idx, jlast: Flags, wa: Reals, wb: Reals, jbptr: Ints, jbnode: Ints,
                 jsum: Reals, succ1: Idx, pred1: Idx, chain: Flags, fi: Ints, fr: Reals, fs: Reals, dq: Reals,
                 am: Reals, t: float, dt: float, sc: Reals, track: bool, split: int) -> None:
    """`_move`, each half of the flows on its own thread, adding to its own records and port sums."""
    n = fi.shape[0]
    for h in prange(2):
        lo, hi = (0, split) if h == 0 else (split, n)
        own_ps = ps if h == 0 else ps1
        own_pr = pr if h == 0 else pr1
        _move(own_ps, own_pr, hport, hpc, hq, hqm, harr, ja, jb, jlast, wa, wb, jbptr, jbnode, jsum, succ1, pred1,
              chain, fi, fr, fs, dq, am, t, dt, sc, track, lo, hi)


@njit_halves
def _merge_halves(pr: Reals, pr1: Reals, ps: Reals, ps1: Reals, aports: Idx) -> None:
    """`_merge_records`, each half of the ports on its own thread."""
    n = aports.shape[0]
    for h in prange(2):
        lo, hi = (0, n // 2) if h == 0 else (n // 2, n)
        _merge_records(pr, pr1, ps, ps1, aports, lo, hi)


@njit_inline
def _merge_records(pr: Reals, pr1: Reals, ps: Reals, ps1: Reals, aports: Idx, lo: int, hi: int) -> None:
    """What the second half's moves added, added to the first's, port by port (of ports aports[lo:hi])."""
    for i in range(lo, hi):
        p = aports[i]
        for c in range(pr.shape[1]):
            pr[p, c, R_DEP] += pr1[p, c, R_DEP]
            pr[p, c, R_ARR] += pr1[p, c, R_ARR]
        pr[p, PORT, R_SERVED_NOW] += pr1[p, PORT, R_SERVED_NOW]
        pr[p, PORT, R_SERVED_OT] += pr1[p, PORT, R_SERVED_OT]
        pr[p, PORT, R_SERVED] += pr1[p, PORT, R_SERVED]
        ps[p, ARR_OT] += ps1[p, ARR_OT]
        ps[p, DEMAND] += ps1[p, DEMAND]


@njit_halves
def _deliver_halves(ps: Reals, pl: Reals, pa: Reals, pa1: Reals, hport: Ports, hpc: Flags, hlevel: Idx, hq: Reals,
                    hqm: Reals, harr: Reals, ja: Idx, jb: Idx, jlast: Flags, wa: Reals, jsum: Reals, japtr: Ints,
                    janode: Ints, pred1: Idx, chain: Flags, fi: Ints, fr: Reals, fs: Reals, dq: Reals, dpar: Reals,
                    am: Reals, rs: Reals, ck_t: Reals, ck_sent: Reals, ck_meta: Ints, ck_cur: Ints, hist: Reals,
                    hist1: Reals, sc: Reals, sc1: Reals, sums: Reals, sums1: Reals, group_left: Ints, fin: Ints,
                    t_end: float, dt: float, lost_set: bool, any_drop: bool, sum_next: bool, split: int) -> None:
    """`_deliver_flows`, each half of the flows on its own thread, adding to its own sums and noting its finished
    flows in fin[half]."""
    n = fi.shape[0]
    for h in prange(2):
        lo, hi = (0, split) if h == 0 else (split, n)
        own_pa = pa if h == 0 else pa1
        own_hist = hist if h == 0 else hist1
        own_sc = sc if h == 0 else sc1
        own_sums = sums if h == 0 else sums1
        _deliver_flows(ps, pl, own_pa, hport, hpc, hlevel, hq, hqm, harr, ja, jb, jlast, wa, jsum, japtr, janode,
                       pred1, chain, fi, fr, fs, dq, dpar, am, rs, ck_t, ck_sent, ck_meta, ck_cur, own_hist, own_sc,
                       own_sums, group_left, fin[h], t_end, dt, lost_set, any_drop, sum_next, lo, hi)


@njit_inline
def _merge_flow_sums(pa: Reals, pa1: Reals, aports: Idx, hist: Reals, hist1: Reals, sc: Reals, sc1: Reals, fi: Ints,
                     group_left: Ints, fin: Ints, any_drop: bool) -> int:
    """What the second half's delivery added, added to the first's (and started again); the finished flows counted
    down in flow order, as one pass would. Returns the last group that finished (-1 none)."""
    for i in range(SUMMED_SCALARS.shape[0]):
        k = SUMMED_SCALARS[i]
        sc[k] += sc1[k]
        sc1[k] = 0.0
    for g in range(hist1.shape[0]):
        for b in range(hist1.shape[1]):
            if hist1[g, b] != 0.0:
                hist[g, b] += hist1[g, b]
                hist1[g, b] = 0.0
    if any_drop:
        for i in range(aports.shape[0]):
            p = aports[i]
            pa[p, DROPPED_B] += pa1[p, DROPPED_B]
            pa1[p, DROPPED_B] = 0.0
    finished = -1
    for h in range(2):
        for k in range(fin[h, 0]):
            g = _count_down(fin[h, 1 + k], fi, group_left)
            if g >= 0:
                finished = g
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


@njit_inline
def _aggregate(sums: Reals, aports: Idx, hport: Ports, hpc: Flags, hq: Reals, ja: Idx, jb: Idx, jlast: Flags,
               wa: Reals, jsum: Reals, pred1: Idx, chain: Flags, fi: Ints, fs: Reals) -> None:
    """Per-port and per-lane backlogs by class and ingress occupancies, added up (`sums`) for the next step to take
    (`_take_sums`). A step adds them up in its delivery pass, each flow's nodes as soon as the pass leaves them
    as the next step finds them (`_deliver`): the same sums in the same order as this pass of their own, which only
    the first step of a call makes (the state may change between calls)."""
    _clear_sums(sums, aports)
    _add_flows(0, fi.shape[0], sums, hport, hpc, hq, ja, jb, jlast, wa, jsum, pred1, chain, fi, fs)


@njit_inline
def _add_flows(lo: int, hi: int, sums: Reals, hport: Ports, hpc: Flags, hq: Reals, ja: Idx, jb: Idx, jlast: Flags,
               wa: Reals, jsum: Reals, pred1: Idx, chain: Flags, fi: Ints, fs: Reals) -> None:
    """`_aggregate`'s adding up, of flows lo..hi - 1."""
    n_lanes = sums.shape[1]
    for f in range(lo, hi):
        if fs[f, DONE] == 0.0:
            _add_flow(f, sums, hport, hpc, hq, ja, jb, jlast, wa, jsum, pred1, chain, fi, n_lanes)


@njit_inline
def _clear_sums(sums: Reals, aports: Idx) -> None:
    for i in range(aports.shape[0]):
        p = aports[i]
        for c in range(sums.shape[1]):
            for k in range(N_SUMS):
                sums[p, c, k] = 0.0


@njit_inline
def _add_flow(f: int, sums: Reals, hport: Ports, hpc: Flags, hq: Reals, ja: Idx, jb: Idx, jlast: Flags, wa: Reals,
              jsum: Reals, pred1: Idx, chain: Flags, fi: Ints, n_lanes: int) -> None:
    """Unfinished flow f's backlogs and ingress occupancies added to the sums. Its nodes are visited last level
    first, so a junction's downstream backlog is summed before its upstream ports take their parts."""
    a = _first_node(fi, f)
    c = _lane(fi, f, n_lanes)
    if chain[f]:
        _aggregate_chain(sums, hport, hpc, hq, a, a + fi[f, NNODES] - 1, c)
        return
    for e in range(a + fi[f, NNODES] - 1, a - 1, -1):
        qe = hq[e]
        if qe > 0.0:
            _add_backlog(sums, hport[e], c, hpc[e], qe)
            u = pred1[e]
            if u >= 0:                            # the bytes here came through the previous hop's port
                _add_ingress(sums, hport[u], c, hpc[u], qe)
            elif u == SEVERAL:                    # ... or through several: summed at their junction
                jsum[jb[e], junctions.BEHIND] += qe
        j = ja[e]
        if j >= 0:                                # this port's part of the backlog behind its junction
            part = jsum[j, junctions.BEHIND] * wa[e]
            if part > 0.0:
                _add_ingress(sums, hport[e], c, hpc[e], part)
            if jlast[e]:
                jsum[j, junctions.BEHIND] = 0.0


@njit_inline
def _take_sums(pk: Ints, ps: Reals, pl: Reals, sums: Reals, used: Reals, aports: Idx) -> None:
    """The backlogs and ingress occupancies added up for this step become its own (a call that stops leaves the
    last step's); per port, what its lanes hold, and the shared-buffer use per switch."""
    _take_sums_of(pk, ps, pl, sums, sums, False, used, aports)


@njit_inline
def _take_sums_of(pk: Ints, ps: Reals, pl: Reals, sums: Reals, sums1: Reals, halves: bool, used: Reals,
                  aports: Idx) -> None:
    """`_take_sums`; with `halves`, of the two halves' sums (`run_steps_halves`), the first's plus the second's."""
    n_lanes = pl.shape[1]
    used[:] = 0.0
    for i in range(aports.shape[0]):
        p = aports[i]
        for c in range(n_lanes):
            if halves:
                pl[p, c, L_QPC] = sums[p, c, S_QPC] + sums1[p, c, S_QPC]
                pl[p, c, L_QOT] = sums[p, c, S_QOT] + sums1[p, c, S_QOT]
                pl[p, c, L_INGPC] = sums[p, c, S_INGPC] + sums1[p, c, S_INGPC]
                pl[p, c, L_INGALL] = sums[p, c, S_INGALL] + sums1[p, c, S_INGALL]
            else:
                pl[p, c, L_QPC] = sums[p, c, S_QPC]
                pl[p, c, L_QOT] = sums[p, c, S_QOT]
                pl[p, c, L_INGPC] = sums[p, c, S_INGPC]
                pl[p, c, L_INGALL] = sums[p, c, S_INGALL]
        q_ot = pl[p, 0, L_QOT]
        q_all = pl[p, 0, L_QPC] + q_ot
        for c in range(1, n_lanes):
            q_all += pl[p, c, L_QPC] + pl[p, c, L_QOT]
            q_ot += pl[p, c, L_QOT]
        ps[p, Q_ALL] = q_all
        ps[p, Q_OT] = q_ot
        b = pk[p, BUFFER]
        if b >= 0:
            used[b] += q_all


@njit_inline
def _aggregate_chain(sums: Reals, hport: Ports, hpc: Flags, hq: Reals, a: int, last: int, c: int) -> None:
    """`_aggregate` of one flow whose nodes a..last are a chain: node e's bytes came through node e - 1's port."""
    for e in range(last, a - 1, -1):
        qe = hq[e]
        if qe > 0.0:
            _add_backlog(sums, hport[e], c, hpc[e], qe)
            if e > a:
                _add_ingress(sums, hport[e - 1], c, hpc[e - 1], qe)


@njit_inline
def _add_backlog(sums: Reals, p: int, c: int, pc: bool, q_B: float) -> None:
    """Bytes queued at port p in lane c: of the paused class (PFC or credits) or of the others."""
    if pc:
        sums[p, c, S_QPC] += q_B
    else:
        sums[p, c, S_QOT] += q_B


@njit_inline
def _add_ingress(sums: Reals, p: int, c: int, pc: bool, q_B: float) -> None:
    """Bytes held in a switch that came in through port p (the ingress PFC counts those of its class)."""
    sums[p, c, S_INGALL] += q_B
    if pc:
        sums[p, c, S_INGPC] += q_B


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


@njit_inline
def _move(ps: Reals, pr: Reals, hport: Ports, hpc: Flags, hq: Reals, hqm: Reals, harr: Reals,
          ja: Idx, jb: Idx, jlast: Flags, wa: Reals, wb: Reals, jbptr: Ints, jbnode: Ints, jsum: Reals, succ1: Idx,
          pred1: Idx, chain: Flags, fi: Ints, fr: Reals, fs: Reals, dq: Reals, am: Reals, t: float, dt: float,
          sc: Reals, track: bool, lo: int, hi: int) -> None:
    """Every flow's bytes (of flows lo..hi - 1) move one hop, last level first (bytes that arrive at a node wait for
    the next step); at a junction they are summed and handed on at its last upstream node (junctions.py). Then, in
    the same pass, what its sender would inject this step (`_demand`). With `track`, each node's arrivals of the
    step are noted (harr): only a drop reads them (`_drop`, `_ahead_behind`), and a step without `track` drops
    nothing."""
    n_lanes = pr.shape[1]
    for f in range(lo, hi):
        _prefetch_records(f + PREFETCH_FLOWS, pr, hport, fi, n_lanes)
        if fs[f, DONE] != 0.0:
            fs[f, STEP_GOT] = 0.0
            fs[f, STEP_GOT_M] = 0.0
            fs[f, STEP_SENT] = 0.0
            continue
        a = _first_node(fi, f)
        last = a + fi[f, NNODES] - 1
        c = _lane(fi, f, n_lanes)
        got, got_m = 0.0, 0.0                         # what reaches the receiver (added to 0.0, as a sum starts)
        if chain[f]:
            out, marked = _move_chain(ps, pr, hport, hpc, hq, hqm, harr, a, last, c, track)
        else:
            out, marked = _move_graph(ps, pr, hport, hpc, hq, hqm, harr, ja, jb, jlast, wa, wb, jbptr, jbnode,
                                      jsum, succ1, pred1, a, last, c, track)
        if out >= 0.0:
            got += out
            got_m += marked
        fs[f, STEP_GOT] = got
        fs[f, STEP_GOT_M] = got_m
        _demand(f, ps, hport, fi, fr, fs, dq, am, t, dt, sc)


@njit_inline
def _prefetch_records(f: int, pr: Reals, hport: Ports, fi: Ints, n_lanes: int) -> None:
    """Hint the cache to fetch the records of flow f's ports (if there is a flow f), so that they arrive while the
    flows before it move. On the 16,384-GPU permutation's state (benchmarks/fluid_stages.py) the move stage took
    18.4 ms a step instead of 25.4, a whole step 55.9 ms instead of 62.0 (medians, side by side, compiled with
    and without). The delivery pass gained nothing from it when tried (with 128-byte records holding the sums):
    not done there."""
    if f < fi.shape[0]:
        c = _lane(fi, f, n_lanes)
        a = _first_node(fi, f)
        for e in range(a, a + fi[f, NNODES]):
            prefetch_row(pr, hport[e], c)


@njit_inline
def _leave(p: int, c: int, e: int, qe: float, share: float, pr: Reals, hpc: Flags, hq: Reals,
           hqm: Reals) -> tuple[float, float]:
    """Node e's bytes that leave port p this step (its backlog `qe` times the lane's `share`), and the marked ones
    among them. Most nodes hold no marked bytes at a port that marks none: their marked bytes are then 0.0 and their
    own left as they are, without the arithmetic that would give the same (a positive share of +0.0, adding +0.0:
    no marked count is ever -0.0, so each stays bit for bit; tests/test_sim_step_equal.py)."""
    out = qe * share
    hq[e] = qe - out
    marked = 0.0
    qm, mark = hqm[e], pr[p, c, R_MARK]
    if qm != 0.0 or mark != 0.0:
        out_m = qm * share
        marked = out_m + (out - out_m) * mark
        hqm[e] = qm - out_m
    pr[p, PORT, R_SERVED_NOW] += out
    pr[p, PORT, R_SERVED] += out
    if not hpc[e]:
        pr[p, PORT, R_SERVED_OT] += out
    return out, marked


@njit_inline
def _move_chain(ps: Reals, pr: Reals, hport: Ports, hpc: Flags, hq: Reals, hqm: Reals, harr: Reals, a: int,
                last: int, c: int, track: bool) -> tuple[float, float]:
    """`_move_graph` of a flow whose nodes a..last are a chain (node e's bytes came through e - 1 and go on to
    e + 1): what its last node delivered and the marked part (-1.0 where nothing left it)."""
    got, got_m = -1.0, 0.0
    for e in range(last, a - 1, -1):
        if track:
            harr[e] = 0.0                             # its arrivals come from e - 1, visited after it
        qe = hq[e]
        p = hport[e]
        share = pr[p, c, R_FRACPC] if hpc[e] else pr[p, c, R_FRACOT]
        if qe > 0.0 and share > 0.0:
            out, marked = _leave(p, c, e, qe, share, pr, hpc, hq, hqm)
            if e > a and hpc[e - 1]:                  # these bytes leave the switch they entered through e - 1
                pr[hport[e - 1], c, R_DEP] += out
            if e == last:
                got, got_m = out, marked
            else:
                if hpc[e]:
                    pr[p, c, R_ARR] += out
                _arrive(e + 1, out, marked, ps, hport, hpc, hq, hqm, harr, track)
    return got, got_m


@njit_inline
def _move_graph(ps: Reals, pr: Reals, hport: Ports, hpc: Flags, hq: Reals, hqm: Reals, harr: Reals,
                ja: Idx, jb: Idx, jlast: Flags, wa: Reals, wb: Reals, jbptr: Ints, jbnode: Ints, jsum: Reals,
                succ1: Idx, pred1: Idx, a: int, last: int, c: int, track: bool) -> tuple[float, float]:
    """One flow's bytes move one hop over its graph of nodes a..last; returns what its last node delivered and the
    marked part (-1.0 where nothing left it). A node's arrivals come from nodes of lower levels, visited after it,
    so its arrivals of the step start from zero when it is visited."""
    got, got_m = -1.0, 0.0
    for e in range(last, a - 1, -1):
        if track:
            harr[e] = 0.0
        j = ja[e]
        if j >= 0:                                # the bytes that left the junction's downstream nodes
            if hpc[e]:
                dep = jsum[j, junctions.BEHIND] * wa[e]
                if dep > 0.0:
                    pr[hport[e], c, R_DEP] += dep
        qe = hq[e]
        p = hport[e]
        share = pr[p, c, R_FRACPC] if hpc[e] else pr[p, c, R_FRACOT]
        if qe > 0.0 and share > 0.0:
            out, marked = _leave(p, c, e, qe, share, pr, hpc, hq, hqm)
            u = pred1[e]
            if u >= 0:                            # these bytes leave the switch they entered through u
                if hpc[u]:
                    pr[hport[u], c, R_DEP] += out
            elif u == SEVERAL:                    # ... or through a junction's upstream ports
                jsum[jb[e], junctions.BEHIND] += out
            if e == last:
                got, got_m = out, marked
            else:
                if hpc[e]:
                    pr[p, c, R_ARR] += out
                v = succ1[e]
                if v >= 0:                        # on to the next hop
                    _arrive(v, out, marked, ps, hport, hpc, hq, hqm, harr, track)
                else:                             # or into the junction that splits them
                    jsum[j, junctions.OUT] += out
                    jsum[j, junctions.OUT_MARKED] += marked
        if j >= 0 and jlast[e]:                   # the junction's sums are complete: hand them on
            out = jsum[j, junctions.OUT]
            if out > 0.0:
                marked = jsum[j, junctions.OUT_MARKED]
                for k in range(jbptr[j], jbptr[j + 1]):
                    v = jbnode[k]
                    _arrive(v, out * wb[v], marked * wb[v], ps, hport, hpc, hq, hqm, harr, track)
            jsum[j, junctions.OUT] = 0.0
            jsum[j, junctions.OUT_MARKED] = 0.0
            jsum[j, junctions.BEHIND] = 0.0
    return got, got_m


@njit_inline
def _arrive(v: int, part: float, marked: float, ps: Reals, hport: Ports, hpc: Flags, hq: Reals, hqm: Reals,
            harr: Reals, track: bool) -> None:
    hq[v] += part
    if marked != 0.0:                 # (adding 0.0 leaves it: `_leave`)
        hqm[v] += marked
    if track:
        harr[v] += part
    if not hpc[v]:
        ps[hport[v], ARR_OT] += part


@njit_inline
def _demand(f: int, ps: Reals, hport: Ports, fi: Ints, fr: Reals, fs: Reals, dq: Reals, am: Reals, t: float,
            dt: float, sc: Reals) -> None:
    """What unfinished flow f's sender would put into its NIC queue this step at its rate (STEP_SENT), added to the
    NIC port's demand (`_inject` then holds it to the queue's room)."""
    fs[f, STEP_SENT] = 0.0
    if fr[f, START] > t + 1e-15 or fs[f, REMAINING] <= 0.0:
        return
    rate = fr[f, LINE]
    if fi[f, CC] == CC_DCQCN:
        rate = dq[f, dcqcn.RATE]
    elif fi[f, CC] == CC_AIMD:
        rate = aimd.sending_rate(f, t, fr[f, LINE], aimd.round_trip_s(sc[AIMD_RTT], fr[f, RET]), am)
    want = min(rate * dt, fs[f, REMAINING])
    fs[f, STEP_SENT] = want
    ps[hport[_first_node(fi, f)], DEMAND] += want


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
        fs[f, W_SENT] += inj
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
