"""The other protocol's option of a drawing is priced with as many of its switches as the drawn ports need."""

from __future__ import annotations

import math

from designer.analysis.protocol_options import as_protocol, variants
from designer.catalog.loader import load_catalog
from designer.topology.cost import cost_report
from designer.topology.generate import generate


def test_a_switch_whose_counterpart_has_fewer_ports_is_priced_as_several():
    cat = load_catalog()
    doc = generate("leaf-spine", gpus=512, backend="rocev2", frontend=False)
    used: dict[str, int] = {}
    for link in doc.links.values():
        for end in (link.a, link.b):
            used[end.node] = used.get(end.node, 0) + 1
    ib_doc, overfull = as_protocol(doc, "ib", cat)
    switch = cat.switches[ib_doc.nodes[overfull[0]].model]
    ports = switch.ports * (switch.breakout_for(400.0) or 1)
    assert overfull and all(used[n] > ports for n in overfull)
    priced = variants(doc, cat)["ib"]
    needed = sum(math.ceil(used[n] / ports) for n in overfull)
    assert priced.overfull_units == needed > len(overfull)
    fitting = sum(1 for n in ib_doc.nodes.values() if n.kind == "switch" and n.id in used and n.id not in overfull)
    assert priced.cost.count(switch.id) == needed + fitting
    # the drawing itself is left as it was
    assert len(doc.nodes) < len(ib_doc.nodes) and all(n in doc.nodes for n in overfull)


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


def test_the_rocev2_option_across_sites_prices_dci_routers_in_the_appliances_place():
    """An InfiniBand design of two sites 30 km apart on 16 x 100G MetroX-3 XC links (8 appliances a site): its RoCEv2
    option carries the 1.6 Tb/s on the default DCI router of RoCEv2 two-site designs (12 x 400G long-haul ports:
    one a site) over 4 x 400G ZR-class lines, the appliances' cables moved to it."""
    from designer.topology.two_site import TwoSiteOptions, generate_two_site

    cat = load_catalog()
    drawn = generate_two_site(TwoSiteOptions(16, 30, dci_gbps=100, dci_links=16, backend="ib"), cat)
    assert sum(1 for n in drawn.nodes.values() if n.model == "metrox-3-xc") == 16
    option = variants(drawn, cat)["rocev2"]
    gateways = [n for n in option.doc.nodes.values() if n.kind == "gateway"]
    assert sorted((n.site, n.model) for n in gateways) == [("a", "dci-jericho2"), ("b", "dci-jericho2")]
    (bundle,) = option.doc.long_haul
    optics = cat.long_haul_optics[bundle.optics]
    assert (bundle.equipment, bundle.count, bundle.capacity_gbps, optics.line_gbps) == ("dci-jericho2", 4, 400, 400)
    assert optics.max_reach_km >= 30 and len(option.doc.links) == len(drawn.links)   # every cable kept
    assert option.cost.count("dci-jericho2") == 2 and option.cost.count("metrox-3-xc") == 0
