"""Place a design's devices in racks and rows by rule, within each rack's U and power budget.

Blocks: GPU servers that share back-end leaves, with those leaves (a rack-style leaf and its servers, or a
rail-optimized scalable unit and its rail leaves). Rows hold server racks and the network racks of their
leaves:

* middle-of-row: server racks fill each row; the leaves of the row's servers stand in network racks in
  its middle (shortest average server-to-leaf run);
* end-of-row: the same, with the network racks at the row's end;
* rail-aligned: a block never shares a rack with another block and starts a new row when the rest of the
  row cannot hold it; its leaves stand in the middle of its row (the DGX SuperPOD scalable-unit layout).

A rack-scale NVLink domain (an NVL72 rack) is a rack of its own, delivered whole with its power shelves and
management: it takes no rack, PDU or management switch from the build and is held to none of its budgets.

Spines, cores, front-end spines, gateways, storage and the fabric managers stand in a row of their own in
the middle of the floor, but for InfiniBand long-haul appliances (MetroX class): those stand in the rack of the switch
they are cabled to, half below and half above it, a rack of their own for the lot where the current one is full, since
2 m of copper is all that joins an NDR cage to their EDR ports.
Each site of a multi-site design is a floor of its own, planned by these rules on the site's devices alone (devices of
no site form one more floor); its racks carry the site and, where there are several floors, its id before their name
(a-A01).
Every rack gets an out-of-band management switch at its top U and a pair of PDUs
per PDU's worth of its load (A and B feeds, each able to carry the rack alone), when the design's build settings
ask for them. A rack's load counts what stands in it as built: its devices, the transceivers in their cages and the
active cables that start there (`cabling_w`), and its management switch.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field

from designer.catalog.loader import Catalog
from designer.i18n.message import Message
from designer.model.build_settings import BuildSettings
from designer.model.document import FabricDocument
from designer.model.errors import ProjectError
from designer.model.rack_layout import Mount, RackDef, RackLayout
from designer.topology.disjoint_sets import DisjointSets
from designer.topology.racks.devices import Devices, device_u, rack_scale

PDU_KW_DEFAULT = 22.0
DOMAIN_ROLE = "domain"       # the rack of a rack-scale NVLink domain


@dataclass
class _Rack:
    role: str
    items: list[tuple[str, str, int]] = field(default_factory=list)   # (item, kind, height U)
    used_u: int = 0
    power_w: float = 0.0


class _Packer:
    """Fills racks of one kind in order, opening a new rack when U or power runs out."""

    def __init__(self, role: str, usable_u: int, budget_w: float) -> None:
        self.role, self.usable_u, self.budget_w = role, usable_u, budget_w
        self.racks: list[_Rack] = []

    def add(self, item: str, kind: str, height: int, power_w: float, new_rack: bool = False) -> None:
        rack = self.racks[-1] if self.racks and not new_rack and self.racks[-1].role == self.role else None
        if rack is None or self._full(rack, height, power_w):
            rack = _Rack(self.role)
            self.racks.append(rack)
        rack.items.append((item, kind, height))
        rack.used_u += height
        rack.power_w += power_w

    def add_together(self, items: list[tuple[str, int, float]]) -> None:
        """Nodes (item, height, power) in one rack where an empty one holds them all: a new rack when the current
        one has no room for the lot (a switch and the appliances cabled to it by 2 m copper)."""
        rack = self.racks[-1] if self.racks and self.racks[-1].role == self.role else None
        height, power = sum(h for _, h, _ in items), sum(w for _, _, w in items)
        fits_empty = height <= self.usable_u and power <= self.budget_w
        fresh = rack is not None and bool(rack.items) and fits_empty and self._full(rack, height, power)
        for k, (item, h, w) in enumerate(items):
            self.add(item, "node", h, w, new_rack=fresh and k == 0)

    def _full(self, rack: _Rack, height: int, power_w: float) -> bool:
        """Whether `rack` has no room for `height` U and `power_w` more (an empty rack takes any one device's
        power)."""
        return rack.used_u + height > self.usable_u or (bool(rack.items) and rack.power_w + power_w > self.budget_w)

    def add_whole_rack(self, item: str, height: int, power_w: float) -> None:
        """A device that is a rack of its own (a rack-scale NVLink domain); the next device opens a new rack."""
        self.racks.append(_Rack(DOMAIN_ROLE, [(item, "node", height)], height, power_w))


def plan_racks(doc: FabricDocument, catalog: Catalog, settings: BuildSettings | None = None,
               cabling_w: Mapping[str, float] | None = None) -> RackLayout:
    """A rack layout for every device of `doc` (raises ProjectError when one device cannot fit a rack).
    `cabling_w`: per device, the power of the transceivers in its cages and of the active cables starting there
    (topology/physical/power.py), counted against the rack's budget with the device.
    Each site of a multi-site design is planned on a floor of its own, its racks named after the site."""
    s = settings or doc.build
    usable = s.rack_units - (1 if s.oob_switch_per_rack else 0)
    budget = s.rack_power_kw * 1000.0 - (oob_switch_w(catalog) if s.oob_switch_per_rack else 0.0)
    dev = Devices(catalog, cabling_w or {})
    _check_fits(doc, dev, usable, budget)
    floors = site_floors(doc)
    ufms = _ufm_ids(doc, s, floors) if catalog.parts_of("ufm") else {}
    layout = RackLayout()
    for site, floor in floors:
        blocks, leaves_of = _blocks(floor)
        wiring = _Wiring(leaves_of, _frontend_leaves(floor), _appliances_beside(floor, catalog))
        rows = _compute_rows(floor, dev, s, blocks, wiring, usable, budget)
        placed = {item for row in rows for rack in row for item, _, _ in rack.items}
        rows.insert(len(rows) // 2, _spine_row(floor, dev, usable, budget, placed, wiring.beside, ufms.get(site, [])))
        prefix = f"{site}-" if len(floors) > 1 and site else ""
        _layout(layout, rows, s, catalog, site, prefix)
    return layout


def site_floors(doc: FabricDocument) -> list[tuple[str, FabricDocument]]:
    """The floors to plan: one per site holding devices, in the design's order of sites, then the devices of no site
    (site ""); a design whose devices all stand in one site (or none) is one floor, the whole design. Each floor is
    a view of the design with its devices and the links between them."""
    by_site: dict[str, list[str]] = {site.id: [] for site in doc.sites}
    for nid, node in doc.nodes.items():
        by_site.setdefault(node.site or "", []).append(nid)
    filled = [(site, ids) for site, ids in by_site.items() if ids and site]
    filled += [("", by_site[""])] if by_site.get("") else []
    if len(filled) <= 1:
        return [(filled[0][0] if filled else "", doc)]
    return [(site, _floor_view(doc, ids)) for site, ids in filled]


def _floor_view(doc: FabricDocument, node_ids: list[str]) -> FabricDocument:
    nodes = {nid: doc.nodes[nid] for nid in node_ids}
    links = {lid: lk for lid, lk in doc.links.items() if lk.a.node in nodes and lk.b.node in nodes}
    return FabricDocument(name=doc.name, nodes=nodes, links=links, segments=doc.segments, build=doc.build)


def oob_switch_w(catalog: Catalog) -> float:
    """The power of the out-of-band management switch at a rack's top U (0 when the catalog has none)."""
    parts = catalog.parts_of("oob-switch")
    return float(parts[0].power_w) if parts else 0.0


def _check_fits(doc: FabricDocument, dev: Devices, usable: int, budget_w: float) -> None:
    for node in doc.nodes.values():
        if rack_scale(node, dev.catalog):
            continue
        height, power = device_u(node, dev.catalog), dev.power_w(node)
        if height > usable or power > budget_w:
            raise ProjectError(Message("error.racks.too_big", node=node.id, u=height, power=f"{power / 1000:.1f}",
                                       usable=usable, budget=f"{budget_w / 1000:g}"))


def _blocks(doc: FabricDocument) -> tuple[list[list[str]], dict[str, list[str]]]:
    """Servers grouped by the back-end leaves they share (union over shared leaves), in document order."""
    kinds = {nid: n for nid, n in doc.nodes.items()}
    leaves: dict[str, list[str]] = {}
    for link in doc.links.values():
        if link.plane != "backend":
            continue
        for me, other in ((link.a.node, link.b.node), (link.b.node, link.a.node)):
            if kinds.get(me) and kinds[me].kind == "server" and kinds.get(other) and kinds[other].kind == "switch":
                leaves.setdefault(me, [])
                if other not in leaves[me]:
                    leaves[me].append(other)
    sets: DisjointSets[str] = DisjointSets()
    for server, ls in leaves.items():
        for leaf in ls:
            sets.union(leaf, server)
    groups: dict[str, list[str]] = {}
    for nid, node in doc.nodes.items():
        if node.kind == "server":
            groups.setdefault(sets.find(nid), []).append(nid)
    return list(groups.values()), leaves


@dataclass
class _Wiring:
    """Who stands near whom: each server's back-end leaves and front-end leaves, each switch's long-haul appliances."""

    leaves_of: dict[str, list[str]]
    fe_of: dict[str, list[str]]
    beside: dict[str, list[str]]


def _compute_rows(doc: FabricDocument, dev: Devices, s: BuildSettings, blocks: list[list[str]], wiring: _Wiring,
                  usable: int, budget: float) -> list[list[_Rack]]:
    """Rows of server racks with the network racks of their leaves placed by the rule."""
    rows = _server_rows(doc, dev, s, blocks, usable, budget)
    placed_leaves: set[str] = set()
    for row in rows:
        members = [item for rack in row for item, _, _ in rack.items]
        net = _network_racks(doc, dev, members, wiring, placed_leaves, usable, budget)
        at = len(row) if s.placement == "end-of-row" else len(row) // 2
        row[at:at] = net
    return rows


def _server_rows(doc: FabricDocument, dev: Devices, s: BuildSettings, blocks: list[list[str]], usable: int,
                 budget: float) -> list[list[_Rack]]:
    """Server racks cut into rows (one place per row is kept for the network rack).

    Rail-aligned: every block starts a rack of its own, and a row of its own when the rest of the current
    row cannot hold it; otherwise racks are packed densely and rows cut every `racks_per_row - 1` racks.
    """
    per_row = max(1, s.racks_per_row - 1)
    aligned = s.placement == "rail-aligned"
    packer = _Packer("compute", usable, budget)
    spans: list[list[_Rack]] = []
    for block in blocks:
        before = len(packer.racks)
        for i, sid in enumerate(block):
            node = doc.nodes[sid]
            if rack_scale(node, dev.catalog):
                packer.add_whole_rack(sid, device_u(node, dev.catalog), dev.power_w(node))
                continue
            packer.add(sid, "node", device_u(node, dev.catalog), dev.power_w(node), new_rack=aligned and i == 0)
        if aligned:
            spans.append(packer.racks[before:])
    if not aligned:
        spans = [[rack] for rack in packer.racks]
    rows: list[list[_Rack]] = [[]]
    for span in spans:
        if aligned and rows[-1] and len(rows[-1]) + len(span) > per_row:
            rows.append([])
        for rack in span:
            if len(rows[-1]) >= per_row:
                rows.append([])
            rows[-1].append(rack)
    return [row for row in rows if row]


def _network_racks(doc: FabricDocument, dev: Devices, servers: list[str], wiring: _Wiring, placed: set[str],
                   usable: int, budget: float) -> list[_Rack]:
    """The row's back-end leaves, then the front-end leaves its servers reach first; a leaf's long-haul appliances
    half below and half above it."""
    packer = _Packer("network", usable, budget)
    wanted: list[str] = []
    for sid in servers:
        wanted += wiring.leaves_of.get(sid, [])
    for sid in servers:
        wanted += wiring.fe_of.get(sid, [])
    for nid in dict.fromkeys(wanted):
        packer.add_together([_sized(doc, dev, item) for item in _with_appliances(nid, wiring.beside, placed)])
    return packer.racks


def _sized(doc: FabricDocument, dev: Devices, item: str) -> tuple[str, int, float]:
    node = doc.nodes[item]
    return item, device_u(node, dev.catalog), dev.power_w(node)


def _with_appliances(nid: str, beside: dict[str, list[str]], placed: set[str]) -> list[str]:
    """Switch `nid` and the appliances cabled to it not placed yet, half below and half above it, in mounting order
    (marked placed); nothing when `nid` is placed already."""
    if nid in placed:
        return []
    near = [a for a in beside.get(nid, []) if a not in placed]
    half = len(near) // 2
    order = near[:half] + [nid] + near[half:]
    placed.update(order)
    return order


def _appliances_beside(doc: FabricDocument, catalog: Catalog) -> dict[str, list[str]]:
    """Each switch -> the InfiniBand long-haul appliances (MetroX class) cabled to it, which stand in its rack
    rather than in the spine row: their local ports are EDR, and the one part NVIDIA documents from an NDR leaf's
    cage to them is a 2 m passive copper splitter (MCP7Y60, docs/references.md [nvidia-linkx])."""
    appliance = {nid for nid, n in doc.nodes.items() if n.kind == "gateway" and n.model in catalog.gateways
                 and catalog.gateways[n.model].long_haul == "ib-long-haul"}
    out: dict[str, list[str]] = {}
    for link in doc.links.values():
        for me, other in ((link.a.node, link.b.node), (link.b.node, link.a.node)):
            if me in appliance and doc.nodes[other].kind == "switch" and me not in out.get(other, []):
                out.setdefault(other, []).append(me)
    return out


def _frontend_leaves(doc: FabricDocument) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for link in doc.links.values():
        if link.plane != "frontend":
            continue
        for me, other in ((link.a.node, link.b.node), (link.b.node, link.a.node)):
            if doc.nodes[me].kind in ("server", "storage") and doc.nodes[other].kind == "switch":
                out.setdefault(me, []).append(other)
    return out


def _spine_row(doc: FabricDocument, dev: Devices, usable: int, budget: float, in_rows: set[str],
               beside: dict[str, list[str]], ufm_ids: list[str]) -> list[_Rack]:
    """Every device not yet placed: spines, cores, front-end switches, gateways (a switch's long-haul appliances
    beside it), storage; and the floor's UFM hosts."""
    spines = _Packer("spine", usable, budget)
    storage = _Packer("storage", usable, budget)
    placed = set(in_rows)
    with_switch = {a for near in beside.values() for a in near}
    for nid, node in doc.nodes.items():
        if nid in with_switch and nid not in placed:
            continue                          # placed with its switch (`_with_appliances`)
        target = storage if node.kind == "storage" else spines
        target.add_together([_sized(doc, dev, item) for item in _with_appliances(nid, beside, placed)])
    ufm = dev.catalog.parts_of("ufm")
    for item in ufm_ids:
        storage.add(item, "ufm", max(1, ufm[0].rack_units), ufm[0].power_w)
    return spines.racks + storage.racks


def _ufm_ids(doc: FabricDocument, s: BuildSettings, floors: list[tuple[str, FabricDocument]]) -> dict[str, list[str]]:
    """Fabric-manager appliances, the setting's number per InfiniBand segment, by the floor they stand on: dealt in
    turn over the floors the segment's devices stand on, in the order of its devices (the first floor when none is
    placed); numbered across the design. A segment over two sites thus has its high-availability pair split, one
    Subnet Manager a site, as UFM's high availability across two management subnets allows (docs/references.md
    [nvidia-ufm-appliance]): the site that loses the long-haul links keeps a Subnet Manager of its own."""
    floor_of = {nid: site for site, floor in floors for nid in floor.nodes}
    out: dict[str, list[str]] = {}
    count = 0
    for seg in doc.segments.values():
        if seg.protocol != "ib":
            continue
        sites = list(dict.fromkeys(floor_of[n] for n in seg.nodes if n in floor_of)) or [floors[0][0]]
        for k in range(s.ufm_appliances):
            count += 1
            out.setdefault(sites[k % len(sites)], []).append(f"ufm-{count}")
    return out


def _layout(layout: RackLayout, rows: list[list[_Rack]], s: BuildSettings, catalog: Catalog, site: str,
            prefix: str) -> None:
    """The racks of one floor's `rows` added to `layout`, named `prefix` + row letter + place (A01)."""
    pdu = catalog.parts_of("pdu")
    pdu_kw = pdu[0].capacity if pdu and pdu[0].capacity > 0 else PDU_KW_DEFAULT
    oob_w = oob_switch_w(catalog) if s.oob_switch_per_rack else 0.0
    for r, row in enumerate(r for r in rows if r):
        for slot, rack in enumerate(row):
            name = f"{prefix}{_row_letter(r)}{slot + 1:02d}"
            layout.racks.append(RackDef(name, r, slot, rack.role, site))
            u = 1
            for item, kind, height in rack.items:
                layout.mounts.append(Mount(item, kind, name, u, height))
                u += height
            if rack.role == DOMAIN_ROLE:
                continue
            if s.oob_switch_per_rack:
                layout.mounts.append(Mount(f"oob-{name}", "oob-switch", name, s.rack_units, 1))
            if s.racks_and_pdus:      # A and B feeds, each able to carry the rack alone
                for i in range(2 * max(1, math.ceil((rack.power_w + oob_w) / 1000.0 / pdu_kw - 1e-9))):
                    layout.mounts.append(Mount(f"pdu-{name}-{i + 1}", "pdu", name, 0, 0))


def _row_letter(index: int) -> str:
    """A, B, ..., Z, AA, AB, ..."""
    out = ""
    index += 1
    while index:
        index, rem = divmod(index - 1, 26)
        out = chr(ord("A") + rem) + out
    return out
