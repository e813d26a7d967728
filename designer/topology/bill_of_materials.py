"""Bill of materials: what a design needs to buy, counted from the document and priced from the catalog (USD).

Counted items: switches by model; back-end NICs (every be port of a server is one single-port NIC of
the server's `nic_model`); front-end NICs (one ConnectX-6 Dx class port per *cabled* fe port of a
GPU server); one cable or optics pair per link, by `catalog.cable_for(link.cable, link.speed_gbps)`
(the catalog price of an optics link covers both transceivers and the fibre); gateways; GPU servers
(catalog price without back-end NICs) and storage nodes (price with their own NICs).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from designer.catalog.loader import Catalog
from designer.i18n.message import Message
from designer.model.document import FabricDocument
from designer.model.errors import ProjectError

FRONTEND_NIC_MODEL = "cx6dx-100"
KIND_ORDER = ("switch", "gateway", "nic", "cable", "optics", "server", "storage")
NETWORK_KINDS = frozenset({"switch", "gateway", "nic", "cable", "optics"})


class _Priced(Protocol):
    """What a bill of materials reads of a catalog record (switch, server, NIC, cable ...)."""

    @property
    def model(self) -> str: ...
    @property
    def price_usd(self) -> float: ...
    @property
    def power_w(self) -> float: ...


@dataclass
class BomItem:
    """One line of the bill of materials: a model, how many, at what price (in the report's currency)."""

    model: str
    kind: str            # switch | gateway | nic | cable | optics | server | storage
    count: int
    unit_price: float
    total: float
    description: str
    power_w_each: float

    def to_dict(self) -> dict[str, Any]:
        return {"model": self.model, "kind": self.kind, "count": self.count, "unit_price": self.unit_price,
                "total": self.total, "description": self.description, "power_w_each": self.power_w_each}


def bill_of_materials(doc: FabricDocument, catalog: Catalog) -> list[BomItem]:  # noqa: C901
    """The design's items in USD, grouped by model and ordered by kind (network first) then model id.

    Raises ProjectError naming the node or link when a model, NIC or cable is not in the catalog.
    """
    counts: dict[tuple[str, str], int] = {}
    records: dict[tuple[str, str], tuple[str, float, float]] = {}  # key -> (description, price, power)

    def add(kind: str, model_id: str, record: _Priced, count: int = 1) -> None:
        if count <= 0:
            return
        key = (kind, model_id)
        counts[key] = counts.get(key, 0) + count
        records[key] = (record.model, float(record.price_usd), float(record.power_w))

    for node in doc.nodes.values():
        try:
            if node.kind == "switch":
                add("switch", node.model, catalog.switch(node.model))
            elif node.kind == "gateway":
                add("gateway", node.model, catalog.gateway(node.model))
            elif node.kind == "storage":
                add("storage", node.model, catalog.storage_model(node.model))
            elif node.kind == "server":
                add("server", node.model, catalog.server(node.model))
                n_backend = len(node.backend_ports())
                if n_backend:
                    if not node.nic_model:
                        raise ProjectError(Message("error.bom.no_nic_model"))
                    add("nic", node.nic_model, catalog.nic(node.nic_model), n_backend)
            else:
                raise ProjectError(Message("error.bom.unknown_kind", kind=node.kind))
        except ProjectError as exc:
            raise ProjectError(Message("error.bom.node", node=node.id, text=exc.messages[0])) from None

    cabled_fe: dict[str, int] = {}  # server id -> cabled front-end ports
    for link in doc.links.values():
        cable = catalog.cable_for(link.cable, link.speed_gbps)
        if cable is None:
            raise ProjectError(Message("error.catalog.no_cable", link=link.id, cable=link.cable,
                                       speed=f"{link.speed_gbps:g}"))
        add("optics" if cable.type == "optics" else "cable", cable.id, cable)
        for end in (link.a, link.b):
            end_node = doc.nodes.get(end.node)
            if end_node is not None and end_node.kind == "server" \
                    and end.port in {p.name for p in end_node.frontend_ports()}:
                cabled_fe[end.node] = cabled_fe.get(end.node, 0) + 1
    for server_id, n_ports in cabled_fe.items():
        speed = max(p.speed_gbps for p in doc.nodes[server_id].frontend_ports())
        nic_id = frontend_nic_for(catalog, speed)
        add("nic", nic_id, catalog.nic(nic_id), n_ports)

    order = {k: i for i, k in enumerate(KIND_ORDER)}
    items = []
    for (kind, model_id) in sorted(counts, key=lambda k: (order[k[0]], k[1])):
        description, price, power = records[(kind, model_id)]
        n = counts[(kind, model_id)]
        items.append(BomItem(model_id, kind, n, price, price * n, description, power))
    return items


def frontend_nic_for(catalog: Catalog, speed_gbps: float) -> str:
    """The front-end NIC model for a port speed: the ConnectX-6 Dx 100G class, or the cheapest faster Ethernet NIC."""
    default = catalog.nics.get(FRONTEND_NIC_MODEL)
    if default is not None and default.port_gbps >= speed_gbps:
        return default.id
    fits = [n for n in catalog.nics.values() if n.protocol in ("ethernet", "vpi") and n.port_gbps >= speed_gbps]
    if not fits:
        raise ProjectError(Message("error.bom.no_frontend_nic", speed=f"{speed_gbps:g}"))
    return min(fits, key=lambda n: (n.price_usd, n.id)).id
