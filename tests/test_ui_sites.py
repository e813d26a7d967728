"""The editor draws each site of a multi-site design as a box around its nodes, with the long-haul bundle's figures."""

from __future__ import annotations

from PySide6.QtWidgets import QGraphicsRectItem, QGraphicsSimpleTextItem

from designer.topology.two_site import TwoSiteOptions, generate_two_site
from designer.ui.scene import FabricScene
from designer.ui.theme import Theme, light_palette


def test_sites_are_boxes_around_their_nodes_with_the_bundle_between(qtbot) -> None:
    doc = generate_two_site(TwoSiteOptions(gpus_per_site=16, distance_km=100, dci_links=2))
    scene = FabricScene(doc, Theme.from_palette(light_palette(), "light"))
    boxes = [i for i in scene.site_boxes.items if isinstance(i, QGraphicsRectItem)]
    texts = [i.text() for i in scene.site_boxes.items if isinstance(i, QGraphicsSimpleTextItem)]
    assert len(boxes) == 2
    assert "Site A · 16 GPUs" in texts and "long-haul: 2 × 400 Gb/s · 100 km · 0.5 ms one way" in texts
    a_box = boxes[0].rect()
    for node in doc.nodes.values():
        inside = a_box.contains(scene.node_items[node.id].sceneBoundingRect())
        assert inside == (node.site == "a"), node.id
    # moving a node of site A out to the right stretches its box after it
    doc.move_nodes({"a-dci1": (a_box.right() + 500, a_box.bottom())})
    grown = next(i for i in scene.site_boxes.items if isinstance(i, QGraphicsRectItem)).rect()
    assert grown.right() > a_box.right() + 400


def test_copies_across_sites_are_offered_only_in_a_design_of_two_sites(qtbot) -> None:
    """In one site "Replication to the other site" ran into an error; it is greyed there, saying why, and offered
    once the design has two sites."""
    from designer.ui.app import PROJECTS
    from tests.ui_input import show_window

    w = show_window(qtbot, path=PROJECTS / "small-rocev2-pod.json")
    panel = w.runs.panel
    rows = {panel.kind.itemData(i): i for i in range(panel.kind.count())}
    item = panel.kind.model().item
    assert not item(rows["replicate"]).isEnabled() and not item(rows["checkpoint"]).isEnabled()
    assert "two sites" in panel.kind.itemData(rows["replicate"], 3)             # its tooltip says why
    assert item(rows["allreduce"]).isEnabled()
    two = generate_two_site(TwoSiteOptions(gpus_per_site=16, distance_km=100, dci_links=2))
    w.editor.doc.set_sites(two.sites, two.long_haul)
    assert item(rows["replicate"]).isEnabled() and panel.kind.itemData(rows["replicate"], 3) is None
    panel.kind.setCurrentIndex(rows["checkpoint"])
    w.editor.doc.set_sites([], [])                                              # back to one site
    assert panel.current_kind() == "allreduce" and not item(rows["checkpoint"]).isEnabled()


def test_where_a_jobs_parts_stand_across_sites_is_offered_in_two_sites_and_runs(qtbot) -> None:
    """Training in a design of two sites: where the pipeline stages stand and how data parallelism crosses the sites
    are on the Run form (hidden in one site), reach the workload spec and run; inference asks where its clients
    are."""
    from designer.sim import SimOptions, run
    from designer.ui.app import PROJECTS
    from tests.ui_input import choose, show_window

    w = show_window(qtbot, path=PROJECTS / "small-rocev2-pod.json")
    panel = w.runs.panel
    w.runs.panel_dock.show()
    w.runs.panel_dock.raise_()
    qtbot.waitUntil(panel.kind.isVisible)
    choose(qtbot, panel.kind, "Training step")
    assert not panel.pp_sites.isVisible() and not panel.dp_sites.isVisible()
    w.set_document(generate_two_site(TwoSiteOptions(gpus_per_site=16, distance_km=100, dci_links=2)), None)
    qtbot.waitUntil(panel.pp_sites.isVisible)
    assert panel.dp_sites.isVisible() and not panel.clients.isVisible()
    assert "sites" not in panel.workload_spec()                             # the engine's defaults until chosen
    panel.tp.setValue(8)
    panel.pp.setValue(2)
    choose(qtbot, panel.pp_sites, "Each pipeline inside one site")
    choose(qtbot, panel.dp_sites, "Hierarchical: inside each site, then across")
    spec = panel.workload_spec()
    assert "pp_across_sites=off" in spec and "dp_across_sites=hier" in spec
    entry = run(w.editor.doc, [spec], SimOptions(ideal_pass=False)).data["workloads"][0]
    assert entry["kind"] == "train" and entry["step_time_s"] > 0
    choose(qtbot, panel.kind, "Inference")
    assert panel.clients.isVisible() and not panel.pp_sites.isVisible()
    choose(qtbot, panel.clients, "In another site")
    assert "clients=remote" in panel.workload_spec()


def test_a_long_site_name_is_cut_short_over_its_box_and_whole_in_the_tooltip(qtbot) -> None:
    """The site's tag keeps its size on screen: zoomed out, a name wider than its box ran into the next site's tag.
    It is cut short with an ellipsis to the box's width on screen (the GPU count kept), whole once zoomed in, and
    the whole tag is the tooltip; a view draws it (painting runs)."""
    from PySide6.QtWidgets import QGraphicsView

    doc = generate_two_site(TwoSiteOptions(gpus_per_site=16, distance_km=100, dci_links=2))
    doc.sites[0].name = "Frankfurt am Main, Hanauer Landstrasse data centre campus, building 7, hall C"
    scene = FabricScene(doc, Theme.from_palette(light_palette(), "light"))
    tags = [i for i in scene.site_boxes.items if hasattr(i, "shown_text")]
    long_tag = next(t for t in tags if t.name == doc.sites[0].name)
    whole = f"{doc.sites[0].name} · 16 GPUs"
    assert long_tag.toolTip() == whole
    small = long_tag.shown_text(0.5)
    assert small != whole and small.endswith("… · 16 GPUs") and small.startswith("Frankfurt")
    assert long_tag.shown_text(20.0) == whole
    short_tag = next(t for t in tags if t is not long_tag)
    assert short_tag.shown_text(0.5) == short_tag.text() == "Site B · 16 GPUs"
    view = QGraphicsView(scene)
    qtbot.addWidget(view)
    view.scale(0.5, 0.5)
    view.resize(800, 600)
    assert not view.grab().isNull()
