"""The fluid simulator: holds the state of the queues and the flows, adds and retires flows, runs windows of steps
through the compiled kernel (kernel.py) and reports what each window did.

The engine streams a run window by window: each window is a fixed number of steps (or ends when a group of flows,
a phase of the workload, finishes), so the plots can follow the queues while they evolve, and a Stop or a failure
takes effect at the next window. Finished flows are retired, so the state holds only the flows in flight.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from designer.sim.dynamics import aimd, dcqcn, delivery_time, halves, kernel, loss, shared_buffer, steady, step_halves
from designer.sim.dynamics import layout as L
from designer.sim.dynamics.aimd import AimdParams
from designer.sim.dynamics.columns import LINE_B, aligned_zeros, by_column, grown, kept_rows
from designer.sim.dynamics.dcqcn import DcqcnParams
from designer.sim.dynamics.jit import njit, two_threads
from designer.sim.dynamics.jumps import SteadyJumps
from designer.sim.dynamics.links import Links, appended_links, chains, kept_links, node_links
from designer.sim.dynamics.network import FC_CREDIT, FC_PFC, FlowSet, PortSet

# the model's credit loop takes one step, so credits below two steps' bytes would throttle a link that real
# hardware (a ~1 us loop) keeps full
CREDIT_FLOOR_STEPS = 2.0
NIC_QUEUE_STEPS = 2.0          # a sender's NIC queue holds two steps of line rate before the host waits
NIC_QUEUE_MIN_B = 9000.0
LIVE_PORTS_REFRESH = 0.9       # the ports visited are taken again once the unfinished flows fall below this share


def latency_percentiles_us(hist_B: np.ndarray, qs: tuple[float, ...] = (50, 99, 99.9)) -> dict[str, float]:
    """Byte-weighted percentiles (µs) of a latency histogram; `max` is the top bin used."""
    total = hist_B.sum()
    if total <= 0:
        return {**{_pname(q): 0.0 for q in qs}, "max": 0.0}
    cdf = np.cumsum(hist_B) / total
    out = {_pname(q): float(delivery_time.BIN_MID_S[min(int(np.searchsorted(cdf, q / 100.0 - 1e-12)),
                                                         delivery_time.N_BINS - 1)] * 1e6) for q in qs}
    out["max"] = float(delivery_time.BIN_MID_S[np.nonzero(hist_B)[0][-1]] * 1e6)
    return out


def histogram_samples(hist_B: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(latency in seconds, bytes) of the bins of a histogram that hold bytes."""
    nz = np.flatnonzero(hist_B > 0)
    return delivery_time.BIN_MID_S[nz], hist_B[nz]


def _pname(q: float) -> str:
    return "p" + (f"{q:g}".replace(".", ""))


@dataclass
class DynamicsResult:
    """What a whole fluid run measured (`FluidSimulator.run`)."""

    completion_time_s: float
    finished: bool
    finish_s: np.ndarray                   # per flow (nan if not finished)
    delivered_B: np.ndarray                # per flow, useful bytes
    dropped_B: float
    dropped_by_port_B: np.ndarray
    headroom_overflow_B: float             # bytes a PFC ingress could not hold (headroom too small)
    retransmitted_B: float
    marked_B: float
    port_served_B: np.ndarray
    port_max_queue_B: np.ndarray
    port_paused_s: np.ndarray
    port_credit_stall_s: np.ndarray
    port_busy_s: np.ndarray
    lane_paused_s: np.ndarray              # [port, traffic class]: seconds that class was paused
    lane_stall_s: np.ndarray               # [port, traffic class]: seconds that class waited for credits
    latency_hist_B: np.ndarray
    cnps: int
    timeouts: int
    steps: int
    dt_s: float
    series: dict[str, np.ndarray] = field(default_factory=dict)

    def latency_percentiles_us(self, qs: tuple[float, ...] = (50, 99, 99.9)) -> dict[str, float]:
        return latency_percentiles_us(self.latency_hist_B, qs)

    def pause_fraction(self) -> float:
        """Share of port-time spent paused, over ports that carried traffic."""
        used = self.port_served_B > 0
        return float(self.port_paused_s[used].sum() / max(used.sum() * self.completion_time_s, 1e-30))

    def credit_stall_fraction(self) -> float:
        used = self.port_served_B > 0
        return float(self.port_credit_stall_s[used].sum() / max(used.sum() * self.completion_time_s, 1e-30))

    def ecn_mark_fraction(self) -> float:
        return float(self.marked_B / max(self.delivered_B.sum(), 1.0))


def _port_arrays(ports: PortSet, dt: float, lanes: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(parameters [port, field], kinds [port, field], shared buffer sizes) in the kernel's column order. The credit
    buffer of a port is split evenly among the traffic classes of the run (each virtual lane its own credits); PFC
    thresholds and headroom hold for each lossless class on its own (classes.py, docs/simulation.md)."""
    cap = ports.capacity_Bps.astype(float)
    n = len(cap)
    pp = np.zeros((n, L.N_PORT_PARAMS))
    pp[:, L.CAP] = cap
    pp[:, L.XOFF] = ports.xoff_B
    pp[:, L.XON] = ports.xon_B
    pp[:, L.HEADROOM] = ports.headroom_B
    pp[:, L.CREDIT_B] = np.maximum(ports.credit_B.astype(float) / lanes, CREDIT_FLOOR_STEPS * cap * dt)
    pp[:, L.FIXED_LIMIT] = ports.queue_limit_B
    pp[:, L.KMIN] = ports.ecn_kmin_B
    pp[:, L.KMAX] = ports.ecn_kmax_B
    pp[:, L.PMAX] = ports.ecn_pmax
    pp[:, L.NIC_LIMIT] = np.maximum(NIC_QUEUE_STEPS * cap * dt, NIC_QUEUE_MIN_B)
    pk = np.zeros((n, L.N_PORT_KINDS), np.int64)
    pk[:, L.IS_PFC] = ports.flow_control == FC_PFC
    pk[:, L.IS_CREDIT] = ports.flow_control == FC_CREDIT
    pk[:, L.IS_NIC] = ports.is_nic
    pk[:, L.BUFFER] = -1 if ports.buffer_index is None else ports.buffer_index
    buf_B = np.zeros(1) if ports.buffer_B is None or len(ports.buffer_B) == 0 else ports.buffer_B.astype(float)
    return pp, pk, buf_B


def _flow_ints(flows: FlowSet, lengths: np.ndarray, level: np.ndarray, e0: int, fi: np.ndarray) -> None:
    """The kernel's integer fields of new flows whose nodes start at node `e0`, written into their rows `fi`
    (zero; the traffic classes were checked)."""
    n = flows.count
    fi[:, L.FIRST] = e0 + np.concatenate([[0], np.cumsum(lengths)[:-1]])
    fi[:, L.NNODES] = lengths
    fi[:, L.LAST] = fi[:, L.FIRST] + lengths - 1
    fi[:, L.NLEVELS] = np.maximum.reduceat(level, np.concatenate([[0], np.cumsum(lengths)[:-1]])) + 1 \
        if n else np.zeros(0, np.int64)
    fi[:, L.CC] = flows.cc
    fi[:, L.RTX] = flows.column("rtx", loss.RTX_GO_BACK_N, np.int64)
    fi[:, L.GROUP] = flows.column("group", -1, np.int64)
    fi[:, L.HGROUP] = flows.column("hgroup", 0, np.int64)
    fi[:, L.PSET] = flows.column("dcqcn_set", 0, np.int64)
    fi[:, L.LANE] = flows.column("lane", 0, np.int64)


def _appended(old: np.ndarray, new: np.ndarray) -> np.ndarray:
    """`old` then `new` (as np.concatenate gives them; `new` itself, in that type, where `old` is empty and `new`
    is a fresh array of the caller's)."""
    if len(old) == 0:
        return new.astype(np.result_type(old, new), copy=False)
    return np.concatenate([old, new])


@njit
def _crossed(hport: np.ndarray, n_ports: int) -> np.ndarray:
    """The ports some node crosses, ascending (in the hop indices' 32 bits)."""
    seen = np.zeros(n_ports, np.bool_)
    for p in hport:
        seen[p] = True
    return np.nonzero(seen)[0].astype(np.int32)


@njit
def _crossed_by(first: np.ndarray, n_nodes: np.ndarray, hport: np.ndarray, flows: np.ndarray,
                n_ports: int) -> np.ndarray:
    """`_crossed` of the nodes of the flows where `flows` is true, visited in place (a flow's nodes are
    contiguous: FIRST, NNODES) rather than gathered into an array of the nodes' ports first."""
    seen = np.zeros(n_ports, np.bool_)
    for f in range(len(first)):
        if flows[f]:
            for e in range(first[f], first[f] + n_nodes[f]):
                seen[hport[e]] = True
    return np.nonzero(seen)[0].astype(np.int32)


@njit
def _zero_if_any(sums: np.ndarray) -> None:
    """Zero a column that holds a value other than zero; a column of zeros is left as it is: read, not written, and
    only up to its first value (a -0.0 left there adds as 0.0 does)."""
    for i in range(len(sums)):
        if sums[i] != 0.0:
            sums[:] = 0.0
            return


@njit
def port_sums(hport: np.ndarray, values: np.ndarray, n_ports: int) -> np.ndarray:
    """Per port, the values of the nodes at it added up in node order (as a weighted bincount adds them, without
    its copy of the 32-bit indices)."""
    out = np.zeros(n_ports)
    for e in range(len(hport)):
        out[hport[e]] += values[e]
    return out


class FluidSimulator(SteadyJumps):
    """Queues, flows and senders of one fluid run; `window()` advances it, `add_flows`/`retire` change its flows."""

    def __init__(self, ports: PortSet, flows: FlowSet | None = None, *, dt_s: float,
                 dcqcn_params: DcqcnParams | list[DcqcnParams] | None = None,
                 aimd_params: AimdParams | None = None, mtu_B: float = 4096.0, seed: int = 1,
                 hist_groups: int = 1) -> None:
        self.dt = float(dt_s)
        self.lanes = max(1, int(ports.lanes))
        self.mtu_B = float(mtu_B)
        self.rng = np.random.default_rng([int(seed), 0x51D])
        sets = dcqcn_params if isinstance(dcqcn_params, list) else [dcqcn_params or DcqcnParams()]
        self.dpar = dcqcn.param_sets(sets)
        self.aimd_params = aimd_params or AimdParams()
        self.port_set = ports
        self.pp, self.pk, self.buf_B = _port_arrays(ports, self.dt, self.lanes)
        self.ps = np.zeros((ports.count, L.N_PORT_STATE))
        self.pl = np.zeros((ports.count, self.lanes, L.N_LANE_STATE))
        self.pr = aligned_zeros((ports.count, self.lanes, L.N_RECORD), LINE_B)   # what a hop's move touches
        self.sums = aligned_zeros((ports.count, self.lanes, L.N_SUMS), LINE_B)  # the step's scratch (backlogs.py)
        self.used = np.zeros(len(self.buf_B))
        self.pa = np.zeros((ports.count, L.port_acc_columns(self.lanes)))
        self.sc = np.zeros(L.N_SCALARS)
        self.sc[L.DT] = self.dt
        self.sc[L.MSS] = self.aimd_params.mss_B
        self.sc[L.AIMD_RTO] = self.aimd_params.rto_s
        self.sc[L.AIMD_RTT] = self.aimd_params.rtt_s
        self.sc[L.AIMD_RWND] = self.aimd_params.receive_window_B
        self.sc[L.DT_ALPHA] = shared_buffer.DT_ALPHA
        self.hist = np.zeros((max(1, hist_groups), delivery_time.N_BINS))
        self.group_left = np.zeros(1, np.int64)
        self.hport = np.zeros(0, np.uint32)          # hop ports in 32 bits, unsigned (layout._first_node)
        self.aports = np.zeros(0, np.int32)         # ports the flows cross (the per-port stages visit only these)
        self._live_flows = 0                        # unfinished flows when `aports` was last taken (_visit_live_ports)
        self.hpc = np.zeros(0, np.bool_)
        self.hlevel = np.zeros(0, np.int32)
        self.hq, self.hqm, self.harr = np.zeros(0), np.zeros(0), np.zeros(0)
        self.edge_from, self.edge_to = np.zeros(0, np.int64), np.zeros(0, np.int64)
        self.edge_split, self.edge_share = np.zeros(0), np.zeros(0)
        # each node's single next and previous node where it has one (succ1, pred1: the chain of a one-path flow),
        # and the junctions where a split route's branches join (links.py); kept up to date flow set by flow set
        links: Links = node_links(0, self.edge_from, self.edge_to, self.edge_split, self.edge_share)
        self.succ1, self.pred1, self.jn = links
        self.chain = np.zeros(0, np.bool_)          # per flow: its nodes are one chain (links.chains)
        self.lossy_nodes = False                    # some node may be dropped at a switch port (`_index_chains`)
        self.fi, self.fr, self.fs, self.dq, self.am, self.rs = (by_column(a) for a in (
            np.zeros((0, L.N_FLOW_INTS), np.int64), np.zeros((0, L.N_FLOW_REALS)), np.zeros((0, L.N_FLOW_STATE)),
            dcqcn.new_state(np.zeros(0), np.zeros(0)), aimd.new_state(0, self.aimd_params), loss.new_state(0)))
        self.ck_t, ck_sent, self.ck_meta, self.ck_cur = delivery_time.new_checkpoints(0, delivery_time.ring_depth(0))
        self.ck_sent = by_column(ck_sent)
        self.version = 0                            # counts changes of the set of flows (steady.py)
        self._halves: halves.Halves | None = None   # the second half's sums, once used (`_halves_state`)
        self.walk: steady.Walk | None = None        # a jump over trending queues under way (skip_steady)
        if flows is not None:
            self.add_flows(flows)

    # ---- flows ---------------------------------------------------------------------------------
    @property
    def F(self) -> int:
        return int(self.fi.shape[0])

    @property
    def t(self) -> float:
        return float(self.sc[L.T])

    @property
    def steps(self) -> int:
        return int(self.sc[L.STEPS])

    @property
    def done(self) -> np.ndarray:
        return self.fs[:, L.DONE] > 0.0

    def add_flows(self, flows: FlowSet, *, dcqcn_rows: np.ndarray | None = None) -> np.ndarray:
        """Append flows (their paths name this simulator's ports); returns their indices. `dcqcn_rows` gives their
        senders a DCQCN state to continue from (a step that repeats keeps its senders' state)."""
        n, first_new = flows.count, self.F
        if flows.hop_port.size and (flows.hop_port.min() < 0 or flows.hop_port.max() >= self.pp.shape[0]):
            raise ValueError("a flow's path names a port that does not exist")
        lengths = np.bincount(flows.hop_flow, minlength=n).astype(np.int64)
        lane = flows.column("lane", 0, np.int64)
        if n and (lane.min() < 0 or lane.max() >= self.lanes):
            raise ValueError("a flow's traffic class is not one of the ports' lanes")
        lossless = flows.column("lossless", True, np.bool_)
        e0, e = len(self.hq), len(flows.hop_port)
        level, a, b, split, share = flows.graph()
        self.hport = _appended(self.hport, flows.hop_port.astype(np.uint32))
        self.hpc = _appended(self.hpc, lossless[flows.hop_flow] & (self.pk[flows.hop_port, L.IS_PFC] > 0))
        self.hlevel = _appended(self.hlevel, level.astype(np.int32))
        self.hq, self.hqm, self.harr = (_appended(x, np.zeros(e)) for x in (self.hq, self.hqm, self.harr))
        # the flows' own edge arrays are taken as they are into an empty simulator (nothing writes into them: a
        # retire makes new ones), as `_appended` takes fresh ones: copies of 47 MB each on the 1,024-GPU AllToAll
        self.edge_from = _appended(self.edge_from, e0 + a if e0 else a)
        self.edge_to = _appended(self.edge_to, e0 + b if e0 else b)
        self.edge_split = _appended(self.edge_split, split)
        self.edge_share = _appended(self.edge_share, share)
        self.succ1, self.pred1, self.jn = appended_links((self.succ1, self.pred1, self.jn), e0,
                                                         node_links(e, a, b, split, share))
        # each per-flow table grows once: the old rows and the new ones' fields written into one allocation
        self.fi, fi = grown(self.fi, n)
        _flow_ints(flows, lengths, level, e0, fi)
        self.fr, fr = grown(self.fr, n)
        fr[:, L.LINE] = flows.line_rate_Bps
        fr[:, L.BASE_LAT] = flows.base_latency_s
        fr[:, L.RET] = flows.base_latency_s
        fr[:, L.RTO] = flows.column("rto_s", 320e-6, float)
        fr[:, L.MTU] = flows.column("mtu_B", self.mtu_B, float)
        fr[:, L.START] = flows.start_s
        self.fs, fs = grown(self.fs, n)
        fs[:, L.REMAINING] = flows.size_B
        fs[:, L.USEFUL_LEFT] = flows.size_B
        fs[:, L.FINISH] = np.nan
        fs[:, L.LOSS_HOP] = -1.0
        self.dq, dq = grown(self.dq, n)
        dcqcn.new_state(flows.line_rate_Bps.astype(float), self.rng.random(n), out=dq)
        if dcqcn_rows is not None:
            dq[:] = dcqcn_rows
        # every new sender starts from the same window and recovery state: one row, repeated
        self.am, _ = grown(self.am, n, aimd.new_state(1, self.aimd_params))
        self.rs, _ = grown(self.rs, n, loss.new_state(1))
        self._grow_checkpoints(n)
        self._count_groups(fi[:, L.GROUP], fi[:, L.HGROUP])
        self._index_chains()
        self.aports = _crossed(self.hport, self.pp.shape[0])
        self._live_flows = self.F
        self.version += 1
        return np.arange(first_new, first_new + n)

    def _index_chains(self) -> None:
        """Which flows are chains (links.chains), and whether some node is of a class a switch port may drop: not
        PFC-paused, at a port that is neither a NIC's nor credit-paced (kernel.run_steps)."""
        self.chain = chains(self.fi[:, L.FIRST], self.fi[:, L.NNODES], self.succ1, self.pred1, self.jn.ja)
        droppable = (self.pk[:, L.IS_NIC] == 0) & (self.pk[:, L.IS_CREDIT] == 0)
        self.lossy_nodes = bool((droppable[self.hport] & ~self.hpc).any())

    def _count_groups(self, groups: np.ndarray, hgroups: np.ndarray) -> None:
        if len(groups) and groups.max() >= len(self.group_left):
            self.group_left = np.concatenate([self.group_left, np.zeros(groups.max() + 1 - len(self.group_left),
                                                                        np.int64)])
        np.add.at(self.group_left, groups[groups >= 0], 1)
        need = int(hgroups.max()) + 1 if len(hgroups) else 1
        if need > self.hist.shape[0]:
            self.hist = np.vstack([self.hist, np.zeros((need - self.hist.shape[0], delivery_time.N_BINS))])

    def _grow_checkpoints(self, n_new: int) -> None:
        """Checkpoint rows for `n_new` new flows (zero: nothing sent yet), allocated once at the ring's new depth."""
        depth = delivery_time.ring_depth(self.F)
        old_sent = self.ck_sent
        self.ck_cur = np.concatenate([self.ck_cur, np.zeros(n_new, np.int64)])   # 0: before every checkpoint
        if depth >= self.ck_t.shape[0]:
            self.ck_sent, _ = grown(old_sent, n_new)
            return
        # fewer checkpoints per flow for this many flows: keep the newest ones in ring order
        meta = self.ck_meta
        order = (meta[delivery_time.HEAD] + np.arange(meta[delivery_time.COUNT])) % self.ck_t.shape[0]
        keep = order[-depth:]
        old_t = self.ck_t
        self.ck_t = np.zeros(depth)
        self.ck_t[:len(keep)] = old_t[keep]
        self.ck_sent, _ = grown(np.zeros((0, depth)), self.F)
        self.ck_sent[:len(old_sent), :len(keep)] = old_sent[:, keep]
        self.ck_meta = np.array([0, len(keep), meta[delivery_time.STRIDE], meta[delivery_time.SINCE], 0], np.int64)
        self.ck_cur[:] = 0                           # serial numbers start again: every cursor back to the oldest

    def retire(self, keep: np.ndarray) -> np.ndarray:
        """Keep only the flows where `keep` is true (finished ones are dropped); returns the new index of each old
        flow (-1 for those dropped). Queues of dropped flows must be empty (they are, once a flow is done)."""
        new_of_old = np.full(self.F, -1, np.int64)
        new_of_old[keep] = np.arange(int(keep.sum()))
        hop_keep = np.repeat(keep, self.fi[:, L.NNODES])
        node_new = np.full(len(hop_keep), -1, np.int64)
        node_new[hop_keep] = np.arange(int(hop_keep.sum()))
        self.hport, self.hpc, self.hlevel, self.hq, self.hqm, self.harr = (
            x[hop_keep] for x in (self.hport, self.hpc, self.hlevel, self.hq, self.hqm, self.harr))
        edge_keep = hop_keep[self.edge_from] if len(self.edge_from) else np.zeros(0, dtype=bool)
        self.edge_from, self.edge_to = node_new[self.edge_from[edge_keep]], node_new[self.edge_to[edge_keep]]
        self.edge_split, self.edge_share = self.edge_split[edge_keep], self.edge_share[edge_keep]
        self.succ1, self.pred1, self.jn = kept_links((self.succ1, self.pred1, self.jn), hop_keep, node_new)
        self.fi, self.fr, self.fs, self.dq, self.am, self.rs = (
            kept_rows(a, keep) for a in (self.fi, self.fr, self.fs, self.dq, self.am, self.rs))
        self.fi[:, L.FIRST] = node_new[self.fi[:, L.FIRST]]
        self.fi[:, L.LAST] = node_new[self.fi[:, L.LAST]]
        self.ck_sent, self.ck_cur = kept_rows(self.ck_sent, keep), self.ck_cur[keep]
        self._index_chains()
        self._visit_only(_crossed(self.hport, self.pp.shape[0]))
        self._live_flows = self.F
        self.version += 1
        return new_of_old

    def _visit_only(self, ports: np.ndarray) -> None:
        """The per-port stages visit `ports` (as `_crossed` lists them) from now on; a port left out is idle and
        unpaused (no flow in flight crosses it, so that is what a step would find there), and starts so if a flow
        crosses it again."""
        gone = np.setdiff1d(self.aports, ports)
        self.ps[gone] = 0.0
        self.pl[gone] = 0.0
        served = self.pr[gone, L.PORT, L.R_SERVED]     # a copy of pa's count (kernel._served_counter): kept
        self.pr[gone] = 0.0
        self.pr[gone, L.PORT, L.R_SERVED] = served
        self.aports = ports

    def _visit_live_ports(self) -> None:
        """Once a tenth of the flows the per-port stages were last sized for have finished, they visit only the
        ports that unfinished flows cross: a phase's finished flows stay until the whole phase ends (retire), and in a
        long tail of stragglers the visits of idle ports cost more than the flows' own steps. A finished flow's
        queues are empty (delivery._finish), so a port only finished flows cross holds nothing and pauses no one."""
        live = self.fs[:, L.DONE] == 0.0
        n_live = int(live.sum())
        if n_live > LIVE_PORTS_REFRESH * self._live_flows:
            return
        self._live_flows = n_live
        self._visit_only(self._ports_of(live))

    # ---- running -------------------------------------------------------------------------------
    def reset_window(self) -> None:
        """Zero the per-window sums of every flow (the caller reads them after `window`)."""
        for col in (L.W_USEFUL, L.W_MARKED, L.W_LOST, L.W_RESENT):   # each a contiguous column
            _zero_if_any(self.fs[:, col])     # (nothing lost or resent in a lossless run: only read)

    def window(self, max_steps: int, *, stop_on_group: bool = True) -> int:
        """Up to `max_steps` steps; returns the completion group that finished (-1 none)."""
        if self.F == 0 or max_steps <= 0:
            return -1
        self._visit_live_ports()
        args = (self.pp, self.pk, self.buf_B, self.ps, self.pl, self.pr, self.sums, self.used, self.pa, self.aports,
                self.hport, self.hpc, self.hlevel, self.hq, self.hqm, self.harr, self.jn.ja, self.jn.jb,
                self.jn.last_a, self.jn.wa, self.jn.wb, self.jn.a_ptr, self.jn.a_node, self.jn.b_ptr, self.jn.b_node,
                self.jn.sums, self.succ1, self.pred1, self.chain, self.fi, self.fr, self.fs, self.dq, self.dpar,
                self.am, self.rs, self.ck_t, self.ck_sent, self.ck_meta, self.ck_cur, self.hist, self.sc,
                self.group_left, int(max_steps), bool(stop_on_group), self.lossy_nodes)
        if not self._in_halves():
            return int(kernel.run_steps(*args))
        h = self._halves_state()
        two_threads()
        return int(step_halves.run_steps_halves(*args, h.split, h.ps1, h.pr1, h.sums1, h.pa1, h.sc1, h.hist1, h.fin))

    def _in_halves(self) -> bool:
        """Whether the steps' flow passes run in two halves (halves.takes_halves: from the flow-hops alone)."""
        return halves.takes_halves(len(self.hport))

    def _halves_state(self) -> halves.Halves:
        """The second half's own arrays (halves.state), made again only when the flows or latency groups change."""
        self._halves = halves.state(self._halves, self.version, self.fi[:, L.NNODES], self.hist,
                                    (self.ps, self.pr, self.sums, self.pa, self.sc))
        return self._halves

    # ---- steady states: jumps.py does the jumping; these are what it needs of the state ------------
    def _ports_of(self, flows: np.ndarray) -> np.ndarray:
        """The ports the flows where `flows` is true cross, ascending."""
        return _crossed_by(self.fi[:, L.FIRST], self.fi[:, L.NNODES], self.hport, flows, self.pp.shape[0])

    def lane_paused_s(self, acc: np.ndarray | None = None) -> np.ndarray:
        """[port, traffic class]: seconds each class was paused (of `acc`, port counters, or the run's)."""
        a = self.pa if acc is None else acc
        if self.lanes == 1:                           # one lane: the port's own counter
            return a[:, L.PAUSED_S:L.PAUSED_S + 1].copy()
        return a[:, L.LANE_ACC:L.LANE_ACC + self.lanes].copy()

    def lane_stall_s(self, acc: np.ndarray | None = None) -> np.ndarray:
        """[port, traffic class]: seconds each class waited for credits."""
        a = self.pa if acc is None else acc
        if self.lanes == 1:
            return a[:, L.STALL_S:L.STALL_S + 1].copy()
        return a[:, L.LANE_ACC + self.lanes:L.LANE_ACC + 2 * self.lanes].copy()

    def queue_B(self) -> np.ndarray:
        """Backlog per port now."""
        return port_sums(self.hport, self.hq, self.pp.shape[0])

    def in_network_B(self) -> np.ndarray:
        """Bytes of each flow queued somewhere on its path."""
        if self.F == 0 or len(self.hq) == 0:
            return np.zeros(self.F)
        return np.add.reduceat(self.hq, self.fi[:, L.FIRST])

    # ---- a whole run (studies and tests of the mechanisms) -------------------------------------
    def run(self, until_s: float | None = None, *, cancel: threading.Event | None = None,
            on_record: Callable[[dict[str, float | np.ndarray]], None] | None = None,
            max_steps: int = 5_000_000, record_every: int = 100) -> DynamicsResult:
        """Step until every flow has delivered its bytes (or `until_s` of simulated time), recording the series
        every `record_every` steps."""
        series: dict[str, list[float]] = {k: [] for k in ("t_s", "throughput_Bps", "max_queue_B", "total_queue_B",
                                                          "paused_ports", "mark_fraction", "dropped_B")}
        horizon = np.inf if until_s is None else until_s
        record_every = max(1, int(record_every))
        size = self.fs[:, L.USEFUL_LEFT].copy()
        delivered = np.zeros(self.F)
        while self.steps < max_steps and not self.done.all() and self.t < horizon - 1e-15:
            if cancel is not None and cancel.is_set():
                break
            self.reset_window()
            dropped0 = self.sc[L.DROPPED]
            t0 = self.t
            self.window(min(record_every, max(1, int(np.ceil((horizon - self.t) / self.dt - 1e-9)))),
                        stop_on_group=False)
            useful = self.fs[:, L.W_USEFUL]
            delivered += useful
            q = self.queue_B()
            rec = {"t_s": self.t, "throughput_Bps": float(useful.sum()) / max(self.t - t0, 1e-30),
                   "max_queue_B": float(q.max(initial=0.0)), "total_queue_B": float(q.sum()),
                   "paused_ports": float((self.ps[:, L.PAUSED] > 0).sum()),
                   "mark_fraction": float(self.fs[:, L.W_MARKED].sum()) / max(float(useful.sum()), 1.0),
                   "dropped_B": float(self.sc[L.DROPPED] - dropped0)}
            for k, v in rec.items():
                series[k].append(v)
            if on_record is not None:
                on_record({**rec, "queue_B": q, "paused": self.ps[:, L.PAUSED] > 0,
                           "served_B": self.pa[:, L.SERVED].copy(),
                           "progress": float(delivered.sum() / max(size.sum(), 1.0))})
        return self._result(delivered, series)

    def _result(self, delivered: np.ndarray, series: dict[str, list[float]]) -> DynamicsResult:
        finished = bool(self.done.all())
        finish = np.where(self.done, self.fs[:, L.FINISH], np.nan)
        ct = float(np.nanmax(finish)) if finished and self.F else self.t
        pa = self.pa
        return DynamicsResult(
            completion_time_s=ct, finished=finished, finish_s=finish, delivered_B=delivered,
            dropped_B=float(self.sc[L.DROPPED]), dropped_by_port_B=pa[:, L.DROPPED_B].copy(),
            headroom_overflow_B=float(self.sc[L.OVERFLOW]), retransmitted_B=float(self.sc[L.RESENT]),
            marked_B=float(self.sc[L.MARKED]), port_served_B=pa[:, L.SERVED].copy(),
            port_max_queue_B=pa[:, L.MAXQ].copy(), port_paused_s=pa[:, L.PAUSED_S].copy(),
            port_credit_stall_s=pa[:, L.STALL_S].copy(), port_busy_s=pa[:, L.BUSY_S].copy(),
            lane_paused_s=self.lane_paused_s(), lane_stall_s=self.lane_stall_s(),
            latency_hist_B=self.hist.sum(axis=0), cnps=int(self.sc[L.CNPS]), timeouts=int(self.sc[L.TIMEOUTS]),
            steps=self.steps, dt_s=self.dt, series={k: np.asarray(v) for k, v in series.items()})
