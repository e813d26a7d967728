"""The fluid queues behind the engine: phases whose traffic congests the fabric run here, window by window.

Where no port is offered more than it can carry, max-min rates are exact and the engine advances without queues.
Where senders offer a port more than its capacity (incast, oversubscription, ECMP hash collisions), the engine
installs the draining phases here: each sub-flow becomes a graph of hops (paths.py) whose bytes move through
per-port queues with the fabric's flow control and the senders' congestion control (designer/sim/dynamics). The
engine then asks for windows of simulated time; each reports what was delivered, what the queues did, and which
phases finished, so the live plots follow the queues as they evolve.

Per-workload options (`pfc=`, `dcqcn=`, `tc=`) apply to that workload's flows only: whether its class is lossless,
its senders, and which traffic class (priority or virtual lane, traffic_classes.py) it runs in.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np
import scipy.sparse as sp

from designer.model.segments import RoCESettings
from designer.sim.collapse import CollapseWatch
from designer.sim.compile import KIND_SERVER, KIND_STORAGE, PLANE_FRONTEND, PLANE_NVLINK, CompiledFabric
from designer.sim.dynamics import FlowSet, FluidSimulator, PortSet, dcqcn, steady
from designer.sim.dynamics import layout as L
from designer.sim.dynamics.dcqcn import DcqcnParams
from designer.sim.dynamics.delivery_time import BIN_MID_S
from designer.sim.dynamics.ecn import scaled_thresholds
from designer.sim.dynamics.jit import njit
from designer.sim.dynamics.loss import RTX_GO_BACK_N, RTX_SELECTIVE
from designer.sim.dynamics.network import CC_AIMD, CC_DCQCN, CC_NONE, FC_CREDIT, FC_LOSSY, FC_PFC
from designer.sim.framing import PROTO_IB, PROTO_NVLINK
from designer.sim.paths import HopGraph, hop_graph
from designer.sim.pipeline import pipeline_pace_Bps
from designer.sim.queue_pairs import Connections, byte_shares, connections, merged_hops
from designer.sim.routing import HopList, RoutedFlows
from designer.sim.traffic_classes import lanes
from designer.sim.transfers import Phase
from designer.sim.workload_spec import OptionValue

KB = 1000.0                        # the settings' KB are 1,000 bytes (as in the IEEE 802.1Qbb examples)
UNKNOWN_SWITCH_BUFFER_B = 32 * 2**20   # shared buffer of a switch whose catalog entry gives none [E]
NVLINK_CREDIT_B = 1e12             # NVLink: lossless, never limited by credits
# time step: fine enough for DCQCN's microsecond timers where senders run it (or TCP-like windows), for PFC and
# credit loops (tens of microseconds of buffer at line rate) elsewhere; coarse for long runs
DT_MIN_CC_S, DT_MIN_S, DT_MAX_S = 1e-6, 2e-6, 5e-6
# ... and finer for a drain shorter than that many steps of it: a ring's step moves a few kilobytes a flow in well
# under a microsecond, and at a 2 us step the queues took a whole step for it (a 128-GPU IB rail-optimized
# AllGather of 64 MiB: 1,154 us against 895 us at max-min rates); each drain then gets at least this many steps
SHORT_DRAIN_STEPS = 20
DT_FLOOR_S = 1e-9
STEP_BUDGET = 4000                 # aim for about this many steps over a congested stretch
# flow-hop steps per window (a window is reported to the live plots): about 0.1-0.2 s of one core at the compiled
# step's ~100-150 ns per flow-hop, so that the window redraws at least five times a second; the per-window report
# costs little beside it (the hybrid example's AllToAll: the same CPU time at 1.2 and 3 million, measured), and
# results do not depend on it (tests/test_sim_bounds.py runs a lossy incast at two window lengths)
WINDOW_HOP_STEPS = 1_200_000
WINDOW_MIN, WINDOW_MAX = 16, 2000
# and at least this many reports over the run's expected span (the step's horizon): a small run is done in a tenth of
# a second whatever its windows, and 2,000 steps were half of an 11 ms incast, two points on each live plot. A window
# longer than that is reported in parts; the steady-state probes still follow whole windows, so results do not depend
# on the parts beyond the last digits (the window books add in another order: a ring's bus bandwidth 849.50906296338
# at one-step parts, ...3388 at 16). A part is at least WINDOW_MIN steps: a run of many short phases (a ring's steps,
# each a phase, whose first horizon is all that sizes this) reports at each phase's end anyway, and one-step parts
# made the validation's ring of DCQCN steps 118,000 windows of Python bookkeeping (45 s against 12 s)
WINDOWS_PER_RUN = 200


def segment_settings(fab: CompiledFabric) -> list[RoCESettings]:
    """Each segment's RoCEv2 settings, then the plain ones: a table indexed by segment where -1 (no segment, the
    front-end) picks the last entry."""
    return [s.rocev2 for s in fab.segments] + [RoCESettings()]


def fabric_ports(fab: CompiledFabric) -> PortSet:
    """Every directed port of the fabric with the flow control, thresholds and buffers of its segment."""
    n = fab.n_ports
    fc = np.full(n, FC_LOSSY, dtype=np.int8)
    xoff, xon, headroom, kmin, kmax, pmax = (np.zeros(n) for _ in range(6))
    credit = np.full(n, NVLINK_CREDIT_B)
    plane, proto = fab.port_plane, fab.port_protocol
    nvlink = (plane == PLANE_NVLINK) | (proto == PROTO_NVLINK)
    ib = ~nvlink & (proto == PROTO_IB) & (plane != PLANE_FRONTEND)
    roce = ~nvlink & ~ib & (plane != PLANE_FRONTEND)
    fc[nvlink | ib] = FC_CREDIT
    credit[ib] = np.maximum(fab.port_buffer_bytes[ib], 16 * 4096.0)
    # RoCEv2 (and back-end Ethernet) ports: their segment's settings, the plain ones where they have none
    settings = segment_settings(fab)
    seg = np.where(fab.port_segment >= 0, fab.port_segment, len(fab.segments))
    for k, rs in enumerate(settings):
        mine = roce & (seg == k)
        if not mine.any():
            continue
        if rs.pfc:
            fc[mine] = FC_PFC
        xoff[mine], xon[mine], headroom[mine] = rs.xoff_kb * KB, rs.xon_kb * KB, rs.headroom_kb * KB
        if rs.ecn:
            kmin[mine], kmax[mine] = scaled_thresholds(rs.kmin_kb * KB, rs.kmax_kb * KB, rs.ecn_reference_gbps,
                                                       fab.port_line_gbps[mine])
            pmax[mine] = rs.pmax
    src_kind = fab.node_kind[fab.port_src]
    is_nic = (src_kind == KIND_SERVER) | (src_kind == KIND_STORAGE)
    buffered = ~is_nic & (fab.port_plane != PLANE_NVLINK)
    switches, buf_index = np.unique(np.where(buffered, fab.port_src, -1), return_inverse=True)
    buf_index = np.where(buffered, buf_index - (1 if (switches < 0).any() else 0), -1)
    buffer_B = _switch_buffers_B(fab, switches[switches >= 0])
    return PortSet(fab.port_payload_Bps.astype(float), fc, xoff, xon, headroom, credit,
                   np.full(n, UNKNOWN_SWITCH_BUFFER_B), kmin, kmax, pmax, is_nic, buffer_index=buf_index,
                   buffer_B=buffer_B)


def _per_sub(fs: np.ndarray, inst: Installed, nothing_lost: bool) -> list[np.ndarray]:
    """The window's delivered, marked, lost and resent bytes of each installed sub-flow: its paths' (flow state
    `fs`) times its share of them. With one path per sub-flow, in order (as `install` makes them), a sub-flow's sum
    is its path's value (0.0 + v): no sum is needed. Where `nothing_lost` (no path lost or resent a byte: `_lost`),
    the lost and resent bytes are zeros, not computed."""
    if inst.sub_in_order is None:
        inst.sub_in_order = len(inst.sub) == inst.n_sub and _counts_up(inst.sub)
    if inst.sub_in_order:
        n = len(inst.flows)
        out = [np.empty(n), np.empty(n), np.zeros(n), np.zeros(n)]   # NumPy's memory: see `_weighted`
        _weighted(fs[:, L.W_USEFUL], fs[:, L.W_MARKED], inst.flows, inst.weight, out[0], out[1])
        if not nothing_lost:
            _weighted(fs[:, L.W_LOST], fs[:, L.W_RESENT], inst.flows, inst.weight, out[2], out[3])
        return out
    return [np.bincount(inst.sub, weights=fs[inst.flows, col] * inst.weight, minlength=inst.n_sub)
            for col in (L.W_USEFUL, L.W_MARKED, L.W_LOST, L.W_RESENT)]


@njit
def _counts_up(sub: np.ndarray) -> bool:
    """Whether sub is 0, 1, 2, ..."""
    for i in range(len(sub)):
        if sub[i] != i:
            return False
    return True


@njit
def _weighted(column_a: np.ndarray, column_b: np.ndarray, flows: np.ndarray, weight: np.ndarray,
              out_a: np.ndarray, out_b: np.ndarray) -> None:
    """column[flows] * weight + 0.0 (a one-term sum, as a weighted bincount gives it) of two columns, in one pass
    over the flows, into `out_a` and `out_b`. The caller allocates them: NumPy's large arrays come in huge pages,
    where an array a compiled function creates faults its memory in 4 KB pages (two outputs of the 1,024-GPU
    AllToAll's 2 million sub-flows took 22 ms a window that way, 11 ms in NumPy's)."""
    for i in range(len(flows)):
        f, w = flows[i], weight[i]
        out_a[i] = column_a[f] * w + 0.0
        out_b[i] = column_b[f] * w + 0.0


@njit
def _all_zero(column: np.ndarray) -> bool:
    """Whether every value is zero (read up to the first that is not)."""
    for v in column:
        if v != 0.0:
            return False
    return True


def _lost(fs: np.ndarray) -> bool:
    """Whether some path lost or resent bytes in the window (flow state `fs`). Where none did, each sub-flow's lost
    and resent bytes are zeros (0.0 * share + 0.0, a -0.0 included), and so are their sums: a lossless run's
    windows book them without a pass over its millions of sub-flows."""
    return not (_all_zero(fs[:, L.W_LOST]) and _all_zero(fs[:, L.W_RESENT]))


def whole_range(subs: np.ndarray, n: int) -> bool:
    """Whether `subs` lists every sub-flow 0..n-1 in order."""
    return len(subs) == n and (n == 0 or (subs[0] == 0 and bool((np.diff(subs) == 1).all())))


def _rows_of(hops: HopList, subs: np.ndarray, n: int) -> HopList:
    """The route rows of the sub-flows `subs` (of n), numbered as in `subs`."""
    keep = np.zeros(n, dtype=bool)
    keep[subs] = True
    renumber = np.full(n, -1, np.int64)
    renumber[subs] = np.arange(len(subs))
    return hops.select(keep, renumber)


def _switch_buffers_B(fab: CompiledFabric, switches: np.ndarray) -> np.ndarray:
    """Each switch's shared buffer: its ports' shares added up (the catalog's buffer), or an estimate. The ports are
    grouped by switch once (in port order, so each sum adds the same numbers in the same order as a mask would)."""
    order = np.argsort(fab.port_src, kind="stable")
    bounds = np.searchsorted(fab.port_src[order], np.stack([switches, switches + 1]))
    shares = fab.port_buffer_bytes[order]
    totals = [float(shares[lo:hi].sum()) for lo, hi in zip(bounds[0].tolist(), bounds[1].tolist(), strict=True)]
    return np.array([t if t > 0 else UNKNOWN_SWITCH_BUFFER_B for t in totals])


@dataclass
class Installed:
    """A phase's sub-flows in the fluid: the simulator's flows (paths) and the sub-flow each belongs to."""

    flows: np.ndarray            # simulator flow index of each path
    sub: np.ndarray              # sub-flow (index within `subs`) of each path
    subs: np.ndarray             # the phase's sub-flows that were installed
    pattern_key: str
    workload: int
    weight: np.ndarray           # share of its group's flow each sub-flow carries (queue_pairs.py)
    alone: bool = True           # no other phase shared the queues while it ran
    transit_s: float = 0.0       # the model's own transit of its longest route (one step a hop): see `transit_s`
    start_acc: np.ndarray | None = None
    start_hist: np.ndarray | None = None
    start_scalars: np.ndarray | None = None
    sub_in_order: bool | None = None    # whether `sub` is 0, 1, 2, ... (`_per_sub`: found once, not every window)

    @property
    def n_sub(self) -> int:
        return len(self.subs)


@dataclass
class Window:
    """What one window of the fluid queues did (totals of the window; per-port arrays over the fabric's ports)."""

    dt_s: float
    finished: list[int]                          # phases whose last byte arrived in this window (at its end)
    delivered: dict[int, np.ndarray]             # phase -> useful bytes per sub-flow
    port_bytes: np.ndarray
    port_paused_s: np.ndarray
    port_stall_s: np.ndarray
    port_dropped_B: np.ndarray
    marked_B: dict[int, np.ndarray] = field(default_factory=dict)    # phase -> per sub-flow
    dropped_B: dict[int, np.ndarray] = field(default_factory=dict)
    resent_B: dict[int, np.ndarray] = field(default_factory=dict)
    latency: list[tuple[int, int, np.ndarray, np.ndarray]] = field(default_factory=list)  # workload, segment, s, B
    queue_B: np.ndarray | None = None
    paused_now: np.ndarray | None = None
    lane_paused_s: np.ndarray | None = None      # [port, lane]: seconds each traffic class was paused
    lane_stall_s: np.ndarray | None = None       # [port, lane]: seconds each traffic class waited for credits
    nothing_lost: bool = False                   # dropped_B and resent_B are all zero (`_lost`)


@dataclass
class DrainHint:
    """How long the first phases put into the queues would take at max-min rates, which sizes the time step:
    bounds on it, and the estimate itself on demand (a max-min solve, wanted only where the bounds give different
    steps)."""

    low_s: float
    high_s: float
    exact_s: Callable[[], float]


@dataclass
class StepCost:
    """What a step cost the queues when it ran alone (the engine lets it stand in for later repeats)."""

    port_bytes: np.ndarray
    paused_s: np.ndarray
    stall_s: np.ndarray
    dropped_B: np.ndarray
    marked_B: float
    lost_B: float
    resent_B: float
    latency: list[tuple[int, int, np.ndarray, np.ndarray]]
    lane_paused_s: np.ndarray | None = None
    lane_stall_s: np.ndarray | None = None


class FluidQueues:
    """The fluid queues of one run (see module docstring)."""

    def __init__(self, fab: CompiledFabric, workload_options: list[dict[str, OptionValue]], *, seed: int = 1,
                 dt_s: float | None = None) -> None:
        self.fab = fab
        self.options = workload_options
        self.seed = seed
        self.fixed_dt = dt_s
        self.report_steps = WINDOW_MAX              # the most steps between two reports (set with the step, `_start`)
        self.left_steps = 0                         # steps left of the window the steady probes follow
        self.ports = fabric_ports(fab)
        self.dcqcn_sets = [DcqcnParams.from_settings(rs) for rs in segment_settings(fab)]
        self.sim: FluidSimulator | None = None
        self.installed: dict[int, Installed] = {}
        self.carried: dict[str, np.ndarray] = {}   # pattern -> DCQCN state of its senders (a repeating step)
        self.kept: dict[int, tuple[np.ndarray, np.ndarray]] = {}   # phase -> (sub-flows, DCQCN state) across a reset
        self.n_segments = len(fab.segments)
        self.lane_of_workload, self.classes = lanes(workload_options)
        self.ports.lanes = len(self.classes)
        self.t_offset = 0.0                         # engine time minus the queues' own clock
        self.prober = steady.Prober(steady.MIN_PROBE_S)   # finds steady states to jump over (steady.py)
        self.collapse = CollapseWatch()                   # a lossy run that never delivers stops (collapse.py)
        self.skipped_s = 0.0                        # simulated time advanced by steady-state jumps
        self.reacting = False                       # whether some installed sender runs DCQCN or a TCP-like window
        self._sender_tables: dict[int, np.ndarray] = {}   # workload -> congestion control of a sender per port

    # ---- when the queues are needed -------------------------------------------------------------
    @property
    def active(self) -> bool:
        return bool(self.installed)

    def congested(self, matrix: sp.csr_matrix, first_port: np.ndarray, weight: np.ndarray,
                  pace_Bps: np.ndarray | None = None) -> bool:
        """Whether senders offer some port more than it carries (`over_offered`)."""
        return bool(self.over_offered(matrix, first_port, weight, pace_Bps).any())

    def over_offered(self, matrix: sp.csr_matrix, first_port: np.ndarray, weight: np.ndarray,
                     pace_Bps: np.ndarray | None = None) -> np.ndarray:
        """Per port, whether senders offer it more than it carries: each sending port shares its rate among its
        sub-flows in proportion to their bytes (a NIC serves its queue pairs in turn), no sub-flow offering more
        than its `pace_Bps` (a pipeline's, pipeline.py), and those rates are summed on every port of the routes.
        NVLink ports have no queue here (lossless, credit-paced): bytes forwarded over NVLink to another GPU's NIC
        (relay.py) share them in the rate allocation, not in the queues."""
        cap = self.ports.capacity_Bps
        if matrix.shape[1] == 0:
            return np.zeros(len(cap), dtype=bool)
        per_port = np.bincount(first_port, weights=weight, minlength=len(cap))
        offered = cap[first_port] * weight / np.maximum(per_port[first_port], 1e-300)
        if pace_Bps is not None:
            offered = np.minimum(offered, pace_Bps)
        load = matrix @ offered
        over: np.ndarray = (load > cap * (1 + 1e-9)) & (self.fab.port_plane != PLANE_NVLINK)
        return over

    def lossy(self, workload: int, ports: np.ndarray) -> bool:
        """Whether a phase of `workload` crossing `ports` may have bytes dropped (a `pfc=off` class, or a switch
        port without flow control such as a front-end Ethernet's)."""
        fc = self.ports.flow_control[ports]
        return not self._lossless(workload) or bool(((fc == FC_LOSSY) & ~self.ports.is_nic[ports]).any())

    # ---- installing and retiring phases ---------------------------------------------------------
    @property
    def steps(self) -> int:
        return self.sim.steps if self.sim is not None else 0

    def install(self, phase: int, step: Phase, routed: RoutedFlows, subs: np.ndarray, remaining_B: np.ndarray,
                hint: DrainHint | None, now_s: float) -> None:
        """Put the sub-flows `subs` of phase number `phase` (with the bytes each still has to deliver) into the
        queues. The flows of a pipelined step offer no more than the pipeline's pace (pipeline.py). `hint` sizes the
        time step of the first install (None after it)."""
        assert step.pattern is not None, "an installed phase moves bytes"
        pattern_key, workload = step.pattern.key, step.workload
        assert routed.hops is not None
        hops = routed.hops if whole_range(subs, routed.n_sub) else _rows_of(routed.hops, subs, routed.n_sub)
        groups = self._connections(hops, routed, subs, workload)
        weight = byte_shares(groups, remaining_B)
        graph = hop_graph(merged_hops(hops, groups, weight), self.fab.port_src, self.fab.port_dst)
        react = bool((self._senders(routed.sub_first_port[subs], workload) != CC_NONE).any())
        horizon_s = self._new_horizon_s(hint, react)
        if horizon_s is not None:
            self._start(horizon_s, react)
        sim = self.sim
        assert sim is not None
        if horizon_s is None and react and not self.reacting:
            self.reacting = True
            self.prober = steady.Prober(self._probe_period_s(sim.dt))
        self.t_offset = now_s - sim.t
        flows = self._flow_set(graph, subs, remaining_B, routed, workload, phase, groups, weight)
        if step.pipelined:
            pace = pipeline_pace_Bps(routed.matrix[:, subs].tocsr(), remaining_B.astype(float),
                                     self.ports.capacity_Bps)
            flows.line_rate_Bps = np.minimum(flows.line_rate_Bps,
                                             np.bincount(groups.of_sub, weights=pace, minlength=groups.n_groups))
        rows = self._carried_rows(phase, pattern_key, subs)
        for other in self.installed.values():
            other.alone = False
        idx = sim.add_flows(flows, dcqcn_rows=rows[groups.first] if rows is not None else None)
        self.collapse.restart(sim.t)
        self.installed[phase] = Installed(idx[groups.of_sub], np.arange(len(subs)), subs, pattern_key, workload,
                                          weight, not self.installed, sim.dt * float(sim.fi[idx, L.NLEVELS].max()),
                                          sim.pa.copy(), sim.hist.copy(), sim.sc.copy())

    def transit_s(self, phase: int) -> float:
        """The queues' own transit in phase `phase`'s end: bytes move one hop a step, so a flow's last byte arrives
        its route's levels of steps after it left even through empty queues. The engine adds the real path latency
        after a step drains (its alpha), so it takes this out of that (Engine._tail_s), as the latency histograms
        take it out of each byte's time (delivery._receive). Once every flow has finished, this is the time from the
        latest of their last bytes' departures (finish less its route's transit) to the last arrival: the flow that
        arrives last may have the short route (the NVLink hops of a ring, whose GPU ports are the bottleneck) and
        another the long one (the network hops); the longest route's transit taken off the last arrival made the
        NVL72 example's ring steps drain 10 % faster than their NVLink ports carry. Before that, the longest
        route's transit."""
        inst = self.installed.get(phase)
        sim = self.sim
        if inst is None or sim is None:
            return 0.0
        finish = sim.fs[inst.flows, L.FINISH]
        if not len(finish) or (sim.fs[inst.flows, L.DONE] == 0).any():
            return inst.transit_s
        left = finish - sim.fi[inst.flows, L.NLEVELS] * sim.dt
        return float(finish.max() - left.max())

    def _connections(self, hops: HopList, routed: RoutedFlows, subs: np.ndarray, workload: int) -> Connections:
        """A connection's queue pairs on one path move as one flow where their senders do not react and the class
        is lossless (queue_pairs.py)."""
        mergeable = (self._senders(routed.sub_first_port[subs], workload) == CC_NONE) & self._lossless(workload)
        return connections(hops, routed.sub_flow[subs], mergeable)

    def _start(self, horizon_hint_s: float, react: bool) -> None:
        """The simulator, its step sized for the run (finer where senders react: their timers need it) and a prober
        whose period covers the senders' slowest timer. `react` says whether the first phase's senders run DCQCN or a
        TCP-like window; a later phase whose senders do lengthens the probe period then (`install`)."""
        self.reacting = react
        dt, self.report_steps = self._step_for(horizon_hint_s, DT_MIN_CC_S if react else DT_MIN_S)
        self.left_steps = 0
        self.sim = FluidSimulator(self.ports, dt_s=dt, dcqcn_params=self.dcqcn_sets, seed=self.seed,
                                  hist_groups=self._hgroup(0, -1) + 1)
        self.prober = steady.Prober(self._probe_period_s(dt))

    def _new_horizon_s(self, hint: DrainHint | None, react: bool) -> float | None:
        """The horizon to start the queues for (`_start`), found once: the first install's, and that of phases put
        into empty queues where they would drain at a step more than twice finer or coarser than the one the queues
        have (sized for the phases before); None where the queues go on as they are."""
        if self.sim is None:
            assert hint is not None, "the first install sizes the time step"
        elif hint is None or self.installed or self.fixed_dt:
            return None
        dt_min = DT_MIN_CC_S if react else DT_MIN_S
        horizon_s = self._horizon_s(hint, dt_min)
        if self.sim is None:
            return horizon_s
        dt, _ = self._step_for(horizon_s, dt_min)
        return None if 0.5 <= dt / self.sim.dt <= 2.0 else horizon_s

    def _horizon_s(self, hint: DrainHint, dt_min: float) -> float:
        """The drain estimate, or a bound on it where both bounds give the same step (`_step_for`)."""
        same = self._step_for(hint.low_s * (1 - 1e-6), dt_min) == self._step_for(hint.high_s * (1 + 1e-6), dt_min)
        return hint.low_s if same and np.isfinite(hint.high_s) else hint.exact_s()

    def _step_for(self, horizon_s: float, dt_min: float) -> tuple[float, int]:
        """The time step and the most steps between reports for a run expected to last `horizon_s`. Neither falls
        as the horizon grows, so where a hint's two bounds (widened far beyond the fill's rounding) give the same,
        every horizon between them does, and a bound stands for the estimate."""
        floor = min(dt_min, max(horizon_s / SHORT_DRAIN_STEPS, DT_FLOOR_S))
        dt = self.fixed_dt or float(np.clip(horizon_s / STEP_BUDGET, floor, DT_MAX_S))
        return dt, int(np.clip(horizon_s / (dt * WINDOWS_PER_RUN), WINDOW_MIN, WINDOW_MAX))

    def _probe_period_s(self, dt: float) -> float:
        slowest_timer_s = max(p.timer_s for p in self.dcqcn_sets) if self.reacting else 0.0
        return max(steady.MIN_PROBE_S, steady.TIMER_PERIODS * slowest_timer_s, 20 * dt)

    def _carried_rows(self, phase: int, pattern_key: str, subs: np.ndarray) -> np.ndarray | None:
        """Senders' DCQCN state to continue from: the same phase's before a reset (by sub-flow), else the pattern's
        previous repeat (when it had the same sub-flows)."""
        kept = self.kept.pop(phase, None)
        if kept is not None:
            old_subs, old_rows = kept
            where = np.minimum(np.searchsorted(old_subs, subs), len(old_subs) - 1)
            if len(old_subs) and (old_subs[where] == subs).all():
                return old_rows[where].copy()
        rows = self.carried.pop(pattern_key, None)
        return rows if rows is not None and len(rows) == len(subs) else None

    def _hgroup(self, workload: int, segment: int) -> int:
        return workload * (self.n_segments + 1) + segment + 1

    def _flow_set(self, graph: HopGraph, subs: np.ndarray, remaining_B: np.ndarray, routed: RoutedFlows,
                  workload: int, phase: int, groups: Connections, weight: np.ndarray) -> FlowSet:
        """The simulator's flows for a phase's sub-flows, one per group (queue_pairs.py): sizes, rates, latency,
        congestion control, class, recovery, and their hop graphs. A group's flow carries its sub-flows' bytes
        and offers their line rates together."""
        fab = self.fab
        n = groups.n_groups
        first = routed.sub_first_port[subs[groups.first]]
        seg = routed.sub_segment[subs[groups.first]]
        latency_s = np.bincount(groups.of_sub, weights=weight * routed.sub_latency_ns[subs] * 1e-9, minlength=n)
        line_Bps = self.ports.capacity_Bps[first] * groups.count
        cc = self._senders(first, workload)
        if fab.flow_window_bytes > 0:     # a flow keeps at most its window in flight (designer/sim/long_haul.py),
            # shared by its queue pairs in proportion to their bytes;
            windowed = cc != CC_AIMD      # TCP-like senders hold their own window to the receiver's (aimd.py)
            share = np.bincount(groups.of_sub, weights=routed.sub_share[subs], minlength=n)
            line_Bps[windowed] = np.minimum(line_Bps, share * fab.flow_window_bytes
                                            / np.maximum(2 * latency_s, 1e-12))[windowed]
        flows = FlowSet(size_B=np.bincount(groups.of_sub, weights=remaining_B.astype(float), minlength=n),
                        start_s=np.zeros(n), line_rate_Bps=line_Bps,
                        base_latency_s=latency_s,
                        cc=cc, hop_flow=graph.sub, hop_port=graph.port,
                        hop_level=graph.level, edge_from=graph.edge_from, edge_to=graph.edge_to,
                        edge_split=graph.edge_split, edge_share=graph.edge_share)
        flows.lossless = np.full(n, self._lossless(workload), dtype=bool)
        flows.lane = np.full(n, self.lane_of_workload[workload] if workload < len(self.lane_of_workload) else 0,
                             dtype=np.int64)
        flows.rtx = self._recovery(seg)
        flows.rto_s = self._rto_table_s()[seg]       # -1 (no segment) picks the entry appended last
        flows.mtu_B = fab.port_mtu_bytes[first].astype(float)
        flows.dcqcn_set = np.where(fab.port_segment[first] >= 0, fab.port_segment[first], self.n_segments)
        flows.group = np.full(n, phase, np.int64)
        flows.hgroup = self._hgroup(workload, -1) + seg.astype(np.int64) + 1
        return flows

    def _senders(self, first_port: np.ndarray, workload: int) -> np.ndarray:
        """Congestion control of each path's sender (looked up in the workload's table of every port)."""
        table = self._sender_tables.get(workload)
        if table is None:
            table = self._sender_tables[workload] = self._sender_table(workload)
        senders: np.ndarray = table[first_port]
        return senders

    def _sender_table(self, workload: int) -> np.ndarray:
        """Congestion control of a sender on each port: TCP-like on the front-end, DCQCN on RoCEv2 where the
        segment (or the workload's `dcqcn=` option) turns it on, none on InfiniBand and NVLink."""
        fab = self.fab
        opts = self.options[workload] if workload < len(self.options) else {}
        seg = fab.port_segment                       # -1 (no segment) picks the entries appended last
        seg_protocol = np.array([s.protocol for s in fab.segments] + [-1])
        seg_dcqcn = np.array([s.rocev2.dcqcn for s in fab.segments] + [True], dtype=bool)
        protocol = np.where(seg >= 0, seg_protocol[seg], fab.port_protocol)
        dcqcn = np.full(fab.n_ports, bool(opts["dcqcn"])) if "dcqcn" in opts else seg_dcqcn[seg]
        cc = np.where(dcqcn, CC_DCQCN, CC_NONE).astype(np.int8)
        cc[np.isin(protocol, (PROTO_IB, PROTO_NVLINK))] = CC_NONE
        cc[fab.port_plane == PLANE_FRONTEND] = CC_AIMD
        return cc

    def _lossless(self, workload: int) -> bool:
        """A workload with `pfc=off` runs in a lossy class: its bytes are dropped, not paused, on full queues."""
        opts = self.options[workload] if workload < len(self.options) else {}
        return bool(opts.get("pfc", True))

    def _recovery(self, seg: np.ndarray) -> np.ndarray:
        out = np.full(len(seg), RTX_GO_BACK_N, dtype=np.int8)
        for k, s in enumerate(self.fab.segments):
            if s.rocev2.retransmission == "selective":
                out[seg == k] = RTX_SELECTIVE
        return out

    def _rto_table_s(self) -> np.ndarray:
        """The retransmission timeout of each segment's senders, then the plain settings' (no segment)."""
        return np.array([rs.retransmit_timeout_us * 1e-6 for rs in segment_settings(self.fab)])

    def finish_times(self, phase: int) -> np.ndarray:
        """When each installed sub-flow of a finished phase delivered its last byte (engine time)."""
        inst = self.installed[phase]
        assert self.sim is not None
        out = np.zeros(inst.n_sub)
        np.maximum.at(out, inst.sub, np.nan_to_num(self.sim.fs[inst.flows, L.FINISH]))
        return out + self.t_offset

    def uninstall(self, phase: int, *, carry: bool) -> StepCost | None:
        """Retire a phase's paths; with `carry`, keep its senders' DCQCN state for the step's next repeat. Returns
        what the phase cost the queues if it ran alone (for standing in for later repeats)."""
        inst = self.installed.pop(phase)
        sim = self.sim
        assert sim is not None
        cost = self._cost(inst) if inst.alone else None
        if carry:
            self.carried[inst.pattern_key] = sim.dq[inst.flows].copy()
        keep = np.ones(sim.F, dtype=bool)
        keep[inst.flows] = False
        new_index = sim.retire(keep)
        for other in self.installed.values():
            other.flows = new_index[other.flows]
        return cost

    def sender_memory_s(self, phase: int) -> float:
        """How long the senders of an installed phase remember their past: DCQCN's rate-increase timer paces its
        recovery after a cut, so a sender's rate depends on the last two timer periods (the span steady.py probes
        over); senders that do not run DCQCN, or have had no notification yet (still at line rate), start each step
        afresh (0)."""
        inst = self.installed[phase]
        sim = self.sim
        assert sim is not None
        notified = np.isfinite(sim.dq[inst.flows, dcqcn.NEXT_ALPHA])
        dcqcn_flows = inst.flows[(sim.fi[inst.flows, L.CC] == CC_DCQCN) & notified]
        if len(dcqcn_flows) == 0:
            return 0.0
        sets = np.unique(sim.fi[dcqcn_flows, L.PSET]).astype(np.int64)
        return steady.TIMER_PERIODS * max(self.dcqcn_sets[int(k)].timer_s for k in sets)

    def _cost(self, inst: Installed) -> StepCost:
        sim = self.sim
        assert sim is not None and inst.start_acc is not None and inst.start_scalars is not None
        d = sim.pa - inst.start_acc
        ds = sim.sc - inst.start_scalars
        return StepCost(d[:, L.SERVED], d[:, L.PAUSED_S], d[:, L.STALL_S], d[:, L.DROPPED_B], float(ds[L.MARKED]),
                        float(ds[L.DROPPED]), float(ds[L.RESENT]), self._latency_since(inst.start_hist),
                        sim.lane_paused_s(d), sim.lane_stall_s(d))

    def _latency_since(self, hist0: np.ndarray | None) -> list[tuple[int, int, np.ndarray, np.ndarray]]:
        """(workload, segment, latency bins in seconds, bytes) of what arrived since `hist0`."""
        sim = self.sim
        assert sim is not None
        dh = sim.hist - (hist0 if hist0 is not None and hist0.shape == sim.hist.shape else 0.0)
        out = []
        for g in np.flatnonzero(dh.sum(axis=1) > 0):
            w, s = divmod(int(g), self.n_segments + 1)
            nz = np.flatnonzero(dh[g] > 0)
            out.append((w, s - 1, BIN_MID_S[nz], dh[g, nz]))
        return out

    def reset(self) -> None:
        """Drop every phase and the queues (a failure changed capacities or routes): bytes in flight are sent again
        on the new routes by the transports; senders keep their DCQCN state (it is per queue pair, not per path)."""
        if self.sim is not None:
            for phase, inst in self.installed.items():
                order = np.argsort(inst.subs)
                self.kept[phase] = (inst.subs[order], self.sim.dq[inst.flows[order]].copy())
        self.installed.clear()
        self.sim = None
        self.left_steps = 0

    # ---- running --------------------------------------------------------------------------------
    def window(self, horizon_s: float) -> Window:
        """Advance at most `horizon_s` (one window, or up to the end of a phase), reported in parts of at most
        `report_steps`; at the end of a whole window the steady-state probes look (`_skip_steady`)."""
        sim = self.sim
        assert sim is not None
        sim.reset_window()
        t0 = sim.t
        acc0, hist0 = sim.pa.copy(), sim.hist.copy()
        to_horizon = max(1, int(np.ceil(horizon_s / sim.dt - 1e-9))) if np.isfinite(horizon_s) else None
        if self.left_steps <= 0:
            steps = int(np.clip(WINDOW_HOP_STEPS // max(len(sim.hport), 1), WINDOW_MIN, WINDOW_MAX))
            if sim.walk is not None:                # a jump's stretch (steady.Walk): its steps and no more
                steps = min(steps, sim.walk.steps_due(sim.steps))
            self.left_steps = steps if to_horizon is None else min(steps, to_horizon)
        part = min(self.left_steps, self.report_steps)
        if to_horizon is not None:
            part = min(part, to_horizon)
        steps0 = sim.steps
        sim.window(part, stop_on_group=True)
        self.left_steps -= sim.steps - steps0
        finished = [i for i, inst in self.installed.items() if sim.group_left[i] == 0] \
            if len(sim.group_left) else []
        if finished or (to_horizon is not None and sim.steps - steps0 >= to_horizon):
            self.left_steps = 0                     # the window ends here, as a whole window would have
        if not finished and self.left_steps <= 0:
            self._skip_steady(horizon_s - (sim.t - t0))
        win = self._report(sim.t - t0, finished, acc0, hist0)
        self.collapse.observe(sim.t, float(sim.fs[:, L.W_USEFUL].sum()), float(win.port_dropped_B.sum()),
                              bool(finished))
        return win

    def _skip_steady(self, limit_s: float) -> None:
        """Probe for a steady state every probe period; once two spans agree, jump over it (steady.py), landing a
        few steps before the first predicted finish."""
        sim = self.sim
        assert sim is not None
        self.skipped_s += sim.skip_steady(self.prober, limit_s, steady.LANDING_STEPS * sim.dt)

    def _report(self, dt_s: float, finished: list[int], acc0: np.ndarray, hist0: np.ndarray) -> Window:
        sim = self.sim
        assert sim is not None
        d = sim.pa - acc0
        win = Window(dt_s, finished, {}, d[:, L.SERVED], d[:, L.PAUSED_S], d[:, L.STALL_S], d[:, L.DROPPED_B],
                     queue_B=sim.queue_B(), paused_now=sim.ps[:, L.PAUSED] > 0, lane_paused_s=sim.lane_paused_s(d),
                     lane_stall_s=sim.lane_stall_s(d))
        win.nothing_lost = not _lost(sim.fs)
        for i, inst in self.installed.items():
            win.delivered[i], win.marked_B[i], win.dropped_B[i], win.resent_B[i] = _per_sub(sim.fs, inst,
                                                                                             win.nothing_lost)
        win.latency = self._latency_since(hist0)
        return win

    def figures(self, win: Window, backend: np.ndarray) -> dict[str, float | np.ndarray]:
        """What the live plots show of a window: shares of the back-end port-time that carried bytes spent paused
        or waiting for credits, the marked share of the bytes, and the queues at its end; with several traffic
        classes, which of them each port paused or held for credits (the heat-map of one job shows its class's)."""
        used = backend & (win.port_bytes > 0)
        port_time = max(int(used.sum()), 1) * max(win.dt_s, 1e-30)
        delivered = sum(float(d.sum()) for d in win.delivered.values())
        marked = sum(float(m.sum()) for m in win.marked_B.values())
        queue = win.queue_B if win.queue_B is not None else np.zeros(len(backend))
        out: dict[str, float | np.ndarray] = {
            "pfc_pause_fraction": float(win.port_paused_s[used].sum()) / port_time,
            "credit_stall_fraction": float(win.port_stall_s[used].sum()) / port_time,
            "ecn_mark_fraction": min(marked / delivered, 1.0) if delivered > 0 else 0.0,
            "queue_max_B": float(queue.max(initial=0.0)), "queue_total_B": float(queue.sum()),
            "queue_B": queue, "port_paused": (win.port_paused_s > 0) | (win.port_stall_s > 0)}
        if win.lane_paused_s is not None and win.lane_stall_s is not None and win.lane_paused_s.shape[1] > 1:
            out["port_lane_paused"] = (win.lane_paused_s > 0) | (win.lane_stall_s > 0)   # [port, traffic class]
        return out

    def set_capacity(self, capacity_Bps: np.ndarray) -> None:
        """New port capacities (a failure or repair): the queues start afresh on the new routes."""
        self.ports.capacity_Bps = np.maximum(capacity_Bps, 1.0)
        self.reset()
