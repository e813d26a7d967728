"""Rack-scale NVLink domains (GB200 / GB300 NVL72): catalog, generated designs, the engine's domain-first
mapping, NVLink SHARP, and the bytes reported inside domains vs on the scale-out fabric."""

from __future__ import annotations

import json

import pytest

from designer.catalog import load_catalog
from designer.catalog.loader import RESOURCES
from designer.model.run_results import check_results
from designer.sim.api import SimOptions, run
from designer.sim.compile import compile_fabric
from designer.sim.run_summary import summarise_run
from designer.sim.workload_spec import WorkloadError
from designer.topology import leaf_spine, rail_optimized
from designer.topology.checks import run_checks
from designer.topology.cost import cost_report
from designer.topology.generate import generate
from designer.topology.racks.elevation import elevation
from designer.topology.racks.plan import rack_plan

GPUS = 1152                        # 16 NVL72 racks, or 144 HGX servers
TRAIN = "train:7b:tp=8:ep=9:pp=1"  # TP inside a server or rack; EP over 9 replicas: 72 GPUs, one NVL72 rack
OPTIONS = SimOptions(ideal_pass=False)


@pytest.fixture(scope="module")
def cat():
    return load_catalog()


@pytest.fixture(scope="module")
def nvl72(cat):
    return generate("leaf-spine", gpus=GPUS, gpus_per_server=72, server_model="gb200-nvl72", backend="ib",
                    frontend=False, catalog=cat)


@pytest.fixture(scope="module")
def hgx(cat):
    return generate("leaf-spine", gpus=GPUS, gpus_per_server=8, server_model="hgx-b200", backend="ib",
                    frontend=False, catalog=cat)


def test_nvl72_entries_carry_the_published_domain_figures_with_sources(cat):
    for model_id, nic, nic_gbps in (("gb200-nvl72", "cx7", 400), ("gb300-nvl72", "cx8", 800)):
        m = cat.server(model_id)
        assert (m.gpus, m.compute_trays, m.nvlink_switch_trays, m.domain_gpus) == (72, 18, 9, 72)
        assert m.nvlink_gbps == 7200                # 1.8 TB/s both directions = 900 GB/s per direction
        assert m.nvlink_sharp and m.rack_scale
        assert (m.nic_model, m.backend_nics, m.backend_nic_gbps) == (nic, 72, nic_gbps)
        assert "NVIDIA" in m.source and "NVL72" in m.source
        assert m.provenance["price_usd"].startswith("E (") and m.provenance["power_w"][0] in "SE"
        assert cat.gpu(m.gpu_model).bf16_tflops == 2500
    assert not any(cat.server(s).rack_scale or cat.server(s).nvlink_sharp for s in ("hgx-h100", "hgx-b200"))
    raw = json.loads((RESOURCES / "rack-scale.json").read_text(encoding="utf-8"))
    for e in raw["gpus"] + raw["servers"]:
        assert len(e["source"]) > 40 and all(basis.split(" ")[0] in ("V", "V*", "P", "M", "S", "E")
                                             for basis in e["provenance"].values()), e["id"]
        assert all("(" in basis for basis in e["provenance"].values() if basis.startswith("E")), e["id"]


@pytest.mark.parametrize("kind", ["leaf-spine", "fat-tree", "rail-optimized"])
def test_1152_gpus_of_nvl72_generate_check_and_cost_with_each_rack_once(cat, kind):
    doc = generate(kind, gpus=GPUS, server_model="gb200-nvl72", gpus_per_server=72, backend="rocev2", catalog=cat)
    racks = [n for n in doc.nodes.values() if n.kind == "server"]
    assert len(racks) == 16 and all(n.gpus == 72 and len(n.backend_ports()) == 72 for n in racks)
    assert [f for f in run_checks(doc, cat) if f.severity == "error"] == []
    report = cost_report(doc, cat)
    lines = {i.model: i for i in report.items}
    assert lines["gb200-nvl72"].count == 16 and lines["gb200-nvl72"].unit_price == 3_780_000
    assert lines["cx7"].count == GPUS                       # one 400G ConnectX-7 per GPU, priced apart
    layout = report.build.plan.layout
    domain_racks = {r.name for r in layout.racks if r.role == "domain"}
    assert len(domain_racks) == 16                          # each NVL72 is a rack of its own ...
    bought = next(i for i in report.items if i.kind == "facility" and "rack" in i.description.lower()
                  and "pdu" not in i.description.lower())
    assert bought.count == len(layout.racks) - 16           # ... and buys no rack, PDU or OOB switch
    assert not [m for m in layout.mounts if m.rack in domain_racks and m.kind != "node"]


def test_nvl72_training_keeps_most_bytes_on_nvlink_and_cuts_scale_out_bytes(nvl72, hgx):
    """train:7b:tp=8:ep=9:pp=1 on 1,152 GPUs, as 16 GB200 NVL72 racks and as 144 HGX B200 servers (both one 400G
    ConnectX-7 per GPU). By hand: dp = 1152/8 = 144 replicas; micro-batches m = round(2^22 / (144·4096)) = 7.

    Scale-out bytes per step:
    - DP: 8 rings (one per TP rank) over 144 replicas, 2·143 steps of S/144 per rank, S = 2·7e9/8 = 1.75 GB:
      8·286·S = 4.004e12 B. HGX: neighbours in a ring are in different servers, every byte crosses the network.
      NVL72: 9 consecutive replicas share a rack, 16 of a ring's 144 hops cross racks: 4.004e12·16/144.
    - EP: AllToAll among 9 replicas; a GPU sends b = 4096/8 · 4096 · 2 B · top-2 = 8 MiB, 8/9 of it to others,
      4 AllToAlls per layer · 32 layers · 7 = 896 per step: 1152·896·(8/9)·8 MiB = 7.697e12 B. HGX: the 9 GPUs are
      in 9 servers, all on the network; NVL72: the group is one rack (72 GPUs), all on NVLink.
    - TP stays inside a server or rack in both.
    Factor = (4.004 + 7.697) / (4.004/9) = 9·(1 + 7.697/4.004) = 26.3.

    Step time, NVL72 lower by Δ = t_HGX − t_NVL72 with
    - Δ ≥ EP_HGX − EP_NVL72 ≥ 896·(8/9)·8 MiB / 50 GB/s (the 400G NIC, framing ignored: a lower bound, 0.1336 s)
      − 896·((8/9)·8 MiB / 900 GB/s + 10 µs of latency) (NVLink per direction: 16.4 ms) = 0.117 s, because nothing
      else is slower on NVL72: compute (2,500 vs 2,250 TFLOPS), TP (same NVLink, half the bytes with NVLink
      SHARP), DP (the same NICs carry the ring's cross-rack hops);
    - Δ ≤ HGX's exposed communication + its extra compute: NVL72 cannot save more than HGX spends.
    """
    r_nvl, r_hgx = run(nvl72, [TRAIN], OPTIONS).data, run(hgx, [TRAIN], OPTIONS).data
    dp_bytes = 8 * 286 * 1.75e9
    ep_bytes = GPUS * 896 * 8 / 9 * 8 * 2**20
    assert r_hgx["network_bytes"] == pytest.approx(dp_bytes + ep_bytes, rel=1e-3)
    assert r_nvl["network_bytes"] == pytest.approx(dp_bytes * 16 / 144, rel=1e-3)
    factor = 9 * (1 + ep_bytes / dp_bytes)
    assert r_hgx["network_bytes"] / r_nvl["network_bytes"] == pytest.approx(factor, rel=0.01)
    assert r_nvl["scaleup_share"] > 0.95 and r_nvl["nvlink_bytes"] > 50 * r_nvl["network_bytes"]
    w_nvl, w_hgx = r_nvl["workloads"][0], r_hgx["workloads"][0]
    assert (w_nvl["domain_gpus"], w_nvl["tp_in_domain"], w_nvl["ep_in_domain"]) == (72, 1, 1)
    assert (w_hgx["domain_gpus"], w_hgx["tp_in_domain"], w_hgx["ep_in_domain"]) == (8, 1, 0)
    assert w_nvl["network_bytes"] == r_nvl["network_bytes"]
    delta = w_hgx["step_time_s"] - w_nvl["step_time_s"]
    ep_floor_hgx = 896 * (8 / 9) * 8 * 2**20 / 50e9
    ep_ceiling_nvl = 896 * ((8 / 9) * 8 * 2**20 / 900e9 + 10e-6)
    assert delta >= ep_floor_hgx - ep_ceiling_nvl
    assert delta <= w_hgx["exposed_comm_s"] + w_hgx["compute_s"] - w_nvl["compute_s"]
    summary = summarise_run(r_nvl, [TRAIN], 1, None)
    assert summary["nvlink_bytes"] == r_nvl["nvlink_bytes"] and check_results(summary) == []


def test_nvlink_sharp_halves_an_allreduce_inside_one_rack(cat):
    """One GB200 NVL72 rack: a ring AllReduce of S sends 2·71·S/72 per GPU, 142·S in all; NVLink SHARP halves it to
    71·S, and none of it leaves the rack."""
    rack = generate("leaf-spine", gpus=72, server_model="gb200-nvl72", gpus_per_server=72, backend="ib",
                    frontend=False, catalog=cat)
    size = 64 * 2**20
    res = run(rack, [f"allreduce:{size}B"], OPTIONS).data
    assert res["workloads"][0]["algorithm"] == "nvls"
    assert res["nvlink_bytes"] == pytest.approx(71 * size, rel=1e-6) and res["network_bytes"] == 0
    assert res["scaleup_share"] == 1.0
    with pytest.raises(WorkloadError, match="ep=2"):
        run(rack, ["train:7b:tp=8:ep=2"], OPTIONS)       # 9 replicas do not split into expert groups of 2
    plan = rack_plan(rack, cat)
    assert plan.saved                                    # the generated layout reopens as saved, 48 U and all
    column = next(c for c in elevation(rack, cat, plan).racks if c.role == "domain")
    assert column.units == 48 and column.budget_w == column.power_w > 120_000   # its own rack and power shelves


def test_8_gpu_servers_and_older_files_are_unchanged(hgx):
    fab = compile_fabric(hgx)
    assert fab.gpus_per_server() == 8 and not fab.gpu_nvls.any()
    servers = [f"s{i}" for i in range(6)]
    groups = leaf_spine.leaf_groups(servers, 8, 32)           # whole servers under a leaf, as before
    assert [sorted({s for s, _ in g.endpoints}) for g in groups] == [servers[:3], servers[3:]]
    rails = rail_optimized.leaf_groups(servers, 8, 32)        # one rail per leaf for an 8-rail server
    assert len(rails) == 8 and all(len({p for _, p in g.endpoints}) == 1 for g in rails)
    old = {k: v for k, v in summarise_run(_result_stub(), ["x"], 1, None).items()
           if k not in ("nvlink_bytes", "network_bytes")}
    assert check_results(old) == []                          # a results record written before stays valid


def _result_stub() -> dict:
    lat = {"p50": 1.0, "p99": 2.0, "p999": 3.0, "max": 4.0}
    return {"completion_time_s": 1.0, "goodput_gbps": 1.0, "latency_us": lat, "throughput_fraction": 1.0,
            "link_utilization": {"mean": 0.1, "max": 0.2}, "pfc_pause_fraction": 0.0, "ecn_mark_fraction": 0.0,
            "credit_stall_fraction": 0.0, "dropped_bytes": 0, "workloads": [], "segments": {},
            "nvlink_bytes": 5, "network_bytes": 7}


def test_the_canvas_draws_an_nvl72_node_as_a_rack_of_trays_and_gpus(qapp, cat):
    """The rack item stands taller than a server tile, shows 18 compute trays around 9 NVLink switch trays, and its
    GPUs in the server colour; an HGX server stays the usual tile."""
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QColor, QImage, QPainter, QPalette

    from designer.ui.node_item import BODY, TIER_COLOURS, NodeItem
    from designer.ui.rack_item import RACK_BODY, SWITCH_TRAY_COLOUR, RackItem, tray_rows
    from designer.ui.scene import FabricScene
    from designer.ui.theme import Theme

    rack = generate("leaf-spine", gpus=144, server_model="gb200-nvl72", gpus_per_server=72, backend="ib",
                    frontend=False, catalog=cat)
    scene = FabricScene(rack, Theme.from_palette(QPalette(), "light"))
    items = {nid: type(item) for nid, item in scene.node_items.items()}
    assert {items[n.id] for n in rack.nodes.values() if n.kind == "server"} == {RackItem}
    assert {items[n.id] for n in rack.nodes.values() if n.kind == "switch"} == {NodeItem}
    assert RACK_BODY.height() > BODY.height() and RACK_BODY.bottom() == BODY.bottom()
    assert tray_rows(18, 9) == [True] * 10 + [False] * 9 + [True] * 8
    pos = scene.node_items["srv-001"].pos()
    above_tile = QRectF(pos.x() + RACK_BODY.left(), pos.y() + RACK_BODY.top(), RACK_BODY.width(),
                        BODY.top() - RACK_BODY.top())          # drawn by the rack alone, never by a tile
    image = QImage(int(above_tile.width() * 3), int(above_tile.height() * 3), QImage.Format.Format_ARGB32)
    image.fill(0)
    painter = QPainter(image)
    scene.render(painter, image.rect().toRectF(), above_tile)
    painter.end()
    colours = [image.pixel(x, y) for x in range(0, image.width(), 2) for y in range(0, image.height(), 2)]
    assert colours.count(QColor(TIER_COLOURS["server"]).rgb()) > 100        # GPUs of the upper compute trays
    assert colours.count(QColor(SWITCH_TRAY_COLOUR).rgb()) > 20             # the NVLink switch trays begin


def test_new_from_template_takes_an_nvl72_rack_as_its_server(qapp, cat):
    """Choosing GB200 NVL72 sets 72 GPUs per server and rounds the GPU count to whole racks (128 -> 144)."""
    from designer.ui.generator_dialog import GeneratorDialog

    dialog = GeneratorDialog(cat, None)
    dialog.server.setCurrentIndex(dialog.server.findData("gb200-nvl72"))
    assert (dialog.per_server.value(), dialog.gpus.value(), dialog.gpus.singleStep()) == (72, 144, 72)
    assert dialog.ok.isEnabled()
    racks = [n for n in dialog.generate().nodes.values() if n.kind == "server"]
    assert len(racks) == 2 and {n.model for n in racks} == {"gb200-nvl72"}
    dialog.deleteLater()


def test_generate_takes_the_gpus_per_server_from_the_server_model(cat):
    doc = generate("fat-tree", gpus=144, server_model="gb300-nvl72", backend="ib", frontend=False, catalog=cat)
    assert [n.gpus for n in doc.nodes.values() if n.kind == "server"] == [72, 72]
    assert {p.speed_gbps for n in doc.nodes.values() if n.kind == "server" for p in n.backend_ports()} == {800}


def test_the_proposal_says_an_nvl72_stands_as_its_own_rack(cat, tmp_path):
    from pypdf import PdfReader

    from designer.i18n import render
    from designer.i18n.findings import Count
    from designer.report import ReportOptions, build_proposal

    rack = generate("leaf-spine", gpus=72, server_model="gb200-nvl72", backend="ib", frontend=False, catalog=cat)
    out = tmp_path / "racks-zh.pdf"
    build_proposal(rack, str(out), options=ReportOptions(sections=["racks"], language="zh_CN"), catalog=cat)
    text = "".join(page.extract_text() for page in PdfReader(out).pages).replace("\n", "")
    assert "1 个机柜级 NVLink 域各自独立成柜（每柜 48U" in text
    english = render("racks.report.domains", "en", count=Count(2), u=48, power="123 kW")
    assert english.startswith("2 rack-scale NVLink domains stand as racks of their own (48 U, 123 kW each)")
