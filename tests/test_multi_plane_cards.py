"""The card behind a multi-plane NIC: one that reaches a switch per plane (designer/topology/multi_plane.py).

A single-port 400G ConnectX-7 splits only on the switch side, so a 400G NIC in two planes is the dual-port 200G
ConnectX-7 (two QSFP112 cages, a 400G-class module run at 200G in each); a ConnectX-8 splits its 800G port into
planes itself and stays one card in one cage; a split no card makes is refused.
"""

from __future__ import annotations

import pytest

from designer.analysis.protocol_options import as_protocol
from designer.catalog.loader import load_catalog
from designer.model.errors import ProjectError
from designer.topology import generate
from designer.topology.bill_of_materials import priced_build
from designer.topology.checks import has_errors, run_checks
from designer.topology.cost import cost_report

CAT = load_catalog()


def _nic_side_parts(doc, build) -> tuple[int, set[str]]:
    """Modules in server cages plus server ends of copper links, and the module parts used there."""
    modules = {key: part for key, part in build.schedule.modules.items() if doc.nodes[key[0]].kind == "server"}
    copper = sum(1 for lid, hw in build.schedule.links.items() if hw.medium != "optical"
                 and any(doc.nodes[e.node].kind == "server" for e in (doc.links[lid].a, doc.links[lid].b)))
    return len(modules) + copper, set(modules.values())


@pytest.mark.parametrize("backend", ["rocev2", "ib"])
def test_256_gpus_in_two_planes_buy_256_dual_port_cards_and_a_200g_end_per_plane_port(backend):
    doc = generate("multi-plane", gpus=256, planes=2, backend=backend, frontend=False, catalog=CAT)
    assert not has_errors(run_checks(doc, CAT))
    bill = priced_build(doc, CAT)
    nics = {item.model: item.count for item in bill.items if item.kind == "nic"}
    assert nics == {"cx7-2x200": 256}                      # no single-port 400G card
    ends, parts = _nic_side_parts(doc, bill.build)
    assert ends == 512                                     # a module or a cable end in each of the two cages
    for part in parts:                                     # QSFP112 modules of 100G-PAM4 lanes, run at 200G
        module = CAT.transceivers[part]
        assert module.form == "qsfp" and module.engine_gbps == 400


def test_a_card_that_splits_its_port_natively_stays_one_card_in_one_cage():
    """A ConnectX-8 800G port as 4 x 200G planes: one card and one cage per NIC, no other card."""
    doc = generate("multi-plane", gpus=64, planes=4, server_model="hgx-b300", frontend=False, catalog=CAT)
    server = doc.nodes["srv-001"]
    assert server.nic_model == "cx8" and {p.speed_gbps for p in server.backend_ports()} == {200.0}
    assert not has_errors(run_checks(doc, CAT))
    bill = priced_build(doc, CAT)
    assert {item.model: item.count for item in bill.items if item.kind == "nic"} == {"cx8": 64}
    layout = bill.build.schedule.layouts["srv-001"]
    assert {layout.slots[f"be1p{k}"].cage for k in range(1, 5)} == {1} and not layout.overbooked
    assert sum(1 for node, _ in bill.build.schedule.modules if doc.nodes[node].kind == "server") <= 64


def test_a_split_no_card_makes_is_refused_naming_the_nic_and_the_planes():
    with pytest.raises(ProjectError) as err:
        generate("multi-plane", gpus=64, planes=4, nic_model="bf3", frontend=False, catalog=CAT)
    text = str(err.value)
    assert "4 planes" in text and "'bf3'" in text and "cx8" in text and "\n" not in text


def test_a_single_port_card_drawn_into_two_planes_fails_the_cage_check():
    """A design saved before the dual-port card: 400G single-port ConnectX-7s with two plane ports each."""
    doc = generate("multi-plane", gpus=64, planes=2, frontend=False, catalog=CAT)
    for node in doc.nodes.values():
        if node.kind == "server":
            node.nic_model = "cx7"
    found = [f for f in run_checks(doc, CAT) if f.rule == "cage-capacity"]
    assert len(found) == 8 and all(f.severity == "error" and "'cx7'" in f.message for f in found)


@pytest.mark.parametrize("drawn, other", [("rocev2", "ib"), ("ib", "rocev2")])
def test_the_other_protocols_option_keeps_the_card_and_costs_what_its_generator_builds(drawn, other):
    docs = {p: generate("multi-plane", gpus=128, planes=2, backend=p, frontend=False, catalog=CAT)
            for p in (drawn, other)}
    option = as_protocol(docs[drawn], other, CAT)[0]
    assert {n.nic_model for n in option.nodes.values() if n.kind == "server"} == {"cx7-2x200"}
    assert cost_report(option, CAT).capex == pytest.approx(cost_report(docs[other], CAT).capex, rel=0.005)
