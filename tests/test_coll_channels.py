"""NCCL runs every ring and tree channel twice (ncclTopoPostset), each copy a connection of its own: a ring step
between two RoCEv2 NICs hashes channels x queue pairs apart, where InfiniBand's tables route both alike."""

from __future__ import annotations

import numpy as np

from designer.sim.collectives import COLL_CHANNEL_COPIES, ring_pattern
from designer.sim.compile import compile_fabric
from designer.sim.routing import RouteOptions, Router
from designer.topology.generate import generate


def _ring_sub_flows(backend: str, qps: int | None) -> tuple[int, int]:
    """(network flows of the ring, their sub-flows) on a 32-GPU leaf-spine of `backend`."""
    fab = compile_fabric(generate("leaf-spine", gpus=32, backend=backend, frontend=False))
    pattern, _channels = ring_pattern(fab, np.arange(32), RouteOptions(qps=qps), "ring")
    routed = Router(fab).route(pattern.src, pattern.dst, pattern.route)
    net = fab.gpu_server[pattern.src] != fab.gpu_server[pattern.dst]
    return int(net.sum()), int(routed.sub_network.sum())


def test_a_rocev2_ring_step_runs_two_connections_a_nic_pair():
    assert COLL_CHANNEL_COPIES == 2
    flows, subs = _ring_sub_flows("rocev2", 1)
    assert flows > 0 and subs == 2 * flows                       # one queue pair on each of two connections
    flows, subs = _ring_sub_flows("rocev2", 4)
    assert subs == 8 * flows


def test_an_infiniband_ring_keeps_one_route_a_nic_pair():
    flows, subs = _ring_sub_flows("ib", None)                    # the tables route both connections alike
    assert flows > 0 and subs == flows


def test_a_point_to_point_transfer_is_not_a_duplicated_channel():
    fab = compile_fabric(generate("leaf-spine", gpus=32, backend="rocev2", frontend=False))
    routed = Router(fab).route(np.array([0]), np.array([16]), RouteOptions(qps=1))
    assert routed.n_sub == 1


def test_800g_nics_on_blackwell_run_four_connections_a_nic_pair():
    """ncclTopoDupChannels doubles the search's rings where a channel runs at 96 GB/s (an 800G NIC on Blackwell)
    before ncclTopoPostset copies them: four connections between two NICs (on ECMP: the SuperNICs spray unless told
    not to)."""
    fab = compile_fabric(generate("leaf-spine", gpus=32, backend="rocev2", server_model="hgx-b300", frontend=False))
    pattern, _channels = ring_pattern(fab, np.arange(32), RouteOptions(qps=1, spray=False), "ring")
    assert pattern.route.channels == 4
    routed = Router(fab).route(pattern.src, pattern.dst, pattern.route)
    net = fab.gpu_server[pattern.src] != fab.gpu_server[pattern.dst]
    assert int(routed.sub_network.sum()) == 4 * int(net.sum())
