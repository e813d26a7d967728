"""The 2025-26 hardware generation in the catalog: each entry sourced with its provenance, figures in their units,
NICs and switches that pair, and designs generated from them that check clean, cost, and are caught when wrong."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from designer.catalog import load_catalog
from designer.catalog.loader import RESOURCES
from designer.catalog.models import SPEAKS
from designer.model import ProjectError
from designer.topology.checks import has_errors, run_checks
from designer.topology.cost import cost_report
from designer.topology.generate import generate

GENERATION = RESOURCES / "current-generation.json"
PROVENANCE_CLASSES = ("V", "V*", "P", "M", "S", "E")
PORT_SPEEDS_GBPS = (100, 200, 400, 800, 1600)
NEW_SERVERS = ("hgx-b300", "mi300x-8", "mi355x-8")
# (server, switch, back-end protocol) of the designs the new entries must build end to end
PAIRS = (("hgx-b300", "q3400", "ib"), ("hgx-b300", "th6-64x1600", "rocev2"), ("mi355x-8", "th6-64x1600", "rocev2"),
         ("mi300x-8", "qm9700", "ib"))


def _entries() -> list[tuple[str, dict]]:
    raw = json.loads(Path(GENERATION).read_text(encoding="utf-8"))
    return [(section, e) for section, items in raw.items() if isinstance(items, list) for e in items]


@pytest.fixture(scope="module")
def cat():
    return load_catalog()


@pytest.fixture(scope="module")
def designs(cat):
    return {(srv, sw): generate("leaf-spine", gpus=256, server_model=srv, switch_model=sw, backend=backend,
                                catalog=cat, name=f"{srv} on {sw}")
            for srv, sw, backend in PAIRS}


def test_every_new_entry_names_its_source_and_the_class_of_each_figure():
    entries = _entries()
    assert len(entries) >= 10
    for section, e in entries:
        assert len(e.get("source", "")) > 40, f"{section}/{e['id']}: a source a reader can find"
        for figure, basis in e["provenance"].items():
            head = basis.split(" ")[0]
            assert head in PROVENANCE_CLASSES or basis.startswith("not published"), (e["id"], figure, basis)
            if head == "E":
                assert "(" in basis, f"{e['id']}.{figure}: an estimate says what it rests on"
        if e.get("price_usd"):
            assert "price_usd" in e["provenance"], f"{e['id']}: a price says whether it is published or estimated"


def test_figures_are_in_their_units(cat):
    for section, e in _entries():
        model = getattr(cat, section)[e["id"]]
        if section in ("switches", "nics"):
            assert model.port_gbps in PORT_SPEEDS_GBPS, model.id
        if section == "switches":
            assert model.cages * model.lanes_per_cage * model.lane_gbps == model.ports * model.port_gbps, model.id
        if section == "gpus":
            assert 500 <= model.bf16_tflops <= 5_000 and 80 <= model.memory_gb <= 400 and 500 <= model.power_w <= 2_000
        if section == "servers":
            gpu = cat.gpu(model.gpu_model)
            assert model.gpus * gpu.power_w < model.power_w < 2 * model.gpus * gpu.power_w, model.id
            assert 1_000 < model.nvlink_gbps < 10_000, f"{model.id}: Gb/s per GPU per direction, not GB/s"


@pytest.mark.parametrize("server_id", NEW_SERVERS)
def test_a_server_ships_with_a_nic_at_its_own_speed(cat, server_id):
    server = cat.server(server_id)
    nic = cat.nic(server.nic_model)
    assert nic.port_gbps == server.backend_nic_gbps
    assert server.backend_nics == server.gpus, "one scale-out NIC per GPU"


def test_the_nics_speak_what_their_vendors_publish(cat):
    assert cat.nic("cx8").protocol in SPEAKS["ib"] and cat.nic("cx8").protocol in SPEAKS["rocev2"]
    pollara = cat.nic("pollara400")
    assert pollara.protocol not in SPEAKS["ib"] and pollara.protocol in SPEAKS["rocev2"]
    assert pollara.out_of_order and pollara.selective_repeat, "Ultra-Ethernet-ready: spraying and selective repeat"


def test_tomahawk_6_radix_at_each_speed(cat):
    th6 = cat.switch("th6-64x1600")
    radix = {speed: th6.ports * th6.breakout_for(speed) for speed in (1600, 800, 400, 200)}
    assert radix == {1600: 64, 800: 128, 400: 256, 200: 512}
    assert th6.ports * th6.port_gbps == 102_400


@pytest.mark.parametrize(("server_id", "switch_id", "backend"), PAIRS)
def test_a_generated_design_checks_clean_and_costs(cat, designs, server_id, switch_id, backend):
    doc = designs[(server_id, switch_id)]
    assert not has_errors(run_checks(doc, cat)), [f.message for f in run_checks(doc, cat) if f.severity == "error"]
    servers = [n for n in doc.nodes.values() if n.kind == "server"]
    nic = cat.nic(cat.server(server_id).nic_model)
    assert {n.nic_model for n in servers} == {nic.id}
    speeds = {link.speed_gbps for link in doc.links.values()
              if link.plane == "backend" and (link.a.node.startswith("srv") or link.b.node.startswith("srv"))}
    assert speeds == {nic.port_gbps}, "links run at the NICs' speed unless asked otherwise"
    items = {i.model: i for i in cost_report(doc, cat).items}
    for model_id in (server_id, switch_id, nic.id):
        assert items[model_id].unit_price > 0 and items[model_id].count > 0
    assert items[server_id].description == cat.server(server_id).model


def test_an_800g_server_with_a_400g_nic_is_caught(cat):
    wrong = generate("leaf-spine", gpus=16, server_model="hgx-b300", switch_model="q3400", backend="ib", catalog=cat)
    assert not [f for f in run_checks(wrong, cat) if f.rule == "nic-speed"]
    for node in wrong.nodes.values():
        if node.kind == "server":
            node.nic_model = "cx7"
    findings = [f for f in run_checks(wrong, cat) if f.rule == "nic-speed"]
    assert len(findings) == 1 and findings[0].severity == "error"
    assert "800 Gb/s" in findings[0].message and "'cx7'" in findings[0].message


def test_a_nic_that_does_not_speak_the_protocol_is_refused(cat):
    with pytest.raises(ProjectError, match="pollara400"):
        generate("leaf-spine", gpus=16, server_model="mi355x-8", backend="ib", catalog=cat)
    doc = generate("leaf-spine", gpus=16, server_model="mi355x-8", switch_model="th6-64x1600", catalog=cat)
    for seg in doc.segments.values():
        seg.protocol = "ib"
    rules = {f.rule for f in run_checks(doc, cat) if f.severity == "error"}
    assert "segment-protocol" in rules


def test_an_800g_nic_finds_no_800g_port_on_a_400g_switch(cat):
    with pytest.raises(ProjectError, match="qm9700"):
        generate("leaf-spine", gpus=16, server_model="hgx-b300", switch_model="qm9700", backend="ib", catalog=cat)


def test_both_ends_of_a_fibre_are_of_one_type(cat, designs):
    doc = designs[("mi355x-8", "th6-64x1600")]
    build = cost_report(doc, cat).build
    optical = [hw for hw in build.schedule.links.values() if hw.module_a and hw.module_b]
    assert optical, "the 400G NICs reach the 1.6T cages over fibre"
    for hw in optical:
        assert cat.transceivers[hw.module_a].fibre == cat.transceivers[hw.module_b].fibre


def test_a_1_6t_fabric_is_built_on_the_102_4t_class_without_naming_it(cat):
    doc = generate("leaf-spine", gpus=16, server_model="hgx-b300", link_gbps=1600, two_tiers=True, catalog=cat)
    switches = [n for n in doc.nodes.values() if n.kind == "switch" and n.role in ("leaf", "spine")]
    assert {n.model for n in switches} == {"th6-64x1600"}
    uplinks = {link.speed_gbps for link in doc.links.values() if link.plane == "backend"
               and doc.nodes[link.a.node].kind == "switch" and doc.nodes[link.b.node].kind == "switch"}
    assert uplinks == {1600.0}
    assert not has_errors(run_checks(doc, cat))
