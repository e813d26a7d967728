"""The physical build: cables and optics per link end as the gear takes them, racks and floor, the lines beyond the
drawing, right-sized generators, and the file that keeps it all."""

from __future__ import annotations

import math
from collections import Counter

import pytest

from designer.catalog import load_catalog
from designer.model import fileformat
from designer.model.build_settings import BuildSettings
from designer.topology import generate
from designer.topology.checks import has_errors, run_checks
from designer.topology.cost import backend_cabling_cost, cost_report
from designer.topology.racks import rack_plan
from designer.topology.racks.floor import places, run_length_m

CAT = load_catalog()


@pytest.fixture(scope="module")
def ib_1024():
    doc = generate("fat-tree", gpus=1024, backend="ib", catalog=CAT)
    return doc, cost_report(doc, CAT)


@pytest.fixture(scope="module")
def roce_1024():
    doc = generate("fat-tree", gpus=1024, backend="rocev2", catalog=CAT)
    return doc, cost_report(doc, CAT)


def _installed(report, model: str) -> int:
    item = next((i for i in report.items if i.model == model), None)
    return item.count - item.spares if item else 0


def _cages(doc, sched, role: str, plane: str = "backend") -> set:
    """The (switch, cage) pairs of switches of `role` that carry links of `plane`."""
    out = set()
    for link in doc.links.values():
        if link.plane != plane:
            continue
        for end in (link.a, link.b):
            if doc.nodes[end.node].role == role:
                out.add((end.node, sched.slot(end.node, end.port).cage))
    return out


# ---- NDR cabling of the 1,024-GPU InfiniBand fat tree ----------------------------------------------
def test_ib_fat_tree_lists_twin_port_transceivers_per_switch_cage(ib_1024):
    doc, report = ib_1024
    sched = report.build.schedule
    switch_cages = _cages(doc, sched, "leaf") | _cages(doc, sched, "spine")
    assert len(switch_cages) == 48 * 32               # every cage of the 48 QM9700 is used, two ports each
    optical = {k for k, m in sched.modules.items() if CAT.transceivers[m].engines == 2 and k in switch_cages}
    twin = sum(_installed(report, m) for m in ("mma4z00-ns", "mms4x00-ns"))
    ufm_leaf_side = math.ceil(report.count("ufm-appliance") / 2)
    assert twin == len(optical) + ufm_leaf_side         # one twin-port module per optical switch cage
    splitters = sum(_installed(report, m) for m in ("mcp7y00", "mca7j60"))
    assert len(optical) + splitters == len(switch_cages)   # every other cage holds one splitter


def test_ib_fat_tree_cables_each_nic_end_by_ndr_rules(ib_1024):
    doc, report = ib_1024
    sched = report.build.schedule
    nic_links = [lk for lk in doc.links.values() if lk.plane == "backend" and doc.nodes[lk.a.node].kind == "server"]
    optical = [lk for lk in nic_links if sched.links[lk.id].medium == "optical"]
    copper = [lk for lk in nic_links if sched.links[lk.id].medium != "optical"]
    assert len(nic_links) == 1024 and optical
    # single-port flat-top OSFP module at every optical NIC end, none at a copper one (the splitter leg plugs in)
    nic_modules = sum(_installed(report, m) for m in ("mma4z00-ns400", "mms4x00-ns400"))
    assert nic_modules == len(optical) + report.count("ufm-appliance")
    for lk in copper:
        assert sched.links[lk.id].module_a is None and sched.links[lk.id].module_b is None
    # two NIC legs per splitter
    assert 2 * sum(_installed(report, m) for m in ("mcp7y00", "mca7j60")) == len(copper)
    # one MPO fibre per optical 400G link, plus the fabric managers'
    fibres = sum(_installed(report, m) for m in ("mfp7e30", "mfp7e10"))
    backend_optical = sum(1 for lk in doc.links.values() if lk.plane == "backend"
                          and sched.links[lk.id].medium == "optical")
    assert fibres == backend_optical + report.count("ufm-appliance")
    assert not has_errors(run_checks(doc, CAT))


def test_cables_and_optics_per_gpu_within_the_published_two_tier_range(ib_1024):
    doc, _ = ib_1024
    per_gpu = backend_cabling_cost(doc, CAT, "USD") / doc.gpu_count()
    assert 2560 * 0.75 <= per_gpu <= 2560 * 1.25


def test_spares_are_a_percentage_of_each_cable_and_optic(ib_1024):
    doc, report = ib_1024
    for item in report.items:
        if item.kind in ("cable", "optics", "fibre"):
            assert item.spares == math.ceil((item.count - item.spares) * doc.build.spares_percent / 100 - 1e-9)
        else:
            assert item.spares == 0
    none = doc.copy()
    none.build.spares_percent = 0.0
    assert all(i.spares == 0 for i in cost_report(none, CAT).items)


def test_rocev2_spectrum4_splits_its_800g_cages_for_the_400g_nics(roce_1024):
    doc, report = roce_1024
    sched = report.build.schedule
    leaves = [n for n in doc.nodes.values() if n.role == "leaf"]
    assert leaves and all(n.model == "sn5600" for n in leaves)
    nic_cages = set()
    for lk in doc.links.values():
        if lk.plane == "backend" and doc.nodes[lk.a.node].kind == "server":
            slot = sched.slot(lk.b.node, lk.b.port)
            assert slot.subs == 2 and slot.port_gbps == 400 and slot.cage_gbps == 800   # 800G cage as 2 x 400G
            nic_cages.add((lk.b.node, slot.cage))
    twin_optics = {k for k in nic_cages if k in sched.modules and CAT.transceivers[sched.modules[k]].engines == 2}
    splitters = sum(_installed(report, m) for m in ("mcp7y00", "mca7j60", "mcp7y10", "mca7j70"))
    assert twin_optics and len(twin_optics) + splitters == len(nic_cages)
    assert not has_errors(run_checks(doc, CAT))


# ---- right-sizing ------------------------------------------------------------------------------------
@pytest.mark.parametrize("backend, model", [("ib", "qm9700"), ("rocev2", "sn5600")])
def test_sixty_four_gpus_get_one_switch_and_pass_check(backend, model):
    doc = generate("leaf-spine", gpus=64, backend=backend, catalog=CAT)
    backend_switches = [n for n in doc.nodes.values() if n.kind == "switch" and n.role != "frontend"]
    assert [n.model for n in backend_switches] == [model]
    assert "one switch" in doc.notes
    assert not has_errors(run_checks(doc, CAT))
    two = generate("leaf-spine", gpus=64, backend=backend, catalog=CAT, two_tiers=True)
    roles = Counter(n.role for n in two.nodes.values() if n.kind == "switch")
    assert roles["leaf"] >= 2 and roles["spine"] >= 1 and "as asked" in two.notes


def test_one_switch_rule_stops_at_the_radix():
    ib = generate("fat-tree", gpus=72, backend="ib", catalog=CAT, frontend=False)      # 72 NICs > 64 ports
    assert Counter(n.role for n in ib.nodes.values())["spine"] >= 1 and "exceed" in ib.notes


# ---- racks and floor ---------------------------------------------------------------------------------
def test_racks_keep_their_power_budget_and_units(ib_1024):
    doc, report = ib_1024
    plan = report.build.plan
    for load in plan.loads:
        assert load.power_w <= doc.build.rack_power_kw * 1000 + 1e-6
        top = max((m.u + m.height_u - 1 for m in load.mounts if m.kind != "pdu"), default=0)
        assert top <= doc.build.rack_units
    assert len(plan.layout.node_mounts()) == len(doc.nodes)


@pytest.mark.parametrize("kw, servers_per_rack", [(45.0, 4), (25.0, 2), (12.0, 1)])
def test_rack_power_budget_sets_servers_per_rack(kw, servers_per_rack):
    settings = BuildSettings(rack_power_kw=kw)
    doc = generate("fat-tree", gpus=256, backend="ib", catalog=CAT, build=settings)
    per_rack = Counter(m.rack for m in doc.racks.mounts if m.kind == "node" and doc.nodes[m.item].kind == "server")
    assert max(per_rack.values()) == servers_per_rack


def test_placement_rules_put_the_leaves_where_they_say():
    where = {}
    for rule in ("end-of-row", "middle-of-row"):
        doc = generate("fat-tree", gpus=512, backend="ib", catalog=CAT, build=BuildSettings(placement=rule))
        row_racks = [r for r in doc.racks.racks if r.row == 0]
        net = [r.slot for r in row_racks if r.role == "network"]
        where[rule] = (net, len(row_racks))
    net, n = where["end-of-row"]
    assert net == [n - 1]
    net, n = where["middle-of-row"]
    assert 0 < net[0] < n - 1
    rail = generate("rail-optimized", gpus=512, backend="rocev2", catalog=CAT,
                    build=BuildSettings(placement="rail-aligned"))
    group_of = {n.id: n.pod for n in rail.nodes.values() if n.kind == "server"}
    groups_per_rack = Counter()
    for rack in {m.rack for m in rail.racks.mounts}:
        groups_per_rack[rack] = len({group_of[m.item] for m in rail.racks.mounts
                                     if m.rack == rack and m.item in group_of})
    assert max(groups_per_rack.values()) == 1     # a scalable unit never shares a rack with another


def test_cable_lengths_come_from_positions_plus_slack(ib_1024):
    doc, report = ib_1024
    where = places(doc.racks, doc.build)
    lengths = set()
    for link in doc.links.values():
        run = run_length_m(where[link.a.node], where[link.b.node], doc.build)
        assert link.length_m >= run - 1e-9 and run >= doc.build.slack_m
        lengths.add(link.length_m)
    assert len(lengths) > 10
    longer = doc.copy()
    longer.build.slack_m = 4.0
    again = rack_plan(longer, CAT)
    assert again.lengths_m["L1"] == pytest.approx(rack_plan(doc, CAT).lengths_m["L1"] + 2.5)


def test_plan_and_settings_survive_the_file_and_old_files_open(tmp_path, ib_1024):
    doc, _ = ib_1024
    doc = doc.copy()
    doc.build.label_rule = "{rack}/{name}"
    path = tmp_path / "d.json"
    fileformat.save(doc, path)
    back = fileformat.load(path)
    assert back.build == doc.build and back.racks == doc.racks
    assert rack_plan(back, CAT).saved
    old = fileformat.loads('{"format": "fabric-designer/1", "name": "old", "nodes": [], "links": []}')
    assert old.build == BuildSettings() and old.racks is None
    assert not rack_plan(old, CAT).saved


def test_a_changed_design_gets_a_fresh_plan(ib_1024):
    doc, _ = ib_1024
    doc = doc.copy()
    doc.remove_node("srv-128")
    plan = rack_plan(doc, CAT)
    assert not plan.saved and plan.reason == "changed"
    assert set(plan.layout.node_mounts()) == set(doc.nodes)


@pytest.mark.parametrize("raw, words", [
    ('{"rack_units": 2}', "between 4 and 60"),
    ('{"placement": "top-of-rack"}', "middle-of-row"),
    ('{"label_rule": "{nope}"}', "unknown field 'nope'"),
    ('{"spares_percent": "5"}', "number"),
    ('{"colour": 1}', "build.colour"),
])
def test_bad_build_settings_in_a_file_are_refused_with_their_place(raw, words):
    text = '{"format": "fabric-designer/1", "name": "x", "nodes": [], "links": [], "build": ' + raw + "}"
    with pytest.raises(fileformat.ProjectError, match=words):
        fileformat.loads(text)


# ---- the lines beyond the drawing -------------------------------------------------------------------
def test_site_lines_follow_the_plan(ib_1024):
    doc, report = ib_1024
    layout = report.build.plan.layout
    assert report.count("rack-42u") == len(layout.racks)
    assert report.count("pdu-22kw") == sum(1 for m in layout.mounts if m.kind == "pdu")
    assert report.count("sn2201") == len(layout.racks)           # one out-of-band switch per rack
    assert report.count("ufm-appliance") == 2                     # a Subnet Manager HA pair per IB fabric
    cables = sum(i.count - i.spares for i in report.items if i.kind in ("cable", "fibre")
                 or i.kind == "management" and i.model in CAT.cables)
    assert report.count("install-per-cable") == cables


def test_site_options_switch_their_lines(roce_1024):
    doc, report = roce_1024
    assert report.count("ufm-appliance") == 0                     # Ethernet has no Subnet Manager
    off = doc.copy()
    off.build = BuildSettings(oob_switch_per_rack=False, racks_and_pdus=False, installation="percent",
                              installation_percent=2.0)
    r = cost_report(off, CAT)
    assert r.count("sn2201") == r.count("rack-42u") == r.count("pdu-22kw") == 0
    install = next(i for i in r.items if i.kind == "service")
    hardware = sum(i.total for i in r.items if i.kind in ("switch", "gateway", "nic", "cable", "optics", "fibre",
                                                          "management", "facility"))
    assert install.total == pytest.approx(0.02 * hardware)


def test_fibre_trunks_replace_long_fibres_between_rows(ib_1024):
    doc, report = ib_1024
    trunked = doc.copy()
    trunked.build.fibre_trunks = True
    r = cost_report(trunked, CAT)
    assert r.count("mpo-trunk-144") > 0 and r.count("mpo-panel-1u") > 0
    assert r.count("mfp7e30") + r.count("mfp7e10") > report.count("mfp7e30") + report.count("mfp7e10")


def test_storage_and_frontend_are_sized_from_bandwidth_per_gpu():
    base = generate("fat-tree", gpus=1024, backend="ib", catalog=CAT)
    storage = [n for n in base.nodes.values() if n.kind == "storage"]
    assert len(storage) == math.ceil(1024 * 8 / CAT.storage_model("nvme-ai400").throughput_gbps)
    server = next(n for n in base.nodes.values() if n.kind == "server")
    assert [p.speed_gbps for p in server.frontend_ports()] == [200, 200]     # 2 x 200G per 8-GPU server
    heavy = generate("fat-tree", gpus=1024, backend="ib", catalog=CAT,
                     build=BuildSettings(storage_gbps_per_gpu=16.0, frontend_gbps_per_gpu=100.0))
    assert sum(1 for n in heavy.nodes.values() if n.kind == "storage") > len(storage)
    server = next(n for n in heavy.nodes.values() if n.kind == "server")
    assert [p.speed_gbps for p in server.frontend_ports()] == [400, 400]


@pytest.mark.parametrize("budget_kw", [15.0, 20.0])
def test_racks_hold_their_power_budget_with_optics_and_management(budget_kw):
    """A rack is packed with what it draws as built: its devices, the transceivers in their cages, the active cables
    starting there and its management switch. A 512-GPU RoCEv2 fat tree at a 15 or 20 kW budget used to leave a rack
    over it once the optics the cable fit chose were counted."""
    from designer.topology.cabling_fit import fit_cables_to_racks
    from designer.topology.physical_build import physical_build

    doc = generate("fat-tree", gpus=512, backend="rocev2", catalog=CAT)
    doc.build.rack_power_kw = budget_kw
    fit_cables_to_racks(doc, CAT)
    built = physical_build(doc, CAT).plan
    bare = rack_plan(doc, CAT)                       # the same layout, devices and management only
    assert all(lo.power_w <= budget_kw * 1000.0 for lo in built.loads)
    built_w = {lo.rack.name: lo.power_w for lo in built.loads}
    assert max(built_w[lo.rack.name] - lo.power_w for lo in bare.loads) > 1000.0   # optics are counted
    doc.racks = None                                  # a design without a saved plan is planned the same way
    fresh = physical_build(doc, CAT).plan
    assert not fresh.saved and all(lo.power_w <= budget_kw * 1000.0 for lo in fresh.loads)
