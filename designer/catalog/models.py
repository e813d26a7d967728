"""Hardware model records as loaded from resources/catalog/ (figures, source, provenance)."""

from __future__ import annotations

from dataclasses import dataclass, field

# back-end protocol -> the catalog protocols of the switches and NICs that run it (ConnectX VPI cards run both)
SPEAKS: dict[str, tuple[str, ...]] = {"ib": ("ib", "vpi"), "rocev2": ("ethernet", "vpi")}


@dataclass(frozen=True)
class Sourced:
    """Every catalog entry names its source and the class of each figure (V, V*, P, M, S, E)."""

    source: str = ""
    provenance: dict[str, str] = field(default_factory=dict, hash=False, compare=False)
    notes: str = ""


@dataclass(frozen=True)
class SwitchModel(Sourced):
    id: str = ""
    vendor: str = ""
    model: str = ""
    protocol: str = "ethernet"        # ib | ethernet
    ports: int = 0
    port_gbps: float = 0.0
    breakouts: tuple[int, ...] = (1,)  # a port may be split into this many slower ports
    latency_ns: float = 0.0           # port-to-port, unloaded
    cut_through: bool = True
    buffer_mb: float | None = None
    power_w: float = 0.0
    price_usd: float = 0.0
    rack_units: int = 1
    roles: tuple[str, ...] = ("leaf", "spine", "core")
    generation: str = ""
    # load-balancing features beyond ECMP: "adaptive-routing" (per-packet choice of the least loaded port; on
    # Ethernet it needs NICs that place packets out of order), "dlb" (flowlet dynamic load balancing),
    # "cell-spraying" (a scheduled cell fabric)
    load_balancing: tuple[str, ...] = ()
    sharp: str = ""                   # in-network reduction generation (InfiniBand SHARP), "" without
    # Front panel: `cages` pluggable cages of `lanes_per_cage` electrical lanes of `lane_gbps` each, in the
    # form `cage_form` (see designer/topology/physical/forms.py). 0 = one cage per port at the port's speed.
    cages: int = 0
    cage_form: str = ""
    lanes_per_cage: int = 0
    lane_gbps: float = 0.0
    mgmt_ports: int = 1               # out-of-band management (RJ45) ports
    # speeds a native port carries a link at, where the catalog states them (an InfiniBand port trains to the far
    # end's speed: a Quantum-2 port links at 40, 56, 100, 200 or 400 Gb/s); () = the port's speed, half and quarter
    link_speeds_gbps: tuple[float, ...] = ()

    def speeds_gbps(self) -> list[float]:
        """Port speeds this switch can run, fastest first (a split port runs at speed/breakout)."""
        return [self.port_gbps / b for b in self.breakouts]

    def breakout_for(self, speed_gbps: float) -> int | None:
        for b in self.breakouts:
            if abs(self.port_gbps / b - speed_gbps) < 1e-6:
                return b
        return None

    def links_at(self, port_gbps: float) -> tuple[float, ...]:
        """The speeds a port of `port_gbps` of this model carries a link at: the catalog's `link_speeds_gbps` for a
        native port where it states them, else the port's speed, its half and its quarter (lane-rate fallback)."""
        if self.link_speeds_gbps and abs(port_gbps - self.port_gbps) < 1e-6:
            return self.link_speeds_gbps
        return fallback_speeds_gbps(port_gbps)


SPEED_DIVISORS = (1, 2, 4)     # a port of speed S runs S, S/2 or S/4 (lane-rate fallback, e.g. 400G -> 200G / 100G)


def fallback_speeds_gbps(port_gbps: float) -> tuple[float, ...]:
    """The speeds a port whose model states none carries a link at: S, S/2 and S/4."""
    return tuple(port_gbps / d for d in SPEED_DIVISORS)


@dataclass(frozen=True)
class GPUModel(Sourced):
    id: str = ""
    model: str = ""
    bf16_tflops: float = 0.0
    memory_gb: float = 0.0
    hbm_tbps: float = 0.0             # memory bandwidth per GPU, TB/s (0: not stated)
    power_w: float = 0.0


@dataclass(frozen=True)
class ServerModel(Sourced):
    id: str = ""
    vendor: str = ""
    model: str = ""
    gpus: int = 8
    gpu_model: str = "H100"
    nic_model: str = ""               # the back-end NIC it ships with ("" = the design's default, ConnectX-7)
    backend_nics: int = 8
    backend_nic_gbps: float = 400.0
    frontend_nics: int = 2
    frontend_nic_gbps: float = 100.0
    nvlink_gbps: float = 3600.0       # per GPU per direction
    power_w: float = 0.0
    price_usd: float = 0.0            # without back-end NICs (priced from the NIC model)
    rack_units: int = 8
    mgmt_ports: int = 1               # BMC
    # A rack-scale NVLink domain (GB200 / GB300 NVL72) is one node whose GPUs share NVLink through switch trays:
    # `compute_trays` GPU trays and `nvlink_switch_trays` NVLink switch trays (0 on an ordinary server chassis).
    compute_trays: int = 0
    nvlink_switch_trays: int = 0
    nvlink_sharp: bool = False        # the NVLink switches reduce in the network (NVLink SHARP, "NVLS")

    @property
    def domain_gpus(self) -> int:
        """GPUs of one scale-up (NVLink) domain: every GPU of the node, 8 on an HGX server, 72 in an NVL72 rack."""
        return self.gpus

    @property
    def rack_scale(self) -> bool:
        """Whether the node is a whole rack of trays (an NVL72 class domain) rather than one server chassis."""
        return self.compute_trays > 0


@dataclass(frozen=True)
class NICModel(Sourced):
    id: str = ""
    vendor: str = ""
    model: str = ""
    protocol: str = "vpi"             # ib | ethernet | vpi
    port_gbps: float = 400.0
    latency_ns: float = 600.0         # NIC + host stack, per side
    power_w: float = 0.0
    price_usd: float = 0.0
    out_of_order: bool = False        # places RoCE packets that arrive out of order (needed for packet spraying)
    selective_repeat: bool = False    # resends only lost packets (else go-back-N)
    ports: int = 1                    # network ports on one card
    form: str = "osfp4"               # cage form of each port (designer/topology/physical/forms.py)
    # the plane counts one port runs as natively, each plane port on a switch of its own (a ConnectX-8 800G port as
    # 2 x 400G or 4 x 200G); () = a port reaches one switch, so a multi-plane server needs a port per plane
    plane_splits: tuple[int, ...] = ()
    # electrical lane rate of a port's cage where the port runs fewer lanes than the cage has (a QSFP112 cage of
    # 4 x 100G-PAM4 lanes runs 200G on two of them, and takes 100G-PAM4 modules); 0 = the port's speed over its lanes
    lane_gbps: float = 0.0


@dataclass(frozen=True)
class GatewayModel(Sourced):
    id: str = ""
    vendor: str = ""
    model: str = ""
    ib_ports: int = 8
    eth_ports: int = 8
    port_gbps: float = 400.0
    latency_ns: float = 1000.0
    power_w: float = 0.0
    price_usd: float = 0.0
    rack_units: int = 2
    mgmt_ports: int = 1
    # site-edge equipment of multi-site designs (designer/model/sites.py): "dci-router" (a deep-buffer Ethernet
    # router or switch) or "ib-long-haul" (an InfiniBand long-haul appliance of the MetroX class); "" otherwise
    long_haul: str = ""
    long_haul_ports: int = 0          # line-side ports toward the other site
    long_haul_gbps: float = 0.0
    max_reach_km: float = 0.0        # the span it is made for (0: set by the optics alone)
    buffer_mb: float | None = None   # packet buffer (deep-buffer routers: HBM)


@dataclass(frozen=True)
class LongHaulOpticsModel(Sourced):
    """A line-side optical module of a long-haul link (coherent 400ZR/800ZR, ZR+), one at each end of a link."""

    id: str = ""
    vendor: str = ""
    model: str = ""
    part_number: str = ""
    form: str = "qsfp-dd"
    line_gbps: float = 400.0
    max_reach_km: float = 120.0
    power_w: float = 0.0
    price_usd: float = 0.0


@dataclass(frozen=True)
class StorageModel(Sourced):
    id: str = ""
    vendor: str = ""
    model: str = ""
    frontend_nics: int = 2
    frontend_nic_gbps: float = 100.0
    capacity_tb: float = 0.0
    power_w: float = 0.0
    price_usd: float = 0.0
    throughput_gbps: float = 0.0      # sustained read bandwidth the node serves
    rack_units: int = 2
    mgmt_ports: int = 1


@dataclass(frozen=True)
class CableModel(Sourced):
    """A cable one buys: copper (DAC, ACC), active optical (AOC), fibre, or management copper (RJ45).

    A splitter has `legs` > 1: one head of form `head_form` and `legs` ends of form `leg_form`, each leg
    running `speed_gbps`. Fibre is priced `price_usd` plus `price_per_m_usd` per metre of the length ordered.
    A head made for a cage faster than its legs carry (`head_gbps` above legs x speed) runs the cage's ports below
    their speed, at `speed_gbps` or at one of `leg_speeds_gbps`: NVIDIA's MCP7Y60 has a twin-port OSFP head for a
    Quantum-2 cage and two QSFP56 legs at HDR 200G, or at EDR 100G in QSFP28 ports.
    """

    id: str = ""
    model: str = ""
    vendor: str = ""
    part_number: str = ""
    type: str = "dac"                 # dac | acc | aoc | fibre | rj45
    speed_gbps: float = 400.0         # per leg
    legs: int = 1
    head_form: str = ""
    leg_form: str = ""
    fibre: str = ""                   # fibre parts: smf | mmf
    connector: str = ""               # fibre parts: mpo12-apc | mpo12-upc | lc
    min_reach_m: float = 0.0
    max_reach_m: float = 3.0
    lengths_m: tuple[float, ...] = () # orderable lengths (fibre: any whole metre when empty)
    price_usd: float = 0.0            # per cable (fibre: the connectors)
    price_per_m_usd: float = 0.0
    power_w: float = 0.0              # per cable, both ends
    head_gbps: float = 0.0            # the rate of the cage its head is made for; 0: legs x speed_gbps
    leg_speeds_gbps: tuple[float, ...] = ()   # slower rates its legs also run (down-rate heads only)

    @property
    def head_rate_gbps(self) -> float:
        return self.head_gbps or self.speed_gbps * self.legs

    @property
    def down_rate(self) -> bool:
        """Whether its head runs the cage's ports below their speed (made for a cage faster than its legs)."""
        return self.head_rate_gbps > self.speed_gbps * self.legs + 1e-6

    def leg_rates_gbps(self) -> tuple[float, ...]:
        return (self.speed_gbps, *self.leg_speeds_gbps)


@dataclass(frozen=True)
class TransceiverModel(Sourced):
    """A pluggable optical module: `engines` optical engines of `engine_gbps`, each behind one connector."""

    id: str = ""
    model: str = ""
    vendor: str = ""
    part_number: str = ""
    form: str = "osfp8"
    engines: int = 1
    engine_gbps: float = 400.0
    fibre: str = "smf"                # smf | mmf
    connector: str = "mpo12-apc"
    max_reach_m: float = 100.0
    power_w: float = 0.0
    price_usd: float = 0.0


@dataclass(frozen=True)
class PartModel(Sourced):
    """Anything else a build needs: racks, PDUs, management switches, fabric managers, panels, services.

    `capacity` means what the kind needs: U for a rack, kW for a PDU, ports for a management switch or a
    patch panel, fibres for a trunk. `unit` is "each", "per cable" or "per metre". `part_number` is the maker's
    orderable number, or empty: a generic part is bought by its description, and a number no maker's document
    confirms is not given (docs/references.md [nvidia-ufm-appliance]).
    """

    id: str = ""
    model: str = ""
    vendor: str = ""
    part_number: str = ""
    kind: str = ""                    # rack | pdu | oob-switch | ufm | patch-panel | trunk | installation
    capacity: float = 0.0
    rack_units: int = 0
    power_w: float = 0.0
    price_usd: float = 0.0
    price_per_m_usd: float = 0.0
