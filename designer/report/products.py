"""Product names as a customer reads them: the catalog's vendor and model ("NVIDIA Quantum-2 QM9700"), never its
internal ids, and a short form for drawings ("QM9700")."""

from __future__ import annotations

import re
from collections.abc import Mapping

from designer.catalog.loader import Catalog
from designer.catalog.models import Sourced
from designer.i18n.product_names import translated_product_name
from designer.topology.bom_lines import BomItem

# words that say what a catalog entry is for rather than what it is called
_ROLE_WORDS = {"server", "front-end", "spine", "leaf", "node", "switch", "storage", "gateway"}
_GENERIC_VENDORS = {"oem", "generic"}
# a user catalog's names that the translation table does not hold: their common descriptive words
_DESCRIPTIVE_ZH = (("front-end spine", "前端脊交换机"), ("deep-buffer leaf", "深缓存叶交换机"), ("front-end", "前端"),
                   ("8-GPU server", "8 GPU 服务器"), ("PCIe server", "PCIe 服务器"), ("storage node", "存储节点"),
                   ("IB-Ethernet gateway", "IB-以太网网关"), ("twin-port", "双端口"), ("transceivers", "光模块"),
                   ("transceiver", "光模块"), ("fibre", "光纤"))


def localised(name: str, language: str) -> str:
    """A product name in `language`: the translation table's name (maker's names and part numbers unchanged), or
    for a name it does not hold (a user catalog's), the name with its common descriptive words translated."""
    if not language.startswith("zh"):
        return name
    translated = translated_product_name(name, language)
    if translated is not None:
        return translated
    for english, chinese in _DESCRIPTIVE_ZH:
        name = name.replace(english, chinese)
    return name


def catalog_record(catalog: Catalog, kind: str, model_id: str) -> Sourced | None:
    """The catalog entry of a bill-of-materials line, or None: looked up in the table of its kind first, then in
    every table (fibre, management, facility and service lines hold cables, switches, transceivers and parts)."""
    by_kind: dict[str, Mapping[str, Sourced]] = {
        "switch": catalog.switches, "server": catalog.servers, "nic": catalog.nics, "gateway": catalog.gateways,
        "storage": catalog.storage, "cable": catalog.cables, "optics": catalog.transceivers, "fibre": catalog.cables}
    every: tuple[Mapping[str, Sourced], ...] = (
        catalog.switches, catalog.servers, catalog.nics, catalog.gateways, catalog.storage, catalog.cables,
        catalog.transceivers, catalog.parts, catalog.gpus, catalog.long_haul_optics)
    for table in (by_kind.get(kind, {}), *every):
        if model_id in table:
            return table[model_id]
    return None


def line_name(catalog: Catalog, item: BomItem, language: str = "en") -> str:
    """What a customer calls a bill-of-materials line: the catalog product's name, else the line's own description
    (installation, support), both in `language`; never the line's id."""
    if catalog_record(catalog, item.kind, item.model) is not None or item.label is None:
        return product_name(catalog, item.kind, item.model, language)
    return item.describe(language)


def _vendor(record: object) -> str:
    """The maker's name without the chip in brackets ("Arista (Broadcom Tomahawk 5)" -> "Arista")."""
    vendor = str(getattr(record, "vendor", "") or "")
    vendor = re.sub(r"\s*\(.*\)\s*", "", vendor).strip()
    return "" if vendor.lower() in _GENERIC_VENDORS else vendor


def unconfirmed_part_number(record: object) -> str:
    """The maker to confirm a product's part number with ("NVIDIA"), when the catalog gives it none; "" when it
    gives one, when the product has no part number (a switch is ordered by its model) or is generic (a rack or a
    PDU is bought by its description)."""
    if getattr(record, "part_number", None) != "":
        return ""
    return _vendor(record)


def part_model_name(catalog: Catalog, part_id: str, language: str = "en") -> str:
    """A rack part by name without maker or bracketed details ("UFM Enterprise appliance"), for a drawing."""
    name = product_name(catalog, "part", part_id, language)
    vendor = _vendor(catalog.parts.get(part_id))
    if vendor and name.startswith(vendor + " "):
        name = name[len(vendor) + 1:]
    return re.sub(r"\s*[（(].*?[)）]", "", name).strip()


def product_name(catalog: Catalog, kind: str, model_id: str, language: str = "en") -> str:
    """"NVIDIA Quantum-2 QM9700"; the model id itself only if the catalog does not know it (a design-rule finding
    reports that case)."""
    record = catalog_record(catalog, kind, model_id)
    if record is None:
        return model_id
    model = str(getattr(record, "model", "") or model_id)
    vendor = _vendor(record)
    name = model if not vendor or model.lower().startswith(vendor.lower()) else f"{vendor} {model}"
    return localised(name, language)


def short_name(catalog: Catalog, kind: str, model_id: str) -> str:
    """A short product name for a drawing's device box: "QM9700", "SN5600", "HGX H100" (no descriptive words)."""
    record = catalog_record(catalog, kind, model_id)
    if record is None:
        return model_id
    text = re.sub(r"\s*\(.*?\)", "", str(getattr(record, "model", "") or model_id)).strip()
    words = [w.rstrip(",;") for w in text.split()]
    words = [w for w in words if w.lower() not in _ROLE_WORDS and not w.lower().endswith("-buffer")]
    words = words or text.split()
    if kind == "server":
        return " ".join(words[:2])
    if len(" ".join(words)) <= 12:
        return " ".join(words)
    coded = [w for w in words if any(ch.isdigit() for ch in w)]
    if coded:
        return coded[-1]
    # a descriptive name ("All-flash parallel file system appliance (AI400X2 class, 8 x 200G)"): its model code
    codes = re.findall(r"\b(?=[\w-]*[A-Za-z])(?=[\w-]*\d)[\w-]+", str(getattr(record, "model", "")))
    return codes[0] if codes else " ".join(words[:2])
