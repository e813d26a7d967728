"""The other protocol's option of a drawing: its switches, rebuilt where they have fewer ports than the drawn ones."""

from __future__ import annotations

import math
from pathlib import Path

from designer.analysis.protocol_options import as_protocol, variants
from designer.analysis.switch_consolidation import switch_links
from designer.catalog.loader import load_catalog
from designer.model import fileformat
from designer.topology.checks import run_checks
from designer.topology.cost import cost_report
from designer.topology.generate import generate
from designer.topology.segment_names import backend_name

PROJECTS = Path(__file__).resolve().parent.parent / "projects"


def _errors(doc, cat) -> list[tuple[str, tuple]]:
    return [(f.rule, f.nodes) for f in run_checks(doc, cat) if f.severity == "error"]


def _tiers(doc) -> dict[str, int]:
    roles: dict[str, int] = {}
    for node in doc.nodes.values():
        if node.kind == "switch":
            roles[node.role] = roles.get(node.role, 0) + 1
    return roles


def test_the_infiniband_option_of_a_rocev2_fabric_is_the_clos_the_infiniband_generator_builds():
    """A RoCEv2 fabric of 128-port SN5600s whose switches a 64-port QM9700 cannot hold (a 512-GPU fat tree: 8 leaves
    of 64 GPUs and 4 spines) is built in its InfiniBand option as the InfiniBand generator builds the same GPUs: 16
    leaves and 8 spines with their own cables, every GPU cable kept. The option passes the design checks (no cage
    booked twice) and costs what the generated InfiniBand design does, within 0.1 % (the drawn GPU cables keep the
    drawing's lengths); a 3-tier drawing stays 3 tiers, its pods of at most 32 leaves."""
    cat = load_catalog()
    for kind, gpus in (("fat-tree", 512), ("rail-optimized", 512), ("fat-tree-3", 256)):
        drawn = generate(kind, gpus=gpus, backend="rocev2", frontend=False, catalog=cat)
        native = generate(kind, gpus=gpus, backend="ib", frontend=False, catalog=cat)
        option = variants(drawn, cat)["ib"]
        assert _errors(option.doc, cat) == [], kind
        assert _tiers(option.doc) == _tiers(native) != _tiers(drawn), kind
        assert option.overfull_units == sum(_tiers(native).values()) and option.overfull, kind
        assert len(option.doc.links) == len(native.links), kind
        for link in drawn.links.values():         # each GPU cable kept as drawn, on a new leaf of the same rail
            if drawn.nodes[link.a.node].kind == "server":
                moved = option.doc.links[link.id]
                leaf = option.doc.nodes[moved.b.node]
                assert (moved.a, moved.cable, moved.length_m) == (link.a, link.cable, link.length_m)
                assert leaf.role == "leaf" and leaf.model == "qm9700" and leaf.rail == drawn.nodes[link.b.node].rail
        capex = cost_report(native, cat).capex
        assert abs(option.cost.capex / capex - 1) < 0.001, (kind, option.cost.capex, capex)
    assert drawn.nodes["leaf-01"].model == "sn5600" and not _errors(drawn, cat)     # the drawing left as it was


def test_a_hybrid_drawings_single_protocol_options_are_one_fabric_as_that_protocols_generator_builds():
    """A 256-GPU hybrid (an InfiniBand pod and a RoCEv2 pod joined by two IB-to-Ethernet gateways) as one protocol:
    nothing left to translate, so the gateways go and the two pods are one fabric, priced as the generator builds
    the same GPUs on that protocol (within 0.5 %: the drawing's GPU cables are kept), one back-end segment (one set
    of fabric managers); the option passes the design checks (before: medium-mismatch, and on the rail-optimized
    drawing's RoCEv2 option a cable-model error). The drawn option keeps its gateways."""
    cat = load_catalog()
    for kind in ("fat-tree", "rail-optimized"):
        doc = generate(kind, gpus=256, backend="hybrid", frontend=False, catalog=cat)
        priced = variants(doc, cat)
        assert sum(1 for n in priced["drawn"].doc.nodes.values() if n.kind == "gateway") == 2
        for protocol in ("ib", "rocev2"):
            option = priced[protocol]
            native = generate(kind, gpus=256, backend=protocol, frontend=False, catalog=cat)
            assert _errors(option.doc, cat) == [], (kind, protocol)
            assert not any(n.kind == "gateway" for n in option.doc.nodes.values()), (kind, protocol)
            assert _tiers(option.doc) == _tiers(native), (kind, protocol)
            assert [s.name for s in option.doc.segments.values()] == [backend_name(protocol)]
            capex = cost_report(native, cat).capex
            assert abs(option.cost.capex / capex - 1) < 0.005, (kind, protocol, option.cost.capex, capex)
    assert {rule for rule, _ in _errors(doc, cat)} == set()          # the drawing left as it was


def test_hybrid_pods_no_clos_can_join_are_cabled_switch_to_switch_in_the_gateways_place():
    """Pods whose switches are not one model (a RoCEv2 pod of 7060X6s beside SN5600s in the RoCEv2 option) cannot be
    one Clos of one switch: each gateway's InfiniBand and Ethernet cables become one cable between the two spines it
    joined, of the class the option's racks give it, and the option passes the checks."""
    cat = load_catalog()
    doc = generate("fat-tree", gpus=256, backend="hybrid", frontend=False, catalog=cat)
    for node in doc.nodes.values():
        if node.model == "sn5600":
            node.model = "7060x6"
    through = sum(1 for lk in doc.links.values() if "gateway" in (doc.nodes[lk.a.node].kind, doc.nodes[lk.b.node].kind))
    option = variants(doc, cat)["rocev2"].doc
    assert _errors(option, cat) == []
    spines = [(option.nodes[a].model, option.nodes[b].model) for a, b in switch_links(option)
              if option.nodes[a].role == option.nodes[b].role == "spine"]
    assert len(spines) == through // 2 and all({a, b} == {"sn5600", "7060x6"} for a, b in spines)
    assert len(option.segments) == 1


def test_an_option_names_a_generated_segment_by_its_protocol_and_keeps_a_users_label():
    cat = load_catalog()
    doc = generate("fat-tree", gpus=64, backend="rocev2", frontend=False, catalog=cat)
    (segment,) = doc.segments.values()
    assert segment.name == backend_name("rocev2")
    assert [s.name for s in as_protocol(doc, "ib", cat)[0].segments.values()] == [backend_name("ib")]
    segment.name = "Training fabric (RoCEv2)"
    assert [s.name for s in as_protocol(doc, "ib", cat)[0].segments.values()] == ["Training fabric (RoCEv2)"]


def test_the_infiniband_option_across_sites_prices_long_haul_appliances_within_their_reach():
    """A RoCEv2 design of two sites 30 km apart, 4 x 400G long-haul links: its InfiniBand option carries the 1.6 Tb/s
    on MetroX-3 XC appliances (2 line ports of 100G each, 40 km: 16 lines, 8 appliances a site) with 100G optics of
    that reach, as its simulation runs them; at 100 km, beyond any InfiniBand appliance, the routers stay."""
    from designer.topology.two_site import TwoSiteOptions, generate_two_site

    cat = load_catalog()
    near = generate_two_site(TwoSiteOptions(16, 30, dci_links=4, backend="rocev2"), cat)
    metro = cat.gateways["metrox-3-xc"]
    priced = variants(near, cat)
    ib = priced["ib"].doc
    lines = math.ceil(4 * 400 / metro.long_haul_gbps)
    per_site = math.ceil(lines / metro.long_haul_ports)
    assert [n.model for n in ib.nodes.values() if n.kind == "gateway"] == ["metrox-3-xc"] * (2 * per_site) == \
        ["metrox-3-xc"] * 16
    (bundle,) = ib.long_haul
    optics = cat.long_haul_optics[bundle.optics]
    assert (bundle.count, bundle.capacity_gbps, optics.line_gbps) == (lines, metro.long_haul_gbps, metro.long_haul_gbps)
    assert optics.max_reach_km >= 30
    assert priced["ib"].cost.count("metrox-3-xc") == 16 and priced["ib"].overfull_units == len(priced["ib"].overfull)
    assert [lh.equipment for lh in near.long_haul] == ["dci-jericho2"]          # the drawing itself is left as it was
    far = variants(generate_two_site(TwoSiteOptions(16, 100, dci_links=4, backend="rocev2"), cat), cat)["ib"].doc
    assert {n.model for n in far.nodes.values() if n.kind == "gateway"} == {"dci-jericho2"}
    assert priced["ib"].beyond_reach_km == 0


def test_the_infiniband_option_of_a_two_site_rocev2_design_is_the_generated_infiniband_design():
    """Two sites of 64 GPUs, 16 x 400G DCI links (on DCI routers) 10 and 30 km apart or 8 x 800G (on deep-buffer
    switches) 30 km apart, within the MetroX-3 XC's reach: the InfiniBand option is what the InfiniBand two-site
    generator builds for the same sites, distance and 6.4 Tb/s (64 x 100G lines): 32 appliances a site, their local
    ports InfiniBand, a local cable for each line on the site's QM9700 leaves, a line cable for each line. The checks
    find nothing the generated design lacks (no medium mismatch, no bundle the cables disagree with) and the bill
    prices within half a percent of it. At 100 km the 800G design's option is not buildable, as the 400G one's."""
    from designer.topology.two_site import TwoSiteOptions, generate_two_site

    cat = load_catalog()

    def findings(doc) -> set[tuple[str, str]]:
        return {(f.severity, f.rule) for f in run_checks(doc, cat) if f.severity != "info"}

    for km, gbps, links in ((10, 400, 16), (30, 400, 16), (30, 800, 8)):
        drawn = generate_two_site(TwoSiteOptions(64, km, dci_gbps=gbps, dci_links=links, backend="rocev2"), cat)
        native = generate_two_site(TwoSiteOptions(64, km, dci_gbps=100, dci_links=64, backend="ib"), cat)
        option = variants(drawn, cat)["ib"]
        doc = option.doc
        assert findings(doc) <= findings(native) and not any(f[0] == "error" for f in findings(doc))
        boxes = [n for n in doc.nodes.values() if n.kind == "gateway"]
        assert sorted(n.site for n in boxes) == sorted(n.site for n in native.nodes.values() if n.kind == "gateway")
        assert {p.medium for n in boxes for p in n.ports()} == {"ib"} and option.beyond_reach_km == 0
        lines = [lk for lk in doc.links.values() if doc.nodes[lk.a.node].site != doc.nodes[lk.b.node].site]
        assert len(lines) == doc.long_haul[0].count == 64 and {lk.speed_gbps for lk in lines} == {100}
        local = [lk for lk in doc.links.values() if lk not in lines and {lk.a.node, lk.b.node} & {n.id for n in boxes}]
        assert len(local) == 2 * 64 and {doc.nodes[lk.a.node].model for lk in local} == {"qm9700"}
        assert abs(option.cost.capex / cost_report(native, cat).capex - 1) < 0.005, (km, gbps)
    far = generate_two_site(TwoSiteOptions(64, 100, dci_gbps=800, dci_links=8, backend="rocev2"), cat)
    assert variants(far, cat)["ib"].beyond_reach_km == 100


def test_the_infiniband_option_beyond_the_appliances_reach_is_not_buildable_and_never_recommended():
    """Two sites 100 km apart, beyond the MetroX-3 XC's 40 km: the InfiniBand option is reported as not buildable at
    that distance (its links would run at credits / RTT) and shown, not recommended, even where it would be faster
    and cheaper; the reasons say so. Within reach (30 km) it is an ordinary option."""
    from designer.analysis.protocol_options import protocol_options
    from designer.analysis.recommendation import decide
    from designer.topology.two_site import TwoSiteOptions, generate_two_site

    cat = load_catalog()
    for km, buildable in ((100, False), (30, True)):
        doc = generate_two_site(TwoSiteOptions(16, km, dci_links=4, backend="rocev2"), cat)
        priced = variants(doc, cat)
        assert priced["ib"].beyond_reach_km == (0 if buildable else km) and priced["rocev2"].beyond_reach_km == 0
        results = {"ib": {"completion_time_s": 1.0}, "rocev2": {"completion_time_s": 2.0}}
        options = protocol_options(doc, cat, priced, results)
        assert [(o.id, o.buildable) for o in options] == [("rocev2", True), ("ib", buildable)]
        rec = decide(options)
        assert rec.chosen == ("ib" if buildable else "rocev2")
        assert any("cannot be built" in r for r in rec.reasons("en")) != buildable
        assert not any("listed first" in r for r in rec.reasons("en"))


def test_a_counterpart_with_more_ports_takes_a_tiers_switches_together():
    """An InfiniBand fat tree of 64-port QM9700s as RoCEv2: SN5600s run 128 ports of 400G, so each tier needs half
    as many; the option is priced as the RoCEv2 fat tree of the same GPUs that the generator builds (the same
    switches, cables and optics: the same bill), and the other way round the InfiniBand option of a RoCEv2 drawing
    is priced as the InfiniBand design, its fabric-manager appliances included (a rack plan of its own)."""
    cat = load_catalog()
    ib = generate("fat-tree", gpus=256, backend="ib")
    roce = generate("fat-tree", gpus=256, backend="rocev2")

    def switches(doc) -> int:
        return sum(1 for n in doc.nodes.values() if n.kind == "switch")

    as_roce = variants(ib, cat)["rocev2"]
    native_roce = cost_report(roce, cat)
    assert switches(as_roce.doc) == switches(roce) < switches(ib)
    assert as_roce.cost.capex == native_roce.capex and not as_roce.overfull
    assert len(as_roce.doc.links) == len(ib.links)                             # every cable kept
    as_ib = variants(roce, cat)["ib"]
    assert as_ib.cost.capex == cost_report(ib, cat).capex and as_ib.cost.count("ufm-appliance") > 0
    assert switches(ib) == 14 and as_roce.doc.racks is None and ib.racks is not None   # the drawing is left as it was


def test_packing_keeps_planes_and_rails_apart_and_a_rail_that_overflows_becomes_a_clos():
    """A two-plane InfiniBand back-end as RoCEv2 keeps its planes: a switch takes the ports only of switches of its
    own plane (fabrics no cable joins stay apart), though each plane's tiers pack. A RoCEv2 rail-only back-end whose
    rail is one 128-port switch, as InfiniBand, needs a two-tier Clos of 64-port switches per rail (4 leaves, 2
    spines), as the generated InfiniBand rail-only design has."""
    cat = load_catalog()
    planes = generate("multi-plane", gpus=512, backend="ib", planes=2, frontend=False)
    as_roce, _ = as_protocol(planes, "rocev2", cat)
    plane_of = {n.id: n.pod for n in planes.nodes.values() if n.kind == "switch"}
    merged = 0
    for node in (n for n in as_roce.nodes.values() if n.kind == "switch"):
        taken = {g.prefix.rsplit("-", 2)[0] for g in node.port_groups if g.prefix.endswith("-")} & set(plane_of)
        merged += len(taken)
        assert {plane_of[s] for s in taken} <= {plane_of[node.id]}
    assert merged > 0

    def switches(doc, model=None) -> int:
        return sum(1 for n in doc.nodes.values() if n.kind == "switch" and model in (None, n.model))

    rails = generate("rail-only", gpus=1024, backend="rocev2", frontend=False)
    native_ib = generate("rail-only", gpus=1024, backend="ib", frontend=False)
    assert switches(rails) == 8
    assert switches(as_protocol(rails, "ib", cat)[0], "qm9700") == switches(native_ib) == 8 * 6


def test_the_rocev2_option_of_a_two_site_infiniband_design_is_the_generated_rocev2_design():
    """Two InfiniBand sites of 64 GPUs on 64 x 100G MetroX-3 XC lines (32 appliances a site), 10 and 30 km apart: the
    RoCEv2 option is what the RoCEv2 two-site generator builds for the same sites, distance and 6.4 Tb/s (16 x 400G
    on two DCI routers a site, 400G ZR-class optics): its long-haul bundle, its devices and its cables by speed and
    kind are the generated design's, its capex within 0.1 % of it, and the checks find nothing the generated design
    lacks. Before, the option kept the 64 MetroX lines (now between routers: long-haul-bundle) and the appliances'
    64 local cables a site on a fabric sized for them, medium-mismatch and 1.9 % over the generated design."""
    from collections import Counter

    from designer.topology.two_site import TwoSiteOptions, generate_two_site

    cat = load_catalog()

    def findings(doc) -> set[tuple[str, str]]:
        return {(f.severity, f.rule) for f in run_checks(doc, cat) if f.severity != "info"}

    def devices(doc) -> Counter:
        return Counter((n.kind, n.model, n.site) for n in doc.nodes.values())

    def cables(doc) -> Counter:
        return Counter((lk.speed_gbps, lk.cable) for lk in doc.links.values())

    for km in (10, 30):
        drawn = generate_two_site(TwoSiteOptions(64, km, dci_gbps=100, dci_links=64, backend="ib"), cat)
        native = generate_two_site(TwoSiteOptions(64, km, dci_gbps=400, dci_links=16, backend="rocev2"), cat)
        option = variants(drawn, cat)["rocev2"]
        doc = option.doc
        assert findings(doc) <= findings(native) and not any(f[0] == "error" for f in findings(doc)), km
        assert [(lh.equipment, lh.count, lh.capacity_gbps, lh.optics) for lh in doc.long_haul] == \
            [(lh.equipment, lh.count, lh.capacity_gbps, lh.optics) for lh in native.long_haul]
        assert devices(doc) == devices(native) and cables(doc) == cables(native), km
        assert option.overfull_units == 0 and not option.overfull
        assert abs(option.cost.capex / cost_report(native, cat).capex - 1) < 0.001, km
    assert drawn.long_haul[0].equipment == "metrox-3-xc"           # the drawing itself is left as it was


def test_metrox_local_ports_run_at_the_catalogs_edr_speed_in_the_generated_design_and_the_option():
    """The MetroX-3 XC's InfiniBand ports are EDR, 100G (the catalog, after its manual): the two-site generator
    cables them at that speed on the leaves' NDR ports (an InfiniBand link trains down to it), not at the leaves'
    400G, and so does the InfiniBand option of a RoCEv2 design; the checks accept the trained-down link (no
    breakout-speed, link-too-fast) and the bill prices the splitter NVIDIA documents for it, one per appliance (its two
    local ports on one leaf cage), and no optics at either end."""
    from designer.topology.two_site import TwoSiteOptions, generate_two_site

    cat = load_catalog()
    metro = cat.gateways["metrox-3-xc"]
    native = generate_two_site(TwoSiteOptions(16, 30, dci_gbps=100, dci_links=16, backend="ib"), cat)
    option = variants(generate_two_site(TwoSiteOptions(16, 30, dci_links=4, backend="rocev2"), cat), cat)["ib"].doc
    for doc in (native, option):
        boxes = {n.id: n for n in doc.nodes.values() if n.model == metro.id}
        local = [lk for lk in doc.links.values() if (lk.a.node in boxes) != (lk.b.node in boxes)]
        assert len(boxes) == 16 and len(local) == 16 * metro.long_haul_ports        # one local cable per line
        assert {lk.speed_gbps for lk in local} == {metro.port_gbps} == \
            {p.speed_gbps for n in boxes.values() for p in n.ports() if p.name.startswith("lan")}
        assert {doc.nodes[lk.a.node].model for lk in local} == {"qm9700"}
        assert not _errors(doc, cat)
        assert {lk.cable for lk in local} == {"dac"}
    bill = cost_report(native, cat)
    assert bill.count("mcp7y60") >= 16                              # one per appliance, spares on top
    edr = [t for t in cat.transceivers.values() if t.form == "qsfp" and t.engine_gbps == metro.port_gbps]
    assert sum(bill.count(t.id) for t in edr) == 0


def _three_sites(cat):
    """A RoCEv2 design of three sites in a row (16 GPUs each): a-b 4 x 400G over 30 km as generated, site c a copy
    of site a, and b-c 2 x 400G over 20 km on free line ports of the routers at b and c, so b's router carries
    both bundles."""
    import copy as copying

    from designer.model.links import Endpoint, Link
    from designer.model.sites import LongHaul, Site
    from designer.topology.two_site import TwoSiteOptions, generate_two_site

    doc = generate_two_site(TwoSiteOptions(16, 30, dci_links=4, backend="rocev2"), cat)
    shift = max(n.x for n in doc.nodes.values()) + 400.0
    for node in [n for n in doc.nodes.values() if n.site == "a"]:
        twin = copying.deepcopy(node)
        twin.id, twin.site, twin.x = "c" + node.id[1:], "c", node.x + shift
        doc.nodes[twin.id] = twin
        for seg in doc.segments.values():
            seg.nodes += [twin.id] if node.id in seg.nodes else []
    for link in [lk for lk in doc.links.values() if lk.a.node.startswith("a-") and lk.b.node.startswith("a-")]:
        twin = copying.deepcopy(link)
        twin.id, twin.a, twin.b = "c" + link.id[1:], *(Endpoint("c" + e.node[1:], e.port) for e in (link.a, link.b))
        doc.links[twin.id] = twin
    for k in range(2):
        doc.links[f"lhc{k + 1}"] = Link(f"lhc{k + 1}", Endpoint("b-dci1", f"wan{5 + k}"),
                                        Endpoint("c-dci1", f"wan{k + 1}"), 400.0, "optics", 2.0, "backend")
    doc.sites.append(Site("c", "Site C"))
    doc.long_haul.append(LongHaul("dci2", "b", "c", 20.0, 400.0, 2, "dci-jericho2", doc.long_haul[0].optics))
    return doc


def test_a_dci_router_carrying_two_bundles_is_converted_for_both():
    """Three sites in a row, site b's DCI router carrying the bundles to a and to c: the InfiniBand option puts every
    bundle on MetroX-3 XC pairs (a-b 16 lines, b-c 8, so 8 + 4 appliances at b), none of the routers left, and
    the checks find nothing the drawing lacks. Before, b's router went with the first bundle, taking the second's
    lines as local cables: c kept its router (medium-mismatch, long-haul-credits) and b-c had 4 lines for 800G.
    That option's own RoCEv2 option puts both bundles back on DCI routers at the three sites."""
    cat = load_catalog()
    drawn = _three_sites(cat)

    def findings(doc) -> set[tuple[str, str]]:
        return {(f.severity, f.rule) for f in run_checks(doc, cat) if f.severity != "info"}

    def lines(doc) -> dict[tuple[str, str], int]:
        sites = [tuple(sorted((doc.nodes[lk.a.node].site, doc.nodes[lk.b.node].site))) for lk in doc.links.values()]
        return {pair: sites.count(pair) for pair in set(sites) if pair[0] != pair[1]}

    option = variants(drawn, cat)["ib"]
    boxes = [n for n in option.doc.nodes.values() if n.kind == "gateway"]
    assert sorted((n.site, n.model) for n in boxes) == \
        sorted([("a", "metrox-3-xc")] * 8 + [("b", "metrox-3-xc")] * 12 + [("c", "metrox-3-xc")] * 4)
    assert [(lh.equipment, lh.count) for lh in option.doc.long_haul] == [("metrox-3-xc", 16), ("metrox-3-xc", 8)]
    assert lines(option.doc) == {("a", "b"): 16, ("b", "c"): 8} and option.beyond_reach_km == 0
    assert findings(option.doc) <= findings(drawn)
    back = variants(option.doc, cat)["rocev2"].doc
    assert {(n.site, n.model) for n in back.nodes.values() if n.kind == "gateway"} == \
        {("a", "dci-jericho2"), ("b", "dci-jericho2"), ("c", "dci-jericho2")}
    assert lines(back) == {("a", "b"): 4, ("b", "c"): 2} and findings(back) <= findings(drawn)


def _switches(doc, role=None) -> list:
    return sorted((n for n in doc.nodes.values() if n.kind == "switch" and n.role != "frontend"
                   and role in (None, n.role)), key=lambda n: n.id)


def _cables(doc, node_id: str) -> tuple[int, list]:
    """A switch's cables: how many go to servers (of the class its drawing's racks gave them), and each one to a
    switch as (speed, cable class), sorted."""
    ends = [(doc.nodes[link.other(node_id).node].kind, link.speed_gbps, link.cable)
            for link in doc.links.values() if link.touches(node_id)]
    return sum(1 for e in ends if e[0] == "server"), sorted(e[1:] for e in ends if e[0] == "switch")


def test_each_option_of_a_generated_design_costs_what_the_other_protocols_generator_builds():
    """Options of generated designs against the design the other protocol's generator builds for the same GPUs:
    within 0.5 % of its capex. Rail-only at 1,024 GPUs is the case where a rail is one 128-port switch on RoCEv2
    and a two-tier Clos of 64-port switches on InfiniBand; a 128-GPU RoCEv2 leaf-spine is one such switch too, and
    the RoCEv2 option of the 128-GPU InfiniBand leaf-spine (4 leaves, 2 spines) is that one switch. A rail's leaves
    stay its own: 256 GPUs rail-optimized are a leaf per rail on either protocol (on SN5600s half full, as the
    scalable unit is built), and each plane of a multi-plane design alike: a 256-GPU RoCEv2 plane is one SN5600,
    its InfiniBand option the generator's plane of a leaf per rail (clos_rebuild.plane_clos)."""
    cat = load_catalog()
    both = (("rocev2", "ib"), ("ib", "rocev2"))
    for kind, gpus, ways in (("rail-only", 1024, both), ("rail-only", 512, both), ("fat-tree", 512, both),
                             ("leaf-spine", 128, both), ("fat-tree", 128, both), ("rail-optimized", 256, both),
                             ("multi-plane", 512, both), ("multi-plane", 256, both)):
        docs = {p: generate(kind, gpus=gpus, backend=p, frontend=False, catalog=cat) for p in ("ib", "rocev2")}
        for drawn, other in ways:
            option = cost_report(as_protocol(docs[drawn], other, cat)[0], cat).capex
            native = cost_report(docs[other], cat).capex
            assert abs(option / native - 1) < 0.005, (kind, gpus, drawn, option, native)


def test_a_fabric_in_tiers_for_want_of_ports_is_one_counterpart_and_one_drawn_in_tiers_keeps_them():
    """128 GPUs on 64-port QM9700s need two tiers; their RoCEv2 option is one SN5600 holding the 128 GPU cables, the
    leaf-spine cables gone, as the RoCEv2 generator builds it. 32 GPUs drawn on two tiers of QM9700s that one of them
    could hold (`--two-tiers`) were drawn so on purpose: the option keeps a leaf and a spine tier."""
    cat = load_catalog()
    ib = generate("leaf-spine", gpus=128, backend="ib", frontend=False, catalog=cat)
    assert _tiers(ib) == {"leaf": 4, "spine": 2}
    option = variants(ib, cat)["rocev2"].doc
    assert _tiers(option) == {"leaf": 1} and not switch_links(option)
    assert len(option.links) == 128 and {n.model for n in option.nodes.values() if n.kind == "switch"} == {"sn5600"}
    chosen = generate("leaf-spine", gpus=32, backend="ib", frontend=False, two_tiers=True, catalog=cat)
    assert set(_tiers(chosen)) == {"leaf", "spine"}
    kept = variants(chosen, cat)["rocev2"].doc
    assert set(_tiers(kept)) == {"leaf", "spine"} and switch_links(kept)


def test_packing_a_tier_keeps_two_spines_where_two_were_drawn():
    """At 2:1, 256 GPUs on QM9700s are 8 leaves under 2 spines using 32 of their 64 ports each; one SN5600 would
    hold both spines' cables, but the RoCEv2 option keeps two, as the RoCEv2 generator builds them (losing a spine
    must not cut every leaf off), and so costs what that design costs."""
    cat = load_catalog()
    ib, roce = (generate("leaf-spine", gpus=256, backend=p, oversubscription=2.0, frontend=False, catalog=cat)
                for p in ("ib", "rocev2"))
    option = variants(ib, cat)["rocev2"]
    spines = [n for n in option.doc.nodes.values() if n.role == "spine"]
    assert len(spines) == 2 == sum(1 for n in roce.nodes.values() if n.role == "spine")
    assert option.cost.capex == cost_report(roce, cat).capex
    pod = fileformat.load(PROJECTS / "small-rocev2-pod.json")       # 2 SN5600 spines, 32 ports used on each
    assert sum(1 for n in variants(pod, cat)["ib"].doc.nodes.values() if n.role == "spine") == 2


def test_a_rail_is_built_as_the_other_protocols_generator_builds_it():
    """1,024 GPUs on rail-only: a RoCEv2 rail (one SN5600 with 128 GPUs) as InfiniBand is four QM9700 leaves and
    two spines joined by real cables, each leaf and spine cabled as the generated InfiniBand rail's (32 GPUs, 32
    uplinks of optics); the drawn GPU cables move to the leaves as they are. An InfiniBand rail (four leaves, two
    spines) as RoCEv2 is one SN5600 holding the rail's 128 GPU cables, its leaf-spine cables gone; rails stay
    apart."""
    cat = load_catalog()
    roce = generate("rail-only", gpus=1024, backend="rocev2", frontend=False, catalog=cat)
    ib = generate("rail-only", gpus=1024, backend="ib", frontend=False, catalog=cat)
    as_ib = variants(roce, cat)["ib"]
    assert len(_switches(as_ib.doc)) == len(_switches(ib)) == as_ib.overfull_units == 48
    assert len(as_ib.overfull) == 8 and {n.model for n in _switches(as_ib.doc)} == {"qm9700"}
    assert sorted(_cables(as_ib.doc, n.id) for n in _switches(as_ib.doc, "leaf")) == \
        sorted(_cables(ib, n.id) for n in _switches(ib, "leaf"))
    assert sorted(_cables(as_ib.doc, n.id) for n in _switches(as_ib.doc, "spine")) == \
        sorted(_cables(ib, n.id) for n in _switches(ib, "spine"))
    assert len(as_ib.doc.links) == len(ib.links) and _cables(ib, "rail1-leaf-01") == (32, [(400.0, "optics")] * 32)
    for link in roce.links.values():                       # every drawn cable kept, on a leaf of its own rail
        moved = as_ib.doc.links[link.id]
        leaf = as_ib.doc.nodes[moved.b.node]
        assert (moved.a, moved.cable, moved.length_m) == (link.a, link.cable, link.length_m)
        assert leaf.role == "leaf" and leaf.rail == roce.nodes[link.b.node].rail
    as_roce = variants(ib, cat)["rocev2"]
    rails = _switches(as_roce.doc)
    assert [n.model for n in rails] == ["sn5600"] * 8 and not as_roce.overfull
    assert not switch_links(as_roce.doc) and len(as_roce.doc.links) == len(roce.links)
    for switch in rails:
        servers_rail = {int(link.a.port.removeprefix("be")) for link in as_roce.doc.links.values()
                        if link.b.node == switch.id}
        assert servers_rail == {switch.rail}
        assert _cables(as_roce.doc, switch.id) == _cables(roce, "rail-01") == (128, [])


def test_the_options_of_a_rail_only_design_pass_the_design_checks_as_the_drawing_does():
    """No error or warning in an option that its drawing does not have (ports, cages, media, cables): a 16-GPU rail
    on a QM9700 takes its ports, not the 128 of the SN5600 it replaces; an SN5600 that takes four rail leaves of
    an InfiniBand 128-GPU rail-optimized design has the SN5600's 128 ports, not theirs added up."""
    cat = load_catalog()
    for kind, gpus, drawn in (("rail-only", 1024, "rocev2"), ("rail-only", 1024, "ib"), ("fat-tree", 256, "ib"),
                              ("rail-only", 128, "rocev2"), ("rail-optimized", 128, "ib")):
        doc = generate(kind, gpus=gpus, backend=drawn, catalog=cat)
        before = {(f.severity, f.rule) for f in run_checks(doc, cat)}
        other = "ib" if drawn == "rocev2" else "rocev2"
        after = {(f.severity, f.rule) for f in run_checks(as_protocol(doc, other, cat)[0], cat)}
        assert {f for f in after - before if f[0] != "info"} == set(), (kind, drawn)


def _dci_on_spines(doc) -> list[str]:
    """`doc` (a two-site design) with each site's DCI cables moved from its leaves to free ports of its spines, taken
    in turn, as a drawing that puts its long-haul equipment on the spines has them; returns those cables."""
    from designer.model.links import Endpoint

    taken = {(getattr(lk, e).node, getattr(lk, e).port) for lk in doc.links.values() for e in ("a", "b")}
    moved = []
    for lk in doc.links.values():
        if doc.nodes[lk.b.node].kind != "gateway" or doc.nodes[lk.a.node].role != "leaf":
            continue
        site = doc.nodes[lk.a.node].site
        spines = sorted(n.id for n in doc.nodes.values() if n.role == "spine" and n.site == site)
        spine = doc.nodes[spines[len(moved) % len(spines)]]
        port = next(p.name for p in spine.ports() if (spine.id, p.name) not in taken and p.speed_gbps == lk.speed_gbps)
        taken.add((spine.id, port))
        lk.a = Endpoint(spine.id, port)
        moved.append(lk.id)
    return moved


def test_dci_equipment_drawn_on_the_spines_stays_on_the_spines_of_the_rebuilt_clos():
    """A two-site RoCEv2 drawing whose DCI routers hang off the spines (not the leaves, as the generator puts them),
    priced as InfiniBand: each site's SN5600s, too few ports as QM9700s, are the Clos of QM9700s the generator
    builds, its spines keeping a port for each DCI cable (clos_rebuild.clos_of_fabric: the spines' cables
    leaving the fabric). Every DCI cable stays, on a QM9700 spine of its site and an InfiniBand local port of a
    MetroX appliance there, and no port is booked twice."""
    from designer.topology.two_site import TwoSiteOptions, generate_two_site

    cat = load_catalog()
    drawn = generate_two_site(TwoSiteOptions(64, 30, backend="rocev2"), cat)
    dci = _dci_on_spines(drawn)
    assert len(dci) == 2 * 16 and not _errors(drawn, cat)
    option = variants(drawn, cat)["ib"]
    doc = option.doc
    assert _errors(doc, cat) == [] and option.overfull
    assert {n.model for n in doc.nodes.values() if n.kind == "switch" and n.role != "frontend"} == {"qm9700"}
    for link_id in dci:
        kept, was = doc.links[link_id], drawn.links[link_id]
        spine = doc.nodes[kept.a.node]
        box = doc.nodes[kept.b.node]
        assert spine.role == "spine" and spine.site == box.site == drawn.nodes[was.a.node].site
        assert box.model == "metrox-3-xc" and box.port(kept.b.port).medium == "ib"
        assert spine.model == "qm9700" and spine.port(kept.a.port) is not None
    per_site = {s: sum(1 for n in doc.nodes.values() if n.role == "spine" and n.site == s) for s in ("a", "b")}
    assert per_site["a"] == per_site["b"] >= 2
