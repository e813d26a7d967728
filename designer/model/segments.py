"""Back-end segments: a set of nodes that run one protocol, with that protocol's settings.

Defaults come from the published reference figures (docs/references.md [dcqcn] [connectx-dcqcn]): the DCQCN paper's
reaction-point timing (Zhu et al., SIGCOMM'15) with ConnectX bounds, ECN thresholds of the HPCC/SimAI
ns-3 lineage at 400G, PFC headroom from the IEEE 802.1Qbb buffer model, IB credits in 64-byte blocks
per virtual lane. Figures marked [E] are estimates, with their basis beside them.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields

PROTOCOLS = ("ib", "rocev2")
IB_ROUTING_ENGINES = ("minhop", "updn", "ftree")
LOAD_BALANCING = ("ecmp", "spray")


@dataclass
class IBSettings:
    """InfiniBand segment: Subnet-Manager routing and link-level credit flow control."""

    routing_engine: str = "ftree"          # OpenSM engines: minhop, updn, ftree
    adaptive_routing: bool = False         # OpenSM default is off; Quantum switches support it
    virtual_lanes: int = 4                 # ConnectX default NUM_OF_VL = 4 [M mlxconfig]
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
    """RoCEv2 segment: PFC lossless class, ECN marking (RED) and DCQCN at the sender."""

    pfc: bool = True
    xoff_kb: float = 4096.0                # ingress occupancy that sends PAUSE; above Kmax so that ECN acts
    xon_kb: float = 3072.0                 # first ("ECN Kmin well below PFC Xoff", §5.3) [E]
    headroom_kb: float = 118.0             # 400G, 100 m fibre, 9 KB MTU worked example (§5.3)
    ecn: bool = True
    kmin_kb: float = 800.0                 # HPCC/SimAI ns-3 defaults at 400G (§5.2)
    kmax_kb: float = 3200.0
    pmax: float = 0.2
    dcqcn: bool = True
    # Reaction point: the DCQCN paper's timing (§5.1); increase steps scaled with line rate from the paper's
    # 40 Mb/s at 40 GbE (0.1 % of line rate; hyper increase 10x) to 400G [E].
    dcqcn_g: float = 1.0 / 256.0           # alpha EWMA gain g
    alpha_update_us: float = 55.0          # K: alpha decays after K without a CNP
    rate_ai_mbps: float = 400.0            # additive increase R_AI
    rate_hai_mbps: float = 4000.0          # hyper increase R_HAI
    rate_timer_us: float = 55.0            # T: rate-increase timer
    byte_counter_kb: float = 10000.0       # B: 10 MB byte counter
    fast_recovery_steps: int = 5           # F
    min_dec_fac: float = 0.5               # RPG_MIN_DEC_FAC: a CNP cuts the rate to no less than half
    cnp_interval_us: float = 50.0          # N: at most one CNP per flow per 50 us
    rate_reduce_period_us: float = 50.0    # at most one cut per period
    min_rate_mbps: float = 1.0             # RPG_MIN_RATE
    qps: int = 1                           # queue pairs per connection
    load_balancing: str = "ecmp"           # ecmp | spray
    mtu_bytes: int = 4096
    # Time from a link or switch failure until ECMP groups exclude it everywhere: the neighbour sees loss
    # of signal at once (hardware next-hop removal is sub-microsecond on Tomahawk 5,
    # docs/references.md [broadcom-switching]),
    # but the routing protocol (BGP withdraw, BFD 3 x 50 ms where the link stays up) must reach every switch
    # that hashes onto the dead path: 200 ms [E]. Flows hashed onto the dead path stall until then.
    reconvergence_ms: float = 200.0


@dataclass
class Segment:
    """A named set of nodes on the back-end that runs one protocol.

    Both settings blocks are kept so that switching the protocol (or comparing IB with RoCEv2 on
    the same drawing) never loses the user's tuning of the other one.
    """

    id: str
    name: str
    protocol: str = "rocev2"
    nodes: list[str] = field(default_factory=list)
    ib: IBSettings = field(default_factory=IBSettings)
    rocev2: RoCESettings = field(default_factory=RoCESettings)

    @property
    def settings(self) -> IBSettings | RoCESettings:
        return self.ib if self.protocol == "ib" else self.rocev2


def settings_fields(cls: type) -> dict[str, type]:
    """Field name -> Python type of a settings dataclass (for validation and the inspector)."""
    types = {"bool": bool, "int": int, "float": float, "str": str}
    return {f.name: types[f.type] if isinstance(f.type, str) else f.type for f in fields(cls)}
