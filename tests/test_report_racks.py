"""The Racks and floor page of the proposal: racks drawn as they stand (U1 at the bottom), and the page in the
PDF with the plan's figures, in English and Chinese."""

from __future__ import annotations

from pypdf import PdfReader
from reportlab.graphics.shapes import Rect

from designer.report import ReportOptions, build_proposal
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
    for lang, words in (("en", ("Racks and floor", "A01-U01")), ("zh_CN", ("机柜与机房布局", "A01-U01"))):
        out = tmp_path / f"racks-{lang}.pdf"
        build_proposal(doc, str(out), options=ReportOptions(sections=["racks"], language=lang),
                       catalog=CAT)             # no section that states a run: nothing is simulated
        text = "".join(page.extract_text() for page in PdfReader(out).pages)
        for word in words:
            assert word in text, (lang, word)
