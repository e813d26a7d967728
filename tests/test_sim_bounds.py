"""Results an expert can check by hand: bounds no run may break, closed forms, and options that must act.

Each test pins one physical statement: a latency never exceeds the time its flow has existed; a lossless incast's
tail follows from the receiver's line rate; a lossy class pays for every byte it drops; network figures count only
bytes that crossed a NIC; a workload's options belong to that workload alone; any GPU outside the receiver's server
may join an incast.
"""

from __future__ import annotations

import numpy as np
import pytest

from designer.sim import run
from designer.sim.framing import PROTO_ROCEV2, efficiency
from designer.topology import generate


@pytest.fixture(scope="module")
def leaf_spine_64():
    """The 64-GPU RoCEv2 leaf-spine of the reported defects (8 servers of 8 GPUs, one 400G NIC per GPU)."""
    return generate("leaf-spine", gpus=64, backend="rocev2", frontend=False, two_tiers=True)


def receiver_payload_Bps(mtu_bytes: int = 4096) -> float:
    """A 400G RoCEv2 port's payload rate (framing of one MTU-sized packet)."""
    return 400e9 / 8 * efficiency(PROTO_ROCEV2, mtu_bytes)


def lossless_incast_p99_s(senders: int, size_bytes: float) -> float:
    """Closed form of a lossless k:1 incast's 99th-percentile one-way latency.

    Every sender offers its m bytes at once; the receiver's port delivers k*m bytes at its payload rate C, fairly, so
    a sender's byte at position x of its m leaves the fabric at k*x/C after it was offered at x/C (PFC holds the rest
    in the senders' and switches' queues): its latency is (k-1)*x/C. Latency grows linearly over the bytes, so the
    99th percentile byte waits 0.99*(k-1)*m/C (propagation and switch latency, a few microseconds, come on top)."""
    return 0.99 * (senders - 1) * size_bytes / receiver_payload_Bps()


def test_latency_percentiles_never_exceed_the_run_and_a_pfc_incast_tail_follows_its_closed_form(leaf_spine_64):
    for spec, senders, size in (("incast:31:2MB:dcqcn=off", 31, 2e6), ("incast:31:8MiB:dcqcn=off", 31, 8 * 2**20)):
        d = run(leaf_spine_64, [spec]).data
        lat_us = d["latency_us"]
        assert lat_us["p50"] <= lat_us["p99"] <= lat_us["p999"] <= lat_us["max"]
        assert lat_us["max"] * 1e-6 <= d["completion_time_s"]
        expected_s = lossless_incast_p99_s(senders, size)
        assert lat_us["p99"] * 1e-6 == pytest.approx(expected_s, rel=0.03), spec


def test_pfc_off_drops_resends_and_takes_clearly_longer_than_lossless(leaf_spine_64, monkeypatch):
    """Go-back-N pays for its losses: drops, resent bytes and a longer run. A flow ends when its last byte arrives in
    sequence, whatever the queue model's reporting window (a lossy run once ended at a window's end)."""
    from designer.sim import fluid_queues
    lossless = run(leaf_spine_64, ["incast:31:8MiB:dcqcn=off"]).data
    lossy = run(leaf_spine_64, ["incast:31:8MiB:pfc=off:dcqcn=off"]).data
    assert lossless["dropped_bytes"] == 0 == lossless["retransmitted_bytes"]
    assert lossy["dropped_bytes"] > 0
    assert lossy["retransmitted_bytes"] >= lossy["dropped_bytes"]      # go-back-N resends what followed a loss too
    assert lossy["completion_time_s"] > 1.2 * lossless["completion_time_s"]
    assert lossy["latency_us"]["max"] * 1e-6 <= lossy["completion_time_s"]
    monkeypatch.setattr(fluid_queues, "WINDOW_HOP_STEPS", fluid_queues.WINDOW_HOP_STEPS // 5)
    shorter_windows = run(leaf_spine_64, ["incast:31:8MiB:pfc=off:dcqcn=off"]).data
    assert shorter_windows["completion_time_s"] == pytest.approx(lossy["completion_time_s"], rel=1e-9)


@pytest.mark.parametrize("spec", ["incast:31:2MB:pfc=off:dcqcn=off", "incast:31:8MiB:pfc=off:dcqcn=off"])
def test_a_lossy_run_carries_every_byte_it_counts_through_the_receivers_port(leaf_spine_64, spec):
    """Conservation at the bottleneck: every byte sent and not dropped crosses the receiver's port, the payload once
    and each resent byte again, and the receiver discards what arrives behind a gap. So the run lasts at least
    (payload + resent - dropped) / C. Recovery state that counts a resent byte twice or a byte behind a gap as
    delivered lets flows end before their bytes could have crossed (a 2 MB run once ended at 57 % of this bound)."""
    d = run(leaf_spine_64, [spec]).data
    carried_B = d["network_bytes"] + d["retransmitted_bytes"] - d["dropped_bytes"]
    assert d["retransmitted_bytes"] > 0
    assert d["completion_time_s"] >= carried_B / receiver_payload_Bps() * (1 - 1e-6)


def test_a_lossy_incast_without_congestion_control_stops_as_a_collapse(leaf_spine_64, monkeypatch):
    """31 senders of 16 queue pairs at line rate into one port, no PFC, no DCQCN: go-back-N's senders never get
    below the port's rate, so nearly every byte lands behind a gap. The run stops with a message instead of
    simulating forever (the span is shortened here: the product waits 100 ms of simulated time)."""
    from designer.sim import collapse
    monkeypatch.setattr(collapse, "COLLAPSE_SPAN_S", 0.01)
    with pytest.raises(collapse.CongestionCollapse) as caught:
        run(leaf_spine_64, ["incast:31:64MiB:pfc=off:dcqcn=off"])
    text = str(caught.value)
    assert "collapsed" in text and "\n" not in text and "pfc=on" in text


def test_the_collapse_watch_waits_for_drops_without_delivery():
    from designer.sim.collapse import COLLAPSE_SPAN_S, CollapseWatch, CongestionCollapse
    watch = CollapseWatch()
    watch.observe(COLLAPSE_SPAN_S * 2, 0.0, 0.0, False)            # idle (a timer, a later start): no drops
    watch.observe(COLLAPSE_SPAN_S * 3, 1.0, 5e6, False)            # drops, but a byte arrived in sequence
    watch.observe(COLLAPSE_SPAN_S * 3.5, 0.0, 5e6, False)          # drops without delivery, not for long yet
    watch.restart(COLLAPSE_SPAN_S * 4)                              # new flows installed
    watch.observe(COLLAPSE_SPAN_S * 4.9, 0.0, 5e6, False)
    with pytest.raises(CongestionCollapse):
        watch.observe(COLLAPSE_SPAN_S * 5.1, 0.0, 5e6, False)


def test_a_workloads_options_do_not_leak_into_the_next_one(leaf_spine_64):
    """DCQCN on for the first incast and off for the second: the second must queue as it does after a first incast
    without DCQCN (same workload positions, so ECMP hashes every flow alike in both runs)."""
    # one queue pair per sender: DCQCN's standing queue grows with the number of flows it controls
    later = "incast:8:16MiB:qps=1:dcqcn=off:start=20ms"
    both = run(leaf_spine_64, ["incast:8:16MiB:qps=1:dcqcn=on", later]).data
    plain = run(leaf_spine_64, ["incast:8:16MiB:qps=1:dcqcn=off", later]).data
    first, second = both["workloads"]
    ref_first, ref_second = plain["workloads"]
    # the time step is finer when a workload of the run reacts (DCQCN): the tails agree within a few per cent,
    # where a leaked DCQCN would cut the second one's by a factor of several (as it does the first one's)
    assert second["latency_us"]["p99"] == pytest.approx(ref_second["latency_us"]["p99"], rel=0.03)
    assert second["completion_time_s"] == pytest.approx(ref_second["completion_time_s"], rel=0.005)
    assert first["latency_us"]["p99"] < 0.5 * ref_first["latency_us"]["p99"]    # DCQCN kept the first queue short


def test_incast_senders_may_sit_under_the_receivers_own_leaf():
    """16 servers under two leaves: 15 senders must include GPUs on the receiver's leaf; the closed form holds."""
    doc = generate("leaf-spine", gpus=64, gpus_per_server=4, backend="rocev2", frontend=False)
    d = run(doc, ["incast:15:2MB:dcqcn=off"]).data
    assert d["latency_us"]["p99"] * 1e-6 == pytest.approx(lossless_incast_p99_s(15, 2e6), rel=0.03)


def test_network_figures_count_only_bytes_that_crossed_a_nic_and_nvlink_is_reported_apart():
    doc = generate("fat-tree", gpus=128, backend="ib", frontend=False)
    d = run(doc, ["allreduce:256MiB"]).data
    nic_capacity_gbps = sum(link.speed_gbps for link in doc.links.values()
                            if link.plane == "backend" and _is_server_link(doc, link))
    assert 0 < d["goodput_gbps"] <= nic_capacity_gbps
    assert d["link_utilization"]["max"] <= 1.0 + 1e-9
    assert d["nvlink_bytes"] > 0 and d["network_bytes"] > 0
    # goodput is the network bytes over the run
    assert d["goodput_gbps"] == pytest.approx(d["network_bytes"] * 8 / 1e9 / d["completion_time_s"], rel=1e-6)
    # busbw keeps NCCL tests' definition: it may exceed one NIC, never the GPU's NICs plus its NVLink share
    assert d["busbw_gbps"] > 0


def _is_server_link(doc, link) -> bool:
    return any(doc.nodes[end.node].kind == "server" for end in (link.a, link.b))


def test_allreduce_names_the_algorithm_nccl_would_run():
    """NCCL's tuner keeps a ring for large messages on a few servers and takes its double binary tree where a ring's
    2(n-1) steps of latency outweigh the tree's lower bandwidth (32 servers, 64 MiB)."""
    small = generate("leaf-spine", gpus=64, backend="ib", frontend=False)
    big = generate("fat-tree", gpus=256, backend="ib", frontend=False)
    assert run(small, ["allreduce:1GiB"]).data["workloads"][0]["algorithm"] == "ring"
    assert run(big, ["allreduce:64MiB"]).data["workloads"][0]["algorithm"] == "tree"
    forced = run(small, ["allreduce:64MiB:algo=tree"]).data
    assert forced["workloads"][0]["algorithm"] == "tree"


def test_training_step_shows_the_pipeline_bubble_apart_and_mfu_is_an_outcome():
    doc = generate("fat-tree", gpus=128, backend="ib", frontend=False)
    w = run(doc, ["train:70b"]).data["workloads"][0]
    parts = ("compute_s", "bubble_s", "exposed_comm_s", "coordination_s")
    for part in parts:
        assert w[part] >= 0
    assert w["bubble_s"] > 0
    assert sum(w[p] for p in parts) == pytest.approx(w["step_time_s"], rel=1e-6)
    low = run(doc, ["train:70b:mfu=0.3"]).data["workloads"][0]
    assert low["mfu"] != pytest.approx(0.3)            # the input is kernel efficiency; MFU is what the step achieves
    assert low["mfu"] < w["mfu"]


def test_a_split_route_never_loses_bytes_at_a_node():
    """A node's out-splits always carry all its bytes on, even where every per-packet share was drawn to zero (a
    short flow on an adaptively routed 512-GPU fat tree once kept 3-9 KB per flow in the network for ever)."""
    from designer.sim.dynamics.links import _conserving

    sptr = np.array([0, 2, 4, 5, 5])                 # node 0: two edges, node 1: two, node 2: one, node 3: none
    split = np.array([0.0, 0.0, 0.3, 0.1, 0.0])
    out = _conserving(sptr, split)
    assert out.tolist() == pytest.approx([0.5, 0.5, 0.75, 0.25, 1.0])
    assert np.bincount(np.repeat(np.arange(4), np.diff(sptr)), weights=out, minlength=4).tolist() == \
        pytest.approx([1.0, 1.0, 1.0, 0.0])
