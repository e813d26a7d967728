"""Physics of the engine on small hand-built and generated fabrics: α–β ring AllReduce, per-hop
latency, ECMP collisions versus adaptive routing and spraying, oversubscription, training MFU."""

import numpy as np
import pytest

from designer.sim import SimOptions, run
from designer.sim.compile import NVLINK_LATENCY_NS
from designer.sim.framing import PROTO_IB, PROTO_ROCEV2, efficiency
from designer.topology import generate
from tests.factories import CAT, SERVER_CABLE_M, SPINE_CABLE_M, two_tier


def one_way_us(res) -> float:
    return res.data["latency_us"]["p50"]


def test_ring_allreduce_follows_alpha_beta_and_reaches_line_rate():
    doc = two_tier()
    size = 2**30
    res = run(doc, [f"allreduce:{size}B"])
    n = 32                                       # 4 servers x 8 GPUs
    nic_Bps = 400e9 / 8 * efficiency(PROTO_IB, 4096)
    bandwidth = 8 * nic_Bps                      # 8 rings, one per NIC, so 8 NICs' worth per GPU
    nic_ns = CAT.nic("cx7").latency_ns
    sw_ns = CAT.switch("qm9700").latency_ns
    # a step pays the ring's mean hop latency (designer/sim/step_latency.py): each channel's ring of 32 hops crosses
    # NVLink 28 times, a leaf twice (srv00 -> srv01, srv10 -> srv11: 2 NIC sides, 1 switch, 2 server cables) and
    # leaf-spine-leaf twice (srv01 -> srv10, srv11 -> srv00: 2 NIC sides, 3 switches, 2 server and 2 spine cables),
    # and each of its 4 hops between servers first crosses NVLink to the GPU whose NIC it leaves by (PXN)
    leaf_ns = 2 * nic_ns + sw_ns + 5.0 * 2 * SERVER_CABLE_M
    spine_ns = 2 * nic_ns + 3 * sw_ns + 5.0 * (2 * SERVER_CABLE_M + 2 * SPINE_CABLE_M)
    alpha = ((28 + 4) * NVLINK_LATENCY_NS + 2 * leaf_ns + 2 * spine_ns) / 32 * 1e-9
    # NCCL's per-step cost beyond the wire (its tuner, Simple protocol): 3.4 us for a step over NVLink, 3 x 1 us
    # network post overhead for a step between servers; 2(N-1)/(n-1) of the ring's steps cross servers (N = 4)
    steps = 2 * (n - 1)
    inter = 3 * steps // (n - 1)
    nccl_s = (inter * 3.0 + (steps - inter) * 3.4) * 1e-6
    expected = 2 * (n - 1) / n * size / bandwidth + steps * alpha + nccl_s
    assert res.completion_time_s == pytest.approx(expected, rel=1e-4)
    busbw_Bps = res.data["busbw_gbps"] * 1e9 / 8
    # NCCL tests' bus bandwidth: 2(n-1)/n of the size over the time; the per-step costs keep it below the NICs'
    assert busbw_Bps == pytest.approx(2 * (n - 1) / n * size / expected, rel=0.01)
    assert 0.9 * bandwidth < busbw_Bps <= bandwidth * 1.0001
    assert res.data["algbw_gbps"] == pytest.approx(size * 8 / 1e9 / res.completion_time_s)
    assert res.throughput_fraction == pytest.approx(1.0, abs=0.01)


@pytest.mark.slow
def test_sprayed_roce_ring_loses_only_framing_against_ib():
    size = 2**30                 # large enough that the per-step latency is a small share
    ib = run(two_tier(), [f"allreduce:{size}B"])
    roce = run(two_tier("sn5600", "rocev2"), [f"allreduce:{size}B:spray=on"])
    ratio = roce.data["busbw_gbps"] / ib.data["busbw_gbps"]
    # with one QP per ring hop, ECMP can hash several cross-leaf ring hops onto one uplink
    ecmp = run(two_tier("sn5600", "rocev2"), [f"allreduce:{size}B:spray=off:qps=1"])
    assert ecmp.data["busbw_gbps"] < roce.data["busbw_gbps"]
    # framing alone: 4096/(4096+82) vs 4096/(4096+26), slightly more from the longer α
    assert ratio < efficiency(PROTO_ROCEV2, 4096) / efficiency(PROTO_IB, 4096) + 1e-4
    assert ratio > 0.95


def test_pingpong_latency_per_hop_and_protocol_difference():
    doc = two_tier()
    same_leaf = run(doc, ["pingpong:8B:a=srv00:b=srv01"])
    cross = run(doc, ["pingpong:8B:a=srv00:b=srv10"])
    sw_ib = CAT.switch("qm9700").latency_ns
    extra_hops_ns = 2 * sw_ib + 2 * SPINE_CABLE_M * 5.0
    assert (one_way_us(cross) - one_way_us(same_leaf)) * 1e3 == pytest.approx(extra_hops_ns, abs=0.5)
    # measured: IB ~1.2-1.3 us through one switch, ~1.7 us through three (docs/references.md [zaratan-latency])
    assert 1.2 <= one_way_us(same_leaf) <= 1.3
    assert 1.6 <= one_way_us(cross) <= 1.85
    # RoCEv2 on the same drawing: each switch costs the Ethernet counterpart's latency instead
    sw_eth = CAT.switch("sn5600").latency_ns
    roce_same = run(doc, ["pingpong:8B:a=srv00:b=srv01"], SimOptions(backend="rocev2"))
    roce_cross = run(doc, ["pingpong:8B:a=srv00:b=srv10"], SimOptions(backend="rocev2"))
    assert (one_way_us(roce_same) - one_way_us(same_leaf)) * 1e3 == pytest.approx(sw_eth - sw_ib, abs=0.5)
    assert (one_way_us(roce_cross) - one_way_us(cross)) * 1e3 == pytest.approx(3 * (sw_eth - sw_ib), abs=0.5)
    # and a drawing built from Ethernet switches gives the same figure
    native = run(two_tier("sn5600", "rocev2"), ["pingpong:8B:a=srv00:b=srv10"])
    assert one_way_us(native) == pytest.approx(one_way_us(roce_cross), abs=1e-3)
    assert 1.8 <= one_way_us(roce_same) <= 2.5          # RoCE one switch ~1.8-2.5 us: half the RTT of [barre]


@pytest.fixture(scope="module")
def fat_tree_128():
    return {be: generate("fat-tree", gpus=128, backend=be, frontend=False, two_tiers=True) for be in ("ib", "rocev2")}


def test_permutation_ecmp_collisions_versus_adaptive_routing_and_spraying(fat_tree_128):
    ib, roce = fat_tree_128["ib"], fat_tree_128["rocev2"]
    ar = run(ib, ["permutation:64MiB:ar=on"])
    assert ar.throughput_fraction > 0.95
    ecmp = run(roce, ["permutation:64MiB:qps=1:spray=off"])
    frac = ecmp.throughput_fraction
    assert frac < 0.6                       # the most loaded link sets the completion time
    # the mean flow does much better than the last one, about two thirds: a collision slows only the flows that
    # share the link
    mean_flow = ecmp.data["workloads"][0]["flow_rate_fraction"]
    assert 0.55 < mean_flow < 0.95 and mean_flow > frac
    qps8 = run(roce, ["permutation:64MiB:qps=8:spray=off"])
    spray = run(roce, ["permutation:64MiB:spray=on"])
    assert frac < qps8.throughput_fraction < spray.throughput_fraction
    assert spray.throughput_fraction > 0.95
    # static IB routing (destination-based tables, AR off) also collides; more QPs do not help it
    static = run(ib, ["permutation:64MiB:ar=off"])
    static_qps = run(ib, ["permutation:64MiB:ar=off:qps=8"])
    assert static.throughput_fraction < 0.8
    assert static_qps.throughput_fraction == pytest.approx(static.throughput_fraction, rel=1e-6)


def test_permutation_collisions_average_over_seeds_about_two_thirds_on_many_flows():
    # a property of steady fair sharing, so measured with the max-min stage alone;
    # tests/test_sim_queues.py checks how PFC and DCQCN move it
    doc = generate("fat-tree", gpus=1024, backend="rocev2", frontend=False, preset="plain")   # one QP, ECMP
    fracs = [run(doc, ["permutation:16MiB"], SimOptions(seed=s, rate_model="maxmin")).data["workloads"][0]
             ["flow_rate_fraction"] for s in (1, 2)]
    assert 0.5 < float(np.mean(fracs)) < 0.8


def test_oversubscription_halves_cross_leaf_permutation():
    full = generate("fat-tree", gpus=256, backend="ib", frontend=False)
    half = generate("fat-tree", gpus=256, backend="ib", frontend=False, oversubscription=2.0)
    a = run(full, ["permutation:64MiB:ar=on"])
    b = run(half, ["permutation:64MiB:ar=on"])
    ratio = a.completion_time_s / b.completion_time_s
    # cross-leaf flows get half the uplink share; the flows that stay under their leaf (about an eighth
    # with eight leaves) do not, so the whole permutation slows by a little less than 2x
    assert 0.45 < ratio < 0.7
    # the most loaded leaf's uplinks are the bottleneck: full, in steady fair sharing (adaptive routing's
    # settling over the 2 x 8 parallel uplinks of these 32-NIC leaves leaves them a few per cent short)
    steady = run(half, ["permutation:64MiB:ar=on"], SimOptions(rate_model="maxmin"))
    assert steady.data["link_utilization"]["max"] == pytest.approx(1.0, abs=0.01)
    assert b.data["link_utilization"]["max"] > 0.9


@pytest.mark.slow
def test_train_70b_lands_in_published_mfu_band_and_suffers_from_a_weaker_backend():
    full = generate("fat-tree", gpus=256, backend="ib", frontend=False)    # 32 data-parallel replicas
    res = run(full, ["train:70b"])
    d = res.data
    assert 0.35 <= d["mfu"] <= 0.55               # dense 35-55 % (docs/references.md [llama3], [megascale])
    assert 0.5 < d["gpu_utilization"] <= 1.0
    assert d["step_time_s"] == pytest.approx(d["completion_time_s"])
    oversub = generate("fat-tree", gpus=256, backend="ib", frontend=False, oversubscription=4.0)
    worse = run(oversub, ["train:70b"]).data
    assert worse["gpu_utilization"] < d["gpu_utilization"]
    assert worse["step_time_s"] > 1.005 * d["step_time_s"]      # 4:1 uplinks slow the data-parallel AllReduce


@pytest.mark.slow
def test_same_seed_same_json_and_seed_matters_for_random_traffic(fat_tree_128):
    doc = fat_tree_128["rocev2"]

    def strip(res):
        out = res.to_dict()
        out.pop("sim_wall_time_s")
        return out

    a = run(doc, ["permutation:4MiB", "allreduce:16MiB:start=100us"], SimOptions(seed=7))
    b = run(doc, ["permutation:4MiB", "allreduce:16MiB:start=100us"], SimOptions(seed=7))
    assert strip(a) == strip(b)
    c = run(doc, ["permutation:4MiB:spray=off:qps=1"], SimOptions(seed=8))
    d = run(doc, ["permutation:4MiB:spray=off:qps=1"], SimOptions(seed=7))
    # another seed pairs other GPUs and hashes other paths: the flows' fates differ
    assert c.data["workloads"][0]["flow_rate_fraction"] != d.data["workloads"][0]["flow_rate_fraction"]


def test_concurrent_workloads_share_the_fabric(fat_tree_128):
    doc = fat_tree_128["ib"]
    real_only = SimOptions(ideal_pass=False)          # completion times only: no ideal fabric to compare with
    alone = run(doc, ["allreduce:256MiB"], real_only)
    shared = run(doc, ["allreduce:256MiB", "permutation:256MiB:ar=on"], real_only)
    ar_alone = alone.data["workloads"][0]["completion_time_s"]
    ar_shared = shared.data["workloads"][0]["completion_time_s"]
    assert ar_shared > 1.3 * ar_alone
    later = run(doc, ["allreduce:256MiB", "permutation:256MiB:ar=on:start=1s"], real_only)
    assert later.data["workloads"][0]["completion_time_s"] == pytest.approx(ar_alone, rel=1e-9)
    assert later.data["workloads"][1]["start_s"] == pytest.approx(1.0)


def test_incast_is_bounded_by_the_receiver_link(fat_tree_128):
    doc = fat_tree_128["ib"]
    res = run(doc, ["incast:8:64MiB"])
    rx_Bps = 400e9 / 8 * efficiency(PROTO_IB, 4096)
    assert res.completion_time_s == pytest.approx(8 * 64 * 2**20 / rx_Bps, rel=0.01)
    assert res.data["link_utilization"]["max"] == pytest.approx(1.0, abs=0.01)


def test_pipeline_pace_is_each_flows_bytes_over_the_busiest_ports_time():
    """Two ports of 10 B/s; flows of 10, 10 and 30 B, the middle one split over both: port 1 carries 5 + 30 = 35 B,
    the busiest, so the pipeline takes 3.5 s and each flow runs at no more than its bytes / 3.5 s."""
    import scipy.sparse as sp

    from designer.sim.pipeline import pipeline_pace_Bps
    route = sp.csr_matrix(np.array([[1.0, 0.5, 0.0], [0.0, 0.5, 1.0]]))
    pace = pipeline_pace_Bps(route, np.array([10.0, 10.0, 30.0]), np.array([10.0, 10.0]))
    assert np.allclose(pace, [10 / 3.5, 10 / 3.5, 30 / 3.5])


def test_pipelined_tree_on_the_queues_runs_at_its_busiest_link():
    """NCCL's tree is a self-clocked pipeline: on 4 servers its lightly loaded ranks (the trees' roots) must not
    overrun their neighbours' links, so the queue model ends where max-min sharing does, with no credit stalls
    (a greedy model took 34 % longer here, its extra bytes blocking other stages behind full buffers)."""
    doc = generate("fat-tree", gpus=32, backend="ib", frontend=False, two_tiers=True)
    queues = run(doc, ["allreduce:64MiB:algo=tree"]).data
    fair = run(doc, ["allreduce:64MiB:algo=tree"], SimOptions(rate_model="maxmin")).data
    assert queues["workloads"][0]["algorithm"] == "tree"
    assert queues["completion_time_s"] <= fair["completion_time_s"] * 1.05   # steps and latency: 2 % measured
    assert queues["credit_stall_fraction"] < 0.01


def test_spectrum_x_pairing_sprays_a_permutation_as_fast_as_infiniband_and_plain_ecmp_collides():
    """SN5600 switches with BlueField-3 SuperNICs (`nic_model="bf3"`, NVIDIA's Spectrum-X pairing): the recommended
    preset sprays, and a permutation runs within 25 % of InfiniBand's adaptive routing on the same fabric size; the
    plain preset (one queue pair, ECMP, firmware DCQCN) shows what hashing collisions cost."""
    spectrum_x = generate("fat-tree", gpus=128, backend="rocev2", frontend=False, two_tiers=True, nic_model="bf3")
    ib = generate("fat-tree", gpus=128, backend="ib", frontend=False, two_tiers=True)
    assert {n.nic_model for n in spectrum_x.nodes.values() if n.kind == "server"} == {"bf3"}
    assert spectrum_x.segments["backend"].rocev2.load_balancing == "spray"
    work = ["permutation:64MiB"]
    sprayed, adaptive = run(spectrum_x, work).data, run(ib, work).data
    plain = run(spectrum_x, work, SimOptions(preset="plain")).data
    assert sprayed["completion_time_s"] <= 1.25 * adaptive["completion_time_s"]
    assert plain["completion_time_s"] > 2.0 * sprayed["completion_time_s"]
    assert sprayed["preset"] == "recommended" and plain["preset"] == "plain"
