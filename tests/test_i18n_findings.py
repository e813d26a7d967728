"""Design-rule findings in full detail in Chinese: every sentence shape of every rule has a message id,
its Chinese rendering carries the same details (ports, speeds, nodes, figures), and English is unchanged."""

from __future__ import annotations

import json
import re
from types import SimpleNamespace

import pytest

from designer.catalog.instantiate import server_node, switch_node
from designer.i18n import render_finding
from designer.i18n.findings import Names, Phrase
from designer.i18n.messages_en import EN
from designer.model import Endpoint, FabricDocument, Link, PortGroup, Segment
from designer.topology.checks import Finding, run_checks
from tests.factories import CAT, build_fabric

DETAIL_IDS = {i for i in EN if i.startswith("finding.") and i.endswith(".detail")}
CJK = re.compile(r"[\u4e00-\u9fff]")
# Latin words a Chinese finding may keep: units, protocol and parameter names (see the glossary)
LATIN_OK = {"GPU", "Gb", "s", "KB", "m", "PFC", "ECN", "Xon", "Xoff", "Kmin", "Kmax", "Pmax", "InfiniBand",
            "RoCEv2", "VPI", "DAC", "AOC", "headroom",
            "MB", "RoCEv", "pfc", "off", "RTT", "MetroX"}   # multi-site: units, an option, the appliance


# ---- broken designs, one or more sentence shapes each ---------------------------------------------
def unknown_models() -> FabricDocument:
    doc = build_fabric()
    doc.nodes["leaf1"].model = "no-such-switch"
    doc.nodes["srv2"].nic_model = "no-such-nic"
    doc.nodes["srv3"].nic_model = "no-such-nic"
    doc.nodes["srv1"].nic_model = "cx6dx-100"     # a 100G NIC behind 400G back-end ports
    doc.add_node(switch_node(CAT, "sn5600", "odd1", "leaf", speed_gbps=400))
    doc.nodes["odd1"].kind = "widget"          # a kind of no catalog section (only in memory)
    return doc


def bad_endpoints() -> FabricDocument:
    doc = build_fabric()
    doc.links["l1"].b = Endpoint("leaf1", "p999")
    doc.links["l2"].a = Endpoint("ghost", "p1")
    doc.links["l2"].b = Endpoint("ghost", "p2")
    doc.links["l3"].b = doc.links["l3"].a
    return doc


def too_many_links() -> FabricDocument:
    doc = build_fabric(servers=2, leaves=1, spines=1, frontend=False)
    doc.add_node(server_node(CAT, "hgx-h100", "tiny", backend_nics=1, frontend_nics=0))
    doc.segments["seg1"].nodes.append("tiny")
    doc.add_link(Link("t1", Endpoint("tiny", "be1"), Endpoint("leaf1", "p100"), 400.0))
    doc.add_link(Link("t2", Endpoint("tiny", "be1"), Endpoint("leaf1", "p101"), 400.0))
    return doc


def wrong_speeds() -> FabricDocument:
    doc = build_fabric()
    doc.links["l1"].speed_gbps = 800.0
    doc.links["l2"].speed_gbps = 300.0
    up = [link for link in doc.links.values() if link.touches("spine1")]
    for link in up[:3]:
        link.speed_gbps = 800.0
    for link in up[3:9]:
        link.speed_gbps = 300.0
    return doc


def ib_to_ethernet() -> FabricDocument:
    doc = build_fabric("ib")
    doc.add_node(switch_node(CAT, "sn5600", "eth-leaf", "leaf", speed_gbps=400))
    doc.add_link(Link("bad", Endpoint("leaf1", "p60"), Endpoint("eth-leaf", "p1"), 400.0))
    return doc


def vpi_in_roce_segment() -> FabricDocument:
    doc = build_fabric("ib")
    doc.segments["seg1"].protocol = "rocev2"
    return doc


def vpi_outside_segments() -> FabricDocument:
    doc = build_fabric("ib")
    doc.segments["seg1"].nodes = [n for n in doc.segments["seg1"].nodes if n != "srv1"]
    doc.links["l1"].b = Endpoint("leaf2", "p50")
    doc.remove_link("l2")
    return doc


def one_link_wrong_plane() -> FabricDocument:
    doc = build_fabric()
    doc.links["l1"].plane = "frontend"
    return doc


def links_wrong_plane() -> FabricDocument:
    doc = build_fabric()
    for lid in ("l1", "l10", "l11"):
        doc.links[lid].plane = "frontend"
    return doc


def segment_members() -> FabricDocument:
    doc = build_fabric()
    doc.add_segment(Segment("seg2", "second", "rocev2", ["srv1", "nowhere"]))
    doc.add_segment(Segment("seg3", "seg3", "rocev2", ["x1", "x2"]))
    doc.segments["seg1"].nodes.remove("srv3")
    doc.segments["seg1"].nodes.remove("spine1")
    return doc


def wrong_protocol_models() -> FabricDocument:
    doc = build_fabric("ib", switch_model="sn5600")
    doc.nodes["srv2"].nic_model = "thor2"
    return doc


def bad_thresholds() -> FabricDocument:
    doc = build_fabric()
    r = doc.segments["seg1"].rocev2
    r.xoff_kb, r.xon_kb = 200.0, 300.0
    r.kmin_kb, r.kmax_kb, r.pmax = 100.0, 50.0, 1.5
    doc.add_segment(Segment("seg2", "other", "rocev2", []))
    doc.segments["seg2"].rocev2.xoff_kb = 0.0
    return doc


def small_headroom() -> FabricDocument:
    doc = build_fabric()
    doc.segments["seg1"].rocev2.headroom_kb = 60.0
    return doc


def long_cables() -> FabricDocument:
    doc = build_fabric()
    for lid in ("l1", "l2"):            # one twin-port cage: an active-copper splitter, 5 m at most
        doc.links[lid].cable = "aoc"
        doc.links[lid].length_m = 6.0
    doc.links["l3"].length_m = 5.0
    doc.links["l4"].length_m = 7.5
    doc.links["l40"].length_m = 2500.0
    doc.add_node(switch_node(CAT, "q3400", "xdr1", "spine", speed_gbps=800))   # no XDR copper in the catalog
    doc.add_node(switch_node(CAT, "q3400", "xdr2", "spine", speed_gbps=800))
    doc.add_link(Link("x1", Endpoint("xdr1", "p1"), Endpoint("xdr2", "p1"), 800.0, "dac", 2.0))
    return doc


def unbuildable_cages() -> FabricDocument:
    doc = build_fabric("ib")
    doc.nodes["spine1"].port_groups.append(PortGroup("x", 2, 400.0, "ib"))      # 66 ports on 32 twin cages
    doc.links["l2"].cable, doc.links["l2"].length_m = "optics", 2.0           # l1 shares its cage on copper
    ups = [lk for lk in doc.links.values() if lk.a.node == "leaf1" and lk.b.node.startswith("spine")][:2]
    for lk in ups:
        lk.cable, lk.length_m = "dac", 2.0
    ups[1].b = Endpoint("spine2", doc.free_ports("spine2")[0].name)           # one copper cage, two switches
    doc.add_node(switch_node(CAT, "qm9700", "edge", "leaf", speed_gbps=200))
    doc.segments["seg1"].nodes.append("edge")
    doc.add_link(Link("bx", Endpoint("leaf2", doc.free_ports("leaf2")[0].name), Endpoint("edge", "p1"), 200.0,
                      "optics", 10.0))                                          # a 400G leg on a 200G port
    return doc


def split_backend() -> FabricDocument:
    doc = build_fabric(spines=1, frontend=False)
    for link in list(doc.links.values()):
        if link.touches("leaf2") and link.touches("spine1"):
            doc.remove_link(link.id)
    doc.remove_link("l1")
    doc.remove_link("l2")
    return doc


def one_server_short() -> FabricDocument:
    doc = build_fabric(spines=1)
    doc.remove_link("l1")
    doc.remove_link(next(link.id for link in doc.links.values() if link.plane == "frontend"))
    return doc


def oversubscribed() -> FabricDocument:
    return build_fabric(uplinks_per_spine=2)


def plane_shared() -> FabricDocument:
    from designer.topology import generate
    doc = generate("multi-plane", gpus=16, planes=2, frontend=False, catalog=CAT)
    link = next(lk for lk in doc.links.values() if Endpoint("srv-001", "be1p2") in (lk.a, lk.b))
    plane1 = next(n.id for n in doc.nodes.values() if n.kind == "switch" and n.pod == 1)
    far = Endpoint(plane1, doc.free_ports(plane1)[0].name)
    link.a, link.b = (link.a, far) if link.a.node == "srv-001" else (far, link.b)
    return doc


def single_port_planes() -> FabricDocument:
    """One server's dual-port cards swapped for single-port 400G ones, each still drawn into two planes."""
    from designer.topology import generate
    doc = generate("multi-plane", gpus=16, planes=2, frontend=False, catalog=CAT)
    doc.nodes["srv-002"].nic_model = "cx7"
    return doc


def rocev2_sites_far_apart() -> FabricDocument:
    from designer.topology.two_site import TwoSiteOptions, generate_two_site
    doc = generate_two_site(TwoSiteOptions(16, 100, dci_links=4, equipment="sn5600"), CAT)
    doc.long_haul[0].count = 5
    return doc


def ib_sites_without_appliances() -> FabricDocument:
    from designer.topology.two_site import TwoSiteOptions, generate_two_site
    return generate_two_site(TwoSiteOptions(16, 100, dci_links=2, backend="ib", equipment="qm9700"), CAT)


def server_of_no_site() -> FabricDocument:
    doc = ib_sites_without_appliances()
    doc.nodes["b-srv-002"].site = None          # its 8 back-end links reach leaves of site b
    return doc


_NO_FRONTEND = ("4 GPU servers have no front-end link ('a-srv-001', 'a-srv-002', 'b-srv-001', 'b-srv-002'); "
                "storage, management and user traffic need the Ethernet front-end")
# two servers a site: one on each leaf, the site-edge equipment beside the second one (two_site._extra_servers)
_TIER = "leaf tier oversubscription 0.50:1 (worst switch 'a-leaf-01': 3,200 Gb/s down, 6,400 Gb/s up)"


def _no_lossless(site: str) -> str:
    return (f"lossless RoCEv2 across 100 km is impossible at 'DCI {site}1' (Spectrum-4 SN5600 (Spectrum-X)): 4 "
            "long-haul ports at 400 Gb/s need 50.1 MB of PFC headroom each (200 MB), more than its 160 MB buffer; "
            "run the cross-site traffic lossy (pfc=off) over deep-buffer routers, or keep the lossless class inside "
            "each site")


def _no_credits(site: str) -> str:
    return (f"InfiniBand across 100 km at 400 Gb/s keeps 50.0 MB in flight per link, but 'DCI {site}1' advertises "
            "256 KB of credits per port and virtual lane: the link would run at 2.1 Gb/s (credits / RTT); put "
            "long-haul appliances (MetroX class) at both ends")


# what each design must report in English, word for word as before message ids existed
EXPECTED: dict[str, tuple] = {
    "unknown_models": (unknown_models, [
        "switch model 'no-such-switch' is not in the catalog (1 node: 'leaf1'); add it with a user catalog file "
        "or pick a known model",
        "NIC model 'no-such-nic' is not in the catalog (2 nodes: '服务器 2' (srv2), '服务器 3' (srv3)); add it "
        "with a user catalog file or pick a known model",
        "model of a 'widget' 'sn5600' is not in the catalog (1 node: 'odd1'); add it with a user catalog file or "
        "pick a known model",
        "back-end ports of 1 server ('服务器 1' (srv1)) run at 400 Gb/s, but NIC model 'cx6dx-100' in server model "
        "'hgx-h100' runs at most 100 Gb/s; pick a faster NIC or slow the ports down"]),
    "bad_endpoints": (bad_endpoints, [
        "link 'l1' ends at leaf1:p999, which does not exist",
        "link 'l2' ends at ghost:p1 and ghost:p2, which does not exist",
        "link 'l3' joins port be3 of '服务器 1' (srv1) to itself",
        "1 GPU server has 1 back-end NIC without a link ('服务器 1' (srv1)); those GPUs get less back-end "
        "bandwidth"]),
    "too_many_links": (too_many_links, [
        "port be1 of 'tiny' is used by 2 links (t1, t2); a port takes one cable",
        "'tiny' has 2 links but only 1 port",
        "3 GPU servers have no front-end link ('服务器 1' (srv1), '服务器 2' (srv2), 'tiny'); storage, management "
        "and user traffic need the Ethernet front-end",
        "1 leaf switch exceed the target oversubscription 1:1, up to 1.12:1 ('leaf1')"]),
    "wrong_speeds": (wrong_speeds, [
        "link 'l1' runs at 800 Gb/s but port be1 of '服务器 1' (srv1) is a 400 Gb/s port",
        "4 links (l1, l33, l34, l35) run at 800 Gb/s on 400 Gb/s ports of sn5600",
        "port be2 of '服务器 1' (srv1) cannot run link 'l2' at 300 Gb/s (it runs 400, 200, 100 Gb/s)",
        "7 links (l2, l36, l37, l38, l39 and 2 more) run at 300 Gb/s, which 400 Gb/s ports of sn5600 cannot "
        "(they run 400, 200, 100 Gb/s)",
        "segment 'back-end' reserves 118 KB of PFC headroom but 3 links need more: up to 138 KB for 800 Gb/s "
        "over 30 m (link 'l35'); raise the headroom or shorten the cables"]),
    "ib_to_ethernet": (ib_to_ethernet, [
        "link 'bad' joins InfiniBand port p60 of 'leaf1' to Ethernet port p1 of 'eth-leaf'; InfiniBand and "
        "Ethernet meet only through a gateway",
        "1 node on the back-end belong to no segment ('eth-leaf'); their protocol is undefined until one is "
        "assigned"]),
    "vpi_in_roce_segment": (vpi_in_roce_segment, [
        "32 links (l1, l2, l3, l4, l5 and 27 more) join Ethernet (a VPI NIC in segment 'back-end') ports of "
        "hgx-h100 to InfiniBand ports of qm9700; InfiniBand and Ethernet meet only through a gateway",
        "segment 'back-end' runs RoCEv2 but switch model qm9700 does not ('leaf1', 'leaf2', 'spine1', 'spine2')",
        "leaf tier oversubscription 1.00:1 (worst switch 'leaf1': 6,400 Gb/s down, 6,400 Gb/s up)"]),
    "vpi_outside_segments": (vpi_outside_segments, [
        "7 links (l1, l3, l4, l5, l6 and 2 more) join Ethernet (a VPI NIC outside any segment) ports of hgx-h100 "
        "to InfiniBand ports of qm9700; InfiniBand and Ethernet meet only through a gateway",
        "leaf tier oversubscription 1.06:1 (worst switch 'leaf2': 6,800 Gb/s down, 6,400 Gb/s up)"]),
    "one_link_wrong_plane": (one_link_wrong_plane, [
        "link 'l1' is on the frontend plane but port be1 of '服务器 1' (srv1) is a backend port"]),
    "links_wrong_plane": (links_wrong_plane, [
        "3 links (l1, l10, l11) on the frontend plane use backend ports of hgx-h100"]),
    "segment_members": (segment_members, [
        "segment 'second' lists 'nowhere', which is not in the design",
        "'服务器 1' (srv1) is in both segment 'back-end' and segment 'second'; a node runs one protocol",
        "segment 'seg3' lists 'x1', 'x2', which are not in the design",
        "2 nodes on the back-end belong to no segment ('服务器 3' (srv3), 'spine1'); their protocol is undefined "
        "until one is assigned"]),
    "wrong_protocol_models": (wrong_protocol_models, [
        "32 links (l1, l2, l3, l4, l5 and 27 more) join Ethernet ports of sn5600 to InfiniBand (a VPI NIC in "
        "segment 'back-end') ports of hgx-h100; InfiniBand and Ethernet meet only through a gateway",
        "segment 'back-end' runs InfiniBand but switch model sn5600 does not ('leaf1', 'leaf2', 'spine1', "
        "'spine2')",
        "segment 'back-end' runs InfiniBand but NIC model thor2 does not ('服务器 2' (srv2))"]),
    "bad_thresholds": (bad_thresholds, [
        "segment 'back-end': PFC Xon (300 KB) must be below Xoff (200 KB), or a paused port would never resume",
        "segment 'other': PFC Xoff (0 KB), Xon (3072 KB) and headroom (118 KB) must be positive",
        "segment 'back-end': ECN Kmin (100 KB) must be at least 0 and below Kmax (50 KB)",
        "segment 'back-end': ECN Pmax (1.5) is a probability and must lie in 0..1"]),
    "small_headroom": (small_headroom, [
        "segment 'back-end' reserves 60 KB of PFC headroom but 32 links need more: up to 73 KB for 400 Gb/s over "
        "30 m (link 'l64'); raise the headroom or shorten the cables"]),
    "long_cables": (long_cables, [
        "the catalog has no DAC part for 800 Gb/s between the gear at the ends of 1 link (x1)",
        "2 AOC links at 400 Gb/s are longer than the 5 m they reach (up to 6 m: l1, l2); use optics",
        "2 DAC links at 400 Gb/s are longer than the 3 m they reach (up to 7.5 m: l3, l4); use AOC or optics",
        "1 optical link at 400 Gb/s is longer than the 2000 m it reaches (up to 2500 m: l40); use longer-reach "
        "optics (a user catalog can add them)",
        "segment 'back-end' reserves 118 KB of PFC headroom but 1 link needs more: up to 1308 KB for 400 Gb/s over "
        "2500 m (link 'l40'); raise the headroom or shorten the cables"]),
    "unbuildable_cages": (unbuildable_cages, [
        "the ports of 'spine1' need 33 cages of its model qm9700, which has 32; some lanes would carry two ports",
        "1 cage mixes copper and optics ('leaf1' 1; l1, l2); both ports of a twin-port cage share one module or "
        "one cable",
        "1 cage sends copper to two other switch cages ('leaf1' 9; l33, l34); a copper cable joins one cage to one "
        "cage, so use optics or pair the ports",
        "1 breakout leg of 400 Gb/s meets a 200 Gb/s port or runs at 200 Gb/s ('edge':p1, 'leaf2':p33; bx); a leg "
        "must land on a port of its own speed"]),
    "split_backend": (split_backend, [
        "the back-end is split into 2 islands: 2 GPU servers ('服务器 3' (srv3), '服务器 4' (srv4)) cannot reach "
        "the 2 in the largest one over back-end links or gateways",
        "1 GPU server has 2 back-end NICs without a link ('服务器 1' (srv1)); those GPUs get less back-end "
        "bandwidth",
        "4 GPU servers have no front-end link ('服务器 1' (srv1), '服务器 2' (srv2), '服务器 3' (srv3), '服务器 4' "
        "(srv4)); storage, management and user traffic need the Ethernet front-end"]),
    "one_server_short": (one_server_short, [
        "1 GPU server has 1 back-end NIC without a link ('服务器 1' (srv1)); those GPUs get less back-end "
        "bandwidth",
        "1 GPU server has no front-end link ('服务器 1' (srv1)); storage, management and user traffic need the "
        "Ethernet front-end"]),
    "oversubscribed": (oversubscribed, [
        "2 leaf switches exceed the target oversubscription 1:1, up to 4.00:1 ('leaf1', 'leaf2')",
        "leaf tier oversubscription 4.00:1 (worst switch 'leaf1': 6,400 Gb/s down, 1,600 Gb/s up)"]),
    "rocev2_sites_far_apart": (rocev2_sites_far_apart, [
        _no_lossless("A"), _no_lossless("B"), _NO_FRONTEND,
        "long-haul bundle 'dci' declares 5 links of 400 Gb/s but the design cables 4 between its sites (at 400 Gb/s)",
        _TIER]),
    "ib_sites_without_appliances": (ib_sites_without_appliances, [
        _no_credits("A"), _no_credits("B"), _NO_FRONTEND, _TIER]),
    "server_of_no_site": (server_of_no_site, [
        "8 links join a device of a site to a device of no site (link 'b-L9'): Plan racks stands them on different "
        "floors and leaves their cable and length as drawn; give both ends a site"]),
    "plane_shared": (plane_shared, [
        "1 GPU server has 1 multi-plane NIC whose ports reach the same back-end fabric ('srv-001'); cable each port "
        "of a NIC to a different plane"]),
    "single_port_planes": (single_port_planes, [
        "the plane ports of 'srv-002' need 8 more cages than its 'cx7' NIC cards have: a port of that card reaches "
        "one switch, so each plane needs a port of its own (a card with a port per plane)"]),
}


@pytest.fixture(scope="module")
def findings() -> dict[str, list[Finding]]:
    return {name: run_checks(build(), CAT) for name, (build, _) in EXPECTED.items()}


# ---- helpers ----------------------------------------------------------------------------------
def _strings(params: tuple) -> list[str]:
    """Every plain string a finding's parameters carry (names, ports, models), however nested."""
    out: list[str] = []
    for _, value in params:
        if isinstance(value, str):
            out.append(value)
        elif isinstance(value, Names):
            out.extend(value.items)
        elif isinstance(value, Phrase):
            out.extend(_strings(value.params))
    return out


def _shown(params: tuple) -> list[str]:
    """The strings a rendering must show (a long list shows its first names only)."""
    out: list[str] = []
    for _, value in params:
        if isinstance(value, str):
            out.append(value)
        elif isinstance(value, Names):
            out.extend(value.items[:value.limit])
        elif isinstance(value, Phrase):
            out.extend(_shown(value.params))
    return out


# ---- the tests ----------------------------------------------------------------------------------
def test_every_sentence_shape_is_exercised(findings):
    seen = {f.msg_id for found in findings.values() for f in found}
    assert None not in seen
    assert seen == DETAIL_IDS
    assert len(DETAIL_IDS) >= 27


@pytest.mark.parametrize("name", list(EXPECTED))
def test_english_messages_unchanged(findings, name):
    messages = [f.message for f in findings[name]]
    for expected in EXPECTED[name][1]:
        assert expected in messages
    for f in findings[name]:
        assert render_finding(f, "en") == f.message


@pytest.mark.parametrize("name", list(EXPECTED))
def test_chinese_rendering_keeps_every_detail(findings, name):
    for f in findings[name]:
        assert f.msg_id in DETAIL_IDS, f.message
        zh = render_finding(f, "zh_CN")
        assert CJK.search(zh), zh
        for text in _shown(f.params):                       # ports, nodes, models, links, segments
            assert text in zh, (text, zh)
        for number in re.findall(r"\d[\d,.]*\d|\d", f.message):   # speeds, lengths, thresholds, counts
            assert number in zh, (number, f.message, zh)
        for quoted in re.findall(r"'[^']*'", f.message):
            assert quoted in zh, (quoted, zh)
        rest = zh
        for text in sorted(_strings(f.params), key=len, reverse=True):
            rest = rest.replace(text, " ")
        leftover = set(re.findall(r"[A-Za-z]+", rest)) - LATIN_OK
        assert leftover == set(), (leftover, zh)


def test_chinese_wording_follows_the_glossary(findings):
    zh = {f.msg_id: render_finding(f, "zh_CN") for found in findings.values() for f in found}
    assert "收敛比" in zh["finding.oversubscription.detail"] and "叶层" in zh["finding.oversubscription.detail"]
    assert "台叶交换机" in zh["finding.oversubscription.target.detail"]
    assert "分区 'back-end'" in zh["finding.pfc-headroom.detail"] and "预留缓存" in zh["finding.pfc-headroom.detail"]
    assert "前端网络平面" in zh["finding.plane-mismatch.detail"]
    assert "以太网" in zh["finding.medium-mismatch.detail"] and "网关" in zh["finding.medium-mismatch.detail"]
    assert "端口 be1" in zh["finding.port-reuse.detail"] and "链路" in zh["finding.port-reuse.detail"]


def test_finding_stays_hashable_and_json_ready(findings):
    found = [f for fs in findings.values() for f in fs]
    assert len(set(found)) <= len(found)                       # hashable
    data = json.loads(json.dumps([f.to_dict() for f in found], ensure_ascii=False))
    for f, d in zip(found, data, strict=True):
        assert d["msg_id"] == f.msg_id and d["message"] == f.message
        assert set(d["params"]) == {key for key, _ in f.params}
    reuse = next(d for d in data if d["msg_id"] == "finding.port-reuse.detail")
    assert reuse["params"]["link_ids"] == ["t1", "t2"] and reuse["params"]["port"] == "be1"


def test_finding_without_message_id_keeps_the_generic_rendering():
    f = Finding("port-reuse", "error", "port x is used twice", nodes=("a",), links=("l1", "l2"), value=2.0)
    assert render_finding(f, "en") == "port x is used twice"
    zh = render_finding(f, "zh_CN")
    assert zh.startswith("一个端口被两条或更多链路占用") and "l1、l2" in zh


def test_proposal_findings_table_in_chinese(findings):
    from designer.report.fonts import register_fonts
    from designer.report.options import ReportOptions
    from designer.report.sections.findings import build
    from designer.report.strings import tr
    from designer.report.styles import make_styles

    found = findings["wrong_speeds"]
    ctx = SimpleNamespace(styles=make_styles(register_fonts()), width=480.0, findings=found, language="zh_CN",
                          options=ReportOptions(language="zh_CN"), t=lambda key, **values: tr(key, "zh_CN", **values))
    table = next(f for f in build(ctx) if hasattr(f, "_cellvalues"))
    # a no-break space (between a number and its unit) reads as a space
    rows = [[cell.text.replace("\u00a0", " ") for cell in row] for row in table._cellvalues]
    # a customer reads the severity and the message; the rule's internal name stays out of the proposal
    assert rows[0] == [tr("col_severity", "zh_CN"), tr("col_message", "zh_CN")]
    assert [row[0] for row in rows[1:]] == ["错误" if f.severity == "error" else
                                            "警告" if f.severity == "warning" else "信息" for f in found]
    assert any("'服务器 1' (srv1) 的端口 be1" in row[1] and "800 Gb/s" in row[1] for row in rows[1:])
    assert all(CJK.search(row[1]) for row in rows[1:])
