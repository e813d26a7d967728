"""Multi-site designs: the `sites` and `long_haul` keys of the project file, the two-site generator, its cost."""

from __future__ import annotations

import json

import pytest

from designer.catalog.loader import load_catalog
from designer.i18n.catalog import set_language
from designer.model.document import FabricDocument
from designer.model.errors import ProjectError
from designer.model.fileformat import document_to_dict, dumps, loads
from designer.topology.bill_of_materials import bill_of_materials
from designer.topology.checks import has_errors, run_checks
from designer.topology.two_site import TwoSiteOptions, generate_two_site


@pytest.fixture(scope="module")
def two_sites() -> FabricDocument:
    return generate_two_site(TwoSiteOptions(gpus_per_site=16, distance_km=100, dci_links=2))


def test_two_site_round_trip_keeps_sites_bundles_and_node_tags(two_sites: FabricDocument) -> None:
    again = loads(dumps(two_sites))
    assert [s.id for s in again.sites] == ["a", "b"]
    assert again.long_haul == two_sites.long_haul
    assert {n.site for n in again.nodes.values()} == {"a", "b"}
    assert dumps(again) == dumps(two_sites)
    # the two sites' GPUs: 16 each, none left over from the servers the site-edge equipment replaced
    assert sum(n.gpus for n in again.nodes.values() if n.site == "a") == 16
    assert sum(n.gpus for n in again.nodes.values() if n.site == "b") == 16


@pytest.mark.parametrize(("gpus", "dci_links", "servers_per_leaf"), [
    (32, 4, [2, 2]),              # five servers dealt 3 + 2: the fifth made room for the router, 3 + 1 before
    (256, 16, [6, 7, 7, 6, 6]),   # 34 dealt 7, 7, 7, 7, 6: two made room, 7, 7, 7, 7, 4 before
])
def test_two_site_servers_stay_balanced_over_the_leaves_beside_the_site_edge(gpus, dci_links, servers_per_leaf) -> None:
    doc = generate_two_site(TwoSiteOptions(gpus_per_site=gpus, distance_km=100, dci_links=dci_links))
    for site in ("a", "b"):
        leaves = sorted(n for n in doc.nodes if n.startswith(f"{site}-leaf-"))
        servers_on = {leaf: set() for leaf in leaves}
        edge_on = {leaf: 0 for leaf in leaves}
        for link in doc.links.values():
            for near, far in ((link.a.node, link.b.node), (link.b.node, link.a.node)):
                if near in servers_on and doc.nodes[far].kind == "server":
                    servers_on[near].add(far)
                elif near in servers_on and "dci" in far:
                    edge_on[near] += 1
        assert [len(servers_on[leaf]) for leaf in leaves] == servers_per_leaf
        assert sum(edge_on.values()) == dci_links and edge_on[leaves[-1]] > 0   # on the leaf facing the other site
        # servers numbered from 1 leaf by leaf, none missing, the leaves read from site a's side (site b is drawn
        # mirrored, its equipment facing site a)
        by_x = sorted(leaves, key=lambda leaf: doc.nodes[leaf].x, reverse=site == "b")
        assert by_x == leaves
        numbers = [sorted(int(s.rsplit("-", 1)[1]) for s in servers_on[leaf]) for leaf in leaves]
        assert [k for block in numbers for k in block] == list(range(1, gpus // 8 + 1))


def test_a_design_without_sites_saves_and_loads_as_before() -> None:
    raw = document_to_dict(FabricDocument())
    assert "sites" not in raw and "long_haul" not in raw
    assert loads(json.dumps(raw)).sites == []


def test_two_site_design_passes_check_and_cost_counts_the_long_haul_parts(two_sites: FabricDocument) -> None:
    assert not has_errors(run_checks(two_sites))
    items = {(i.kind, i.model): i for i in bill_of_materials(two_sites, load_catalog())}
    assert items[("gateway", "dci-jericho2")].count == 2           # one router at each end
    optics = items[("optics", "zr-400")]                           # 100 km at 400G: 400ZR (120 km)
    assert optics.count >= 4 and optics.unit_price > 0             # two per long-haul link, spares on top


def _file_with(**sections: object) -> str:
    raw = document_to_dict(FabricDocument())
    raw.update(sections)
    return json.dumps(raw)


BAD = [
    ({"sites": {"a": 1}}, "sites must be a list"),
    ({"sites": [{"id": ""}]}, "sites[0].id: a site needs an id"),
    ({"sites": [{"id": "a"}, {"id": "a"}]}, "sites[1].id: 'a' is used twice"),
    ({"sites": [{"id": "a"}], "long_haul": [{"id": "x", "a": "a", "b": "c", "distance_km": 10, "capacity_gbps": 400,
                                             "count": 1, "equipment": "dci-jericho2"}]},
     "long_haul[0].b: there is no site 'c'"),
    ({"sites": [{"id": "a"}, {"id": "b"}], "long_haul": [{"id": "x", "a": "a", "b": "b", "distance_km": -5,
                                                          "capacity_gbps": 400, "count": 1, "equipment": "e"}]},
     "long_haul[0].distance_km: distance_km must be a number from 0.001 to 20,000 km, not -5"),
    ({"sites": [{"id": "a"}, {"id": "b"}], "long_haul": [{"id": "x", "a": "a", "b": "b", "distance_km": 5,
                                                          "capacity_gbps": 400, "count": 0, "equipment": "e"}]},
     "long_haul[0].count: count (links in the bundle) must be a whole number from 1 to 4,096, not 0"),
]


@pytest.mark.parametrize(("sections", "expected"), BAD)
def test_bad_site_input_is_refused_with_its_place_in_one_line(sections: dict[str, object], expected: str) -> None:
    with pytest.raises(ProjectError) as err:
        loads(_file_with(**sections))
    assert expected in str(err.value) and "\n" not in str(err.value)


def test_bad_site_input_speaks_chinese_too() -> None:
    text = _file_with(sites=[{"id": "a"}, {"id": "b"}], long_haul=[
        {"id": "x", "a": "a", "b": "a", "distance_km": 5, "capacity_gbps": 400, "count": 1, "equipment": "e"}])
    set_language("zh_CN")
    try:
        with pytest.raises(ProjectError) as err:
            loads(text)
        assert "不能把站点“a”连到自身" in str(err.value)
    finally:
        set_language("en")


def test_generator_refuses_an_appliance_slower_than_the_asked_link_and_a_mixed_back_end() -> None:
    with pytest.raises(ProjectError, match="long-haul ports run at 100 Gb/s"):
        generate_two_site(TwoSiteOptions(gpus_per_site=16, distance_km=10, backend="ib"))
    with pytest.raises(ProjectError, match="use backend 'ib' or 'rocev2', not 'hybrid'"):
        generate_two_site(TwoSiteOptions(gpus_per_site=16, distance_km=10, backend="hybrid"))


def _rules(doc: FabricDocument) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for f in run_checks(doc):
        out.setdefault(f.rule, []).append(f.message)
    return out


def test_pfc_check_flags_lossless_rocev2_across_100_km_naming_the_switch_buffer() -> None:
    """400 Gb/s over 100 km: headroom ~ 2 x 50 GB/s x 500 us = 50 MB a port; 4 such ports exceed the 160 MB of a
    Spectrum-4 at the end of the span. At 10 km each port needs ~5 MB and the buffer holds them."""
    far = _rules(generate_two_site(TwoSiteOptions(16, 100, dci_links=4, equipment="sn5600")))
    assert len(far["long-haul-pfc"]) == 2                       # one switch at each end
    assert "'DCI A1' (Spectrum-4 SN5600" in far["long-haul-pfc"][0]
    assert "need 50.1 MB of PFC headroom each" in far["long-haul-pfc"][0]
    assert "160 MB buffer" in far["long-haul-pfc"][0]
    near = _rules(generate_two_site(TwoSiteOptions(16, 10, dci_links=4, equipment="sn5600")))
    assert "long-haul-pfc" not in near


def test_infiniband_needs_long_haul_credits_or_appliances_that_reach() -> None:
    plain = _rules(generate_two_site(TwoSiteOptions(16, 100, dci_links=2, backend="ib", equipment="qm9700")))
    assert "put long-haul appliances" in plain["long-haul-credits"][0]
    metro_near = _rules(generate_two_site(TwoSiteOptions(16, 10, dci_gbps=100, dci_links=2, backend="ib")))
    assert "long-haul-credits" not in metro_near and "long-haul-equipment" not in metro_near
    metro_far = _rules(generate_two_site(TwoSiteOptions(16, 100, dci_gbps=100, dci_links=2, backend="ib")))
    assert any("reaches 40 km but the sites are 100 km apart" in m for m in metro_far["long-haul-equipment"])


def test_sweep_varies_distance_and_long_haul_capacity_of_the_two_site_generator() -> None:
    from designer.analysis.sweep.grid import parse_axes
    from designer.analysis.sweep.runner import SweepTask, build_point_design
    axes = parse_axes(["distance_km=10,1000", "dci_gbps=400,800", "gpus_per_site=16", "dci_links=2"], generated=True)
    assert [a.name for a in axes][:2] == ["distance_km", "dci_gbps"]
    task = SweepTask(("train:7b",), generate_kind="two-site")
    doc = build_point_design(task, {"distance_km": 1000.0, "dci_gbps": 800.0, "gpus_per_site": 16, "dci_links": 2})
    lh = doc.long_haul[0]
    assert (lh.distance_km, lh.capacity_gbps, lh.count) == (1000.0, 800.0, 2)
    # an 800G link is fed by two 400G leaf ports through a Jericho3-class switch's split ports; ZR+ at 1,000 km
    # is 400G only, so the check says the 800ZR optics fall short of the distance
    assert {f.rule for f in run_checks(doc) if f.severity == "error"} == {"long-haul-equipment"}
    with pytest.raises(ProjectError, match="vary the two-site generator"):
        build_point_design(SweepTask(("train:7b",), generate_kind="leaf-spine"), {"distance_km": 10.0})
    with pytest.raises(ProjectError, match="needs distance_km"):
        build_point_design(task, {"dci_gbps": 400.0})
    # the leaves' oversubscription varies the sites as the generator builds them; what the sites cannot honour is
    # refused in the point's error, not dropped
    spines = [sum(1 for n in build_point_design(task, {"distance_km": 10.0, "gpus": 512, "oversubscription": r})
                  .nodes.values() if n.role == "spine") for r in (1.0, 2.0)]
    assert spines[1] < spines[0]
    with pytest.raises(ProjectError, match="switch_model: not a parameter of a two-site design"):
        build_point_design(task, {"distance_km": 10.0, "switch_model": "sn5600"})
    with pytest.raises(ProjectError, match="--gpus 64 is not twice 16"):
        build_point_design(task, {"distance_km": 10.0, "gpus": 64, "gpus_per_site": 16})


def test_cross_site_advice_splits_latency_from_bandwidth() -> None:
    """Step 1 s, 0.2 s across sites all exposed, one crossing step at 100 km (0.5 ms), 2 ms at the NICs' rate, one
    400G link, busy all along (9.975 GB each way in 199.5 ms). Allowed exposure 5 % of what the step leaves:
    0.05 x 0.8 / 0.95 = 42.1 ms; the bandwidth part (199.5 ms) must shrink to 41.6 ms: 400 x 199.5 / 41.6 =
    1,918 Gb/s, 5 links. Had the link carried a fifth of that, the windows held the exchange, not the capacity."""
    from designer.analysis.cross_site import cross_site_advice
    doc = generate_two_site(TwoSiteOptions(16, 100, dci_links=1))
    entry = {"step_time_s": 1.0, "cross_site_s": 0.2, "cross_site_exposed_s": 0.2, "cross_site_steps": 1,
             "cross_site_nic_s": 0.002, "dp_across_sites": "hier", "cross_site_bytes": 2 * 9.975e9}
    advice = cross_site_advice(doc, entry)
    assert advice is not None and advice.msg_id == "advice.cross_site.capacity"
    assert advice.params["need"] == "1,918" and advice.params["need_links"] == 5
    assert "about 1,918 Gb/s between the sites (5 links of 400 Gb/s)" in advice.render()
    windowed = cross_site_advice(doc, {**entry, "cross_site_bytes": 2 * 9.975e9 / 5})
    assert windowed is not None and windowed.msg_id == "advice.cross_site.window"
    assert "carried 80 of their 400 Gb/s" in windowed.render() and "NCCL_BUFFSIZE" in windowed.render("zh_CN")
    viable = cross_site_advice(doc, {**entry, "cross_site_exposed_s": 0.04})
    assert viable is not None and viable.msg_id == "advice.cross_site.viable"
    # a flat ring of 254 crossing steps at 1,000 km pays 1.27 s of latency: no capacity helps
    far = generate_two_site(TwoSiteOptions(16, 1000, dci_links=1))
    bound = cross_site_advice(far, {**entry, "cross_site_s": 1.5, "cross_site_exposed_s": 1.5,
                                    "cross_site_steps": 254, "dp_across_sites": "flat"})
    assert bound is not None and "not viable at any capacity" in bound.render()
    assert "dp_across_sites=hier" in bound.render() and "不可行" in bound.render("zh_CN")
    # InfiniBand sites joined by plain switches: their credits, not the link count, hold the span
    ib = generate_two_site(TwoSiteOptions(16, 100, dci_links=1, backend="ib", equipment="qm9700"))
    credit_bound = cross_site_advice(ib, entry)
    assert credit_bound is not None and credit_bound.msg_id == "advice.cross_site.credits"


def test_an_infiniband_span_without_appliances_runs_at_credits_over_the_round_trip() -> None:
    from designer.sim.compile import compile_fabric
    plain = compile_fabric(generate_two_site(TwoSiteOptions(16, 100, dci_links=1, backend="ib", equipment="qm9700")))
    port = 2 * plain.link_ids.index("lh1")
    credits = plain.segments[int(plain.port_segment[port])].ib.credit_buffer_kb * 1024.0
    rtt_s = 2 * plain.port_latency_ns[port] * 1e-9                 # ~1 ms over 100 km
    assert rtt_s > 1e-3 and plain.port_payload_Bps[port] == pytest.approx(credits / rtt_s)
    metro = compile_fabric(generate_two_site(TwoSiteOptions(16, 10, dci_gbps=100, dci_links=1, backend="ib")))
    port = 2 * metro.link_ids.index("lh1")                          # the appliances carry the credits
    assert metro.port_payload_Bps[port] > 0.9 * 100e9 / 8


@pytest.mark.parametrize("km", [30, 100])
def test_a_rocev2_design_run_as_infiniband_puts_the_ib_appliance_in_its_dci_routers_place_within_reach(km) -> None:
    """Compare runs a RoCEv2 two-site drawing on InfiniBand: its Ethernet DCI routers run as the catalog's InfiniBand
    long-haul appliance (MetroX-3 XC, 40 km) where the span is within reach, so the links keep their line rate; at
    100 km no InfiniBand equipment reaches, and the links run as plain switch ports at credits / RTT. The run says
    which, in a sentence a reader of the comparison understands."""
    from designer.sim.compile import compile_fabric
    from designer.sim.long_haul import ib_long_haul_appliance

    doc = generate_two_site(TwoSiteOptions(16, km, dci_links=1, backend="rocev2"))
    drawn = compile_fabric(doc)
    as_ib = compile_fabric(doc, backend="ib")
    port = 2 * as_ib.link_ids.index("lh1")
    reach_km = ib_long_haul_appliance(load_catalog()).max_reach_km
    assert drawn.ib_long_haul is None and as_ib.ib_long_haul is not None and reach_km == 40
    note = as_ib.ib_long_haul.message().render("en")
    if km <= reach_km:
        assert as_ib.port_payload_Bps[port] > 0.95 * 400e9 / 8            # line rate less InfiniBand's framing
        assert as_ib.ib_long_haul.capped_gbps == 0 and "run at their line rate" in note and "MetroX-3 XC" in note
    else:
        credits = as_ib.segments[int(as_ib.port_segment[port])].ib.credit_buffer_kb * 1024.0
        rtt_s = 2 * as_ib.port_latency_ns[port] * 1e-9
        assert as_ib.port_payload_Bps[port] == pytest.approx(credits / rtt_s)
        assert as_ib.ib_long_haul.capped_gbps == pytest.approx(credits / rtt_s * 8e-9)
        assert "no InfiniBand long-haul appliance reaches that far" in note and "40 km" in note
    assert as_ib.ib_long_haul.message().render("zh_CN").startswith(f"跨 {km} 公里的 InfiniBand")
