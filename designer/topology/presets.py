"""Segment settings presets: what vendors and operators recommend for AI, and what an untuned fabric runs.

Which features a preset may use follows the segment's hardware in the catalog: packet spraying on RoCEv2 needs
switches with per-packet adaptive routing and NICs that place out-of-order packets; InfiniBand adaptive routing and
SHARP need switches that have them. The sources of every value are listed in docs/references.md under "Segment
settings"; the short names below refer to its entries.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from designer.catalog.loader import Catalog
from designer.model.document import FabricDocument
from designer.model.segments import IBSettings, RoCESettings, Segment

RECOMMENDED, PLAIN, CUSTOM = "recommended", "plain", "custom"

# Queue pairs per connection on ECMP fabrics: Meta's E-ECMP runs 16 flows per GPU pair for LLM training
# (Gangidi et al., SIGCOMM 2024; Llama 3 paper, section 3.3; docs/references.md [meta-roce]), +40 % AllReduce.
RECOMMENDED_QPS_ECMP = 16
# ECN for AI fabrics: the switch vendor's RoCE thresholds (150 KB / 1,500 KB, marking all at Kmax) taken as the
# values of a 400G port and scaled with each port's speed, as the HPCC / SimAI simulator configurations scale theirs
# (a threshold in bytes is a time at the line rate: the same time at every speed).
RECOMMENDED_ECN_AT_400G = (150.0, 1500.0, 1.0)
# DCQCN as its authors published it, for tests and studies of the mechanism (Zhu et al., SIGCOMM 2015: timer
# T = 55 us, byte counter B = 10 MB, F = 5 fast-recovery steps, alpha updated every K = 55 us with g = 1/256, at most
# one CNP per flow every 50 us, each CNP cutting at once (a reduction period of 0) with the target rate set to the
# current rate at every cut), with the increase step of 40 Mb/s at 40 Gb/s scaled to 400 Gb/s as the paper's fluid
# model scales it with the line rate (and hyper increase ten times that step).
def paper_dcqcn(s: RoCESettings) -> RoCESettings:
    return replace(s, dcqcn_g=1.0 / 256.0, alpha_update_us=55.0, rate_ai_mbps=400.0, rate_hai_mbps=4000.0,
                   rate_timer_us=55.0, byte_counter_kb=10000.0, fast_recovery_steps=5, min_dec_fac=0.5,
                   cnp_interval_us=50.0, rate_reduce_period_us=0.0, clamp_target_rate=True)
# ByteDance's tuning of the ConnectX defaults for 400G RoCE (Barre, USENIX ATC 2025, Table 2), the midpoint of each
# published range: the recommended preset's DCQCN (when it is turned on) and the "tuned" side of the validation of
# tuned against default DCQCN (designer/analysis/validation)
BYTEDANCE_TUNING: dict[str, Any] = {"cnp_interval_us": 1.0,          # min_time_between_cnps 0-2 us (default 4)
                    "min_dec_fac": 0.9,              # rpg_min_dec_fac 80-98 % (default 50)
                    "rate_reduce_period_us": 2.5,    # rate_reduce_monitor_period 1-4 us (default 4)
                    "rate_ai_mbps": 80.0 * 14.0 / 5.0,   # rpg_ai_rate 8-20 Mb/s (default 5): a 2.8 times larger step
                    "rate_timer_us": 60.0}           # rpg_time_reset 20-100 us (default 300)


@dataclass(frozen=True)
class SegmentHardware:
    """What the segment's catalog models can do (every switch and every NIC of the segment must have a feature)."""

    adaptive_routing: bool = False        # switches choose the least loaded port per packet
    sharp: bool = False                   # switches reduce in the network (InfiniBand SHARP)
    out_of_order: bool = False            # NICs place packets that arrive out of order (RoCEv2 spraying)
    selective_repeat: bool = False        # NICs resend only lost packets


def segment_hardware(doc: FabricDocument, seg: Segment, catalog: Catalog,
                     switch_models: dict[str, str] | None = None) -> SegmentHardware:
    """The features common to the segment's switches and NICs. `switch_models` maps node ids to the catalog
    model a run uses instead of the drawn one (a comparison running an IB drawing as RoCEv2)."""
    switch_models = switch_models or {}
    switches, nics = [], []
    for nid in seg.nodes:
        node = doc.nodes.get(nid)
        if node is None:
            continue
        if node.kind == "switch":
            model = catalog.switches.get(switch_models.get(nid, node.model))
            if model is not None:
                switches.append(model)
        elif node.kind == "server" and node.nic_model:
            nic = catalog.nics.get(node.nic_model)
            if nic is not None:
                nics.append(nic)
    return SegmentHardware(
        adaptive_routing=bool(switches) and all("adaptive-routing" in s.load_balancing or
                                                "cell-spraying" in s.load_balancing for s in switches),
        sharp=bool(switches) and all(bool(s.sharp) for s in switches),
        out_of_order=bool(nics) and all(n.out_of_order for n in nics),
        selective_repeat=bool(nics) and all(n.selective_repeat for n in nics),
    )


def plain_settings() -> tuple[IBSettings, RoCESettings]:
    """An untuned fabric: OpenSM defaults; one queue pair on ECMP with ConnectX firmware DCQCN and the switch
    vendor's default ECN (the dataclass defaults, documented beside each field)."""
    return IBSettings(), RoCESettings()


def recommended_settings(hw: SegmentHardware) -> tuple[IBSettings, RoCESettings]:
    """What the AI reference architectures and the large operators run, within what the hardware can do."""
    # Fat-tree routing and adaptive routing where the switches have it (NVIDIA's AI reference architectures). SHARP
    # stays off: it needs the aggregation manager beside the Subnet Manager and NCCL's SHARP plugin, which a fabric
    # does not run unless someone sets them up; turn it on in the segment where they do.
    ib = IBSettings(routing_engine="ftree", adaptive_routing=hw.adaptive_routing, sharp=False)
    kmin, kmax, pmax = RECOMMENDED_ECN_AT_400G
    spray = hw.adaptive_routing and hw.out_of_order
    roce = RoCESettings(
        # PFC alone keeps the class lossless: Meta runs its 400G RoCE training fabrics with DCQCN off, relying on
        # PFC and NCCL's receiver-driven admission (Gangidi et al., SIGCOMM 2024; the Llama 3 paper); where a user
        # turns DCQCN on (the segment's setting or a workload's dcqcn=on) it runs with ByteDance's published tuning
        # of the firmware defaults for 400G AI training (Barre, USENIX ATC 2025), the operator setting on record
        dcqcn=False, **BYTEDANCE_TUNING,
        kmin_kb=kmin, kmax_kb=kmax, pmax=pmax, ecn_reference_gbps=400.0,
        # load balancing: Spectrum-X sprays packets with adaptive routing and SuperNIC reordering (NVIDIA Spectrum-X
        # reference architecture); elsewhere queue-pair scaling gives ECMP the entropy it lacks (Meta E-ECMP)
        load_balancing="spray" if spray else "ecmp",
        qps=1 if spray else RECOMMENDED_QPS_ECMP,
        retransmission="selective" if hw.selective_repeat else "go-back-n",
    )
    return ib, roce


def preset_settings(preset: str, hw: SegmentHardware) -> tuple[IBSettings, RoCESettings] | None:
    """Both settings blocks of a preset for that hardware, or None for "custom" (the stored values)."""
    if preset == RECOMMENDED:
        return recommended_settings(hw)
    if preset == PLAIN:
        return plain_settings()
    return None


# settings that describe the site rather than tuning it: a preset keeps the segment's own (MTUs, failure recovery)
SITE_SETTINGS = {"ib": ("mtu_bytes", "self_healing", "sm_reroute_ms", "self_healing_us"),
                 "rocev2": ("mtu_bytes", "reconvergence_ms", "local_repair_ms")}


def keep_site_values(stored: Segment, ib: IBSettings, roce: RoCESettings) -> tuple[IBSettings, RoCESettings]:
    """A preset's blocks with the values that describe the site rather than tuning kept from the segment
    (`SITE_SETTINGS`), and PFC headroom sized for its cable lengths where that is more than the preset's."""
    ib = replace(ib, **{name: getattr(stored.ib, name) for name in SITE_SETTINGS["ib"]})
    roce = replace(roce, headroom_kb=max(roce.headroom_kb, stored.rocev2.headroom_kb),
                   **{name: getattr(stored.rocev2, name) for name in SITE_SETTINGS["rocev2"]})
    return ib, roce


def apply_preset(doc: FabricDocument, seg: Segment, preset: str, catalog: Catalog) -> Segment:
    """The segment with the preset's values written into its blocks (for display and saving); "custom" keeps them."""
    blocks = preset_settings(preset, segment_hardware(doc, seg, catalog))
    if blocks is None:
        return replace(seg, preset=CUSTOM)
    ib, roce = keep_site_values(seg, *blocks)
    return replace(seg, ib=ib, rocev2=roce, preset=preset)
