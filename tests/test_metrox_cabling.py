"""The cable between an NDR leaf port and a MetroX-3 XC's EDR port: NVIDIA's MCP7Y60 splitter, head in the leaf's
twin-port cage, legs in the appliance's QSFP28 ports, and no optics (an NDR module cannot downshift its lanes);
every other link of the design built as before."""

from __future__ import annotations

import pytest

from designer.catalog.loader import load_catalog
from designer.model.links import Link
from designer.topology.cabling_fit import fit_cables_to_racks
from designer.topology.checks import run_checks
from designer.topology.physical.parts import cable_part
from designer.topology.physical.schedule import build_schedule, ib_trained_down
from designer.topology.two_site import TwoSiteOptions, generate_two_site

CAT = load_catalog()


@pytest.fixture(scope="module")
def two_site():
    return generate_two_site(TwoSiteOptions(16, 30, dci_gbps=100, dci_links=8, backend="ib"), CAT)


def _local(doc) -> list[str]:
    boxes = {n.id for n in doc.nodes.values() if n.model == "metrox-3-xc"}
    return [lk.id for lk in doc.links.values() if (lk.a.node in boxes) != (lk.b.node in boxes)]


def _built(hw, sched) -> tuple:
    asm = sched.assemblies.get(hw.assembly) if hw.assembly is not None else None
    return hw.medium, asm.part if asm else None, hw.module_a, hw.module_b, hw.fibres, hw.ordered_m


def test_leaf_to_metrox_links_take_the_edr_splitter_and_no_optics(two_site) -> None:
    sched = build_schedule(two_site, CAT)
    local = _local(two_site)
    assert len(local) == 16                 # 8 lines, a local cable each at both sites
    for lid in local:
        hw = sched.links[lid]
        assert _built(hw, sched)[:4] == ("dac", "mcp7y60", None, None)
        assert hw.ordered_m <= CAT.cables["mcp7y60"].max_reach_m
    # one splitter per twin-port leaf cage: an appliance's two local ports share it
    assert len({sched.links[lid].assembly for lid in local}) == 8
    assert not [p for p in sched.problems if set(p.links) & set(local)]
    assert not [f for f in run_checks(two_site, CAT) if f.severity == "error"]


def test_other_links_are_built_as_without_the_appliances(two_site) -> None:
    """The splitter changes nothing else: every other link's medium, part, modules and length are those of the same
    design without the leaf-to-appliance cables."""
    with_local = build_schedule(two_site, CAT)
    bare = two_site.copy()
    for lid in _local(bare):
        del bare.links[lid]
    without = build_schedule(bare, CAT)
    assert set(without.links) == set(with_local.links) - set(_local(two_site))
    for lid, hw in without.links.items():
        assert _built(with_local.links[lid], with_local) == _built(hw, without), lid


def test_a_trained_down_link_drawn_as_optics_gets_no_module(two_site) -> None:
    """No optics joins an NDR port to an EDR one: drawn as optics, the link is reported without a part and no
    twin-port NDR module or 100G module is priced for it."""
    doc = two_site.copy()
    lid = _local(doc)[0]
    doc.links[lid].cable = "optics"
    sched = build_schedule(doc, CAT)
    hw = sched.links[lid]
    assert (hw.module_a, hw.module_b, hw.fibres) == (None, None, 0)
    assert any(p.kind == "no-part" and lid in p.links for p in sched.problems)
    # the check says what joins such ports and how to draw them (an older file cabled them as optics)
    (found,) = [f for f in run_checks(doc, CAT) if f.rule == "cable-model"]
    assert lid in found.links and "copper splitter, 2 m at most" in found.message and "Plan racks" in found.message


def test_the_splitter_fits_only_links_below_their_ports_speed() -> None:
    """A head made for the 800G NDR cage with 200G legs runs the cage's ports below their speed: it serves a 400G port
    trained to EDR or HDR, never a cage's ports at their own speed (a 4 x 200G split's two-lane ports)."""
    assert cable_part(CAT, "dac", "osfp8", "qsfp", 2, 100, 1.5, head_gbps=800, port_gbps=400)[0].id == "mcp7y60"
    assert cable_part(CAT, "dac", "osfp8", "qsfp", 2, 200, 1.5, head_gbps=800, port_gbps=400)[0].id == "mcp7y60"
    assert cable_part(CAT, "dac", "osfp8", "qsfp", 2, 200, 1.5, head_gbps=800)[0] is None
    assert cable_part(CAT, "dac", "osfp8", "qsfp", 2, 400, 1.5, head_gbps=800)[0].id == "mcp7y10"
    assert cable_part(CAT, "dac", "osfp8", "qsfp", 2, 50, 1.5, head_gbps=800, port_gbps=400)[0] is None
    part, reaches = cable_part(CAT, "dac", "osfp8", "qsfp", 2, 100, 4.0, head_gbps=800, port_gbps=400)
    assert part is not None and part.id == "mcp7y60" and not reaches


def test_the_qm9700_entry_states_the_speeds_its_ports_link_at(two_site) -> None:
    """The catalog states what a Quantum-2 port links at (its manual: 40/56/100/200/400 Gb/s), 100G among them, and
    the port check takes the entry's list: 56G on an NDR port passes, 300G is refused with the entry's speeds."""
    qm = CAT.switches["qm9700"]
    assert {400, 200, 100} <= set(qm.link_speeds_gbps) and "link_speeds_gbps" in qm.provenance
    assert qm.links_at(qm.port_gbps) == qm.link_speeds_gbps
    doc = two_site.copy()
    lid = next(lk.id for lk in doc.links.values()
               if doc.nodes[lk.a.node].model == doc.nodes[lk.b.node].model == "qm9700")
    for speed, ok in ((56.0, True), (100.0, True), (300.0, False)):
        doc.links[lid].speed_gbps = speed
        found = [f for f in run_checks(doc, CAT) if f.rule == "speed-mismatch"]
        assert (not found) == ok, speed


@pytest.mark.parametrize("gpus_per_site, lines", [(16, 8), (64, 64)])
def test_planned_racks_keep_each_appliance_within_its_splitters_reach(gpus_per_site, lines) -> None:
    """Plan racks stands a leaf's MetroX appliances beside it, half below and half above, in one rack (a full rack
    opens a new one for the lot): in the spine row, 2 m of copper never reached them. 64 lines of 100G a site hang
    16 appliances on each of two leaves, which fills the first spine rack."""
    doc = generate_two_site(TwoSiteOptions(gpus_per_site, 30, dci_gbps=100, dci_links=lines, backend="ib"), CAT)
    fit_cables_to_racks(doc, CAT)
    where = {m.item: m for m in doc.racks.mounts if m.kind == "node"}
    local = _local(doc)
    assert len(local) == 2 * lines
    for lid in local:
        link = doc.links[lid]
        assert where[link.a.node].rack == where[link.b.node].rack
        assert link.length_m <= CAT.cables["mcp7y60"].max_reach_m
    assert not [f for f in run_checks(doc, CAT) if f.severity == "error"]
    assert len({where[lid].rack for lid in where if lid.startswith(("a-leaf", "b-leaf"))}) >= 2


def test_only_a_link_below_its_ports_speed_counts_as_trained_down(two_site) -> None:
    """A long-haul line joins two MetroX line ports at their own 100G: no trained-down link, whichever end it names
    first (it once counted as one, both ports being InfiniBand ports of a cage of their own); a local link from a
    leaf's 400G port to a MetroX's EDR port is one."""
    slots = build_schedule(two_site, CAT).slot
    site = {nid: node.site for nid, node in two_site.nodes.items()}
    line = next(lk for lk in two_site.links.values() if site[lk.a.node] != site[lk.b.node])
    for a, b in ((line.a, line.b), (line.b, line.a)):
        link = Link(line.id, a, b, speed_gbps=line.speed_gbps, plane=line.plane)
        assert not ib_trained_down(two_site, CAT, link, slots(a.node, a.port), slots(b.node, b.port))
    local = two_site.links[_local(two_site)[0]]
    assert ib_trained_down(two_site, CAT, local, slots(local.a.node, local.a.port), slots(local.b.node, local.b.port))
