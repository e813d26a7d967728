"""The "×N" tags of repeated cables: two bundles that cross at their middles (a storage pair wired to two leaves)
must not print their tags on one spot ("×4×4"); a tag moves along its cable to a free place, or is left out."""

import numpy as np

from designer.ui.cable_layer import TAG_ALONG, tag_spots

SIZE = (14.0, 12.0)             # a tag's box on screen, px


def boxes(spots):
    return [(x, y - SIZE[1] - 2, x + SIZE[0] + 4, y) for x, y in spots]


def overlap(p, q):
    return p[0] < q[2] and q[0] < p[2] and p[1] < q[3] and q[1] < p[3]


def test_tags_of_cables_crossing_at_their_middles_do_not_overlap():
    a = np.array([[0.0, 0.0], [200.0, 0.0], [0.0, 100.0]])
    b = np.array([[200.0, 200.0], [0.0, 200.0], [200.0, 100.0]])      # three cables through (100, 100)
    spots = tag_spots(a, b, np.tile(SIZE, (3, 1)))
    assert spots[0] == (100.0, 100.0)                    # the first keeps the middle
    assert all(s is not None for s in spots)
    placed = boxes(spots)
    assert not any(overlap(placed[i], placed[j]) for i in range(3) for j in range(i + 1, 3))
    for k, (x, y) in enumerate(spots):                   # each still sits on its own cable, at one of the places
        t = np.hypot(x - a[k, 0], y - a[k, 1]) / np.hypot(*(b[k] - a[k]))
        assert min(abs(t - u) for u in TAG_ALONG) < 1e-9


def test_apart_tags_stay_at_the_middle_and_a_crowded_one_is_left_out():
    a = np.array([[0.0, 0.0], [0.0, 50.0]])
    b = np.array([[100.0, 0.0], [100.0, 50.0]])
    assert tag_spots(a, b, np.tile(SIZE, (2, 1))) == [(50.0, 0.0), (50.0, 50.0)]
    same = np.repeat([[0.0, 0.0]], 8, axis=0), np.repeat([[20.0, 0.0]], 8, axis=0)   # eight tags on a short cable
    spots = tag_spots(*same, np.tile(SIZE, (8, 1)))
    assert spots[0] is not None and None in spots


def test_a_tag_does_not_sit_under_a_node():
    """Nodes are drawn over the cables: a bundle whose middle runs under a node (two gateways side by side, their
    cables to the front-end crossing under them) moves its tag along to where it can be read."""
    a, b = np.array([[0.0, 0.0]]), np.array([[200.0, 0.0]])
    node = np.array([[80.0, -30.0, 130.0, 10.0]])                     # over the cable's middle
    (x, y), = tag_spots(a, b, np.tile(SIZE, (1, 1)), node)
    assert (x, y) != (100.0, 0.0)
    assert not overlap(boxes([(x, y)])[0], tuple(node[0]))
    assert tag_spots(a, b, np.tile(SIZE, (1, 1)), np.array([[-10.0, -30.0, 210.0, 10.0]])) == [None]   # all covered


def test_tags_stay_readable_over_the_heat_map(qtbot):
    """After a run the heat-map recolours every cable over the cable layer; the tags are drawn above it, each on a
    backdrop, so a mesh of eight-cable bundles between leaves and spines still reads "×8" (the tags had been painted
    over by the heat-map's lines: only fragments of digits showed)."""
    from pathlib import Path

    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QImage, QPainter

    from designer.model.fileformat import load
    from designer.ui.heatmap import HeatmapLayer
    from designer.ui.scene import FabricScene
    from designer.ui.theme import Theme, light_palette

    doc = load(Path(__file__).resolve().parents[1] / "projects" / "nvl72-two-racks.json")
    theme = Theme.from_palette(light_palette(), "light")
    scene = FabricScene(doc, theme)
    layer = HeatmapLayer(scene)
    scene.addItem(layer)
    assert scene.cable_layer.tags.zValue() > layer.zValue()

    def text_pixels() -> int:
        rect = scene.itemsBoundingRect()
        image = QImage(int(rect.width()), int(rect.height()), QImage.Format.Format_RGB32)
        image.fill(theme.background)
        painter = QPainter(image)
        scene.render(painter, QRectF(image.rect()), rect)
        painter.end()
        rgb = np.frombuffer(image.constBits(), np.uint32).reshape(image.height(), -1)[:, :image.width()] & 0xFFFFFF
        return int((rgb == (theme.text.rgb() & 0xFFFFFF)).sum())

    layer.set_utilization([], np.zeros(0))
    quiet = text_pixels()
    ids = list(doc.links)
    layer.set_utilization(ids, np.full(len(ids), 0.95))
    assert text_pixels() >= 0.98 * quiet > 0
