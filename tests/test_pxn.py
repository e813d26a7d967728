"""PXN (designer/sim/pxn.py): a transfer between servers rides the receiver's rail, through the sender's GPU of the
receiver's local index; the expert-parallel AllToAll's flows follow it."""

from __future__ import annotations

import numpy as np
import pytest

from designer.sim import run
from designer.sim.compile import compile_fabric
from designer.sim.pxn import pxn_flows, ring_flows
from designer.topology.generate import generate


def test_a_transfer_between_servers_crosses_on_the_receivers_rail():
    fab = compile_fabric(generate("rail-optimized", gpus=32, backend="ib", frontend=False))
    # GPU 1 (server 0, local 1) to GPU 14 (server 1, local 6); GPU 2 to GPU 10 (local 2 both); GPU 3 to GPU 5 (inside)
    src, dst = pxn_flows(fab, np.array([1, 2, 3]), np.array([14, 10, 5]))
    assert src.tolist() == [6, 2, 3, 1] and dst.tolist() == [14, 10, 5, 6]    # the network flows, then the leg
    net = fab.gpu_server[src] != fab.gpu_server[dst]
    assert (fab.gpu_local[src[net]] == fab.gpu_local[dst[net]]).all()


def test_the_expert_parallel_alltoall_stays_on_the_rails_of_an_oversubscribed_rail_fabric():
    """tp=2 puts two expert-parallel peers of a server on different rails; without PXN every transfer between two
    servers' GPUs of different index crossed the spines: the AllToAlls added 3.97 s to a step at 2:1 and 2.60 s at 1:1
    on 256 GPUs (2.60 s at either ratio with PXN)."""
    steps = {}
    for ratio in (1, 2):
        doc = generate("rail-optimized", gpus=256, backend="ib", frontend=False, oversubscription=ratio)
        with_ep = run(doc, ["train:70b:tp=2:ep=16"]).data["workloads"][0]["step_time_s"]
        without = run(doc, ["train:70b:tp=2"]).data["workloads"][0]["step_time_s"]
        steps[ratio] = with_ep - without                      # what the expert-parallel AllToAlls add
    assert steps[2] <= steps[1] * 1.01


def test_a_ring_leaves_each_server_by_the_gpu_it_came_in_by_even_where_it_wraps_round():
    fab = compile_fabric(generate("rail-optimized", gpus=32, backend="ib", frontend=False))
    # servers of the ranks: 0, 0, 1, 1, 0, 0: server 0's run wraps round the ring's end (0, 1, then 2, 3)
    src, dst, legs = ring_flows(fab, np.array([[2, 3, 8, 9, 0, 1]]))
    hops = list(zip(src[:6].tolist(), dst[:6].tolist(), strict=True))
    assert hops == [(2, 3), (8, 9), (0, 1), (1, 2), (0, 8), (8, 0)]    # 3 -> 8 leaves by GPU 0, 9 -> 0 by GPU 8
    assert legs == 2 and sorted(zip(src[6:].tolist(), dst[6:].tolist(), strict=True)) == [(3, 0), (9, 8)]
    src, dst, legs = ring_flows(fab, np.array([[0, 1, 2, 3]]))          # a ring inside one server: plain hops
    assert legs == 0 and dst.tolist() == [1, 2, 3, 0]


def test_a_data_parallel_ring_of_several_replicas_a_server_stays_on_its_rails():
    """tp=2: a data-parallel group has four replicas on each server, on four rails; its ring went from a server's
    last replica to the next server's first, another rail, over the spines: the step took 15.38 s at 2:1 against
    14.70 s at 1:1 on 256 GPUs. Leaving by the NIC it came in by, as NCCL's rings do, it takes 14.69 s at both."""
    steps = [run(generate("rail-optimized", gpus=256, backend="ib", frontend=False, oversubscription=ratio),
                 ["train:70b:tp=2"]).data["workloads"][0]["step_time_s"] for ratio in (1, 2)]
    assert steps[1] <= steps[0] * 1.001


def test_the_flat_ring_across_sites_leaves_each_server_on_the_rail_it_came_in_by():
    """tp=2 over two sites: the data-parallel ring of each (stage, tp rank) visits four replicas on every server;
    between servers (and across the span) it runs from the GPU it entered the server by to that GPU's peer of the
    next server, on one rail, and the last replica hands its chunk over NVLink. Its inside/cross-site bytes count
    the ring's hops, not the hand-overs."""
    from designer.sim.api import build_plan
    from designer.sim.workload_spec import parse_workloads
    from designer.topology.two_site import TwoSiteOptions, generate_two_site

    doc = generate_two_site(TwoSiteOptions(gpus_per_site=32, distance_km=10, dci_links=2))
    fab = compile_fabric(doc)
    spec = "train:params=1e9:tp=2:pp=1:batch=65536:dp_across_sites=flat"
    plan = build_plan(parse_workloads([spec]), fab, 1)
    ring = next(ph for ph in plan.phases if ph.name.startswith("data-parallel AllReduce step (one ring"))
    src, dst = ring.pattern.src, ring.pattern.dst
    between = fab.gpu_server[src] != fab.gpu_server[dst]
    local = np.arange(fab.n_gpus) % 8                       # 8-GPU servers, GPUs numbered server by server
    assert between.any() and (local[src[between]] == local[dst[between]]).all()
    assert ring.pattern.legs == int(between.sum())       # each server's run ends with an NVLink hand-over
    w = run(doc, [spec]).data["workloads"][0]
    dp, grad = 32, 1e9 / 2 * 2                           # 64 GPUs / tp 2; bf16 gradients of a tp shard
    assert w["cross_site_bytes"] == pytest.approx(2 * 2 * 2 * (dp - 1) * grad / dp)    # 2 groups' 2 crossings
    assert w["cross_site_bytes"] + w["inside_site_bytes"] == pytest.approx(2 * dp * 2 * (dp - 1) * grad / dp)
