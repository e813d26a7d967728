"""The time-stepped fluid simulator: moves each flow's bytes hop by hop through per-port queues.

Per step of `dt` seconds:
1. queues per port and, for each link, the bytes inside the downstream switch that came through it
   (its ingress occupancy: what PFC and IB credits watch);
2. PFC: a port pauses while its downstream ingress is above Xoff, until it falls below Xon (hysteresis);
   IB: a port may send only what its downstream buffer has room for (credits);
3. each port serves its backlog at line rate, shared among flows in proportion to their backlog (fluid FIFO);
   a paused port serves nothing, so the flows behind it — victims included — wait (head-of-line blocking);
4. served bytes move to the next hop or are delivered; senders inject at their congestion-controlled rate,
   as far as their NIC queue has room (back-pressure reaches the sender);
5. lossy ports drop arrivals beyond their buffer; RED marks bytes by queue depth; DCQCN and AIMD react.
The one-way latency of delivered bytes is the path's unloaded latency plus the sojourn time of every queue on
the path (queue / recent service rate, so pauses count), recorded as a byte-weighted histogram.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from designer.sim.dynamics.aimd import AimdState
from designer.sim.dynamics.dcqcn import DcqcnState
from designer.sim.dynamics.network import (
    CC_AIMD,
    CC_DCQCN,
    FC_CREDIT,
    FC_LOSSY,
    FC_PFC,
    AimdParams,
    DcqcnParams,
    FlowSet,
    PortSet,
)
from designer.sim.dynamics.red import red_mark_probability

# Latency histogram: log-spaced bins from 10 ns to 10 s.
_LAT_EDGES = np.logspace(-8, 1, 1801)
_LAT_MID = np.sqrt(_LAT_EDGES[:-1] * _LAT_EDGES[1:])


@dataclass
class DynamicsResult:
    """What a fluid run measured."""

    completion_time_s: float
    finished: bool
    finish_s: np.ndarray                   # per flow (nan if not finished)
    delivered_B: np.ndarray                # per flow
    dropped_B: float
    dropped_by_port_B: np.ndarray
    headroom_overflow_B: float             # bytes a PFC ingress could not hold (headroom too small)
    marked_B: float
    port_served_B: np.ndarray
    port_max_queue_B: np.ndarray
    port_paused_s: np.ndarray
    port_credit_stall_s: np.ndarray
    port_busy_s: np.ndarray                # time a port had something to send
    latency_hist_B: np.ndarray             # bytes delivered per latency bin
    cnps: int
    timeouts: int
    steps: int
    dt_s: float
    series: dict[str, np.ndarray] = field(default_factory=dict)

    def latency_percentiles_us(self, qs=(50, 99, 99.9)) -> dict[str, float]:
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


def latency_percentiles_us(hist_B: np.ndarray, qs=(50, 99, 99.9)) -> dict[str, float]:
    """Byte-weighted percentiles (µs) from a latency histogram on the module's bins; `max` is the top bin used."""
    total = hist_B.sum()
    out: dict[str, float] = {}
    if total <= 0:
        return {**{_pname(q): 0.0 for q in qs}, "max": 0.0}
    cdf = np.cumsum(hist_B) / total
    for q in qs:
        idx = int(np.searchsorted(cdf, q / 100.0 - 1e-12))
        out[_pname(q)] = float(_LAT_MID[min(idx, len(_LAT_MID) - 1)] * 1e6)
    out["max"] = float(_LAT_MID[np.nonzero(hist_B)[0][-1]] * 1e6)
    return out


def histogram_samples(hist_B: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(latency in seconds, bytes) of the bins of a histogram that hold bytes."""
    nz = np.flatnonzero(hist_B > 0)
    return _LAT_MID[nz], hist_B[nz]


def latency_histogram(latency_s: np.ndarray, weights_B: np.ndarray) -> np.ndarray:
    """Byte-weighted histogram of latencies on the shared bins (for merging with fluid results)."""
    idx = np.clip(np.searchsorted(_LAT_EDGES, latency_s) - 1, 0, len(_LAT_MID) - 1)
    return np.bincount(idx, weights=weights_B, minlength=len(_LAT_MID))


def _pname(q: float) -> str:
    return "p" + (f"{q:g}".replace(".", ""))


class FluidSimulator:
    """Run a FlowSet over a PortSet with the fluid queue model.

    The state (per flow-hop backlog, pauses, sender rates) lives on the object, so a caller can
    step it in pieces (`advance`) and keep it across calls, as the engine's queue rate model does.
    """

    def __init__(self, ports: PortSet, flows: FlowSet, *, dt_s: float = 1e-6,
                 dcqcn: DcqcnParams | None = None, aimd: AimdParams | None = None,
                 nic_queue_B: float | None = None, record_every: int = 10, mtu_B: float = 4096.0):
        self.ports, self.flows, self.dt = ports, flows, float(dt_s)
        self.dcqcn_params = dcqcn or DcqcnParams()
        self.aimd_params = aimd or AimdParams()
        self.record_every = max(1, int(record_every))
        self.mtu_B = float(mtu_B)
        self.nic_queue_B = nic_queue_B
        P = ports.count
        self.P = P
        fc = ports.flow_control
        self.pfc, self.credit, self.lossy = fc == FC_PFC, fc == FC_CREDIT, fc == FC_LOSSY
        cap = ports.capacity_Bps
        self.nic_limit = (np.full(P, float(nic_queue_B)) if nic_queue_B is not None
                          else np.maximum(2.0 * cap * self.dt, 9000.0))
        # The model's credit loop takes one step, so credits below two steps' bytes would throttle a link
        # that real hardware (a ~1 us loop) keeps full; at 1 us steps the floor is 100 KB at 400G.
        self.credit_B = np.maximum(ports.credit_B, 2.0 * cap * self.dt)
        # port state
        self.t = 0.0
        self.steps = 0
        self.paused = np.zeros(P, dtype=bool)
        self.ewma_served = cap.astype(float).copy()
        self.acc = {k: np.zeros(P) for k in ("served", "maxq", "paused", "stall", "busy", "dropped")}
        self.hist = np.zeros(len(_LAT_MID))
        self.wait_hist = np.zeros(len(_LAT_MID))   # queueing and pause time alone (no path latency)
        self.dropped_total = self.headroom_overflow = self.marked_total = 0.0
        self.cnps = 0
        self.last_queue = np.zeros(P)
        self.last_limited = np.zeros(P, dtype=bool)
        self._set_flows(flows, carry=None)

    # ---- flows ----------------------------------------------------------------------------------
    def _set_flows(self, flows: FlowSet, carry: np.ndarray | None) -> None:
        """Install `flows`; `carry[i]` is the old index of new flow i (or -1) whose state it keeps."""
        P, F = self.P, flows.count
        hf, hp = flows.hop_flow, flows.hop_port
        if hp.size and (hp.min() < 0 or hp.max() >= P):
            raise ValueError("a flow's path names a port that does not exist")
        old = None if carry is None else (self.flows, self.first, self.q, self.remaining, self.delivered,
                                          self.finish, self.done, self.dcq, self.aimd, self.mark_credit_seen)
        self.flows, self.F, self.E = flows, F, hp.shape[0]
        lengths = np.bincount(hf, minlength=F)
        self.first = np.concatenate([[0], np.cumsum(lengths)[:-1]]).astype(np.int64) if F else np.zeros(0, np.int64)
        self.last = self.first + lengths - 1
        is_last = np.zeros(self.E, dtype=bool)
        is_last[self.last] = True
        self.is_last = is_last
        self.fwd = np.nonzero(~is_last)[0]                 # flow-hops whose bytes go on to e+1
        prev_port = np.full(self.E, -1, dtype=np.int64)
        prev_port[self.fwd + 1] = hp[self.fwd]
        self.prev_port = prev_port
        self.has_prev = prev_port >= 0
        # index arrays every step uses, computed once per flow set (integer take beats a boolean mask)
        self.hop_after = np.flatnonzero(self.has_prev)          # flow-hops with a previous hop
        self.prev_of_hop_after = prev_port[self.hop_after]     # ... and the port that previous hop left by
        self.fwd_port = hp[self.fwd]                           # port of each flow-hop that forwards
        self.fwd_next = self.fwd + 1                           # the flow-hop its bytes move on to
        self.nic_port = hp[self.first] if F else np.zeros(0, np.int64)
        self.is_dcqcn, self.is_aimd = flows.cc == CC_DCQCN, flows.cc == CC_AIMD
        line = flows.line_rate_Bps.astype(float)
        self.q = np.zeros(self.E)
        self.remaining = flows.size_B.astype(float).copy()
        self.delivered = np.zeros(F)
        self.finish = np.full(F, np.nan)
        self.done = np.zeros(F, dtype=bool)
        self.dcq = DcqcnState(line, self.dcqcn_params, flows.dcqcn_set) if self.is_dcqcn.any() else None
        self.aimd = AimdState(line, self.aimd_params) if self.is_aimd.any() else None
        self.mark_credit_seen = None
        if old is None:
            return
        o_flows, o_first, o_q, o_rem, o_del, o_fin, o_done, o_dcq, o_aimd, _ = old
        keep = np.flatnonzero(carry >= 0)
        src = carry[keep]
        o_len = np.bincount(o_flows.hop_flow, minlength=o_flows.count)
        for i, j in zip(keep, src, strict=True):   # backlog of a kept path, hop by hop
            n = o_len[j]
            self.q[self.first[i]:self.first[i] + n] = o_q[o_first[j]:o_first[j] + n]
        self.delivered[keep] = o_del[src]
        for new_state, old_state in ((self.dcq, o_dcq), (self.aimd, o_aimd)):
            if new_state is not None and old_state is not None:
                new_state.copy_from(old_state, keep, src)

    def replace_flows(self, flows: FlowSet, carry: np.ndarray) -> None:
        """Swap in a new flow set, keeping the backlog and sender state of flows present in both."""
        self._set_flows(flows, carry)

    def in_network_B(self) -> np.ndarray:
        """Bytes of each flow queued somewhere on its path."""
        return self._per_flow(self.q)

    def _per_flow(self, per_hop: np.ndarray) -> np.ndarray:
        """Sum a flow-hop array per flow (hops are stored flow by flow, so a segmented sum does it)."""
        if self.F == 0:
            return np.zeros(0)
        return np.add.reduceat(per_hop, self.first)

    # ---- one step -------------------------------------------------------------------------------
    def step(self) -> np.ndarray:
        """Advance one step of dt; returns the bytes each flow delivered in it."""
        ports, flows, dt = self.ports, self.flows, self.dt
        P, F, E, t = self.P, self.F, self.E, self.t
        hp = flows.hop_port
        cap = ports.capacity_Bps
        q, acc = self.q, self.acc
        active = (flows.start_s <= t + 1e-15) & ~self.done
        Q = np.bincount(hp, weights=q, minlength=P)
        ingress = np.bincount(self.prev_of_hop_after, weights=q[self.hop_after], minlength=P)
        # PFC reacts within a step: Xoff is met one step of arrivals early so the headroom is not spent
        # on the model's own granularity.
        xoff = np.maximum(ports.xoff_B - cap * dt, 0.0)
        xon = np.minimum(ports.xon_B, xoff)
        paused = self.pfc & ((ingress > xoff) | (self.paused & (ingress > xon)))
        service = np.where(paused, 0.0, cap * dt)
        credit_room = np.maximum(self.credit_B - ingress, 0.0)
        limited = self.credit & (credit_room < service)
        service = np.where(limited, credit_room, service)
        acc["stall"] += np.where(limited & (Q > credit_room), dt, 0.0)
        with np.errstate(over="ignore"):       # a denormal queue overflows the ratio: it drains whole (frac 1)
            frac = np.divide(service, Q, out=np.zeros(P), where=Q > 0)
        np.minimum(frac, 1.0, out=frac)
        out = q * frac[hp]
        q -= out
        served = np.bincount(hp, weights=out, minlength=P)
        arrive = np.zeros(E)
        arrive[self.fwd_next] = out[self.fwd]
        got = out[self.last]                         # what left the last hop was delivered
        # injection at the senders, bounded by the room in their NIC queue (back-pressure to the host)
        rate = flows.line_rate_Bps.astype(float)
        blocked = np.zeros(F, dtype=bool)
        if self.dcq is not None:
            rate = np.where(self.is_dcqcn, self.dcq.rate, rate)
        if self.aimd is not None:
            rate = np.where(self.is_aimd, self.aimd.rate(), rate)
            blocked = self.is_aimd & self.aimd.in_timeout(t)
        want = np.where(active & ~blocked, np.minimum(rate * dt, self.remaining), 0.0)
        room = np.maximum(self.nic_limit - (Q - served), 0.0)
        demand = np.bincount(self.nic_port, weights=want, minlength=P)
        scale = np.divide(room, demand, out=np.ones(P), where=demand > room)
        inject = want * scale[self.nic_port]
        self.remaining -= inject
        arrive[self.first] += inject
        # a PFC ingress beyond Xoff + headroom cannot hold the bytes: lossless in name only
        inbound = np.bincount(self.fwd_port, weights=out[self.fwd], minlength=P)
        left_in = ingress - np.bincount(self.prev_of_hop_after, weights=out[self.hop_after], minlength=P)
        over_pfc = np.where(self.pfc, np.maximum(left_in + inbound - (ports.xoff_B + ports.headroom_B), 0.0), 0.0)
        # lossy egress buffers drop what does not fit
        A = np.bincount(hp, weights=arrive, minlength=P)
        over_lossy = np.where(self.lossy, np.maximum(Q - served + A - ports.queue_limit_B, 0.0), 0.0)
        lost = np.zeros(F)
        if over_lossy.any() or over_pfc.any():
            drop_frac = np.divide(over_lossy, A, out=np.zeros(P), where=A > 0)
            dropped_e = arrive * drop_frac[hp]
            if over_pfc.any():
                # the overflow of ingress u falls on the bytes that just came through u
                frac_u = np.divide(over_pfc, inbound, out=np.zeros(P), where=inbound > 0)
                extra = np.zeros(E)
                extra[self.fwd_next] = out[self.fwd] * np.minimum(frac_u[self.fwd_port], 1.0)
                self.headroom_overflow += float(extra.sum())
                dropped_e = np.minimum(dropped_e + extra, arrive)
            arrive -= dropped_e
            lost = self._per_flow(dropped_e)
            self.remaining += lost                    # lost bytes are sent again
            acc["dropped"] += np.bincount(hp, weights=dropped_e, minlength=P)
            self.dropped_total += float(lost.sum())
        q += arrive
        # ECN: the chance that a byte is marked somewhere on its path, from the queues it met
        mark_p = red_mark_probability(Q, ports.ecn_kmin_B, ports.ecn_kmax_B, ports.ecn_pmax)
        if mark_p.any():
            keep = self._per_flow(np.log1p(-np.minimum(mark_p[hp], 1 - 1e-12)))
            marked_now = got * (1.0 - np.exp(keep))
        else:
            marked_now = np.zeros(F)
        self.marked_total += float(marked_now.sum())
        # latency of what arrived: unloaded path + the sojourn in every queue on the path
        # sojourn = queue / the rate the port has been draining at while it had work (pauses included);
        # a slow average over busy steps so a pause episode lengthens the wait without dividing by zero
        busy = Q > 0
        self.ewma_served[busy] += 0.02 * (served[busy] / dt - self.ewma_served[busy])
        sojourn = Q / np.maximum(self.ewma_served, 1e-2 * cap)
        self.last_wait_s = None
        if got.any():
            wait = self._per_flow(sojourn[hp])
            self.last_wait_s = wait
            sel = got > 0
            self.hist += latency_histogram(flows.base_latency_s[sel] + wait[sel], got[sel])
            self.wait_hist += latency_histogram(wait[sel], got[sel])
        self.delivered += got
        # congestion control
        if self.dcq is not None:
            self.cnps += self.dcq.step(t, dt, self.is_dcqcn & active, marked_now / self.mtu_B, inject)
        if self.aimd is not None:
            self.aimd.step(t, dt, self.is_aimd & active, inject, lost)
        acc["served"] += served
        np.maximum(acc["maxq"], Q, out=acc["maxq"])
        acc["paused"] += np.where(paused, dt, 0.0)
        acc["busy"] += np.where(Q > 0, dt, 0.0)
        self.paused = paused
        self.last_queue = Q
        self.last_limited = limited
        self.last_marked = marked_now
        self.last_dropped = lost
        self.t = t + dt
        self.steps += 1
        in_net = self._per_flow(q)
        newly = active & (self.remaining <= 1e-6) & (in_net <= 1e-3)
        self.finish[newly] = self.t
        self.done |= newly
        return got

    # ---- whole runs -----------------------------------------------------------------------------
    def run(self, until_s: float | None = None, *, cancel: threading.Event | None = None,
            on_record: Callable[[dict], None] | None = None, max_steps: int = 5_000_000) -> DynamicsResult:
        """Step until every flow has delivered its bytes (or `until_s` of simulated time)."""
        flows, dt = self.flows, self.dt
        series: dict[str, list[float]] = {k: [] for k in
                                          ("t_s", "throughput_Bps", "max_queue_B", "total_queue_B",
                                           "paused_ports", "mark_fraction", "dropped_B", "stalled_ports")}
        window = {"delivered": 0.0, "marked": 0.0, "dropped": 0.0}
        horizon = np.inf if until_s is None else until_s
        while self.steps < max_steps:
            if self.done.all() or self.t >= horizon - 1e-15:
                break
            if cancel is not None and cancel.is_set():
                break
            active = (flows.start_s <= self.t + 1e-15) & ~self.done
            if not active.any():
                self.t = float(flows.start_s[~self.done].min())   # jump to the next flow start
                continue
            got = self.step()
            window["delivered"] += float(got.sum())
            window["marked"] += float(self.last_marked.sum())
            window["dropped"] += float(self.last_dropped.sum())
            if self.steps % self.record_every == 0 or self.done.all():
                Q = self.last_queue
                span = self.record_every * dt
                rec = {"t_s": self.t, "throughput_Bps": window["delivered"] / span,
                       "max_queue_B": float(Q.max(initial=0)), "total_queue_B": float(Q.sum()),
                       "paused_ports": float(self.paused.sum()),
                       "mark_fraction": window["marked"] / max(window["delivered"], 1.0),
                       "dropped_B": window["dropped"], "stalled_ports": float(self.last_limited.sum())}
                for k, v in rec.items():
                    series[k].append(v)
                window = dict.fromkeys(window, 0.0)
                if on_record is not None:
                    on_record({**rec, "queue_B": Q, "paused": self.paused, "served_B": self.acc["served"],
                               "progress": float(self.delivered.sum() / max(flows.size_B.sum(), 1.0))})
        finished = bool(self.done.all())
        ct = float(np.nanmax(self.finish)) if finished and self.F else self.t
        acc = self.acc
        return DynamicsResult(
            completion_time_s=ct, finished=finished, finish_s=self.finish.copy(), delivered_B=self.delivered.copy(),
            dropped_B=self.dropped_total, dropped_by_port_B=acc["dropped"].copy(),
            headroom_overflow_B=self.headroom_overflow, marked_B=self.marked_total,
            port_served_B=acc["served"].copy(), port_max_queue_B=acc["maxq"].copy(),
            port_paused_s=acc["paused"].copy(), port_credit_stall_s=acc["stall"].copy(),
            port_busy_s=acc["busy"].copy(), latency_hist_B=self.hist.copy(), cnps=self.cnps,
            timeouts=self.aimd.timeouts if self.aimd else 0, steps=self.steps, dt_s=dt,
            series={k: np.asarray(v) for k, v in series.items()})
