"""Schedule failure…: when a link or switch fails, optionally when it comes back, or (a link) the lower
speed it falls back to. Checked as typed with the simulator's own parser, so what OK accepts runs."""

from __future__ import annotations

from PySide6.QtCore import Slot
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QFormLayout, QLabel, QLineEdit, QWidget

from designer.model.document import FabricDocument
from designer.sim.failures import check_failures, parse_failure
from designer.sim.workload_spec import WorkloadError


def failure_spec_text(kind: str, element: str, at: str, up: str = "", gbps: str = "") -> str:
    """The KIND:ID@TIME[:up=TIME][:gbps=N] text of the dialog's fields (designer/sim/failures.py)."""
    text = f"{kind}:{element}@{at.strip()}"
    if up.strip():
        text += f":up={up.strip()}"
    if gbps.strip():
        text += f":gbps={gbps.strip()}"
    return text


class ScheduleFailureDialog(QDialog):
    """Time, optional recovery time and (links only) degraded speed of one failure."""

    def __init__(self, doc: FabricDocument, kind: str, element: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc, self.kind, self.element = doc, kind, element
        self.setWindowTitle(self.tr("Schedule failure of {element}").format(element=element))
        self.at = QLineEdit("2ms")
        self.at.setToolTip(self.tr("Simulated time of the failure, e.g. 2ms, 500us, 0.01s"))
        self.up = QLineEdit()
        self.up.setPlaceholderText(self.tr("stays down"))
        self.up.setToolTip(self.tr("Optional: when the element comes back (after the failure time)"))
        self.gbps = QLineEdit()
        self.gbps.setPlaceholderText(self.tr("goes down"))
        self.gbps.setToolTip(self.tr("Optional: the link keeps running at this lower speed instead of going down "
                                     "(an optic falling back to fewer lanes)"))
        self.error = QLabel()
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #c62828")
        form = QFormLayout(self)
        form.addRow(self.tr("Fails at"), self.at)
        form.addRow(self.tr("Back up at"), self.up)
        if kind == "link":
            form.addRow(self.tr("Degraded speed (Gb/s)"), self.gbps)
        form.addRow(self.error)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        form.addRow(self.buttons)
        for field in (self.at, self.up, self.gbps):
            field.textChanged.connect(self._validate)
        self._validate()

    def spec_text(self) -> str:
        return failure_spec_text(self.kind, self.element, self.at.text(), self.up.text(),
                                 self.gbps.text() if self.kind == "link" else "")

    def problem(self) -> str:
        """Why the fields do not make a failure ('' when they do)."""
        if not self.at.text().strip():
            return self.tr("Give the time of the failure, e.g. 2ms")
        if self.at.text().strip().lower() == "now":
            return self.tr("Use Fail now during a run; a schedule needs a time, e.g. 2ms")
        try:
            check_failures([parse_failure(self.spec_text())], self.doc)
        except WorkloadError as exc:
            return str(exc)
        return ""

    @Slot()
    def _validate(self) -> None:
        problem = self.problem()
        self.error.setText(problem)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(not problem)
