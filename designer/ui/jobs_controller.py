"""Jobs in the window: the Jobs dock, its undoable edits, the servers tinted by job, and "what if this job ran
alone".

Every edit of the jobs is a SetJobsCommand on the document. Where the jobs run (designer/sim/job_layout.py) is
worked out again shortly after the design or its jobs change, and shown by the dock (GPUs per job) and the tint
layer. The jobs run together through the Run panel (its "Run the design's jobs" choice, the engine path of
`simulate --jobs`); a job alone runs in a second simulation process where the whole list places it, and its
slowdown (designer/sim/interference.py) is its time together over its time alone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import shiboken6
from PySide6.QtCore import QObject, Qt, QTimer, Slot
from PySide6.QtWidgets import QDialog

from designer.model.jobs import Job
from designer.sim.interference import slowdown
from designer.sim.job_layout import JobLayout, job_layout, jobs_problem
from designer.ui.commands import SetJobsCommand
from designer.ui.job_tint import JobTintLayer
from designer.ui.jobs_dialog import JobDialog
from designer.ui.jobs_dock import JobsDock
from designer.ui.plot_style import with_unit
from designer.ui.sim_worker import SimRunner

if TYPE_CHECKING:                      # the window imports this module
    from designer.ui.main_window import MainWindow

LAYOUT_DELAY_MS = 200       # placement is worked out again this long after the last change
DEFAULT_WORKLOAD = "allreduce:256MiB"
RIGHT_SIDE_PX = 380


class JobsController(QObject):
    """Owns the Jobs dock, the tint layer and the alone runs of one MainWindow (built after its RunController)."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.panel = JobsDock()
        self.dock = window.add_dock(self.tr("Jobs"), self.panel, Qt.DockWidgetArea.RightDockWidgetArea, "jobs",
                                    scroll=True)
        window.tabifyDockWidget(window.inspector_dock, self.dock)
        window.inspector_dock.raise_()
        # a fifth tab: the right side widens so that the tabs' names and the jobs table fit
        window.resizeDocks([window.inspector_dock], [RIGHT_SIDE_PX], Qt.Orientation.Horizontal)
        self.layout = JobLayout()
        self.layer: JobTintLayer | None = None
        self.slowdowns: dict[str, tuple[str, str]] = {}     # job name -> the last comparison's ratio, and its times
        self.alone_runner = SimRunner(self)
        self.alone_job: tuple[int, str, tuple] | None = None     # index, name, the together run it compares with
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(LAYOUT_DELAY_MS)
        self.timer.timeout.connect(self.refresh)
        self._connect()
        self.refresh()

    def _connect(self) -> None:
        p = self.panel
        p.add_requested.connect(lambda: self.add())
        p.edit_requested.connect(lambda row: self.edit(row))
        p.delete_requested.connect(self.delete)
        p.from_selection_requested.connect(lambda: self.new_from_selection())
        p.run_requested.connect(self.run_together)
        p.alone_requested.connect(self.run_alone)
        p.heat_job_chosen.connect(self.window.runs.set_heat_job)
        self.window.scene.document_changed.connect(self._on_document_changed)
        self.alone_runner.finished.connect(self._on_alone_finished)
        self.alone_runner.failed.connect(lambda text: self.panel.show_message(text, error=True))

    @property
    def doc(self):
        return self.window.editor.doc

    def names(self) -> list[str]:
        return [j.name for j in self.doc.jobs]

    # ---- the view ------------------------------------------------------------------------------
    @Slot(object)
    def _on_document_changed(self, changes: list) -> None:
        if any(c.kind in ("node", "link", "segment") or c.id in ("jobs", "replaced") for c in changes):
            if any(c.id in ("jobs", "replaced") for c in changes):
                self.slowdowns = {}
            self.timer.start()

    @Slot()
    def refresh(self) -> None:
        """Place the jobs again and show them: the dock's table, the tint of the servers, the Run panel's choice."""
        self.timer.stop()
        self.layout = job_layout(self.doc, seed=self.window.runs.panel.seed.value())
        self.panel.show_jobs(self.doc.jobs, self._gpus(), self.slowdowns)
        self.tint().set_layout(self.layout.servers)
        self.window.runs.panel.set_jobs([j.spec() for j in self.doc.jobs])
        if self.layout.problem:
            self.panel.show_message(self.tr("The jobs cannot be placed as they stand: {0}").format(
                self.layout.problem), error=True)
        elif not self.alone_runner.running:
            self.panel.show_message("" if self.doc.jobs else self.tr(
                "No jobs yet: select servers on the canvas and press New from selection, or Add…"))

    def tint(self) -> JobTintLayer:
        """The canvas tint layer (made again when the scene was rebuilt and deleted it)."""
        scene = self.window.scene
        if self.layer is None or not shiboken6.isValid(self.layer) or self.layer.scene() is not scene:
            self.layer = JobTintLayer(scene)
            scene.addItem(self.layer)
        return self.layer

    # ---- edits ---------------------------------------------------------------------------------
    def _gpu_servers(self) -> list[str]:
        return [n.id for n in self.doc.nodes.values() if n.kind == "server" and n.gpus > 0]

    def _ask(self, job: Job, index: int | None, title: str) -> Job | None:
        others = {j.name for k, j in enumerate(self.doc.jobs) if k != index}
        dialog = JobDialog(self.window, job, self._gpu_servers(), others, title)
        dialog.place_check = lambda new: self._placement_problem(new, index)
        return dialog.job() if dialog.exec() == QDialog.DialogCode.Accepted else None

    def _placement_problem(self, job: Job, index: int | None) -> str:
        """Why the job list with this job in it cannot be placed ("" when it can)."""
        jobs = list(self.doc.jobs)
        if index is None:
            jobs.append(job)
        else:
            jobs[index] = job
        return jobs_problem(self.doc, jobs, self.window.runs.panel.seed.value())

    def _new_name(self) -> str:
        taken, n = set(self.names()), len(self.doc.jobs) + 1
        while f"job-{n}" in taken:
            n += 1
        return f"job-{n}"

    def set_jobs(self, jobs: list[Job], text: str) -> None:
        self.window.editor.undo_stack.push(SetJobsCommand(self.doc, jobs, text))

    def add(self, job: Job | None = None) -> bool:
        """Add a job (asked for in the dialog when none is given); True when one was added."""
        job = job or self._ask(Job(self._new_name(), DEFAULT_WORKLOAD, gpus=8, place="packed"), None,
                               self.tr("New job"))
        if job is None:
            return False
        self.set_jobs([*self.doc.jobs, job], self.tr("New job '{0}'").format(job.name))
        return True

    def edit(self, row: int, job: Job | None = None) -> bool:
        if not 0 <= row < len(self.doc.jobs):
            return False
        job = job or self._ask(self.doc.jobs[row], row, self.tr("Edit job"))
        if job is None:
            return False
        jobs = list(self.doc.jobs)
        jobs[row] = job
        self.set_jobs(jobs, self.tr("Edit job '{0}'").format(job.name))
        return True

    @Slot(int)
    def delete(self, row: int) -> None:
        if 0 <= row < len(self.doc.jobs):
            name = self.doc.jobs[row].name
            self.set_jobs([j for k, j in enumerate(self.doc.jobs) if k != row],
                          self.tr("Delete job '{0}'").format(name))

    def new_from_selection(self, workload: str | None = None) -> bool:
        """A new job on the GPUs of the selected servers: asked for in the dialog (with them filled in), or made at
        once with `workload`."""
        nodes, _links, _segments = self.window.scene.selected_ids()
        servers = [n for n in self._gpu_servers() if n in set(nodes)]
        if not servers:
            self.panel.show_message(self.tr("Select GPU servers on the canvas first"), error=True)
            self.window.show_message(self.tr("Select GPU servers on the canvas first"), True)
            return False
        job = Job(self._new_name(), workload or DEFAULT_WORKLOAD, servers=servers)
        if workload is None:
            asked = self._ask(job, None, self.tr("New job on {0} servers").format(len(servers)))
            return asked is not None and self.add(asked)
        return self.add(job)

    # ---- runs ----------------------------------------------------------------------------------
    @Slot()
    def run_together(self) -> None:
        """Run every job at once (the Run panel's form is set to the design's jobs)."""
        runs = self.window.runs
        runs.panel.use_jobs.setChecked(True)
        runs.run_from_panel()
        self.dock.raise_()              # the jobs, their colours and (later) their slowdowns beside the plots

    @Slot(int)
    def run_alone(self, row: int) -> None:
        """Run job `row` alone where the whole list places it, to compare with the last run of them together."""
        runs = self.window.runs
        specs = [j.spec() for j in self.doc.jobs]
        together = runs.last_result
        if not 0 <= row < len(specs):
            return
        if together is None or runs.workloads != specs or len(specs) < 2:
            self.panel.show_message(self.tr("Run the jobs together first (▶ Run jobs together), then ask what "
                                            "one of them would do alone"), error=True)
            return
        name = self.doc.jobs[row].name
        self.alone_job = (row, name, (list(specs), runs.seed, runs.backend))
        self.alone_runner.start(self.doc, specs, runs.seed, runs.backend, only_job=row)
        self.panel.show_message(self.tr("Running '{0}' alone on its own GPUs…").format(name))

    @Slot(object)
    def _on_alone_finished(self, result) -> None:
        runs = self.window.runs
        if self.alone_job is None or runs.last_result is None:
            return
        row, name, (specs, seed, backend) = self.alone_job
        self.alone_job = None
        if (runs.workloads, runs.seed, runs.backend) != (specs, seed, backend):
            self.panel.show_message(self.tr("The jobs ran again meanwhile: ask again"), error=True)
            return
        mine, own = runs.last_result.data["workloads"][row], result.data["workloads"][row]
        self.show_comparison(name, mine, own)

    def show_comparison(self, name: str, together: dict, alone: dict) -> None:
        """A job's time alone and together, and the slowdown, in the dock's table and its message line."""
        ratio = slowdown(together, alone)
        key = "step_time_s" if together.get("step_time_s") and alone.get("step_time_s") else "completion_time_s"
        t_ms, a_ms = (float(x.get(key) or 0.0) * 1e3 for x in (together, alone))
        self.slowdowns[name] = (f"×{ratio:.2f}" if ratio else "-", self.tr("alone {0} → together {1}").format(
            with_unit(a_ms, "ms"), with_unit(t_ms, "ms")))
        self.panel.show_jobs(self.doc.jobs, self._gpus(), self.slowdowns)
        what = self.tr("step time") if key == "step_time_s" else self.tr("completion time")
        self.panel.show_message(self.tr("'{0}' alone: {1} {2}; with the other jobs: {3}, {4:.2f}× as long").format(
            name, what, with_unit(a_ms, "ms"), with_unit(t_ms, "ms"), ratio or 0.0))

    def _gpus(self) -> dict[int, int]:
        out: dict[int, int] = {}
        for shares in self.layout.servers.values():
            for k, n in shares:
                out[k] = out.get(k, 0) + n
        return out

    def shutdown(self) -> None:
        self.timer.stop()
        self.alone_runner.shutdown()

