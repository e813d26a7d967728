"""Data parallelism across sites: the gradient AllReduce of groups whose replicas stand in several sites.

`dp_across_sites=flat`: one ring over every replica of the group, ordered site by site, so that two of its edges
cross the long-haul links and every one of its 2(dp-1) steps waits for them (each step pays the long-haul one-way
latency and runs at the cross-site flows' share of the long-haul capacity, or window / RTT when that is lower).

`dp_across_sites=hier` (hierarchical, as in the two-site 340B training NVIDIA reported; docs/references.md
[nvidia-multi-dc]): with m replicas in each of s sites, a reduce-scatter inside each site (m-1 ring steps of G/m
bytes), an exchange of each replica's reduced shard with its peers in the other sites (two sites: one step of G/m
bytes both ways; more sites: a ring of 2(s-1) steps of G/(m s)), and an all-gather inside each site (m-1 steps of
G/m). Only one step crosses the sites.

Figures of the result: bytes inside and across sites per step, the time of the inside-site and cross-site parts
(`dp_inside_site_s`, `cross_site_s`) and the share of the cross-site time the step could not hide behind the last
backward pass (`cross_site_exposed_s`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from designer.i18n.message import Message
from designer.sim import nccl_tuner, planes, pxn
from designer.sim.compile import CompiledFabric
from designer.sim.routing import RouteOptions
from designer.sim.transfers import FlowPattern, Phase, Plan
from designer.sim.workload_spec import WorkloadError


@dataclass
class SitePhases:
    """The DP phases of a step and which of them are inside sites or across them, with the bytes of each kind."""

    inside: list[int] = field(default_factory=list)
    cross: list[int] = field(default_factory=list)
    inside_bytes: float = 0.0
    cross_bytes: float = 0.0
    cross_steps: int = 0          # steps of the AllReduce that cross the sites (each pays the long-haul latency)
    cross_nic_s: float = 0.0      # the crossing steps' bytes of one sender at its NIC's rate: no capacity goes faster

    def figures(self, backward: int) -> Callable[[dict[int, tuple[float, float]]], dict[str, float]]:
        """The finisher that turns the phases' spans into the result's inside/cross-site figures."""
        def finish(spans: dict[int, tuple[float, float]]) -> dict[str, float]:
            def span(ids: list[int]) -> float:
                return sum(spans[i][1] - spans[i][0] for i in ids if i in spans)
            dp = self.inside + self.cross
            dp_end = max((spans[i][1] for i in dp if i in spans), default=0.0)
            exposed = max(dp_end - spans[backward][1], 0.0) if backward in spans else 0.0
            cross = span(self.cross)
            return {"dp_inside_site_s": span(self.inside), "cross_site_s": cross,
                    "cross_site_exposed_s": min(cross, exposed), "dp_exposed_s": exposed}
        return finish


def nic_Bps(fab: CompiledFabric, groups: np.ndarray) -> float:
    """Payload rate of the groups' back-end NICs (their mean, every plane of each; infinite without NICs)."""
    return planes.nic_Bps_per_gpu(fab, groups.reshape(-1)) or float("inf")


def _count(fab: CompiledFabric, src: np.ndarray, dst: np.ndarray, bytes_per_flow: float, repeat: int,
           into: SitePhases) -> None:
    site = fab.gpu_site()
    crossing = int((site[src] != site[dst]).sum())
    into.cross_bytes += crossing * bytes_per_flow * repeat
    into.inside_bytes += (len(src) - crossing) * bytes_per_flow * repeat


def flat_ring(fab: CompiledFabric, plan: Plan, groups: np.ndarray, grad_bytes: float, route: RouteOptions,
              slot: tuple[str, int, float, list[int]]) -> tuple[int, SitePhases]:
    """One ring over each group's replicas in site order (the ring crosses the sites twice), leaving each server by
    the NIC it came in by as NCCL lays its rings out (pxn.ring_flows)."""
    tag, index, start, after = slot
    order = np.argsort(fab.gpu_site()[groups], axis=1, kind="stable")
    ring = np.take_along_axis(groups, order, axis=1)
    dp = ring.shape[1]
    src, dst, legs = pxn.ring_flows(fab, ring)
    out = SitePhases(cross_steps=2 * (dp - 1), cross_nic_s=2 * (dp - 1) * grad_bytes / dp / nic_Bps(fab, groups))
    hops = len(src) - legs              # the legs (NVLink hand-overs inside servers) are no hops of the ring
    _count(fab, src[:hops], dst[:hops], grad_bytes / dp, 2 * (dp - 1), out)
    i = plan.add(Phase("data-parallel AllReduce step (one ring across sites)", FlowPattern(f"{tag}:dp", src, dst,
                       np.ones(len(src)), route, legs=legs), grad_bytes / dp, repeat=2 * (dp - 1),
                       alpha_extra_s=nccl_tuner.step_overhead_s(True), after=after, start_s=start, workload=index))
    out.cross.append(i)
    return i, out


def by_site(fab: CompiledFabric, groups: np.ndarray) -> np.ndarray:
    """Groups [G, dp] as [G, sites, m]: each group's replicas by site, m in each; WorkloadError when a group does not
    spread evenly over two or more sites."""
    site = fab.gpu_site()[groups]
    order = np.argsort(site, axis=1, kind="stable")
    ranked, sorted_site = np.take_along_axis(groups, order, axis=1), np.take_along_axis(site, order, axis=1)
    n_sites = len(np.unique(sorted_site[0]))
    g, dp = groups.shape
    if (site < 0).any() or n_sites < 2 or dp % n_sites:
        raise WorkloadError(Message("error.sim.hier_sites"))
    blocks = sorted_site.reshape(g, n_sites, dp // n_sites)
    if not (blocks == blocks[:, :, :1]).all() or (np.diff(blocks[:, :, 0], axis=1) == 0).any():
        raise WorkloadError(Message("error.sim.hier_sites"))
    return ranked.reshape(g, n_sites, dp // n_sites)


def hierarchical(fab: CompiledFabric, plan: Plan, groups: np.ndarray, grad_bytes: float, route: RouteOptions,
                 slot: tuple[str, int, float, list[int]]) -> tuple[int, SitePhases]:
    """Reduce-scatter inside each site, exchange across the sites, all-gather inside each site."""
    tag, index, start, after = slot
    b = by_site(fab, groups)
    _, n_sites, m = b.shape
    crossing = 1 if n_sites == 2 else 2 * (n_sites - 1)
    out = SitePhases(cross_steps=crossing, cross_nic_s=grad_bytes / m / (1 if n_sites == 2 else n_sites) * crossing
                     / nic_Bps(fab, groups))
    overhead = nccl_tuner.step_overhead_s(True)

    def add(name: str, key: str, src: np.ndarray, dst: np.ndarray, size: float, repeat: int,
            deps: list[int]) -> int:
        _count(fab, src, dst, size, repeat, out)
        return plan.add(Phase(name, FlowPattern(f"{tag}:{key}", src, dst, np.ones(len(src)), route), size,
                              repeat=repeat, alpha_extra_s=overhead, after=deps, start_s=start, workload=index))

    inside_src, inside_dst = b.reshape(-1), np.roll(b, -1, axis=2).reshape(-1)
    shard = grad_bytes / m
    deps = after
    if m > 1:
        deps = [add("data-parallel reduce-scatter inside each site", "dp-rs", inside_src, inside_dst, shard, m - 1,
                    deps)]
        out.inside.append(deps[0])
    peers = np.transpose(b, (0, 2, 1))                     # [G, m, sites]
    if n_sites == 2:
        src = np.concatenate([peers[..., 0].reshape(-1), peers[..., 1].reshape(-1)])
        dst = np.concatenate([peers[..., 1].reshape(-1), peers[..., 0].reshape(-1)])
        deps = [add("data-parallel exchange across sites", "dp-x", src, dst, shard, 1, deps)]
    else:
        deps = [add("data-parallel exchange across sites (ring over the sites)", "dp-x", peers.reshape(-1),
                    np.roll(peers, -1, axis=2).reshape(-1), shard / n_sites, 2 * (n_sites - 1), deps)]
    out.cross.append(deps[0])
    if m > 1:
        deps = [add("data-parallel all-gather inside each site", "dp-ag", inside_src, inside_dst, shard, m - 1,
                    deps)]
        out.inside.append(deps[0])
    return deps[0], out
