"""The AllToAll's network flows in NCCL's rounds of peers: per p2p channel a chain of batches, the chains apart."""

from __future__ import annotations

import numpy as np
import pytest

from designer.sim import SimOptions, budget, nccl_p2p, run
from designer.sim.api import build_plan
from designer.sim.compile import compile_fabric
from designer.sim.workload_spec import parse_workload
from designer.topology import generate


def test_group_deltas_follow_nccls_quadratic_order():
    # the example sequence in NCCL's ncclP2pSchedule (src/init.cc)
    assert nccl_p2p.group_deltas(16).tolist() == [0, 1, 3, 6, 10, 15, 5, 12, 4, 13, 7, 2, 14, 11, 9, 8]
    for n in (5, 12, 127):
        assert sorted(nccl_p2p.group_deltas(n).tolist()) == list(range(n))


def test_channel_counts_of_an_h100_cluster():
    """8 rings of 400G NICs (16 channels as the engine runs them, NCCL's search's 8 copied): 16 p2p channels, since
    the search gives a 400G NIC's channel 48 GB/s, below what ncclTopoDupChannels doubles with more than four; 800G
    NICs (96 GB/s on Blackwell) or four rings are doubled. Channels a peer: 1 from 256 ranks on."""
    channels = nccl_p2p.p2p_channels(16, 128, 400.0)
    assert channels == 16
    assert nccl_p2p.p2p_channels(16, 128, 800.0) == 32 and nccl_p2p.p2p_channels(8, 128, 400.0) == 16
    assert not nccl_p2p.search_doubles(8, 400.0) and nccl_p2p.search_doubles(4, 400.0)
    assert not nccl_p2p.search_doubles(8, 200.0)                     # 24 GB/s: below 25, never doubled
    assert nccl_p2p.channels_per_peer(400.0, 1, 128, channels, 16) == 1
    assert nccl_p2p.channels_per_peer(400.0, 1, 16, channels, 2) == 4
    assert nccl_p2p.channels_per_peer(400.0, 1, 1024, channels, 128) == 1
    assert nccl_p2p.op_parts(64 * 2**10, 1, 1024, channels) == 1
    assert nccl_p2p.op_parts(4 * 2**20, 4, 16, channels) == 4      # 2 servers: 4 MiB over 4 channels


def test_ring_connections_per_nic_pair_follow_nccls_channel_count():
    """A ring's connections a NIC pair: eight rings of 400G NICs copied once (16 channels); four doubled by the
    search first (16); two doubled by the search, copied, and doubled again below 16 channels across servers
    (connect.cc on Hopper and newer): 8 a NIC pair, 16 channels. On one server no network, no last doubling."""
    copies = {nics: nccl_p2p.coll_channel_copies(nics, 400.0, 4) for nics in (8, 4, 2, 1)}
    assert copies == {8: 2, 4: 4, 2: 8, 1: 8}
    assert nccl_p2p.coll_channel_copies(2, 400.0, 1) == 4
    assert nccl_p2p.p2p_channels(2 * nccl_p2p.POSTSET_COPIES, 4, 400.0) == 16
    assert nccl_p2p.reverse_bits(np.array([1, 2, 33]), 5).tolist() == [16, 8, 16]


@pytest.fixture(scope="module")
def plan_512():
    """alltoall:64MiB on 512 GPUs (64 servers of 8): 63 node deltas over 16 channels."""
    fab = compile_fabric(generate("fat-tree", gpus=512, backend="rocev2", frontend=False))
    return fab, build_plan([parse_workload("alltoall:64MiB")], fab, 1)


def _chains(plan):
    children = plan.children()
    heads = [i for i, p in enumerate(plan.phases) if p.name == "alltoall round" and not p.after]
    chains = []
    for h in heads:
        chain = [h]
        while children[chain[-1]]:
            (nxt,) = children[chain[-1]]
            chain.append(nxt)
        chains.append(chain)
    return chains


def test_every_pair_sent_once_in_chains_that_wait_only_on_themselves(plan_512):
    fab, plan = plan_512
    chains = _chains(plan)
    rounds = [i for i, p in enumerate(plan.phases) if p.name == "alltoall round"]
    assert len(chains) == 16 and sorted(i for c in chains for i in c) == rounds
    assert sorted(len(c) for c in chains) == [3] + [4] * 15     # channel 0's first batch is the node's own
    for chain in chains:
        for prev, nxt in zip(chain[:-1], chain[1:], strict=True):
            assert plan.phases[nxt].after == [prev]
    sent: dict[tuple[int, int], float] = {}
    for i in rounds:
        ph = plan.phases[i]
        for s, d, w in zip(ph.pattern.src.tolist(), ph.pattern.dst.tolist(), ph.pattern.weight.tolist(), strict=True):
            sent[(s, d)] = sent.get((s, d), 0.0) + w * ph.bytes_per_flow
    servers, local = fab.gpu_server, fab.gpu_local
    assert len(sent) == 64 * 63 * 8
    assert all(servers[s] != servers[d] and local[s] == local[d] for s, d in sent)
    assert set(sent.values()) == {8 * 64 * 2**20 / 512}          # g ranks' size/n each, once
    wp = plan.workloads[0]
    nvlink = [i for i, p in enumerate(plan.phases) if p.name == "alltoall nvlink"]
    assert sorted(wp.last) == sorted(nvlink + [c[-1] for c in chains])


def test_a_nic_has_at_most_channels_x_8_peers_in_flight(plan_512):
    """A chain runs one batch at a time, and a batch sends each NIC's bytes to one server (for 8 ranks): a NIC has
    at most 16 destinations at once (of 63), 16 x 8 of NCCL's operations; at the start it has exactly 16."""
    fab, plan = plan_512
    chains = _chains(plan)
    for i in (i for c in chains for i in c):
        assert np.bincount(plan.phases[i].pattern.src).max() == 1
    src = np.concatenate([plan.phases[c[0]].pattern.src for c in chains])
    dst = np.concatenate([plan.phases[c[0]].pattern.dst for c in chains])
    nics = np.unique(src)
    assert len(nics) == 512 and (np.bincount(src)[nics] == 16).all()
    assert len({(int(s), int(fab.gpu_server[d])) for s, d in zip(src, dst, strict=True)}) == 512 * 16


def test_the_alltoall_is_one_collective_in_the_result():
    """4 servers of 8 GPUs: the workload's time runs from the first phase's start to the last one's end (its busbw
    follows from it), and a repeat waits for all of the first run's phases."""
    doc = generate("leaf-spine", gpus=32, backend="rocev2", frontend=False)
    one = run(doc, ["alltoall:8MiB"], SimOptions(seed=1))
    two = run(doc, ["alltoall:8MiB:repeat=2"], SimOptions(seed=1))
    w1, w2 = one.data["workloads"][0], two.data["workloads"][0]
    assert w1["completion_time_s"] == pytest.approx(one.completion_time_s)
    assert w1["busbw_gbps"] == pytest.approx(8 * 2**20 * 8 / 1e9 / one.completion_time_s * 31 / 32)
    assert w2["completion_time_s"] == pytest.approx(2 * w1["completion_time_s"], rel=0.02)
    assert 0.9 < one.throughput_fraction <= 1.0


def test_the_memory_estimate_counts_a_chains_largest_batch_in_the_queues(plan_512):
    """Never two batches of one channel are in the queues at once: the estimate counts each chain's largest."""
    fab, plan = plan_512
    counts = budget.pattern_counts(fab, plan)
    per_phase = [counts[p.pattern.key].fluid_flows if p.pattern is not None else 0.0 for p in plan.phases]
    chains = _chains(plan)
    others = [i for i, p in enumerate(plan.phases) if p.name != "alltoall round"]
    expected = sum(max(per_phase[i] for i in c) for c in chains) + sum(per_phase[i] for i in others)
    assert sum(per_phase) > 1.5 * expected > 0
    assert budget.estimate(fab, plan).fluid_flows == round(expected)
