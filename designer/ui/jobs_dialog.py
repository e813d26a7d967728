"""Add or edit one job: its name, workload, start time, traffic class and where it runs (a placement rule with a GPU
count, or a set of servers). OK checks every field as the project file does (designer/model/jobs.py) and the
workload as the simulator's grammar does; a bad value is named in the dialog, which stays open with what was
typed."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QT_TRANSLATE_NOOP, Slot
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QWidget,
)

from designer.i18n.message import text_of
from designer.model.jobs import DEFAULT_CLASS, MAX_JOB_GPUS, N_CLASSES, PLACEMENTS, Job, jobs_from_raw
from designer.sim.workload_spec import WorkloadError, numbered_id, parse_workloads, server_ranges

ON_SERVERS = "servers"
EVERY_GPU = "all"
PLACE_NAMES = {"packed": QT_TRANSLATE_NOOP("JobDialog", "Packed (leaf by leaf)"),
               "spread": QT_TRANSLATE_NOOP("JobDialog", "Spread (across leaves)"),
               "random": QT_TRANSLATE_NOOP("JobDialog", "Random"),
               "rail-aligned": QT_TRANSLATE_NOOP("JobDialog", "Rail-aligned (whole servers)"),
               ON_SERVERS: QT_TRANSLATE_NOOP("JobDialog", "On these servers"),
               EVERY_GPU: QT_TRANSLATE_NOOP("JobDialog", "Every GPU of the design")}


def split_start(workload: str) -> tuple[str, str]:
    """(the workload without its start= option, the start time's text or "")."""
    parts = workload.split(":")
    start = [p.partition("=")[2] for p in parts if p.partition("=")[0].strip().lower() == "start"]
    rest = [p for p in parts if p.partition("=")[0].strip().lower() != "start"]
    return ":".join(rest), (start[0].strip() if start else "")


def expand_servers(text: str, gpu_servers: list[str]) -> list[str]:
    """Server ids from 'srv-001..srv-004, srv-009' (ranges by their number, in the design's order); an id that is no
    GPU server is kept as typed, for the check to name."""
    out: list[str] = []
    for first, last in server_ranges(text) if text.strip() else []:
        if first == last:
            out.append(first)
            continue
        a, b = numbered_id(first), numbered_id(last)
        inside = [s for s in gpu_servers if a and b and (own := numbered_id(s)) and own[0] == a[0]
                  and a[1] <= own[1] <= b[1]]
        out += inside or [first, last]
    return list(dict.fromkeys(out))


def compact_servers(servers: list[str], gpu_servers: list[str]) -> str:
    """Server ids as the field shows them: runs of consecutive servers of the design as ranges
    ("srv-001..srv-004, srv-009"), so that a job on many servers reads at a glance (`expand_servers` undoes it)."""
    order = {sid: k for k, sid in enumerate(gpu_servers)}
    runs: list[list[str]] = []
    for sid in servers:
        last = runs[-1][-1] if runs else None
        if last is not None and sid in order and last in order and order[sid] == order[last] + 1 and \
                _same_prefix(last, sid):
            runs[-1].append(sid)
        else:
            runs.append([sid])
    return ", ".join(r[0] if len(r) == 1 else f"{r[0]}..{r[-1]}" for r in runs)


def _same_prefix(a: str, b: str) -> bool:
    """Whether two ids are numbered in one series ("srv-003", "srv-004"), so a range of them means both."""
    na, nb = numbered_id(a), numbered_id(b)
    return na is not None and nb is not None and na[0] == nb[0] and nb[1] == na[1] + 1


class JobDialog(QDialog):
    """One job's fields; `job()` is the checked job once the dialog was accepted."""

    def __init__(self, parent: QWidget | None, job: Job, gpu_servers: list[str], other_names: set[str],
                 title: str) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.setMinimumWidth(460)
        self.gpu_servers, self.other_names = gpu_servers, other_names
        self._checked: Job | None = None
        self.place_check: Callable[[Job], str] | None = None     # why the job list with this job cannot be placed
        self._fields(job)
        form = QFormLayout(self)
        for label, widget in ((self.tr("Name"), self.name), (self.tr("Workload"), self.workload),
                              (self.tr("Start at"), self.start), (self.tr("Traffic class"), self.tc),
                              (self.tr("Placement"), self.place),
                              (self.tr("GPUs"), self.gpus), (self.tr("Servers"), self.servers),
                              (self.tr("Random seed"), self.seed)):
            form.addRow(label, widget)
        self.problem = QLabel()
        self.problem.setObjectName("job_problem")
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet("color: #c0392b;")
        form.addRow(self.problem)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        self.form = form
        self._show_rows()

    def _fields(self, job: Job) -> None:
        workload, start = split_start(job.workload)
        self.name = QLineEdit(job.name)
        self.workload = QLineEdit(workload)
        self.workload.setPlaceholderText("allreduce:1GiB")
        self.workload.setToolTip(self.tr("The workload as the command line writes it, e.g. allreduce:1GiB, "
                                         "alltoall:64MiB, train:70b:tp=8:pp=4, incast:16:64MiB"))
        self.start = QLineEdit(start)
        self.start.setPlaceholderText(self.tr("at once (e.g. 2ms)"))
        self.tc = QComboBox()
        self.tc.setObjectName("job_tc")
        for tc in range(N_CLASSES):
            self.tc.addItem(self.tr("{0} (shared by default)").format(tc) if tc == DEFAULT_CLASS else str(tc), tc)
        self.tc.setCurrentIndex(self.tc.findData(job.tc if job.tc is not None else DEFAULT_CLASS))
        self.tc.setToolTip(self.tr("The job's traffic class. RoCEv2: the Ethernet priority its packets carry, paused "
                                   "by PFC on its own (8 priorities). InfiniBand: its service level and virtual lane "
                                   "(up to the segment's virtual lanes), with credits of its own. Jobs in different "
                                   "classes do not pause each other; they share each link equally."))
        self.place = QComboBox()
        for key in (*PLACEMENTS, ON_SERVERS, EVERY_GPU):
            self.place.addItem(self.tr(str(PLACE_NAMES[key])), key)
        current = job.place or (ON_SERVERS if job.servers else "packed" if job.gpus else EVERY_GPU)
        self.place.setCurrentIndex(self.place.findData(current))
        self.place.currentIndexChanged.connect(self._show_rows)
        self.gpus = QSpinBox()
        self.gpus.setRange(0, MAX_JOB_GPUS)
        self.gpus.setSpecialValueText(self.tr("all of them"))
        self.gpus.setValue(job.gpus or 0)
        self.servers = QLineEdit(compact_servers(job.servers, self.gpu_servers))
        self.servers.setPlaceholderText(self.tr("e.g. srv-001..srv-004, srv-009"))
        self.seed = QLineEdit("" if job.seed is None else str(job.seed))
        self.seed.setPlaceholderText(self.tr("the run's seed"))

    @Slot(int)
    def _show_rows(self, *_: object) -> None:
        rule = self.place.currentData()
        self.form.setRowVisible(self.gpus, rule != EVERY_GPU)
        self.form.setRowVisible(self.servers, rule == ON_SERVERS)
        self.form.setRowVisible(self.seed, rule == "random")

    def raw(self) -> dict:
        """The job as the project file writes it, from the fields as they stand."""
        rule = self.place.currentData()
        workload = self.workload.text().strip()
        if self.start.text().strip():
            workload += f":start={self.start.text().strip()}"
        out: dict = {"name": self.name.text().strip(), "workload": workload}
        if self.tc.currentData() != DEFAULT_CLASS:
            out["tc"] = self.tc.currentData()
        if rule != EVERY_GPU and self.gpus.value():
            out["gpus"] = self.gpus.value()
        if rule in PLACEMENTS:
            out["place"] = rule
        seed = self.seed.text().strip()
        if rule == "random" and seed:
            out["seed"] = int(seed) if seed.lstrip("-").isdigit() else seed     # the check names a bad one
        if rule == ON_SERVERS:
            out["servers"] = expand_servers(self.servers.text(), self.gpu_servers)
        return out

    def check(self) -> Job | None:
        """The job, or None with the first problem shown in the dialog."""
        job, problem = self._checked_job(self.raw())
        self.problem.setText(problem)
        self.adjustSize()                   # a message of several lines is shown whole
        return job

    def _checked_job(self, raw: dict) -> tuple[Job | None, str]:
        if raw["name"] in self.other_names:
            return None, self.tr("Name: another job is called '{0}'").format(raw["name"])
        if "place" in raw and "gpus" not in raw:
            return None, self.tr("GPUs: say how many GPUs the job takes")
        if "servers" in raw and not raw["servers"]:
            return None, self.tr("Servers: name at least one server (select servers on the canvas, or type "
                                 "their ids)")
        jobs, problems = jobs_from_raw([raw], set(self.gpu_servers))
        if problems:
            place, _sep, text = problems[0].partition(": ")
            return None, self.tr("{0}: {1}").format(self._field_of(place), text_of(text))
        try:
            parse_workloads([jobs[0].spec()])
        except WorkloadError as exc:
            return None, self.tr("Workload: {0}").format(exc)
        problem = self.place_check(jobs[0]) if self.place_check is not None else ""
        return (None, self.tr("Placement: {0}").format(problem)) if problem else (jobs[0], "")

    def _field_of(self, place: str) -> str:
        """The dialog's name of a project-file place ("jobs[0].gpus" -> "GPUs")."""
        key = place.rpartition(".")[2].partition("[")[0]
        return {"name": self.tr("Name"), "workload": self.tr("Workload"), "gpus": self.tr("GPUs"),
                "place": self.tr("Placement"), "seed": self.tr("Random seed"),
                "servers": self.tr("Servers"), "tc": self.tr("Traffic class")}.get(key, self.tr("Job"))

    def accept(self) -> None:
        self._checked = self.check()
        if self._checked is not None:
            super().accept()

    def job(self) -> Job | None:
        return self._checked
