"""The lines of a bill of materials beyond the drawing: fabric managers, out-of-band network, racks and PDUs,
fibre trunks, installation and support (each an option of the design's build settings; docs/physical-build.md).
"""

from __future__ import annotations

import math
from collections import Counter

from designer.catalog.loader import Catalog
from designer.catalog.models import PartModel
from designer.i18n.message import Message
from designer.model.document import FabricDocument
from designer.topology.bom_lines import Lines
from designer.topology.physical.parts import cable_price_usd, fibre_part, transceiver
from designer.topology.physical_build import PhysicalBuild
from designer.topology.racks.oob import oob_runs, switches_needed

UFM_LINK_M = 15.0          # fabric-manager host to its leaf: management row to a network rack
PATCH_FIBRE_M = 3.0        # device to the patch panel of its rack (structured cabling)
SUPPORTED_KINDS = ("switch", "gateway", "nic", "optics", "management", "server", "storage")
HARDWARE_KINDS = frozenset({"switch", "gateway", "nic", "cable", "optics", "fibre", "management", "facility"})


def site_lines(doc: FabricDocument, catalog: Catalog, build: PhysicalBuild, lines: Lines) -> None:
    s = doc.build
    _fabric_managers(doc, catalog, build, lines)
    if s.oob_switch_per_rack:
        _out_of_band(doc, catalog, build, lines)
    if s.racks_and_pdus:
        _racks(doc, catalog, build, lines)
    if s.fibre_trunks:
        _trunks(doc, catalog, build, lines)


def _first(catalog: Catalog, kind: str) -> PartModel | None:
    parts = catalog.parts_of(kind)
    return parts[0] if parts else None


def _fabric_managers(doc: FabricDocument, catalog: Catalog, build: PhysicalBuild, lines: Lines) -> None:
    """UFM appliances per InfiniBand fabric, each with its fabric link: a NIC-side module, a fibre, and
    a twin-port module at the leaf for every two appliances."""
    ufm = _first(catalog, "ufm")
    n = sum(1 for m in build.plan.layout.mounts if m.kind == "ufm")
    if ufm is None or n == 0:
        return
    lines.add("management", ufm, n)
    nic_side, _ = transceiver(catalog, "osfp4", 400, doc.build.fibre, UFM_LINK_M)
    leaf_side, _ = transceiver(catalog, "osfp8", 400, doc.build.fibre, UFM_LINK_M)
    if nic_side is None or leaf_side is None:
        return
    lines.add("optics", nic_side, n)
    lines.add("optics", leaf_side, math.ceil(n / 2))
    fibre = fibre_part(catalog, nic_side.fibre, nic_side.connector)
    if fibre is not None:
        lines.add("fibre", fibre, n, price_usd=cable_price_usd(fibre, UFM_LINK_M))


def _out_of_band(doc: FabricDocument, catalog: Catalog, build: PhysicalBuild, lines: Lines) -> None:
    """A management switch per rack (more where one has too few ports) and a patch cord per managed port."""
    switch = _first(catalog, "oob-switch")
    runs = oob_runs(doc, catalog, build)
    if switch is None or not runs:
        return
    racks_with_switch = {m.rack for m in build.plan.layout.mounts if m.kind == "oob-switch"}
    lines.add("management", switch, max(len(racks_with_switch), switches_needed(runs, catalog)))
    for run in runs:
        lines.add("management", run.part, 1, price_usd=cable_price_usd(run.part, run.length_m))


def _racks(doc: FabricDocument, catalog: Catalog, build: PhysicalBuild, lines: Lines) -> None:
    """The racks of the plan (the smallest catalog rack of at least the settings' U) and their PDUs."""
    racks = catalog.parts_of("rack")
    units = doc.build.rack_units
    fit = [r for r in racks if r.capacity >= units] or sorted(racks, key=lambda r: -r.capacity)
    if fit:
        rack = min(fit, key=lambda r: (r.capacity, r.price_usd))
        bought = [r for r in build.plan.layout.racks if r.role != "domain"]   # an NVL72 rack comes whole
        lines.add("facility", rack, len(bought),
                  label=Message("bom.line.rack", model=rack.model, u=f"{rack.capacity:g}"))
    pdu = _first(catalog, "pdu")
    n_pdu = sum(1 for m in build.plan.layout.mounts if m.kind == "pdu")
    if pdu is not None:
        lines.add("facility", pdu, n_pdu, label=Message("bom.line.pdu", model=pdu.model, kw=f"{pdu.capacity:g}"))


def trunked_links(doc: FabricDocument, build: PhysicalBuild) -> set[str]:
    """Optical links that ride fibre trunks: with structured cabling chosen, those whose ends are in different rows."""
    if not doc.build.fibre_trunks:
        return set()
    places, rows = build.plan.places, {r.name: r.row for r in build.plan.layout.racks}
    out = set()
    for hw in build.schedule.links.values():
        link = doc.links.get(hw.link_id)
        if hw.medium != "optical" or link is None:
            continue
        a, b = places.get(link.a.node), places.get(link.b.node)
        if a is not None and b is not None and rows[a.rack] != rows[b.rack]:
            out.add(hw.link_id)
    return out


def _trunks(doc: FabricDocument, catalog: Catalog, build: PhysicalBuild, lines: Lines) -> None:
    """Trunks between the racks of row-crossing optical links (one MPO leg per fibre) and the patch panels
    that end them; the links' own fibres are then short patch fibres (see bill_of_materials._cabling)."""
    trunk, panel = _first(catalog, "trunk"), _first(catalog, "patch-panel")
    if trunk is None or panel is None:
        return
    legs: Counter[tuple[str, ...]] = Counter()
    span_m: dict[tuple[str, ...], float] = {}
    per_rack: Counter[str] = Counter()
    for link_id in trunked_links(doc, build):
        link, hw = doc.links[link_id], build.schedule.links[link_id]
        pair = tuple(sorted((build.plan.places[link.a.node].rack, build.plan.places[link.b.node].rack)))
        legs[pair] += hw.fibres
        span_m[pair] = max(span_m.get(pair, 0.0), hw.length_m)
        for rack in pair:
            per_rack[rack] += hw.fibres
    for pair, n in sorted(legs.items()):
        count = math.ceil(n / max(1.0, trunk.capacity))
        lines.add("fibre", trunk, count, price_usd=trunk.price_usd + trunk.price_per_m_usd * span_m[pair],
                  label=Message("bom.line.trunk", model=trunk.model))
    panels = sum(math.ceil(n / max(1.0, panel.capacity)) for n in per_rack.values())
    lines.add("facility", panel, panels, label=Message("bom.line.panel", model=panel.model))


def installation_lines(doc: FabricDocument, catalog: Catalog, lines: Lines) -> None:
    """Installation per cable laid (spares stay in their bags), or a percentage of all the hardware bought."""
    s = doc.build
    if s.installation == "per-cable":
        part = _first(catalog, "installation")
        cables = sum(i.count - i.spares for i in lines.items() if i.kind in ("cable", "fibre")
                     or i.kind == "management" and i.model in catalog.cables)
        if part is not None:
            lines.add("service", part, cables, label=Message("bom.line.install_per_cable"))
    elif s.installation == "percent":
        base = lines.total_of(HARDWARE_KINDS)
        lines.add_amount("service", "installation", base * s.installation_percent / 100.0,
                         Message("bom.line.install_percent", percent=f"{s.installation_percent:g}"))


def support_lines(lines: Lines, fraction_per_year: float) -> None:
    """Support and maintenance per year: the design's yearly fraction of each supported kind's hardware."""
    for kind in SUPPORTED_KINDS:
        base = lines.total_of({kind})
        lines.add_amount("support", f"support-{kind}", base * fraction_per_year,
                         Message("bom.line.support", what=Message(f"bom.kind.{kind}"),
                                 percent=f"{fraction_per_year * 100:g}"), per_year=True)
