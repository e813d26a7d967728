"""Bill of materials, capex, power and TCO, in USD and CNY, on hand-built fabrics."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from designer.catalog.instantiate import gateway_node, server_node, storage_node, switch_node
from designer.export.bom_export import bom_csv
from designer.model import Assumptions, Endpoint, FabricDocument, Link, ProjectError
from designer.topology.checks import run_checks
from designer.topology.cost import BomItem, CostReport, cost_report
from designer.topology.oversubscription import oversubscription_by_tier
from designer.topology.physical.schedule import build_schedule
from tests.factories import CAT, build_fabric


def hardware_only(doc: FabricDocument) -> FabricDocument:
    """The design with the optional site lines off: racks, PDUs, management switches, UFM, installation."""
    doc.build.racks_and_pdus = doc.build.oob_switch_per_rack = False
    doc.build.ufm_appliances = 0
    doc.build.installation = "none"
    doc.build.spares_percent = 0.0
    return doc


def test_counts_equal_the_document():
    doc = hardware_only(build_fabric("rocev2", servers=4, leaves=2, spines=2))
    doc.add_node(storage_node(CAT, "nvme-400", "st1"))
    doc.add_link(Link("st-l", Endpoint("st1", "fe1"), Endpoint("fe1", "p20"), 100.0, plane="frontend"))
    report = cost_report(doc, CAT)
    switches = Counter(n.model for n in doc.nodes.values() if n.kind == "switch")
    assert {i.model: i.count for i in report.items if i.kind == "switch"} == dict(switches)
    # cables, fibre and transceivers as the cable schedule assembles them
    sched = build_schedule(doc, CAT)
    assemblies = Counter(a.part for a in sched.assemblies.values())
    assert {i.model: i.count for i in report.items if i.kind in ("cable", "fibre")} == dict(assemblies)
    assert {i.model: i.count for i in report.items if i.kind == "optics"} == dict(Counter(sched.modules.values()))
    # 8 back-end NICs per server; front-end cards by the ports cabled (fe1 of each of the 4 servers: one
    # dual-port 200G card each, the servers' front-end ports being 200G)
    assert report.count("cx7") == 4 * 8
    assert report.count("cx7-2x200") == 4
    assert report.count("hgx-h100") == 4 and report.count("nvme-400") == 1
    assert report.counts_by_kind()["server"] == 4 and report.counts_by_kind()["storage"] == 1


def test_totals_add_up_and_network_share():
    report = cost_report(build_fabric(), CAT)
    for item in report.items:
        assert item.total == pytest.approx(item.unit_price * item.count)
    capex_items = [i for i in report.items if not i.per_year]
    assert report.capex == pytest.approx(sum(i.total for i in capex_items))
    network = sum(i.total for i in capex_items if i.kind not in ("server", "storage", "facility"))
    assert report.capex_network == pytest.approx(network)
    assert 0 < report.network_share < 1
    # installed power: spares on the shelf draw nothing
    assert report.power_w == pytest.approx(sum(i.power_w_each * (i.count - i.spares) for i in capex_items))
    assert report.support_cost_per_year == pytest.approx(sum(i.total for i in report.items if i.per_year))


def test_unit_prices_and_power_come_from_the_catalog():
    doc = hardware_only(FabricDocument())
    doc.assumptions.support_fraction_per_year = 0.0
    doc.add_node(server_node(CAT, "hgx-b200", "s1", nic_model="thor2", frontend_nics=0))
    doc.add_node(switch_node(CAT, "7060x6", "leaf", "leaf", speed_gbps=400))
    doc.add_link(Link("a", Endpoint("s1", "be1"), Endpoint("leaf", "p1"), 400.0, "optics", 20.0))
    items = {i.model: i for i in cost_report(doc, CAT).items}
    # Thor 2 is a QSFP112 NIC: a QSFP112 SR4 module there, a twin-port module in the switch cage, one fibre
    assert set(items) == {"hgx-b200", "thor2", "7060x6", "mma4z00-ns", "mma1z00-ns400", "mfp7e30"}
    assert items["thor2"].count == 8 and items["thor2"].unit_price == CAT.nic("thor2").price_usd
    assert items["7060x6"].power_w_each == CAT.switch("7060x6").power_w
    assert items["mma4z00-ns"].kind == "optics" and items["mma4z00-ns"].unit_price == 1100
    fibre = CAT.cables["mfp7e30"]
    assert items["mfp7e30"].unit_price == pytest.approx(fibre.price_usd + 20 * fibre.price_per_m_usd)
    report = cost_report(doc, CAT)
    expected_w = (CAT.server("hgx-b200").power_w + 8 * CAT.nic("thor2").power_w + CAT.switch("7060x6").power_w
                  + CAT.transceivers["mma4z00-ns"].power_w + CAT.transceivers["mma1z00-ns400"].power_w)
    assert report.power_w == pytest.approx(expected_w)


def test_cny_is_usd_times_the_rate():
    doc = build_fabric()
    doc.assumptions.cny_per_usd = 6.85
    usd = cost_report(doc, CAT, currency="USD")
    cny = cost_report(doc, CAT, currency="CNY")
    assert cny.currency == "CNY" and usd.currency == "USD"
    assert cny.capex == pytest.approx(usd.capex * 6.85)
    assert cny.tco == pytest.approx(usd.tco * 6.85)
    for u, c in zip(usd.items, cny.items, strict=True):
        assert (u.model, u.count) == (c.model, c.count)
        assert c.unit_price == pytest.approx(u.unit_price * 6.85)
    # the design's own currency is the default
    doc.assumptions.currency = "CNY"
    assert cost_report(doc, CAT).capex == pytest.approx(cny.capex)


def test_tco_formula():
    doc = build_fabric()
    doc.assumptions = Assumptions(electricity_per_kwh_usd=0.12, pue=1.5, tco_years=5, support_fraction_per_year=0.08)
    r = cost_report(doc, CAT)
    energy = r.power_w / 1000 * 8760 * 1.5 * 0.12
    assert r.energy_cost_per_year == pytest.approx(energy)
    # support: 8 % a year of the hardware that carries a support contract (not cables, racks or services)
    supported = sum(i.total for i in r.items if i.kind in ("switch", "gateway", "nic", "optics", "management",
                                                          "server", "storage"))
    assert r.support_cost_per_year == pytest.approx(0.08 * supported)
    assert r.tco == pytest.approx(r.capex + 5 * (energy + 0.08 * supported))
    assert r.tco_years == 5 and r.to_dict()["tco_3y"] == pytest.approx(r.tco, abs=0.01)
    # no running cost: TCO is capex
    doc.assumptions = Assumptions(electricity_per_kwh_usd=0.0, support_fraction_per_year=0.0)
    free = cost_report(doc, CAT)
    assert free.tco == pytest.approx(free.capex)


def test_ib_costs_more_than_the_same_design_in_rocev2():
    # 16 H100 servers (128 x 400G NICs), non-blocking, each fabric sized by its switch radix:
    # IB 64 x 400G: 4 leaves + 2 spines; Ethernet 64 x 800G split to 128 x 400G: 2 leaves + 1 spine.
    ib = build_fabric("ib", servers=16, leaves=4, spines=2, uplink_m=20.0)
    roce = build_fabric("rocev2", servers=16, leaves=2, spines=1, uplink_m=20.0)
    for doc in (ib, roce):
        assert oversubscription_by_tier(doc) == {"leaf": 1.0}
        assert not [f for f in run_checks(doc, CAT) if f.severity == "error"]
    ib_cost, roce_cost = cost_report(ib, CAT), cost_report(roce, CAT)
    assert ib_cost.capex_network > roce_cost.capex_network
    assert ib_cost.capex > roce_cost.capex
    assert ib_cost.count("qm9700") == 6 and roce_cost.count("sn5600") == 3


def test_to_dict_is_the_cli_json():
    report = cost_report(build_fabric(), CAT)
    data = json.loads(json.dumps(report.to_dict()))
    for key in ("items", "capex", "capex_network", "network_share", "power_w", "tco_3y", "currency",
                "counts_by_kind", "tco_years", "energy_cost_per_year", "support_cost_per_year"):
        assert key in data
    assert {"model", "kind", "count", "unit_price", "total"} <= set(data["items"][0])
    assert data["capex"] == pytest.approx(report.capex, abs=0.01)
    assert sum(data["counts_by_kind"].values()) == sum(i.count for i in report.items)
    assert isinstance(report, CostReport) and isinstance(report.items[0], BomItem)


def test_csv_has_one_row_per_item():
    report = cost_report(build_fabric(), CAT)
    rows = bom_csv(report).strip().split("\n")
    assert len(rows) == len(report.items) + 1 and rows[0].startswith("kind,model")


def test_gateway_is_network_capex():
    doc = hardware_only(build_fabric())
    before = cost_report(doc, CAT)
    doc.add_node(gateway_node(CAT, "skyway", "gw"))
    after = cost_report(doc, CAT)
    assert after.count("skyway") == 1
    assert after.capex_network - before.capex_network == pytest.approx(CAT.gateway("skyway").price_usd)


@pytest.mark.parametrize("breaker, match", [
    (lambda d: setattr(d.nodes["leaf1"], "model", "no-such-switch"), "leaf1.*no-such-switch"),
    (lambda d: setattr(d.nodes["srv1"], "nic_model", "no-such-nic"), "srv1.*no-such-nic"),
    (lambda d: setattr(d.nodes["srv2"], "model", "no-such-server"), "srv2.*no-such-server"),
])
def test_unknown_model_is_a_project_error(breaker, match):
    doc = build_fabric()
    breaker(doc)
    with pytest.raises(ProjectError, match=match):
        cost_report(doc, CAT)


def test_bad_currency_or_assumptions_are_project_errors():
    doc = build_fabric()
    with pytest.raises(ProjectError, match="currency 'EUR'"):
        cost_report(doc, CAT, currency="EUR")
    doc.assumptions.pue = 0.5
    with pytest.raises(ProjectError, match="PUE"):
        cost_report(doc, CAT)


def test_generated_1024_gpu_ib_fat_tree_costs_more_than_rocev2():
    from designer.topology import generate
    ib = cost_report(generate("fat-tree", gpus=1024, backend="ib", catalog=CAT), CAT)
    roce = cost_report(generate("fat-tree", gpus=1024, backend="rocev2", catalog=CAT), CAT)
    assert ib.count("hgx-h100") == roce.count("hgx-h100") == 128
    # both protocols run on ConnectX-7 class NICs: a generated RoCEv2 design is not moved onto SuperNICs
    assert roce.count("cx7") == ib.count("cx7") == 1024 and roce.count("bf3") == 0
    assert ib.capex > roce.capex and ib.capex_network > roce.capex_network
    # radix arithmetic: 64-port IB switches, non-blocking, 1,024 endpoints -> 32 leaves + 16 spines
    assert ib.count("qm9700") == 48
