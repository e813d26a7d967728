"""Height (U) and power of a design's devices, from the catalog."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from designer.catalog.loader import Catalog
from designer.model.errors import ProjectError
from designer.model.nodes import Node
from designer.topology.multi_plane import nic_cards
from designer.topology.nic_choice import frontend_cards, frontend_nic_for

UNKNOWN_U = 2          # a model the catalog lacks: a 2U box
UNKNOWN_W = 1000.0


def device_u(node: Node, catalog: Catalog) -> int:
    model = catalog.device_model(node.kind, node.model)
    return max(1, int(model.rack_units)) if model is not None else UNKNOWN_U


def rack_scale(node: Node, catalog: Catalog) -> bool:
    """Whether the device is a whole rack of its own (an NVL72 class NVLink domain: trays, power shelves, rack)."""
    model = catalog.servers.get(node.model) if node.kind == "server" else None
    return model is not None and model.rack_scale


def device_power_w(node: Node, catalog: Catalog) -> float:
    """The device's power draw; a GPU server's includes its back-end NIC cards (one per NIC, whatever its plane
    ports) and front-end cards (priced and powered apart in the catalog). Transceivers and active cables are added by
    the cable schedule."""
    model = catalog.device_model(node.kind, node.model)
    if model is None:
        return UNKNOWN_W
    power = float(model.power_w)
    if node.kind == "server" and node.nic_model in catalog.nics:
        power += nic_cards(node) * catalog.nics[node.nic_model].power_w
    if node.kind == "server" and node.frontend_ports():
        try:
            nic = catalog.nics[frontend_nic_for(catalog, node)]
        except ProjectError:
            return power
        power += frontend_cards(nic, len(node.frontend_ports())) * nic.power_w
    return power


@dataclass(frozen=True)
class Devices:
    """What a device weighs against its rack's power budget: its own draw and the cabling power of its cages (the
    transceivers in them and the active cables starting there, per device id)."""

    catalog: Catalog
    cabling_w: Mapping[str, float]

    def power_w(self, node: Node) -> float:
        return device_power_w(node, self.catalog) + self.cabling_w.get(node.id, 0.0)
