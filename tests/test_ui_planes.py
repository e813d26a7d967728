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


def test_a_gpu_count_being_typed_that_is_no_value_disables_ok_and_says_so(qtbot):
    """Typing 0, 1 or 7 GPUs left the preview on the last valid count and OK enabled; Enter built that count."""
    from designer.catalog import load_catalog
    from designer.ui.generator_dialog import GeneratorDialog
    from tests.ui_input import type_into

    dialog = GeneratorDialog(load_catalog())
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.ok.isEnabled()
    for text in ("0", "7"):
        type_into(dialog.gpus.lineEdit(), text)
        assert not dialog.ok.isEnabled() and "from 8 to 65,536" in dialog.preview.text()
    type_into(dialog.gpus.lineEdit(), "64")
    assert dialog.ok.isEnabled() and dialog.gpus.value() == 64
