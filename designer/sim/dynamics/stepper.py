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


def latency_histogram(latency_s: np.ndarray, weights_B: np.ndarray) -> np.ndarray:
    """Byte-weighted histogram of latencies on the shared bins (for merging with fluid results)."""
    idx = np.clip(np.searchsorted(_LAT_EDGES, latency_s) - 1, 0, len(_LAT_MID) - 1)
    return np.bincount(idx, weights=weights_B, minlength=len(_LAT_MID))


def _pname(q: float) -> str:
    return "p" + (f"{q:g}".replace(".", ""))


class FluidSimulator:
    """Run a FlowSet over a PortSet with the fluid queue model."""

    def __init__(self, ports: PortSet, flows: FlowSet, *, dt_s: float = 1e-6,
                 dcqcn: DcqcnParams | None = None, aimd: AimdParams | None = None,
                 nic_queue_B: float | None = None, record_every: int = 10, mtu_B: float = 4096.0):
        self.ports, self.flows, self.dt = ports, flows, float(dt_s)
        P, F = ports.count, flows.count
        self.P, self.F = P, F
        hf, hp = flows.hop_flow, flows.hop_port
        if hp.size and (hp.min() < 0 or hp.max() >= P):
            raise ValueError("a flow's path names a port that does not exist")
        self.E = hp.shape[0]
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
        self.nic_port = hp[self.first] if F else np.zeros(0, np.int64)
        self.nic_queue_B = nic_queue_B
        self.dcqcn_params = dcqcn or DcqcnParams()
        self.aimd_params = aimd or AimdParams()
        self.record_every = max(1, int(record_every))
        self.mtu_B = float(mtu_B)

    def run(self, until_s: float | None = None, *, cancel: threading.Event | None = None,
            on_record: Callable[[dict], None] | None = None, max_steps: int = 5_000_000) -> DynamicsResult:
        """Step until every flow has delivered its bytes (or `until_s` of simulated time)."""
        ports, flows, dt = self.ports, self.flows, self.dt
        P, F, E = self.P, self.F, self.E
        hp, hf = flows.hop_port, flows.hop_flow
        cap = ports.capacity_Bps
        fc = ports.flow_control
        pfc, credit, lossy = fc == FC_PFC, fc == FC_CREDIT, fc == FC_LOSSY
        nic_limit = (np.full(P, self.nic_queue_B) if self.nic_queue_B is not None
                     else np.maximum(2.0 * cap * dt, 9000.0))
        q = np.zeros(E)
        remaining = flows.size_B.astype(float).copy()
        delivered = np.zeros(F)
        finish = np.full(F, np.nan)
        paused = np.zeros(P, dtype=bool)
        ewma_served = cap.copy()
        is_dcqcn, is_aimd = flows.cc == CC_DCQCN, flows.cc == CC_AIMD
        dcq = DcqcnState(flows.line_rate_Bps.astype(float), self.dcqcn_params) if is_dcqcn.any() else None
        aimd = AimdState(flows.line_rate_Bps.astype(float), self.aimd_params) if is_aimd.any() else None
        acc = {k: np.zeros(P) for k in ("served", "maxq", "paused", "stall", "busy", "dropped")}
        hist = np.zeros(len(_LAT_MID))
        dropped_total = headroom_overflow = marked_total = 0.0
        cnps = 0
        series: dict[str, list[float]] = {k: [] for k in
                                          ("t_s", "throughput_Bps", "max_queue_B", "total_queue_B",
                                           "paused_ports", "mark_fraction", "dropped_B", "stalled_ports")}
        window_delivered = window_marked = window_dropped = 0.0
        t = 0.0
        step = 0
        start = flows.start_s
        done = np.zeros(F, dtype=bool)
        horizon = np.inf if until_s is None else until_s
        while step < max_steps:
            if done.all() or t >= horizon - 1e-15:
                break
            if cancel is not None and cancel.is_set():
                break
            active = (start <= t + 1e-15) & ~done
            if not active.any():
                # jump to the next flow start
                t = float(start[~done].min())
                continue
            Q = np.bincount(hp, weights=q, minlength=P)
            ingress = np.bincount(self.prev_port[self.has_prev], weights=q[self.has_prev], minlength=P)
            paused = pfc & ((ingress > ports.xoff_B) | (paused & (ingress > ports.xon_B)))
            service = cap * dt
            service = np.where(paused, 0.0, service)
            credit_room = np.maximum(ports.credit_B - ingress, 0.0)
            limited = credit & (credit_room < service)
            service = np.where(limited, credit_room, service)
            acc["stall"] += np.where(limited & (Q > credit_room), dt, 0.0)
            frac = np.divide(service, Q, out=np.zeros(P), where=Q > 0)
            np.minimum(frac, 1.0, out=frac)
            out = q * frac[hp]
            q -= out
            served = np.bincount(hp, weights=out, minlength=P)
            arrive = np.zeros(E)
            arrive[self.fwd + 1] = out[self.fwd]
            got = np.bincount(hf[self.is_last], weights=out[self.is_last], minlength=F)
            # injection at the senders, bounded by the room in their NIC queue
            rate = flows.line_rate_Bps.astype(float)
            if dcq is not None:
                rate = np.where(is_dcqcn, dcq.rate, rate)
            blocked = np.zeros(F, dtype=bool)
            if aimd is not None:
                rate = np.where(is_aimd, aimd.rate(), rate)
                blocked = is_aimd & aimd.in_timeout(t)
            want = np.where(active & ~blocked, np.minimum(rate * dt, remaining), 0.0)
            room = np.maximum(nic_limit - (Q - served), 0.0)
            demand = np.bincount(self.nic_port, weights=want, minlength=P)
            scale = np.divide(room, demand, out=np.ones(P), where=demand > room)
            inject = want * scale[self.nic_port]
            remaining -= inject
            arrive[self.first] += inject
            # PFC ingress beyond Xoff + headroom cannot be held: lossless in name only (headroom too small)
            inbound = np.bincount(hp[self.fwd], weights=out[self.fwd], minlength=P)
            left_in = ingress - np.bincount(self.prev_port[self.has_prev], weights=out[self.has_prev], minlength=P)
            over_pfc = np.where(pfc, np.maximum(left_in + inbound - (ports.xoff_B + ports.headroom_B), 0.0), 0.0)
            # lossy egress buffers drop what does not fit
            A = np.bincount(hp, weights=arrive, minlength=P)
            over_lossy = np.where(lossy, np.maximum(Q - served + A - ports.queue_limit_B, 0.0), 0.0)
            drop_port = over_lossy
            drop_frac = np.divide(drop_port, A, out=np.zeros(P), where=A > 0)
            lost = np.zeros(F)
            if drop_port.any() or over_pfc.any():
                dropped_e = arrive * drop_frac[hp]
                if over_pfc.any():
                    # the overflow of ingress u falls on the bytes that just came through u
                    frac_u = np.divide(over_pfc, inbound, out=np.zeros(P), where=inbound > 0)
                    extra = np.zeros(E)
                    extra[self.fwd + 1] = out[self.fwd] * np.minimum(frac_u[hp[self.fwd]], 1.0)
                    headroom_overflow += float(extra.sum())
                    dropped_e = np.minimum(dropped_e + extra, arrive)
                arrive -= dropped_e
                lost = np.bincount(hf, weights=dropped_e, minlength=F)
                remaining += lost                     # lost bytes are sent again
                acc["dropped"] += np.bincount(hp, weights=dropped_e, minlength=P)
                dropped_total += float(lost.sum())
                window_dropped += float(lost.sum())
            q += arrive
            # ECN: probability that a byte is marked somewhere on its path, from the queues it met
            mark_p = red_mark_probability(Q, ports.ecn_kmin_B, ports.ecn_kmax_B, ports.ecn_pmax)
            if mark_p.any():
                keep = np.bincount(hf, weights=np.log1p(-np.minimum(mark_p[hp], 1 - 1e-12)), minlength=F)
                marked_now = got * (1.0 - np.exp(keep))
            else:
                marked_now = np.zeros(F)
            marked_total += float(marked_now.sum())
            window_marked += float(marked_now.sum())
            # latency of what arrived: unloaded path + the sojourn in every queue on the path
            ewma_served += 0.1 * (served / dt - ewma_served)
            sojourn = Q / np.maximum(ewma_served, 1e-3 * cap)
            if got.any():
                wait = np.bincount(hf, weights=sojourn[hp], minlength=F)
                sel = got > 0
                hist += latency_histogram(flows.base_latency_s[sel] + wait[sel], got[sel])
            delivered += got
            window_delivered += float(got.sum())
            # congestion control
            if dcq is not None:
                cnps += dcq.step(t, dt, is_dcqcn & active, marked_now / self.mtu_B, inject)
            if aimd is not None:
                aimd.step(t, dt, is_aimd & active, inject, lost)
            # bookkeeping
            acc["served"] += served
            np.maximum(acc["maxq"], Q, out=acc["maxq"])
            acc["paused"] += np.where(paused, dt, 0.0)
            acc["busy"] += np.where(Q > 0, dt, 0.0)
            t += dt
            step += 1
            in_net = np.bincount(hf, weights=q, minlength=F)
            newly = active & (remaining <= 1e-6) & (in_net <= 1e-3)
            finish[newly] = t
            done |= newly
            if step % self.record_every == 0 or done.all():
                span = self.record_every * dt
                rec = {"t_s": t, "throughput_Bps": window_delivered / span, "max_queue_B": float(Q.max(initial=0)),
                       "total_queue_B": float(Q.sum()), "paused_ports": float(paused.sum()),
                       "mark_fraction": window_marked / max(window_delivered, 1.0), "dropped_B": window_dropped,
                       "stalled_ports": float(limited.sum())}
                for k, v in rec.items():
                    series[k].append(v)
                window_delivered = window_marked = window_dropped = 0.0
                if on_record is not None:
                    on_record({**rec, "queue_B": Q, "paused": paused, "served_B": acc["served"],
                               "progress": float(delivered.sum() / max(flows.size_B.sum(), 1.0))})
        finished = bool(done.all())
        ct = float(np.nanmax(finish)) if finished and F else t
        return DynamicsResult(
            completion_time_s=ct, finished=finished, finish_s=finish, delivered_B=delivered,
            dropped_B=dropped_total, dropped_by_port_B=acc["dropped"], headroom_overflow_B=headroom_overflow,
            marked_B=marked_total, port_served_B=acc["served"], port_max_queue_B=acc["maxq"],
            port_paused_s=acc["paused"], port_credit_stall_s=acc["stall"], port_busy_s=acc["busy"],
            latency_hist_B=hist, cnps=cnps, timeouts=aimd.timeouts if aimd else 0, steps=step, dt_s=dt,
            series={k: np.asarray(v) for k, v in series.items()})
