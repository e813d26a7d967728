"""The template dialog offers rail-only and multi-plane, the planes only where they apply."""

from __future__ import annotations

from designer.catalog.loader import load_catalog
from designer.ui.generator_dialog import GeneratorDialog


def test_template_dialog_builds_multi_plane_and_rail_only_designs(qtbot):
    dialog = GeneratorDialog(load_catalog())
    qtbot.addWidget(dialog)
    dialog.gpus.setValue(64)
    dialog.kind.setCurrentIndex(dialog.kind.findData("multi-plane"))
    assert dialog.planes.isEnabled() and dialog.ok.isEnabled()
    doc = dialog.generate()
    assert {p.speed_gbps for p in doc.nodes["srv-001"].backend_ports()} == {200.0}     # 400G NICs as 2 x 200G
    dialog.planes.setCurrentText("8")                                                  # 50G: no such port speed
    assert not dialog.ok.isEnabled() and "50 Gb/s" in dialog.preview.text()
    dialog.kind.setCurrentIndex(dialog.kind.findData("rail-only"))
    assert not dialog.planes.isEnabled() and dialog.ok.isEnabled()
    rails = {n.rail for n in dialog.generate().nodes.values() if n.kind == "switch" and n.role != "frontend"}
    assert rails == set(range(1, 9))
