"""Large fabrics in the window: bundles grouped right, the heat-map drawn on bundles by their busiest cable and
kept across a theme switch, thin cables easy to hit, a wrapped 1,024-GPU fabric that fits the screen. Driven by
real clicks and keys; what is checked is what the canvas shows (pixels of the viewport)."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import QLineF, QPoint, QPointF, Qt
from PySide6.QtGui import QColor

from designer.model import fileformat
from designer.ui.app import PROJECTS
from designer.ui.bundles import FAN_OUT_MAX, TIER_RANK, BundleItem, group_cables, tier
from designer.ui.heatmap import COLOURS, HeatmapLayer, bucket_of
from designer.ui.main_window import MainWindow
from tests.ui_input import click, click_menu, show_window, view_point, window_key


def open_window(qtbot, path, size=(1366, 768)) -> MainWindow:
    return show_window(qtbot, path=path, size=size)


def reference_bundles(doc, colour_of: dict[str, str]) -> dict:
    """Bundles as the grouping is specified, one cable at a time (the numpy grouping must give the same)."""
    size: dict[tuple, int] = {}
    for node in doc.nodes.values():
        size[(tier(node), node.pod, node.site)] = size.get((tier(node), node.pod, node.site), 0) + 1
    out: dict[tuple, tuple] = {}
    for link in doc.links.values():
        lo, hi = doc.nodes[link.a.node], doc.nodes[link.b.node]
        if TIER_RANK.get(tier(lo), 5) < TIER_RANK.get(tier(hi), 5):
            lo, hi = hi, lo
        upper = hi.id if size[(tier(hi), hi.pod, hi.site)] <= FAN_OUT_MAX else (tier(hi), hi.pod, hi.site)
        key = ((tier(lo), lo.pod, lo.site), upper, colour_of[link.id])
        count, ends_a, ends_b, ids = out.get(key, (0, set(), set(), []))
        out[key] = (count + 1, ends_a | {lo.id}, ends_b | {hi.id}, ids + [link.id])
    return out


@pytest.mark.parametrize("name", ["rail-optimized-1024.json", "hybrid-ib-rocev2.json", "two-site-100km.json"])
def test_bundles_group_the_cables_as_specified(qtbot, name):
    w = open_window(qtbot, PROJECTS / name)
    scene = w.scene
    colour_of = {lid: scene.colour_key(link) for lid, link in w.editor.doc.links.items()}
    bundles, owner = group_cables(w.editor.doc, scene.cables, scene.cable_shown)
    got = {b.key: (b.count, b.ends_a, b.ends_b, b.link_ids) for b in bundles}
    assert got == reference_bundles(w.editor.doc, colour_of)
    for k, b in enumerate(bundles):            # every cable knows its bundle
        assert {scene.cables.ids[r] for r in np.nonzero(owner == k)[0]} == set(b.link_ids)
    for b in bundles:                          # each site draws its own bundles, inside its box
        assert len({w.editor.doc.nodes[n].site for n in b.ends_a}) == 1


def pixel(w: MainWindow, image, scene_point: QPointF) -> QColor:
    p = w.view.mapFromScene(scene_point)
    return image.pixelColor(p.x(), p.y())


def test_heatmap_on_bundles_shows_the_busiest_cable_and_survives_a_theme_switch(qtbot):
    w = open_window(qtbot, PROJECTS / "rail-optimized-1024.json")
    window_key(qtbot, w, Qt.Key.Key_F)                   # View → Zoom to fit: the fabric as bundles
    scene = w.scene
    assert scene.bundled
    layer = HeatmapLayer(scene)
    scene.addItem(layer)
    ids = list(w.editor.doc.links)
    util = np.full(len(ids), 0.1)
    doc = w.editor.doc
    k = next(i for i, b in enumerate(scene.bundles) if doc.nodes[next(iter(b.ends_b))].role == "spine")
    hot = scene.bundles[k].link_ids[3]                   # one cable of a leaf-to-spine bundle runs hot
    util[ids.index(hot)] = 0.95
    layer.set_utilization(ids, util)
    buckets = layer.bundle_buckets()
    assert buckets[k] == bucket_of(np.array([0.95]))[0]  # the bundle takes its busiest cable's colour
    assert all(b == bucket_of(np.array([0.1]))[0] for i, b in enumerate(buckets) if i != k)
    item = [it for it in scene.bundle_items if isinstance(it, BundleItem)][k]
    middle = QLineF(item.line).pointAt(0.4)              # between the leaf and spine rows

    def heat_colour_shown() -> bool:
        image = w.view.viewport().grab().toImage()
        c = pixel(w, image, middle)
        hot_colour = QColor(COLOURS[buckets[k]])
        return abs(c.red() - hot_colour.red()) + abs(c.green() - hot_colour.green()) + \
            abs(c.blue() - hot_colour.blue()) < 60

    assert heat_colour_shown()
    click_menu(qtbot, w, "View", "Dark theme")
    assert w.theme.name == "dark"
    assert layer.scene() is scene and layer.isVisible()
    assert heat_colour_shown()                            # still coloured after the theme switch
    background = w.view.viewport().grab().toImage().pixelColor(3, 3)
    assert background.lightness() < 80                    # and the canvas is dark
    layer.stop()


def test_a_click_a_few_pixels_off_a_thin_cable_picks_it(qtbot):
    w = open_window(qtbot, PROJECTS / "small-rocev2-pod.json", size=(1200, 800))
    w.view.resetTransform()
    scene = w.scene
    assert not scene.bundled
    link_id = next(lid for lid, link in w.editor.doc.links.items() if link.plane == "backend")
    line = scene.link_line(link_id)
    w.view.centerOn(line.pointAt(0.5))
    mid = view_point(w, (line.pointAt(0.5).x(), line.pointAt(0.5).y()))
    normal = QLineF(line).normalVector().unitVector()
    off = QPoint(round((normal.p2().x() - normal.p1().x()) * 4), round((normal.p2().y() - normal.p1().y()) * 4))
    click(w.view.viewport(), mid + off)                  # 4 px beside a 1.4 px line
    assert scene.chosen_links and scene.cable_at(w.view.mapToScene(mid + off), 1.0) in scene.chosen_links
    far = QPoint(off.x() * 5, off.y() * 5)               # 20 px away: nothing
    if scene.cable_at(w.view.mapToScene(mid + far), 1.0) is None:
        click(w.view.viewport(), mid + far)
        assert not scene.chosen_links


def test_a_wrapped_1024_gpu_fat_tree_fits_a_laptop_screen(qtbot, tmp_path):
    from designer.topology import auto_layout, generate
    doc = generate("fat-tree", gpus=1024, backend="rocev2")
    for nid, (x, y) in auto_layout(doc).items():
        doc.nodes[nid].x, doc.nodes[nid].y = x, y
    path = tmp_path / "ft1k.json"
    fileformat.save(doc, str(path))
    w = open_window(qtbot, path)
    window_key(qtbot, w, Qt.Key.Key_F)
    rect = w.scene.nodes_rect()
    shown = w.view.mapFromScene(rect).boundingRect()
    area = w.view.viewport().rect()
    # zoom to fit uses the canvas both ways (a strip used its width and a sixth of its height)
    assert shown.width() > 0.8 * area.width() or shown.height() > 0.8 * area.height()
    assert shown.height() > 0.5 * area.height()
