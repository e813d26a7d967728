"""Help → "Help me choose…": the protocol advisor as a wizard (requirements → run → ranked candidates).

The advisor runs in a worker QThread (its `run` slot is bound, so it runs in that thread); results carry a run id
and a stale run's results are dropped. Finishing the wizard hands the chosen candidate's design to the window.
"""

from __future__ import annotations

import threading

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QObject, Qt, QThread, Signal, Slot
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QProgressBar,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
    QWizard,
    QWizardPage,
)

from designer.analysis.advisor import (
    DEFAULT_WORKLOAD,
    Advice,
    AdviceCancelled,
    Preferences,
    RunControl,
    advise,
)
from designer.analysis.advisor.site_request import DEFAULT_DCI_GBPS, DEFAULT_DCI_LINKS, SiteRequest
from designer.analysis.advisor.sites import DEFAULT_SITE_WORKLOAD
from designer.analysis.local_processes import start_fork_server
from designer.catalog.money import format_money
from designer.i18n import render
from designer.model.document import FabricDocument
from designer.model.errors import ProjectError
from designer.model.sites import DISTANCE_KM, LINK_COUNT
from designer.sim.workload_spec import WorkloadError, parse_workloads
from designer.ui.threads import end_thread

# the ranked table's columns (translated where shown)
COLUMNS = ("#", QT_TRANSLATE_NOOP("ResultsPage", "Candidate"), QT_TRANSLATE_NOOP("ResultsPage", "Time"), "p99",
           QT_TRANSLATE_NOOP("ResultsPage", "Capex"), "TCO", QT_TRANSLATE_NOOP("ResultsPage", "Budget"))
ACROSS_SITES = QT_TRANSLATE_NOOP("ResultsPage", "Across sites")   # the verdict column of an advice across sites
DCI_GBPS_CHOICES = (100.0, 400.0, 800.0)       # the long-haul optics' line rates in the catalog



class AdvisorWorker(QObject):
    """Runs advise() in a worker thread; emits progress, then `done(run_id, advice)` or `failed(run_id, text)`."""

    progress = Signal(int, int, int, str)
    done = Signal(int, object)
    failed = Signal(int, str)

    def __init__(self, run_id: int, gpus: int, workloads: list[str], prefs: Preferences) -> None:
        super().__init__()
        self.run_id, self.gpus, self.workloads, self.prefs = run_id, gpus, workloads, prefs
        self.cancel = threading.Event()

    @Slot()
    def run(self) -> None:
        try:
            advice = advise(self.gpus, self.workloads, self.prefs,
                            control=RunControl(progress=self._report, cancel=self.cancel))
        except AdviceCancelled:
            self.failed.emit(self.run_id, QCoreApplication.translate("AdvisorWizard", "Cancelled."))
        except (WorkloadError, ProjectError) as exc:
            self.failed.emit(self.run_id, str(exc).splitlines()[0])
        except Exception as exc:  # noqa: BLE001 - a bug must reach the user as a message, not end the thread silently
            self.failed.emit(self.run_id, QCoreApplication.translate("AdvisorWizard", "The advisor failed: {0}: {1}")
                             .format(type(exc).__name__, exc))
        else:
            self.done.emit(self.run_id, advice)

    def _report(self, done: int, total: int, label: str) -> None:
        self.progress.emit(self.run_id, done, total, label)


class RequirementsPage(QWizardPage):
    """Scale, workload, budget and priorities."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTitle(self.tr("Your cluster"))
        self.one_site_text = self.tr("The advisor generates InfiniBand, RoCEv2, rail-optimized and hybrid designs at "
                                     "1:1 and 2:1, and rail-only and multi-plane ones where they apply, simulates and "
                                     "costs each, and ranks them for your priorities.")
        self.two_sites_text = self.tr("Across two sites the advisor builds a leaf-spine in each site (InfiniBand and "
                                      "RoCEv2 at 1:1 and 2:1, and Spectrum-X) joined by your long-haul links, "
                                      "simulates your training on each, says whether training across the sites is "
                                      "viable and what link capacity would make it so, and ranks them.")
        self.setSubTitle(self.one_site_text)
        form = QFormLayout(self)
        self.gpus = QSpinBox()
        self.gpus.setRange(8, 65536)
        self.gpus.setSingleStep(8)
        self.gpus.setValue(256)
        self.workload = QLineEdit(DEFAULT_WORKLOAD)
        self.workload.setToolTip(self.tr("e.g. allreduce:1GiB, train:70b:dp=32, alltoall:4MiB (several: separate by "
                                         ";)"))
        self.budget = QDoubleSpinBox()
        self.budget.setRange(0, 1e12)
        self.budget.setDecimals(0)
        self.budget.setSingleStep(1e6)
        self.budget.setSpecialValueText(self.tr("no budget"))
        self.budget.setGroupSeparatorShown(True)
        self.currency = QComboBox()
        self.currency.addItems(["USD", "CNY"])
        self.ethernet = QCheckBox(self.tr("We already run Ethernet at scale"))
        self.latency = QCheckBox(self.tr("Tail latency matters more than cost"))
        self._site_fields()
        self.error = QLabel()
        self.error.setObjectName("advisor_error")
        self.error.setWordWrap(True)
        form.addRow(self.tr("GPUs"), self.gpus)
        form.addRow(self.tr("Workload"), self.workload)
        form.addRow(self.tr("Budget (capex)"), self.budget)
        form.addRow(self.tr("Currency"), self.currency)
        form.addRow("", self.ethernet)
        form.addRow("", self.latency)
        form.addRow(self.tr("Sites"), self.sites)
        form.addRow(self.tr("Distance between the sites"), self.distance)
        # the words of the two-site template's fields (designer/ui/two_site_fields.py)
        form.addRow(QCoreApplication.translate("TwoSiteFields", "Long-haul link capacity"), self.dci_gbps)
        form.addRow(QCoreApplication.translate("TwoSiteFields", "Long-haul links"), self.dci_links)
        form.addRow(self.error)

    def _site_fields(self) -> None:
        """One site, or two joined by long-haul links: the distance and the link budget (as `advise --sites 2`)."""
        self.sites = QComboBox()
        self.sites.addItem(self.tr("One site"), 1)
        self.sites.addItem(self.tr("Two sites, half the GPUs in each"), 2)
        self.distance = QDoubleSpinBox()
        self.distance.setDecimals(1)
        self.distance.setRange(max(DISTANCE_KM.minimum, 0.1), DISTANCE_KM.maximum)
        self.distance.setValue(100.0)
        self.distance.setSuffix(" km")
        self.dci_gbps = QComboBox()
        for gbps in DCI_GBPS_CHOICES:
            self.dci_gbps.addItem(f"{gbps:g} Gb/s", gbps)
        self.dci_gbps.setCurrentIndex(self.dci_gbps.findData(DEFAULT_DCI_GBPS))
        self.dci_links = QSpinBox()
        self.dci_links.setRange(int(LINK_COUNT.minimum), int(LINK_COUNT.maximum))
        self.dci_links.setValue(DEFAULT_DCI_LINKS)
        self.sites.currentIndexChanged.connect(self._follow_sites)
        self._follow_sites()

    @Slot(int)
    def _follow_sites(self, *_: object) -> None:
        """The site fields count only for two sites; their viability needs training, so the workload offers it."""
        two = self.two_sites()
        self.setSubTitle(self.two_sites_text if two else self.one_site_text)
        for field in (self.distance, self.dci_gbps, self.dci_links):
            field.setEnabled(two)
        if two and self.workload.text().strip() == DEFAULT_WORKLOAD:
            self.workload.setText(DEFAULT_SITE_WORKLOAD)
        elif not two and self.workload.text().strip() == DEFAULT_SITE_WORKLOAD:
            self.workload.setText(DEFAULT_WORKLOAD)

    def two_sites(self) -> bool:
        return self.sites.currentData() == 2

    def site(self) -> SiteRequest | None:
        if not self.two_sites():
            return None
        return SiteRequest(float(self.distance.value()), float(self.dci_gbps.currentData()), self.dci_links.value())

    def workloads(self) -> list[str]:
        return [s.strip() for s in self.workload.text().split(";") if s.strip()]

    def preferences(self) -> Preferences:
        budget = self.budget.value()
        return Preferences(budget=budget if budget > 0 else None, currency=self.currency.currentText(),
                           existing_ethernet=self.ethernet.isChecked(), latency_sensitive=self.latency.isChecked(),
                           site=self.site())

    def validatePage(self) -> bool:
        problem = None
        if self.gpus.value() % 8:
            problem = self.tr("GPUs must be a multiple of 8 (8-GPU servers).")
        elif self.two_sites() and self.gpus.value() % 16:
            problem = self.tr("With two sites, GPUs must be a multiple of 16 (half in each site, in 8-GPU servers).")
        elif not self.workloads():
            problem = self.tr("Enter a workload, e.g. allreduce:1GiB.")
        else:
            try:
                parse_workloads(self.workloads())
            except WorkloadError as exc:
                problem = str(exc)
        self.error.setText(problem or "")
        return problem is None


class RunPage(QWizardPage):
    """Progress while the candidates are built; Back cancels."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTitle(self.tr("Building the candidates"))
        lay = QVBoxLayout(self)
        self.status = QLabel(self.tr("Starting…"))
        self.status.setWordWrap(True)
        self.bar = QProgressBar()
        lay.addWidget(self.status)
        lay.addWidget(self.bar)
        lay.addStretch(1)

    def isComplete(self) -> bool:
        wizard = self.wizard()
        return isinstance(wizard, AdvisorWizard) and wizard.advice is not None

    def initializePage(self) -> None:
        _advisor(self).start_run()

    def cleanupPage(self) -> None:
        _advisor(self).cancel_run()


class ResultsPage(QWizardPage):
    """The ranked table; the selected row is the design that opens."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTitle(self.tr("Ranked candidates"))
        lay = QVBoxLayout(self)
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setHorizontalHeaderLabels([self.tr(str(c)) for c in COLUMNS])
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.reasons = QLabel()
        self.reasons.setWordWrap(True)
        self.reasons.setTextFormat(Qt.TextFormat.PlainText)
        lay.addWidget(self.table, 3)
        lay.addWidget(self.reasons, 2)

    def initializePage(self) -> None:
        advice = _advisor(self).advice
        assert advice is not None, "the results page follows a finished run"
        columns = COLUMNS + ((ACROSS_SITES,) if advice.site is not None else ())
        self.table.setColumnCount(len(columns))
        self.table.setHorizontalHeaderLabels([self.tr(str(c)) for c in columns])
        ranked = advice.ranked()
        self.table.setRowCount(len(ranked))
        for r, (s, c) in enumerate(ranked):
            for col, text in enumerate(self._cells(advice, r, s, c)):
                item = QTableWidgetItem(text)
                if col != 1:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                if col == len(COLUMNS) and c.id in advice.cross_sites:    # the whole sentence on hover
                    item.setToolTip(advice.cross_sites[c.id].message.render())
                self.table.setItem(r, col, item)
        self.table.resizeColumnsToContents()
        self.table.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.table.selectRow(0)
        notes = "".join(f"{t}\n" for t in advice.note_texts())
        if advice.recommended is None:       # nothing fits the budget: say so, and what the cheapest costs
            self.reasons.setText(notes + advice.recommendation.rule())
            self.setSubTitle(advice.recommendation.headline() + " " + render("advisor.open_anyway"))
            return
        alternatives = "".join(f"\n◦ {t}" for t in advice.alternative_texts())
        self.reasons.setText(notes + advice.recommendation.headline() + "\n• " + "\n• ".join(advice.reason_texts())
                             + alternatives)
        self.setSubTitle(self.tr("Select a candidate and press Finish to open it (the first is recommended)."))

    def _cells(self, advice: Advice, rank: int, s, c) -> list[str]:
        """One row of the table: rank, label, time, p99, capex, TCO, budget, and across sites the verdict."""
        cur = advice.preferences.currency
        f = c.figures
        t = f["time_s"]
        fits = "–" if s.within_budget is None else (self.tr("within") if s.within_budget else self.tr("over"))
        cells = [str(rank + 1), c.label_text(),          # the core's label, in its current language
                 f"{t * 1e3:.3g} ms" if t < 1 else f"{t:.3g} s", f"{f['p99_latency_us']:.2f} µs",
                 format_money(f["capex"], cur), format_money(f["tco"], cur), fits]
        if advice.site is not None:
            verdict = advice.cross_sites.get(c.id)
            cells.append(verdict.short().render() if verdict is not None else "–")
        return cells

    def chosen_id(self) -> str | None:
        rows = self.table.selectionModel().selectedRows()
        advice: Advice | None = _advisor(self).advice
        if not rows or advice is None:
            return None
        return advice.ranking[rows[0].row()].id


def _advisor(page: QWizardPage) -> AdvisorWizard:
    """The wizard a page of this module belongs to."""
    wizard = page.wizard()
    assert isinstance(wizard, AdvisorWizard), "the advisor's pages live in the advisor wizard"
    return wizard


class AdvisorWizard(QWizard):
    """The three pages; `chosen_design()` is the selected candidate's design after Finish."""

    run_finished = Signal()      # the worker's result (or failure) has arrived

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Help me choose"))
        self.setWizardStyle(QWizard.WizardStyle.ModernStyle)
        self.resize(900, 620)
        self.requirements, self.running, self.results = RequirementsPage(), RunPage(), ResultsPage()
        for page in (self.requirements, self.running, self.results):
            self.addPage(page)
        self.advice: Advice | None = None
        self.worker_thread: QThread | None = None
        self.worker: AdvisorWorker | None = None
        self._run_id = 0
        start_fork_server()     # the candidates' workers start from it: its imports run while the form is filled in

    def start_run(self) -> None:
        """Start a new advisor run in a worker thread (a previous one is cancelled and its results dropped)."""
        self.cancel_run()
        self.advice = None
        self._run_id += 1
        req = self.requirements
        self.worker = AdvisorWorker(self._run_id, req.gpus.value(), req.workloads(), req.preferences())
        self.worker_thread = QThread(self)
        self.worker.moveToThread(self.worker_thread)
        self.worker_thread.started.connect(self.worker.run)     # bound slot: runs in the worker thread
        self.worker.progress.connect(self._on_progress)
        self.worker.done.connect(self._on_done)
        self.worker.failed.connect(self._on_failed)
        self.running.status.setText(self.tr("Generating, simulating and costing the candidates…"))
        self.running.bar.setRange(0, 8)
        self.running.bar.setValue(0)
        self.running.completeChanged.emit()
        self.worker_thread.start()

    def cancel_run(self) -> None:
        if self.worker is not None:
            self.worker.cancel.set()
        self._stop_thread()

    def _stop_thread(self) -> None:
        end_thread(self.worker_thread)
        self.worker_thread = None
        self.worker = None

    @Slot(int, int, int, str)
    def _on_progress(self, run_id: int, done: int, total: int, label: str) -> None:
        if run_id != self._run_id:
            return
        self.running.bar.setRange(0, total)
        self.running.bar.setValue(done)
        if label:                       # the first candidate not finished, in the core's (the window's) language
            self.running.status.setText(self.tr("Candidate {0} of {1}: {2}").format(done + 1, total, label))

    @Slot(int, object)
    def _on_done(self, run_id: int, advice: Advice) -> None:
        if run_id != self._run_id:
            return
        self._stop_thread()
        self.advice = advice
        self.running.status.setText(self.tr(
                "Done: {0} candidates. Recommended: {1}. Press Next to compare them.").format(
                    len(advice.candidates), advice.recommended_label()))
        self.running.completeChanged.emit()
        self.run_finished.emit()

    @Slot(int, str)
    def _on_failed(self, run_id: int, message: str) -> None:
        if run_id != self._run_id:
            return
        self._stop_thread()
        self.running.status.setText(message)
        self.run_finished.emit()

    def chosen_design(self) -> FabricDocument | None:
        """The selected candidate's design (None before results)."""
        cid = self.results.chosen_id()
        return self.advice.candidates[cid].doc if self.advice is not None and cid else None

    def reject(self) -> None:
        self.cancel_run()
        super().reject()

    def done(self, result: int) -> None:
        self.cancel_run()
        super().done(result)
