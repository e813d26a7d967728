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


def test_a_ring_leaves_each_server_by_the_nic_it_came_in_by():
    """NCCL lays a ring channel out as NIC n, GPU a, .., GPU x, NIC n (src/graph/search.cc): the hop between two
    servers joins the same local GPU (the same NIC index) on both, and the last GPU hands its chunk to it over
    NVLink (the pattern's legs, one per server and channel)."""
    fab = compile_fabric(generate("rail-optimized", gpus=64, backend="ib", frontend=False))
    pattern, channels = ring_pattern(fab, np.arange(64), RouteOptions(), "ring")
    hops = len(pattern.src) - pattern.legs
    servers, g = 8, 8
    assert channels == 8 and hops == 64 * channels and pattern.legs == servers * channels
    local = np.arange(64) % g                                   # rank r is local GPU r % 8 of server r // 8
    src, dst = pattern.src[:hops], pattern.dst[:hops]
    net = fab.gpu_server[src] != fab.gpu_server[dst]
    assert net.sum() == servers * channels
    assert (local[src[net]] == local[dst[net]]).all()                          # the same NIC index both ends
    assert (fab.gpu_be_tx[src[net]] != fab.gpu_be_tx[dst[net]]).all()          # (two servers' NICs)
    legs_src, legs_dst = pattern.src[hops:], pattern.dst[hops:]
    assert (fab.gpu_server[legs_src] == fab.gpu_server[legs_dst]).all()        # NVLink, inside each server
    assert sorted(legs_dst.tolist()) == sorted(src[net].tolist())             # to the GPU whose NIC it leaves by


def test_a_ring_on_a_rail_optimized_fabric_never_reaches_a_spine():
    """256 GPUs whose rail switches each reach all 32 servers: the ring AllReduce runs at the NICs' rate at 1:1 and
    at 2:1 alike, as on a fat tree (it took 8.74 and 14.45 ms over the spines while each ring left a server by
    another rail than it came in by; 7.53 ms now, the fat tree 7.54 ms)."""
    from designer.sim import run

    times = []
    for ratio in (1, 2):
        doc = generate("rail-optimized", gpus=256, backend="ib", frontend=False, oversubscription=ratio)
        res = run(doc, ["allreduce:1GiB:algo=ring"])
        assert res.throughput_fraction == 1.0 and res.data["credit_stall_fraction"] == 0.0
        times.append(res.completion_time_s)
    flat = run(generate("fat-tree", gpus=256, backend="ib", frontend=False), ["allreduce:1GiB:algo=ring"])
    assert times[0] == times[1] <= flat.completion_time_s * 1.001
