"""Typesetting pieces of the proposal: a table splits only where two rows stay on each side and repeats its header;
a drawing shrinks to the room on its page down to a minimum; chart axes end just above the data; every device of a
dense drawing is labelled in full; the focused pod is outlined."""

from __future__ import annotations

import pytest
from reportlab.graphics.shapes import Drawing, Group, String
from reportlab.lib.pagesizes import A4
from reportlab.platypus import Paragraph

from designer.report.charts import axis_range
from designer.report.cjk_lines import CANNOT_START_LINE
from designer.report.fonts import register_fonts
from designer.report.layout import FitDrawing
from designer.report.styles import data_table, make_styles
from designer.report.topology_drawing import TopologyDrawer


@pytest.fixture(scope="module")
def styles():
    return make_styles(register_fonts())


def table(styles, rows: int):
    t = data_table(styles, ["Name", "Value"], [[f"row {i}", f"{i}"] for i in range(rows)], [200.0, 100.0])
    t.wrap(300, A4[1])
    return t


def _rows(part) -> list[str]:
    cells = [row[0][0] if isinstance(row[0], (list, tuple)) else row[0] for row in part._cellvalues]
    return [c.getPlainText() for c in cells]


@pytest.mark.parametrize("room_rows", [1.5, 2.5, 3.5, 7.5, 8.5, 9.5])
def test_a_split_table_leaves_two_rows_on_each_side_and_repeats_its_header(styles, room_rows):
    t = table(styles, 10)
    header_h, body_h = t._rowHeights[0], t._rowHeights[1]
    parts = t.split(300, header_h + body_h * room_rows)
    if not parts:                                   # nothing fits well here: the whole table moves on
        assert room_rows < 2 + 1
        return
    first, rest = parts
    assert _rows(first)[0] == "Name" and _rows(rest)[0] == "Name"       # the header repeats
    assert len(_rows(first)) - 1 >= 2 and len(_rows(rest)) - 1 >= 2
    assert len(_rows(first)) - 1 + len(_rows(rest)) - 1 == 10


def test_a_short_table_never_splits(styles):
    t = table(styles, 3)
    assert t.split(300, t._rowHeights[0] + t._rowHeights[1] * 2.5) == []


def test_a_drawing_fits_the_room_left_down_to_its_minimum():
    made = []

    def make(w: float, h: float) -> Drawing:
        made.append(h)
        return Drawing(w, h)

    legend = Drawing(100, 20)
    fit = FitDrawing(make, 400, 300, 150, legend)
    assert fit.wrap(400, 1000) == (400, 300 + 20 + FitDrawing.GAP)     # room: its natural size, legend below
    assert fit.wrap(400, 250)[1] == pytest.approx(250)                  # less: made again to fill the room
    assert made[-1] == pytest.approx(250 - 20 - FitDrawing.GAP)
    assert fit.wrap(400, 100)[1] > 100                                  # below the minimum: it moves on


@pytest.mark.parametrize("top, expected", [(100, (100, 20)), (87, (100, 20)), (115, (120, 20)), (3.2, (4, 1)),
                                           (0.42, (0.5, 0.1)), (2698, (3000, 500))])
def test_chart_axes_end_just_above_the_data(top, expected):
    axis_max, step = axis_range(top)
    assert (axis_max, step) == pytest.approx(expected)
    assert top <= axis_max < top * 1.6


def _strings(node) -> list[str]:
    out = []
    for item in getattr(node, "contents", []):
        if isinstance(item, String):
            out.append(item.text)
        elif isinstance(item, Group):
            out += _strings(item)
    return out


def test_every_device_of_a_dense_drawing_is_labelled_in_full():
    from tests.factories import make_design

    doc = make_design(leaves=8, servers_per_leaf=4, spines=4)
    for node in doc.nodes.values():
        if node.kind == "server":
            node.label = f"训练节点 {node.id[3:]}"
    drawing = TopologyDrawer(doc, register_fonts().regular, "zh_CN").overview(480, 420)
    texts = _strings(drawing)
    assert all(not t.endswith("…") for t in texts)
    for node in doc.nodes.values():
        assert node.display_name in texts, node.display_name


def test_the_detail_drawing_outlines_its_focus_in_both_drawings():
    from designer.report.styles import ACCENT
    from tests.factories import make_design

    doc = make_design(leaves=16, servers_per_leaf=4, spines=8, leaves_per_pod=4)
    drawer = TopologyDrawer(doc, register_fonts().regular)
    what, nodes, focus = drawer.detail_nodes()
    assert what == "pod 1" and focus and all(doc.nodes[n].pod == 1 for n in focus)

    def outlined(d: Drawing) -> int:
        return sum(1 for item in d.contents if getattr(item, "strokeColor", None) == ACCENT
                   and getattr(item, "strokeWidth", 0) >= 1.5)

    assert outlined(drawer.detail(nodes, 480, 400, focus)) == len(focus)
    assert outlined(drawer.overview(480, 400, focus)) >= 1
    assert outlined(drawer.overview(480, 400)) == 0


def test_no_chinese_line_starts_with_a_punctuation_mark():
    body = make_styles(register_fonts(), "zh_CN").body
    text = ("设备安装在 2 排共 5 个机柜中，布局方式为列中；每根线缆从设备向上到顶部走线槽，沿机柜排走线，"
            "再向下到另一端，另加 1.5 米余量；162 条线缆的订购长度为 2 至 10 米：全部为多模光纤！")
    starts = set()
    for width in range(150, 420, 3):                    # every width puts a line end somewhere else
        p = Paragraph(text, body)
        p.wrap(width, A4[1])
        lines = ["".join(line[1]) if isinstance(line, tuple) else "".join(w.text for w in line.words)
                 for line in p.blPara.lines]
        starts |= {line.lstrip()[:1] for line in lines[1:]}
    assert starts and not starts & set(CANNOT_START_LINE)


@pytest.mark.parametrize("gpus_per_site", [32, 1024])
def test_each_site_is_a_box_of_its_own_devices_with_the_long_haul_between(gpus_per_site):
    """A two-site design drawn device by device (32 GPUs a site) or in bundles (1,024): every device's box lies in
    one site's box, half of them in each, the two boxes apart and clear of the row names, each named with its GPUs,
    and the long-haul bundle written above the gap between them; a design of one site has no site box."""
    from reportlab.graphics.shapes import Rect

    from designer.report.topology_drawing import FILL, LABEL_COLUMN
    from designer.topology.generate import generate
    from designer.topology.two_site import TwoSiteOptions, generate_two_site

    def site_boxes(d: Drawing) -> list[Rect]:
        return [r for r in d.contents if isinstance(r, Rect) and r.strokeDashArray == [4, 2, 1, 2]]

    drawing = TopologyDrawer(generate_two_site(TwoSiteOptions(gpus_per_site, 80, dci_links=4)),
                             register_fonts().regular).overview(480, 420)
    texts = _strings(drawing)
    assert f"Site A · {gpus_per_site:,} GPUs" in texts and f"Site B · {gpus_per_site:,} GPUs" in texts
    assert "long-haul: 4 × 400 Gb/s · 80 km" in texts
    a, b = sorted(site_boxes(drawing), key=lambda r: r.x)
    assert a.x >= LABEL_COLUMN and a.x + a.width < b.x

    def inside(r: Rect, box: Rect) -> bool:
        return (box.x <= r.x and r.x + r.width <= box.x + box.width
                and box.y <= r.y and r.y + r.height <= box.y + box.height)

    devices = [r for r in drawing.contents if isinstance(r, Rect) and r.fillColor in FILL.values()
               and r.strokeColor is not None]                      # not the white patches under cable counts
    assert devices and all(inside(r, a) != inside(r, b) for r in devices)
    assert sum(inside(r, a) for r in devices) == sum(inside(r, b) for r in devices)
    one_site = TopologyDrawer(generate("leaf-spine", gpus=64, backend="rocev2"), register_fonts().regular)
    assert site_boxes(one_site.overview(480, 420)) == []


def test_each_segments_devices_sit_together_and_no_other_device_stands_in_its_shaded_area():
    """The hybrid example's drawing put the storage servers among the training servers, inside the InfiniBand
    segment's shaded area; each segment's devices now sit together in every row, a gateway between the two."""
    from designer.model import fileformat
    from designer.ui.app import PROJECTS

    seen: dict = {}

    class Recording(TopologyDrawer):
        def _draw_hulls(self, d, items):
            seen.update(items)
            super()._draw_hulls(d, items)

    doc = fileformat.load(str(PROJECTS / "hybrid-ib-rocev2.json"))
    Recording(doc, register_fonts().regular).overview(480, 420)
    assert len(doc.segments) == 2 and seen
    for row in {i.row for i in seen.values()}:
        members = [i for i in seen.values() if i.row == row]
        for seg in doc.segments:
            inside = [i for i in members if i.segment == seg]
            if not inside:
                continue
            lo, hi = min(i.x for i in inside), max(i.x + i.w for i in inside)
            strangers = [i.key for i in members if i.segment != seg and lo < i.x + i.w / 2 < hi]
            assert not strangers, (row, seg, strangers)
