"""Pipeline parallelism across sites: where the stages stand, and what a stage boundary across the span costs.

Layout (`pp_across_sites=`, designer/sim/training.py keeps Megatron's rank order otherwise):
- `on`: the first half of the stages in one site, the second half in the other (two sites holding the job's GPUs
  equally, an even pp); every data-parallel group then stays inside a site, and only the activations of one stage
  boundary and their gradients cross the span.
- `off`: each pipeline inside one site (each site holds whole replicas); the data-parallel groups cross the sites
  instead (`dp_across_sites=` says how).

Cost of the boundary across the span (1F1B, the schedule of PipeDream-Flush and Megatron-LM: Narayanan et al.,
"Efficient Large-Scale Language Model Training on GPU Clusters Using Megatron-LM", SC 2021; docs/references.md
[megatron]). With p stages, m micro-batches, stage compute t_f + t_b per micro-batch and a boundary after stage k
whose crossing takes c longer each way, the step lasts (m + p - 1)(t_f + t_b) + 2 c n with
    n = max(1, ceil((m - w) / 2)),    w = p - k - 2  (the forwards the stage after the boundary runs before its
                                                       first backward)
The first micro-batch's round trip is paid once as the pipeline fills and drains (n >= 1). In the steady state the
two stages around the boundary alternate a forward and a backward: stage k's backward of micro-batch j is followed
by its forward of j + w + 2, whose activation crosses (c), runs forward and backward on stage k + 1, and its
gradient crosses back (c) for stage k's backward of j + 2: a cycle of two micro-batches, so one round trip 2c per two
micro-batches beyond the w that stage k + 1's warm-up already holds. The bubble grows by 2 c n whatever t_f and
t_b (tests/test_sites_pipeline.py plays a 1F1B schedule op by op for p up to 8 and every boundary). With the
boundary in the middle (k = p/2 - 1), w = p/2 - 1.

In the engine the crossing pairs are one phase of m steps (each micro-batch's activation forward and its gradient
back at once), whose bytes are exposed like every other stage boundary's (designer/sim/training.py) and which pays
the path latency 2n times in all (`alpha_factor` = 2n / m) instead of once per micro-batch. A layout whose pipeline
crosses at several boundaries (three sites or more, in Megatron's order) pays the sum of their 2n, an upper bound:
their cycles overlap.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from designer.i18n.message import Message
from designer.sim.compile import CompiledFabric
from designer.sim.routing import RouteOptions
from designer.sim.transfers import FlowPattern, Phase, Plan
from designer.sim.workload_spec import Workload, WorkloadError


def round_trips(stages: int, micro: int, boundary: int) -> int:
    """n: the round trips across the boundary after stage `boundary` (0-based) that lengthen a 1F1B step."""
    warmup = stages - boundary - 2
    return max(1, -(-(micro - warmup) // 2))


def stage_layout(w: Workload, fab: CompiledFabric, ranks: np.ndarray, shape: tuple[int, int, int]) -> np.ndarray:
    """The ranks as [stage, replica, tp rank]: Megatron's order, or placed by site as `pp_across_sites=` asks
    (WorkloadError when the design or the parallelism cannot hold that placement)."""
    pp, dp, tp = shape
    mode = w.switch("pp_across_sites")
    if mode is None:
        return ranks.reshape(pp, dp, tp)
    site = fab.gpu_site()[ranks]
    names, counts = np.unique(site, return_counts=True)
    if mode and ((site < 0).any() or len(names) < 2):
        raise WorkloadError(Message("error.sim.pp_sites_one"))
    if mode and pp < 2:
        raise WorkloadError(Message("error.sim.pp_sites_pp", pp=pp))
    ordered = ranks[np.argsort(site, kind="stable")]
    if mode:
        if len(names) != 2 or counts[0] != counts[1] or pp % 2:
            raise WorkloadError(Message("error.sim.pp_sites_split", pp=pp, sites=len(names),
                                        gpus="/".join(str(int(c)) for c in counts)))
        return ordered.reshape(pp, dp, tp)
    if (counts % (pp * tp)).any():
        raise WorkloadError(Message("error.sim.pp_sites_off", per=pp * tp, gpus="/".join(str(int(c)) for c in counts)))
    blocks = np.split(ordered, np.cumsum(counts)[:-1])
    return np.concatenate([b.reshape(pp, -1, tp) for b in blocks], axis=1)


@dataclass
class PipelineSites:
    """The pipeline sends of a step split into the boundaries inside sites and those across, with their figures."""

    inside: int | None = None          # phase of the sends inside sites
    cross: int | None = None           # phase of the sends across the span
    inside_bytes: float = 0.0
    cross_bytes: float = 0.0
    round_trips: int = 0               # 2n: crossings of the span the 1F1B schedule waits for
    span_s: float = 0.0                # one-way latency of the long-haul span
    bytes_per_flow: float = 0.0        # one micro-batch's activation (or its gradient) at a boundary
    extra: dict[str, float | str] = field(default_factory=dict)

    def figures(self) -> Callable[[dict[int, tuple[float, float]]], dict[str, float]]:
        """The finisher that turns the phases' spans into the result's pipeline figures across sites."""
        def finish(spans: dict[int, tuple[float, float]]) -> dict[str, float]:
            if self.cross is None or self.cross not in spans:
                return {}
            start, end = spans[self.cross]
            out = {"cross_site_s": end - start, "cross_site_exposed_s": end - start}
            if self.inside in spans:        # the sends inside the sites run meanwhile: the step waits for the later
                inside_start, inside_end = spans[self.inside]
                out.update(pp_inside_site_s=inside_end - inside_start,
                           cross_site_exposed_s=max(end - max(start, inside_end), 0.0))
            return out
        return finish


def span_one_way_s(fab: CompiledFabric) -> float:
    """One-way latency of the longest long-haul port of the design (its span and the equipment it enters)."""
    site = fab.node_site
    if not len(site):
        return 0.0
    a, b = site[fab.port_src], site[fab.port_dst]
    crossing = (a >= 0) & (b >= 0) & (a != b)
    return float(fab.port_latency_ns[crossing].max()) * 1e-9 if crossing.any() else 0.0


@dataclass(frozen=True)
class Sends:
    """What every stage boundary sends per micro-batch, and where the phases go."""

    bytes_per_flow: float
    micro: int
    route: RouteOptions
    tag: str
    index: int
    start: float
    chunks: int = 1       # model chunks per GPU (`vpp=`): each micro-batch crosses every boundary once per chunk


def interleaved_sends(chunks: int, micro: int) -> tuple[int, int]:
    """(crossings of each stage boundary, crossings of the wrap from the last stage to the first) per step, each
    way, of an interleaved schedule with `chunks` model chunks per GPU (Narayanan et al., SC 2021, section 2.2.2:
    GPU i holds chunks i, i + p, i + 2p, ..., so a micro-batch crosses every boundary once per chunk and the wrap
    from the last GPU to the first once between two chunks); 1F1B is one chunk (m and 0)."""
    return micro * chunks, micro * (chunks - 1)


def pipeline_phases(fab: CompiledFabric, plan: Plan, r: np.ndarray, sends: Sends,
                    after: list[int]) -> tuple[list[int], PipelineSites]:
    """The activations forward and gradients back at every stage boundary of `r` ([stage, replica, tp rank]), one
    phase for the boundaries inside sites and one for those across the span. With an interleaved schedule
    (`sends.chunks` > 1, inside sites only) the wrap from the last stage to the first joins the phase inside, its
    flows weighted by its share of the crossings (one phase: its sends share the NICs as they run)."""
    site = fab.gpu_site()
    fwd_src, fwd_dst = r[:-1].reshape(len(r) - 1, -1), r[1:].reshape(len(r) - 1, -1)
    crossing = (site[fwd_src] >= 0) & (site[fwd_src] != site[fwd_dst])
    if sends.chunks > 1 and (crossing.any() or ((site[r[-1]] >= 0) & (site[r[-1]] != site[r[0]])).any()):
        raise WorkloadError(Message("error.sim.vpp_sites", vpp=sends.chunks))
    out = PipelineSites(bytes_per_flow=sends.bytes_per_flow)
    ids = []
    per_boundary, per_wrap = interleaved_sends(sends.chunks, sends.micro)
    for across in (False, True):
        chosen = crossing if across else ~crossing
        if not chosen.any():
            continue
        src = np.concatenate([fwd_src[chosen], fwd_dst[chosen]])
        dst = np.concatenate([fwd_dst[chosen], fwd_src[chosen]])
        weight = np.ones(len(src))
        alpha = 1.0
        if across:
            out.round_trips = sum(2 * round_trips(len(r), sends.micro, int(k)) for k in np.flatnonzero(
                crossing.any(axis=1)))
            out.span_s = span_one_way_s(fab)
            alpha = out.round_trips / sends.micro
        elif per_wrap:
            src = np.concatenate([src, r[-1].ravel(), r[0].ravel()])
            dst = np.concatenate([dst, r[0].ravel(), r[-1].ravel()])
            weight = np.concatenate([weight, np.full(2 * r[0].size, per_wrap / per_boundary)])
        pat = FlowPattern(f"{sends.tag}:pp" + ("-x" if across else ""), src, dst, weight, sends.route)
        i = plan.add(Phase("pipeline send across sites" if across else "pipeline send", pat, sends.bytes_per_flow,
                           repeat=per_boundary, alpha_factor=alpha, after=after, start_s=sends.start,
                           workload=sends.index))
        ids.append(i)
        both_ways_B = per_boundary * sends.bytes_per_flow * float(weight.sum())
        if across:
            out.cross, out.cross_bytes = i, both_ways_B
        else:
            out.inside, out.inside_bytes = i, both_ways_B
    return ids, out
