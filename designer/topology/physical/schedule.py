"""The cables and optics a whole design needs, link end by link end, as the gear dictates.

Rules (NVIDIA's NDR and 400/800G Ethernet cabling; sources in
docs/references.md [nvidia-linkx] [nvidia-structured-cabling] [dgx-superpod-cabling]):

* A twin-port OSFP switch cage takes ONE thing: a twin-port transceiver (two optical engines, two MPO
  connectors), a splitter cable (800G head, 2 x 400G or 4 x 200G legs) or a twin-to-twin cable. Its ports
  therefore share one medium, and a copper cable from it reaches either single-port cages (one leg each) or
  one other twin cage.
* Copper to a single-port NIC cage: a splitter per switch cage, its legs to the NICs; the NIC end needs nothing
  else. Optics: a twin-port module per switch cage, a single-port module per NIC, one MPO fibre per 400G
  (two for an 800G port, which uses both engines).
* Twin cage to twin cage: a twin-to-twin DAC/ACC per pair of cages, or a module in each cage and fibres.
* QSFP ports (front-end 100/200G): a DAC or an AOC per link, or SR4 modules and fibre.
* An InfiniBand switch port trained down to a slower port (`ib_trained_down`: an NDR leaf port at a MetroX-3 XC's
  EDR 100G): only a splitter made to run the cage's ports below their speed (MCP7Y60, QSFP56 legs at HDR or EDR),
  never optics, since an NDR module cannot downshift its lanes [nvidia-linkx].

Every link gets a medium, its parts, the ordered length; problems (a cage claimed by two assemblies, no part
for the gear, a length beyond reach, a breakout leg on a port of another speed) are recorded for the checks.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from designer.catalog.loader import Catalog
from designer.catalog.models import CableModel, TransceiverModel, fallback_speeds_gbps
from designer.model.document import FabricDocument
from designer.model.links import Link
from designer.model.nodes import Node
from designer.model.sites import crosses_sites
from designer.topology.disjoint_sets import DisjointSets
from designer.topology.gc_pause import collector_paused
from designer.topology.physical.layout import CageSlot, NodeLayout, layouts
from designer.topology.physical.parts import (
    cable_part,
    cable_price_usd,
    fibre_part,
    ordered_length_m,
    transceiver,
)

CageKey = tuple[str, int]   # (node id, cage number)


@dataclass(slots=True)
class Assembly:
    """One cable or fibre to buy and lay: a catalog part, the length ordered, the links it carries."""

    id: int
    part: str
    length_m: float
    price_usd: float
    links: list[str] = field(default_factory=list)


@dataclass(slots=True)
class LinkHardware:
    """What one link is built from: its medium, the assembly carrying it, the module in each end's cage."""

    link_id: str
    medium: str                     # dac | acc | aoc | optical
    assembly: int | None            # the cable (shared by a splitter's legs) or the first fibre
    fibres: int = 0                 # fibres of this link (optical only)
    module_a: str | None = None     # transceiver part in the a-end cage
    module_b: str | None = None
    length_m: float = 0.0           # needed, from positions (or the link's own length)
    ordered_m: float = 0.0


@dataclass(frozen=True)
class Problem:
    """Something that cannot be built as drawn (checked by designer/topology/rules/buildability.py)."""

    kind: str                       # cage-conflict | breakout-speed | no-part | too-long | cage-capacity
    nodes: tuple[str, ...]
    links: tuple[str, ...]
    detail: tuple[tuple[str, Any], ...] = ()


@dataclass
class Schedule:
    """The physical build of a design: layouts, per-link hardware, assemblies and modules to buy."""

    layouts: dict[str, NodeLayout]
    links: dict[str, LinkHardware] = field(default_factory=dict)
    assemblies: dict[int, Assembly] = field(default_factory=dict)
    modules: dict[CageKey, str] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)

    def slot(self, node_id: str, port: str) -> CageSlot | None:
        layout = self.layouts.get(node_id)
        return layout.slots.get(port) if layout else None


def build_schedule(doc: FabricDocument, catalog: Catalog, lengths_m: Mapping[str, float] | None = None,
                   fibre: str = "auto") -> Schedule:
    """Pick every link's cable, optics and fibre from the catalog.

    `lengths_m` gives each link's needed length (from the rack plan); links missing there use their own
    `length_m`. `fibre` is the fibre type for optics: "smf", "mmf", or "auto" (multimode where the links of a
    group of joined cages are all within its reach, single-mode otherwise).
    """
    with collector_paused():
        sched = Schedule(layouts(doc.nodes.values(), catalog))
        _capacity_problems(sched)
        builder = _Builder(doc, catalog, sched, lengths_m or {}, fibre)
        for link in doc.links.values():
            na, nb = doc.nodes.get(link.a.node), doc.nodes.get(link.b.node)
            if na is None or nb is None or not crosses_sites(na.site, nb.site):
                builder.place(link)     # a long-haul link's optics are the bundle's (topology/long_haul_bom.py)
        builder.finish()
    return sched


def _capacity_problems(sched: Schedule) -> None:
    for nid, layout in sched.layouts.items():
        if layout.overbooked:
            sched.problems.append(Problem("cage-capacity", (nid,), (), (("needed", layout.cages_needed),
                                                                      ("available", layout.cages_available))))


class _Builder:
    """Walks the links once, grouping them by the cages they share."""

    def __init__(self, doc: FabricDocument, catalog: Catalog, sched: Schedule, lengths: Mapping[str, float],
                 fibre: str) -> None:
        self.doc, self.cat, self.sched, self.lengths, self.fibre = doc, catalog, sched, lengths, fibre
        self.twin: dict[frozenset[CageKey], list[Link]] = {}   # copper between two twin cages
        self.split: dict[CageKey, list[Link]] = {}              # copper splitter heads -> their legs
        self.single: list[Link] = []                            # copper between two single cages
        self.cage_media: dict[CageKey, dict[str, list[str]]] = {}   # cage -> medium -> links
        self.optical: list[Link] = []
        self._modules: dict[tuple[str, float, tuple[str, float]], tuple[TransceiverModel | None, bool]] = {}
        self._fibre: dict[tuple[str, str], CableModel | None] = {}   # (fibre, connector) -> fibre part
        self.trained: set[str] = set()          # links running below their switch port's speed (`ib_trained_down`)

    # ---- first pass: every link to its group ------------------------------------------------------
    def place(self, link: Link) -> None:
        sa = self.sched.layouts[link.a.node].slots.get(link.a.port) if link.a.node in self.sched.layouts else None
        sb = self.sched.layouts[link.b.node].slots.get(link.b.port) if link.b.node in self.sched.layouts else None
        if sa is None or sb is None:
            return   # a link to a missing port: the port rules report it
        length = float(self.lengths.get(link.id, link.length_m))
        speed = link.speed_gbps
        trained = ib_trained_down(self.doc, self.cat, link, sa, sb)
        if trained:
            self.trained.add(link.id)
        if (sa.subs > 1 or sb.subs > 1) and not (sa.port_gbps == sb.port_gbps == speed) and not trained:
            self._breakout_speed(link, sa, sb)
        medium = "optical" if link.cable == "optics" else link.cable
        ka, kb = (link.a.node, sa.cage), (link.b.node, sb.cage)
        for key in (ka, kb):
            media = self.cage_media.get(key)
            if media is None:
                self.cage_media[key] = {medium: [link.id]}
            else:
                media.setdefault(medium, []).append(link.id)
        self.sched.links[link.id] = LinkHardware(link.id, medium, None, length_m=length)
        twin_a, twin_b = sa.form == "osfp8", sb.form == "osfp8"
        if medium == "optical":
            self.optical.append(link)
        elif twin_a and twin_b:
            self.twin.setdefault(frozenset((ka, kb)), []).append(link)
        elif twin_a or twin_b:
            self.split.setdefault(ka if twin_a else kb, []).append(link)
        else:
            self.single.append(link)

    def _breakout_speed(self, link: Link, sa: CageSlot, sb: CageSlot) -> None:
        """A port of a cage holding several (a breakout leg) must meet a port of its own speed, at that speed."""
        for slot, far, far_end in ((sa, sb, link.b), (sb, sa, link.a)):
            if slot.subs < 2:
                continue
            leg_gbps, far_gbps = slot.port_gbps, far.port_gbps
            if abs(far_gbps - leg_gbps) > 1e-6 or abs(link.speed_gbps - leg_gbps) > 1e-6:
                self.sched.problems.append(Problem(
                    "breakout-speed", (far_end.node,), (link.id,),
                    (("leg", leg_gbps), ("far_port", far_end.port), ("far_speed", far_gbps),
                     ("speed", link.speed_gbps))))

    # ---- second pass: parts ------------------------------------------------------------------------
    def finish(self) -> None:
        self._cage_conflicts()
        for links in self.twin.values():
            self._copper("twin", links)
        for links in self.split.values():
            self._copper("split", links)
        for link in self.single:
            self._copper("single", [link])
        self._optics()

    def _cage_conflicts(self) -> None:
        """A cage takes one assembly: one medium, and copper to at most one other twin cage."""
        for (node, cage), media in self.cage_media.items():
            if len(media) > 1:
                mixed = tuple(lid for ids in media.values() for lid in ids)
                self.sched.problems.append(Problem("cage-conflict", (node,), mixed,
                                                   (("cage", cage), ("media", tuple(sorted(media))))))
        peers: dict[CageKey, list[Link]] = {}
        for pair, links in self.twin.items():
            for end_cage in pair:
                peers.setdefault(end_cage, []).extend(links)
        for (node, cage_no), copper in peers.items():
            if len({frozenset(self._cages(lk)) for lk in copper}) > 1:
                self.sched.problems.append(Problem("cage-conflict", (node,), tuple(lk.id for lk in copper),
                                                   (("cage", cage_no), ("media", ("copper-to-two-cages",)))))

    def _slots(self, link: Link) -> tuple[CageSlot, CageSlot]:
        """Both ends' slots of a link that `place` accepted (so both exist)."""
        sa, sb = self.sched.slot(link.a.node, link.a.port), self.sched.slot(link.b.node, link.b.port)
        assert sa is not None and sb is not None
        return sa, sb

    def _cages(self, link: Link) -> tuple[CageKey, CageKey]:
        sa, sb = self._slots(link)
        return (link.a.node, sa.cage), (link.b.node, sb.cage)

    def _copper(self, shape: str, links: list[Link]) -> None:
        first = links[0]
        sa, sb = self._slots(first)
        if shape == "split" and not _is_twin(sa):
            sa, sb = sb, sa
        legs = sa.subs if shape == "split" else 1
        speed = sa.port_gbps if shape == "split" else max(lk.speed_gbps for lk in links)
        port_gbps = 0.0
        if shape == "split" and any(lk.id in self.trained for lk in links):
            speed, port_gbps = self._trained_speed(links), sa.port_gbps
        need = max(self.sched.links[lk.id].length_m for lk in links)
        head_gbps = sa.cage_gbps if shape != "single" else speed
        part, reaches = cable_part(self.cat, first.cable, sa.form, sb.form, legs, speed, need, head_gbps=head_gbps,
                                   port_gbps=port_gbps)
        ids = tuple(lk.id for lk in links)
        if part is None:
            detail = (("cable", first.cable), ("speed", speed), ("forms", (sa.form, sb.form)))
            self.sched.problems.append(Problem("no-part", _nodes(links), ids, detail))
            self._fallback_to_optics(links)
            return
        if not reaches:
            self.sched.problems.append(Problem("too-long", _nodes(links), ids,
                                               (("cable", first.cable), ("speed", speed), ("reach", part.max_reach_m),
                                                ("longest", need))))
        ordered = ordered_length_m(part, need)
        asm = self._assembly(part.id, ordered, cable_price_usd(part, ordered), ids)
        for lk in links:
            hw = self.sched.links[lk.id]
            hw.medium, hw.assembly, hw.ordered_m = part.type, asm.id, ordered

    def _trained_speed(self, links: list[Link]) -> float:
        """The one speed the links of a split cage run at when all of them are trained down (its splitter's legs run
        one rate); 0 otherwise, which no splitter fits."""
        speeds = {lk.speed_gbps for lk in links}
        return speeds.pop() if len(speeds) == 1 and all(lk.id in self.trained for lk in links) else 0.0

    def _fallback_to_optics(self, links: list[Link]) -> None:
        """Price a link no cable fits as optics, so that the bill of materials stays complete; not a trained-down
        link, which no module runs (`_optics`)."""
        for lk in links:
            if lk.id not in self.trained:
                self.sched.links[lk.id].medium = "optical"
                self.optical.append(lk)

    def _optics(self) -> None:
        slots = {nid: layout.slots for nid, layout in self.sched.layouts.items()}
        fibre_of = self._fibre_by_component(slots)
        for link in self.optical:
            hw = self.sched.links[link.id]
            sa, sb = slots[link.a.node][link.a.port], slots[link.b.node][link.b.port]
            if link.id in self.trained:
                self._no_module(link, sa, sb)
                continue
            ka = (link.a.node, sa.cage)
            hw.module_a = self._module(ka, sa, hw, link, fibre_of[ka])
            hw.module_b = self._module((link.b.node, sb.cage), sb, hw, link, fibre_of[ka])
            self._fibres(link, hw)

    def _no_module(self, link: Link, sa: CageSlot, sb: CageSlot) -> None:
        """A link trained below its switch port's speed has no optics: an NDR module runs 100G-PAM4 lanes only and
        cannot downshift to an HDR or EDR port's (NVIDIA LinkX user guide for 400G 100G-PAM4 parts); only a copper
        splitter made for it joins the two (MCP7Y60, `_copper`)."""
        self.sched.problems.append(Problem("no-part", (link.a.node, link.b.node), (link.id,),
                                           (("cable", "optics"), ("speed", link.speed_gbps),
                                            ("forms", (sa.form, sb.form)))))

    def _fibre_by_component(self, slots: dict[str, dict[str, CageSlot]]) -> dict[CageKey, tuple[str, float]]:
        """(preferred fibre, length to reach) for each optical cage. Cages joined by optical links share one
        fibre type, and a twin-port module one type for both its ports: with "auto", a group of joined cages
        takes multimode (SR, cheaper) when its longest link is within multimode reach, single-mode otherwise."""
        groups: DisjointSets[CageKey] = DisjointSets()
        ends = []
        gear: dict[CageKey, tuple[str, float]] = {}        # cage -> (form, engine speed) of its module
        for link in self.optical:
            if link.id in self.trained:
                continue            # no module (`_no_module`)
            sa, sb = slots[link.a.node][link.a.port], slots[link.b.node][link.b.port]
            ka, kb = (link.a.node, sa.cage), (link.b.node, sb.cage)
            groups.union(ka, kb)
            gear[ka], gear[kb] = _module_gear(sa), _module_gear(sb)
            ends.append((ka, self.sched.links[link.id].length_m))
        longest: dict[CageKey, float] = {}
        needs: dict[CageKey, set[tuple[str, float]]] = {}
        for key, length in ends:
            root = groups.find(key)
            longest[root] = max(longest.get(root, 0.0), length)
        for key in groups:
            needs.setdefault(groups.find(key), set()).add(gear[key])
        out = {}
        for key in groups:
            root = groups.find(key)
            fibre = self.fibre
            if fibre == "auto":
                fibre = "mmf" if longest.get(root, 0.0) <= self._mmf_reach() + 1e-9 else "smf"
            out[key] = (self._fibre_all_have(fibre, needs[root]), longest.get(root, 0.0))
        return out

    def _fibre_all_have(self, fibre: str, needs: set[tuple[str, float]]) -> str:
        """`fibre`, or the other type when some cage of the group has no module of `fibre` and every cage has one
        of the other: both ends of a fibre must be of one type (a 1.6T cage has single-mode modules only)."""
        def every(kind: str) -> bool:
            return all(any(t.fibre == kind and t.form == form and t.engines == (2 if form == "osfp8" else 1)
                           and t.engine_gbps + 1e-6 >= gbps for t in self.cat.transceivers.values())
                       for form, gbps in needs)
        other = "smf" if fibre == "mmf" else "mmf"
        return other if not every(fibre) and every(other) else fibre

    def _mmf_reach(self) -> float:
        """How far the catalog's multimode twin-port modules reach (the shortest of them, to be safe)."""
        reaches = [t.max_reach_m for t in self.cat.transceivers.values() if t.fibre == "mmf" and t.form == "osfp8"]
        return min(reaches) if reaches else 0.0

    def _module(self, cage: CageKey, slot: CageSlot, hw: LinkHardware, link: Link,
                fibre: tuple[str, float]) -> str | None:
        """The cage's module (one per cage, for the fibre of its group of joined cages); a link beyond its reach
        is a problem."""
        chosen = self.sched.modules.get(cage)
        if chosen is not None:
            existing = self.cat.transceivers[chosen]
            if hw.length_m > existing.max_reach_m + 1e-9:
                self._too_long(cage, link, existing.max_reach_m, hw.length_m)
            return chosen
        _, engine_gbps = _module_gear(slot)
        memo = (slot.form, engine_gbps, fibre)
        if memo not in self._modules:
            self._modules[memo] = transceiver(self.cat, slot.form, engine_gbps, fibre[0], fibre[1])
        module, _reaches = self._modules[memo]
        if module is None:
            self.sched.problems.append(Problem("no-part", (cage[0],), (link.id,),
                                               (("cable", "optics"), ("speed", link.speed_gbps),
                                                ("forms", (slot.form,)))))
            return None
        if hw.length_m > module.max_reach_m + 1e-9:
            self._too_long(cage, link, module.max_reach_m, hw.length_m)
        self.sched.modules[cage] = module.id
        return str(module.id)

    def _too_long(self, cage: CageKey, link: Link, reach_m: float, length_m: float) -> None:
        self.sched.problems.append(Problem("too-long", (cage[0],), (link.id,),
                                           (("cable", "optics"), ("speed", link.speed_gbps),
                                            ("reach", reach_m), ("longest", length_m))))

    def _fibres(self, link: Link, hw: LinkHardware) -> None:
        module_id = hw.module_a or hw.module_b
        if module_id is None:
            return
        module = self.cat.transceivers[module_id]
        key = (module.fibre, module.connector)
        if key not in self._fibre:
            self._fibre[key] = fibre_part(self.cat, module.fibre, module.connector)
        part = self._fibre[key]
        if part is None:
            self.sched.problems.append(Problem("no-part", (link.a.node, link.b.node), (link.id,),
                                               (("cable", "fibre"), ("speed", link.speed_gbps),
                                                ("forms", (module.connector,)))))
            return
        count = max(1, round(link.speed_gbps / module.engine_gbps))
        ordered = ordered_length_m(part, hw.length_m)
        price = cable_price_usd(part, ordered)
        ids = [self._assembly(part.id, ordered, price, (link.id,)).id for _ in range(count)]
        hw.assembly, hw.fibres, hw.ordered_m = ids[0], count, ordered

    def _assembly(self, part: str, length_m: float, price: float, links: tuple[str, ...]) -> Assembly:
        n = len(self.sched.assemblies) + 1
        asm = self.sched.assemblies[n] = Assembly(n, part, length_m, price, list(links))
        return asm


def _is_twin(slot: CageSlot) -> bool:
    return slot.form == "osfp8"


def _nodes(links: list[Link]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(n for lk in links for n in (lk.a.node, lk.b.node)))


def _module_gear(slot: CageSlot) -> tuple[str, float]:
    """The form of a cage's module and the speed of each of its engines (a twin-port cage has two)."""
    return slot.form, slot.cage_gbps / 2 if slot.form == "osfp8" else slot.cage_gbps


def link_speeds_gbps(catalog: Catalog, node: Node, port_gbps: float) -> tuple[float, ...]:
    """The speeds a port of `port_gbps` on `node` carries a link at: its switch model's (the catalog's
    `link_speeds_gbps` for a native port: a Quantum-2 port links at 40 to 400 Gb/s), else S, S/2 or S/4 (lane-rate
    fallback, e.g. 400G -> 200G / 100G)."""
    model = catalog.switches.get(node.model) if node.kind == "switch" else None
    return model.links_at(port_gbps) if model is not None else fallback_speeds_gbps(port_gbps)


def ib_trained_down(doc: FabricDocument, catalog: Catalog, link: Link, sa: CageSlot, sb: CageSlot) -> bool:
    """Whether `link` joins an InfiniBand port to a slower InfiniBand port in a cage of its own (not a leg of a split
    cage) and runs at the slower one's speed, a speed the faster port links at: an InfiniBand link trains to the
    fastest speed both ends support (QM97xx manual: a Quantum-2 port runs at 40/56/100/200/400 Gb/s, the speed
    auto-adjusted by the InfiniBand protocol; the catalog's `link_speeds_gbps`), so an NDR leaf port carries a
    MetroX-3 XC's EDR port at 100G (topology/two_site.py). A link at its ports' own speed never is."""
    if link.speed_gbps >= max(sa.port_gbps, sb.port_gbps) - 1e-6:
        return False
    ends = [(doc.nodes[e.node], doc.nodes[e.node].port(e.port)) for e in (link.a, link.b)]
    if any(port is None or port.medium != "ib" for _, port in ends):
        return False
    (fast_node, _), fast, slow = (ends[0], sa, sb) if sa.port_gbps >= sb.port_gbps else (ends[1], sb, sa)
    speeds = link_speeds_gbps(catalog, fast_node, fast.port_gbps)
    return (slow.subs == 1 and abs(link.speed_gbps - slow.port_gbps) < 1e-6
            and any(abs(s - slow.port_gbps) < 1e-6 for s in speeds))
