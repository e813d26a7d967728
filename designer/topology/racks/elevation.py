"""What a rack elevation shows, without drawing it: racks by row, each with its boxes by U, its power and PDUs.

The window's Racks dock and the proposal's rack page both draw this model, so they show the same plan. A design of
several sites has a floor per site: its rows come site by site, each row knowing the site it stands in.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from designer.catalog.loader import Catalog
from designer.i18n import render
from designer.i18n.findings import Count
from designer.model.document import FabricDocument
from designer.topology.racks.devices import device_power_w
from designer.topology.racks.labels import device_labels
from designer.topology.racks.plan import RackPlan
from designer.topology.site_names import shown_site_name

# What colour family a box takes: its back-end protocol, the front-end, or a neutral kind.
NEUTRAL_KINDS = ("server", "storage", "oob-switch", "ufm", "patch-panel")


@dataclass(frozen=True)
class Box:
    """One mounted item: what it is, its label, where (lowest U, height), what it draws."""

    item: str
    kind: str             # server | leaf | spine | core | frontend | gateway | storage | oob-switch | ufm | panel
    label: str
    model: str
    u: int
    height_u: int
    power_w: float
    family: str           # ib | rocev2 | frontend | neutral


@dataclass
class RackColumn:
    name: str
    row: int
    slot: int
    role: str
    units: int
    power_w: float
    budget_w: float
    pdus: int
    boxes: list[Box] = field(default_factory=list)
    site: str = ""          # the id of the site whose floor it stands on ("" for a design of one floor)

    @property
    def used_u(self) -> int:
        return sum(b.height_u for b in self.boxes)


@dataclass(frozen=True)
class Floor:
    """One site's floor: the site's id and name (both "" for a design of one floor) and its rows' indices in
    `Elevation.rows`."""

    site: str
    name: str
    rows: range


@dataclass
class Elevation:
    rows: list[list[RackColumn]]
    total_power_w: float
    saved: bool
    reason: str | None
    floors: list[Floor] = field(default_factory=list)     # empty: one floor, every row

    @property
    def racks(self) -> list[RackColumn]:
        return [r for row in self.rows for r in row]

    def site_floors(self) -> list[Floor]:
        """The floors in order, a design of one floor as one unnamed floor of every row."""
        return self.floors or [Floor("", "", range(len(self.rows)))]

    def heading(self, floor: Floor, language: str | None = None) -> str:
        """What stands above `floor`'s racks: its site's name, "No site" (in `language`, default the current one)
        for the floor of devices of no site beside sites, nothing for a design of one floor."""
        if not self.floors:
            return ""
        return shown_site_name(floor.name, language) if floor.name else render("racks.floor.no_site", language)

    def racks_on(self, floor: Floor) -> list[RackColumn]:
        return [r for k in floor.rows for r in self.rows[k]]

    def floors_text(self, language: str | None = None) -> str:
        """Each floor's racks and rows under its heading, as the language lists things ("Site A: 5 racks in 2 rows;
        Site B: ..."): the proposal's racks page and the Racks dock say it alike."""
        return render("list.sep", language).join(
            render("racks.report.floor", language, name=self.heading(f, language), racks=Count(len(self.racks_on(f))),
                   rows=Count(len(f.rows))) for f in self.floors)


def elevation(doc: FabricDocument, catalog: Catalog, plan: RackPlan) -> Elevation:
    """The elevation model of `plan` (a plan of `doc`)."""
    labels = device_labels(doc, plan.layout)
    protocol = {nid: seg.protocol for seg in doc.segments.values() for nid in seg.nodes}
    columns: dict[str, RackColumn] = {}
    for r in plan.layout.racks:
        load = plan.load_of(r.name)
        columns[r.name] = RackColumn(r.name, r.row, r.slot, r.role, doc.build.rack_units,
                                     load.power_w if load else 0.0, doc.build.rack_power_kw * 1000.0, 0, site=r.site)
    parts = {p.kind: p for p in catalog.parts.values()}
    for m in plan.layout.mounts:
        col = columns.get(m.rack)
        if col is None:
            continue
        if m.kind == "pdu":
            col.pdus += 1
            continue
        if m.kind == "node" and m.item in doc.nodes:
            node = doc.nodes[m.item]
            kind = node.role or node.kind
            family = protocol.get(node.id) or ("frontend" if node.role == "frontend" else "neutral")
            if node.kind in ("server", "storage"):
                family = "neutral"
            col.boxes.append(Box(m.item, kind, labels[m.item], node.model, m.u, m.height_u,
                                 device_power_w(node, catalog), family))
        else:
            part = parts.get(m.kind)
            shown = (part.part_number or part.model) if part else m.kind     # no part number: the model's name
            col.boxes.append(Box(m.item, m.kind, m.item, shown, m.u, m.height_u,
                                 part.power_w if part else 0.0, "neutral"))
    for col in columns.values():
        _own_rack(col)
    ordered, floors = _rows_by_floor(doc, list(columns.values()))
    total = sum(c.power_w for c in columns.values())
    return Elevation(ordered, total, plan.saved, plan.reason, floors)


def _rows_by_floor(doc: FabricDocument, columns: list[RackColumn]) -> tuple[list[list[RackColumn]], list[Floor]]:
    """Rows in floor order (the design's sites in order, then racks of no site), each sorted by place; the floors
    when there are several."""
    order = {site.id: k for k, site in enumerate(doc.sites)}
    names = {site.id: site.display_name for site in doc.sites}
    rows: dict[tuple[int, str, int], list[RackColumn]] = {}
    for col in columns:
        rows.setdefault((order.get(col.site, len(order)), col.site, col.row), []).append(col)
    keys = sorted(rows)
    ordered = [sorted(rows[k], key=lambda c: c.slot) for k in keys]
    sites = list(dict.fromkeys(site for _, site, _ in keys))
    if len(sites) < 2:
        return ordered, []
    floors = []
    for site in sites:
        at = [i for i, k in enumerate(keys) if k[1] == site]
        floors.append(Floor(site, names.get(site, site), range(at[0], at[-1] + 1)))
    return ordered, floors


def _own_rack(col: RackColumn) -> None:
    """A rack-scale NVLink domain's rack is as tall as the domain and carries its own power."""
    if col.role == "domain":
        col.units = max([col.units, *(b.u + b.height_u - 1 for b in col.boxes)])
        col.budget_w = col.power_w
