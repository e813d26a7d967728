"""Hardware models (ports, speeds, latency, buffer, power, price, source) from resources/catalog/."""

from designer.catalog.loader import Catalog, load_catalog
from designer.catalog.models import (
    CableModel,
    GatewayModel,
    GPUModel,
    NICModel,
    PartModel,
    ServerModel,
    StorageModel,
    SwitchModel,
    TransceiverModel,
)

__all__ = ["Catalog", "load_catalog", "CableModel", "GatewayModel", "GPUModel", "NICModel",
           "PartModel", "ServerModel", "StorageModel", "SwitchModel", "TransceiverModel"]
