"""File → New from template → two sites: the fields are validated as the others (OK off with the generator's reason),
InfiniBand follows its appliances' 100G line ports and the preview says what the long-haul checks would, and the
design opens with the generator's own two-site layout (site boxes, the second site mirrored), not re-laid out.
Driven by real clicks and keys (the window opens what dialog.generate() returns as a new untitled design)."""

from __future__ import annotations

from designer.catalog.loader import load_catalog
from designer.topology.checks import run_checks
from designer.topology.two_site import KIND as TWO_SITE
from designer.topology.two_site import TwoSiteOptions, generate_two_site
from designer.ui.generator_dialog import GeneratorDialog
from tests.ui_input import choose, type_into


def test_two_site_fields_are_validated_and_follow_the_protocol(qtbot):
    dialog = GeneratorDialog(load_catalog(), None)
    qtbot.addWidget(dialog)
    dialog.show()
    choose(qtbot, dialog.kind, dialog.kind.itemText(dialog.kind.findData(TWO_SITE)))
    assert dialog.sites.gpus_per_site.isVisible() and not dialog.gpus.isVisible()
    type_into(dialog.sites.gpus_per_site.lineEdit(), "12")          # not whole 8-GPU servers
    assert not dialog.ok.isEnabled() and "multiple of 8" in dialog.preview.text()
    type_into(dialog.sites.gpus_per_site.lineEdit(), "16")
    assert dialog.ok.isEnabled() and "400ZR" in dialog.preview.text()
    choose(qtbot, dialog.backend, "InfiniBand")
    assert dialog.sites.capacity.currentData() == 100.0
    assert [dialog.sites.equipment.itemData(i) for i in range(dialog.sites.equipment.count())] == [
        None, "metrox-3-xc", "metrox-2"]
    assert "reaches 40 km but the sites are 100 km apart" in dialog.preview.text()
    choose(qtbot, dialog.backend, dialog.backend.itemText(dialog.backend.findData("hybrid")))
    assert not dialog.ok.isEnabled() and "'ib' or 'rocev2'" in dialog.preview.text()


def test_the_design_keeps_the_generators_two_site_layout(qtbot):
    """What the window opens is dialog.generate(): the generator's own positions, not an automatic layout."""
    dialog = GeneratorDialog(load_catalog(), None)
    qtbot.addWidget(dialog)
    dialog.show()
    choose(qtbot, dialog.kind, dialog.kind.itemText(dialog.kind.findData(TWO_SITE)))
    type_into(dialog.sites.gpus_per_site.lineEdit(), "16")
    type_into(dialog.sites.distance.lineEdit(), "10")
    type_into(dialog.sites.links.lineEdit(), "2")
    assert dialog.ok.isEnabled()
    doc = dialog.generate()
    expected = generate_two_site(TwoSiteOptions(16, 10.0, 400.0, 2, frontend=True))
    assert {n.id: (n.x, n.y) for n in doc.nodes.values()} == {n.id: (n.x, n.y) for n in expected.nodes.values()}
    assert doc.nodes["b-dci1"].x < doc.nodes["b-spine-01"].x          # site B mirrored: its edge faces site A
    assert (doc.long_haul[0].distance_km, doc.long_haul[0].count) == (10.0, 2) and doc.gpu_count() == 32


def test_a_two_site_design_at_2_to_1_keeps_its_target():
    """The sites' target oversubscription goes with them: no warning that the 2:1 leaves exceed 1:1."""
    doc = generate_two_site(TwoSiteOptions(16, 10.0, 400.0, 1, oversubscription=2.0))
    assert doc.assumptions.target_oversubscription == 2.0
    assert not [f for f in run_checks(doc) if f.rule == "oversubscription" and f.severity == "warning"]
