"""The Scenarios dock: named what-if runs saved with the design (workloads + failure schedule + seed),
each runnable, and a table comparing the runs (completion time, throughput dip, recovery, bytes stalled).

The panel only shows the document's scenarios and asks for changes through `edit_requested` (the
window turns each into an undoable SetScenariosCommand); it never edits the document itself.
"""

from __future__ import annotations

import copy

from PySide6.QtCore import QCoreApplication, Qt, Signal, Slot
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from designer.model.document import FabricDocument
from designer.model.scenarios import Scenario
from designer.sim.failures import check_failures, parse_failures
from designer.sim.workload_spec import WorkloadError, parse_workloads

DEFAULT_WORKLOAD = "permutation:256MiB"


def scenario_problem(doc: FabricDocument, scenario: Scenario) -> str:
    """Why a scenario cannot run on this design ('' when it can): the simulator's own checks."""
    if not scenario.name.strip():
        return QCoreApplication.translate("ScenariosPanel", "a scenario needs a name")
    if not scenario.workloads:
        return QCoreApplication.translate("ScenariosPanel", "scenario '{name}' needs at least one workload").format(
            name=scenario.name)
    try:
        parse_workloads(scenario.workloads)
        check_failures(parse_failures(scenario.failures), doc)
    except WorkloadError as exc:
        return str(exc)
    return ""


class ScenariosPanel(QWidget):
    """List, form and comparison table of the design's scenarios."""

    edit_requested = Signal(list, str)       # the new scenario list, the undo text
    run_requested = Signal(str)              # scenario name
    run_all_requested = Signal()

    COLUMNS = ("scenario", "completion_time_s", "throughput_dip", "recovery_s", "bytes_stalled")

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc: FabricDocument | None = None
        self.list = QListWidget()
        self.list.setToolTip(self.tr("Named what-if runs saved with the design; the selected one receives "
                                     "failures scheduled on the canvas"))
        self.list.currentRowChanged.connect(self._show_current)
        self.buttons = self._make_buttons()
        self.message = QLabel()
        self.message.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(self.list, 1)
        layout.addLayout(self._button_row("new", "apply", "delete"))
        layout.addLayout(self._form())
        layout.addLayout(self._button_row("run", "run_all"))
        layout.addWidget(self.message)
        layout.addWidget(QLabel(self.tr("Comparison of the runs")))
        layout.addWidget(self._comparison_table(), 1)
        self.default_workload = DEFAULT_WORKLOAD
        self.default_seed = 1
        self.rows: dict[str, dict] = {}
        self._refresh_buttons()

    def _make_buttons(self) -> dict[str, QPushButton]:
        """New, Apply, Delete, Run and Run all, by name, connected to what they do."""
        buttons = {}
        for key, text, tip, slot in (
                ("new", self.tr("New"), self.tr("A new scenario with the Run panel's workload"),
                 lambda: self.add_scenario()),
                ("apply", self.tr("Apply"), self.tr("Keep the edits of the form (undoable); Run applies them too"),
                 self.apply_form),
                ("delete", self.tr("Delete"), self.tr("Delete the selected scenario"), self.delete_current),
                ("run", self.tr("Run"), self.tr("Simulate the selected scenario"), self._run_current),
                ("run_all", self.tr("Run all"), self.tr("Simulate every scenario and compare them"), self._run_all)):
            button = QPushButton(text)
            button.setToolTip(tip)
            button.clicked.connect(slot)
            buttons[key] = button
        return buttons

    def _button_row(self, *keys: str) -> QHBoxLayout:
        row = QHBoxLayout()
        for key in keys:
            row.addWidget(self.buttons[key])
        return row

    def _form(self) -> QFormLayout:
        """The selected scenario's name, workloads, seed and failures."""
        self.name = QLineEdit()
        self.workloads = QLineEdit()
        self.workloads.setToolTip(self.tr("Workload specs separated by ';', e.g. allreduce:1GiB"))
        self.seed = QSpinBox()
        self.seed.setRange(0, 2**31 - 1)
        self.failures = QPlainTextEdit()
        self.failures.setPlaceholderText(self.tr("one per line, e.g. switch:spine-01@2ms:up=20ms"))
        self.failures.setMaximumHeight(90)
        form = QFormLayout()
        form.addRow(self.tr("Name"), self.name)
        form.addRow(self.tr("Workloads"), self.workloads)
        form.addRow(self.tr("Seed"), self.seed)
        form.addRow(self.tr("Failures"), self.failures)
        return form

    def _comparison_table(self) -> QTableWidget:
        """The last run of each scenario, one per row."""
        self.table = QTableWidget(0, len(self.COLUMNS))
        self.table.setHorizontalHeaderLabels([self.tr("Scenario"), self.tr("Completion"), self.tr("Throughput dip"),
                                              self.tr("Recovery"), self.tr("Bytes stalled")])
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setToolTip(self.tr("The last run of each scenario: worst throughput dip after a failure, "
                                      "the longest time until traffic moved again, bytes held up by failures"))
        return self.table

    # ---- showing ------------------------------------------------------------------------------
    def set_document(self, doc: FabricDocument) -> None:
        self.doc = doc
        self.rows = {}
        self.refresh()

    def refresh(self) -> None:
        """Show the document's scenarios again (after an edit, undo or open), keeping the selection."""
        current = self.current_name()
        names = [s.name for s in self.scenarios()]
        self.list.blockSignals(True)
        self.list.clear()
        self.list.addItems(names)
        self.list.blockSignals(False)
        row = names.index(current) if current in names else (0 if names else -1)
        self.list.setCurrentRow(row)
        self._show_current(row)
        self.fill_table()

    def scenarios(self) -> list[Scenario]:
        """The design's scenarios (none before a design is shown)."""
        return self.doc.scenarios if self.doc else []

    def current_name(self) -> str | None:
        item = self.list.currentItem()
        return item.text() if item is not None else None

    def current(self) -> Scenario | None:
        name = self.current_name()
        return next((s for s in self.scenarios() if s.name == name), None)

    @Slot(int)
    def _show_current(self, _row: int = -1) -> None:
        s = self.current()
        self.name.setText(s.name if s else "")
        self.workloads.setText("; ".join(s.workloads) if s else "")
        self.seed.setValue(s.seed if s else 1)
        self.failures.setPlainText("\n".join(s.failures) if s else "")
        self.message.setText(scenario_problem(self.doc, s) if s and self.doc else "")
        self.message.setStyleSheet("color: #c62828")
        self._refresh_buttons()

    def _refresh_buttons(self) -> None:
        has = self.current() is not None
        for key in ("apply", "delete", "run"):
            self.buttons[key].setEnabled(has)
        self.buttons["run_all"].setEnabled(bool(self.doc and self.doc.scenarios))

    def show_message(self, text: str, error: bool = False) -> None:
        self.message.setStyleSheet("color: #c62828" if error else "")
        self.message.setText(text)

    # ---- editing (through edit_requested) ----------------------------------------------------------
    def _edit(self, scenarios: list[Scenario], text: str) -> None:
        self.edit_requested.emit(scenarios, text)

    def unique_name(self, base: str) -> str:
        names = {s.name for s in self.scenarios()}
        k = len(names) + 1
        while f"{base} {k}" in names:
            k += 1
        return f"{base} {k}"

    def add_scenario(self, scenario: Scenario | None = None) -> Scenario:
        """Add a scenario (default: the Run panel's workload and seed, no failures) and select it."""
        if scenario is None:
            scenario = Scenario(self.unique_name(self.tr("Scenario")), [self.default_workload], [],
                                self.default_seed)
        self._edit([*copy.deepcopy(self.scenarios()), scenario],
                   self.tr("New scenario '{name}'").format(name=scenario.name))
        self.select(scenario.name)
        return scenario

    def select(self, name: str) -> None:
        items = self.list.findItems(name, Qt.MatchFlag.MatchExactly)
        if items:
            self.list.setCurrentItem(items[0])

    def form_scenario(self) -> Scenario:
        old = self.current()
        return Scenario(self.name.text().strip(), [w.strip() for w in self.workloads.text().split(";") if w.strip()],
                        [f.strip() for f in self.failures.toPlainText().splitlines() if f.strip()],
                        self.seed.value(), old.notes if old else "")

    @Slot()
    def apply_form(self) -> bool:
        """Keep the form's edits of the selected scenario, when they make a runnable scenario."""
        old = self.current()
        if old is None or self.doc is None:
            return False
        new = self.form_scenario()
        problem = scenario_problem(self.doc, new)
        if not problem and new.name != old.name and any(s.name == new.name for s in self.scenarios()):
            problem = self.tr("a scenario named '{name}' exists already").format(name=new.name)
        if problem:
            self.show_message(problem, error=True)
            return False
        scenarios = [new if s.name == old.name else copy.deepcopy(s) for s in self.scenarios()]
        self._edit(scenarios, self.tr("Edit scenario '{name}'").format(name=new.name))
        self.select(new.name)
        return True

    @Slot()
    def delete_current(self) -> None:
        old = self.current()
        if old is not None:
            self._edit([copy.deepcopy(s) for s in self.scenarios() if s.name != old.name],
                       self.tr("Delete scenario '{name}'").format(name=old.name))

    def form_is_edited(self) -> bool:
        """The form differs from the selected scenario (typed but not applied yet)."""
        s = self.current()
        return s is not None and self.form_scenario() != s

    def _apply_edits(self) -> bool:
        """Run uses what the form says: edits not applied yet are applied first (one undoable step); False when
        they are refused (the message says why, nothing runs)."""
        return not self.form_is_edited() or self.apply_form()

    @Slot()
    def _run_current(self) -> None:
        if self.current() is not None and self._apply_edits():
            self.run_requested.emit(self.current_name())

    @Slot()
    def _run_all(self) -> None:
        if self._apply_edits():
            self.run_all_requested.emit()

    # ---- comparison -------------------------------------------------------------------------------
    def set_row(self, row: dict) -> None:
        """Show one scenario run's comparison row (designer.sim.scenario_run.comparison_row)."""
        self.rows[row["scenario"]] = row
        self.fill_table()

    def fill_table(self) -> None:
        names = [s.name for s in self.scenarios()]
        rows = [self.rows[n] for n in names if n in self.rows]
        self.table.setRowCount(len(rows))
        for r, row in enumerate(rows):
            done = row.get("completed", True)
            completion = f"{row['completion_time_s'] * 1e3:.3f} ms" + ("" if done else self.tr(" (stuck)"))
            recovery = (self.tr("never") if row["recovery_s"] is None else f"{row['recovery_s'] * 1e3:.3g} ms")
            cells = (row["scenario"], completion, f"{row['throughput_dip']:.1%}", recovery,
                     _bytes_text(row["bytes_stalled"]))
            for c, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if c:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.table.setItem(r, c, item)


def _bytes_text(n: float) -> str:
    for unit, size in (("GB", 1e9), ("MB", 1e6), ("kB", 1e3)):
        if n >= size:
            return f"{n / size:.3g} {unit}"
    return f"{n:.0f} B"
