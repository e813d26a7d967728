"""Simulate → "Design-space sweep…": what to vary (over this design or a generated one), the workload and the
results file. The dialog validates with the core's own parser, so the window and the CLI accept the same input."""

from __future__ import annotations

import math
import os
import re
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from designer.analysis.sweep import Axis, SweepError, SweepTask, parse_axes
from designer.analysis.sweep.grid import FILE_PARAMS, GENERATOR_PARAMS, SETTINGS
from designer.model.document import FabricDocument
from designer.model.errors import ProjectError
from designer.model.fileformat import dumps
from designer.sim.workload_spec import WorkloadError, parse_workloads
from designer.topology.generate import GENERATOR_KINDS
from designer.ui.field_specs import IB_FIELDS, ROCE_FIELDS
from designer.ui.form_rows import path_row, show_problem
from designer.ui.sweep_view import param_label

DASK_ADDRESS = re.compile(r"^([a-z]+://)?[A-Za-z0-9._\-\[\]:]+:\d{1,5}$")   # scheme://host:port or host:port
MAX_POINTS = 2000     # a grid larger than this is almost always a typo in a value list
RESULTS_FILTER = QT_TRANSLATE_NOOP("SweepDialog", "Sweep results (*.csv *.parquet)")
# the rows a new dialog starts with: a useful first sweep of each kind
DEFAULT_AXES = {"design": [("backend", "ib,rocev2")],
                "generated": [("gpus", "128,256,512"), ("backend", "ib,rocev2")]}


def parameter_names(generated: bool) -> list[str]:
    """Every name the sweep accepts for this base: generator options (or only `backend` for a design), then the
    segment settings of both protocols, qualified (`ib.xoff_kb`, `rocev2.qps`)."""
    first = list(GENERATOR_PARAMS) if generated else list(FILE_PARAMS)
    return first + [f"{proto}.{name}" for proto, names in SETTINGS.items() for name in names]


def parameter_label(name: str) -> str:
    """'rocev2.xoff_kb — RoCEv2 PFC Xoff (KB)': the sweep's name (as the CLI takes it) and what it is, in the
    window's language (the Inspector's label for a segment setting)."""
    proto, _, field = name.partition(".")
    spec = {"ib": IB_FIELDS, "rocev2": ROCE_FIELDS}.get(proto, {}).get(field) if field else None
    if spec is None:
        text = param_label(name)
        return name if text == name else f"{name} — {text}"
    unit = f" ({spec.unit})" if spec.unit else ""
    protocol = "InfiniBand" if proto == "ib" else "RoCEv2"
    return f"{name} — {protocol} {QCoreApplication.translate('FieldSpec', spec.label)}{unit}"


@dataclass(frozen=True)
class SweepRequest:
    """What the dialog hands to the controller: a checked task, its axes, the results file and where the points
    run (local processes, or the Dask cluster at `dask_address`)."""

    task: SweepTask
    axes: list[Axis]
    output: Path
    workers: int
    dask_address: str | None = None

    @property
    def point_count(self) -> int:
        return math.prod(len(a.values) for a in self.axes)


class SweepDialog(QDialog):
    """Axes table, workload, seed, workers and results file; `request()` after exec() gives the checked input."""

    def __init__(self, doc: FabricDocument, workload: str, default_output: Path,  # noqa: PLR0915
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Design-space sweep"))
        self.doc = doc
        self._request: SweepRequest | None = None
        layout = QVBoxLayout(self)
        intro = QLabel(self.tr("Every combination of the values below is built, simulated and costed; points run in "
                               "parallel on this machine. Finished points are kept in the results file, so a "
                               "stopped sweep continues where it stopped."))
        intro.setWordWrap(True)
        layout.addWidget(intro)

        base = QHBoxLayout()
        self.on_design = QRadioButton(self.tr("This design"))
        self.on_generated = QRadioButton(self.tr("Generated designs:"))
        self.kind = QComboBox()
        for kind in GENERATOR_KINDS:
            self.kind.addItem(kind, kind)
        self.kind.setCurrentIndex(GENERATOR_KINDS.index("fat-tree"))
        base.addWidget(self.on_design)
        base.addWidget(self.on_generated)
        base.addWidget(self.kind)
        base.addStretch(1)
        layout.addLayout(base)

        self.table = QTableWidget(0, 2)
        self.table.setHorizontalHeaderLabels([self.tr("Parameter"), self.tr("Values (comma-separated)")])
        self.table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.verticalHeader().setVisible(False)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setMinimumHeight(150)
        self.table.setToolTip(self.tr("Booleans take on/off; protocols ib, rocev2; numbers as in the Inspector "
                                      "(thresholds in KB, speeds in Gb/s)"))
        layout.addWidget(self.table)
        rows = QHBoxLayout()
        self.add_button = QPushButton(self.tr("Add parameter"))
        self.remove_button = QPushButton(self.tr("Remove"))
        self.add_button.clicked.connect(lambda: self.add_axis())
        self.remove_button.clicked.connect(self.remove_selected)
        rows.addWidget(self.add_button)
        rows.addWidget(self.remove_button)
        rows.addStretch(1)
        self.points_label = QLabel()
        rows.addWidget(self.points_label)
        layout.addLayout(rows)

        form = QFormLayout()
        self.workload = QLineEdit(workload)
        self.workload.setToolTip(self.tr("A workload spec as in the CLI, e.g. allreduce:1GiB or "
                                         "train:llama3-70b:dp=32:tp=8:pp=1; several separated by ';'"))
        form.addRow(self.tr("Workload:"), self.workload)
        self.seed = QSpinBox()
        self.seed.setRange(0, 2**31 - 1)
        self.seed.setValue(1)
        form.addRow(self.tr("Seed:"), self.seed)
        self.workers = QSpinBox()
        self.workers.setRange(1, 256)
        self.workers.setValue(max(1, os.cpu_count() or 1))
        self.workers.setToolTip(self.tr("Processes that run points at the same time (1: one after the other)"))
        form.addRow(self.tr("Parallel processes:"), self.workers)
        self.dask = QLineEdit()
        self.dask.setPlaceholderText(self.tr("Optional: tcp://scheduler:8786 to run the points on a Dask cluster"))
        self.dask.setToolTip(self.tr("An existing Dask distributed scheduler (dask-jobqueue, Kubernetes…); the "
                                     "results are the same as on this machine"))
        self.dask.textChanged.connect(lambda text: self.workers.setEnabled(not text.strip()))
        form.addRow(self.tr("Dask cluster:"), self.dask)
        self.output = QLineEdit(str(default_output))
        form.addRow(self.tr("Results file:"), path_row(self.output, self.tr("Browse…"), self._browse))
        layout.addLayout(form)
        self.resume_note = QLabel()
        self.resume_note.setWordWrap(True)
        layout.addWidget(self.resume_note)
        self.problem = QLabel()
        self.problem.setWordWrap(True)
        layout.addWidget(self.problem)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.run_button = self.buttons.addButton(self.tr("Run sweep"), QDialogButtonBox.ButtonRole.AcceptRole)
        self.buttons.accepted.connect(self._accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)

        self.on_design.toggled.connect(self._base_changed)
        self.kind.currentIndexChanged.connect(self._validate)
        self.table.itemChanged.connect(self._validate)
        for field in (self.workload, self.output, self.dask):
            field.textChanged.connect(self._validate)
        has_design = bool(doc.nodes)
        self.on_design.setEnabled(has_design)
        (self.on_design if has_design else self.on_generated).setChecked(True)
        self._base_changed()
        self.resize(640, 560)

    # ---- the axes table -----------------------------------------------------------------------
    def generated(self) -> bool:
        return self.on_generated.isChecked()

    def add_axis(self, name: str | None = None, values: str = "") -> None:
        """A new row: a parameter chooser (any name the sweep accepts) and its values."""
        names = parameter_names(self.generated())
        used = {self._name(r) for r in range(self.table.rowCount())}
        name = name or next((n for n in names if n not in used), names[0])
        row = self.table.rowCount()
        self.table.insertRow(row)
        combo = QComboBox()
        for option in names:
            combo.addItem(parameter_label(option), option)
        combo.setCurrentIndex(max(0, combo.findData(name)))
        combo.currentIndexChanged.connect(self._validate)
        self.table.setCellWidget(row, 0, combo)
        self.table.setItem(row, 1, QTableWidgetItem(values))
        self._validate()

    def remove_selected(self) -> None:
        for row in sorted({i.row() for i in self.table.selectedIndexes()}, reverse=True):
            self.table.removeRow(row)
        self._validate()

    def _name(self, row: int) -> str:
        combo = self.table.cellWidget(row, 0)
        return str(combo.currentData()) if isinstance(combo, QComboBox) else ""

    def _value_text(self, row: int) -> str:
        item = self.table.item(row, 1)
        return item.text() if item is not None else ""

    def axis_texts(self) -> list[str]:
        """The table as `--vary` arguments (NAME=VALUES), in row order."""
        return [f"{self._name(r)}={self._value_text(r).replace(' ', '')}" for r in range(self.table.rowCount())]

    def _base_changed(self) -> None:
        self.kind.setEnabled(self.generated())
        self.table.blockSignals(True)
        self.table.setRowCount(0)
        self.table.blockSignals(False)
        for name, values in DEFAULT_AXES["generated" if self.generated() else "design"]:
            self.add_axis(name, values)
        self._validate()

    # ---- validation ---------------------------------------------------------------------------
    def _browse(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Sweep results file"), self.output.text(),
                                              QCoreApplication.translate("SweepDialog", RESULTS_FILTER))
        if path:
            if Path(path).suffix.lower() not in (".csv", ".parquet"):
                path += ".csv"
            self.output.setText(path)

    def _problem(self) -> tuple[str | None, SweepRequest | None]:
        """What is wrong with the form (one sentence), or the checked request."""
        if self.table.rowCount() == 0:
            return self.tr("Add at least one parameter to vary."), None
        try:
            axes = parse_axes(self.axis_texts(), generated=self.generated())
            specs = [s.strip() for s in self.workload.text().split(";") if s.strip()]
            if not specs:
                return self.tr("Give a workload, e.g. allreduce:1GiB."), None
            parse_workloads(specs)
        except (SweepError, WorkloadError) as exc:
            return str(exc), None
        count = math.prod(len(a.values) for a in axes)
        if count > MAX_POINTS:
            return self.tr("{0} points is more than {1}: shorten a value list.").format(count, MAX_POINTS), None
        text = self.output.text().strip()
        if not text:
            return self.tr("Choose a results file."), None
        output = Path(text).expanduser()
        if output.suffix.lower() not in (".csv", ".parquet"):
            return self.tr("The results file must end in .csv or .parquet."), None
        if not output.parent.is_dir():
            return self.tr("The folder {0} does not exist.").format(str(output.parent)), None
        try:
            design_text = None if self.generated() else dumps(self.doc)
        except ProjectError as exc:
            return str(exc), None
        task = SweepTask(tuple(specs), self.seed.value(), design_text,
                         self.kind.currentData() if self.generated() else None)
        dask = self.dask.text().strip() or None
        if dask is not None and not DASK_ADDRESS.match(dask):
            return self.tr("The Dask scheduler address must look like tcp://host:8786 or host:8786."), None
        return None, SweepRequest(task, axes, output, self.workers.value(), dask)

    def _validate(self) -> None:
        problem, request = self._problem()
        show_problem(self.problem, self.run_button, problem)
        self.points_label.setText(self.tr("{0} points").format(request.point_count) if request else "")
        exists = request is not None and request.output.exists()
        self.resume_note.setText(self.tr("{0} exists: the points it holds are kept and only the others run.")
                                 .format(request.output.name) if exists else "")

    def _accept(self) -> None:
        problem, request = self._problem()
        if request is None:
            show_problem(self.problem, self.run_button, problem)
            return
        self._request = request
        self.accept()

    def request(self) -> SweepRequest | None:
        """The checked request once the dialog was accepted (None if cancelled)."""
        return self._request
