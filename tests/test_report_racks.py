"""The Racks and floor page of the proposal: racks drawn as they stand (U1 at the bottom), and the page in the
PDF with the plan's figures, in English and Chinese."""

from __future__ import annotations

from itertools import pairwise

from pypdf import PdfReader
from reportlab.graphics.shapes import Rect, String

from designer.report import ReportOptions, build_proposal
from designer.report.rack_callouts import MIN_LABEL_PT, spread
from designer.report.sections.racks import U_PT, _drawings
from designer.topology.racks.elevation import Box, Elevation, RackColumn
from tests.factories import CAT, two_server_doc


def _one_rack() -> Elevation:
    boxes = [Box("top", "oob-switch", "oob", "sn2201", 42, 1, 80.0, "neutral"),
             Box("low", "server", "srv", "hgx-h100", 1, 8, 10200.0, "neutral"),
             Box("mid", "leaf", "leaf", "sn5600", 20, 1, 1500.0, "rocev2")]
    return Elevation([[RackColumn("A01", 0, 0, "servers", 42, 11780.0, 45000.0, 2, boxes)]], 11780.0, True, None)


def test_racks_are_drawn_with_u1_at_the_bottom():
    drawing = _drawings(_one_rack(), 400.0, "Helvetica", "en")[0]
    rects = [s for s in drawing.contents if isinstance(s, Rect)]
    frame = next(r for r in rects if r.strokeWidth == 0.5)
    boxes = [r for r in rects if r.strokeWidth == 0.25]          # in the order of the rack's boxes
    top_box, low_box, mid_box = boxes
    assert abs(low_box.y - frame.y) < 1.0                          # U1 sits on the rack's floor
    assert abs(low_box.height - 8 * U_PT) < 1.0
    assert abs(top_box.y + top_box.height - (frame.y + frame.height)) < 1.0    # U42 at the top
    assert low_box.y < mid_box.y < top_box.y


def test_the_page_states_the_plan_in_english_and_chinese(tmp_path):
    doc = two_server_doc()
    for lang, words in (("en", ("Racks and floor", "A01-U01", "Management switch · SN2201")),
                        ("zh_CN", ("机柜与机房布局", "A01-U01", "带外管理交换机 · SN2201"))):
        out = tmp_path / f"racks-{lang}.pdf"
        build_proposal(doc, str(out), options=ReportOptions(sections=["racks"], language=lang),
                       catalog=CAT)             # no section that states a run: nothing is simulated
        text = "".join(page.extract_text() for page in PdfReader(out).pages)
        for word in words:
            assert word in text, (lang, word)
        assert "oob-" not in text                  # a part the plan adds is named by what it is, not its id


def _switch_rack(switches: int) -> Elevation:
    boxes = [Box(f"leaf{i}", "leaf", f"A01-U{i:02d} leaf-{i:02d}", "qm9700", i, 1, 640.0, "ib")
             for i in range(1, switches + 1)]
    boxes.append(Box("oob", "oob-switch", "oob-A01", "SN2201", 42, 1, 80.0, "neutral"))
    return Elevation([[RackColumn("A01", 0, 0, "network", 42, 0.0, 45000.0, 2, boxes)]], 0.0, True, None)


def _texts(drawing) -> list[String]:
    return [s for s in drawing.contents if isinstance(s, String)]


def test_every_1u_device_is_named_beside_its_rack_without_overlap():
    rack = _switch_rack(9)
    drawing = _drawings(rack, 400.0, "Helvetica", "en", lambda box: f"{box.label} · QM9700")[0]
    labels = [s for s in _texts(drawing) if "·" in s.text]
    assert sorted(s.text for s in labels) == sorted(f"{b.label} · QM9700" for b in rack.racks[0].boxes)
    assert min(s.fontSize for s in labels) >= MIN_LABEL_PT
    frame = next(r for r in drawing.contents if isinstance(r, Rect) and r.strokeWidth == 0.5)
    assert all(s.x >= frame.x + frame.width for s in labels)          # beside the rack, not on its 1U boxes
    ys = sorted(s.y for s in labels)
    assert all(b - a >= labels[0].fontSize for a, b in pairwise(ys))


def test_a_rack_too_full_to_name_each_device_names_its_runs():
    drawing = _drawings(_switch_rack(40), 400.0, "Helvetica", "en")[0]
    texts = [s.text for s in _texts(drawing)]
    assert "A01-U01 leaf-01 … A01-U40 leaf-40" in texts and "oob-A01" in texts


def test_callouts_stay_in_their_column_and_keep_their_order():
    placed = spread([10.0, 10.5, 11.0, 95.0, 99.0], 6.0, 0.0, 100.0)
    assert placed == sorted(placed) and placed[-1] <= 100.0 and placed[0] >= 0.0
    assert all(b - a >= 6.0 - 1e-9 for a, b in pairwise(placed))
