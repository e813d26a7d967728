"""Plan racks on a multi-site design: one floor per site, runs measured within a site, long-haul lines left as the
generator set them; a one-site design planned as before."""

from __future__ import annotations

import copy
import json
import re

import pytest

from designer.catalog.loader import load_catalog
from designer.model.fileformat import dumps, loads
from designer.model.rack_layout import RackLayout, layout_from_raw, layout_to_dict
from designer.model.sites import Site, crosses_sites
from designer.topology.cabling_fit import fit_cables_to_racks
from designer.topology.generate import generate
from designer.topology.racks.elevation import elevation
from designer.topology.racks.plan import rack_plan
from designer.topology.racks.planner import plan_racks
from designer.topology.two_site import TwoSiteOptions, generate_two_site

CAT = load_catalog()


@pytest.fixture(scope="module", params=["rocev2", "ib"])
def planned(request):
    """A two-site design as generated (no racks) with its lines marked, then with racks planned."""
    gbps = 100 if request.param == "ib" else 400
    doc = generate_two_site(TwoSiteOptions(16, 30, dci_gbps=gbps, dci_links=4, backend=request.param), CAT)
    for k, link in enumerate(lk for lk in doc.links.values() if _line(doc, lk)):
        link.cable, link.length_m = ("aoc", "optics")[k % 2], 3.0 + k     # as a bundle might set them
    drawn = copy.deepcopy(doc.links)
    fit_cables_to_racks(doc, CAT)
    return doc, drawn


def _line(doc, link) -> bool:
    return crosses_sites(doc.nodes[link.a.node].site, doc.nodes[link.b.node].site)


def test_each_rack_holds_the_devices_of_one_site(planned) -> None:
    doc, _ = planned
    site_of = {r.name: r.site for r in doc.racks.racks}
    assert set(site_of.values()) == {"a", "b"}
    assert len(site_of) == len(doc.racks.racks)                       # names unique across the design
    assert all(name.startswith(f"{site}-") for name, site in site_of.items())
    for m in doc.racks.mounts:
        if m.kind == "node":
            assert site_of[m.rack] == doc.nodes[m.item].site, m


def test_runs_are_measured_within_a_site_and_lines_keep_their_cable(planned) -> None:
    doc, drawn = planned
    plan = rack_plan(doc, CAT)
    assert plan.saved
    lines = [lk for lk in doc.links.values() if _line(doc, lk)]
    assert lines
    for link in doc.links.values():
        a, b = plan.places[link.a.node], plan.places[link.b.node]
        if _line(doc, link):
            assert link.id not in plan.lengths_m
            assert (link.cable, link.length_m) == (drawn[link.id].cable, drawn[link.id].length_m)
        else:
            assert a.site == b.site == doc.nodes[link.a.node].site
            assert link.id in plan.lengths_m and link.length_m >= plan.lengths_m[link.id] - 1e-9


def test_each_site_is_planned_as_its_devices_alone() -> None:
    """Site a's floor is the plan its devices would get as a design of their own (names aside)."""
    doc = generate_two_site(TwoSiteOptions(16, 30, dci_links=4), CAT)
    whole = plan_racks(doc, CAT)
    alone = copy.deepcopy(doc)
    alone.nodes = {nid: n for nid, n in doc.nodes.items() if n.site == "a"}
    alone.links = {lid: lk for lid, lk in doc.links.items() if lk.a.node in alone.nodes and lk.b.node in alone.nodes}
    own = plan_racks(alone, CAT)
    racks_a = [r for r in whole.racks if r.site == "a"]
    assert [(r.name, r.row, r.slot, r.role) for r in racks_a] == [(f"a-{r.name}", r.row, r.slot, r.role)
                                                                  for r in own.racks]
    mounts_a = [(m.item, m.rack, m.u) for m in whole.mounts if m.rack.startswith("a-")]
    assert mounts_a == [(m.item.replace(r.name, f"a-{r.name}") if m.kind != "node" else m.item, f"a-{m.rack}", m.u)
                        for m in own.mounts for r in [own.rack(m.rack)]]


def test_a_one_site_plan_has_no_site_and_reads_as_before() -> None:
    doc = generate("rail-optimized", gpus=64, backend="ib")
    assert doc.racks is not None and not doc.sites
    assert all(r.site == "" and re.fullmatch(r"[A-Z]+\d\d", r.name) for r in doc.racks.racks)
    saved = json.loads(dumps(doc))["racks"]["racks"]
    assert saved and all(set(r) == {"name", "row", "slot", "role"} for r in saved)
    sited = copy.deepcopy(doc)                  # the same design declared as one site: the same floor
    sited.sites = [Site("a", "Beijing")]
    for node in sited.nodes.values():
        node.site = "a"
    again = plan_racks(sited, CAT, cabling_w=None)
    plain = plan_racks(doc, CAT, cabling_w=None)
    assert [(r.name, r.row, r.slot, r.role) for r in again.racks] == [(r.name, r.row, r.slot, r.role)
                                                                      for r in plain.racks]
    assert {r.site for r in again.racks} == {"a"} and again.mounts == plain.mounts


def test_an_old_layout_without_sites_opens_and_a_mixed_one_is_planned_again(planned) -> None:
    doc, _ = planned
    raw = layout_to_dict(doc.racks)
    assert all("site" in r for r in raw["racks"])
    for r in raw["racks"]:
        del r["site"]
    old, problems = layout_from_raw(raw)
    assert not problems and isinstance(old, RackLayout) and {r.site for r in old.racks} == {""}
    back = loads(dumps(doc))
    assert back.racks == doc.racks
    mixed = copy.deepcopy(back)
    mixed.racks = old                 # racks of no site for devices of two sites: the layout before this change
    plan = rack_plan(mixed, CAT)
    assert not plan.saved and plan.reason == "changed"
    assert {r.site for r in plan.layout.racks} == {"a", "b"}


def test_the_elevation_groups_each_sites_racks_under_its_name(planned) -> None:
    doc, _ = planned
    model = elevation(doc, CAT, rack_plan(doc, CAT))
    floors = model.site_floors()
    assert [(f.site, f.name) for f in floors] == [(s.id, s.display_name) for s in doc.sites]
    assert [k for f in floors for k in f.rows] == list(range(len(model.rows)))
    for f in floors:
        assert {c.site for k in f.rows for c in model.rows[k]} == {f.site}


def test_a_link_between_a_site_and_no_site_is_left_as_drawn_and_flagged() -> None:
    from designer.topology.checks import run_checks
    doc = generate_two_site(TwoSiteOptions(16, 30, dci_links=4), CAT)
    doc.nodes["b-srv-002"].site = None                 # a floor of its own, its leaves on site b's
    between = [lk for lk in doc.links.values() if "b-srv-002" in (lk.a.node, lk.b.node)]
    for link in between:
        link.cable, link.length_m = "optics", 42.0
    fit_cables_to_racks(doc, CAT)
    assert all((lk.cable, lk.length_m) == ("optics", 42.0) for lk in between)
    rack = {m.item: m.rack for m in doc.racks.mounts}["b-srv-002"]
    assert doc.racks.rack(rack).site == "" and not rack.startswith(("a-", "b-"))
    flagged = [f for f in run_checks(doc, CAT) if f.rule == "site-floors"]
    assert len(flagged) == 1 and set(flagged[0].links) == {lk.id for lk in between}


@pytest.fixture(scope="module")
def unsited():
    """A two-site design with one server of no site, its racks planned: three floors, the last of no site."""
    doc = generate_two_site(TwoSiteOptions(16, 30, dci_links=4), CAT)
    doc.nodes["b-srv-002"].site = None
    fit_cables_to_racks(doc, CAT)
    return doc


def test_devices_of_no_site_stand_under_a_heading_of_their_own(unsited) -> None:
    model = elevation(unsited, CAT, rack_plan(unsited, CAT))
    floors = model.site_floors()
    assert [f.site for f in floors] == ["a", "b", ""]
    assert [model.heading(f, "en") for f in floors] == [s.display_name for s in unsited.sites] + ["No site"]
    assert model.heading(floors[-1], "zh_CN") == "未指定站点"
    plain = generate("rail-optimized", gpus=16, backend="ib")
    one = elevation(plain, CAT, rack_plan(plain, CAT))
    assert not one.floors and one.heading(one.site_floors()[0], "en") == ""      # one floor: no heading


def test_the_proposal_counts_racks_and_rows_site_by_site(unsited, tmp_path) -> None:
    from pypdf import PdfReader

    from designer.report import ReportOptions, build_proposal
    model = elevation(unsited, CAT, rack_plan(unsited, CAT))
    sizes = [(len(model.racks_on(f)), len(f.rows)) for f in model.floors]
    assert (1, 1) in sizes and any(racks > 1 and rows > 1 for racks, rows in sizes)     # both word forms asked for
    for lang in ("en", "zh_CN"):
        out = tmp_path / f"racks-{lang}.pdf"
        build_proposal(unsited, str(out), options=ReportOptions(sections=["racks"], language=lang), catalog=CAT)
        text = re.sub(r"\s+", " ", "".join(page.extract_text() for page in PdfReader(out).pages))
        for f, (racks, rows) in zip(model.floors, sizes, strict=True):
            said = (f"{model.heading(f, lang)}: {racks} rack{'s' * (racks > 1)} in {rows} row{'s' * (rows > 1)}"
                    if lang == "en" else f"{model.heading(f, lang)}：{rows} 排 {racks} 个机柜")
            assert re.sub(r"\s+", " ", said) in text, (lang, said)
            assert text.count(model.heading(f, lang)) >= 3             # in the summary, above its racks and table
        assert f"in {len(model.rows)} rows" not in text


def test_one_floor_of_one_rack_in_one_row_is_said_in_the_singular(tmp_path) -> None:
    from pypdf import PdfReader

    from designer.report import ReportOptions, build_proposal
    doc = generate("leaf-spine", gpus=8, backend="rocev2", frontend=False)
    model = elevation(doc, CAT, rack_plan(doc, CAT))
    racks, rows = len(model.racks), len(model.rows)
    out = tmp_path / "one.pdf"
    build_proposal(doc, str(out), options=ReportOptions(sections=["racks"], language="en"), catalog=CAT)
    text = re.sub(r"\s+", " ", "".join(page.extract_text() for page in PdfReader(out).pages))
    said = f"stand in {racks} rack{'s' * (racks > 1)} in {rows} row{'s' * (rows > 1)},"
    assert said in text and (racks == 1 or rows == 1), (said, racks, rows)


def test_a_segment_over_two_sites_has_a_subnet_manager_at_each() -> None:
    """The high-availability pair of fabric managers of one InfiniBand segment spanning both sites is split, one a
    site; three appliances go a, b, a."""
    doc = generate_two_site(TwoSiteOptions(16, 30, dci_gbps=100, dci_links=4, backend="ib"), CAT)
    assert [seg.protocol for seg in doc.segments.values()] == ["ib"]
    for count, sites in ((2, ["a", "b"]), (3, ["a", "b", "a"])):
        doc.build.ufm_appliances = count
        layout = plan_racks(doc, CAT)
        site_of = {r.name: r.site for r in layout.racks}
        ufm = sorted((m.item for m in layout.mounts if m.kind == "ufm"), key=lambda i: int(i.split("-")[1]))
        assert [site_of[next(m.rack for m in layout.mounts if m.item == i)] for i in ufm] == sites
