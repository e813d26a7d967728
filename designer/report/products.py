"""Product names as a customer reads them: the catalog's vendor and model ("NVIDIA Quantum-2 QM9700"), never its
internal ids, and a short form for drawings ("QM9700")."""

from __future__ import annotations

import re

from designer.catalog.loader import Catalog

# words that say what a catalog entry is for rather than what it is called
_ROLE_WORDS = {"server", "front-end", "spine", "leaf", "node", "switch"}
_GENERIC_VENDORS = {"oem", "generic"}


def catalog_record(catalog: Catalog, kind: str, model_id: str):  # noqa: ANN201 - a catalog model of any kind
    """The catalog entry of a bill-of-materials kind, or None."""
    table = {"switch": catalog.switches, "server": catalog.servers, "nic": catalog.nics, "gateway": catalog.gateways,
             "storage": catalog.storage, "cable": catalog.cables, "optics": catalog.cables}.get(kind, {})
    return table.get(model_id)


def _vendor(record: object) -> str:
    """The maker's name without the chip in brackets ("Arista (Broadcom Tomahawk 5)" -> "Arista")."""
    vendor = str(getattr(record, "vendor", "") or "")
    vendor = re.sub(r"\s*\(.*\)\s*", "", vendor).strip()
    return "" if vendor.lower() in _GENERIC_VENDORS else vendor


def product_name(catalog: Catalog, kind: str, model_id: str) -> str:
    """"NVIDIA Quantum-2 QM9700"; the model id itself only if the catalog does not know it (a design-rule finding
    reports that case)."""
    record = catalog_record(catalog, kind, model_id)
    if record is None:
        return model_id
    model = str(getattr(record, "model", "") or model_id)
    vendor = _vendor(record)
    return model if not vendor or model.lower().startswith(vendor.lower()) else f"{vendor} {model}"


def short_name(catalog: Catalog, kind: str, model_id: str) -> str:
    """A short product name for a drawing's device box: "QM9700", "SN5600", "HGX H100"."""
    record = catalog_record(catalog, kind, model_id)
    if record is None:
        return model_id
    text = re.sub(r"\s*\(.*?\)", "", str(getattr(record, "model", "") or model_id)).strip()
    words = [w for w in text.split() if w.lower() not in _ROLE_WORDS] or text.split()
    if kind == "server":
        return " ".join(words[:2])
    if len(" ".join(words)) <= 12:
        return " ".join(words)
    coded = [w for w in words if any(ch.isdigit() for ch in w)]
    return coded[-1] if coded else " ".join(words[:2])
