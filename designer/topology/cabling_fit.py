"""Cables by reach from positions: a generated design's devices are placed in racks, then every link gets the
cheapest cable class its gear allows at the length between the two positions, and that length.

Classes rank passive copper (DAC) < active cable (ACC / AOC) < optics. A twin-port cage takes one assembly,
so all links of a cage share the highest class any of them needs, and a cage whose links go to two other
switch cages cannot take copper. What the checks would still refuse is moved one class up until it builds.

Only links with both ends on one floor are fitted: a long-haul line between two sites keeps the cable and length its
generator or bundle gave it (the bundle prices its optics for the distance), and so does any other link between two
sites' floors (the checks say so, rules/long_haul.py).
"""

from __future__ import annotations

from collections.abc import Iterable

from designer.catalog.loader import Catalog
from designer.model.document import FabricDocument
from designer.model.links import Link
from designer.topology.gc_pause import collector_paused
from designer.topology.physical.layout import CageSlot, NodeLayout, layouts
from designer.topology.physical.parts import cable_part
from designer.topology.physical.power import cabling_power_w
from designer.topology.physical.schedule import Schedule, build_schedule, ib_trained_down
from designer.topology.physical_build import add_cabling_power
from designer.topology.racks.floor import places
from designer.topology.racks.plan import rack_plan, run_lengths_m
from designer.topology.racks.planner import DOMAIN_ROLE, plan_racks

CLASSES = ("dac", "aoc", "optics")
UNBUILDABLE = ("cage-conflict", "no-part", "too-long")
MAX_ROUNDS = 4
POWER_ROUNDS = 3       # packings at most (each packs with every device's largest cabling power seen so far)


def fit_cables_to_racks(doc: FabricDocument, catalog: Catalog) -> None:
    """Plan the racks (saved with the design) and set every link's cable class and ordered length."""
    with collector_paused():
        _fit(doc, catalog)


def _fit(doc: FabricDocument, catalog: Catalog) -> None:
    """Pack the racks counting each device's cabling power, fit the cables to the positions, and pack again with
    the cabling the fit chose (each device's larger figure) while some rack draws more than its budget as built
    (links that became optical in a spine rack)."""
    cabling_w = cabling_power_w(build_schedule(doc, catalog, None, doc.build.fibre), doc, catalog)
    for _ in range(POWER_ROUNDS):
        doc.racks = plan_racks(doc, catalog, cabling_w=cabling_w)
        sched, lengths = _fit_cables(doc, catalog)
        fitted_w = cabling_power_w(sched, doc, catalog)
        if not _over_budget(doc, catalog, sched, fitted_w):
            break
        cabling_w = {node: max(cabling_w.get(node, 0.0), fitted_w.get(node, 0.0))
                     for node in cabling_w.keys() | fitted_w.keys()}
    for lid in lengths:
        link, hw = doc.links[lid], sched.links.get(lid)
        link.length_m = float(hw.ordered_m or hw.length_m) if hw else float(lengths[lid])


def _over_budget(doc: FabricDocument, catalog: Catalog, sched: Schedule, cabling_w: dict[str, float]) -> bool:
    """Whether a rack of the planned layout draws more than its budget with the cabling `sched` chose (each
    device's `cabling_w`; a rack-scale NVLink domain brings its own power and has no budget of the build's)."""
    plan = rack_plan(doc, catalog, sched)
    add_cabling_power(plan, cabling_w)
    budget_w = doc.build.rack_power_kw * 1000.0
    return any(load.power_w > budget_w * (1 + 1e-9) for load in plan.loads if load.rack.role != DOMAIN_ROLE)


def _fit_cables(doc: FabricDocument, catalog: Catalog) -> tuple[Schedule, dict[str, float]]:
    """Every link's cheapest cable class at its run between the planned positions, raised where the checks would
    refuse it; the schedule built that way and the runs (of the links on one floor, the ones fitted)."""
    assert doc.racks is not None, "planned first"
    lengths = run_lengths_m(doc, places(doc.racks, doc.build))
    fitted = [doc.links[lid] for lid in lengths]
    rank = _first_ranks(doc, fitted, catalog, layouts(doc.nodes.values(), catalog), lengths)
    for _ in range(MAX_ROUNDS):
        for link in fitted:
            link.cable = CLASSES[rank[link.id]]
        sched = build_schedule(doc, catalog, lengths, doc.build.fibre)
        bad = {lid for p in sched.problems if p.kind in UNBUILDABLE for lid in p.links if lid in rank}
        if not bad:
            break
        for lid in bad:
            rank[lid] = min(rank[lid] + 1, len(CLASSES) - 1)
    return sched, lengths


def cable_classes(doc: FabricDocument, catalog: Catalog, link_ids: list[str]) -> dict[str, str]:
    """The class the fit gives each of `link_ids` at the link's own length, judged among those links alone: the
    cheapest its gear allows, optics where a twin-port cage of theirs reaches two cages. For cables added to a
    design without placing its racks again (a Clos that prices a rail on smaller switches,
    designer/analysis/clos_rebuild.py); their cages must hold no other link."""
    links = [doc.links[lid] for lid in link_ids]
    nodes = {end.node for link in links for end in (link.a, link.b)}
    rank = _first_ranks(doc, links, catalog, layouts([doc.nodes[n] for n in nodes], catalog), {})
    return {lid: CLASSES[rank[lid]] for lid in link_ids}


def _first_ranks(doc: FabricDocument, links: Iterable[Link], catalog: Catalog, node_layouts: dict[str, NodeLayout],
                 lengths: dict[str, float]) -> dict[str, int]:
    """Each link's cheapest class alone, then raised so that every twin-port cage holds one medium."""
    rank: dict[str, int] = {}
    twins = _TwinCages()
    memo: dict[tuple[object, ...], int] = {}
    for link in links:
        sa = node_layouts[link.a.node].slots.get(link.a.port)
        sb = node_layouts[link.b.node].slots.get(link.b.port)
        if sa is None or sb is None:
            rank[link.id] = 0
            continue
        length = lengths.get(link.id, link.length_m)
        trained = ib_trained_down(doc, catalog, link, sa, sb)
        key = (sa.form, sa.subs, sa.port_gbps, sb.form, sb.subs, sb.port_gbps, link.speed_gbps, length, trained)
        if key not in memo:
            memo[key] = _cheapest_class(catalog, sa, sb, link, length, trained)
        rank[link.id] = memo[key]
        twins.add(link, sa, sb)
    twins.raise_shared(rank)
    return rank


class _TwinCages:
    """The links of each twin-port cage, and the twin cages each one reaches."""

    def __init__(self) -> None:
        self.links: dict[tuple[str, int], list[str]] = {}
        self.reached: dict[tuple[str, int], set[tuple[str, int]]] = {}

    def add(self, link: Link, sa: CageSlot, sb: CageSlot) -> None:
        ka, kb = (link.a.node, sa.cage), (link.b.node, sb.cage)
        twin_a, twin_b = sa.form == "osfp8", sb.form == "osfp8"
        for key, other, twin, other_twin in ((ka, kb, twin_a, twin_b), (kb, ka, twin_b, twin_a)):
            if twin:
                self.links.setdefault(key, []).append(link.id)
                if other_twin:
                    self.reached.setdefault(key, set()).add(other)

    def raise_shared(self, rank: dict[str, int]) -> None:
        """Optics for a cage whose links reach two cages (copper joins one cage to one cage); then every link
        of a cage takes the highest class any of them needs, until nothing changes."""
        top = len(CLASSES) - 1
        for cage, reached in self.reached.items():
            if len(reached) > 1:
                for lid in self.links[cage]:
                    rank[lid] = top
        changed = True
        while changed:
            changed = False
            for ids in self.links.values():
                high = max(rank[lid] for lid in ids)
                for lid in ids:
                    if rank[lid] < high:
                        rank[lid], changed = high, True


def _cheapest_class(catalog: Catalog, sa: CageSlot, sb: CageSlot, link: Link, length_m: float,
                    trained: bool = False) -> int:
    """The lowest class with a part that fits both ends' gear and reaches `length_m`; a link `trained` down below
    its switch port's speed (schedule.ib_trained_down) takes a splitter made for it, or nothing (no optics)."""
    twin_a, twin_b = sa.form == "osfp8", sb.form == "osfp8"
    port_gbps = 0.0
    if twin_a != twin_b:
        head, leg = (sa, sb) if twin_a else (sb, sa)
        legs, speed, head_gbps = head.subs, head.port_gbps, head.cage_gbps
        if trained:
            speed, port_gbps = link.speed_gbps, head.port_gbps
        forms = (head.form, leg.form)
    else:
        legs, speed, forms = 1, link.speed_gbps, (sa.form, sb.form)
        head_gbps = sa.cage_gbps if twin_a else speed
    for i, cls in enumerate(CLASSES[:-1]):
        part, reaches = cable_part(catalog, cls, forms[0], forms[1], legs, speed, length_m, head_gbps=head_gbps,
                                   port_gbps=port_gbps)
        if part is not None and reaches:
            return i
    return len(CLASSES) - 1
