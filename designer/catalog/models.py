"""Hardware model records as loaded from resources/catalog/ (figures, source, provenance)."""

from __future__ import annotations

from dataclasses import dataclass, field


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

    def speeds_gbps(self) -> list[float]:
        """Port speeds this switch can run, fastest first (a split port runs at speed/breakout)."""
        return [self.port_gbps / b for b in self.breakouts]

    def breakout_for(self, speed_gbps: float) -> int | None:
        for b in self.breakouts:
            if abs(self.port_gbps / b - speed_gbps) < 1e-6:
                return b
        return None


@dataclass(frozen=True)
class GPUModel(Sourced):
    id: str = ""
    model: str = ""
    bf16_tflops: float = 0.0
    memory_gb: float = 0.0
    power_w: float = 0.0


@dataclass(frozen=True)
class ServerModel(Sourced):
    id: str = ""
    vendor: str = ""
    model: str = ""
    gpus: int = 8
    gpu_model: str = "H100"
    backend_nics: int = 8
    backend_nic_gbps: float = 400.0
    frontend_nics: int = 2
    frontend_nic_gbps: float = 100.0
    nvlink_gbps: float = 3600.0       # per GPU per direction
    power_w: float = 0.0
    price_usd: float = 0.0            # without back-end NICs (priced from the NIC model)


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


@dataclass(frozen=True)
class CableModel(Sourced):
    id: str = ""
    model: str = ""
    type: str = "dac"                 # dac | aoc | optics
    speed_gbps: float = 400.0
    max_reach_m: float = 3.0
    price_usd: float = 0.0            # per link, both ends included
    power_w: float = 0.0              # per link, both ends included
