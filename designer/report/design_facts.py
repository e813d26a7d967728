"""The facts of a design that the proposal states: tiers, counts, oversubscription, bisection, cables."""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field

from designer.catalog.loader import Catalog
from designer.model.document import FabricDocument
from designer.model.nodes import Node
from designer.model.sites import LONG_HAUL_PLANE, bundle_between
from designer.topology.oversubscription import bisection_bandwidth_gbps, oversubscription_by_tier

SWITCH_TIERS = ("core", "spine", "leaf")
LONG_HAUL, LEASED = LONG_HAUL_PLANE, "leased"      # the plane and cable of a line between two sites (`_cable_rows`)


def tier_of(node: Node) -> str:
    """The row a node sits in: its switch role, or its kind for end devices."""
    if node.kind == "switch":
        return node.role or "leaf"
    return node.kind


@dataclass
class CableRow:
    plane: str
    cable: str
    speed_gbps: float
    count: int
    min_length_m: float
    max_length_m: float
    max_reach_m: float | None


@dataclass
class TierRow:
    tier: str
    devices: int
    models: dict[str, int]
    ports_used: int
    oversubscription: float | None


@dataclass
class DesignFacts:
    """Everything the facts section and the executive summary state about the design."""

    gpus: int
    servers: int
    switches: int
    backend_switches: int
    frontend_switches: int
    links: int
    tiers: list[TierRow]
    cables: list[CableRow]
    oversubscription: dict[str, float]
    bisection_gbps: float
    over_reach_links: int
    protocols: list[str] = field(default_factory=list)
    racks: int = 0                  # of the servers, rack-scale systems (an NVL72 class rack is one node)

    @property
    def systems_key(self) -> str:
        """How the text counts the GPU systems: as racks when every one is a rack-scale system, else as servers."""
        return "n_racks" if self.servers and self.racks == self.servers else "n_servers"

    @property
    def backend_tiers(self) -> list[str]:
        return [t.tier for t in self.tiers if t.tier in SWITCH_TIERS]

    @property
    def worst_oversubscription(self) -> float | None:
        values = [v for k, v in self.oversubscription.items() if k in SWITCH_TIERS]
        return max(values) if values else None


def design_facts(doc: FabricDocument, catalog: Catalog | None = None) -> DesignFacts:
    """Count and measure the design once for every section that states a fact about it."""
    by_tier: dict[str, list[Node]] = defaultdict(list)
    for node in doc.nodes.values():
        by_tier[tier_of(node)].append(node)
    ports_used: Counter[str] = Counter()
    for link in doc.links.values():
        for end in (link.a, link.b):
            ports_used[tier_of(doc.nodes[end.node])] += 1
    oversub = dict(oversubscription_by_tier(doc))
    bisection = float(bisection_bandwidth_gbps(doc))
    order = ["core", "spine", "leaf", "frontend", "server", "gateway", "storage"]
    tiers = []
    for tier in order + sorted(set(by_tier) - set(order)):
        nodes = by_tier.get(tier)
        if not nodes:
            continue
        tiers.append(TierRow(tier, len(nodes), dict(Counter(n.model for n in nodes)), ports_used[tier],
                             oversub.get(tier)))
    cables, over_reach = _cable_rows(doc, catalog)
    switches = [n for n in doc.nodes.values() if n.kind == "switch"]
    frontend = [n for n in switches if n.role == "frontend"]
    return DesignFacts(
        gpus=doc.gpu_count(),
        servers=len(by_tier.get("server", [])),
        switches=len(switches),
        backend_switches=len(switches) - len(frontend),
        frontend_switches=len(frontend),
        links=len(doc.links),
        tiers=tiers,
        cables=cables,
        oversubscription=oversub,
        bisection_gbps=bisection,
        over_reach_links=over_reach,
        protocols=sorted({s.protocol for s in doc.segments.values()}),
        racks=_rack_scale(by_tier.get("server", []), catalog),
    )


def _cable_rows(doc: FabricDocument, catalog: Catalog | None) -> tuple[list[CableRow], int]:
    """The links grouped by plane, cable and speed, with their lengths and the cable's reach, and how many of the
    local ones are longer than it. A line of a long-haul bundle between two sites is a row of its own (plane
    LONG_HAUL, cable LEASED): its length is the distance between the sites and its reach the line-side optics'
    (the link's own cable and length stand for the patch at each end)."""
    groups: dict[tuple[str, str, float], list[float]] = defaultdict(list)
    reach_m: dict[tuple[str, str, float], float | None] = {}
    for link in doc.links.values():
        lh = bundle_between(doc.long_haul, doc.nodes[link.a.node].site, doc.nodes[link.b.node].site)
        if lh is None:
            key = (link.plane, link.cable, link.speed_gbps)
            groups[key].append(link.length_m)
            reach_m[key] = catalog.max_reach_m(link.cable, link.speed_gbps) if catalog is not None else None
            continue
        key = (LONG_HAUL, LEASED, link.speed_gbps)
        groups[key].append(lh.distance_km * 1000.0)
        optics = catalog.long_haul_optics.get(lh.optics) if catalog is not None and lh.optics else None
        reach_m[key] = optics.max_reach_km * 1000.0 if optics is not None else None
    rows, over_reach = [], 0
    for key, lengths in sorted(groups.items()):
        plane, cable, speed = key
        reach = reach_m[key]
        if reach is not None and plane != LONG_HAUL:
            over_reach += sum(1 for length in lengths if length > reach)
        rows.append(CableRow(plane, cable, speed, len(lengths), min(lengths), max(lengths), reach))
    return rows, over_reach


def _rack_scale(servers: list[Node], catalog: Catalog | None) -> int:
    """How many of the servers are rack-scale systems (0 without a catalog to tell)."""
    if catalog is None:
        return 0
    return sum(1 for n in servers if n.model in catalog.servers and catalog.server(n.model).rack_scale)
