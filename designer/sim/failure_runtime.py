"""Failures during a run: which ports are down, what each segment's forwarding tables know, which
sub-flows are stalled, and the per-event report (`data["failures"]`).

Physical state and forwarding state are separate on purpose: a failed port carries nothing from the
moment it fails, but each segment's tables keep sending flows onto it until that segment's protocol
has rerouted (designer/sim/failures.py). A flow whose route crosses a failed port is stalled (it keeps
its bytes and its queue pairs); at the reroute its remaining bytes continue on the new route.
"""

from __future__ import annotations

import heapq
import queue
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import scipy.sparse as sp

from designer.i18n.message import Message
from designer.model.segments import IBSettings, RoCESettings
from designer.sim.compile import PLANE_FRONTEND, CompiledFabric
from designer.sim.failures import FailureSpec, ethernet_recovery_s, ib_recovery_s, parse_failure
from designer.sim.framing import PROTO_IB
from designer.sim.local_repair import heights, repaired_locally
from designer.sim.routing import HopList, RoutedFlows, Router
from designer.sim.transfers import FlowPattern
from designer.sim.workload_spec import WorkloadError

GROUP_FRONTEND = -2          # Ethernet front-end (and back-end Ethernet outside any segment)
GROUP_IB_NO_SEGMENT = -3     # IB back-end servers outside any segment: IB defaults
_EPS_S = 1e-15


@dataclass
class FailureRecord:
    """One failure (or degradation) as it happened in the run."""

    spec: FailureSpec
    time_s: float
    action: str                                   # "down" | "degraded"
    recovery_delay_s: float = 0.0                 # configured: slowest protocol among the stalled flows
    recovery_time_s: float | None = None          # measured: every stalled flow moving again (None: never)
    bytes_stalled: float = 0.0                    # bytes left on the flows the failure stopped
    flows_stalled: int = 0
    waiting: dict[int, np.ndarray] = field(default_factory=dict)   # phase -> sub-flows still stalled
    up_s: float | None = None
    reroute_s: dict[int, float] = field(default_factory=dict)     # group -> how long its tables take to avoid it


class FailureRuntime:
    """Failure schedule and state of one run (the engine calls it between intervals)."""

    def __init__(self, fab: CompiledFabric, specs: list[FailureSpec], *, seed: int,
                 base_route: Callable[[FlowPattern], RoutedFlows],
                 control: queue.Queue[str | FailureSpec] | None = None):
        self.fab = fab
        self.seed = seed
        self.base_route = base_route               # pattern -> RoutedFlows on the intact fabric
        self.control = control
        self.dead = np.zeros(fab.n_ports, dtype=bool)
        self._down_count = np.zeros(fab.n_ports, dtype=np.int64)   # a port can be down for two reasons
        self.scale = np.ones(fab.n_ports)
        self._fwd: dict[int, bytes | None] = {}    # group -> failed-port mask its tables route around
        self._routers: dict[bytes, Router] = {}
        self._routes: dict[tuple[bytes, str], RoutedFlows] = {}
        # (time, order, action, spec or group, or a group and the ports its switches route around on their own)
        self._heap: list[tuple[float, int, str, FailureSpec | int | tuple[int, bytes]]] = []
        self._height: np.ndarray | None = None     # local_repair.heights, found at the first failure
        self._seq = 0
        self.records: list[FailureRecord] = []
        self.notes: list[str] = []
        self.trace: list[tuple[float, float, float]] = []   # (t0, t1, delivered bytes)
        self._link_index = {lid: k for k, lid in enumerate(fab.link_ids)}
        self._node_index = {nid: k for k, nid in enumerate(fab.node_ids)}
        for s in specs:
            self.add(s, now_s=0.0)

    # ---- schedule ----------------------------------------------------------------------------
    def _push(self, time_s: float, action: str, payload: FailureSpec | int | tuple[int, bytes]) -> None:
        heapq.heappush(self._heap, (time_s, self._seq, action, payload))
        self._seq += 1

    def add(self, spec: FailureSpec, now_s: float) -> None:
        """Schedule a failure (time None or in the past: now)."""
        if self.ports_of(spec).size == 0:
            raise WorkloadError(Message("error.failure.no_traffic", spec=spec.text or spec.label))
        at = now_s if spec.time_s is None else max(spec.time_s, now_s)
        self._push(at, "degrade" if spec.degraded_gbps is not None else "down", spec)
        if spec.up_s is not None:
            self._push(max(spec.up_s, at), "restore" if spec.degraded_gbps is not None else "up", spec)

    def poll(self, now_s: float) -> None:
        """Take interactive failures from the control queue (specs as text or FailureSpec)."""
        if self.control is None:
            return
        while True:
            try:
                item = self.control.get_nowait()
            except queue.Empty:
                return
            try:
                spec = item if isinstance(item, FailureSpec) else parse_failure(str(item))
                self.add(spec, now_s)
            except WorkloadError as exc:
                self.notes.append(f"ignored failure: {exc}")

    def next_time(self) -> float:
        return self._heap[0][0] if self._heap else np.inf

    def not_applied(self) -> list[tuple[float, FailureSpec]]:
        """The failures still to come when the run ended (after its workloads): (time, spec), in time order."""
        return sorted(((t, p) for t, _seq, action, p in self._heap
                       if action in ("down", "degrade") and isinstance(p, FailureSpec)), key=lambda item: item[0])

    def ports_of(self, spec: FailureSpec) -> np.ndarray:
        """Directed ports of the element (both directions of a link; every port of a switch)."""
        fab = self.fab
        if spec.kind == "link":
            k = self._link_index.get(spec.element)
            return np.zeros(0, dtype=np.int64) if k is None else np.flatnonzero(fab.port_link == k)
        k = self._node_index.get(spec.element)
        if k is None:
            return np.zeros(0, dtype=np.int64)
        return np.flatnonzero((fab.port_src == k) | (fab.port_dst == k))

    # ---- protocol groups -----------------------------------------------------------------------
    def groups(self, rf: RoutedFlows) -> np.ndarray:
        """Which forwarding domain routes each sub-flow: its segment, or the Ethernet front-end."""
        fab = self.fab
        front = (rf.matrix.T @ (fab.port_plane == PLANE_FRONTEND).astype(float)) > 0
        g = rf.sub_segment.astype(np.int64).copy()
        if (g < 0).any():
            proto = np.zeros(len(g), dtype=np.int64)
            coo = rf.matrix.tocoo()
            proto[coo.col] = fab.port_protocol[coo.row]
            g[g < 0] = np.where(proto[g < 0] == PROTO_IB, GROUP_IB_NO_SEGMENT, GROUP_FRONTEND)
        g[front] = GROUP_FRONTEND
        return g

    def delay_s(self, group: int) -> float:
        """How long the group's protocol takes to route around a failure."""
        if group == GROUP_FRONTEND:
            return ethernet_recovery_s(RoCESettings())
        if group == GROUP_IB_NO_SEGMENT:
            return ib_recovery_s(IBSettings())
        seg = self.fab.segments[group]
        return ib_recovery_s(seg.ib) if seg.protocol == PROTO_IB else ethernet_recovery_s(seg.rocev2)

    def recovery_s(self, group: int, local: bool) -> float:
        """How long the group's forwarding takes to route around a failure: on Ethernet, where the switches beside it
        can (`local`, local_repair.py), as long as they take, else the routing protocol; on InfiniBand, `delay_s`."""
        protocol_s = self.delay_s(group)
        if not local or self._is_ib(group):
            return protocol_s
        roce = self.fab.segments[group].rocev2 if group >= 0 else RoCESettings()
        return min(protocol_s, roce.local_repair_ms * 1e-3)

    def element_recovery_s(self, spec: FailureSpec) -> float:
        """How long the forwarding of every group whose ports the element carries takes to route around it."""
        groups = self._groups_of(self.ports_of(spec))
        local = self._repaired_locally(spec, groups)
        return max((self.recovery_s(g, local) for g in groups), default=0.0)

    def _is_ib(self, group: int) -> bool:
        return group == GROUP_IB_NO_SEGMENT or (group >= 0 and self.fab.segments[group].protocol == PROTO_IB)

    def _groups_of(self, ports: np.ndarray) -> list[int]:
        """The forwarding domains whose tables send flows over these ports: their segments, the Ethernet front-end
        (and Ethernet outside any segment), InfiniBand outside any segment (`groups`)."""
        fab = self.fab
        out = sorted({int(x) for x in fab.port_segment[ports] if x >= 0})
        loose = ports[fab.port_segment[ports] < 0]
        if ((fab.port_plane[ports] == PLANE_FRONTEND).any() or (fab.port_protocol[loose] != PROTO_IB).any()):
            out.append(GROUP_FRONTEND)
        if (fab.port_protocol[loose[fab.port_plane[loose] != PLANE_FRONTEND]] == PROTO_IB).any():
            out.append(GROUP_IB_NO_SEGMENT)
        return out

    def _repaired_locally(self, spec: FailureSpec, groups: list[int]) -> bool:
        """Whether the switches beside the element route around it alone (local_repair.py); asked only where an
        Ethernet group carries it (InfiniBand's self-healing does not depend on it)."""
        if all(self._is_ib(g) for g in groups):
            return False
        if self._height is None:
            self._height = heights(self.fab)
        node = self._node_index.get(spec.element) if spec.kind != "link" else None
        return repaired_locally(self.fab, self._height, self.ports_of(spec), self.dead, node)

    def _all_groups(self) -> list[int]:
        """The forwarding domains this fabric has (a reroute is scheduled for each): every segment, then the
        others its cables carry (`_groups_of`)."""
        cabled = np.flatnonzero(self.fab.port_link >= 0)
        return list(range(len(self.fab.segments))) + [g for g in self._groups_of(cabled) if g < 0]

    # ---- routes ------------------------------------------------------------------------------
    def route(self, pattern: FlowPattern) -> RoutedFlows:
        """Routes of a pattern under each group's current forwarding tables."""
        base = self.base_route(pattern)
        g = self.groups(base)
        keys = {int(k): self._fwd.get(int(k)) for k in np.unique(g)}
        if all(v is None for v in keys.values()):
            return base
        cols = np.zeros(base.n_sub, dtype=bool)
        matrix = sp.csr_matrix(base.matrix.shape)
        latency = base.sub_latency_ns.copy()
        first = base.sub_first_port.copy()         # a multi-plane queue pair may leave by another plane's port now
        hop_parts = []
        for mask in {v for v in keys.values()}:
            sel = np.isin(g, [k for k, v in keys.items() if v == mask])
            rf = base if mask is None else self._routed_with(mask, pattern)
            matrix = matrix + rf.matrix @ sp.diags(sel.astype(float))
            latency[sel] = rf.sub_latency_ns[sel]
            first[sel] = rf.sub_first_port[sel]
            if rf.hops is not None:
                hop_parts.append(rf.hops.select(sel))
            cols |= sel
        assert cols.all()
        return RoutedFlows(matrix=sp.csr_matrix(matrix), ideal=base.ideal, sub_flow=base.sub_flow,
                           sub_share=base.sub_share, sub_latency_ns=latency, sub_segment=base.sub_segment,
                           sub_network=base.sub_network, n_flows=base.n_flows,
                           hops=HopList.concat(hop_parts).sorted(), sub_first_port=first)

    def _routed_with(self, mask: bytes, pattern: FlowPattern) -> RoutedFlows:
        key = (mask, pattern.key)
        if key not in self._routes:
            router = self._routers.get(mask)
            if router is None:
                excluded = np.frombuffer(mask, dtype=bool).copy()
                router = self._routers[mask] = Router(self.fab, seed=self.seed, excluded=excluded)
            self._routes[key] = router.route(pattern.src, pattern.dst, pattern.route, pattern.flow_bytes)
        return self._routes[key]

    def stalled(self, matrix: sp.csr_matrix) -> np.ndarray:
        """Sub-flows whose route crosses a failed port."""
        if not self.dead.any():
            return np.zeros(matrix.shape[1], dtype=bool)
        crossing: np.ndarray = (matrix.T @ self.dead.astype(float)) > 0
        return crossing

    def capacity_Bps(self) -> np.ndarray:
        """Port payload capacities now (0 on failed ports)."""
        return np.where(self.dead, 0.0, self.fab.port_payload_Bps * self.scale)

    @property
    def any_dead(self) -> bool:
        return bool(self.dead.any())

    # ---- events ------------------------------------------------------------------------------
    def apply_due(self, now_s: float) -> list[FailureRecord]:
        """Apply every event due by `now_s`; returns the records of failures that began now."""
        started: list[FailureRecord] = []
        while self._heap and self._heap[0][0] <= now_s + _EPS_S:
            _, _, action, payload = heapq.heappop(self._heap)
            if isinstance(payload, int):     # "reroute": a forwarding domain's tables route around the dead ports
                self._fwd[payload] = self.dead.tobytes() if self.dead.any() else None
            elif isinstance(payload, tuple):   # "repair": the switches beside a failure route around its ports
                self._repair(*payload)
            elif action in ("degrade", "down"):
                started.append(self._begin(action, payload, now_s))
            else:                              # "restore", "up"
                self._end(action, payload, now_s)
        return started

    def _repair(self, group: int, ports_mask: bytes) -> None:
        """The group's tables route around these ports too (those still down)."""
        known = self._fwd.get(group)
        around = np.frombuffer(ports_mask, dtype=bool) | (np.frombuffer(known, dtype=bool) if known else False)
        around &= self.dead
        self._fwd[group] = around.tobytes() if around.any() else None

    def _begin(self, action: str, spec: FailureSpec, now_s: float) -> FailureRecord:
        """A degradation or a failure starts: the ports' state, its record, and for a failure each group's reroute
        (by the switches beside it, or by the routing protocol: `recovery_s`)."""
        ports = self.ports_of(spec)
        if action == "degrade":
            line = self.fab.port_line_gbps[ports]
            self.scale[ports] = np.minimum(1.0, spec.degraded_gbps / np.maximum(line, 1e-9))
            rec = FailureRecord(spec, now_s, "degraded", up_s=spec.up_s)
        else:
            self._down_count[ports] += 1
            self.dead = self._down_count > 0
            rec = FailureRecord(spec, now_s, "down", up_s=spec.up_s)
            own = np.zeros(self.fab.n_ports, dtype=bool)
            own[ports] = True
            own_groups = self._groups_of(ports)
            local = self._repaired_locally(spec, own_groups)
            for g in self._all_groups():
                # the switches beside the element repair only their own domain's tables; another domain whose flows
                # cross it (a hybrid design's) reroutes as its protocol does
                rec.reroute_s[g] = self.recovery_s(g, local) if g in own_groups else self.delay_s(g)
                if rec.reroute_s[g] < self.delay_s(g):
                    self._push(now_s + rec.reroute_s[g], "repair", (g, own.tobytes()))
                else:
                    self._push(now_s + rec.reroute_s[g], "reroute", g)
        self.records.append(rec)
        return rec

    def _end(self, action: str, spec: FailureSpec, now_s: float) -> None:
        """A degradation or a failure ends: full speed again, or the ports back up (the tables use them again once
        each group's protocol has rerouted)."""
        ports = self.ports_of(spec)
        if action == "restore":
            self.scale[ports] = 1.0
            return
        self._down_count[ports] -= 1
        self.dead = self._down_count > 0
        for g in self._all_groups():
            self._push(now_s + self.delay_s(g), "reroute", g)

    def note_stalled(self, rec: FailureRecord, phase: int, subs: np.ndarray, remaining_bytes: np.ndarray,
                     groups: np.ndarray) -> None:
        """The failure `rec` stopped these sub-flows of `phase` (called once, when it happens)."""
        if len(subs) == 0:
            return
        rec.waiting[phase] = subs
        rec.flows_stalled += len(subs)
        rec.bytes_stalled += float(remaining_bytes.sum())
        delays = [rec.reroute_s.get(int(g), self.delay_s(int(g))) for g in np.unique(groups)]
        rec.recovery_delay_s = max(rec.recovery_delay_s, *delays)

    def check_recovered(self, now_s: float,
                        still_stalled: Callable[[int, np.ndarray, np.ndarray], np.ndarray]) -> None:
        """Close the records whose stalled sub-flows no longer cross the failed element
        (`still_stalled(phase, subs, port_mask)` -> mask); another failure may still hold them."""
        for rec in self.records:
            if rec.recovery_time_s is not None or not rec.waiting:
                continue
            mask = np.zeros(self.fab.n_ports, dtype=bool)
            mask[self.ports_of(rec.spec)] = True
            mask &= self.dead
            for ph in list(rec.waiting):
                left = rec.waiting[ph][still_stalled(ph, rec.waiting[ph], mask)]
                if len(left):
                    rec.waiting[ph] = left
                else:
                    del rec.waiting[ph]
            if not rec.waiting:
                rec.recovery_time_s = now_s

    def observe(self, t0: float, t1: float, delivered_bytes: float) -> None:
        if t1 > t0:
            self.trace.append((t0, t1, delivered_bytes))

    # ---- report ------------------------------------------------------------------------------
    def _rate_Bps(self, a: float, b: float) -> float | None:
        """Mean delivery rate over [a, b] from the trace (intervals have constant or averaged rates)."""
        if b <= a or not self.trace:
            return None
        arr = np.asarray(self.trace)
        lo, hi = np.maximum(arr[:, 0], a), np.minimum(arr[:, 1], b)
        part = np.clip(hi - lo, 0.0, None) / (arr[:, 1] - arr[:, 0])
        return float((arr[:, 2] * part).sum()) / (b - a)

    def report(self, end_s: float) -> list[dict[str, Any]]:
        """One entry per failure: when, what, recovery, throughput before/during/after, bytes stalled."""
        out = []
        for rec in self.records:
            t = rec.time_s
            rec_end = rec.recovery_time_s if rec.recovery_time_s is not None else end_s
            if rec.flows_stalled == 0:
                rec_end = t
            span = rec_end - t
            window = max(span, (end_s - t) / 4, 1e-9)   # compare like with like, away from the run's tail
            before = self._rate_Bps(max(0.0, t - window), t)
            during = self._rate_Bps(t, rec_end) if rec_end > t else None
            after_end = min(end_s, rec_end + (t - max(0.0, t - window)))
            after = self._rate_Bps(rec_end, after_end)

            def gbps(v: float | None) -> float | None:
                return None if v is None else v * 8 / 1e9

            def loss(v: float | None, ref: float | None = before) -> float | None:
                return None if v is None or not ref else max(0.0, 1.0 - v / ref)

            out.append({
                "time_s": t, "element": rec.spec.element, "kind": rec.spec.kind, "action": rec.action,
                "spec": rec.spec.text or rec.spec.label,
                "up_s": rec.up_s, "degraded_gbps": rec.spec.degraded_gbps,
                "recovery_delay_s": rec.recovery_delay_s if rec.flows_stalled else 0.0,
                "recovery_time_s": (rec.recovery_time_s if rec.flows_stalled else t),
                "recovered": rec.flows_stalled == 0 or rec.recovery_time_s is not None,
                "flows_stalled": rec.flows_stalled, "bytes_stalled": int(round(rec.bytes_stalled)),
                "throughput_before_gbps": gbps(before), "throughput_during_gbps": gbps(during),
                "throughput_after_gbps": gbps(after),
                "throughput_dip": loss(during), "throughput_loss_after": loss(after),
            })
        return out
