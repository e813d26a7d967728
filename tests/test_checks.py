"""Design-rule checks: every rule has a failing case and a passing case, on small hand-built fabrics."""

from __future__ import annotations

import copy
import json

import pytest

from designer.catalog.instantiate import gateway_node, server_node, switch_node
from designer.model import Endpoint, Link, PortGroup, Segment
from designer.topology.checks import RULES, Finding, run_checks
from designer.topology.oversubscription import bisection_bandwidth_gbps, oversubscription_by_tier
from tests.factories import CAT, build_fabric


def rules_of(findings: list[Finding], severity: str | None = None) -> set[str]:
    return {f.rule for f in findings if severity is None or f.severity == severity}


def only(findings: list[Finding], rule: str) -> list[Finding]:
    return [f for f in findings if f.rule == rule]


# ---- the clean designs -------------------------------------------------------------------------
@pytest.mark.parametrize("protocol", ["rocev2", "ib"])
def test_clean_design_has_no_errors_or_warnings(protocol):
    findings = run_checks(build_fabric(protocol), CAT)
    assert rules_of(findings, "error") == set()
    assert rules_of(findings, "warning") == set()
    assert {f.rule for f in findings} == {"oversubscription"}  # the per-tier figures (info)


def test_rules_table_names_every_rule_reported():
    doc = build_fabric()
    doc.links["l1"].length_m = 50.0
    doc.segments["seg1"].rocev2.xon_kb = 9999.0
    for f in run_checks(doc, CAT):
        assert f.rule in RULES
        assert f.severity in ("error", "warning", "info")
    assert all(isinstance(text, str) and text for text in RULES.values())


def test_findings_sorted_errors_first_and_serialisable():
    doc = build_fabric(frontend=False, uplinks_per_spine=4)        # warnings + info
    doc.links["l1"].speed_gbps = 800.0                              # an error
    findings = run_checks(doc, CAT)
    order = [("error", "warning", "info").index(f.severity) for f in findings]
    assert order == sorted(order) and order[0] == 0 and order[-1] == 2
    data = json.loads(json.dumps([f.to_dict() for f in findings]))
    assert set(data[0]) == {"rule", "severity", "message", "nodes", "links", "value", "msg_id", "params"}
    assert "l1" in data[0]["links"]


# ---- ports and links ---------------------------------------------------------------------------
def test_port_used_by_two_links():
    doc = build_fabric()
    doc.links["l2"].a = Endpoint("srv1", "be1")  # l1 already uses srv1:be1
    found = only(run_checks(doc, CAT), "port-reuse")
    assert len(found) == 1 and found[0].severity == "error"
    assert set(found[0].links) == {"l1", "l2"} and found[0].nodes == ("srv1",)
    assert "be1" in found[0].message and "服务器 1" in found[0].message


def test_more_links_than_ports():
    doc = build_fabric(servers=2, leaves=1, spines=1, frontend=False)
    doc.add_node(server_node(CAT, "hgx-h100", "tiny", backend_nics=1, frontend_nics=0))
    doc.segments["seg1"].nodes.append("tiny")
    doc.add_link(Link("t1", Endpoint("tiny", "be1"), Endpoint("leaf1", "p100"), 400.0))
    assert "too-many-links" not in rules_of(run_checks(doc, CAT))
    # one port: a second link (on the same port) is one too many
    doc.add_link(Link("t2", Endpoint("tiny", "be1"), Endpoint("leaf1", "p101"), 400.0))
    found = only(run_checks(doc, CAT), "too-many-links")
    assert [f.nodes for f in found] == [("tiny",)] and found[0].value == 2.0
    assert set(found[0].links) == {"t1", "t2"} and "1 port" in found[0].message


def test_link_endpoint_missing_or_self_loop():
    doc = build_fabric()
    assert "link-endpoint" not in rules_of(run_checks(doc, CAT))
    doc.links["l1"].b = Endpoint("leaf1", "p999")
    doc.links["l2"].b = Endpoint("ghost", "p1")
    doc.links["l3"].b = doc.links["l3"].a
    found = only(run_checks(doc, CAT), "link-endpoint")
    assert sorted(f.links[0] for f in found) == ["l1", "l2", "l3"]
    assert all(f.severity == "error" for f in found)


def test_link_faster_than_port():
    doc = build_fabric()
    doc.links["l1"].speed_gbps = 800.0
    found = only(run_checks(doc, CAT), "link-too-fast")
    assert found and all(f.links == ("l1",) for f in found) and found[0].severity == "error"


@pytest.mark.parametrize("speed, ok", [(400.0, True), (200.0, True), (100.0, True), (300.0, False), (50.0, False)])
def test_speed_a_port_can_run(speed, ok):
    doc = build_fabric()
    doc.links["l1"].speed_gbps = speed
    found = only(run_checks(doc, CAT), "speed-mismatch")
    assert (not found) == ok
    if not ok:
        assert found[0].links == ("l1",) and found[0].severity == "error"


def test_ib_port_to_ethernet_port():
    doc = build_fabric("ib")
    doc.add_node(switch_node(CAT, "sn5600", "eth-leaf", "leaf", speed_gbps=400))
    doc.add_link(Link("bad", Endpoint("leaf1", "p60"), Endpoint("eth-leaf", "p1"), 400.0))
    found = only(run_checks(doc, CAT), "medium-mismatch")
    assert len(found) == 1 and found[0].links == ("bad",) and set(found[0].nodes) == {"leaf1", "eth-leaf"}
    assert "InfiniBand" in found[0].message and "Ethernet" in found[0].message


def test_gateway_bridges_ib_and_ethernet_without_mismatch():
    doc = build_fabric("ib")
    doc.add_node(switch_node(CAT, "sn5600", "eth-leaf", "leaf", speed_gbps=400))
    doc.add_node(gateway_node(CAT, "skyway", "gw1"))
    doc.add_link(Link("gi", Endpoint("leaf1", "p60"), Endpoint("gw1", "ib1"), 400.0))
    doc.add_link(Link("ge", Endpoint("gw1", "eth1"), Endpoint("eth-leaf", "p1"), 400.0))
    assert "medium-mismatch" not in rules_of(run_checks(doc, CAT))
    # the gateway's IB side on the Ethernet switch is still a mismatch
    doc.links["ge"].a = Endpoint("gw1", "ib2")
    assert [f.links for f in only(run_checks(doc, CAT), "medium-mismatch")] == [("ge",)]


def test_vpi_nic_takes_the_segment_protocol():
    # cx7 (vpi) servers in an IB segment are IB; moved to a RoCEv2 segment their ports speak Ethernet
    doc = build_fabric("ib")
    assert "medium-mismatch" not in rules_of(run_checks(doc, CAT))
    doc.segments["seg1"].protocol = "rocev2"
    found = run_checks(doc, CAT)
    assert "segment-protocol" in rules_of(found)          # qm9700 in a RoCEv2 segment
    mism = only(found, "medium-mismatch")
    # every server-to-leaf link, reported as one finding rather than a flood of 32
    assert len(mism) == 1 and len(mism[0].links) == 4 * 8
    assert "32 links" in mism[0].message and "segment 'back-end'" in mism[0].message
    # outside any segment a vpi port counts as Ethernet
    doc2 = build_fabric("ib")
    doc2.segments["seg1"].nodes = [n for n in doc2.segments["seg1"].nodes if n != "srv1"]
    found2 = only(run_checks(doc2, CAT), "medium-mismatch")
    assert len(found2) == 1 and "outside any segment" in found2[0].message
    assert set(found2[0].links) == {link.id for link in doc2.links_of("srv1") if link.plane == "backend"}


def test_link_on_the_wrong_plane():
    doc = build_fabric()
    doc.links["l1"].plane = "frontend"   # a back-end NIC port on the front-end plane
    found = only(run_checks(doc, CAT), "plane-mismatch")
    assert [f.links for f in found] == [("l1",)] and found[0].nodes == ("srv1",)


# ---- segments ----------------------------------------------------------------------------------
@pytest.mark.parametrize("protocol, wrong_model", [("ib", "sn5600"), ("rocev2", "qm9700")])
def test_segment_switch_model_must_speak_protocol(protocol, wrong_model):
    doc = build_fabric(protocol, switch_model=wrong_model)
    found = only(run_checks(doc, CAT), "segment-protocol")
    assert found and found[0].severity == "error" and wrong_model in found[0].message
    assert set(found[0].nodes) == {"leaf1", "leaf2", "spine1", "spine2"}


def test_segment_nic_must_speak_protocol():
    doc = build_fabric("ib")
    doc.nodes["srv2"].nic_model = "thor2"  # Ethernet-only NIC in an IB segment
    found = only(run_checks(doc, CAT), "segment-protocol")
    assert [f.nodes for f in found] == [("srv2",)] and "thor2" in found[0].message


def test_segment_members_exist_and_do_not_overlap():
    doc = build_fabric()
    assert "segment-member" not in rules_of(run_checks(doc, CAT))
    doc.add_segment(Segment("seg2", "second", "rocev2", ["srv1", "nowhere"]))
    found = only(run_checks(doc, CAT), "segment-member")
    assert {f.nodes for f in found} == {("nowhere",), ("srv1",)}


def test_backend_node_in_no_segment():
    doc = build_fabric()
    doc.segments["seg1"].nodes.remove("srv3")
    doc.segments["seg1"].nodes.remove("spine1")
    found = only(run_checks(doc, CAT), "segment-missing")
    assert len(found) == 1 and found[0].severity == "warning" and set(found[0].nodes) == {"srv3", "spine1"}


@pytest.mark.parametrize("xoff, xon, bad", [(512.0, 256.0, False), (256.0, 256.0, True), (200.0, 300.0, True)])
def test_pfc_xon_below_xoff(xoff, xon, bad):
    doc = build_fabric()
    doc.segments["seg1"].rocev2.xoff_kb = xoff
    doc.segments["seg1"].rocev2.xon_kb = xon
    found = only(run_checks(doc, CAT), "pfc-thresholds")
    assert bool(found) == bad
    if bad:
        assert found[0].severity == "error" and "Xon" in found[0].message


@pytest.mark.parametrize("kmin, kmax, pmax, bad", [(800.0, 3200.0, 0.2, False), (3200.0, 3200.0, 0.2, True),
                                                   (100.0, 50.0, 0.2, True), (100.0, 200.0, 1.5, True)])
def test_ecn_kmin_below_kmax(kmin, kmax, pmax, bad):
    doc = build_fabric()
    r = doc.segments["seg1"].rocev2
    r.kmin_kb, r.kmax_kb, r.pmax = kmin, kmax, pmax
    found = only(run_checks(doc, CAT), "ecn-thresholds")
    assert bool(found) == bad


def test_pfc_headroom_too_small_for_cable():
    doc = build_fabric(uplink_m=30.0)
    assert "pfc-headroom" not in rules_of(run_checks(doc, CAT))   # 400G x 30 m needs ~74 KB of 118
    doc.links["l40"].length_m = 100.0                             # an uplink at 100 m: ~109 KB, still fits
    assert "pfc-headroom" not in rules_of(run_checks(doc, CAT))
    doc.links["l40"].length_m = 150.0                             # 150 m: ~134 KB > 118 KB
    found = only(run_checks(doc, CAT), "pfc-headroom")
    assert len(found) == 1 and found[0].links == ("l40",) and found[0].severity == "error"
    assert found[0].value == pytest.approx((2 * 4200 + 64 + 50 * 1500 + 50_000) / 1000)
    # more headroom fixes it; PFC off or an IB segment makes it moot
    doc.segments["seg1"].rocev2.headroom_kb = 140.0
    assert "pfc-headroom" not in rules_of(run_checks(doc, CAT))
    doc.segments["seg1"].rocev2.headroom_kb = 60.0
    doc.segments["seg1"].rocev2.pfc = False
    assert "pfc-headroom" not in rules_of(run_checks(doc, CAT))


def test_pfc_headroom_at_800g_needs_more_than_400g_default():
    doc = build_fabric()
    doc.segments["seg1"].rocev2.headroom_kb = 60.0                # the 3 m DAC at 400G figure (topology/headroom.py)
    found = only(run_checks(doc, CAT), "pfc-headroom")
    # the 2 m DACs need 8,464 + 1,000 + 50,000 B = 59.5 KB: fine; the 30 m uplinks (65 KB+) are not
    assert found and all(doc.links[lid].length_m == 30.0 for lid in found[0].links)
    assert len(found[0].links) == sum(1 for link in doc.links.values() if link.length_m == 30.0)


# ---- reachability ------------------------------------------------------------------------------
def test_server_with_unconnected_backend_nics():
    doc = build_fabric()
    doc.remove_link("l1")
    doc.remove_link("l2")
    found = only(run_checks(doc, CAT), "nic-unconnected")
    assert len(found) == 1 and found[0].nodes == ("srv1",) and found[0].value == 2.0
    assert found[0].severity == "warning"


def test_backend_not_connected():
    doc = build_fabric(spines=1)
    assert "backend-disconnected" not in rules_of(run_checks(doc, CAT))
    for link in list(doc.links.values()):
        if link.touches("leaf2") and link.touches("spine1"):
            doc.remove_link(link.id)
    found = only(run_checks(doc, CAT), "backend-disconnected")
    assert len(found) == 1 and found[0].severity == "error"
    assert set(found[0].nodes) == {"srv3", "srv4"} and found[0].value == 2.0


def test_two_protocol_islands_joined_through_a_gateway_are_connected():
    ib = build_fabric("ib", servers=2, leaves=1, spines=1, frontend=False)
    ro = build_fabric("rocev2", servers=2, leaves=1, spines=1, frontend=False)
    doc = ib
    for node in ro.nodes.values():
        node.id = "r-" + node.id
        doc.add_node(node)
    for link in ro.links.values():
        doc.add_link(Link("r-" + link.id, Endpoint("r-" + link.a.node, link.a.port),
                          Endpoint("r-" + link.b.node, link.b.port), link.speed_gbps, link.cable, link.length_m))
    doc.add_segment(Segment("seg2", "roce", "rocev2", ["r-" + n for n in ro.segments["seg1"].nodes]))
    found = only(run_checks(doc, CAT), "backend-disconnected")
    # two equal islands: the one holding the first server is "the back-end", the other is cut off
    assert len(found) == 1 and set(found[0].nodes) == {"r-srv1", "r-srv2"}
    doc.add_node(gateway_node(CAT, "skyway", "gw1"))
    doc.add_link(Link("gi", Endpoint("spine1", "p60"), Endpoint("gw1", "ib1"), 400.0))
    doc.add_link(Link("ge", Endpoint("gw1", "eth1"), Endpoint("r-spine1", "p120"), 400.0))
    findings = run_checks(doc, CAT)
    assert "backend-disconnected" not in rules_of(findings)
    assert rules_of(findings, "error") == set()


def test_frontend_missing():
    doc = build_fabric(frontend=False)
    found = only(run_checks(doc, CAT), "frontend-missing")
    assert len(found) == 1 and found[0].severity == "warning" and len(found[0].nodes) == 4
    assert "frontend-missing" not in rules_of(run_checks(build_fabric(frontend=True), CAT))


# ---- capacity, cables, catalog -----------------------------------------------------------------
def test_oversubscription_figures_and_warning_above_target():
    clean = build_fabric()
    assert oversubscription_by_tier(clean) == {"leaf": 1.0}
    info = only(run_checks(clean, CAT), "oversubscription")
    assert [f.severity for f in info] == ["info"] and info[0].value == 1.0
    # 16 x 400G down, 2 x 2 x 400G up: 4:1
    doc = build_fabric(uplinks_per_spine=2)
    assert oversubscription_by_tier(doc) == {"leaf": 4.0}
    found = only(run_checks(doc, CAT), "oversubscription")
    assert {f.severity for f in found} == {"info", "warning"}
    warning = next(f for f in found if f.severity == "warning")
    assert warning.value == 4.0 and set(warning.nodes) == {"leaf1", "leaf2"}
    # a design that targets 4:1 gets the figure and no warning
    doc.assumptions.target_oversubscription = 4.0
    assert [f.severity for f in only(run_checks(doc, CAT), "oversubscription")] == ["info"]


def test_oversubscription_three_tiers_and_bisection():
    doc = build_fabric(spines=2)
    doc.add_node(switch_node(CAT, "sn5600", "core1", "core", speed_gbps=400))
    doc.segments["seg1"].nodes.append("core1")
    # each spine: 16 down; give it 4 up -> 4:1 at the spine tier
    for s in ("spine1", "spine2"):
        free = [p.name for p in doc.free_ports(s)][:4]
        core_free = [p.name for p in doc.free_ports("core1")][:4]
        for a, b in zip(free, core_free, strict=True):
            doc.add_link(Link(doc.new_id("c"), Endpoint(s, a), Endpoint("core1", b), 400.0, "optics", 30.0))
    assert oversubscription_by_tier(doc) == {"leaf": 1.0, "spine": 4.0}
    # 32 NICs x 400G = 12,800 Gb/s of endpoints; spine uplinks 8 x 400 = 3,200 -> bisection 1,600
    assert bisection_bandwidth_gbps(doc) == pytest.approx(1600.0)
    assert bisection_bandwidth_gbps(build_fabric()) == pytest.approx(32 * 400 / 2)
    assert bisection_bandwidth_gbps(build_fabric(uplinks_per_spine=2)) == pytest.approx(8 * 400 / 2)


@pytest.mark.parametrize("links, cable, length, ok", [
    (("l1", "l2"), "dac", 3.0, True),       # MCP7Y00 splitter, 1-3 m, from the leaf cage to two NICs
    (("l1", "l2"), "dac", 3.5, False),
    (("l1", "l2"), "aoc", 5.0, True),       # NDR twin-port: active copper splitter to 5 m ...
    (("l1", "l2"), "aoc", 6.0, False),      # ... and no AOC beyond
    (("l1", "l2"), "optics", 100.0, True),  # DR4 single-mode to 100 m
    (("l1", "l2"), "optics", 101.0, False),
    (("front",), "aoc", 100.0, True),       # a 100G front-end link: a QSFP28 AOC reaches 100 m
    (("front",), "dac", 4.0, False),
])
def test_cable_longer_than_its_reach(links, cable, length, ok):
    doc = build_fabric()
    if links == ("front",):
        links = (next(lk.id for lk in doc.links.values() if lk.plane == "frontend"),)
    for lid in links:          # the two ports of one twin-port cage share one assembly
        doc.links[lid].cable = cable
        doc.links[lid].length_m = length
    found = only(run_checks(doc, CAT), "cable-reach")
    assert (not found) == ok
    if not ok:
        assert set(found[0].links) == set(links) and found[0].value == length and found[0].severity == "error"


def test_cable_part_missing_from_catalog():
    doc = build_fabric()
    assert not only(run_checks(doc, CAT), "cable-model")
    cat = copy.deepcopy(CAT)
    del cat.cables["mcp7y00"]     # the only splitter with single-port OSFP legs for ConnectX-7
    found = only(run_checks(doc, cat), "cable-model")
    assert found and {"l1", "l2"} <= set(found[0].links)


# ---- buildability: lanes, cages, breakouts -------------------------------------------------------
def test_lanes_booked_twice_when_ports_outgrow_the_cages():
    doc = build_fabric("ib")
    assert not only(run_checks(doc, CAT), "cage-capacity")
    doc.nodes["spine1"].port_groups.append(PortGroup("x", 2, 400.0, "ib"))   # 66 x 400G on 32 twin cages
    found = only(run_checks(doc, CAT), "cage-capacity")
    assert len(found) == 1 and found[0].nodes == ("spine1",) and found[0].severity == "error"
    assert found[0].value == 33 and "32" in found[0].message


def test_one_cage_cannot_take_copper_and_optics():
    doc = build_fabric()
    assert not only(run_checks(doc, CAT), "cage-conflict")
    doc.links["l2"].cable, doc.links["l2"].length_m = "optics", 2.0     # l1 (same cage) stays on the splitter
    found = only(run_checks(doc, CAT), "cage-conflict")
    assert len(found) == 1 and {"l1", "l2"} <= set(found[0].links) and "leaf1" in found[0].nodes


def test_copper_cannot_leave_one_cage_for_two_switches():
    doc = build_fabric()
    uplinks = [lk for lk in doc.links.values() if lk.a.node == "leaf1" and lk.b.node.startswith("spine")]
    first_cage = uplinks[:2]          # leaf1's first uplink cage: both ports to one spine cage
    for lk in first_cage:
        lk.cable, lk.length_m = "dac", 2.0
    assert not only(run_checks(doc, CAT), "cage-conflict")     # a twin-to-twin DAC joins the two cages
    first_cage[1].b = Endpoint("spine2", doc.free_ports("spine2")[0].name)   # now one port goes elsewhere
    found = only(run_checks(doc, CAT), "cage-conflict")
    assert found and {lk.id for lk in first_cage} <= set(found[0].links)
    for lk in first_cage:
        lk.cable = "optics"
    assert not only(run_checks(doc, CAT), "cage-conflict")


@pytest.mark.parametrize("far_speed, ok", [(400.0, True), (200.0, False)])
def test_breakout_leg_lands_on_a_port_of_its_speed(far_speed, ok):
    doc = build_fabric()             # SN5600 leaves: every 800G cage split into 2 x 400G
    doc.add_node(switch_node(CAT, "sn4600" if far_speed == 200.0 else "sn5600", "edge", "leaf",
                             speed_gbps=far_speed))
    free = [p.name for p in doc.free_ports("leaf1")][0]
    doc.add_link(Link("bx", Endpoint("leaf1", free), Endpoint("edge", "p1"), far_speed, "optics", 10.0))
    found = only(run_checks(doc, CAT), "breakout-speed")
    assert (not found) == ok
    if not ok:
        assert found[0].links == ("bx",) and found[0].value == 400.0 and "edge" in found[0].message


def test_unknown_models():
    doc = build_fabric()
    assert "unknown-model" not in rules_of(run_checks(doc, CAT))
    doc.nodes["leaf1"].model = "no-such-switch"
    doc.nodes["srv2"].nic_model = "no-such-nic"
    doc.nodes["srv3"].model = "qm9700"  # a switch model on a server
    found = only(run_checks(doc, CAT), "unknown-model")
    assert {f.nodes for f in found} == {("leaf1",), ("srv2",), ("srv3",)}
    assert all(f.severity == "error" for f in found)


def test_a_large_correct_fabric_has_no_errors():
    """(How long the checks take on large designs: benchmarks/core_speed.py.)"""
    doc = build_fabric(servers=128, leaves=16, spines=8, frontend=False)  # 2,048 back-end links
    assert rules_of(run_checks(doc, CAT), "error") == set()


# ---- generated designs -------------------------------------------------------------------------
GENERATED = [("leaf-spine", "rocev2", 128), ("leaf-spine", "ib", 128), ("fat-tree", "ib", 256),
             ("fat-tree", "rocev2", 256), ("fat-tree-3", "ib", 1024), ("fat-tree-3", "rocev2", 1024),
             ("rail-optimized", "rocev2", 256), ("rail-optimized", "ib", 256), ("fat-tree", "hybrid", 256)]


@pytest.mark.parametrize("kind, backend, gpus", GENERATED)
def test_every_generated_kind_passes_the_checks(kind, backend, gpus):
    from designer.topology import generate
    doc = generate(kind, gpus=gpus, backend=backend, catalog=CAT)
    findings = run_checks(doc, CAT)
    assert [f.message for f in findings if f.severity == "error"] == []
    assert [f.message for f in findings if f.severity == "warning"] == []
    assert set(oversubscription_by_tier(doc).values()) <= {1.0}


@pytest.mark.parametrize("oversubscription", [2.0, 3.0])
def test_generated_oversubscription_is_reported(oversubscription):
    from designer.topology import generate
    doc = generate("leaf-spine", gpus=512, backend="rocev2", oversubscription=oversubscription, catalog=CAT)
    assert oversubscription_by_tier(doc)["leaf"] == pytest.approx(oversubscription, rel=0.05)

    def warnings() -> list[Finding]:
        return [f for f in run_checks(doc, CAT) if f.rule == "oversubscription" and f.severity == "warning"]

    # the generator records the ratio asked for as the design's target: the figure, no warning
    assert doc.assumptions.target_oversubscription == oversubscription and warnings() == []
    doc.assumptions.target_oversubscription = 1.0
    assert warnings() and warnings()[0].value == pytest.approx(oversubscription, rel=0.05)
