"""The proposal counts a design's GPU systems as a customer knows them: rack-scale systems (an NVL72 class rack is
one node of the drawing) as racks, HGX-class chassis as servers."""

from __future__ import annotations

from pathlib import Path

import pytest

from designer.catalog.loader import load_catalog
from designer.model.fileformat import load
from designer.report.design_facts import design_facts
from designer.report.sections.common import count
from designer.report.strings import has, tr
from designer.topology.generate import generate

PROJECTS = Path(__file__).resolve().parents[1] / "projects"


@pytest.mark.parametrize("language, racks, servers", [("en", "2 racks", "8 servers"),
                                                       ("zh_CN", "2 个机柜", "8 台服务器")])
def test_rack_scale_systems_are_counted_as_racks(language, racks, servers):
    catalog = load_catalog()
    nvl = design_facts(load(PROJECTS / "nvl72-two-racks.json"), catalog)
    hgx = design_facts(generate("leaf-spine", gpus=64, backend="rocev2", frontend=False), catalog)
    assert (nvl.servers, nvl.racks, nvl.systems_key) == (2, 2, "n_racks")
    assert (hgx.servers, hgx.racks, hgx.systems_key) == (8, 0, "n_servers")
    ctx = _Context(language)
    assert count(ctx, nvl.systems_key, nvl.servers) == racks
    assert count(ctx, hgx.systems_key, hgx.servers) == servers


class _Context:
    """The part of a proposal's context that counting reads: its language's strings."""

    def __init__(self, language: str) -> None:
        self.language = language

    def t(self, key: str, **values: object) -> str:
        return tr(key, self.language, **values)

    def has(self, key: str) -> bool:
        return has(key, self.language)


def test_long_haul_lines_are_a_row_of_their_own_at_the_distance_between_the_sites():
    """The 4 lines between two sites 80 km apart were counted among the local optics at their 2 m patch length
    (a 2-9 m row of reach 2,000 m): they are a row of their own, 80,000 m long, with the line optics' reach."""
    from designer.report.design_facts import LEASED, LONG_HAUL
    from designer.topology.two_site import TwoSiteOptions, generate_two_site

    catalog = load_catalog()
    doc = generate_two_site(TwoSiteOptions(16, 80, dci_links=4), catalog)
    facts = design_facts(doc, catalog)
    rows = {(c.plane, c.cable): c for c in facts.cables}
    line = rows[(LONG_HAUL, LEASED)]
    optics = catalog.long_haul_optics[doc.long_haul[0].optics]
    assert (line.count, line.min_length_m, line.max_length_m) == (4, 80_000.0, 80_000.0)
    assert line.max_reach_m == optics.max_reach_km * 1000.0
    assert sum(c.count for c in facts.cables) == len(doc.links)
    assert all(c.max_length_m < 1000 for c in facts.cables if c.plane != LONG_HAUL)
    assert facts.over_reach_links == 0
