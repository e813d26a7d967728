"""Estimate the memory a simulation will need before running it, and refuse one above the budget.

The engine's memory is dominated by the routing matrices: one sparse entry per sub-flow (queue
pair) per directed port it crosses, for the real and the ideal fabric, plus the copies the engine
makes when it stacks the active phases; then per-sub-flow and per-port state arrays. Everything
here is known once the fabric is compiled and the workloads are planned, before any routing:
sub-flows = flows x queue pairs, hops from a breadth-first search over the switch graph, and the
spreading width (adaptive routing, packet spraying) from the switches' fan-out.

The budget is `DEFAULT_BUDGET_MIB` unless the environment variable `FABRIC_DESIGNER_SIM_MEMORY_MIB`
(or the `limit_bytes` argument) says otherwise.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

import numpy as np
import scipy.sparse as sp
from scipy.sparse.csgraph import shortest_path

from designer.i18n.message import Message
from designer.sim.compile import KIND_CODES, CompiledFabric
from designer.sim.framing import PROTO_IB
from designer.sim.transfers import Plan
from designer.sim.workload_spec import WorkloadError

BUDGET_ENV = "FABRIC_DESIGNER_SIM_MEMORY_MIB"
DEFAULT_BUDGET_MIB = 4096

# Bytes per route-matrix entry (float64 share + int32 port index) times the number of live copies (real and ideal
# matrices, the hop graphs of the fluid queues, the rate model's transposed view), and per-sub-flow state. Measured
# as peak RSS minus the ~150 MB of an idle process, with the compiled fluid queues: ~105 B per entry for a sprayed
# or adaptively routed run (1,024-GPU InfiniBand fat tree, alltoall 64 MiB: 137,216 sub-flows x 67 entries,
# 1.12 GB), 520-575 B per single-path sub-flow at 4-6 entries (1,024-GPU rail-optimised allreduce 64 MiB at
# 16 QPs: 302 MB; 4,096-GPU 3-tier allreduce 16 MiB: 829 MB). The constants take the high end, so that the estimate
# errs on the safe side (1.1x sprayed to ~2x single-path); it should never under-estimate.
ROUTE_ENTRY_BYTES = 12
ROUTE_COPIES = 9
SUB_FLOW_BYTES = 600      # per-sub-flow arrays (shares, rates, latency, owner, queue-model state)
PORT_BYTES = 600          # ~75 float64 arrays indexed by directed port (capacity, queues, PFC, ECN, totals)
BASE_BYTES = 8 * 2**20    # fixed overhead of a run (interpreter-side structures, result building)


class SimulationTooLarge(WorkloadError):
    """The simulation's estimated memory is above the budget (a WorkloadError: the caller's input)."""


@dataclass(frozen=True)
class MemoryEstimate:
    """What a run would hold in memory, and the counts the figure comes from."""

    sub_flows: int            # the largest number of sub-flows of one flow pattern, summed over patterns
    hops_per_sub_flow: float  # route-matrix entries per sub-flow (ports crossed, times spreading)
    ports: int
    total_bytes: int

    def describe(self) -> str:
        return (f"{self.sub_flows:,} sub-flows x {self.hops_per_sub_flow:.0f} port entries on "
                f"{self.ports:,} ports")


def budget_bytes() -> int:
    """The memory budget: FABRIC_DESIGNER_SIM_MEMORY_MIB if set (a positive whole number), else the default."""
    raw = os.environ.get(BUDGET_ENV)
    if raw is None or raw.strip() == "":
        return DEFAULT_BUDGET_MIB * 2**20
    try:
        mib = int(raw.strip())
    except ValueError:
        raise WorkloadError(Message("error.sim.budget_int", env=BUDGET_ENV, value=repr(raw))) from None
    if mib <= 0:
        raise WorkloadError(Message("error.sim.budget_positive", env=BUDGET_ENV, value=repr(raw)))
    return mib * 2**20


def _transit_hops(fab: CompiledFabric) -> int:
    """Switch-to-switch ports on the longest shortest path between two edge switches (0 for one switch).

    One breadth-first search from an edge switch of each connected switch group: in a tiered fabric
    every edge switch is as far from the others as any, so one source per group suffices.
    """
    n = len(fab.node_ids)
    kinds = np.asarray(fab.node_kind)
    transit = (kinds == KIND_CODES["switch"]) | (kinds == KIND_CODES["gateway"])
    src, dst = np.asarray(fab.port_src), np.asarray(fab.port_dst)
    if n == 0 or len(src) == 0:
        return 0
    tt = transit[src] & transit[dst]
    graph = sp.csr_matrix((np.ones(int(tt.sum())), (src[tt], dst[tt])), shape=(n, n))
    edge = np.zeros(n, dtype=bool)
    edge[dst[~transit[src] & transit[dst]]] = True      # a switch a server (or storage) sends into
    seen = np.zeros(n, dtype=bool)
    hops = 0
    for s in np.flatnonzero(edge):
        if seen[s]:
            continue
        dist = shortest_path(graph, unweighted=True, indices=int(s), directed=True)
        seen |= np.isfinite(dist)
        reach = dist[edge & np.isfinite(dist)]
        hops = max(hops, int(reach.max()) if reach.size else 0)
    return hops


def _fan_out(fab: CompiledFabric) -> int:
    """The most switch-to-switch ports any switch has: how wide adaptive routing or spraying can spread."""
    kinds = np.asarray(fab.node_kind)
    transit = (kinds == KIND_CODES["switch"]) | (kinds == KIND_CODES["gateway"])
    src, dst = np.asarray(fab.port_src), np.asarray(fab.port_dst)
    if len(src) == 0:
        return 1
    tt = transit[src] & transit[dst]
    if not tt.any():
        return 1
    return int(np.bincount(src[tt]).max())


def _segment_modes(fab: CompiledFabric, plan: Plan) -> list[tuple[int, bool]]:
    """(queue pairs per connection, whether paths spread) of each kind of sender: every segment by its own
    protocol's block (InfiniBand runs one queue pair and spreads by adaptive routing, RoCEv2 runs its queue pairs
    and spreads by spraying), and senders outside segments with one queue pair; a workload's qps=, ar= or spray=
    options apply to all of them."""
    modes = [(1, False)]
    for s in fab.segments:
        if s.protocol == PROTO_IB:
            modes.append((1, bool(s.ib.adaptive_routing)))
        else:
            modes.append((max(int(s.rocev2.qps), 1), s.rocev2.load_balancing == "spray"))
    opts = [wp.workload for wp in plan.workloads]
    qps_opt = max([int(q) for w in opts if isinstance(q := w.opt("qps"), int)], default=0)
    spread_opt = any(w.opt("ar") or w.opt("spray") for w in opts)
    return [(max(q, qps_opt), spread or spread_opt) for q, spread in modes]


def estimate(fab: CompiledFabric, plan: Plan) -> MemoryEstimate:
    """Estimate the peak memory of simulating `plan` on `fab` (both passes), without routing anything. A flow
    runs under its sender's segment: the estimate takes, per flow, the costliest segment's queue pairs and spread."""
    flows_by_pattern: dict[str, int] = {}
    for phase in plan.phases:
        if phase.pattern is not None:
            flows_by_pattern[phase.pattern.key] = len(phase.pattern.src)
    flows = sum(flows_by_pattern.values())
    h = _transit_hops(fab)
    fan_out = _fan_out(fab)

    def per_flow(mode: tuple[int, bool]) -> tuple[int, int, int]:
        qps, spread = mode
        # NIC out and last switch out, plus upward hops spread over the candidates, downward hops single
        hops = 2 + (h - h // 2) * (fan_out if spread else 1) + h // 2
        return qps * (hops * ROUTE_ENTRY_BYTES * ROUTE_COPIES + SUB_FLOW_BYTES), qps, hops

    flow_bytes, qps, hops = max(per_flow(m) for m in _segment_modes(fab, plan))
    ports = fab.n_ports
    total = BASE_BYTES + flows * flow_bytes + ports * PORT_BYTES
    return MemoryEstimate(sub_flows=flows * qps, hops_per_sub_flow=float(hops), ports=ports, total_bytes=int(total))


def check_budget(fab: CompiledFabric, plan: Plan, limit_bytes: int | None = None) -> MemoryEstimate:
    """Refuse (SimulationTooLarge) a run whose estimated memory is above the budget; else return the estimate."""
    limit = budget_bytes() if limit_bytes is None else limit_bytes
    est = estimate(fab, plan)
    if est.total_bytes > limit:
        detail = Message("error.sim.memory_detail", sub_flows=f"{est.sub_flows:,}",
                         hops=f"{est.hops_per_sub_flow:.0f}", ports=f"{est.ports:,}")
        raise SimulationTooLarge(Message("error.sim.too_large", need=_mib(est.total_bytes), detail=detail,
                                         limit=_mib(limit), env=BUDGET_ENV))
    return est


def _mib(n: int) -> str:
    return f"{n / 2**30:.1f} GiB" if n >= 2**30 else f"{n / 2**20:.0f} MiB"
