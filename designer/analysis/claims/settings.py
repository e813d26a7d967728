"""What a protocol variant's preset set on a setup's back-end: the settings that explain why its figures differ.

The values are the ones the engine ran (the compiled fabric of that protocol and preset on that design's hardware),
not the preset's description, so that the table and the runs cannot disagree.
"""

from __future__ import annotations

from typing import Any

from designer.analysis.claims.format import Variant
from designer.catalog.loader import Catalog
from designer.model.document import FabricDocument
from designer.model.segments import IBSettings, RoCESettings
from designer.sim.compile import compile_fabric


def ib_settings(s: IBSettings) -> dict[str, Any]:
    return {"routing_engine": s.routing_engine, "adaptive_routing": s.adaptive_routing, "sharp": s.sharp}


def roce_settings(s: RoCESettings) -> dict[str, Any]:
    return {"load_balancing": s.load_balancing, "qps": s.qps, "pfc": s.pfc, "ecn": s.ecn,
            "ecn_kmin_kb": s.kmin_kb, "ecn_kmax_kb": s.kmax_kb, "dcqcn": s.dcqcn,
            "retransmission": s.retransmission}


def variant_settings(doc: FabricDocument, setup_id: str, variant: Variant, catalog: Catalog) -> dict[str, Any]:
    """{"setup", "variant", "protocol", "preset", "settings"}: the back-end settings the variant's runs used (of
    the first back-end segment; every segment of a generated setup runs the same)."""
    fab = compile_fabric(doc, backend=variant.protocol, catalog=catalog, preset=variant.preset)
    values: dict[str, Any] = {}
    if fab.segments:
        seg = fab.segments[0]
        values = ib_settings(seg.ib) if variant.protocol == "ib" else roce_settings(seg.rocev2)
    return {"setup": setup_id, "variant": variant.id, "protocol": variant.protocol, "preset": variant.preset,
            "settings": values}
