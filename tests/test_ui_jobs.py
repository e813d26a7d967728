"""Jobs in the window: the Jobs dock's edits are undoable and saved, the servers' tint follows the document, a run
of the jobs plots one goodput curve per job, the dialog refuses bad values with a message, and a job alone shows
the slowdown the engine computes."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtWidgets import QDialog

from designer.model.fileformat import dumps, loads
from designer.model.jobs import Job
from designer.sim import SimOptions, run, stream
from designer.sim.interference import run_jobs
from designer.topology.generate import generate
from designer.ui.jobs_dialog import JobDialog
from designer.ui.jobs_dock import CLASS_COLUMN, SLOWDOWN_COLUMN
from designer.ui.main_window import MainWindow
from designer.ui.theme import job_colour
from tests.ui_input import press_button

JOBS = [Job("ring", "allreduce:1MiB", servers=["srv-001", "srv-002"]),
        Job("moe", "alltoall:1MiB", gpus=16, place="packed")]


@pytest.fixture
def window(qtbot):
    w = MainWindow(generate("leaf-spine", gpus=32, backend="rocev2", frontend=False))
    qtbot.addWidget(w)
    w.show()
    yield w
    w.jobs.shutdown()
    w.runs.shutdown()


def _names(w: MainWindow) -> list[str]:
    return [j.name for j in w.editor.doc.jobs]


def test_new_job_from_selection_add_and_delete_undo_redo_and_save(window):
    w, stack = window, window.editor.undo_stack
    w.scene.select_ids(["srv-003", "srv-004", "leaf-01"])     # the switch is no GPU server: left out
    assert w.jobs.new_from_selection("alltoall:1MiB")
    assert w.editor.doc.jobs == [Job("job-1", "alltoall:1MiB", servers=["srv-003", "srv-004"])]
    assert w.jobs.add(Job("ring", "allreduce:1MiB", gpus=8, place="spread"))
    w.jobs.delete(0)
    assert _names(w) == ["ring"]
    stack.undo()
    assert _names(w) == ["job-1", "ring"]
    stack.undo()
    stack.undo()
    assert w.editor.doc.jobs == []
    stack.redo()
    stack.redo()
    assert _names(w) == ["job-1", "ring"]
    assert loads(dumps(w.editor.doc)).jobs == w.editor.doc.jobs       # kept in the project file
    w.scene.clearSelection()
    assert not w.jobs.new_from_selection("alltoall:1MiB") and "Select GPU servers" in w.jobs.panel.message.text()


def test_deleting_a_server_takes_it_out_of_its_job_and_undo_puts_it_back(window):
    w = window
    w.jobs.add(Job("a", "allreduce:1MiB", servers=["srv-001", "srv-002"]))
    w.scene.select_ids(["srv-002"])
    w.editor.delete_selection()
    assert w.editor.doc.jobs[0].servers == ["srv-001"]
    loads(dumps(w.editor.doc))                            # the file still opens
    w.editor.undo_stack.undo()
    assert w.editor.doc.jobs[0].servers == ["srv-001", "srv-002"] and "srv-002" in w.editor.doc.nodes


def test_tint_and_dock_follow_the_document(window):
    w = window
    w.jobs.set_jobs(JOBS, "two jobs")
    w.jobs.refresh()
    layer = w.jobs.tint()
    ring, moe = job_colour(0).name(), job_colour(1).name()
    # srv-001 and -002 are the ring's; moe takes the next free GPUs leaf by leaf: srv-003 and srv-004
    assert layer.colours_of("srv-001") == [ring] and layer.colours_of("srv-004") == [moe]
    assert layer.servers["srv-003"] == [(1, 8)] and "leaf-01" not in layer.servers
    table = w.jobs.panel.table
    assert [table.item(r, 0).text() for r in range(2)] == ["ring", "moe"]
    assert [table.item(r, 2).text() for r in range(2)] == ["16", "16"]
    # two jobs on one server: both colours, side by side
    w.jobs.set_jobs([Job("a", "allreduce:1MiB", gpus=4, place="packed"),
                     Job("b", "alltoall:1MiB", gpus=4, place="packed")], "share a server")
    w.jobs.refresh()
    assert layer.colours_of("srv-001") == [ring, moe]
    w.editor.undo_stack.undo()
    w.jobs.refresh()
    assert layer.colours_of("srv-001") == [ring]


BAD_FIELDS = [
    ({"name": ""}, "Name: a job needs a name"),
    ({"name": "moe"}, "another job is called 'moe'"),
    ({"workload": "allreduce:lots"}, "Workload:"),
    ({"workload": "allreduce:1MiB:gpus=8"}, "own fields"),
    ({"place": "packed", "gpus": 0}, "GPUs: say how many"),
    ({"place": "packed", "gpus": 1000}, "Placement:"),
    ({"place": "servers", "servers": "leaf-01"}, "not a GPU server"),
    ({"start": "soon"}, "Workload:"),
    ({"place": "random", "seed": "x"}, "Random seed:"),
]


def test_the_dialog_refuses_bad_values_with_a_message_and_keeps_them(window):
    w = window
    w.jobs.set_jobs([JOBS[0], Job("moe", "alltoall:1MiB", gpus=8, place="packed")], "two jobs")
    for fields, words in BAD_FIELDS:
        _refused(w, fields, words)


def test_the_dialog_shows_servers_as_ranges_and_gives_them_back(qtbot):
    servers = ["srv-001", "srv-002", "srv-003", "srv-004"]
    dialog = JobDialog(None, Job("a", "allreduce:1MiB", servers=servers), servers, set(), "Edit job")
    qtbot.addWidget(dialog)
    assert dialog.servers.text() == "srv-001..srv-004"
    dialog.servers.setText("srv-003, srv-001..srv-002")
    dialog.accept()
    assert dialog.job() == Job("a", "allreduce:1MiB", servers=["srv-003", "srv-001", "srv-002"])


def _refused(w: MainWindow, fields: dict, words: str) -> None:
    dialog = JobDialog(w, Job("new", "allreduce:1MiB", gpus=8, place="packed"), w.jobs._gpu_servers(),
                       {"ring", "moe"}, "New job")
    dialog.place_check = lambda job: w.jobs._placement_problem(job, None)
    for key, value in fields.items():
        widget = getattr(dialog, key)
        if key == "place":
            widget.setCurrentIndex(widget.findData(value))
        elif key == "gpus":
            widget.setValue(value)
        else:
            widget.setText(value)
    dialog.accept()
    assert dialog.result() != QDialog.DialogCode.Accepted and dialog.job() is None, fields
    assert words in dialog.problem.text(), (fields, dialog.problem.text())
    if "name" in fields:
        assert dialog.name.text() == fields["name"]          # nothing typed is lost
    dialog.name.setText("fine")
    dialog.workload.setText("allreduce:1MiB")
    dialog.start.setText("")
    dialog.gpus.setValue(8)                                     # 16 + 8 of the 32 GPUs are taken
    dialog.place.setCurrentIndex(dialog.place.findData("packed"))
    dialog.seed.setText("")
    dialog.accept()
    assert dialog.problem.text() == "" and dialog.job() == Job("fine", "allreduce:1MiB", gpus=8, place="packed")


def test_run_runs_the_jobs_together_and_plots_one_curve_per_job(window, monkeypatch):
    w = window
    w.jobs.set_jobs(JOBS, "two jobs")
    w.jobs.refresh()
    started = []
    monkeypatch.setattr(w.runs.runner, "start", lambda doc, specs, *a, **k: started.append(specs) or 1)
    w.runs.panel_dock.show()
    press_button(w.runs.panel.run_button)
    specs = [j.spec() for j in JOBS]
    assert started == [specs]
    # the engine's stream of those jobs, handed to the window as the simulation process would
    snaps = list(stream(w.editor.doc, specs, SimOptions(snapshot_count=20)))
    for snap in snaps[:-1]:
        w.runs._on_snapshot(snap)
    w.runs._on_finished(snaps[-1].result)
    jobs = w.runs.plots.jobs
    assert jobs.names == ["ring", "moe"] and [c.opts["pen"].color().name() for c in jobs.curves] == [
        job_colour(0).name(), job_colour(1).name()]
    per_job = jobs.series(w.runs.plots.n)
    assert per_job.shape == (2, len(snaps) - 1) and (per_job.max(axis=1) > 0).all()
    total = w.runs.plots.series("throughput_gbps")[1]
    assert per_job.sum(axis=0) == pytest.approx(total, rel=1e-9)      # the jobs' curves add up to the goodput
    assert len(jobs.curves[0].xData) == w.runs.plots.n
    # the jobs go by their names, not by their long specs
    assert [bar.label for bar in w.runs.plots.chart.rows[:2]] == ["ring", "moe"]
    assert w.runs.panel.message.text() == "Done: ring, moe"
    assert "Algorithm (ring)" in w.runs.panel.figures.text() and "srv-001" not in w.runs.panel.figures.text()
    # the heat-map of one job: only the cables its flows cross keep a colour
    crossed = {w.runs.last_snapshot.link_ids[k] for k in snaps[0].extra["job_links"][0].tolist()}
    assert crossed and set(crossed) < set(w.editor.doc.links)

    def others_coloured() -> list[str]:
        layer = w.runs.heatmap()
        return [lid for lid, u in zip(layer.link_ids, layer.util, strict=True) if u > 0 and lid not in crossed]

    w.runs._on_snapshot(snaps[0])           # a moment when both jobs' cables carry traffic
    w.runs._paint_heatmap()
    assert others_coloured()
    w.jobs.panel.heat_job.setCurrentIndex(w.jobs.panel.heat_job.findData(0))
    assert not others_coloured()
    assert w.runs.heat_job == 0
    layer = w.runs.heatmap()            # the cables coloured by that job's own utilisation, not by all traffic
    own = dict(zip(snaps[0].link_ids, snaps[0].extra["job_link_utilization"][0], strict=True))
    assert [u for lid, u in zip(layer.link_ids, layer.util, strict=True) if lid in crossed] == pytest.approx(
        [own[lid] for lid in layer.link_ids if lid in crossed])


def test_a_job_alone_shows_the_slowdown_the_engine_computes(window):
    w = window
    w.jobs.set_jobs(JOBS, "two jobs")
    specs = [j.spec() for j in JOBS]
    reference = run_jobs(w.editor.doc, specs).data["jobs"]["rows"][1]
    w.runs.last_result = run(w.editor.doc, specs)
    w.runs.workloads, w.runs.seed, w.runs.backend = specs, 1, None
    w.jobs.alone_job = (1, "moe", (specs, 1, None))
    w.jobs._on_alone_finished(run(w.editor.doc, specs, SimOptions(only_job=1, ideal_pass=False)))
    assert f"×{reference['slowdown']:.2f}" in w.jobs.panel.table.item(1, SLOWDOWN_COLUMN).text()
    assert "'moe' alone" in w.jobs.panel.message.text()


def test_the_class_field_sets_the_jobs_traffic_class_undoably(window, qtbot):
    w = window
    w.jobs.set_jobs(JOBS, "two jobs")
    w.jobs.refresh()
    assert w.jobs.panel.table.isColumnHidden(CLASS_COLUMN)          # every job in the shared class
    dialog = JobDialog(w, w.editor.doc.jobs[1], w.jobs._gpu_servers(), {"ring"}, "Edit job")
    qtbot.addWidget(dialog)
    assert dialog.tc.currentData() == 0 and "tc" not in dialog.raw()          # the shared class by default
    dialog.tc.setCurrentIndex(dialog.tc.findData(3))
    dialog.accept()
    edited = dialog.job()
    assert edited is not None and edited.tc == 3 and edited.spec().endswith(":tc=3")
    assert w.jobs.edit(1, edited)
    w.jobs.refresh()
    table = w.jobs.panel.table
    assert [table.item(r, CLASS_COLUMN).text() for r in range(2)] == ["0", "3"]
    assert not table.isColumnHidden(CLASS_COLUMN)
    assert loads(dumps(w.editor.doc)).jobs[1].tc == 3
    again = JobDialog(w, w.editor.doc.jobs[1], w.jobs._gpu_servers(), {"ring"}, "Edit job")
    qtbot.addWidget(again)
    assert again.tc.currentData() == 3
    w.editor.undo_stack.undo()
    assert w.editor.doc.jobs[1].tc is None


POD_JOBS = ["incast:16:16MiB:servers=srv-001,srv-005..srv-006",
            "allreduce:16MiB:algo=ring:servers=srv-002..srv-003,srv-007..srv-008:tc=1"]


def test_the_heat_map_of_a_job_in_its_own_class_dashes_only_its_class_pauses(qtbot):
    doc = generate("fat-tree", gpus=64, backend="rocev2", frontend=False, two_tiers=True)
    w = MainWindow(doc)
    qtbot.addWidget(w)
    snaps = list(stream(doc, POD_JOBS, SimOptions(snapshot_count=12)))[:-1]
    for snap in snaps:
        w.runs._on_snapshot(snap)
    w.runs._drain()
    ring = set(w.runs.job_links[1].tolist())
    busiest = max(snaps, key=lambda s: int(s.extra["link_paused"][list(ring)].sum()))
    w.runs._on_snapshot(busiest)

    def dashed() -> set[int]:
        w.runs._heat_dirty = True
        w.runs._paint_heatmap()
        return set(np.flatnonzero(w.runs.heatmap().paused).tolist())

    everyone = dashed()                                   # all traffic: every paused cable
    assert everyone & ring
    w.runs.set_heat_job(1)                                # the ring in its own class: none of its cables held
    assert dashed() == set()
    w.runs.set_heat_job(0)                                # the incast: its class's pauses on its cables
    assert dashed() == everyone & set(w.runs.job_links[0].tolist()) != set()
    w.runs.shutdown()
