"""Estimate the memory a simulation will need before running it, and refuse one above the budget.

What a run holds, and when (the constants below, bytes per counted thing, come from the arrays' layouts and are
checked against the measurements at the end):

- Routes, for the whole run (routed once per pattern, shared by the ideal and the real pass): per route-matrix
  entry (a port a sub-flow crosses) a row of the hop list (port, sub-flow, share, level: 4 x 8 B) and an entry of
  the sparse matrix (8 B share + 4 B index); per sub-flow its own arrays, two entries of the ideal pass's matrix
  and the engine's figures. Routing a pattern holds more for a while: the hop list's parts, their concatenation
  and sorted copy, the sparse matrix's construction (`ROUTE_BUILD_ENTRY_BYTES` per entry), and the next-hop
  candidates of the level being expanded (at most `CHUNK_CANDIDATES` rows at a time, routing.py); a walk whose
  every hop is hashed (ECMP) lists no candidates but takes its widest level at once, each branch (a sub-flow
  whose ends sit on different switches) with its distance row, hash, pick and next front (`HASHED_BRANCH_BYTES`).
- The fluid queues, once flows are put into them (FluidQueues.install, FluidSimulator.add_flows): per flow the
  kernel's integer, real and state rows, the DCQCN, window and recovery state and the flow set, each built and
  then stacked; the latency checkpoints (`delivery_time.ring_depth` of them, 8 B each, also built and stacked: 64
  per flow up to 125,000 flows, 8 from a million); per flow-hop the queue, level, port, chain and junction arrays
  and the install's hop list and hop graph; per edge of the hop graphs (a chain has one fewer than its hops; at a
  switch of a split route, the ports in times the ports out) four arrays in the graph, four in the simulator and
  their sorts; per installed sub-flow its selection and shares and, where queue pairs may merge, its row of the
  path key that queue_pairs.py sorts. From `halves.HALVES_MIN_HOPS` flow-hops (dynamics/halves.py) the step runs
  in two halves of the flows, and the second half has its own copies of the ports' state, records, sums and
  counters (25 float64 a port with one traffic class) and notes of finished flows (2 x 8 B a flow): 33 MiB for
  131,072 ports and 512,000 flows, counted exactly (`halves.copies_bytes`). A run's peak is the routes plus the
  larger of one pattern's routing and the queues with every pattern's flows in them.
- Per directed port about 75 float64 arrays (capacity, queues, PFC, ECN, totals) and a fixed overhead.

All of it is counted from the compiled fabric and the planned patterns, before anything is routed: each flow's
switch-to-switch hops from one breadth-first search per edge switch; its queue pairs and whether it spreads
(adaptive routing, spraying) from its sender's segment and the workload's options, as routing.py decides; for a
representative pair of edge switches at each distance the ports, joins and number of equal-cost paths between
them. Queue pairs of one connection that may merge (senders without DCQCN or a window, a lossless class) hash onto
m(1 - (1 - 1/m)^q) distinct paths on average (`fluid_flows_and_hops`). Every pattern's flows count as being in
the queues at once (an upper bound where phases follow each other), but those of a chain of phases, each the only
one after the one before (an AllToAll's p2p channel runs its batches so: alltoall.py), count at the chain's largest
(`one_at_a_time`: a phase leaves the queues when it ends), and except a pattern that surely offers no port
more than it carries, which the engine never puts into the queues: one that only pipelined phases draining alone
run (NCCL's tree and SHARP AllReduce with no other flow phase beside them: lone_pipelines.py; where ports may fail
they count), and one that `_fits`: an AllToAll with adaptive routing or spraying, a ring over two tiers. The counts
match the router's exactly and the queues' flows within 1 % on the cases below.

Measured with benchmarks/sim_memory.py (each case in a fresh process: the peak resident size minus that of the
process once the engine is loaded and the fabric generated; `1st` stops after the first fluid window, where the
flows are installed and the peak of a single-phase run is reached; with the compiled functions already in the
cache: a first run compiles some inside the measurement, 268 MiB for the 1,024-GPU permutation). Fat trees (three
tiers from 4,096 GPUs), RoCEv2 at its recommended settings (16 queue pairs, ECMP, no DCQCN) unless named; MiB,
sub-flows and fluid flows as the run made them (one run each; * measured on an earlier engine, not again: it takes
14 GiB; the 65,536-GPU InfiniBand row by the same method on the design loaded from its file):

    case                                      estimate  measured  ratio  sub-flows  fluid flows  flow-hops
    65,536 IB allreduce:1GiB                      2948      2216   1.33  1,179,616            0          0
    65,536 allreduce:1GiB                         2697      1722   1.57  5,111,296            0          0
    16,384 allreduce:1GiB                          680       460   1.48  1,277,440            0          0
    16,384 permutation:256MiB (1st)               1055       533   1.98    261,994      254,153  1,409,696
    16,384 IB allreduce:1GiB                       808       565   1.43    294,880            0          0
    8,192 allreduce:1GiB                           344       238   1.45    638,464            0          0
    4,096 allreduce:16MiB                          176       107   1.64    318,976            0          0
    2,048 IB alltoall:16MiB (1st)                15797    14252*   1.11    536,576      536,576 34,103,296
    1,024 alltoall:256MiB (1st)                   5936      2165   2.74  2,087,936    1,951,937  7,779,076
    1,024 alltoall:64MiB:dcqcn=on (1st)           5692      2217   2.57  2,087,936    2,087,936  8,108,032
    1,024 alltoall:64MiB:qps=1 (1st)               431       181   2.38    137,216      137,216    520,192
    1,024 alltoall:64MiB:spray=on                 2138      1730   1.24    137,216            0          0
    1,024 IB alltoall:64MiB                       1181       957   1.23    137,216            0          0
    512 IB alltoall:64MiB                          318       227   1.40     35,840            0          0
    512 alltoall:64MiB                            1480       261   5.67    519,680            0          0
    256 alltoall:64MiB                             101        58   1.74    128,768            0          0
    1,024 allreduce:64MiB                           48        25   1.94     79,360            0          0
    1,024 allreduce:64MiB:dcqcn=on                  48        27   1.81     79,360            0          0
    1,024 allreduce:64MiB:qps=1                     19         6   2.97     18,400            0          0
    1,024 allreduce:64MiB:algo=ring                 21         4   4.94     23,552            0          0
    1,024 IB allreduce:64MiB                        38        16   2.31     18,400            0          0
    1,024 permutation:256MiB                        71        44   1.60     16,234       15,274     60,978
    1,024 permutation:64MiB:spray=on               131       109   1.21      1,024        1,024    125,568
    1,024 IB permutation:64MiB                      47        31   1.55      1,024        1,024     65,792
    rail-optimized 1,024 allreduce:64MiB            42        20   2.11     79,360            0          0
    rail-only 1,024 allreduce:64MiB                 40        19   2.15     79,360            0          0
    multi-plane 1,024 allreduce:64MiB               44        24   1.85     79,360            0          0
    128 allreduce:64MiB                             12         0      -      9,472            0          0

The AllToAll in NCCL's rounds of peers, each channel's batches one after another (alltoall.py; measured the same
way, whole runs): 1,024 InfiniBand `alltoall:64MiB` 1464 estimated, 1063 measured (32,768 fluid flows at most), 512
InfiniBand 791 and 452, 1,024 RoCEv2 `alltoall:256MiB` 2012 and 1411 (501,702 fluid flows), 512 RoCEv2
`alltoall:64MiB` 894 and 702, 256 RoCEv2 377 and 64; counting every batch's queues at once had estimated the
1,024-GPU InfiniBand one at 4466.

The estimate is never below the measurement. The AllReduces are NCCL's tree, one pipelined phase that drains
alone and never enters the queues (lone_pipelines.py), and the ring of the two-tier fabric `_fits`: the estimate
counts their routes, their routing and the ports, 1.33-1.64x of the peak from 100 MiB up (it counted queues the
trees never fill before, 4.1-5.5x; the 65,536-GPU InfiniBand AllReduce was estimated at 10.0 GiB and refused on a
machine of 24 GiB), 1.8-4.9x below that, where the fixed overhead and the ports weigh most. A hashed walk's level
now counts each branch once: it counted every branch's candidates (48 MiB of the 94 the 1,024-GPU AllReduce was
estimated at without the queues). Where the run puts flows into the queues the estimate is 1.11-2.74x of the peak
(the constants were set on the engine of an earlier measurement, when the 1,024-GPU AllToAll's first window held
4.9 GiB instead of 2.2, the qps=1 one 362 MiB instead of 181), and 1.23-1.40x on the AllToAlls the engine finds
no port overloaded in (spraying, InfiniBand's). Where the engine finds no port overloaded and the estimate cannot
tell, it counts queues the run never fills: the 512 AllToAll over ECMP (5.7x). The estimate before this model said
5.7 GiB for the 16,384-GPU AllReduce (refusing it at the default budget) and 2.2 GiB for the 1,024-GPU AllToAll
(which then took 4.8 GiB above an idle engine).
A 512-GPU three-tier InfiniBand AllToAll is estimated at 26 GiB (0.5 before): with adaptive routing its hop
graphs join every port into a core switch with every port out, 171.6 million edges (counted within 0.01 %), and the
run fails to allocate them under a 9 GB limit. Loading the compiled queue model into an empty cache costs about
250 MiB more, once.

The budget is the environment variable `FABRIC_DESIGNER_SIM_MEMORY_MIB` where set (or the `limit_bytes`
argument); else 40 % of the machine's memory (of the container's limit where a control group sets one), and never
less than `DEFAULT_BUDGET_MIB`: a fixed 4 GiB refused the 1,024-GPU RoCEv2 AllToAll (estimated at 5.8 GiB) on a
machine of 24 GiB, and 40 % leaves the window, the rest of the desktop and a second sweep process room beside the
run (the estimate is never below what a run takes).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, replace

import numpy as np
import scipy.sparse as sp
from scipy.sparse.csgraph import shortest_path

from designer.i18n.message import Message
from designer.sim.compile import KIND_CODES, CompiledFabric
from designer.sim.dynamics import halves
from designer.sim.dynamics.delivery_time import ring_depth
from designer.sim.framing import PROTO_IB
from designer.sim.lone_pipelines import lone_pipelines
from designer.sim.routing import SPRAY_PACKET_BYTES
from designer.sim.traffic_classes import lanes
from designer.sim.transfers import FlowPattern, Phase, Plan
from designer.sim.workload_spec import WorkloadError

BUDGET_ENV = "FABRIC_DESIGNER_SIM_MEMORY_MIB"
DEFAULT_BUDGET_MIB = 4096          # the least default budget (also what a machine whose memory cannot be read gets)
MACHINE_SHARE = 0.4                # the default budget's share of the machine's memory
# where a control group (cgroup v2, then v1) limits this process's memory
CGROUP_LIMIT_FILES = ("/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes")

# Bytes per counted thing (module docstring: basis, and the measurements they are checked against).
ENTRY_BYTES = 44                  # route entry held: hop-list row (port, sub-flow, share, level: 4 x 8 B) + matrix 12 B
SUB_FLOW_BYTES = 128              # sub-flow held: RoutedFlows' arrays (6 x 8 B), ideal matrix (2 x 12 B), engine's
ROUTE_BUILD_ENTRY_BYTES = 88      # route entry while a pattern is routed: parts, concatenation, sort keys, COO
CANDIDATE_BYTES = 50              # next-hop candidate row while a level is expanded (6 x 8 B + a mask)
CHUNK_CANDIDATES = 2_000_000      # routing.py's _CHUNK_ENTRIES: candidate rows expanded at once
HASHED_BRANCH_BYTES = 210         # branch of a hashed walk's level, all at once: distance row, pair, hash, pick,
#                                   port, next front and its copies (195 B measured with tracemalloc, + the pick)
FLOW_BYTES = 1100                 # fluid flow: kernel rows 80 + 48 + 136 B, DCQCN 112, window 24, recovery 72,
#                                   each built and then stacked (x 2), and the flow set's 13 columns
CHECKPOINT_BYTES = 16             # latency checkpoint of a flow: 8 B, built and then stacked
HOP_BYTES = 200                   # flow-hop: port, level, queue x 3, chain and junction arrays (~115 B held), the
#                                   install's hop list and hop graph rows (2 x 32 B) and the index sorts
EDGE_BYTES = 150                  # hop-graph edge: 4 x 8 B in the graph and 4 x 8 B in the simulator, the sorts
INSTALL_SUB_BYTES = 100           # sub-flow while installed: selection, renumbering, shares, Installed's 4 arrays
MERGE_SUB_BYTES = 250             # and, when it may merge, its row of the path key and np.unique's copies of it
PORT_BYTES = 600                  # ~75 float64 arrays indexed by directed port (capacity, queues, PFC, ECN, totals)
BASE_BYTES = 8 * 2**20            # fixed overhead of a run (interpreter-side structures, result building)


class SimulationTooLarge(WorkloadError):
    """The simulation's estimated memory is above the budget (a WorkloadError: the caller's input)."""


@dataclass(frozen=True)
class MemoryEstimate:
    """What a run would hold in memory, and the counts the figure comes from."""

    sub_flows: int            # sub-flows (queue pairs) of every planned flow pattern
    hops_per_sub_flow: float  # route-matrix entries per sub-flow (ports crossed, times spreading)
    ports: int
    total_bytes: int
    fluid_flows: int = 0      # flows of the fluid queues if every pattern were in them at once
    flow_hops: int = 0

    def describe(self) -> str:
        return (f"{self.sub_flows:,} sub-flows x {self.hops_per_sub_flow:.0f} port entries on "
                f"{self.ports:,} ports")


@dataclass(frozen=True)
class Counts:
    """What one flow pattern puts into the engine (expected counts, not rounded)."""

    sub_flows: float = 0.0
    entries: float = 0.0          # route-matrix entries
    candidates: float = 0.0       # next-hop candidate rows expanded while routing (before the chunk bound)
    fluid_flows: float = 0.0
    flow_hops: float = 0.0
    edges: float = 0.0            # edges of the fluid hop graphs
    installed: float = 0.0        # sub-flows put into the queues
    mergeable: float = 0.0        # of which queue pairs that may merge (queue_pairs.py compares their paths)
    branches: float = 0.0         # sub-flows of walks that hash every hop (ECMP), expanded at once (no candidates)

    def __add__(self, o: Counts) -> Counts:
        return Counts(*(a + b for a, b in zip(self.astuple(), o.astuple(), strict=True)))

    def astuple(self) -> tuple[float, ...]:
        return (self.sub_flows, self.entries, self.candidates, self.fluid_flows, self.flow_hops, self.edges,
                self.installed, self.mergeable, self.branches)


def budget_bytes() -> int:
    """The memory budget: FABRIC_DESIGNER_SIM_MEMORY_MIB if set (a positive whole number), else the default."""
    raw = os.environ.get(BUDGET_ENV)
    if raw is None or raw.strip() == "":
        return default_budget_bytes()
    try:
        mib = int(raw.strip())
    except ValueError:
        raise WorkloadError(Message("error.sim.budget_int", env=BUDGET_ENV, value=repr(raw))) from None
    if mib <= 0:
        raise WorkloadError(Message("error.sim.budget_positive", env=BUDGET_ENV, value=repr(raw)))
    return mib * 2**20


def default_budget_bytes() -> int:
    """MACHINE_SHARE of the machine's memory, at least DEFAULT_BUDGET_MIB (module docstring)."""
    floor = DEFAULT_BUDGET_MIB * 2**20
    memory = machine_memory_bytes()
    return floor if memory is None else max(floor, int(MACHINE_SHARE * memory))


def machine_memory_bytes() -> int | None:
    """The memory this process may use: the machine's, or its control group's limit where lower; None where the
    system does not say (Windows)."""
    try:
        physical = int(os.sysconf("SC_PAGE_SIZE")) * int(os.sysconf("SC_PHYS_PAGES"))
    except (AttributeError, ValueError, OSError):
        return None
    limits = [physical] + [x for x in map(_cgroup_limit, CGROUP_LIMIT_FILES) if x is not None]
    return min(limits) if physical > 0 else None


def _cgroup_limit(path: str) -> int | None:
    """A control group's memory limit in bytes, None where the file is absent or says there is none ("max", or
    cgroup v1's page-rounded largest number)."""
    try:
        with open(path, encoding="ascii") as f:
            text = f.read().strip()
    except OSError:
        return None
    return int(text) if text.isdigit() and int(text) < 2**60 else None


# ---- the fabric: distances between the switches the NICs attach to ----------------------------------------
_BFS_ROWS = 256                   # edge switches searched from at once
@dataclass(frozen=True)
class _Spread:
    """The shortest paths between two edge switches `distance` switch-to-switch hops apart."""

    ports: int        # ports on any of them (a spread route's entries between the NICs)
    joins: int        # hop-graph edges of a spread route: ports into a switch times ports out, plus the NICs' two
    paths: int        # distinct equal-cost paths (ECMP's choices)
    choices: int      # next-hop candidates routing expands for one sub-flow at the widest level: a switch's ports
    #                   one hop closer (single path), all the ports of a level (spread)
    widest: int


@dataclass(frozen=True)
class _Reach:
    """Per GPU the row (sending) and column (receiving) of its NIC's switch in `dist` (-1 none); the hops between
    them (-1 unreachable); per distance the spread of the paths."""

    tx: np.ndarray
    rx: np.ndarray
    dist: np.ndarray
    spread: dict[int, _Spread]


def _transit_ports(fab: CompiledFabric) -> np.ndarray:
    """The switch-to-switch (or gateway) ports."""
    kinds = np.asarray(fab.node_kind)
    transit = (kinds == KIND_CODES["switch"]) | (kinds == KIND_CODES["gateway"])
    return np.flatnonzero(transit[np.asarray(fab.port_src)] & transit[np.asarray(fab.port_dst)])


def _transit_graph(fab: CompiledFabric) -> tuple[sp.csr_matrix, np.ndarray, np.ndarray]:
    """The switch-to-switch graph (one entry per port: parallel cables add up) and its ports' ends."""
    n = len(fab.node_ids)
    port = _transit_ports(fab)
    src, dst = np.asarray(fab.port_src)[port], np.asarray(fab.port_dst)[port]
    graph = sp.csr_matrix((np.ones(len(port)), (src, dst)), shape=(n, n))
    return graph, src, dst


def _reach(fab: CompiledFabric, tx_port: np.ndarray, rx_port: np.ndarray) -> _Reach:
    """Distances between the switches GPUs send into (`tx_port`) and receive from (`rx_port`), -1 for no NIC."""
    graph, u, v = _transit_graph(fab)
    tx_sw = np.where(tx_port >= 0, np.asarray(fab.port_dst)[np.maximum(tx_port, 0)], -1)
    rx_sw = np.where(rx_port >= 0, np.asarray(fab.port_src)[np.maximum(rx_port, 0)], -1)
    rows, tx = np.unique(tx_sw, return_inverse=True)
    cols, rx = np.unique(rx_sw, return_inverse=True)
    tx = np.where(tx_sw >= 0, tx - int((rows < 0).any()), -1)
    rx = np.where(rx_sw >= 0, rx - int((cols < 0).any()), -1)
    rows, cols = rows[rows >= 0], cols[cols >= 0]
    if len(rows) == 0 or len(cols) == 0:
        return _Reach(tx, rx, np.full((max(len(rows), 1), max(len(cols), 1)), -1), {})
    dist = np.full((len(rows), len(cols)), -1, dtype=np.int16)
    for a in range(0, len(rows), _BFS_ROWS):        # a few rows at a time: each is as long as the fabric's nodes
        d = shortest_path(graph, unweighted=True, directed=True, indices=rows[a:a + _BFS_ROWS])[:, cols]
        dist[a:a + _BFS_ROWS] = np.where(np.isfinite(d), d, -1)
    spread = {}
    back = graph.T.tocsr()
    for k in np.unique(dist[dist >= 0]).tolist():
        i, j = (int(a[0]) for a in np.nonzero(dist == k))
        from_i = shortest_path(graph, unweighted=True, directed=True, indices=int(rows[i]))
        to_j = shortest_path(back, unweighted=True, directed=True, indices=int(cols[j]))
        spread[k] = _spread_of(from_i, to_j, u, v, k, int(rows[i]), int(cols[j]))
    return _Reach(tx, rx, dist, spread)


def _spread_of(from_i: np.ndarray, to_j: np.ndarray, u: np.ndarray, v: np.ndarray, k: int, i: int,
               j: int) -> _Spread:
    """Ports, hop-graph joins and distinct paths of the shortest paths from switch i to switch j, k hops apart."""
    if k == 0:
        return _Spread(0, 1, 1, 0, 0)
    on = from_i[u] + 1 + to_j[v] == k
    pu, pv = u[on], v[on]
    n = len(from_i)
    into, out = np.bincount(pv, minlength=n), np.bincount(pu, minlength=n)
    inner = (np.arange(n) != i) & (np.arange(n) != j)
    joins = int(out[i] + into[j] + (into * out)[inner].sum())
    paths = np.zeros(n)
    paths[i] = 1.0
    for level in range(k):
        at = from_i[pu] == level
        np.add.at(paths, pv[at], paths[pu[at]])
    per_level = np.bincount(from_i[pu].astype(np.int64), minlength=k)
    return _Spread(int(on.sum()), joins, int(paths[j]), int(out.max()), int(per_level.max()))


# ---- the flows: queue pairs, spreading and senders of each ----------------------------------------------
@dataclass(frozen=True)
class _Modes:
    """Per flow: queue pairs, whether it spreads, whether its queue pairs may merge, whether it leaves the server;
    whether every flow that leaves its server hashes its hops (ECMP: routing.py's `_hashed_only` walk)."""

    qps: np.ndarray
    spread: np.ndarray
    mergeable: np.ndarray
    net: np.ndarray
    hashed: bool = False


def _modes(fab: CompiledFabric, plan: Plan, phase: Phase) -> _Modes:
    """Each flow's sending segment's settings, overridden by the workload's qps=, ar=, spray=, dcqcn=, pfc= (as
    routing.py's `_policies` and fluid_queues.py's senders decide them)."""
    pattern = phase.pattern
    assert pattern is not None
    opts = pattern.route
    w = plan.workloads[phase.workload].workload if phase.workload < len(plan.workloads) else None
    segs = list(fab.segments)
    seg_ib = np.array([s.protocol == PROTO_IB for s in segs] + [False])
    seg_qps = np.array([1 if s.protocol == PROTO_IB else max(int(s.rocev2.qps), 1) for s in segs] + [1])
    seg_ar = np.array([bool(s.ib.adaptive_routing) for s in segs] + [False])
    seg_spray = np.array([s.rocev2.load_balancing == "spray" for s in segs] + [False])
    dcqcn_opt = w.opt("dcqcn") if w is not None else None
    seg_react = np.array([(not s.protocol == PROTO_IB) and bool(s.rocev2.dcqcn if dcqcn_opt is None else dcqcn_opt)
                          for s in segs] + [bool(True if dcqcn_opt is None else dcqcn_opt)])
    seg = np.asarray(fab.node_segment)[np.asarray(fab.gpu_server)[pattern.src]]
    net = np.asarray(fab.gpu_server)[pattern.src] != np.asarray(fab.gpu_server)[pattern.dst]
    qps = np.full(len(seg), int(opts.qps)) if opts.qps is not None else seg_qps[seg]
    ar = seg_ar[seg] if opts.adaptive is None else np.full(len(seg), bool(opts.adaptive))
    spray = seg_spray[seg] if opts.spray is None else np.full(len(seg), bool(opts.spray))
    spread = np.where(seg_ib[seg], ar, spray)          # adaptive routing on InfiniBand, spraying on RoCEv2
    front = opts.plane == "frontend"
    spread = spread & net & (not front)
    if not front:                                      # each NCCL channel its own queue pairs (routing.py)
        qps = np.where(seg_ib[seg], qps, qps * max(1, opts.channels))
    qps = np.where(spread | ~net, 1, qps)
    if fab.planes > 1 and not front:
        qps = np.where(net, -(-qps // fab.planes) * fab.planes, qps)
    lossless = bool(w.opt("pfc", True)) if w is not None else True
    react = seg_react[seg] | front
    mergeable = ~react & lossless
    hashed = bool((~net | (~spread & (~seg_ib[seg] | front))).all())     # RoCEv2 or the front-end, not sprayed
    return _Modes(qps.astype(np.int64), spread, mergeable, net, hashed)


def fluid_flows_and_hops(connections: float, queue_pairs: float, paths: float, hops: float,
                         mergeable: bool) -> tuple[float, float, float]:
    """Fluid flows, flow-hops and hop-graph edges of `connections` connections of `queue_pairs` queue pairs each,
    hashed over `paths` equal-cost single paths of `hops` ports. Queue pairs that may merge (their senders do not
    react, their class is lossless) and land on one path move as one flow (queue_pairs.py): q uniform draws over m
    paths hit m(1 - (1 - 1/m)^q) of them on average; any other queue pair is a flow of its own, a chain.

    Were all the queue pairs of such a connection merged into one flow, there would be `connections` flows, each
    the union of its distinct paths: no more than 2 + distinct x (hops - 2) flow-hops and distinct x (hops - 1)
    edges (a union has no edge its paths do not take)."""
    q, m = max(queue_pairs, 1.0), max(paths, 1.0)
    per_connection = m * (1.0 - (1.0 - 1.0 / m) ** q) if mergeable else q
    flows = connections * per_connection
    return flows, flows * hops, flows * (hops - 1)


def _hops_apart(reach: _Reach, src: np.ndarray, dst: np.ndarray) -> np.ndarray:
    """Switch-to-switch hops between the NICs of each pair of GPUs (-1: no back-end path)."""
    tx, rx = reach.tx[src], reach.rx[dst]
    d: np.ndarray = np.where((tx < 0) | (rx < 0), -1, reach.dist[np.maximum(tx, 0), np.maximum(rx, 0)])
    return d.astype(np.int64)


def _pattern_counts(reach: _Reach, modes: _Modes, src: np.ndarray, dst: np.ndarray) -> Counts:
    """Counts of one pattern's flows, grouped by (hops apart, queue pairs, spread, mergeable)."""
    d = _hops_apart(reach, src, dst)
    far = int(d.max(initial=0))
    relay = modes.net & (d < 0)           # no back-end path: forwarded over NVLink to a GPU that has one
    d = np.where(relay, far, d)
    total = Counts()
    nvlink = int((~modes.net).sum())
    total += Counts(nvlink, 2 * nvlink, 0.0, nvlink, 2 * nvlink, nvlink, nvlink)
    # one integer key per kind of flow: (hops, queue pairs, spread, mergeable, relayed)
    q_span = int(modes.qps.max(initial=1)) + 1
    key = (((d * q_span + modes.qps) * 2 + modes.spread) * 2 + modes.mergeable) * 2 + relay
    kinds, n = np.unique(key[modes.net], return_counts=True)
    for kind, count in zip(kinds.tolist(), n.tolist(), strict=True):
        rest, relayed = divmod(kind, 2)
        rest, mergeable = divmod(rest, 2)
        rest, spread = divmod(rest, 2)
        k, q = divmod(rest, q_span)
        group = _group_counts(reach, k, q, bool(spread), bool(mergeable), float(count), bool(relayed))
        if modes.hashed:          # each branch picks its next hop by its hash: no candidate rows, all at once
            group = replace(group, candidates=0.0, branches=group.sub_flows if k > 0 else 0.0)
        total += group
    return total


def _group_counts(reach: _Reach, k: int, q: int, spread: bool, mergeable: bool, n: float, relayed: bool) -> Counts:
    """Counts of n flows k switch-hops apart with q queue pairs each (a spread flow has one)."""
    sp_k = reach.spread.get(k, _Spread(k, k + 1, 1, 1, 1))
    extra = 2 if relayed else 0                              # the NVLink ports before the relay's NIC
    if spread:
        hops = 2 + sp_k.ports
        return Counts(n, n * (hops + extra), n * sp_k.widest, n, n * hops, n * sp_k.joins, n)
    hops = 2 + k
    flows, flow_hops, edges = fluid_flows_and_hops(n, q, sp_k.paths, hops, mergeable)
    return Counts(n * q, n * q * (hops + extra), n * q * sp_k.choices, flows, flow_hops, edges, n * q,
                  n * q if mergeable and q > 1 else 0.0)


# ---- whether a pattern needs the queues --------------------------------------------------------------
def _fits(fab: CompiledFabric, reach: _Reach, modes: _Modes, pattern: FlowPattern) -> bool:
    """Whether a pattern surely offers no port more than it carries, so that the engine never puts it into the
    queues (fluid_drain.py `_congested`): each NIC shares its line rate among its flows by their bytes, no receiving NIC
    is offered more than its rate, and the ports out of and into each edge switch carry the flows that leave and
    reach it, with room for how unevenly they land: N queue pairs hashed onto k ports (ECMP), or N flows of P
    packets each split k ways (spraying, adaptive routing; routing.py `_split_shares`), load a port within
    sqrt((k - 1) / (P N)) of its mean (P = 1 for hashing); four times that is kept free. Only two-tier paths are
    judged so (a longer one, a multi-plane design or the front-end count as needing the queues)."""
    net = modes.net
    if not net.any():
        return True
    src, dst = pattern.src[net], pattern.dst[net]
    d = _hops_apart(reach, src, dst)
    if fab.planes > 1 or pattern.route.plane == "frontend" or (d < 0).any() or d.max() > 2:
        return False
    tx, rx = np.asarray(fab.gpu_be_tx)[src], np.asarray(fab.gpu_be_rx)[dst]
    cap = np.asarray(fab.port_payload_Bps, dtype=float)
    w = pattern.weight[net]
    offered = cap[tx] * w / np.maximum(np.bincount(tx, weights=w, minlength=len(cap))[tx], 1e-300)
    if (np.bincount(rx, weights=offered, minlength=len(cap)) > cap * (1 + 1e-9)).any():
        return False
    cross = d > 0
    spread = modes.spread[net][cross]
    # units of choice: a sprayed flow's packets, a hashed flow's queue pairs
    units = np.where(spread, max(pattern.flow_bytes / SPRAY_PACKET_BYTES, 1.0), modes.qps[net][cross])
    _, u, v = _transit_graph(fab)
    port = _transit_ports(fab)
    n = len(fab.node_ids)
    for switch, ends in ((np.asarray(fab.port_dst)[tx[cross]], u), (np.asarray(fab.port_src)[rx[cross]], v)):
        room_Bps = np.bincount(ends, weights=cap[port], minlength=n)
        k = np.bincount(ends, minlength=n)
        load = np.bincount(switch, weights=offered[cross], minlength=n)
        choices = np.bincount(switch, weights=units, minlength=n)
        margin = 4.0 * np.sqrt(np.maximum(k - 1, 0) / np.maximum(choices, 1.0))
        if (load * (1.0 + margin) > room_Bps * (1 + 1e-9)).any():
            return False
    return True


# ---- the estimate ------------------------------------------------------------------------------------
def pattern_counts(fab: CompiledFabric, plan: Plan, failures: bool = False) -> dict[str, Counts]:
    """Counts of every distinct flow pattern of the plan (routed once per run, whatever its phases). A pattern
    that only pipelined phases draining alone run (lone_pipelines.py) counts no queues, unless `failures` (the run
    may fail ports) can leave it a port without capacity."""
    reaches: dict[str, _Reach] = {}
    out: dict[str, Counts] = {}
    paced = set() if failures else lone_pipelines(plan)
    queued = {ph.pattern.key for i, ph in enumerate(plan.phases) if ph.pattern is not None and i not in paced}
    for phase in plan.phases:
        pattern = phase.pattern
        if pattern is None or pattern.key in out:
            continue
        plane = "frontend" if pattern.route.plane == "frontend" else "backend"
        if plane not in reaches:
            tx, rx = (fab.gpu_fe_tx, fab.gpu_fe_rx) if plane == "frontend" else (fab.gpu_be_tx, fab.gpu_be_rx)
            reaches[plane] = _reach(fab, np.asarray(tx), np.asarray(rx))
        modes = _modes(fab, plan, phase)
        counts = _pattern_counts(reaches[plane], modes, pattern.src, pattern.dst)
        if pattern.key not in queued or _fits(fab, reaches[plane], modes, pattern):
            counts = replace(counts, fluid_flows=0.0, flow_hops=0.0, edges=0.0, installed=0.0, mergeable=0.0)
        out[pattern.key] = counts
    return out


def memory_bytes(counts: list[Counts], ports: int, n_lanes: int = 1) -> int:
    """Peak bytes of a run of these patterns: the routes held, plus the larger of one pattern's routing and the
    fluid queues with every pattern's flows in them (and, where the step takes two halves of them, the second
    half's copies of the ports' arrays of `n_lanes` lanes: `_halves_bytes`)."""
    total = sum(counts, Counts())
    held = total.entries * ENTRY_BYTES + total.sub_flows * SUB_FLOW_BYTES
    routing = max((c.entries * ROUTE_BUILD_ENTRY_BYTES + min(c.candidates, CHUNK_CANDIDATES) * CANDIDATE_BYTES
                   + c.branches * HASHED_BRANCH_BYTES
                   for c in counts), default=0.0)
    depth = ring_depth(int(total.fluid_flows))
    fluid = (total.fluid_flows * (FLOW_BYTES + depth * CHECKPOINT_BYTES) + total.flow_hops * HOP_BYTES
             + total.edges * EDGE_BYTES + total.installed * INSTALL_SUB_BYTES + total.mergeable * MERGE_SUB_BYTES
             + _halves_bytes(total, ports, n_lanes))
    return int(BASE_BYTES + ports * PORT_BYTES + held + max(routing, fluid))


def _halves_bytes(total: Counts, ports: int, n_lanes: int) -> int:
    """What the step in two halves of the flows adds (dynamics/halves.py), on the stepper's rule (from the
    flow-hops, or as its environment variable says): the second half's copies of the ports' state, records, sums
    and counters and its notes of finished flows (33 MiB for 131,072 ports and 512,000 flows). Its copy of the
    latency histogram (14 KB per job and segment) is left out."""
    flows = int(round(total.fluid_flows))
    if flows == 0 or not halves.takes_halves(int(round(total.flow_hops))):
        return 0
    return halves.copies_bytes(ports, n_lanes, flows)


_QUEUED = ("fluid_flows", "flow_hops", "edges", "installed", "mergeable")   # Counts' fields of the queues


def one_at_a_time(plan: Plan, counts: dict[str, Counts]) -> list[Counts]:
    """The patterns' counts with the queues of a chain of phases, each the only one after the one before (the
    batches of an AllToAll's channel: alltoall.py), counted at the chain's largest: the queues never hold two of
    them at once (a phase leaves them when it ends). A pattern of phases in several chains counts on its own."""
    children = plan.children()
    head = list(range(len(plan.phases)))
    chain: dict[str, int] = {}
    for i, ph in enumerate(plan.phases):
        if len(ph.after) == 1 and children[ph.after[0]] == [i]:
            head[i] = head[ph.after[0]]
        if ph.pattern is not None:
            key = ph.pattern.key
            chain[key] = head[i] if chain.get(key, head[i]) == head[i] else -1 - i
    largest: dict[int, Counts] = {}
    for key, c in counts.items():
        top = largest.get(chain[key], Counts())
        largest[chain[key]] = replace(top, **{f: max(getattr(top, f), getattr(c, f)) for f in _QUEUED})
    out = [replace(c, **dict.fromkeys(_QUEUED, 0.0)) for c in counts.values()]
    return out + [replace(Counts(), **{f: getattr(c, f) for f in _QUEUED}) for c in largest.values()]


def estimate(fab: CompiledFabric, plan: Plan, failures: bool = False) -> MemoryEstimate:
    """Estimate the peak memory of simulating `plan` on `fab` (both passes), without routing anything; `failures`:
    the run may fail ports (scheduled or interactive failures)."""
    counts = one_at_a_time(plan, pattern_counts(fab, plan, failures))
    total = sum(counts, Counts())
    n_lanes = len(lanes([wp.workload.options for wp in plan.workloads])[1])    # one per traffic class used
    return MemoryEstimate(sub_flows=int(round(total.sub_flows)),
                          hops_per_sub_flow=total.entries / max(total.sub_flows, 1.0), ports=fab.n_ports,
                          total_bytes=memory_bytes(counts, fab.n_ports, n_lanes),
                          fluid_flows=int(round(total.fluid_flows)), flow_hops=int(round(total.flow_hops)))


def check_budget(fab: CompiledFabric, plan: Plan, limit_bytes: int | None = None,
                 failures: bool = False) -> MemoryEstimate:
    """Refuse (SimulationTooLarge) a run whose estimated memory is above the budget; else return the estimate."""
    limit = budget_bytes() if limit_bytes is None else limit_bytes
    est = estimate(fab, plan, failures)
    if est.total_bytes > limit:
        detail = Message("error.sim.memory_detail", sub_flows=f"{est.sub_flows:,}",
                         hops=f"{est.hops_per_sub_flow:.0f}", ports=f"{est.ports:,}")
        raise SimulationTooLarge(Message("error.sim.too_large", need=_mib(est.total_bytes), detail=detail,
                                         limit=_mib(limit), env=BUDGET_ENV))
    return est


def _mib(n: int) -> str:
    return f"{n / 2**30:.1f} GiB" if n >= 2**30 else f"{n / 2**20:.0f} MiB"
