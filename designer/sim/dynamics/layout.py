"""The compiled step's arrays (kernel.py) and their named columns: what each row and field holds, and how what the
flow passes touch at a port is laid out for them.

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
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from designer.sim.dynamics.jit import njit_inline

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
REMAINING, USEFUL_LEFT, SENT, ARRIVED, DONE, FINISH, W_USEFUL, W_MARKED, W_LOST, W_RESENT, STEP_SENT, STEP_GOT, \
    STEP_GOT_M, STEP_LOST, LOSS_HOP, C_USEFUL, C_MARKED = range(17)
N_FLOW_STATE = 17
# a node's single next (previous) node in succ1 (pred1), or one of these
SEVERAL, NONE = -1, -2


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
