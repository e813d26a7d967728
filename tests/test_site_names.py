"""A generated site's name follows the language it is shown in ("Site A" in a Chinese proposal was English); a
name the user typed is shown as typed."""

from __future__ import annotations

from designer.i18n import current_language, set_language
from designer.topology.racks.elevation import elevation
from designer.topology.site_names import shown_site_name, site_name
from designer.topology.two_site import TwoSiteOptions, generate_two_site


def test_a_generated_name_is_shown_in_the_language_asked_for_a_typed_one_as_typed():
    assert site_name("A", "en") == "Site A" and site_name("B", "zh_CN") == "站点 B"
    assert shown_site_name("Site A", "zh_CN") == "站点 A" and shown_site_name("站点 C", "en") == "Site C"
    assert shown_site_name(" Site B ", "en") == "Site B"
    for typed in ("Frankfurt", "Site AB", "Site a", "My Site A", "站点A"):
        assert shown_site_name(typed, "zh_CN") == typed


def test_the_generator_names_sites_in_its_language_and_the_racks_say_them_in_theirs():
    from designer.catalog import load_catalog
    from designer.topology.cabling_fit import fit_cables_to_racks
    from designer.topology.racks.plan import rack_plan

    before = current_language()
    try:
        set_language("zh_CN")
        assert [s.name for s in generate_two_site(TwoSiteOptions(16, 30)).sites] == ["站点 A", "站点 B"]
    finally:
        set_language(before)
    catalog = load_catalog()
    doc = generate_two_site(TwoSiteOptions(16, 30), catalog)
    assert [s.name for s in doc.sites] == ["Site A", "Site B"]
    fit_cables_to_racks(doc, catalog)
    model = elevation(doc, catalog, rack_plan(doc, catalog))
    assert [model.heading(f, "zh_CN") for f in model.floors] == ["站点 A", "站点 B"]
    assert model.floors_text("zh_CN").startswith("站点 A")
