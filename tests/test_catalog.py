"""The hardware catalog: every entry sourced, user files override, bad files refused."""

import json

import pytest

from designer.catalog import load_catalog
from designer.catalog.instantiate import node_from_model, switch_node
from designer.catalog.money import convert_usd
from designer.model import ProjectError

REQUIRED_SWITCHES = {"qm9700": ("ib", 64, 400), "q3400": ("ib", 144, 800), "sn5600": ("ethernet", 64, 800),
                     "7060x6": ("ethernet", 64, 800)}


def test_required_models_present_with_their_figures():
    cat = load_catalog()
    for model_id, (protocol, ports, gbps) in REQUIRED_SWITCHES.items():
        m = cat.switch(model_id)
        assert (m.protocol, m.ports, m.port_gbps) == (protocol, ports, gbps)
    assert {"hgx-h100", "hgx-h200", "hgx-b200", "pcie-h100"} <= set(cat.servers)
    assert cat.server("hgx-h100").backend_nics == 8 and cat.server("hgx-h100").frontend_nics == 2
    assert {"cx7", "bf3", "thor2"} <= set(cat.nics)
    assert cat.gateways and cat.storage
    assert any(s.buffer_mb and s.buffer_mb > 1000 for s in cat.switches.values()), "a deep-buffer class"
    assert any("frontend" in s.roles and s.port_gbps == 100 for s in cat.switches.values())


def test_every_entry_names_its_source_and_provenance():
    cat = load_catalog()
    for section in ("switches", "servers", "gpus", "nics", "gateways", "storage", "cables", "transceivers", "parts"):
        for entry in getattr(cat, section).values():
            assert entry.source, f"{section}/{entry.id} has no source"
            assert entry.provenance, f"{section}/{entry.id} has no provenance"


def test_reach_classes_follow_the_real_parts():
    cat = load_catalog()
    assert cat.max_reach_m("dac", 400) == 3          # MCP7Y00 / MCP7Y10 splitters, 1-3 m
    assert cat.max_reach_m("aoc", 400) == 5          # NDR: active copper to 5 m, no AOC for twin-port OSFP
    assert cat.max_reach_m("aoc", 200) == 100        # 200GbE QSFP56 AOC
    assert cat.max_reach_m("optics", 400) >= 100     # DR4 single-mode


def test_ndr_and_800g_parts_with_part_numbers_prices_and_sources():
    cat = load_catalog()
    numbers = {t.part_number: t for t in cat.transceivers.values()}
    twin, nic = numbers["MMS4X00-NS"], numbers["MMS4X00-NS400"]
    assert (twin.form, twin.engines, twin.engine_gbps, twin.power_w) == ("osfp8", 2, 400, 17)
    assert (nic.form, nic.engines, nic.power_w, nic.max_reach_m) == ("osfp4", 1, 9, 100)
    assert {"MMA4Z00-NS", "MMA4Z00-NS400"} <= set(numbers)
    cables = {c.part_number: c for c in cat.cables.values()}
    splitter = cables["MCP7Y00-N00x"]
    assert (splitter.legs, splitter.head_form, splitter.leg_form, splitter.max_reach_m) == (2, "osfp8", "osfp4", 3)
    assert cables["MCP7Y10-N00x"].leg_form == "qsfp"          # to BlueField-3 / QSFP112 NICs
    for part in list(cat.transceivers.values()) + list(cat.cables.values()) + list(cat.parts.values()):
        assert part.price_usd > 0 and part.source and part.provenance, part.id
    kinds = {p.kind for p in cat.parts.values()}
    assert {"rack", "pdu", "oob-switch", "ufm", "patch-panel", "trunk", "installation"} <= kinds
    # the cage model behind each switch: twin-port OSFP, two 400G ports per cage on the QM9700
    qm = cat.switch("qm9700")
    assert (qm.cages, qm.cage_form, qm.lanes_per_cage, qm.lane_gbps) == (32, "osfp8", 8, 100)
    assert cat.switch("sn5600").cages == 64


def test_user_catalog_overrides_and_adds(tmp_path):
    user = tmp_path / "mine.json"
    user.write_text(json.dumps({"switches": [{"id": "qm9700", "price_usd": 1.0},
                                             {"id": "my-leaf", "model": "Mine", "protocol": "ethernet",
                                              "ports": 32, "port_gbps": 400, "source": "me",
                                              "provenance": {"price_usd": "E"}}]}))
    cat = load_catalog([user])
    assert cat.switch("qm9700").price_usd == 1.0
    assert cat.switch("qm9700").ports == 64  # other figures kept
    assert cat.switch("my-leaf").ports == 32
    assert load_catalog().switch("qm9700").price_usd > 1.0  # the built-in catalog is untouched


def test_bad_user_catalog_is_refused_with_its_name(tmp_path):
    user = tmp_path / "bad.json"
    user.write_text(json.dumps({"switches": [{"id": "x", "ports": -3}]}))
    with pytest.raises(ProjectError) as err:
        load_catalog([user])
    assert "bad.json" in err.value.one_line() and "ports" in err.value.one_line()


def test_currency_conversion():
    assert convert_usd(100, "CNY", 7.2) == pytest.approx(720)
    assert convert_usd(100, "USD", 7.2) == 100
    with pytest.raises(ValueError):
        convert_usd(1, "EUR", 1)


def test_switch_breakout_and_refusal():
    cat = load_catalog()
    assert switch_node(cat, "sn5600", "s", "leaf", speed_gbps=400).port_count() == 128
    assert switch_node(cat, "sn5600", "s", "leaf", speed_gbps=200).port_count() == 256
    with pytest.raises(ProjectError, match="cannot run ports at 300"):
        switch_node(cat, "sn5600", "s", "leaf", speed_gbps=300)
    with pytest.raises(ProjectError, match="not a model"):
        node_from_model(cat, "nope", "n")
