"""The cabling plan a field engineer pulls cables from: one row per cable run, both ends located, as CSV or XLSX.

A row names, for each end: the device's label (by the design's naming rule), its rack and U, the port as the
design calls it and as the switch's front panel does (cage/port, lanes); then the cable type, the catalog part
and its part number, the transceiver plugged at each end, the number of fibres, the length to order (the run
from the rack positions plus slack, rounded to the part's lengths) and the assembly the run belongs to (the two
legs of one splitter share an assembly). Out-of-band management patch cords follow on their own plane.

Cable label (printed on both ends of the cable): "<PLANE>-<A label>:<A port>--<B label>:<B port>" with PLANE
"BE" (back-end), "FE" (front-end), "LH" (long-haul) or "MG" (management) and the front-panel port ids; unique per
run, since a port takes one cable (should two runs share both ports, a design error `check` reports, the second label
gets "~<link id>").

Long-haul lines between sites come after the front-end: each line's two ends at the site-edge equipment, the
line-side module at each end (where the bundle names one) and the span's length. The fibre or wavelength between the
sites is leased, not pulled, so such a row names no cable part and is left out of what to order.
"""

from __future__ import annotations

import os
from collections import Counter
from dataclasses import astuple, dataclass, fields

from designer.catalog.loader import Catalog, load_catalog
from designer.export.output_file import output_format, write_bytes_atomically, write_text_atomically
from designer.export.spreadsheet_text import csv_cell, csv_text
from designer.export.xlsx_workbook import SheetTable, workbook_bytes
from designer.model.document import FabricDocument
from designer.model.nodes import PLANES
from designer.model.rack_layout import Mount
from designer.model.sites import LONG_HAUL_PLANE, bundle_between
from designer.topology.physical_build import PhysicalBuild, physical_build
from designer.topology.racks.labels import device_labels, render_label
from designer.topology.racks.oob import oob_runs

LONG_HAUL = LONG_HAUL_PLANE
PLANE_CODES = {"backend": "BE", "frontend": "FE", LONG_HAUL: "LH", "management": "MG"}
LEASED = "leased fibre or wavelength"
SUMMARY_SHEET = "Summary"
MEDIA = {"dac": "DAC", "acc": "ACC", "aoc": "AOC", "optical": "optics + fibre", "rj45": "RJ45"}


@dataclass(frozen=True)
class CablingRow:
    """One cable run: where each end plugs in, with what, how long, and the label to print."""

    cable_label: str
    plane: str
    a_device_id: str
    a_device_label: str
    a_rack: str
    a_u: int
    a_port: str
    a_port_id: str
    a_lanes: str
    b_device_id: str
    b_device_label: str
    b_rack: str
    b_u: int
    b_port: str
    b_port_id: str
    b_lanes: str
    speed_gbps: float
    cable_type: str        # DAC | ACC | AOC | optics + fibre | RJ45
    cable_part: str        # catalog id of the cable (or of the fibre)
    cable_part_number: str
    cable_description: str
    a_module: str          # transceiver part number in the a-end cage ("" for copper and AOC)
    b_module: str
    fibres: int
    length_m: float        # to order
    run_m: float           # from positions, slack included
    assembly: str          # runs sharing one assembly (a splitter's legs) share this id
    link_id: str


HEADER = tuple(f.name for f in fields(CablingRow))
SUMMARY_HEADER = ("cable_part", "cable_part_number", "cable_type", "speed_gbps", "length_m", "count")


def cabling_rows(doc: FabricDocument, catalog: Catalog | None = None,
                 build: PhysicalBuild | None = None) -> list[CablingRow]:
    """Every cable run of `doc`: back-end, then front-end, then out-of-band management."""
    cat = catalog if catalog is not None else load_catalog()
    b = build or physical_build(doc, cat)
    labels = device_labels(doc, b.plan.layout)
    mounts = b.plan.layout.node_mounts()
    order = {p: i for i, p in enumerate(PLANES)}
    rows: list[CablingRow] = []
    used: set[str] = set()
    for link in sorted(doc.links.values(), key=lambda lk: order.get(lk.plane, len(PLANES))):
        hw = b.schedule.links.get(link.id)
        sa, sb = b.schedule.slot(link.a.node, link.a.port), b.schedule.slot(link.b.node, link.b.port)
        if hw is None or sa is None or sb is None:
            continue
        asm = b.schedule.assemblies.get(hw.assembly) if hw.assembly else None
        part = cat.cables.get(asm.part) if asm else None
        ma, mb = mounts.get(link.a.node), mounts.get(link.b.node)
        label = _unique(f"{PLANE_CODES.get(link.plane, 'XX')}-{labels[link.a.node]}:{sa.port_id}--"
                        f"{labels[link.b.node]}:{sb.port_id}", link.id, used)
        rows.append(CablingRow(
            label, link.plane,
            link.a.node, labels[link.a.node], ma.rack if ma else "", ma.u if ma else 0, link.a.port, sa.port_id,
            sa.lanes,
            link.b.node, labels[link.b.node], mb.rack if mb else "", mb.u if mb else 0, link.b.port, sb.port_id,
            sb.lanes,
            float(link.speed_gbps), MEDIA.get(hw.medium, hw.medium), part.id if part else "",
            part.part_number if part else "", part.model if part else "",
            _part_number(cat, hw.module_a), _part_number(cat, hw.module_b), hw.fibres,
            float(hw.ordered_m or link.length_m), float(b.plan.lengths_m.get(link.id, hw.length_m)),
            f"A{hw.assembly}" if hw.assembly else "", link.id))
    rows += _long_haul_rows(doc, cat, b, labels, mounts, used)
    rows += _management_rows(doc, cat, b, labels, used)
    return rows


def _long_haul_rows(doc: FabricDocument, cat: Catalog, b: PhysicalBuild, labels: dict[str, str],
                    mounts: dict[str, Mount], used: set[str]) -> list[CablingRow]:
    """The lines of the long-haul bundles, site-edge port to site-edge port (module docstring)."""
    rows = []
    for link in doc.links.values():
        na, nb = doc.nodes.get(link.a.node), doc.nodes.get(link.b.node)
        lh = bundle_between(doc.long_haul, na.site, nb.site) if na is not None and nb is not None else None
        if lh is None:
            continue
        optics = cat.long_haul_optics.get(lh.optics) if lh.optics else None
        module = optics.part_number or optics.model if optics is not None else ""
        (pa, la), (pb, lb) = (_front_panel(b, end.node, end.port) for end in (link.a, link.b))
        ma, mb = mounts.get(link.a.node), mounts.get(link.b.node)
        label = _unique(f"LH-{labels[link.a.node]}:{pa}--{labels[link.b.node]}:{pb}", link.id, used)
        span_m = lh.distance_km * 1000.0
        rows.append(CablingRow(
            label, LONG_HAUL, link.a.node, labels[link.a.node], ma.rack if ma else "", ma.u if ma else 0,
            link.a.port, pa, la, link.b.node, labels[link.b.node], mb.rack if mb else "", mb.u if mb else 0,
            link.b.port, pb, lb, float(link.speed_gbps), LEASED, "", "",
            f"{LEASED.capitalize()}, {lh.distance_km:g} km between the sites (not in the bill of materials)",
            module, module, 2, span_m, span_m, "", link.id))
    return rows


def _front_panel(b: PhysicalBuild, node: str, port: str) -> tuple[str, str]:
    """A port's front-panel id and lanes (the design's port name where the device has no cage layout)."""
    slot = b.schedule.slot(node, port)
    return (slot.port_id, slot.lanes) if slot is not None else (port, "")


def _part_number(cat: Catalog, module_id: str | None) -> str:
    return cat.transceivers[module_id].part_number if module_id and module_id in cat.transceivers else ""


def _unique(label: str, link_id: str, used: set[str]) -> str:
    if label in used:
        label = f"{label}~{link_id}"
    used.add(label)
    return label


def _management_rows(doc: FabricDocument, cat: Catalog, b: PhysicalBuild, labels: dict[str, str],
                     used: set[str]) -> list[CablingRow]:
    """Out-of-band patch cords: every managed device to the management switch at the top of its rack."""
    rows = []
    for run in oob_runs(doc, cat, b):
        switch_label = render_label(doc.build.label_rule, {"name": run.switch, "id": run.switch, "rack": run.rack,
                                                           "u": run.switch_u, "row": 0, "role": "oob-switch",
                                                           "kind": "oob-switch", "pod": 0, "index": 0})
        device_label = labels.get(run.device, run.device)
        label = _unique(f"MG-{device_label}:mgmt--{switch_label}:{run.switch_port}", run.device, used)
        rows.append(CablingRow(label, "management", run.device, device_label, run.rack, run.device_u, "mgmt", "mgmt",
                               "", run.switch, switch_label, run.rack, run.switch_u, f"{run.switch_port}",
                               f"{run.switch_port}", "", 1.0, "RJ45", run.part.id, run.part.part_number,
                               run.part.model, "", "", 0, run.length_m, run.length_m, "", ""))
    return rows


def counts_by_cable_part(rows: list[CablingRow]) -> dict[str, int]:
    """Cables of each part the plan pulls: one per assembly (a splitter's legs are one cable), one per fibre."""
    counts: Counter[str] = Counter()
    seen: set[str] = set()
    for r in rows:
        if not r.cable_part:
            continue
        if r.assembly and r.fibres == 0:
            if r.assembly in seen:
                continue
            seen.add(r.assembly)
        counts[r.cable_part] += max(1, r.fibres)
    return dict(counts)


def summary_rows(rows: list[CablingRow]) -> list[tuple[str, str, str, float, float, int]]:
    """What to order: counts by part, type, speed and length, sorted."""
    counts: Counter[tuple[str, str, str, float, float]] = Counter()
    seen: set[str] = set()
    for r in rows:
        if r.plane == LONG_HAUL or (r.assembly and r.fibres == 0 and r.assembly in seen):
            continue
        seen.add(r.assembly)
        counts[(r.cable_part, r.cable_part_number, r.cable_type, r.speed_gbps, r.length_m)] += max(1, r.fibres)
    return [(*key, n) for key, n in sorted(counts.items())]


def cabling_csv(rows: list[CablingRow]) -> str:
    """The plan as CSV text: a header row, then one row per run."""
    return csv_text([HEADER, *([_csv_value(v) for v in astuple(row)] for row in rows)])


def cabling_sheets(rows: list[CablingRow]) -> list[SheetTable]:
    """One sheet per plane (present even when empty; long-haul where the design has lines) and a Summary sheet of
    what to order."""
    planes = PLANES + ((LONG_HAUL,) if any(r.plane == LONG_HAUL for r in rows) else ()) + ("management",)
    sheets = [SheetTable(plane, HEADER, [astuple(r) for r in rows if r.plane == plane]) for plane in planes]
    sheets.append(SheetTable(SUMMARY_SHEET, SUMMARY_HEADER, [tuple(s) for s in summary_rows(rows)]))
    return sheets


def write_cabling_plan(doc: FabricDocument, path: str | os.PathLike[str], catalog: Catalog | None = None) -> int:
    """Write the plan to `path` (.csv or .xlsx by its suffix); returns the number of rows."""
    fmt = output_format(path, ("csv", "xlsx"), "cabling")
    rows = cabling_rows(doc, catalog)
    if fmt == "csv":
        write_text_atomically(path, cabling_csv(rows), excel_bom=True)
    else:
        write_bytes_atomically(path, workbook_bytes(cabling_sheets(rows)))
    return len(rows)


def _csv_value(value: object) -> object:
    return f"{value:g}" if isinstance(value, float) else csv_cell(value)
