"""A pipelined phase (NCCL's tree AllReduce) that drains alone never enters the fluid queues, and the memory
estimate counts no queues for it; it does where another flow phase may drain beside it or a port may fail."""

import numpy as np

from designer.sim import api
from designer.sim.budget import estimate
from designer.sim.compile import compile_fabric
from designer.sim.fluid_queues import FluidQueues
from designer.sim.lone_pipelines import lone_pipelines
from designer.sim.routing import RouteOptions, Router
from designer.sim.transfers import FlowPattern, Phase, Plan
from designer.sim.workload_spec import parse_workloads
from designer.topology import generate


def _flows(key: str) -> FlowPattern:
    return FlowPattern(key, np.array([0]), np.array([1]), np.array([1.0]), RouteOptions())


def test_a_pipelined_phase_is_alone_when_every_other_flow_phase_comes_before_or_after_it():
    plan = Plan()
    a = plan.add(Phase("ring", _flows("a"), 1.0))
    compute = plan.add(Phase("compute", compute_s=1e-3, after=[a]))
    tree = plan.add(Phase("tree", _flows("t"), 1.0, pipelined=True, after=[compute]))
    plan.add(Phase("after", _flows("b"), 1.0, after=[tree]))
    assert lone_pipelines(plan) == {tree}
    plan.add(Phase("beside", _flows("c"), 1.0, after=[compute]))      # may drain while the tree does
    assert lone_pipelines(plan) == set()


def test_two_trees_of_separate_jobs_are_not_alone():
    plan = Plan()
    plan.add(Phase("tree 1", _flows("t1"), 1.0, pipelined=True))
    plan.add(Phase("tree 2", _flows("t2"), 1.0, pipelined=True))
    assert lone_pipelines(plan) == set()


def test_a_lone_tree_allreduce_drains_without_the_queues_and_the_estimate_counts_none(monkeypatch):
    """Over ECMP the tree's queue pairs collide on a three-tier fat tree (greedy senders would over-offer ports), yet
    its pace keeps every port within its rate: the engine installs nothing in the queues, as the estimate assumes.
    Beside a second job, or where ports may fail, the estimate counts the queues again."""
    doc = generate("fat-tree-3", gpus=256, backend="rocev2", frontend=False)
    fab = compile_fabric(doc)
    plan = api.build_plan(parse_workloads(["allreduce:16MiB"]), fab, 1)
    (tree,) = [ph for ph in plan.phases if ph.pattern is not None]
    assert tree.pipelined
    routed = Router(fab).route(tree.pattern.src, tree.pattern.dst, tree.pattern.route, tree.pattern.flow_bytes)
    unit_B = tree.pattern.weight[routed.sub_flow] * routed.sub_share
    greedy = FluidQueues(fab, [{}]).over_offered(routed.matrix, routed.sub_first_port, unit_B)
    assert greedy.any()
    alone = estimate(fab, plan)
    assert alone.fluid_flows == 0
    failing = estimate(fab, plan, failures=True)
    assert failing.fluid_flows > 0 and failing.total_bytes > alone.total_bytes
    two_jobs = api.build_plan(parse_workloads(["allreduce:16MiB:gpus=128", "allreduce:16MiB:gpus=128"]), fab, 1)
    assert estimate(fab, two_jobs).fluid_flows > 0
    installed = []
    install = FluidQueues.install
    monkeypatch.setattr(FluidQueues, "install", lambda self, phase, *a: installed.append(phase) or
                        install(self, phase, *a))
    assert api.run(doc, ["allreduce:16MiB"]).data["completion_time_s"] > 0
    assert installed == []
