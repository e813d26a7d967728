"""Which NIC cards a GPU server gets: the back-end NIC of a generated design, and the front-end cards and how many
(one place for the BOM and the rack power)."""

from __future__ import annotations

import math

from designer.catalog.loader import Catalog
from designer.catalog.models import SPEAKS, NICModel
from designer.i18n.message import Message
from designer.model.errors import ProjectError
from designer.model.nodes import Node
from designer.topology.segment_names import PROTOCOL_NAMES

FRONTEND_NIC_MODELS = ("cx7-2x200", "cx6dx-100")
BACKEND_NIC = "cx7"          # ConnectX-7: InfiniBand and Ethernet (NVIDIA's DGX H100 / HGX reference designs)


def backend_nic(catalog: Catalog, nic_model: str | None, protocols: tuple[str, ...]) -> NICModel:
    """The back-end NIC of a generated design: `nic_model`, or ConnectX-7. It must be in the catalog and run every
    back-end protocol of the design (ProjectError, one line, otherwise)."""
    nic = catalog.nics.get(nic_model or BACKEND_NIC)
    if nic is None or nic.port_gbps <= 0:
        raise ProjectError(Message("error.generate.unknown_nic", model=str(nic_model),
                                   options=", ".join(sorted(catalog.nics))))
    wrong = [p for p in protocols if nic.protocol not in SPEAKS[p]]
    if wrong:
        raise ProjectError(Message("error.generate.nic_protocol", model=nic.id, protocol=PROTOCOL_NAMES[wrong[0]]))
    return nic


def frontend_nic_for(catalog: Catalog, server: Node) -> str:
    """The front-end NIC for a server's fastest front-end port: the first default model fast enough, else the
    cheapest Ethernet NIC per port that is."""
    speed = max((p.speed_gbps for p in server.frontend_ports()), default=0.0)
    for model_id in FRONTEND_NIC_MODELS:
        nic = catalog.nics.get(model_id)
        if nic is not None and nic.port_gbps >= speed:
            return nic.id
    fits = [n for n in catalog.nics.values() if n.protocol in ("ethernet", "vpi") and n.port_gbps >= speed]
    if not fits:
        raise ProjectError(Message("error.bom.no_frontend_nic", speed=f"{speed:g}"))
    return min(fits, key=lambda n: (n.price_usd / max(1, n.ports), n.id)).id


def frontend_cards(nic: NICModel, ports: int) -> int:
    """Cards of `nic` that hold `ports` cabled front-end ports."""
    return math.ceil(ports / max(1, nic.ports)) if ports > 0 else 0
