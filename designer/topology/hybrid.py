"""Hybrid back-end: pods alternate between InfiniBand and RoCEv2, joined through IB <-> Ethernet gateways.

Each pod is its own 2-tier fabric and its own segment. Consecutive pods (IB, RoCEv2) are joined by
two gateways (two, so that one can fail); a gateway's IB ports go to the IB pod's spines and its
Ethernet ports to the RoCEv2 pod's spines, spread round-robin. The spines keep ports for them.
"""

from __future__ import annotations

from dataclasses import dataclass

from designer.catalog.instantiate import gateway_node
from designer.catalog.loader import Catalog
from designer.i18n.message import Message
from designer.model.errors import ProjectError
from designer.topology.backend_fabric import GatewayPorts, backend_blueprint
from designer.topology.clos import BuiltClos, ClosBlueprint, build
from designer.topology.sizing import SizingError, SwitchSpec, balanced
from designer.topology.wiring import GATEWAY_AOC, DesignBuilder

GATEWAY_MODEL = "skyway"
GATEWAYS_PER_PAIR = 2
PROTOCOL_CYCLE = ("ib", "rocev2")


@dataclass
class HybridBlueprint:
    """The pods (one fabric each) and which pod pair every gateway joins."""

    pods: list[ClosBlueprint]
    protocols: list[str]
    servers: list[list[str]]
    gateways: list[tuple[int, int]]   # (IB pod index, RoCEv2 pod index)
    gateway_ports: int                # IB ports (= Ethernet ports used) per gateway
    gateway_gbps: float

    @property
    def link_count(self) -> int:
        return sum(p.link_count for p in self.pods) + 2 * self.gateway_ports * len(self.gateways)


def hybrid_blueprint(cat: Catalog, kind: str, servers: list[str], nics: int, specs: dict[str, SwitchSpec],
                     oversubscription: float) -> HybridBlueprint:
    """The fewest pods (at least two) whose 2-tier fabrics hold the servers."""
    if kind == "fat-tree-3":
        raise ProjectError(Message("error.generate.hybrid_3_tiers"))
    if len(servers) < 2:
        raise ProjectError(Message("error.generate.hybrid_servers"))
    gw = cat.gateway(GATEWAY_MODEL)
    ports = min(gw.ib_ports, gw.eth_ports)
    last_error: SizingError | None = None
    for n in range(2, len(servers) + 1):
        pairs = [(i, i + 1) if i % 2 == 0 else (i + 1, i) for i in range(n - 1)]
        try:
            pods, shares, start = [], [], 0
            for p, count in enumerate(balanced(len(servers), n)):
                members = servers[start:start + count]
                start += count
                protocol = PROTOCOL_CYCLE[p % 2]
                touching = sum(1 for pair in pairs if p in pair)
                pods.append(backend_blueprint(kind, members, nics, specs[protocol], oversubscription,
                                              fabric_pod=p + 1,
                                              gateways=GatewayPorts(touching * GATEWAYS_PER_PAIR * ports,
                                                                    gw.port_gbps)))
                shares.append(members)
        except SizingError as exc:
            last_error = exc
            continue
        gateways = [pair for pair in pairs for _ in range(GATEWAYS_PER_PAIR)]
        return HybridBlueprint(pods, [PROTOCOL_CYCLE[p % 2] for p in range(n)], shares, gateways, ports,
                               gw.port_gbps)
    raise last_error or SizingError(Message("error.sizing.hybrid"))


def build_hybrid(hb: HybridBlueprint, cat: Catalog, out: DesignBuilder) -> tuple[list[BuiltClos], list[str]]:
    """Build every pod, then the gateways and their links; returns the built pods and gateway ids."""
    built = [build(pod, cat, out) for pod in hb.pods]
    free = [iter(b.gateway_ports) for b in built]
    gateway_ids = []
    for ib_pod, eth_pod in hb.gateways:
        node = out.add(gateway_node(cat, GATEWAY_MODEL, out.next_id("gw-")))
        gateway_ids.append(node.id)
        for j in range(hb.gateway_ports):
            out.link((node.id, f"ib{j + 1}"), next(free[ib_pod]), hb.gateway_gbps, GATEWAY_AOC, "backend")
            out.link((node.id, f"eth{j + 1}"), next(free[eth_pod]), hb.gateway_gbps, GATEWAY_AOC, "backend")
    return built, gateway_ids
