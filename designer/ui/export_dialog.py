"""File → Export proposal…: cover text, logo, currency, language; the customer's requirements (workloads, scale,
budget, priorities), the risks and lead times, and the sections of the PDF proposal. Checks each input where it is
typed, keeps the requirements with the design (an undoable edit), builds the PDF off the UI thread, then offers to
open it."""

from __future__ import annotations

import os
import warnings
from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QObject, Qt, QThread, QUrl, Signal, Slot
from PySide6.QtGui import QDesktopServices, QImageReader, QStandardItemModel, QUndoCommand, QUndoStack
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from designer.catalog.loader import Catalog
from designer.i18n import current_language
from designer.model.assumptions import CURRENCIES
from designer.model.document import FabricDocument
from designer.model.errors import ProjectError
from designer.model.proposal import ProposalRequirements, Risk
from designer.report import SECTION_ORDER, ReportOptions, build_proposal
from designer.report.requirements import requirements_to_keep
from designer.report.results_source import DEFAULT_WORKLOAD
from designer.report.strings import tr as report_text  # the proposal's own texts (not Qt's)
from designer.ui.threads import end_thread

SECTION_KEYS = {"summary": "sec_summary", "scope": "sec_scope", "recommendation": "sec_recommendation",
                "topology": "sec_topology", "facts": "facts_tiers", "simulation": "sec_simulation",
                "jobs": "sec_jobs", "sites": "sec_sites", "resilience": "sec_resilience", "cost": "sec_cost",
                "racks": "sec_racks", "risks": "sec_risks",
                "acceptance": "sec_acceptance", "next_steps": "sec_next_steps", "findings": "sec_findings",
                "assumptions": "sec_assumptions", "sources": "sec_sources"}
# the orders of priorities offered (the customer's existing Ethernet is a box of its own)
PRIORITY_CHOICES = (
    (("performance", "cost", "latency"),
     QT_TRANSLATE_NOOP("ExportProposalDialog", "Time, then cost, then tail latency")),
    (("cost", "performance", "latency"),
     QT_TRANSLATE_NOOP("ExportProposalDialog", "Cost, then time, then tail latency")),
    (("latency", "performance", "cost"),
     QT_TRANSLATE_NOOP("ExportProposalDialog", "Tail latency, then time, then cost")),
)
# (code, label); a language is selectable once designer/report/strings.py has its table
LANGUAGE_CHOICES = (("en", "English"), ("zh_CN", "中文（简体）"))
ERROR_STYLE = "color: #C62828;"


def logo_problem(path: str) -> str | None:
    """Why `path` cannot be the cover logo, or None when it is a readable image (an empty path means no logo)."""
    if not path:
        return None
    p = Path(path)
    if not p.is_file():
        return QCoreApplication.translate("ExportProposalDialog", "Logo: no such file '{0}'").format(p.name)
    if not os.access(p, os.R_OK):
        return QCoreApplication.translate("ExportProposalDialog", "Logo: '{0}' cannot be read (permissions)").format(
            p.name)
    reader = QImageReader(str(p))
    if not reader.canRead():
        return QCoreApplication.translate("ExportProposalDialog",
                                          "Logo: '{0}' is not a PNG, JPEG or other readable image").format(p.name)
    return None


def workload_problem(text: str) -> str | None:
    """Why the typed workload specs are invalid, or None (empty means: saved results or the default)."""
    specs = split_workloads(text)
    if not specs:
        return None
    from designer.sim import WorkloadError, parse_workloads

    try:
        parse_workloads(specs)
    except WorkloadError as exc:
        return QCoreApplication.translate("ExportProposalDialog", "Workloads: {0}").format(str(exc).splitlines()[0])
    return None


def sweep_problem(path: str) -> str | None:
    """Why `path` cannot be the sweep appendix, or None when it holds a sweep's results (empty: no appendix)."""
    if not path:
        return None
    from designer.analysis.sweep import SweepError
    from designer.analysis.sweep.results import read_results

    try:
        results = read_results(path)
    except SweepError as exc:
        return QCoreApplication.translate("ExportProposalDialog", "Sweep appendix: {0}").format(
            str(exc).splitlines()[0])
    if not results.rows:
        return QCoreApplication.translate("ExportProposalDialog", "Sweep appendix: '{0}' holds no points yet").format(
            Path(path).name)
    return None


def parse_budget(text: str) -> float | None:
    """The amount typed ("25,000,000" or "2.5e7"); None when empty. ValueError when it is not a positive amount."""
    cleaned = text.replace(",", "").replace(" ", "").replace("_", "")
    if not cleaned:
        return None
    value = float(cleaned)
    if not value > 0 or value == float("inf"):
        raise ValueError(text)
    return value


def budget_problem(text: str) -> str | None:
    """Why the typed budget is not an amount, or None (empty means: no budget)."""
    try:
        parse_budget(text)
    except ValueError:
        return QCoreApplication.translate("ExportProposalDialog",
                                          "Budget: '{0}' is not a positive amount (e.g. 25,000,000)").format(text)
    return None


class SetProposalCommand(QUndoCommand):
    """Keep what the customer asked for (requirements, risks) with the design: an undoable edit of the document."""

    def __init__(self, doc: FabricDocument, proposal: ProposalRequirements, text: str) -> None:
        super().__init__(text)
        self.doc, self.new, self.old = doc, proposal, doc.proposal

    def redo(self) -> None:
        self.doc.set_proposal(self.new)

    def undo(self) -> None:
        self.doc.set_proposal(self.old)


def split_workloads(text: str) -> list[str]:
    """Specs separated by commas, semicolons or spaces (a spec itself never contains them)."""
    return [s for s in text.replace(";", " ").replace(",", " ").split() if s]


def output_problem(path: str) -> str | None:
    if not path:
        return QCoreApplication.translate("ExportProposalDialog", "Output: choose where to write the PDF")
    p = Path(path)
    if p.suffix.lower() != ".pdf":
        return QCoreApplication.translate("ExportProposalDialog", "Output: the file name must end in .pdf")
    if not p.parent.is_dir():
        return QCoreApplication.translate("ExportProposalDialog", "Output: the folder '{0}' does not exist").format(
            p.parent)
    if not os.access(p.parent, os.W_OK):
        return QCoreApplication.translate("ExportProposalDialog", "Output: the folder '{0}' is not writable").format(
            p.parent)
    return None


class ProposalBuilder(QObject):
    """Builds one PDF in a worker thread; emits `done(path)` or `failed(one-line message)`."""

    done = Signal(str)
    failed = Signal(str)

    def __init__(self, doc: FabricDocument, path: str, options: ReportOptions, catalog: Catalog | None) -> None:
        super().__init__()
        self.doc, self.path, self.options, self.catalog = doc, path, options, catalog

    @Slot()
    def run(self) -> None:
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")   # a missing CJK font is reported by the CLI; the PDF is still right
                build_proposal(self.doc, self.path, options=self.options, catalog=self.catalog)
        except ProjectError as exc:
            self.failed.emit(exc.one_line())
        except OSError as exc:
            self.failed.emit(QCoreApplication.translate("ExportProposalDialog", "Cannot write '{0}': {1}").format(
                Path(self.path).name, exc.strerror or exc))
        except ValueError as exc:
            self.failed.emit(str(exc).splitlines()[0] if str(exc) else type(exc).__name__)
        except Exception as exc:  # noqa: BLE001 - a bug must reach the user as a message, not kill the thread silently
            self.failed.emit(QCoreApplication.translate(
                "ExportProposalDialog", "The proposal could not be built: {0}: {1}").format(type(exc).__name__, exc))
        else:
            self.done.emit(self.path)


class ExportProposalDialog(QDialog):
    """The proposal's options; Export builds the PDF in a thread while a busy bar runs; then Open PDF."""

    finished_path = Signal(str)     # emitted once the PDF is written
    build_failed = Signal(str)

    def __init__(self, doc: FabricDocument, catalog: Catalog | None = None, default_path: str = "",
                 parent: QWidget | None = None, sweep_path: str = "", undo_stack: QUndoStack | None = None) -> None:
        super().__init__(parent)
        self.doc, self.catalog, self.undo_stack = doc, catalog, undo_stack
        self.worker_thread: QThread | None = None
        self.builder: ProposalBuilder | None = None
        self.written_path: str | None = None
        self.setWindowTitle(self.tr("Export PDF proposal"))
        self.setMinimumWidth(640)
        lang = current_language()        # the window's language: the proposal's by default
        kept = doc.proposal

        tabs = QTabWidget()
        tabs.addTab(self._cover_tab(lang, default_path, sweep_path), self.tr("Proposal"))
        tabs.addTab(self._requirements_tab(kept), self.tr("Requirements"))
        tabs.addTab(self._risks_tab(kept), self.tr("Risks and lead times"))
        tabs.addTab(self._sections_tab(lang), self.tr("Sections"))
        self.tabs = tabs

        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.progress = QProgressBar()
        self.progress.setRange(0, 0)      # busy: the build has no fraction to report
        self.progress.setTextVisible(False)
        self.progress.setMaximumHeight(10)
        self.progress.hide()

        self.buttons = QDialogButtonBox()
        self.export_button = self.buttons.addButton(self.tr("Export"), QDialogButtonBox.ButtonRole.AcceptRole)
        self.open_button = self.buttons.addButton(self.tr("Open PDF"), QDialogButtonBox.ButtonRole.ActionRole)
        self.open_button.hide()
        self.close_button = self.buttons.addButton(QDialogButtonBox.StandardButton.Close)
        self.export_button.setDefault(True)
        self.export_button.clicked.connect(self.start_export)
        self.open_button.clicked.connect(self.open_pdf)
        self.close_button.clicked.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.addWidget(tabs)
        layout.addWidget(self.message)
        layout.addWidget(self.progress)
        layout.addWidget(self.buttons)
        for edit in (self.logo, self.workloads, self.sweep, self.output, self.budget):
            edit.textChanged.connect(self._revalidate)
        self._revalidate()

    def _cover_tab(self, lang: str, default_path: str, sweep_path: str) -> QWidget:
        """Title, customer, author, logo, currency, language, the sweep appendix and where to write."""
        self.title = QLineEdit()
        self.title.setPlaceholderText(report_text("default_title", lang))
        self.customer = QLineEdit(self.doc.proposal.customer)
        self.customer.setPlaceholderText(self.tr("Customer or project the proposal is for"))
        self.author = QLineEdit()
        self.author.setPlaceholderText(self.tr("Your name and company"))
        self.logo = QLineEdit()
        self.logo.setPlaceholderText(self.tr("Optional: PNG or JPEG shown on the cover"))
        self.currency = QComboBox()
        own = self.doc.assumptions.currency
        self.currency.addItem(self.tr("{0} (the design's currency)").format(own), own)
        for code in CURRENCIES:
            if code != own:
                self.currency.addItem(code, code)
        self.language = QComboBox()
        for code, label in LANGUAGE_CHOICES:
            self.language.addItem(label, code)
        model = self.language.model()
        assert isinstance(model, QStandardItemModel)
        from designer.report.strings import LANGUAGES
        for row, (code, _label) in enumerate(LANGUAGE_CHOICES):
            if code not in LANGUAGES:
                item = model.item(row)
                item.setEnabled(False)
                item.setToolTip(self.tr("The Chinese text table of the proposal is not written yet"))
            elif code == lang:
                self.language.setCurrentIndex(row)
        self.sweep = QLineEdit(sweep_path)
        self.sweep.setPlaceholderText(self.tr("Optional: a sweep's results (.csv or .parquet) as an appendix"))
        self.output = QLineEdit(default_path)
        form = QFormLayout()
        form.addRow(self.tr("Title"), self.title)
        form.addRow(self.tr("Customer"), self.customer)
        form.addRow(self.tr("Author"), self.author)
        form.addRow(self.tr("Logo"), self._with_browse(self.logo, self._browse_logo))
        form.addRow(self.tr("Currency"), self.currency)
        form.addRow(self.tr("Language"), self.language)
        form.addRow(self.tr("Sweep appendix"), self._with_browse(self.sweep, self._browse_sweep))
        form.addRow(self.tr("Save as"), self._with_browse(self.output, self._browse_output))
        page = QWidget()
        page.setLayout(form)
        return page

    def _with_browse(self, edit: QLineEdit, browse) -> QHBoxLayout:
        button = QPushButton(self.tr("Browse…"))
        button.clicked.connect(browse)
        row = QHBoxLayout()
        row.addWidget(edit, 1)
        row.addWidget(button)
        return row

    def _requirements_tab(self, kept: ProposalRequirements) -> QWidget:
        """What the customer asked for: workloads, scale, budget, priorities; kept with the design."""
        self.workloads = QLineEdit(" ".join(kept.workloads))
        saved = (self.tr("the results saved with the design") if self.doc.results
                 else self.tr("the default {0}").format(DEFAULT_WORKLOAD))
        self.workloads.setPlaceholderText(self.tr("e.g. allreduce:1GiB train:70b (empty: {0})").format(saved))
        self.workloads.setToolTip(self.tr("Workload specs, as for 'fabric-designer report --workload'"))
        self.scale = QLineEdit(kept.scale)
        self.scale.setPlaceholderText(self.tr("In the customer's words, e.g. 512 GPUs now, 2,048 in 2027"))
        self.budget = QLineEdit(f"{kept.budget:,.0f}" if kept.budget is not None else "")
        self.budget.setPlaceholderText(self.tr("Capital cost the customer can spend (empty: no budget)"))
        self.priorities = QComboBox()
        order = [p for p in kept.priorities if p != "operations"]
        for value, label in PRIORITY_CHOICES:
            self.priorities.addItem(QCoreApplication.translate("ExportProposalDialog", str(label)), value)
            if tuple(order) == value:
                self.priorities.setCurrentIndex(self.priorities.count() - 1)
        self.existing_ethernet = QCheckBox(self.tr("The customer already operates Ethernet at scale (prefer RoCEv2 "
                                                   "when the time ties)"))
        self.existing_ethernet.setChecked("operations" in kept.priorities)
        self.compare = QCheckBox(self.tr("Compare InfiniBand and RoCEv2 on this drawing (each at its recommended "
                                         "settings)"))
        self.compare.setChecked(True)
        self.notes = QCheckBox(self.tr("Include the design's notes in an appendix"))
        form = QFormLayout()
        form.addRow(self.tr("Workloads"), self.workloads)
        form.addRow(self.tr("Scale"), self.scale)
        form.addRow(self.tr("Budget"), self.budget)
        form.addRow(self.tr("Priorities"), self.priorities)
        form.addRow("", self.existing_ethernet)
        form.addRow("", self.compare)
        form.addRow("", self.notes)
        page = QWidget()
        page.setLayout(form)
        return page

    def _risks_tab(self, kept: ProposalRequirements) -> QWidget:
        """The risks and lead times; an empty table lets the proposal derive them from the design."""
        self.risks = QTableWidget(0, 3)
        self.risks.setHorizontalHeaderLabels([self.tr("Risk"), self.tr("Mitigation"), self.tr("Lead time")])
        self.risks.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.risks.setWordWrap(True)
        self.risks.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.set_risks(kept.risks)
        fill = QPushButton(self.tr("Fill in the risks derived from the design"))
        fill.clicked.connect(self.fill_derived_risks)
        add = QPushButton(self.tr("Add row"))
        add.clicked.connect(lambda: self.risks.insertRow(self.risks.rowCount()))
        remove = QPushButton(self.tr("Remove row"))
        remove.clicked.connect(self._remove_risk_rows)
        buttons = QHBoxLayout()
        for b in (fill, add, remove):
            buttons.addWidget(b)
        buttons.addStretch(1)
        hint = QLabel(self.tr("Empty: the proposal lists the risks it derives from the design, with lead times to "
                              "confirm with the supplier."))
        hint.setWordWrap(True)
        lay = QVBoxLayout()
        lay.addWidget(hint)
        lay.addWidget(self.risks, 1)
        lay.addLayout(buttons)
        page = QWidget()
        page.setLayout(lay)
        return page

    def _sections_tab(self, lang: str) -> QWidget:
        grid = QGridLayout()
        self.section_boxes: dict[str, QCheckBox] = {}
        for i, name in enumerate(SECTION_ORDER):
            check = QCheckBox(report_text(SECTION_KEYS[name], lang))
            check.setChecked(True)
            check.toggled.connect(self._revalidate)
            self.section_boxes[name] = check
            grid.addWidget(check, i // 2, i % 2)
        page = QWidget()
        page.setLayout(grid)
        return page

    # ---- risks -------------------------------------------------------------------------------------
    def set_risks(self, risks: list[Risk]) -> None:
        self.risks.setRowCount(0)
        for r in risks:
            row = self.risks.rowCount()
            self.risks.insertRow(row)
            for col, text in enumerate((r.risk, r.mitigation, r.lead_time)):
                self.risks.setItem(row, col, QTableWidgetItem(text))
        self.risks.resizeRowsToContents()

    def table_risks(self) -> list[Risk]:
        """The rows with a risk typed in (rows left empty are dropped)."""
        out = []
        for row in range(self.risks.rowCount()):
            items = [self.risks.item(row, c) for c in range(3)]
            cells = [item.text().strip() if item is not None else "" for item in items]
            if cells[0]:
                out.append(Risk(*cells))
        return out

    @Slot()
    def fill_derived_risks(self) -> None:
        """Put the risks the proposal would derive (in the proposal's language) into the table, to edit."""
        from designer.analysis.protocol_options import drawn_protocol
        from designer.catalog.loader import load_catalog
        from designer.report.risks import default_risks

        cat = self.catalog or load_catalog()
        self.set_risks(default_risks(self.doc, cat, self.language.currentData(), drawn_protocol(self.doc, cat)))

    @Slot()
    def _remove_risk_rows(self) -> None:
        for row in sorted({i.row() for i in self.risks.selectedIndexes()}, reverse=True):
            self.risks.removeRow(row)

    # ---- validation where it is typed -------------------------------------------------------------
    def problems(self) -> list[str]:
        """Every current input problem, one line each; [] when the proposal can be exported."""
        found = [logo_problem(self.logo.text().strip()), workload_problem(self.workloads.text()),
                 budget_problem(self.budget.text().strip()), sweep_problem(self.sweep.text().strip()),
                 output_problem(self.output.text().strip())]
        if not any(b.isChecked() for b in self.section_boxes.values()):
            found.append(self.tr("Sections: choose at least one"))
        return [p for p in found if p]

    @Slot()
    def _revalidate(self) -> None:
        problems = self.problems()
        self._mark(self.logo, logo_problem(self.logo.text().strip()))
        self._mark(self.workloads, workload_problem(self.workloads.text()))
        self._mark(self.output, output_problem(self.output.text().strip()))
        self._mark(self.sweep, sweep_problem(self.sweep.text().strip()))
        self._mark(self.budget, budget_problem(self.budget.text().strip()))
        busy = self.worker_thread is not None
        self.export_button.setEnabled(not problems and not busy)
        if not busy:
            self._say(problems[0] if problems else "", error=bool(problems))

    def _mark(self, edit: QLineEdit, problem: str | None) -> None:
        edit.setStyleSheet("QLineEdit { border: 1px solid #C62828; }" if problem else "")
        edit.setToolTip(problem or "")

    def _say(self, text: str, error: bool = False) -> None:
        self.message.setStyleSheet(ERROR_STYLE if error else "")
        self.message.setText(text)

    @Slot()
    def _browse_logo(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Cover logo"), str(Path(self.output.text()).parent),
                                              self.tr("Images (*.png *.jpg *.jpeg *.gif *.bmp);;All files (*)"))
        if path:
            self.logo.setText(path)

    @Slot()
    def _browse_sweep(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Sweep results"), str(Path(self.output.text()).parent),
                                              self.tr("Sweep results (*.csv *.parquet)"))
        if path:
            self.sweep.setText(path)

    @Slot()
    def _browse_output(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, self.tr(
                "Save the proposal as"), self.output.text(), self.tr("PDF (*.pdf)"))
        if path:
            self.output.setText(path if path.lower().endswith(".pdf") else path + ".pdf")

    # ---- the build, off the UI thread --------------------------------------------------------------
    def chosen_priorities(self) -> tuple[str, ...]:
        order = list(self.priorities.currentData())
        if self.existing_ethernet.isChecked():
            order.insert(1, "operations")
        return tuple(order)

    def options(self) -> ReportOptions:
        """The ReportOptions of the current inputs (call after problems() is empty)."""
        currency = self.currency.currentData()
        return ReportOptions(title=self.title.text().strip(), customer=self.customer.text().strip(),
                             author=self.author.text().strip(), logo_path=self.logo.text().strip() or None,
                             currency=currency, language=self.language.currentData(),
                             sections={n for n, b in self.section_boxes.items() if b.isChecked()},
                             workloads=split_workloads(self.workloads.text()),
                             resilience=self.section_boxes["resilience"].isChecked(),
                             sweep_results=self.sweep.text().strip() or None, scale=self.scale.text().strip(),
                             budget=parse_budget(self.budget.text().strip()), budget_currency=currency,
                             priorities=self.chosen_priorities(), compare=self.compare.isChecked(),
                             risks=self.table_risks(), notes=self.notes.isChecked())

    def keep_requirements(self, options: ReportOptions) -> None:
        """Keep the requirements with the design, as an undoable edit when the window's undo stack is given."""
        kept = requirements_to_keep(self.doc, options)
        kept.customer, kept.workloads, kept.scale = options.customer, list(options.workloads), options.scale
        kept.budget, kept.risks = options.budget, list(options.risks or [])
        if kept == self.doc.proposal:
            return
        if self.undo_stack is not None:
            self.undo_stack.push(SetProposalCommand(self.doc, kept, self.tr("Proposal requirements")))
        else:
            self.doc.set_proposal(kept)

    @Slot()
    def start_export(self) -> None:
        """Check the inputs again, then build the PDF in a worker thread (the window stays responsive)."""
        problems = self.problems()
        if problems or self.worker_thread is not None:
            if problems:
                self._say(problems[0], error=True)
            return
        path = self.output.text().strip()
        options = self.options()
        self.keep_requirements(options)
        # the worker reads a copy: the design may not change under it while it is being drawn
        self.builder = ProposalBuilder(self.doc.copy(), path, options, self.catalog)
        self.worker_thread = QThread(self)
        self.builder.moveToThread(self.worker_thread)
        self.worker_thread.started.connect(self.builder.run)   # a bound slot: runs in the worker thread
        self.builder.done.connect(self._on_done)
        self.builder.failed.connect(self._on_failed)
        self.open_button.hide()
        self.export_button.setEnabled(False)
        self.close_button.setEnabled(False)
        self.progress.show()
        from designer.report.options import SIMULATED_SECTIONS

        if not SIMULATED_SECTIONS & options.sections:
            self._say(self.tr("Building the proposal (drawing, laying out pages)…"))
        elif options.compare:
            self._say(self.tr("Building the proposal (simulating the design, and the drawing as InfiniBand and as "
                              "RoCEv2; drawing, laying out pages)…"))
        else:
            self._say(self.tr("Building the proposal (simulating the design, drawing, laying out pages)…"))
        self.worker_thread.start()

    def _finish_thread(self) -> None:
        end_thread(self.worker_thread)
        self.worker_thread = None
        self.builder = None
        self.progress.hide()
        self.close_button.setEnabled(True)
        self._revalidate()

    @Slot(str)
    def _on_done(self, path: str) -> None:
        self._finish_thread()
        self.written_path = path
        self._say(self.tr("Proposal written to {0}").format(path))
        self.open_button.show()
        self.open_button.setDefault(True)
        self.finished_path.emit(path)

    @Slot(str)
    def _on_failed(self, message: str) -> None:
        self._finish_thread()
        self._say(message, error=True)
        self.build_failed.emit(message)

    @Slot()
    def open_pdf(self) -> None:
        if self.written_path:
            QDesktopServices.openUrl(QUrl.fromLocalFile(self.written_path))

    def reject(self) -> None:
        if self.worker_thread is not None:     # closing while building: let the build finish rather than kill it
            self._say(self.tr("Please wait: the proposal is still being built."), error=True)
            return
        super().reject()

    def closeEvent(self, event) -> None:
        if self.worker_thread is not None:
            event.ignore()
            return
        super().closeEvent(event)
