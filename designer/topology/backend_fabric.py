"""One back-end fabric of a given generator kind over a list of servers: leaf groups, then sizing."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from designer.i18n.message import Message
from designer.model.errors import ProjectError
from designer.topology import fat_tree, fat_tree_3, leaf_spine, rail_only, rail_optimized
from designer.topology.clos import ClosBlueprint, LeafGroup, blueprint, fitted_blueprint, lanes_per_leaf
from designer.topology.sizing import SwitchSpec
from designer.topology.wiring import CROSS_RACK_AOC, IN_RACK_DAC


@dataclass(frozen=True)
class GatewayPorts:
    """Spine lanes a hybrid pod keeps for its gateways, and the speed of the gateway ports."""

    lanes: int = 0
    gbps: float = 0.0


NO_GATEWAYS = GatewayPorts()


def backend_blueprint(kind: str, servers: list[str], nics: int, spec: SwitchSpec, oversubscription: float, *,
                      fabric_pod: int | None = None, gateways: GatewayPorts = NO_GATEWAYS,
                      two_tiers: bool = False) -> ClosBlueprint:
    """Leaves, spines (and cores for fat-tree-3) of `spec` switches for these servers' back-end NICs.

    Right-sizing: when one switch's ports hold every NIC (and no gateway needs spine ports, and two tiers were
    not asked for), the fabric is that one switch, whatever the kind: a spine layer over a single leaf would
    carry nothing. The blueprint's `rule` says which rule sized it. Raises SizingError when the servers do not
    fit the tiers of this kind at this radix.
    """
    endpoints = len(servers) * nics
    gateway_lanes = gateways.lanes
    one_switch = spec.ports * spec.lanes_per_port
    if kind != "fat-tree-3" and not two_tiers and not gateway_lanes and 0 < endpoints <= one_switch:
        group = LeafGroup([(s, f"be{i + 1}") for s in servers for i in range(nics)])
        bp = blueprint([group], spec, spec, spec, oversubscription, tiers=1, plane="backend",
                       endpoint_cable=IN_RACK_DAC, fabric_pod=fabric_pod)
        bp.rule = Message("generate.rule.one_switch", endpoints=endpoints, model=spec.model, ports=one_switch)
        return bp
    if lanes_per_leaf(spec, oversubscription) < 1:
        raise ProjectError(Message("error.generate.no_server_ports", ports=spec.ports,
                                   oversubscription=f"{oversubscription:g}"))
    tiers = 3 if kind == "fat-tree-3" else 2
    bp = fitted_blueprint(_dealer(kind, servers, nics, spec), spec, oversubscription, tiers=tiers,
                          plane="backend", endpoint_cable=CROSS_RACK_AOC if kind == "rail-optimized" else IN_RACK_DAC,
                          fabric_pod=fabric_pod, gateway_lanes=gateway_lanes, gateway_gbps=gateways.gbps)
    bp.rule = _tier_rule(tiers, endpoints, one_switch, spec, two_tiers, gateway_lanes)
    return bp


def _dealer(kind: str, servers: list[str], nics: int, spec: SwitchSpec) -> Callable[[int], list[LeafGroup]]:
    """How `kind` deals the servers' NIC ports to leaves of at most `lanes` endpoint lanes."""
    if kind == "leaf-spine":
        return lambda lanes: leaf_spine.leaf_groups(servers, nics, lanes)
    if kind == "rail-optimized":
        return lambda lanes: rail_optimized.leaf_groups(servers, nics, lanes)
    ports = fat_tree.nic_ports(servers, nics)       # named once, dealt at every lane count
    if kind == "fat-tree":
        return lambda lanes: fat_tree.leaf_groups(ports, len(servers), lanes)
    if kind == "fat-tree-3":
        return lambda lanes: fat_tree_3.leaf_groups(ports, len(servers), lanes, spec.ports // 2)
    raise ProjectError(Message("error.generate.unknown_kind", kind=kind))


def _tier_rule(tiers: int, endpoints: int, one_switch: int, spec: SwitchSpec, two_tiers: bool,
               gateway_lanes: int) -> Message:
    """Why the fabric has the tiers it has (printed by `generate`, kept in the design's notes)."""
    if tiers == 3:
        return Message("generate.rule.three_tiers", endpoints=endpoints, model=spec.model)
    if gateway_lanes:
        return Message("generate.rule.two_tiers_gateways", endpoints=endpoints, model=spec.model)
    if two_tiers and endpoints <= one_switch:
        return Message("generate.rule.two_tiers_asked", endpoints=endpoints, model=spec.model, ports=one_switch)
    return Message("generate.rule.two_tiers", endpoints=endpoints, model=spec.model, ports=one_switch)


def max_gpus(kind: str, spec: SwitchSpec, oversubscription: float, nics: int, gpus_per_server: int) -> int:
    """The most GPUs a fabric of this kind holds with these switches (for error messages)."""
    lanes = lanes_per_leaf(spec, oversubscription)
    if kind == rail_only.KIND:
        return rail_only.max_gpus(spec, oversubscription, gpus_per_server)
    if kind == "leaf-spine":
        return spec.ports * (lanes // nics) * gpus_per_server
    if kind in ("rail-optimized", "multi-plane"):
        return (spec.ports // nics) * lanes * gpus_per_server
    if kind == "fat-tree-3":
        return spec.ports * (spec.ports // 2) * lanes // nics * gpus_per_server
    return spec.ports * lanes // nics * gpus_per_server
