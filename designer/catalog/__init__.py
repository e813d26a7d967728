"""Hardware models (ports, speeds, latency, buffer, power, price, source) from resources/catalog/."""

from designer.catalog.loader import Catalog, load_catalog
from designer.catalog.models import (
    CableModel,
    GatewayModel,
    GPUModel,
    NICModel,
    ServerModel,
    StorageModel,
    SwitchModel,
)

__all__ = ["Catalog", "load_catalog", "CableModel", "GatewayModel", "GPUModel", "NICModel",
           "ServerModel", "StorageModel", "SwitchModel"]
