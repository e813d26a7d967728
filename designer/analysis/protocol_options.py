"""The options a proposal weighs for one drawing: the same drawing with every back-end segment on InfiniBand and on
RoCEv2, and, for a hybrid drawing, the design as drawn. Each option is priced from the bill of materials of that drawing
with that protocol's hardware: back-end switches become the other protocol's counterpart (the catalog switch the
simulation runs in their place, about the same port count at the same speed) and back-end NICs that cannot run the
protocol become the cheapest catalog NIC of that speed that can. Where the counterpart's ports differ from the drawn
switch's, the option is built as that protocol's generator would build it: a tier packed into fewer, larger switches, a
rail one switch or a two-tier Clos with its cables and optics, a fabric on smaller switches the Clos of them that
generator builds, a third tier where two do not hold it (switch_consolidation.py, clos_rebuild.py). Across sites, the
InfiniBand option's Ethernet DCI routers (or the Ethernet switches used as such) become the catalog's InfiniBand
long-haul appliance where the span is within its reach (as the simulation runs them: designer/sim/long_haul.py), as many
as carry the bundle at the appliance's line ports, with line-side optics of that speed, InfiniBand local ports and a
local cable per line on the site's fabric, as the InfiniBand two-site generator builds them; beyond the reach they stay,
the option's links run at credits / RTT, and the option is not buildable at that distance: shown for comparison, never
recommended (`_beyond_reach_km`). The RoCEv2 option's InfiniBand long-haul appliances become the DCI routers the RoCEv2
two-site generator builds, with their lines, optics and local cables, and each site's fabric the Clos of the option's
switches over its GPUs and those cables (long_haul_options.py). In a hybrid drawing's single-protocol options the IB <->
Ethernet gateways between the pods go and the pods are one fabric, as that protocol's generator builds that many GPUs
(pod_joining.join_pods); the drawn option keeps its gateways. Each option is simulated on the design it is priced for
(`option_designs`), so its figures and its price describe one design."""

from __future__ import annotations

import copy
import math
from dataclasses import dataclass

from designer.analysis.clos_rebuild import cables_by_racks, clos_in_place, clos_of_fabric
from designer.analysis.long_haul_options import (
    ethernet_dci,
    long_haul_as_ethernet,
    long_haul_as_ib,
    train_local_cables,
)
from designer.analysis.pod_joining import drop_protocol_gateways, join_pods
from designer.analysis.recommendation import Option
from designer.analysis.settings_presets import run_preset
from designer.analysis.switch_consolidation import (
    collapse_rails,
    consolidate,
    fit_ports,
    switch_fabrics,
    switch_links,
    tiered_by_ports,
    used_ports,
)
from designer.catalog.loader import Catalog
from designer.i18n.message import Message
from designer.model.document import FabricDocument
from designer.model.errors import ProjectError
from designer.sim.compile import counterpart_switch
from designer.topology.cost import CostReport, cost_report
from designer.topology.segment_names import renamed_for
from designer.topology.sizing import SwitchSpec

PROTOCOLS = ("ib", "rocev2")


@dataclass
class Variant:
    """One option's drawing and its priced bill of materials; `overfull` names switches whose counterpart has fewer
    ports than the drawing uses on them (the bill then counts as many counterparts as those ports need)."""

    key: str                  # "drawn" | "ib" | "rocev2"
    doc: FabricDocument
    cost: CostReport
    overfull: list[str]
    overfull_units: int = 0   # the counterpart switches priced in the overfull switches' places
    beyond_reach_km: float = 0.0      # > 0: no equipment of the option's protocol spans this distance (not buildable)


def drawn_protocol(doc: FabricDocument, catalog: Catalog) -> str:
    """"ib", "rocev2" or "hybrid": what the drawing's back-end runs (its segments, else its switches)."""
    found = {s.protocol for s in doc.segments.values() if s.nodes}
    if not found:
        for node in doc.nodes.values():
            if node.kind == "switch" and node.role != "frontend" and node.model in catalog.switches:
                found.add("ib" if catalog.switches[node.model].protocol == "ib" else "rocev2")
    if found == {"ib"}:
        return "ib"
    return "hybrid" if len(found) > 1 else "rocev2"


def _nic_runs(catalog: Catalog, nic_id: str, protocol: str) -> bool:
    nic = catalog.nics.get(nic_id)
    return nic is None or nic.protocol == "vpi" or (nic.protocol == "ib") == (protocol == "ib")


def _counterpart_nic(catalog: Catalog, nic_id: str, protocol: str) -> str:
    """The cheapest card of the protocol as fast and with as many ports (a multi-plane NIC's card has a port per
    plane; a VPI card, as the dual-port ConnectX-7, runs both protocols and is never swapped)."""
    drawn = catalog.nics[nic_id]
    fits = [n for n in catalog.nics.values() if n.port_gbps >= drawn.port_gbps and n.ports >= drawn.ports
            and set(drawn.plane_splits) <= set(n.plane_splits) and _nic_runs(catalog, n.id, protocol)]
    return min(fits, key=lambda n: (n.port_gbps, n.price_usd, n.id)).id if fits else nic_id


def as_protocol(doc: FabricDocument, protocol: str, catalog: Catalog) -> tuple[FabricDocument, list[str]]:
    """A copy of `doc` whose back-end runs `protocol` on that protocol's hardware, and the switches whose counterpart
    has fewer ports than the drawing uses, each built as the other protocol's generator would build its place
    (switch_consolidation.py, clos_rebuild.py). A fabric of several switches with such a switch among it is rebuilt
    as the Clos of counterparts the generators build over the same endpoint ports, its switch-to-switch cables and
    their optics its own (a 512-GPU RoCEv2 fat tree of 8 SN5600 leaves and 4 spines is 16 QM9700 leaves and 8
    spines, a 2-tier 4,096-GPU one three tiers); such a switch that is a fabric of its own (a rail of a rail-only
    back-end) becomes the two-tier Clos of counterparts the generator builds for a rail. Only what cannot be built
    so (a core with endpoints, mixed speeds, beyond three tiers) is priced as as many counterparts as its ports fill
    (the copy holds the extra ones, unlinked). Where the counterpart has more ports, a rail whose servers one
    counterpart holds is that one switch (a rail of four leaves and two spines is one), and a tier's switches are
    packed into as few as their ports fill. A swapped switch's ports are the counterpart's (no cage booked twice). A
    segment's generated name names the option's protocol ("Back-end (IB)"); a name the user gave stays. An option on
    other hardware gets a rack plan of its own (the fabric manager appliances of InfiniBand, the racks its switches
    fill); the drawn cables keep their lengths, the cables a Clos adds get their runs in that plan."""
    dup, overfull, _ = _option(doc, protocol, catalog)
    return dup, overfull


def _option(doc: FabricDocument, protocol: str, catalog: Catalog) -> tuple[FabricDocument, list[str], int]:
    """`as_protocol`, and the counterpart switches in the overfull switches' places (a fabric rebuilt as a Clos, a
    rail's Clos, or a switch's unlinked units)."""
    dup = doc.copy()
    for seg in dup.segments.values():
        seg.protocol = protocol
        seg.name = renamed_for(seg.name, protocol)       # a generated name names the option's protocol
    edge = (long_haul_as_ib if protocol == "ib" else long_haul_as_ethernet)(dup, catalog)   # cables on the fabric
    bridged = drop_protocol_gateways(dup, catalog)      # one protocol: nothing for a hybrid's gateways to translate
    twins = _switches_and_nics_as(dup, protocol, catalog)
    joined = set()
    if bridged:
        joined = set(join_pods(dup, bridged, _tier_specs(dup, twins, catalog), _oversubscription(dup), catalog))
        twins = {n: spec for n, spec in twins.items() if n in dup.nodes and n not in joined}   # built: no twins
    used = used_ports(dup)
    overfull = [n for n, spec in twins.items() if used.get(n, 0) > spec.ports]
    rebuilt, clos, counted = _fabrics_as_clos(dup, twins, overfull, catalog, _cabled_to(dup, edge))
    units = _overfull_as_counterparts(dup, {n: twins[n] for n in overfull if n not in rebuilt}, used, catalog)
    fitting = {n: spec.ports for n, spec in twins.items() if n not in overfull and n not in rebuilt}
    gone = collapse_rails(dup, fitting, catalog, tiered_by_ports(doc))
    consolidate(dup, {n: ports for n, ports in fitting.items() if n not in gone})
    fit_ports(dup, [n for n in twins if n not in rebuilt], catalog)
    train_local_cables(dup, edge)
    if twins or edge:
        dup.racks = None               # other hardware, its own rack plan (the drawing's names other devices)
    for node_id, count in units.items():      # a count of 1 adds nothing
        _add_units(dup, node_id, count)
    placed = set(clos) | joined        # besides the rebuilt fabrics: the overfull kept, their copies, a rail's Clos
    priced = counted + sum(1 for n in dup.nodes.values() if n.kind == "switch" and n.id not in placed
                             and (n.id in overfull or n.id not in doc.nodes))
    return dup, overfull, priced


def _fabrics_as_clos(dup: FabricDocument, twins: dict[str, SwitchSpec], overfull: list[str],
                     catalog: Catalog, dealt: set[str]) -> tuple[set[str], list[str], int]:
    """Each fabric of several switches, all swapped to one counterpart, with an overfull switch among them or any of
    the switches `dealt` (cabled to the option's long-haul equipment, whose local cables are as many as its lines
    need, not as the drawing had them), built as the Clos of that counterpart the generators build over its
    endpoints (clos_rebuild.clos_of_fabric); one holding switches `dealt` with its endpoints dealt anew, as
    the two-site generator deals them with those cables among them (an InfiniBand site of 64 GPUs and 64 MetroX
    local cables, 4 QM9700 leaves and 2 spines, is with 16 DCI router cables the 2 SN5600 leaves and 2 spines the
    RoCEv2 generator builds for 80 ports). Returns the drawn switches it replaced, the new ones, and how many of
    those replace fabrics with an overfull switch."""
    members = switch_fabrics(dup).groups()
    full = set(overfull)
    oversubscription = _oversubscription(dup)
    gone: set[str] = set()
    new: list[str] = []
    counted = 0
    for nodes in members.values():
        specs = {twins.get(n) for n in nodes}
        spec = next(iter(specs))
        packed = bool(dealt.intersection(nodes))
        if len(nodes) < 2 or not (full.intersection(nodes) or packed) or len(specs) != 1 or spec is None:
            continue
        built = clos_of_fabric(dup, nodes, spec, oversubscription, catalog, packed=packed)
        if built is not None:
            gone.update(nodes)
            new.extend(built)
            counted += len(built) if full.intersection(nodes) else 0
    cables_by_racks(dup, set(new), catalog)
    return gone, new, counted


def _cabled_to(doc: FabricDocument, nodes: set[str]) -> set[str]:
    """The nodes cabled to any of `nodes`."""
    return {lk.b.node if lk.a.node in nodes else lk.a.node for lk in doc.links.values()
            if lk.a.node in nodes or lk.b.node in nodes} - nodes


def _oversubscription(doc: FabricDocument) -> float:
    """The oversubscription a rebuilt tier is sized for: the design's target, never below non-blocking."""
    return max(doc.assumptions.target_oversubscription, 1.0)


def _link_speeds(doc: FabricDocument) -> dict[str, float]:
    """Each cabled node -> the speed of its first cable."""
    speed: dict[str, float] = {}
    for link in doc.links.values():
        for end in (link.a, link.b):
            speed.setdefault(end.node, link.speed_gbps)
    return speed


def _tier_specs(dup: FabricDocument, twins: dict[str, SwitchSpec], catalog: Catalog) -> dict[str, SwitchSpec]:
    """Each back-end switch -> the tier it makes at its cables' speed: a swapped one its counterpart's, one already
    of the option's protocol its own model's."""
    speed = _link_speeds(dup)
    specs = dict(twins)
    for node in dup.nodes.values():
        model = catalog.switches.get(node.model or "")
        if node.kind == "switch" and node.role != "frontend" and model is not None and node.id not in specs:
            gbps = speed.get(node.id, model.port_gbps)
            specs[node.id] = SwitchSpec(model.id, model.ports * (model.breakout_for(gbps) or 1), gbps, gbps)
    return specs


def _switches_and_nics_as(dup: FabricDocument, protocol: str, catalog: Catalog) -> dict[str, SwitchSpec]:
    """Back-end switches as their counterparts of `protocol` and NICs that cannot run it as ones that can, their
    ports speaking the protocol's medium; returns each swapped switch -> its counterpart as a tier of the drawn
    speed uses it."""
    family = "ib" if protocol == "ib" else "ethernet"
    speed = _link_speeds(dup)
    twins: dict[str, SwitchSpec] = {}
    for node in dup.nodes.values():
        if node.kind == "switch" and node.role != "frontend" and node.model in catalog.switches:
            model = catalog.switches[node.model]
            gbps = speed.get(node.id, model.port_gbps)
            twin = counterpart_switch(catalog, model, family, gbps)
            if twin is not model:
                ports = twin.ports * (twin.breakout_for(gbps) or 1)
                node.model = twin.id
                twins[node.id] = SwitchSpec(twin.id, ports, gbps, gbps)
                for group in node.port_groups:
                    group.medium = family
        elif node.kind == "server" and node.nic_model and not _nic_runs(catalog, node.nic_model, protocol):
            node.nic_model = _counterpart_nic(catalog, node.nic_model, protocol)
            for group in node.port_groups:
                if group.plane == "backend":
                    group.medium = catalog.nics[node.nic_model].protocol
    return twins


def _overfull_as_counterparts(dup: FabricDocument, overfull: dict[str, SwitchSpec], used: dict[str, int],
                              catalog: Catalog) -> dict[str, int]:
    """Each overfull switch built as counterparts: a fabric of its own as a rail's two-tier Clos of them, in the
    copy (clos_rebuild.clos_in_place), its cables at their runs in the option's racks; returns the others ->
    the counterparts that price them."""
    cabled = {end for pair in switch_links(dup) for end in pair}
    oversubscription = _oversubscription(dup)
    units: dict[str, int] = {}
    built: set[str] = set()
    for node_id, spec in overfull.items():
        alone = node_id not in cabled
        clos = None if not alone else clos_in_place(dup, node_id, spec, oversubscription, catalog)
        if clos is None:
            units[node_id] = _clos_units(used[node_id], spec.ports, not alone)
        else:
            built.update(clos)
    cables_by_racks(dup, built, catalog)
    return units


def _clos_units(used: int, ports: int, in_fabric: bool) -> int:
    """The counterparts that price `used` ports of a switch whose counterpart has `ports`: in a fabric of several
    tiers, as many as the ports fill (each tier grows alike, as the generators' Clos of the smaller switch does);
    a switch that is a fabric of its own but cannot be built as a two-tier Clos here, the leaves with half their
    ports down and the spines that join them of such a Clos."""
    if in_fabric:
        return math.ceil(used / ports)
    leaves = math.ceil(used / (ports // 2))
    return leaves + math.ceil(leaves * (ports // 2) / ports)


def _add_units(doc: FabricDocument, node_id: str, units: int) -> None:
    """Priced as `units` switches: the drawn one and units - 1 unlinked copies beside it."""
    node = doc.nodes[node_id]
    for k in range(2, units + 1):
        extra = copy.deepcopy(node)
        extra.id = f"{node_id}-{k}"
        doc.nodes[extra.id] = extra


def variants(doc: FabricDocument, catalog: Catalog, currency: str | None = None) -> dict[str, Variant]:
    """The drawing as drawn and as each protocol, each with its bill of materials (ProjectError if unpriceable)."""
    out = {"drawn": Variant("drawn", doc, cost_report(doc, catalog, currency), [])}
    for proto in PROTOCOLS:
        dup, overfull, units = _option(doc, proto, catalog)
        out[proto] = Variant(proto, dup, cost_report(dup, catalog, currency), overfull, units,
                             _beyond_reach_km(dup, catalog) if proto == "ib" else 0.0)
    return out


def option_designs(doc: FabricDocument, catalog: Catalog,
                   priced: dict[str, Variant] | None = None) -> dict[str, FabricDocument]:
    """The design each protocol option is priced for, which its simulation must run (sim.compare `designs`): for
    the protocol the drawing runs, the drawing itself (`protocol_options` prices that option as drawn); for another,
    the option's own document (`variants`: that protocol's switches and NICs, a tier of smaller switches rebuilt as
    their Clos, a hybrid's pods one fabric without its IB <-> Ethernet gateways). `priced` is `variants(doc,
    catalog)` when the caller has it. An option that is not buildable (InfiniBand beyond the long-haul appliance's
    reach: no real design to describe) has none and, as a design the cost model cannot price ({}), runs on the
    drawing with its protocol overridden (its long-haul links at credits / RTT either way)."""
    if priced is None:
        try:
            priced = variants(doc, catalog)
        except ProjectError:
            return {}
    drawn = drawn_protocol(doc, catalog)
    return {p: doc if p == drawn else priced[p].doc for p in PROTOCOLS if not priced[p].beyond_reach_km}


def _beyond_reach_km(option: FabricDocument, catalog: Catalog) -> float:
    """The longest span the InfiniBand `option` still carries on Ethernet DCI routers or switches used as ones (0:
    none, long_haul_options.ethernet_dci): beyond the reach
    of the catalog's InfiniBand long-haul appliance (MetroX class, 40 km) no InfiniBand equipment carries the span
    at line rate, and plain InfiniBand ports across it run at credits / RTT (docs/multi-site.md: 2.1 Gb/s a link at
    100 km). Routers behind IB-to-Ethernet gateways would carry it, but the links would then be Ethernet's, not the
    InfiniBand option's (its simulation runs them at credits / RTT): such an option is not buildable at that
    distance and is never recommended (`protocol_options`)."""
    spans = [lh.distance_km for lh in option.long_haul if ethernet_dci(catalog, lh.equipment)]
    return max(spans, default=0.0)


def _time(result: dict | None) -> float | None:
    if not result:
        return None
    step = result.get("step_time_s")
    return float(step) if step is not None else result.get("completion_time_s")


def _p99(result: dict | None) -> float | None:
    return ((result or {}).get("latency_us") or {}).get("p99")


def protocol_options(doc: FabricDocument, catalog: Catalog, priced: dict[str, Variant],
                     results: dict[str, dict]) -> list[Option]:
    """The options in the order a full tie keeps: what the drawing runs first. `results` holds healthy runs
    ("drawn", "ib", "rocev2"; any may be missing: that option then has no time or latency)."""
    drawn = drawn_protocol(doc, catalog)
    keys = ["drawn", "ib", "rocev2"] if drawn == "hybrid" else [drawn, *(p for p in PROTOCOLS if p != drawn)]
    out = []
    for key in keys:
        protocol = drawn if key == "drawn" else key
        result = results.get(key)
        if result is None and key == drawn:
            result = results.get("drawn")
        variant = priced["drawn" if key in ("drawn", drawn) else key]
        cost = variant.cost
        out.append(Option(id=protocol, label=Message(f"rec.option.{protocol}"), protocol=protocol,
                          capex=cost.capex, tco=cost.tco, currency=cost.currency, time_s=_time(result),
                          p99_us=_p99(result), preset=run_preset(result), buildable=not variant.beyond_reach_km,
                          figures={"backend": None if key == "drawn" else key,
                                   "busbw_gbps": (result or {}).get("busbw_gbps"),
                                   "gpu_utilization": (result or {}).get("gpu_utilization"),
                                   "goodput_gbps": (result or {}).get("goodput_gbps")}))
    return out
