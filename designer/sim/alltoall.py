"""The AllToAll as phases: each rank sends size/n to every other rank, NVLink inside the server, and between servers
the bytes for GPU c of the remote server first gather on local GPU c over NVLink, then cross rail c (PXN), so the
network flows are rail-aligned: server pairs x rails.

The network flows run as NCCL schedules its point-to-point operations (nccl_p2p.py): grouped by node delta in NCCL's
order, each delta's operations one batch of a p2p channel, a channel's batches a chain of phases, each after the
previous one. The chains start together and drift apart: no barrier joins them until the AllToAll's end, which
waits for all of them. A batch phase holds every server's flows of its delta and ends with the last of them, so the
ranks of one channel move to their next batch together; in NCCL a rank's batch waits for its own sends and for the
receives from its peers, which couples it to them and, through their batches, to the rest. The NVLink flows run as
one phase beside the chains, over the whole AllToAll.

On a rail-only back-end (relay.py) no byte can leave for another rail before it sits on its rail's GPU, so the
NVLink shuffle runs first and the rail exchange, every pair at once, after it, as the rail-only paper models
forwarded all-to-all (docs/references.md [rail-only]): the cost of forwarding, an upper bound where chunks pipeline.
"""

from __future__ import annotations

import numpy as np

from designer.i18n.message import Message
from designer.sim import nccl_p2p
from designer.sim.compile import CompiledFabric
from designer.sim.planes import nic_line_gbps
from designer.sim.relay import rails_isolated
from designer.sim.routing import RouteOptions
from designer.sim.transfers import FlowPattern, Phase, Plan
from designer.sim.workload_spec import WorkloadError

MAX_NETWORK_FLOWS = 4_000_000
_Flows = tuple[np.ndarray, np.ndarray, np.ndarray]


def build_alltoall(fab: CompiledFabric, plan: Plan, groups: list[np.ndarray], size: float, route: RouteOptions,
                   at: tuple[str, int, float], ring_channels: int) -> list[int]:
    """The AllToAll's phases over the ranks grouped by server, `at` its (tag, workload index, start); `ring_channels`:
    the channels of the engine's rings over these ranks (the search's rings, each copied as NCCL's ncclTopoPostset
    does: collectives.py), whose count NCCL's p2p channels follow. Returns the phases whose end is its end."""
    tag, index, start = at
    n = sum(len(x) for x in groups)
    per_pair = size / n
    n_srv, g = len(groups), len(groups[0])
    if len({len(x) for x in groups}) > 1:
        raise WorkloadError(Message("error.sim.alltoall_uneven"))
    if n_srv * (n_srv - 1) * g > MAX_NETWORK_FLOWS:
        raise WorkloadError(Message("error.sim.alltoall_flows", gpus=n, flows=f"{n_srv * (n_srv - 1) * g:,}"))
    inside = _nvlink_flows(groups, n_srv, g)
    if n_srv == 1:
        return [plan.add(Phase("alltoall", FlowPattern(f"{tag}:a2a", *inside, route), per_pair, start_s=start,
                               workload=index))]
    nvlink = FlowPattern(f"{tag}:a2a-nvl", *inside, route)
    if g > 1 and rails_isolated(fab):
        i = plan.add(Phase("alltoall nvlink shuffle", nvlink, per_pair, start_s=start, workload=index))
        return [plan.add(Phase("alltoall rails", FlowPattern(f"{tag}:a2a-rails", *_rail_flows(groups), route),
                               per_pair, after=[i], start_s=start, workload=index))]
    ends = []
    if g > 1:
        ends.append(plan.add(Phase("alltoall nvlink", nvlink, per_pair, start_s=start, workload=index)))
    return ends + _channel_chains(fab, plan, np.stack(groups), per_pair, route, at, ring_channels)


def _channel_chains(fab: CompiledFabric, plan: Plan, rails: np.ndarray, per_pair: float, route: RouteOptions,
                    at: tuple[str, int, float], ring_channels: int) -> list[int]:
    """The rail flows as NCCL's p2p channels run them: per channel a chain of its batches; returns the chains'
    last phases."""
    tag, index, start = at
    n_srv, g = rails.shape
    ranks = rails.size
    gs = nccl_p2p.group_size(g)
    deltas = nccl_p2p.group_deltas(ranks // gs)
    nic_gbps = nic_line_gbps(fab, int(rails[0, 0]))
    channels = nccl_p2p.p2p_channels(ring_channels, n_srv, nic_gbps)
    per_peer = nccl_p2p.channels_per_peer(nic_gbps, 1, ranks, channels, n_srv)
    parts = nccl_p2p.op_parts(per_pair, per_peer, ranks, channels)
    patterns: dict[tuple[int, int], FlowPattern | None] = {}
    ends = []
    for batches in nccl_p2p.channel_batches(len(deltas), channels, parts):
        after: list[int] = []
        for b in batches:
            key = (b.k, b.part)
            if key not in patterns:
                flows = _round_flows(rails, gs, int(deltas[b.k]))
                name = f"{tag}:a2a-r{b.k}" + (f".{b.part}" if parts > 1 else "")
                patterns[key] = FlowPattern(name, *flows, route) if len(flows[0]) else None
            pattern = patterns[key]
            if pattern is not None:
                after = [plan.add(Phase("alltoall round", pattern, per_pair / parts, after=after, start_s=start,
                                        workload=index))]
        ends += after
    return ends


def _round_flows(rails: np.ndarray, gs: int, delta: int) -> _Flows:
    """The rail flows of one group delta (in units of size/n): group G of gs ranks sends to group G + delta; where
    that group is on another server, each of its GPUs receives the gs ranks' bytes over the sender's NIC of its rail
    (PXN)."""
    n_srv, g = rails.shape
    per_node = g // gs
    groups = np.arange(n_srv * per_node, dtype=np.int64)
    to = (groups + delta) % len(groups)
    a, b = groups // per_node, to // per_node
    cross = a != b
    a, b, first = a[cross], b[cross], (to[cross] % per_node) * gs
    cols = (first[:, None] + np.arange(gs)).reshape(-1)
    src, dst = rails[np.repeat(a, gs), cols], rails[np.repeat(b, gs), cols]
    return src, dst, np.full(len(src), float(gs))


def _nvlink_flows(groups: list[np.ndarray], n_srv: int, g: int) -> _Flows:
    """(source, destination, weight) of the AllToAll's NVLink flows, in units of size/n: direct traffic plus the PXN
    gather for the other servers."""
    src, dst, wt = [np.zeros(0, np.int64)], [np.zeros(0, np.int64)], [np.zeros(0)]
    if g > 1:
        a, b = np.meshgrid(np.arange(g), np.arange(g), indexing="ij")
        off = a != b
        for grp in groups:
            src.append(grp[a[off]])
            dst.append(grp[b[off]])
            wt.append(np.full(off.sum(), 1.0 + (n_srv - 1)))
    return np.concatenate(src), np.concatenate(dst), np.concatenate(wt)


def _rail_flows(groups: list[np.ndarray]) -> _Flows:
    """Every rail-aligned network flow at once (in units of size/n): server pairs x rails, g units each."""
    rails = np.stack(groups)
    n_srv, g = rails.shape
    i_s, j_s = np.meshgrid(np.arange(n_srv), np.arange(n_srv), indexing="ij")
    off = i_s != j_s
    si, sj = i_s[off], j_s[off]
    src = rails[si].T.reshape(-1)
    dst = rails[sj].T.reshape(-1)
    return src, dst, np.full(len(src), float(g))
