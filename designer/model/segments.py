"""Back-end segments: a set of nodes that run one protocol, with that protocol's settings.

A segment's settings come from a preset or from the user:
- ``recommended``: what the vendors' AI reference architectures and the large operators run (InfiniBand with fat-tree
  routing and adaptive routing where the switches have it; RoCEv2 with packet spraying where switches and NICs support
  it, or sixteen queue pairs per connection on ECMP fabrics, lossless by PFC with DCQCN off as Meta runs it at 400G,
  and DCQCN tuned for 400G where it is turned on). The default of new and generated designs.
- ``plain``: the defaults a fabric has before anyone tunes it (OpenSM min-hop routing without adaptive routing; one
  queue pair per connection on ECMP, ConnectX firmware DCQCN, the switch vendor's default ECN thresholds).
- ``custom``: the values stored with the segment, as the user set them.
The values of both presets, and the hardware features they depend on, live in `designer.topology.presets`; the
dataclass defaults below are the plain values. Every figure's source is in docs/references.md (section "Segment
settings").
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields

PROTOCOLS = ("ib", "rocev2")
IB_ROUTING_ENGINES = ("minhop", "updn", "ftree")
LOAD_BALANCING = ("ecmp", "spray")
RETRANSMISSION = ("go-back-n", "selective")
PRESETS = ("recommended", "plain", "custom")
SETTING_CHOICES = {
    "routing_engine": IB_ROUTING_ENGINES,
    "load_balancing": LOAD_BALANCING,
    "retransmission": RETRANSMISSION,
}


@dataclass
class IBSettings:
    """InfiniBand segment: Subnet-Manager routing and link-level credit flow control."""

    routing_engine: str = "minhop"         # OpenSM's default routing engine (opensm man page)
    adaptive_routing: bool = False         # off unless configured (OpenSM); Quantum switches support it
    sharp: bool = False                    # in-network reduction (SHARP) for AllReduce where the switches have it
    virtual_lanes: int = 4                 # ConnectX default NUM_OF_VL = 4 (mlxconfig)
    credit_buffer_kb: float = 256.0        # receive buffer per port per VL advertised as credits [E]
    mtu_bytes: int = 4096
    # Recovery from a failed link or switch. Without self-healing the Subnet Manager sweeps and uploads new
    # forwarding tables: "as long as 10-20 seconds" on very large fabrics (Mellanox, SHIELD launch, 2017);
    # 5 s is taken for a cluster of a few thousand endpoints [E]. SHIELD (fast link fault recovery: the switch
    # picks another output port without the SM) is enabled by default in opensm.conf (NVIDIA IB cluster
    # bring-up guide) and is claimed 5,000x faster: 5 s / 5,000 = 1 ms [E from the vendor's ratio].
    self_healing: bool = True
    sm_reroute_ms: float = 5000.0
    self_healing_us: float = 1000.0


@dataclass
class RoCESettings:
    """RoCEv2 segment: PFC lossless class, ECN marking (RED), DCQCN at the sender, load balancing, loss recovery.

    Defaults are the plain preset: the switch vendor's ECN defaults and ConnectX-like DCQCN (docs/references.md)."""

    pfc: bool = True
    xoff_kb: float = 4096.0                # ingress occupancy that sends PAUSE; above Kmax so that ECN acts
    xon_kb: float = 3072.0                 # first (ECN Kmin well below PFC Xoff) [E]
    headroom_kb: float = 118.0             # 400G, 100 m fibre, 9 KB MTU (IEEE 802.1Qbb buffer model)
    ecn: bool = True
    kmin_kb: float = 150.0                 # NVIDIA Spectrum switches' RoCE default: ECN from 150 KB to 1,500 KB
    kmax_kb: float = 1500.0
    pmax: float = 1.0                      # marking probability at Kmax (the same default: 100 %)
    ecn_reference_gbps: float = 0.0        # > 0: Kmin/Kmax are for ports of this speed and scale with port speed
    dcqcn: bool = True
    # Reaction point: the ConnectX firmware's DCQCN (its configuration parameters and defaults, docs/references.md
    # [connectx-dcqcn]): alpha updated every microsecond (DCE_TCP_RTT 1) with the new sample weighted
    # DCE_TCP_G / 1024 = 1019 / 1024, a cut at most every 4 us at the start of the reduction period after a CNP;
    # timer-paced increases (no byte counter) with steps scaled with the line rate from 5 and 50 Mb/s per 25 Gb/s,
    # as the HPCC simulator's published configuration (used by SimAI too) scales them (its floor of 1 Gb/s is not
    # taken: see min_rate_mbps).
    # The CNP pacing is the NIC firmware's MIN_TIME_BETWEEN_CNPS. Rate steps are for 400G ports and scale with the
    # sender's line rate (designer/sim/dynamics/dcqcn.py).
    dcqcn_g: float = 1019.0 / 1024.0       # alpha gain g: weight of the latest period's CNP (DCE_TCP_G 1019)
    alpha_update_us: float = 1.0           # alpha is updated every microsecond (DCE_TCP_RTT)
    rate_ai_mbps: float = 80.0             # additive increase R_AI at 400G (5 Mb/s per 25 Gb/s)
    rate_hai_mbps: float = 800.0           # hyper increase R_HAI at 400G (50 Mb/s per 25 Gb/s)
    rate_timer_us: float = 300.0           # T: rate-increase timer (RPG_TIME_RESET)
    byte_counter_kb: float = 0.0           # B: byte counter (0: off, the timer alone paces increases)
    fast_recovery_steps: int = 1           # F (RPG_THRESHOLD)
    min_dec_fac: float = 0.5               # RPG_MIN_DEC_FAC: a cut keeps at least half the rate (firmware default)
    clamp_target_rate: bool = False        # CLAMP_TGT_RATE: target follows every cut (else only after a timer increase)
    cnp_interval_us: float = 4.0           # MIN_TIME_BETWEEN_CNPS at the notification point
    rate_reduce_period_us: float = 4.0     # cut at most once per period (RATE_REDUCE_MONITOR_PERIOD)
    # floor of the sending rate: the firmware's rpg_min_rate, 1 Mb/s [connectx-dcqcn] (the HPCC simulator's 1 Gb/s
    # floor held 31 senders of 16 queue pairs above a 400G port's rate, so their queue never drained)
    min_rate_mbps: float = 1.0
    qps: int = 1                           # queue pairs per connection (NCCL_IB_QPS_PER_CONNECTION default 1)
    load_balancing: str = "ecmp"           # ecmp | spray
    retransmission: str = "go-back-n"      # RoCE NICs without selective repeat resend everything after a loss
    retransmit_timeout_us: float = 320.0   # tail-loss timeout: IRN's RTO_high (Mittal et al., SIGCOMM 2018)
    mtu_bytes: int = 4096
    # Time from a link or switch failure until ECMP groups exclude it everywhere: the neighbour sees loss
    # of signal at once (hardware next-hop removal is sub-microsecond on Tomahawk 5,
    # docs/references.md [broadcom-switching]), and where every neighbour keeps another way it alone repairs the
    # failure (`local_repair_ms`, designer/sim/local_repair.py); otherwise the routing protocol (BGP withdraw, BFD
    # 3 x 50 ms where the link stays up) must reach every switch that hashes onto the dead path: 200 ms [E]. Flows
    # hashed onto the dead path stall until then.
    reconvergence_ms: float = 200.0
    # How long the switches beside a failure take to drop it from their ECMP groups where each keeps another way:
    # the port's link-down detection and the switch software's update of the group; the hardware's removal of a
    # next hop is under a microsecond [broadcom-switching]. 1 ms [E], the allowance InfiniBand's SHIELD local
    # reroute gets (IBSettings.self_healing_us).
    local_repair_ms: float = 1.0


@dataclass
class Segment:
    """A named set of nodes on the back-end that runs one protocol.

    Both settings blocks are kept so that switching the protocol (or comparing IB with RoCEv2 on
    the same drawing) never loses the user's tuning of the other one. With `preset` "recommended" or
    "plain" the run uses that preset's values for the segment's hardware (the blocks then show them);
    "custom" runs the blocks as stored.
    """

    id: str
    name: str
    protocol: str = "rocev2"
    nodes: list[str] = field(default_factory=list)
    ib: IBSettings = field(default_factory=IBSettings)
    rocev2: RoCESettings = field(default_factory=RoCESettings)
    preset: str = "custom"

    @property
    def settings(self) -> IBSettings | RoCESettings:
        return self.ib if self.protocol == "ib" else self.rocev2


def settings_fields(cls: type) -> dict[str, type]:
    """Field name -> Python type of a settings dataclass (for validation and the inspector)."""
    types = {"bool": bool, "int": int, "float": float, "str": str}
    return {f.name: types[f.type] if isinstance(f.type, str) else f.type for f in fields(cls)}
