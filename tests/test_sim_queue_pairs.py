"""Queue pairs of one connection on one path move as one flow in the fluid queues (designer/sim/queue_pairs.py):
the grouping itself, and the same run with and without it."""

import numpy as np
import pytest

from designer.sim import fluid_queues, run
from designer.sim.queue_pairs import connections
from designer.sim.routing import HopList
from designer.topology import generate


def chain_hops(paths: list[list[int]]) -> HopList:
    """Hop rows of single-path sub-flows, sub-flow j crossing the ports of paths[j] in order."""
    port = np.array([p for path in paths for p in path])
    sub = np.repeat(np.arange(len(paths)), [len(p) for p in paths])
    level = np.concatenate([np.arange(len(p)) for p in paths])
    return HopList(port, sub, np.ones(len(port)), level)


def test_queue_pairs_on_one_path_of_one_flow_group_and_nothing_else_does():
    hops = chain_hops([[0, 5, 9], [0, 6, 9], [0, 5, 9], [1, 5, 9], [0, 5, 9]])
    flow = np.array([0, 0, 0, 1, 0])
    g = connections(hops, flow, np.array([True, True, True, True, False]))
    assert g.of_sub.tolist() == [0, 1, 0, 2, 3]       # 0 and 2 share flow and path; 4 may not merge
    assert g.first.tolist() == [0, 1, 3, 4] and g.count.tolist() == [2, 1, 1, 1]


def test_split_routes_group_only_when_their_shares_agree():
    hops = HopList(np.array([0, 5, 6, 9, 0, 5, 6, 9]), np.array([0, 0, 0, 0, 1, 1, 1, 1]),
                   np.array([1, 0.5, 0.5, 1, 1, 0.25, 0.75, 1]), np.array([0, 1, 1, 2, 0, 1, 1, 2]))
    g = connections(hops, np.array([0, 0]), np.array([True, True]))
    assert g.count.tolist() == [1, 1]


@pytest.fixture(scope="module")
def pod():
    return generate("leaf-spine", gpus=32, backend="rocev2", frontend=False)


def test_a_lossless_incast_runs_the_same_with_its_queue_pairs_merged(pod, monkeypatch):
    """Sixteen queue pairs per sender (the recommended RoCEv2), PFC on and DCQCN off: merging the queue pairs that
    share a path changes the figures by rounding only, and the queues hold fewer flows."""
    sizes = []
    original = fluid_queues.FluidQueues._flow_set

    def counting(self, *args, **kwargs):
        flows = original(self, *args, **kwargs)
        sizes.append(flows.count)
        return flows

    monkeypatch.setattr(fluid_queues.FluidQueues, "_flow_set", counting)
    merged = run(pod, ["incast:12:8MiB:dcqcn=off"]).data
    merged_flows = sizes.pop()
    monkeypatch.setattr(fluid_queues, "connections",
                        lambda hops, flow, mergeable: connections(hops, flow, np.zeros(len(flow), dtype=bool)))
    separate = run(pod, ["incast:12:8MiB:dcqcn=off"]).data
    separate_flows = sizes.pop()
    assert merged_flows < separate_flows
    assert merged["completion_time_s"] == pytest.approx(separate["completion_time_s"], rel=0.01)
    assert merged["throughput_fraction"] == pytest.approx(separate["throughput_fraction"], rel=0.01)
    assert merged["pfc_pause_fraction"] == pytest.approx(separate["pfc_pause_fraction"], rel=0.05, abs=1e-4)
    assert merged["latency_us"]["p99"] == pytest.approx(separate["latency_us"]["p99"], rel=0.05)
