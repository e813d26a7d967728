"""A large design's summary and checks run in a process of their own (designer/ui/design_summary.py): the status
bar says they are on their way, then shows what a direct summary gives, for the design as saved and as edited."""

from __future__ import annotations

from designer.ui import design_summary, main_window
from designer.ui.app import PROJECTS
from designer.ui.design_summary import summarise
from tests.ui_input import show_window


def test_checks_of_a_large_design_come_from_the_summary_process(qtbot, monkeypatch):
    monkeypatch.setattr(main_window, "BACKGROUND_LINKS", 10)          # the pod counts as large here
    # at the window's priority: under a suite on every core, a process at niceness 10 waited past the deadline
    monkeypatch.setattr(design_summary, "SUMMARY_NICENESS", 0)
    w = show_window(qtbot, path=PROJECTS / "small-rocev2-pod.json")
    w.refresh_summary()
    assert "checking" in w.summary_label.full_text()
    assert w.wait_for_summary(120)
    direct = summarise(w.editor.doc, w.catalog)
    assert w.summary is not None and w.summary.status_text() == direct.status_text()
    assert len(w.summary.findings) == len(direct.findings)
    # edited and unsaved: the process summarises the document in memory, not the file
    link = next(iter(w.editor.doc.links))
    w.scene.select_ids(links=[link])
    w.editor.delete_selection()
    w.refresh_summary()
    assert w.wait_for_summary(120)
    assert w.summary.links == len(w.editor.doc.links) == direct.links - 1
    assert w.summary.status_text() == summarise(w.editor.doc, w.catalog).status_text()
