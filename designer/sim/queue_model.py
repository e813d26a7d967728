"""The queue-dynamics rate model: the fluid queue simulator of `designer.sim.dynamics` behind the
engine's `RateModel` interface.

Where no port is offered more than it can carry and no queue is left, max-min rates are exact and the
model hands the advance to the max-min model (the fast path of part 1: uncongested collectives stay
one solve per pattern). Where a pattern congests a port (incast, oversubscription, hash collisions,
AllToAll), it steps per-port queues in time: PFC pauses, ECN marking and DCQCN at RoCEv2 senders,
credit flow control on InfiniBand, drops and TCP-like senders on the lossy front-end. The queueing
and pause time the delivered bytes met is returned per sub-flow, so tail latency comes from the queues.
"""

from __future__ import annotations

import math
import threading
from collections import defaultdict
from collections.abc import Callable

import numpy as np
import scipy.sparse as sp

from designer.model.segments import RoCESettings
from designer.sim.compile import PLANE_BACKEND, PLANE_FRONTEND, PLANE_NVLINK, CompiledFabric
from designer.sim.dynamics import FlowSet, FluidSimulator, PortSet
from designer.sim.dynamics.network import CC_AIMD, CC_DCQCN, CC_NONE, FC_CREDIT, FC_LOSSY, FC_PFC, DcqcnParams
from designer.sim.dynamics.stepper import histogram_samples
from designer.sim.engine import Cancelled
from designer.sim.framing import PROTO_IB, PROTO_NVLINK
from designer.sim.rate_model import ActiveFlows, Advance, MaxMinRateModel, RateModel, SoloProfile
from designer.sim.step_trace import TraceRecorder, on_fabric_ports

KB = 1000.0                       # the settings' KB are 1,000 bytes (as the vendors' ECN examples)
CHUNK_STEPS = 200                 # most steps in one advance, so that snapshots keep flowing
MIN_DT_S, MAX_DT_S = 1e-6, 10e-6  # time step: fine enough for PFC/ECN at 400G, coarse for long runs
WARM_RUNS = 8                     # back-to-back runs of a repeated congested step (state carried over)
STEP_BUDGET = 2000                # aim for about this many steps over the congested stretch


def _column_paths(ports: np.ndarray, shares: np.ndarray, port_src: np.ndarray, port_dst: np.ndarray,
                  first_ports: frozenset = frozenset()) -> list[tuple[list[int], float]]:
    """Split one sub-flow's port shares into ordered paths with their shares (flow decomposition).

    Ports inside one node (NVLink: source and destination are the same server) have no place in the
    node chain; those in `first_ports` (a GPU's NVLink transmit side) go first, the others last."""
    loops = [p for p in ports.tolist() if port_src[p] == port_dst[p]]
    head = [p for p in loops if p in first_ports]
    tail = [p for p in loops if p not in first_ports]
    chain = [(p, sh) for p, sh in zip(ports.tolist(), shares.tolist(), strict=True) if port_src[p] != port_dst[p]]
    if not chain:
        return [(head + tail, float(min(shares)) if len(shares) else 1.0)] if loops else []
    left = dict(chain)
    out: dict[int, list[int]] = defaultdict(list)
    for p, _ in chain:
        out[int(port_src[p])].append(p)
    dsts = {int(port_dst[p]) for p, _ in chain}
    starts = [n for n in out if n not in dsts]
    source = starts[0] if starts else int(port_src[chain[0][0]])
    paths = []
    total = sum(left.values())
    for _ in range(256):
        node, path, share, seen = source, [], math.inf, set()
        while out.get(node) and node not in seen:
            seen.add(node)
            cands = [p for p in out[node] if left[p] > 1e-9]
            if not cands:
                break
            p = max(cands, key=lambda c: left[c])
            path.append(p)
            share = min(share, left[p])
            node = int(port_dst[p])
        if not path or share <= 1e-9:
            break
        for p in path:
            left[p] -= share
        paths.append((head + path + tail, share))
        if sum(left.values()) <= 1e-6 * max(total, 1.0):
            break
    return paths


def _wait_shares(wait_hist_B: np.ndarray) -> tuple[np.ndarray, np.ndarray] | None:
    """The queueing-time distribution of a profiled step: (ns, share of its bytes) per histogram bin."""
    lat_s, bytes_ = histogram_samples(wait_hist_B)
    total = bytes_.sum()
    return (lat_s * 1e9, bytes_ / total) if total > 0 else None


BUSY_STEPS = 250     # steps of a congested step between progress notices (about 10 a second on a large one)

class QueueRateModel(RateModel):
    """Fluid queues where the traffic congests the fabric, max-min where it does not."""

    name = "fluid queues (PFC, ECN/DCQCN, credits) + max-min"

    def __init__(self, fab: CompiledFabric, *, dt_s: float | None = None, workload_options: list | None = None,
                 on_busy: Callable[[float], None] | None = None, cancel: threading.Event | None = None):
        super().__init__(fab)
        self.cancel = cancel            # checked every BUSY_STEPS steps of a congested step (a Stop is prompt)
        self.on_busy = on_busy          # told the share of a congested step done, every BUSY_STEPS steps
        self.maxmin = MaxMinRateModel(fab)
        self.ports = self._ports(fab)
        self.fixed_dt = dt_s
        self.sim: FluidSimulator | None = None
        self.workload_options = workload_options or []
        self._dcqcn = self._dcqcn_params(fab)
        # the universe of fluid paths: (phase, sub) -> entity indices
        self.ent_key_phase = np.zeros(0, np.int64)
        self.ent_key_sub = np.zeros(0, np.int64)
        self.ent_share = np.zeros(0)
        self.ent_paths: list[list[int]] = []
        self.ent_cc = np.zeros(0, np.int8)
        self.ent_base_s = np.zeros(0)
        self._index: dict[tuple[int, int], np.ndarray] = {}
        self._nvl_tx = frozenset(int(p) for p in fab.gpu_nvl_tx.tolist() if p >= 0)
        self.stepped = 0

    # ---- set-up -----------------------------------------------------------------------------
    @staticmethod
    def _ports(fab: CompiledFabric) -> PortSet:
        n = fab.n_ports
        cap = fab.port_payload_Bps.astype(float)
        fc = np.full(n, FC_LOSSY, dtype=np.int8)
        xoff, xon, headroom = np.zeros(n), np.zeros(n), np.zeros(n)
        credit = np.full(n, np.inf)
        kmin, kmax, pmax = np.zeros(n), np.zeros(n), np.zeros(n)
        limit = np.maximum(fab.port_buffer_bytes.astype(float), 64e3)
        default = RoCESettings()
        for k in range(n):
            plane, proto, seg = fab.port_plane[k], fab.port_protocol[k], fab.port_segment[k]
            if plane == PLANE_NVLINK or proto == PROTO_NVLINK:
                fc[k] = FC_CREDIT                                # lossless, never the bottleneck of credits
            elif plane == PLANE_FRONTEND:
                fc[k] = FC_LOSSY
            elif proto == PROTO_IB:
                fc[k] = FC_CREDIT
                credit[k] = max(fab.port_buffer_bytes[k], 16 * 4096.0)
            else:
                rs = fab.segments[seg].rocev2 if seg >= 0 else default
                if rs.pfc:
                    fc[k] = FC_PFC
                    xoff[k], xon[k], headroom[k] = rs.xoff_kb * KB, rs.xon_kb * KB, rs.headroom_kb * KB
                if rs.ecn:
                    kmin[k], kmax[k], pmax[k] = rs.kmin_kb * KB, rs.kmax_kb * KB, rs.pmax
        is_nic = fab.node_kind[fab.port_src] == 0
        return PortSet(cap, fc, xoff, xon, headroom, credit, limit, kmin, kmax, pmax, is_nic)

    @staticmethod
    def _dcqcn_params(fab: CompiledFabric) -> list[DcqcnParams]:
        """A DCQCN parameter set per segment (its RoCEv2 settings: each segment tunes its own NICs), and the
        defaults last, for senders outside any segment."""
        return [DcqcnParams.from_settings(seg.rocev2) for seg in fab.segments] + \
            [DcqcnParams.from_settings(RoCESettings())]

    def _dcqcn_set(self, paths: list[list[int]]) -> np.ndarray:
        """Which parameter set each path's sender uses: its first port's segment (the defaults without one)."""
        seg = self.fab.port_segment[np.array([path[0] for path in paths], dtype=np.int64)] if paths else \
            np.zeros(0, dtype=np.int64)
        return np.where(seg >= 0, seg, len(self._dcqcn) - 1).astype(np.int64)

    def _sender_cc(self, first_port: int, workload: int) -> int:
        fab = self.fab
        if fab.port_plane[first_port] == PLANE_FRONTEND:
            return CC_AIMD
        seg = fab.port_segment[first_port]
        proto = fab.segments[seg].protocol if seg >= 0 else fab.port_protocol[first_port]
        if proto == PROTO_IB or proto == PROTO_NVLINK:
            return CC_NONE
        on = fab.segments[seg].rocev2.dcqcn if seg >= 0 else True
        opts = self.workload_options[workload] if workload < len(self.workload_options) else {}
        if "dcqcn" in opts:
            on = bool(opts["dcqcn"])
        return CC_DCQCN if on else CC_NONE

    def set_capacity(self, capacity_Bps: np.ndarray) -> None:
        """New capacities (a failure or repair); routes change too, so the fluid paths start afresh.

        Bytes in the queues at that moment are not delivered: the engine still counts them as left and
        sends them again on the new routes (on a failed link they are lost anyway). A failed port keeps
        1 B/s in the queues (no flow is routed over it; this only avoids 0/0 in the sojourn estimate)."""
        self.maxmin.set_capacity(capacity_Bps)
        self.ports.capacity_Bps = np.maximum(capacity_Bps, 1.0)
        self.sim = None
        self.ent_key_phase = np.zeros(0, np.int64)
        self.ent_key_sub = np.zeros(0, np.int64)
        self.ent_share = np.zeros(0)
        self.ent_paths = []
        self.ent_cc = np.zeros(0, np.int8)
        self.ent_base_s = np.zeros(0)
        self._index = {}

    # ---- congestion test ----------------------------------------------------------------------
    def _alone_rates(self, matrix: sp.csr_matrix) -> np.ndarray:
        """Each sub-flow's rate if it were alone: the smallest capacity on its route."""
        csc = matrix.tocsc()
        cap = self.maxmin.capacity
        rates = np.full(csc.shape[1], np.inf)
        nnz = np.diff(csc.indptr)
        has = nnz > 0
        if has.any():
            vals = cap[csc.indices] / np.maximum(csc.data, 1e-12)
            rates[has] = np.minimum.reduceat(vals, csc.indptr[:-1][has])
        return rates

    def _congested(self, matrix: sp.csr_matrix) -> bool:
        offered = matrix @ np.where(np.isfinite(r := self._alone_rates(matrix)), r, 0.0)
        return bool((offered > self.maxmin.capacity * (1 + 1e-9)).any())

    def solo_profile(self, matrix: sp.csr_matrix, sub_bytes: np.ndarray,
                     bytes_per_flow: float | None = None, repeats: int = 1) -> SoloProfile | None:
        """Uncongested: the max-min profile (linear in bytes). Congested: one step of the pattern run
        alone through the fluid queues, valid for this step size. A step that repeats (a ring collective)
        is run a few times back to back with the senders' congestion-control state carried over, as a
        collective streams continuously, and their mean stands for every repeat."""
        if not self._congested(matrix):
            return self.maxmin.solo_profile(matrix, sub_bytes)
        if bytes_per_flow is None or bytes_per_flow <= 0:
            return None
        csc = matrix.tocsc()
        paths, owner, share = [], [], []
        for j in range(csc.shape[1]):
            lo, hi = csc.indptr[j], csc.indptr[j + 1]
            for path, sh in _column_paths(csc.indices[lo:hi], csc.data[lo:hi], self.fab.port_src, self.fab.port_dst,
                                             self._nvl_tx):
                paths.append(path)
                owner.append(j)
                share.append(sh)
        owner_a, share_a = np.asarray(owner), np.asarray(share)
        sizes = sub_bytes[owner_a] * bytes_per_flow * share_a
        keep = sizes > 0
        if not keep.any():
            return self.maxmin.solo_profile(matrix, sub_bytes)
        paths = [p for p, k in zip(paths, keep, strict=True) if k]
        owner_a, sizes = owner_a[keep], sizes[keep]
        lat = self.fab.port_latency_ns
        flows = FlowSet.from_paths(paths, sizes, line_rate_Bps=[self.maxmin.capacity[p[0]] for p in paths],
                                   base_latency_s=[float(lat[p].sum()) * 1e-9 for p in paths],
                                   cc=[self._sender_cc(p[0], 0) for p in paths])
        flows.dcqcn_set = self._dcqcn_set(paths)
        # the fluid run covers only the ports these flows cross (a permutation on 16k GPUs uses about half of
        # the fabric's ports): every per-port array of a step shrinks with it; results map back by `used`
        used = np.unique(flows.hop_port)
        local = np.full(self.fab.n_ports, -1, dtype=np.int64)
        local[used] = np.arange(len(used))
        flows.hop_port = local[flows.hop_port]
        rates = self.maxmin.rates(matrix)
        with np.errstate(divide="ignore", invalid="ignore"):
            t_est = float(np.nanmax(np.where(rates > 0, sub_bytes * bytes_per_flow / rates, 0.0)))
        dt = self.fixed_dt or float(np.clip(t_est / STEP_BUDGET, MIN_DT_S / 10, MAX_DT_S))
        sim = FluidSimulator(self.ports.subset(used), flows, dt_s=dt, dcqcn=self._dcqcn)
        runs = min(max(int(repeats), 1), WARM_RUNS)
        acc0 = {k: v.copy() for k, v in sim.acc.items()}
        waits = np.zeros(flows.count)
        got_all = np.zeros(flows.count)
        recorder = None
        for run_no in range(runs):
            if run_no:                      # the next repeat: same bytes, sender state kept
                sim.remaining[:] = sizes
                sim.done[:] = False
                sim.finish[:] = np.nan
            t_start = sim.t
            if run_no == runs - 1:          # the live plots replay the last (warmest) run of the step
                recorder = TraceRecorder(sim, self.fab.port_plane[used] == PLANE_BACKEND, int(t_est / dt),
                                         port_index=used, n_ports=self.fab.n_ports)
            while not sim.done.all() and sim.steps < 2_000_000:
                got = sim.step()
                got_all += got
                if sim.last_wait_s is not None:
                    waits += got * sim.last_wait_s
                if recorder is not None:
                    recorder.after_step(float(got.sum()))
                if sim.steps % BUSY_STEPS == 0:
                    if self.cancel is not None and self.cancel.is_set():
                        raise Cancelled()
                    if self.on_busy is not None:
                        self.on_busy(min(float(got_all.sum()) / max(float(sizes.sum()) * runs, 1.0), 1.0))
        trace = recorder.trace() if recorder is not None else None
        self.stepped += sim.steps
        # per-step figures: the mean over the runs (the cold first step included)
        for k in sim.acc:
            if k != "maxq":
                sim.acc[k] = (sim.acc[k] - acc0[k]) / runs
        sim.marked_total /= runs
        sim.dropped_total /= runs
        sim.finish -= t_start
        n_sub = csc.shape[1]
        t_total = sim.t / runs
        fin = np.zeros(n_sub)
        np.maximum.at(fin, owner_a, np.nan_to_num(sim.finish, nan=t_total))
        by_sub = np.bincount(owner_a, weights=got_all, minlength=n_sub)
        extra = np.divide(np.bincount(owner_a, weights=waits, minlength=n_sub), by_sub, out=np.zeros(n_sub),
                          where=by_sub > 0) * 1e9
        total = float(sizes.sum())
        return SoloProfile(drain_s_per_byte=t_total / bytes_per_flow, sub_finish_s_per_byte=fin / bytes_per_flow,
                           levels=[(t_total / bytes_per_flow, total / max(t_total, 1e-30))], linear=False,
                           extra_latency_ns=extra, wait_samples=_wait_shares(sim.wait_hist),
                           port_paused_s=on_fabric_ports(sim.acc["paused"], used, self.fab.n_ports),
                           port_stall_s=on_fabric_ports(sim.acc["stall"], used, self.fab.n_ports),
                           port_dropped_B=on_fabric_ports(sim.acc["dropped"], used, self.fab.n_ports),
                           marked_B=sim.marked_total, dropped_B=sim.dropped_total,
                           trace=trace)

    # ---- the fluid universe -------------------------------------------------------------------
    def _ensure(self, flows: ActiveFlows) -> np.ndarray:
        """Entities for every active sub-flow (created the first time a (phase, sub) is seen)."""
        csc = flows.matrix.tocsc()
        new_phase, new_sub, new_share, new_paths, new_cc, new_base = [], [], [], [], [], []
        ent_lists = []
        n_old = len(self.ent_paths)
        lat = self.fab.port_latency_ns
        for j in range(len(flows.remaining_bytes)):
            key = (int(flows.phase[j]), int(flows.sub_index[j]))
            idx = self._index.get(key)
            if idx is None:
                lo, hi = csc.indptr[j], csc.indptr[j + 1]
                paths = _column_paths(csc.indices[lo:hi], csc.data[lo:hi], self.fab.port_src, self.fab.port_dst,
                                             self._nvl_tx)
                start = n_old + len(new_paths)
                wl = int(flows.workload[j]) if flows.workload is not None else 0
                for path, share in paths:
                    new_phase.append(key[0])
                    new_sub.append(key[1])
                    new_share.append(share)
                    new_paths.append(path)
                    new_cc.append(self._sender_cc(path[0], wl))
                    new_base.append(float(lat[path].sum()) * 1e-9)
                idx = np.arange(start, start + len(paths))
                self._index[key] = idx
            ent_lists.append(idx)
        if new_paths:
            self.ent_key_phase = np.concatenate([self.ent_key_phase, new_phase])
            self.ent_key_sub = np.concatenate([self.ent_key_sub, new_sub])
            self.ent_share = np.concatenate([self.ent_share, new_share])
            self.ent_cc = np.concatenate([self.ent_cc, np.asarray(new_cc, np.int8)])
            self.ent_base_s = np.concatenate([self.ent_base_s, new_base])
            self.ent_paths.extend(new_paths)
            self._rebuild(n_old)
        return np.concatenate(ent_lists) if ent_lists else np.zeros(0, np.int64)

    def _rebuild(self, n_old: int) -> None:
        n = len(self.ent_paths)
        flows = FlowSet.from_paths(self.ent_paths, np.zeros(n), start_s=0.0,
                                   line_rate_Bps=[self.maxmin.capacity[p[0]] for p in self.ent_paths],
                                   base_latency_s=self.ent_base_s, cc=self.ent_cc)
        flows.dcqcn_set = self._dcqcn_set(self.ent_paths)
        if self.sim is None:
            self.sim = FluidSimulator(self.ports, flows, dt_s=self._dt, dcqcn=self._dcqcn)
        else:
            carry = np.full(n, -1, dtype=np.int64)
            carry[:n_old] = np.arange(n_old)
            self.sim.replace_flows(flows, carry)

    # ---- advancing ------------------------------------------------------------------------------
    def advance(self, flows: ActiveFlows, horizon_s: float) -> Advance:
        backlog = self.sim is not None and self.sim.q.sum() > 1.0
        if not backlog and not self._congested(flows.matrix):
            return self.maxmin.advance(flows, horizon_s)
        if flows.sub_index is None:
            raise RuntimeError("the queue model needs stable sub-flow indices from the engine")
        if self.sim is None:
            self._dt = self.fixed_dt or self._pick_dt(flows)
        ents = self._ensure(flows)
        sim = self.sim
        assert sim is not None
        n_sub = len(flows.remaining_bytes)
        # which active sub-flow each entity belongs to (in this call's order)
        counts = np.array([len(self._index[(int(p), int(s))]) for p, s in zip(flows.phase, flows.sub_index,
                                                                               strict=True)])
        ent_owner = np.repeat(np.arange(n_sub), counts)
        in_net = sim.in_network_B()
        owner_in_net = np.bincount(ent_owner, weights=in_net[ents], minlength=n_sub)
        to_send = np.maximum(flows.remaining_bytes - owner_in_net, 0.0)
        sim.remaining[:] = 0.0
        sim.remaining[ents] = to_send[ent_owner] * self.ent_share[ents]
        sim.done[:] = False
        sim.flows.start_s[:] = -np.inf
        before = {k: sim.acc[k].copy() for k in ("paused", "stall", "dropped")}
        marked_e = np.zeros(sim.F)
        dropped_e = np.zeros(sim.F)
        marked0, dropped0 = sim.marked_total, sim.dropped_total
        got_total = np.zeros(sim.F)
        wait_weighted = np.zeros(sim.F)
        max_steps = CHUNK_STEPS if not math.isfinite(horizon_s) else \
            max(1, min(CHUNK_STEPS, int(math.ceil(horizon_s / sim.dt - 1e-9))))
        steps = 0
        finished = np.zeros(n_sub, dtype=bool)
        while steps < max_steps:
            got = sim.step()
            steps += 1
            got_total += got
            marked_e += sim.last_marked
            dropped_e += sim.last_dropped
            if sim.last_wait_s is not None:
                wait_weighted += got * sim.last_wait_s
            delivered = np.bincount(ent_owner, weights=got_total[ents], minlength=n_sub)
            finished = delivered >= flows.remaining_bytes * (1 - 1e-9) - 1e-3
            # a sub-flow is finished once nothing of it is left to send or in flight
            left = np.bincount(ent_owner, weights=sim.remaining[ents] + sim.in_network_B()[ents], minlength=n_sub)
            finished |= left <= 1e-3
            if finished.any():
                break
        self.stepped += steps
        dt = steps * sim.dt
        delivered = np.bincount(ent_owner, weights=got_total[ents], minlength=n_sub)
        delivered = np.where(finished, flows.remaining_bytes, np.minimum(delivered, flows.remaining_bytes))
        if finished.any():
            # what is left of a finished sub-flow in the fluid (rounding) leaves with it
            gone = np.isin(ent_owner, np.flatnonzero(finished))
            for e in ents[gone]:
                sim.q[sim.first[e]:sim.last[e] + 1] = 0.0
        wait = np.divide(np.bincount(ent_owner, weights=wait_weighted[ents], minlength=n_sub),
                         np.bincount(ent_owner, weights=got_total[ents], minlength=n_sub),
                         out=np.zeros(n_sub), where=np.bincount(ent_owner, weights=got_total[ents],
                                                                minlength=n_sub) > 0)
        used = sim.acc["served"] > 0
        return Advance(
            dt_s=dt, delivered_bytes=delivered, rates_Bps=delivered / max(dt, 1e-30),
            pause_port_s=float((sim.acc["paused"] - before["paused"])[used].sum()),
            credit_stall_port_s=float((sim.acc["stall"] - before["stall"])[used].sum()),
            ecn_marked_bytes=sim.marked_total - marked0, dropped_bytes=sim.dropped_total - dropped0,
            extra_latency_ns=wait * 1e9,
            port_paused_s=sim.acc["paused"] - before["paused"], port_stall_s=sim.acc["stall"] - before["stall"],
            port_dropped_B=sim.acc["dropped"] - before["dropped"],
            sub_marked_B=np.bincount(ent_owner, weights=marked_e[ents], minlength=n_sub),
            sub_dropped_B=np.bincount(ent_owner, weights=dropped_e[ents], minlength=n_sub),
            port_stats={"queue_B": sim.last_queue, "paused": sim.paused})

    def _pick_dt(self, flows: ActiveFlows) -> float:
        """A step that resolves PFC/ECN at 400G and keeps long congested stretches to ~STEP_BUDGET steps."""
        rates = self.maxmin.rates(flows.matrix)
        with np.errstate(divide="ignore"):
            t_est = float(np.max(np.where(rates > 0, flows.remaining_bytes / rates, 0.0))) if len(rates) else 0.0
        return float(np.clip(t_est / STEP_BUDGET, MIN_DT_S, MAX_DT_S))

    # ---- port-level figures for metrics --------------------------------------------------------
    def used_ports(self) -> int:
        """Ports that carried traffic in the stepped part (for per-port fractions)."""
        return int((self.sim.acc["served"] > 0).sum()) if self.sim is not None else 0
