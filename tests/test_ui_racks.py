"""The Racks dock on the real window: it follows the document, Plan racks and Build settings are undoable,
a bad label rule is refused where it is typed."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication, QDialogButtonBox

from designer.catalog import load_catalog
from designer.model.build_settings import BuildSettings
from designer.model.document import FabricDocument
from designer.topology import generate
from designer.ui.build_settings_dialog import BuildSettingsDialog
from designer.ui.rack_view import (
    HEAD_H,
    MIN_FIT_SCALE,
    RACK_GAP,
    RACK_W,
    ROW_GAP,
    ROW_SIDE_GAP,
    SITE_H,
    U_PX,
    rows_in_lines,
)
from tests.ui_input import show_window

pytestmark = pytest.mark.gui
CAT = load_catalog()


@pytest.fixture
def window(qtbot):
    w = show_window(qtbot, FabricDocument(name="racks"), size=(1400, 900))
    w.racks.dock.raise_()
    return w


def _open(window, doc: FabricDocument) -> None:
    window.set_document(doc, None)
    window.racks.refresh()


def test_the_dock_draws_every_device_of_the_open_design(window):
    doc = generate("fat-tree", gpus=256, backend="ib", catalog=CAT)
    _open(window, doc)
    model = window.racks.model
    assert model is not None and model.saved
    assert set(doc.nodes) <= set(window.racks.view.boxes)
    assert len(model.racks) == len(doc.racks.racks)
    assert "plan saved" in window.racks.panel.summary.text()


def test_the_dock_follows_edits(window, qtbot):
    doc = generate("fat-tree", gpus=256, backend="ib", catalog=CAT)
    _open(window, doc)
    gone = next(n for n in doc.nodes if doc.nodes[n].kind == "server")
    window.editor.doc.remove_node(gone)
    qtbot.waitUntil(lambda: gone not in window.racks.view.boxes, timeout=5000)
    assert not window.racks.model.saved and "changed" in window.racks.panel.summary.text()


def test_plan_racks_is_one_undoable_command(window):
    doc = FabricDocument(name="hand drawn")
    small = generate("leaf-spine", gpus=64, backend="rocev2", catalog=CAT)
    for node in small.nodes.values():
        doc.add_node(node)
    for link in small.links.values():
        link.length_m = 20.0
        doc.add_link(link)
    _open(window, doc)
    assert window.editor.doc.racks is None and not window.racks.model.saved
    window.racks.plan_racks()
    planned = window.editor.doc
    assert planned.racks is not None and window.racks.model is not None
    lengths = {lk.length_m for lk in planned.links.values()}
    assert 20.0 not in lengths and len(lengths) > 1             # lengths now come from the positions
    window.editor.undo_stack.undo()
    assert planned.racks is None and {lk.length_m for lk in planned.links.values()} == {20.0}
    window.editor.undo_stack.redo()
    assert planned.racks is not None


def test_build_settings_change_replans_and_undoes(window, monkeypatch):
    doc = generate("fat-tree", gpus=256, backend="ib", catalog=CAT)
    _open(window, doc)
    before = len(window.editor.doc.racks.racks)

    class Accepting(BuildSettingsDialog):
        def exec(self) -> int:
            return 1

        def settings(self) -> BuildSettings:
            return BuildSettings(rack_power_kw=25.0)

    monkeypatch.setattr("designer.ui.rack_controller.BuildSettingsDialog", Accepting)
    window.racks.edit_settings()
    assert window.editor.doc.build.rack_power_kw == 25.0
    assert len(window.editor.doc.racks.racks) > before          # two servers per rack instead of four
    window.editor.undo_stack.undo()
    assert window.editor.doc.build.rack_power_kw == 45.0 and len(window.editor.doc.racks.racks) == before


def test_a_bad_label_rule_is_refused_where_it_is_typed(qtbot):
    dialog = BuildSettingsDialog(None, BuildSettings())
    qtbot.addWidget(dialog)
    ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    assert ok.isEnabled() and not dialog.rule_problem.text()
    dialog.rule.setText("{rack}-{colour}")
    assert not ok.isEnabled() and "colour" in dialog.rule_problem.text()
    dialog.rule.setText("{rack}-U{u:02d}")
    assert ok.isEnabled()
    assert dialog.settings().label_rule == "{rack}-U{u:02d}"


def test_the_first_row_fits_the_view_as_it_is_sized_until_the_user_zooms(window, qtbot):
    _open(window, generate("fat-tree", gpus=256, backend="ib", catalog=CAT))
    view = window.racks.view
    window.resizeDocks([window.racks.dock], [200], Qt.Orientation.Vertical)
    qtbot.waitUntil(lambda: view.viewport().height() < 200, timeout=3000)
    small = view.transform().m11()
    window.resizeDocks([window.racks.dock], [600], Qt.Orientation.Vertical)
    qtbot.waitUntil(lambda: view.transform().m11() > small, timeout=3000)    # refitted to the taller dock
    assert view.transform().m11() >= MIN_FIT_SCALE
    centre = QPointF(view.viewport().rect().center())
    QApplication.sendEvent(view.viewport(), QWheelEvent(centre, view.mapToGlobal(centre), QPoint(), QPoint(0, 120),
                                                        Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier,
                                                        Qt.ScrollPhase.NoScrollPhase, False))
    zoomed = view.transform().m11()
    assert not view.auto_fit and zoomed > small
    window.resizeDocks([window.racks.dock], [300], Qt.Orientation.Vertical)
    qtbot.wait(50)
    assert view.transform().m11() == zoomed                                     # the user's zoom is kept


def test_fit_puts_rows_side_by_side_in_a_wide_short_dock(window, qtbot):
    """A 1,024-GPU floor (several rows) in a dock along the bottom: Fit draws rows side by side, the whole floor in
    view and larger than the rows stacked would be; a taller dock goes back towards one row a line."""
    _open(window, generate("fat-tree", gpus=1024, backend="rocev2", catalog=CAT))
    view = window.racks.view
    rows = len(window.racks.model.rows)
    assert rows >= 2
    window.resizeDocks([window.racks.dock], [220], Qt.Orientation.Vertical)
    qtbot.waitUntil(lambda: view.viewport().height() < 220, timeout=3000)
    window.racks.panel.fit_button.click()
    assert len(view.lines) < rows and sorted(r for line in view.lines for r in line) == list(range(rows))
    whole = view.mapFromScene(view.scene().sceneRect()).boundingRect()
    assert view.viewport().rect().adjusted(-2, -2, 2, 2).contains(whole)             # the whole floor in view
    units = [max(c.units for c in row) for row in window.racks.model.rows]
    stacked = rows_in_lines([len(r) for r in window.racks.model.rows], units, 1.0, 1e9)
    assert stacked == [[r] for r in range(rows)]                                     # a tall view: one row a line
    stacked_w = max(len(r) for r in window.racks.model.rows) * (RACK_W + RACK_GAP)
    stacked_h = sum(HEAD_H + u * U_PX + ROW_GAP for u in units)
    assert view.transform().m11() > 1.5 * min(view.viewport().width() / stacked_w,
                                              view.viewport().height() / stacked_h)
    window.resizeDocks([window.racks.dock], [700], Qt.Orientation.Vertical)           # Fit holds as the dock grows
    qtbot.waitUntil(lambda: len(view.lines) > 1, timeout=3000)
    whole = view.mapFromScene(view.scene().sceneRect()).boundingRect()
    assert view.viewport().rect().adjusted(-2, -2, 2, 2).contains(whole)


def test_rows_in_lines_packs_to_the_view():
    assert rows_in_lines([], [], 100, 100) == []
    assert rows_in_lines([4, 4, 4], [42, 42, 42], 1e9, 1.0) == [[0, 1, 2]]         # very wide: one line
    assert rows_in_lines([4, 4, 4], [42, 42, 42], 1.0, 1e9) == [[0], [1], [2]]     # very tall: one row a line


def test_rows_in_lines_allows_for_the_site_headings():
    """Two rows of 4 racks in a view as wide as the two side by side and a little taller than the two stacked:
    stacked wins without headings; with a site's name above each row stacking costs two headings, and side by
    side (one heading) draws larger."""
    line_h = HEAD_H + 42 * U_PX + ROW_GAP
    wide = 8 * (RACK_W + RACK_GAP) + ROW_SIDE_GAP - RACK_GAP
    tall = 2 * line_h + SITE_H
    assert rows_in_lines([4, 4], [42, 42], wide, tall) == [[0], [1]]
    assert rows_in_lines([4, 4], [42, 42], wide, tall, {0, 1}) == [[0, 1]]


def test_fit_shows_every_floor_under_its_heading(window, qtbot):
    """A two-site design with a server of no site: Fit shows the whole drawing, "No site" above the last floor."""
    from PySide6.QtWidgets import QGraphicsSimpleTextItem

    from designer.i18n import render
    from designer.topology.cabling_fit import fit_cables_to_racks
    from designer.topology.two_site import TwoSiteOptions, generate_two_site
    doc = generate_two_site(TwoSiteOptions(16, 30, dci_links=4), CAT)
    doc.nodes["b-srv-002"].site = None
    fit_cables_to_racks(doc, CAT)
    _open(window, doc)
    view = window.racks.view
    window.racks.panel.fit_button.click()
    texts = {i.text() for i in view.scene().items() if isinstance(i, QGraphicsSimpleTextItem)}
    assert {s.display_name for s in doc.sites} | {render("racks.floor.no_site")} <= texts
    whole = view.mapFromScene(view.scene().sceneRect()).boundingRect()
    assert view.viewport().rect().adjusted(-2, -2, 2, 2).contains(whole)


def test_the_summary_counts_racks_and_rows_site_by_site(window):
    from designer.topology.cabling_fit import fit_cables_to_racks
    from designer.topology.two_site import TwoSiteOptions, generate_two_site
    doc = generate_two_site(TwoSiteOptions(16, 30, dci_links=4), CAT)
    fit_cables_to_racks(doc, CAT)
    _open(window, doc)
    model, text = window.racks.model, window.racks.panel.summary.text()
    assert len(model.floors) == 2 and text.startswith(f"{len(model.racks)} racks (")
    for floor in model.floors:
        racks, rows = len(model.racks_on(floor)), len(floor.rows)
        assert f"{model.heading(floor)}: {racks} rack{'s' * (racks > 1)} in {rows} row{'s' * (rows > 1)}" in text
    assert f"in {len(model.rows)} rows" not in text


def test_a_long_site_name_stops_short_of_the_next_sites_heading(window, qtbot):
    """Two sites' floors side by side in a wide, short dock: a site name wider than its floor is cut short with an
    ellipsis before the next site's heading (the whole name in its tooltip); the last heading on a line is whole."""
    from PySide6.QtWidgets import QGraphicsSimpleTextItem

    from designer.topology.cabling_fit import fit_cables_to_racks
    from designer.topology.two_site import TwoSiteOptions, generate_two_site
    doc = generate_two_site(TwoSiteOptions(16, 30, dci_links=4), CAT)
    long_name = "Frankfurt am Main, Hanauer Landstrasse data centre campus, building 7, hall C"
    doc.sites[0].name, doc.sites[1].name = long_name, "Offenbach"
    fit_cables_to_racks(doc, CAT)
    _open(window, doc)
    view = window.racks.view
    window.resizeDocks([window.racks.dock], [200], Qt.Orientation.Vertical)
    qtbot.waitUntil(lambda: view.viewport().height() < 200, timeout=3000)
    window.racks.panel.fit_button.click()
    assert any(len(line) > 1 for line in view.lines)                     # the two floors on one line
    heads = {i.toolTip() or i.text(): i for i in view.scene().items() if isinstance(i, QGraphicsSimpleTextItem)
             and i.font().bold()}
    first, second = heads[long_name], heads["Offenbach"]
    assert first.text() != long_name and first.text().endswith("…")
    assert first.pos().y() == second.pos().y()
    assert first.pos().x() + first.boundingRect().width() < second.pos().x()
    assert second.text() == "Offenbach" and not second.toolTip()
