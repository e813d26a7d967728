"""A segment's settings in the inspector: every setting of the model has a field with a label and a tooltip; a
preset is chosen in one undoable step and shows its values for the segment's hardware; editing a value under a
preset makes the settings custom (a preset's values are what a run uses, so an edit kept under it would be
ignored)."""

from __future__ import annotations

import dataclasses

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from designer.model import fileformat
from designer.model.segments import IBSettings, RoCESettings
from designer.topology.presets import apply_preset
from designer.ui.app import PROJECTS
from designer.ui.field_specs import IB_FIELDS, ROCE_FIELDS, SEGMENT_FIELDS
from tests.ui_input import choose, show_window, type_into


def test_every_setting_of_a_segment_has_a_labelled_field_with_a_tooltip():
    for block, specs in ((IBSettings, IB_FIELDS), (RoCESettings, ROCE_FIELDS)):
        names = [f.name for f in dataclasses.fields(block)]
        assert sorted(specs) == sorted(names), block.__name__          # no setting without a field, nor the reverse
        for name in names:
            assert specs[name].label, name
            assert specs[name].tip or name in ("xoff_kb", "xon_kb", "kmin_kb", "kmax_kb", "rate_ai_mbps",
                                               "rate_hai_mbps", "rate_timer_us", "fast_recovery_steps",
                                               "min_dec_fac", "cnp_interval_us", "rate_reduce_period_us",
                                               "min_rate_mbps", "virtual_lanes", "mtu_bytes"), name


def open_segment(qtbot):
    w = show_window(qtbot, fileformat.load(str(PROJECTS / "small-rocev2-pod.json")))
    w.show_properties()
    seg_id = next(iter(w.editor.doc.segments))
    w.scene.select_ids(segments=[seg_id])
    qtbot.waitUntil(lambda: "preset" in w.inspector.editors)
    return w, seg_id


def test_a_preset_is_one_undoable_step_and_an_edit_under_it_makes_the_settings_custom(qtbot):
    w, seg_id = open_segment(qtbot)
    doc = w.editor.doc
    before = fileformat.dumps(doc)
    target = "plain" if doc.segments[seg_id].preset != "plain" else "recommended"
    combo = w.inspector.editors["preset"]
    w.inspector.ensureWidgetVisible(combo)
    choose(qtbot, combo, SEGMENT_FIELDS["preset"].choice_name(target))
    seg = doc.segments[seg_id]
    expected = apply_preset(doc, seg, target, w.catalog)
    assert seg.preset == target and seg.rocev2 == expected.rocev2
    assert seg.rocev2 != fileformat.loads(before).segments[seg_id].rocev2        # the preset changed values
    # the form shows the preset's values
    qtbot.waitUntil(lambda: w.inspector.editors["rocev2.qps"].text() == str(expected.rocev2.qps))
    # an edit under the preset: the settings become custom, the edit and the preset's other values kept
    field = w.inspector.editors["rocev2.kmin_kb"]
    w.inspector.ensureWidgetVisible(field)
    type_into(field, "200")                                   # a value neither preset has
    QTest.keyClick(field, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: doc.segments[seg_id].preset == "custom")
    seg = doc.segments[seg_id]
    assert seg.rocev2 == dataclasses.replace(expected.rocev2, kmin_kb=200.0)
    assert any("now custom" in text for text, _error in w.message_area.history)    # and says so
    w.editor.undo_stack.undo()                                   # the edit, with the switch to custom, in one step
    assert doc.segments[seg_id].preset == target and doc.segments[seg_id].rocev2 == expected.rocev2
    w.editor.undo_stack.undo()                                   # the preset, in one step
    assert fileformat.dumps(doc) == before


def test_the_segment_form_is_titled_by_the_segment_name(qtbot):
    """The title named the segment by its internal id ("Back-end segment backend") while the name field below it
    showed the name the user gave."""
    from PySide6.QtWidgets import QLabel
    w, seg_id = open_segment(qtbot)
    name = w.editor.doc.segments[seg_id].name
    assert name and name != seg_id
    titles = [label.text() for label in w.inspector.findChildren(QLabel) if label.text().startswith("<b>")]
    assert any(name in t for t in titles) and not any(f"segment {seg_id}<" in t for t in titles)


def test_a_site_setting_edited_under_a_preset_keeps_the_preset_and_is_what_a_run_uses(qtbot):
    """A failure-recovery time or an MTU describes the site, not tuning: a preset keeps the segment's own value
    (presets.keep_site_values), so editing it leaves the preset in place rather than making every value custom."""
    from designer.sim.compile import compile_fabric

    w, seg_id = open_segment(qtbot)
    doc = w.editor.doc
    preset = doc.segments[seg_id].preset
    assert preset != "custom"
    field = w.inspector.editors["rocev2.local_repair_ms"]
    w.inspector.ensureWidgetVisible(field)
    type_into(field, "7")
    QTest.keyClick(field, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: doc.segments[seg_id].rocev2.local_repair_ms == 7.0)
    assert doc.segments[seg_id].preset == preset
    assert not any("now custom" in text for text, _error in w.message_area.history)
    run_settings = next(s for s in compile_fabric(doc).segments if s.id == seg_id).rocev2
    assert run_settings.local_repair_ms == 7.0 and run_settings.kmin_kb == doc.segments[seg_id].rocev2.kmin_kb
    w.editor.undo_stack.undo()
    assert doc.segments[seg_id].rocev2.local_repair_ms == 1.0


def test_a_nodes_segment_is_named_once_with_its_protocol(qtbot):
    """A server's Inspector said "Segment: Back-end (RoCEv2) (RoCEv2)"."""
    from PySide6.QtWidgets import QLabel

    w, _seg_id = open_segment(qtbot)
    w.scene.select_ids(["srv-001"])
    qtbot.waitUntil(lambda: any("Back-end" in lb.text() for lb in w.inspector.findChildren(QLabel)))
    texts = [lb.text() for lb in w.inspector.findChildren(QLabel) if "Back-end" in lb.text()]
    assert texts and all(t.count("RoCEv2") == 1 for t in texts), texts
