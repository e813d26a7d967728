"""Calibration scenarios: each pairs a published measurement with the way our engine or cost model produces it.

Every scenario names the design (a generated one, small where the published figure allows), the workload, the
published figure with its unit, tolerance and source (the publication, with its key in docs/references.md),
and a `compute` function that returns "ours". A scenario whose figure the product cannot express
has `compute=None` and says why in `note`. Nothing here is tuned to hit a target: the designs follow the
measured systems' hardware (400G NICs, NDR IB or 51.2T Ethernet, BF-3 NICs where ByteDance used them) and
the engine's default parameters.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

import numpy as np

from designer.model.document import FabricDocument
from designer.sim import SimOptions, run
from designer.topology import generate
from designer.topology.cost import cost_report

GB = 1e9  # NCCL reports busbw in GB/s (10^9 bytes): our *_gbps figures are divided by 8


@dataclass(frozen=True)
class Scenario:
    """One published figure and how we compute ours.

    `published` is a single value (within tolerance when |ours/published - 1| <= `tolerance`) or, with
    `band`, a published range (within when ours lies inside the range widened by `tolerance` of its edges).
    """

    name: str
    figure: str
    unit: str
    source: str
    compute: Callable[[], float] | None
    published: float | None = None
    band: tuple[float, float] | None = None
    tolerance: float = 0.1
    note: str = ""


# ---- designs ------------------------------------------------------------------------------------------------

@cache
def _design(kind: str, gpus: int, backend: str, nic: str | None = None, frontend: bool = False) -> FabricDocument:
    """A generated design; back-end only unless `frontend` (the simulated scenarios all run on the back-end)."""
    doc = generate(kind, gpus=gpus, backend=backend, frontend=frontend)
    if nic is not None:
        with doc.batch():
            for node in list(doc.nodes.values()):
                if node.kind == "server":
                    doc.update_node(node.id, nic_model=nic)
    return doc


def _leaf_of(doc: FabricDocument, server_id: str) -> str:
    for link in doc.links_of(server_id):
        other = link.b.node if link.a.node == server_id else link.a.node
        if doc.nodes[other].kind == "switch":
            return other
    raise ValueError(f"server {server_id} has no back-end switch")


def _server_pair(doc: FabricDocument, same_leaf: bool) -> tuple[str, str]:
    """The first server and another on the same leaf, or the last server (furthest away)."""
    servers = [n.id for n in doc.nodes.values() if n.kind == "server"]
    first = servers[0]
    if not same_leaf:
        return first, servers[-1]
    leaf = _leaf_of(doc, first)
    return first, next(s for s in servers[1:] if _leaf_of(doc, s) == leaf)


def _one_way_us(doc: FabricDocument, same_leaf: bool) -> float:
    """Median one-way latency of a 2-byte RDMA write (perftest ib_write_lat) between two servers."""
    a, b = _server_pair(doc, same_leaf)
    r = run(doc, [f"pingpong:2B:iters=5:a={a}:b={b}"], SimOptions(seed=1, ideal_pass=False))
    return float(r.data["latency_us"]["p50"])


def _busbw_GBps(doc: FabricDocument, spec: str, seed: int = 1, **options) -> float:
    r = run(doc, [spec], SimOptions(seed=seed, ideal_pass=False, **options))
    return float(r.data["busbw_gbps"]) * 1e9 / 8 / GB


# ---- latency ------------------------------------------------------------------------------------------------

def ib_write_lat_same_leaf() -> float:
    return _one_way_us(_design("leaf-spine", 64, "ib"), same_leaf=True)


def ib_write_lat_three_hops() -> float:
    return _one_way_us(_design("leaf-spine", 64, "ib"), same_leaf=False)


def ib_extra_hop() -> float:
    # leaf-spine-leaf has two switch hops more than one leaf
    return (ib_write_lat_three_hops() - ib_write_lat_same_leaf()) / 2.0


def roce_rtt_one_hop() -> float:
    # ByteDance's cluster uses BlueField-3 SuperNICs at 400G: the scenario uses the catalog's BF-3
    return 2.0 * _one_way_us(_design("leaf-spine", 64, "rocev2", nic="bf3"), same_leaf=True)


def roce_rtt_five_hops() -> float:
    # 3-tier Clos: leaf-spine-core-spine-leaf between servers in different pods
    return 2.0 * _one_way_us(_design("fat-tree-3", 256, "rocev2", nic="bf3"), same_leaf=False)


def ib_write_lat_p999_same_leaf() -> float:
    doc = _design("leaf-spine", 64, "ib")
    a, b = _server_pair(doc, True)
    r = run(doc, [f"pingpong:2B:iters=50:a={a}:b={b}"], SimOptions(seed=1, ideal_pass=False))
    return float(r.data["latency_us"]["p999"])


# ---- collectives --------------------------------------------------------------------------------------------

def allreduce_single_node() -> float:
    return _busbw_GBps(_design("leaf-spine", 8, "ib"), "allreduce:8GiB")


def allreduce_two_nodes_ib() -> float:
    return _busbw_GBps(_design("leaf-spine", 16, "ib"), "allreduce:8GiB")


ECMP_SEEDS = (1, 2, 3, 4)


def ecmp_vs_16qp_gain() -> float:
    """Mean over seeds (hash outcomes) of the AllReduce busbw gain of 16 QPs per connection over 1 QP."""
    doc = _design("leaf-spine", 1024, "rocev2")
    gains = [_busbw_GBps(doc, "allreduce:1GiB:qps=16", s) / _busbw_GBps(doc, "allreduce:1GiB:qps=1", s) - 1.0
             for s in ECMP_SEEDS]
    return 100.0 * float(np.mean(gains))


def _uplink_spread(spec: str, backend: str) -> float:
    """min / max of the bytes carried by the leaf-to-spine ports that carried traffic (1.0 = uniform)."""
    from designer.sim.api import build_plan
    from designer.sim.compile import compile_fabric
    from designer.sim.engine import Engine, RouteCache
    from designer.sim.rate_model import MaxMinRateModel
    from designer.sim.routing import Router
    from designer.sim.workload_spec import parse_workloads

    doc = _design("leaf-spine", 1024, backend)
    fab = compile_fabric(doc)
    plan = build_plan(parse_workloads([spec]), fab, 1)
    engine = Engine(fab, plan, MaxMinRateModel(fab), RouteCache(Router(fab, seed=1)))
    for _ in engine.run():
        pass
    roles = np.array([doc.nodes[n].role or "" for n in fab.node_ids])
    up = (roles[fab.port_src] == "leaf") & (roles[fab.port_dst] == "spine")
    carried = engine.totals.port_bytes[: len(up)][up]
    carried = carried[carried > 0]
    return float(carried.min() / carried.max())


def eecmp_uplink_spread() -> float:
    return _uplink_spread("allreduce:1GiB:qps=16", "rocev2")


def adaptive_routing_uplink_spread() -> float:
    return _uplink_spread("allreduce:1GiB:ar=on", "ib")


def ar_recovers_collision_pattern() -> float:
    doc = _design("leaf-spine", 128, "ib")
    r = run(doc, ["permutation:256MiB:ar=on"], SimOptions(seed=1))
    return float(r.data["throughput_fraction"])


def _flow_rate_fraction(spec: str) -> float:
    r = run(_design("leaf-spine", 128, "rocev2"), [spec], SimOptions(seed=1))
    return float(r.data["workloads"][0]["flow_rate_fraction"])


def spraying_effective_throughput() -> float:
    return _flow_rate_fraction("permutation:256MiB:spray=on")


def ecmp_effective_throughput() -> float:
    return _flow_rate_fraction("permutation:256MiB:qps=1")


# ConnectX firmware defaults [connectx-dcqcn] and ByteDance's tuned values (Barre ATC'25 Table 2, middle of each
# range) [barre], docs/references.md
DCQCN_DEFAULT = dict(rate_ai_mbps=5.0, rate_hai_mbps=50.0, rate_timer_us=300.0, min_dec_fac=0.5,
                     cnp_interval_us=4.0, rate_reduce_period_us=4.0)
DCQCN_TUNED = dict(rate_ai_mbps=14.0, rate_hai_mbps=50.0, rate_timer_us=60.0, min_dec_fac=0.89,
                   cnp_interval_us=1.0, rate_reduce_period_us=2.5)


def _dcqcn_design(values: dict) -> FabricDocument:
    doc = _design("leaf-spine", 128, "rocev2").copy()
    for seg in list(doc.segments.values()):
        doc.update_segment(seg.id, rocev2=dataclasses.replace(seg.rocev2, **values))
    return doc


def tuned_dcqcn_gain() -> float:
    spec = "allreduce:16GiB"
    return 100.0 * (_busbw_GBps(_dcqcn_design(DCQCN_TUNED), spec) / _busbw_GBps(_dcqcn_design(DCQCN_DEFAULT), spec)
                    - 1.0)


# ---- step time ----------------------------------------------------------------------------------------------

def _llama3_mfu(dp: int, tokens: int) -> float:
    """Llama 3 405B, TP8 x PP16, on a 1,024-GPU slice that keeps each GPU's work of the full run.

    At 8,192 GPUs (DP64, 16 Mi tokens) each replica runs 32 micro-batches of 8,192 tokens; DP8 with 2 Mi tokens
    gives every GPU the same compute, the same 32 micro-batches (same pipeline bubble), the same TP and PP traffic;
    the DP AllReduce moves 2(dp-1)/dp of the gradients (1.75 instead of 1.97 times), overlapped with backward.
    """
    doc = _design("leaf-spine", 1024, "rocev2")
    r = run(doc, [f"train:405b:tp=8:pp=16:dp={dp}:tokens={tokens}"], SimOptions(seed=1, ideal_pass=False))
    return 100.0 * float(r.data["mfu"])


def llama3_405b_mfu_8k() -> float:
    return _llama3_mfu(8, 2 * 2**20)      # 16 Mi tokens x 1,024 / 8,192


def llama3_405b_mfu_16k() -> float:
    return _llama3_mfu(8, 2**20)          # 16 Mi tokens x 1,024 / 16,384: 16 micro-batches per replica


# Mixtral 8x7B: 12.9e9 parameters active per token, 32 layers, hidden 4,096, top-2 routing over 8 experts
MIXTRAL_ACTIVE_PARAMS, MIXTRAL_LAYERS, MIXTRAL_HIDDEN, MIXTRAL_TOP_K, MIXTRAL_EXPERTS = 12.9e9, 32, 4096, 2, 8


def moe_alltoall_share() -> float:
    """Share of a Mixtral-8x7B iteration spent in expert-parallel AllToAll at 400G (not overlapped).

    Per token per MoE layer, dispatch + combine in forward and backward move 4 x top_k x hidden x 2 bytes
    (bf16) x (E-1)/E (standard expert-parallel volume); compute is 6 x active params FLOPs per token at the engine's
    default kernel efficiency (training.DEFAULT_MFU) on H100 BF16 peak. The AllToAll rate per GPU comes
    from simulating one 64 MiB-per-GPU AllToAll across 8 servers (EP across servers, PXN rail-aligned).
    Both terms scale with tokens, so the share does not depend on the batch.
    """
    from designer.sim.training import DEFAULT_MFU

    doc = _design("leaf-spine", 64, "rocev2")
    size = 64 * 2**20
    r = run(doc, [f"alltoall:{size}B"], SimOptions(seed=1, ideal_pass=False))
    a2a_Bps_per_gpu = size / float(r.data["completion_time_s"])
    bytes_per_token = (4 * MIXTRAL_TOP_K * MIXTRAL_HIDDEN * 2 * (MIXTRAL_EXPERTS - 1) / MIXTRAL_EXPERTS
                       * MIXTRAL_LAYERS)
    comm_s = bytes_per_token / a2a_Bps_per_gpu
    compute_s = 6 * MIXTRAL_ACTIVE_PARAMS / (989e12 * DEFAULT_MFU)
    return 100.0 * comm_s / (comm_s + compute_s)


# ---- cost ---------------------------------------------------------------------------------------------------

def _ib_cost():
    # "all-in" cost: the whole cluster as generated, Ethernet front-end and storage included
    doc = _design("fat-tree", 1024, "ib", frontend=True)
    return cost_report(doc, currency="USD"), doc.gpu_count()


def network_share_of_capex() -> float:
    rep, _ = _ib_cost()
    return 100.0 * rep.capex_network / rep.capex


def capex_per_gpu() -> float:
    rep, gpus = _ib_cost()
    return rep.capex / gpus


def cables_optics_per_gpu() -> float:
    rep, gpus = _ib_cost()
    return sum(i.total for i in rep.items if i.kind in ("cable", "optics")) / gpus


# ---- the table ----------------------------------------------------------------------------------------------

SCENARIOS: list[Scenario] = [
    Scenario("ib-write-lat-1-hop", "IB ib_write_lat 2 B, same leaf (one-way, typical)", "us",
             "UMD Zaratan per-link latency note (perftest, HDR CX-6) [zaratan-latency]", ib_write_lat_same_leaf,
             published=1.26, tolerance=0.05, note="64-GPU IB leaf-spine, pingpong 2 B between servers on one leaf"),
    Scenario("ib-write-lat-3-hops", "IB ib_write_lat 2 B, leaf-spine-leaf (one-way, median)", "us",
             "UMD Zaratan per-link latency note [zaratan-latency]", ib_write_lat_three_hops, published=1.70,
             tolerance=0.05, note="64-GPU IB leaf-spine, servers on different leaves"),
    Scenario("ib-extra-hop", "IB latency added per extra switch hop", "us",
             "UMD Zaratan note, 0.22-0.30 us decomposed [zaratan-latency]", ib_extra_hop, band=(0.22, 0.30),
             tolerance=0.0, note="(3-hop - 1-hop) / 2"),
    Scenario("ib-write-lat-p999", "IB ib_write_lat p99.9 on an idle fabric, same leaf", "us",
             "UMD Zaratan note [zaratan-latency]", ib_write_lat_p999_same_leaf, published=2.87, tolerance=0.25,
             note="Off: the engine has no host/NIC jitter model, so idle-fabric tails equal the median"),
    Scenario("roce-rtt-1-hop", "RoCEv2 400G base RTT, 1 switch hop", "us",
             "Barre, USENIX ATC'25 (ByteDance) [barre]", roce_rtt_one_hop, published=5.0, tolerance=0.2,
             note="64-GPU RoCEv2 leaf-spine with BF-3 NICs, 2 x one-way; the published RTT includes CC-probe "
                  "processing, hence 20 %"),
    Scenario("roce-rtt-5-hops", "RoCEv2 400G base RTT, 5 switch hops (3-tier Clos)", "us",
             "Barre, USENIX ATC'25 [barre]", roce_rtt_five_hops, published=15.0, tolerance=0.2,
             note="256-GPU 3-tier RoCEv2 fat tree with BF-3 NICs, servers in different pods"),
    Scenario("voq-rtt", "Deep-buffer VOQ fabric unloaded RTT", "us", "Meta SIGCOMM'24 [meta-roce]", None,
             published=22.0, note="not independent: the catalog's VOQ switch latency (ncp5300r, 3 us) was derived "
                                  "from this very figure, so a match would prove nothing"),
    Scenario("allreduce-1-node", "8xH100 single-node all_reduce busbw, ring (NVLS off)", "GB/s",
             "How to Scale Your Model, ~370 of 450 GB/s [scaling-book]", allreduce_single_node, published=370.0,
             tolerance=0.1, note="8-GPU server. Off: the engine runs NVLink at its full 450 GB/s payload rate; NCCL's "
                                 "ring realises ~82 % of it (copy/protocol overhead, not modelled) and NVLS is not "
                                 "modelled"),
    Scenario("allreduce-2-nodes-ib", "2-node H100 8x400G IB all_reduce busbw, 8 GiB", "GB/s",
             "provider acceptance guides (Crusoe/Saturn), ring ceiling ~390 [provider-nccl-acceptance]",
             allreduce_two_nodes_ib, band=(370.0, 450.0), tolerance=0.0,
             note="16-GPU IB leaf-spine, ring over 8 NIC channels"),
    Scenario("ecmp-vs-16qp", "AllReduce busbw gain, 16 QPs per connection (E-ECMP) over 1 QP", "%",
             "Gangidi et al., Meta SIGCOMM'24 [meta-roce]", ecmp_vs_16qp_gain, published=40.0,
             tolerance=0.25, note="1,024-GPU RoCEv2 leaf-spine 1:1, allreduce 1 GiB, mean over 4 hash seeds (+41 % to "
                                  "+83 % by seed). Off: one QP per ring channel on a 1:1 fabric collides more than "
                                  "Meta's baseline, which ran on over-provisioned (1:2) RTSW uplinks"),
    Scenario("eecmp-uplink-spread", "Leaf uplink utilisation spread under E-ECMP (min/max, 40-90 %)", "ratio",
             "Meta SIGCOMM'24 [meta-roce]", eecmp_uplink_spread, published=40.0 / 90.0, tolerance=0.35,
             note="1,024-GPU RoCEv2 leaf-spine, allreduce 1 GiB qps=16; min/max of bytes per busy leaf->spine port over"
                  " the run. Off: the extremes of 512 uplinks are wider than Meta's time-sampled 40-90 % range"),
    Scenario("ar-uplink-spread", "Leaf uplink utilisation spread with AR/TE (~80 % uniform)", "ratio",
             "Meta SIGCOMM'24, CTE [meta-roce]", adaptive_routing_uplink_spread, published=1.0,
             tolerance=0.1, note="1,024-GPU IB leaf-spine, allreduce 1 GiB with adaptive routing"),
    Scenario("ar-recovers", "AR recovers >= 80 % of uncongested throughput under spine collisions", "fraction",
             "public NDR acceptance test plan [ndr-acceptance]", ar_recovers_collision_pattern, band=(0.8, 1.0),
             tolerance=0.0, note="128-GPU IB leaf-spine, permutation 256 MiB with AR; throughput_fraction"),
    Scenario("spray-effective", "Effective throughput with per-packet spraying/AR (Spectrum-X)", "fraction",
             "NVIDIA Spectrum-X claim, marketing [spectrum-x]", spraying_effective_throughput,
             published=0.95, tolerance=0.1, note="128-GPU RoCEv2 leaf-spine, permutation with spray; "
                                                 "mean flow-rate fraction"),
    Scenario("ecmp-effective", "Effective throughput of standard Ethernet ECMP with collisions", "fraction",
             "NVIDIA Spectrum-X claim, marketing [spectrum-x]", ecmp_effective_throughput,
             published=0.60, tolerance=0.2, note="same, one QP per flow with ECMP. Off: ours depends on scale (0.81 at "
                                                 "128 GPUs, ~0.43 at 1,024); the claim names no scale"),
    Scenario("dcqcn-tuned", "AllReduce busbw gain, tuned over default DCQCN", "%",
             "Barre, USENIX ATC'25, 1,024 GPUs [barre]", tuned_dcqcn_gain, published=19.5,
             tolerance=0.5, note="128-GPU RoCEv2 leaf-spine, allreduce 16 GiB; ConnectX defaults vs ByteDance's tuned "
                                 "values. "
                                 "Off: the queue model runs each ring step from empty queues and line-rate "
                                 "senders; with the default 300 us timer and 5 Mb/s increase a cut flow cannot "
                                 "recover within one 16 MiB step (~0.3 ms), whereas NCCL streams and settles at "
                                 "the fair share Barre measured (197.7 of 400 Gb/s)"),
    Scenario("llama3-405b-8k", "Llama 3 405B MFU at 8,192 H100 (TP8 PP16 DP64, 16M tokens)", "%",
             "Grattafiori et al., Llama 3, Table 4 [llama3]", llama3_405b_mfu_8k, published=43.0,
             tolerance=0.1, note="1,024-GPU slice with the same work per GPU (DP8, 2 Mi tokens). Off: the engine models"
                                 " a 1F1B pipeline, bubble (pp-1)/m = 15/32; Llama 3 ran an interleaved schedule (depth"
                                 " not published)"),
    Scenario("llama3-405b-16k", "Llama 3 405B MFU at 16,384 H100 (DP128)", "%",
             "Llama 3, Table 4 [llama3]", llama3_405b_mfu_16k, published=41.0, tolerance=0.1,
             note="1,024-GPU slice (DP8, 1 Mi tokens), 16 micro-batches per replica as at 16K. Off: 1F1B bubble 15/16"),
    Scenario("megascale-175b", "MegaScale 175B MFU on 12,288 GPUs", "%", "MegaScale, NSDI'24 [megascale]", None,
             published=55.2, note="not expressed: MegaScale's parallel layout and overlap optimisations are not in "
                                  "the publication"),
    Scenario("moe-alltoall-share", "MoE EP AllToAll share of iteration, Mixtral 8x7B at 400G", "%",
             "MixNet, SIGCOMM'25 [mixnet]", moe_alltoall_share, band=(33.0, 55.0), tolerance=0.1,
             note="AllToAll rate from a 64-GPU RoCEv2 simulation, compute from 6 x active params"),
    Scenario("hpn-vs-dcn", "Alibaba HPN dual-plane vs 3-tier DCN+ AllReduce busbw", "%",
             "Qian et al., HPN SIGCOMM'24 [hpn]", None, published=59.3,
             note="not expressed: no generator for HPN's dual-ToR dual-plane or DCN+ layouts"),
    Scenario("cross-pod-oversubscription", "Cross-pod oversubscription (Meta 1:7, Alibaba 15:1)", "ratio",
             "Llama 3 §3.3.1 [llama3]; HPN [hpn]", None, published=7.0,
             note="a design ratio, not a measurement: the generators build it on request (--oversubscription) "
                  "and checks report it; there is no published throughput of cross-pod jobs to compare"),
    Scenario("network-share", "Network share of cluster capex (1K-16K GPUs)", "%",
             "Meta 24K BOM 23.9 %, consultants 10-15 % [network-cost-share]", network_share_of_capex, band=(10.0, 25.0),
             tolerance=0.0, note="1,024-GPU IB 2-tier fat tree with front-end, cost_report"),
    Scenario("capex-per-gpu", "All-in capex per H100 incl. IB fabric", "USD",
             "tech-talk-cto 'H100 Freakonomics' sheet [h100-freakonomics]", capex_per_gpu, band=(47000.0, 52000.0),
             tolerance=0.1, note="1,024-GPU IB 2-tier fat tree with front-end and storage; the sheet may count items "
                                 "outside our BOM"),
    Scenario("cables-optics-per-gpu", "IB cables + optics per GPU, 2-tier non-blocking", "USD",
             "tech-talk-cto sheet [h100-freakonomics]", cables_optics_per_gpu, published=2560.0, tolerance=0.25,
             note="1,024-GPU IB 2-tier fat tree with front-end. Off: the catalog cables leaf-spine with AOC "
                  "($1,100) and servers with DAC; the sheet prices transceivers at both ends and fibre"),
]
