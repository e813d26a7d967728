"""Simulate → "Check a published claim…": open a claims file, re-run it in the background, show the published
figures beside ours.

The claims run in a worker QThread (its `run` slot is bound, so it runs in that thread) with a cancel event that
Stop sets; every signal carries a run id and a superseded run's results are dropped. The table's cells of ours are
tinted green where they agree with the published figure and red where they do not; the verdicts and the settings
each variant ran follow below. Table text comes from the core (designer/analysis/claims/table.py) in the language
of core messages.
"""

from __future__ import annotations

import threading
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QObject, Qt, QThread, QUrl, Signal, Slot
from PySide6.QtGui import QBrush, QColor, QDesktopServices
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QMenu,
    QProgressBar,
    QPushButton,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from designer.analysis.claims import ClaimsCancelled, ClaimsReport, load_claims, run_claims
from designer.analysis.claims.format import ClaimsFile
from designer.analysis.claims.table import ClaimsTable, claims_table
from designer.model.errors import ProjectError
from designer.sim.workload_spec import WorkloadError
from designer.ui.app import PROJECTS
from designer.ui.threads import end_thread

# verdict colours: the comparison dialog's green and the sweep table's red, readable on light and dark palettes
AGREE, DISAGREE = QColor("#1e7b34"), QColor("#c0392b")
TINT_ALPHA = 48
CLAIMS_FOLDER = PROJECTS / "claims"


class ClaimsWorker(QObject):
    """Runs run_claims() in a worker thread; emits progress, then `done(run_id, report)` or `failed(run_id, text)`."""

    progress = Signal(int, int, int, str)
    done = Signal(int, object)
    failed = Signal(int, str)

    def __init__(self, run_id: int, claims: ClaimsFile) -> None:
        super().__init__()
        self.run_id, self.claims = run_id, claims
        self.cancel = threading.Event()

    @Slot()
    def run(self) -> None:
        try:
            report = run_claims(self.claims, cancel=self.cancel,
                                progress=lambda d, t, what: self.progress.emit(self.run_id, d, t, what))
        except ClaimsCancelled:
            self.failed.emit(self.run_id, QCoreApplication.translate("ClaimsDialog", "Stopped."))
        except (WorkloadError, ProjectError) as exc:
            self.failed.emit(self.run_id, str(exc).splitlines()[0])
        except Exception as exc:  # noqa: BLE001 - a bug must reach the user as a message, not end the thread silently
            text = QCoreApplication.translate("ClaimsDialog", "The claims check failed: {0}: {1}")
            self.failed.emit(self.run_id, text.format(type(exc).__name__, exc))
        else:
            self.done.emit(self.run_id, report)


class ClaimsDialog(QDialog):
    """Open a claims file, run it, read the table of published against simulated figures."""

    run_finished = Signal()      # a run's report (or its failure) has arrived; tests wait on it

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("claims_dialog")
        self.setWindowTitle(self.tr("Check a published claim"))
        self.resize(1280, 720)
        self.report: ClaimsReport | None = None
        self.worker_thread: QThread | None = None
        self.worker: ClaimsWorker | None = None
        self._run_id = 0
        layout = QVBoxLayout(self)
        layout.addLayout(self._file_row())
        self.heading = QLabel(self.tr("Open a claims file: a published comparison with its setups and figures "
                                      "(examples in projects/claims)."))
        self.heading.setWordWrap(True)
        self.heading.setTextFormat(Qt.TextFormat.PlainText)
        bold = self.heading.font()
        bold.setBold(True)
        bold.setPointSizeF(bold.pointSizeF() * 1.15)
        self.heading.setFont(bold)
        self.source = QLabel()
        self.source.setWordWrap(True)
        self.source.setOpenExternalLinks(False)
        self.source.linkActivated.connect(lambda url: QDesktopServices.openUrl(QUrl(url)))
        layout.addWidget(self.heading)
        layout.addWidget(self.source)
        layout.addLayout(self._progress_row())
        layout.addWidget(self._results(), 1)

    def _file_row(self) -> QHBoxLayout:
        row = QHBoxLayout()
        self.path = QLineEdit()
        self.path.setPlaceholderText(self.tr("Claims file (.json)"))
        self.browse = QPushButton(self.tr("Open…"))
        self.browse.clicked.connect(self.choose_file)
        self.run_button = QPushButton(self.tr("Run"))
        self.run_button.setDefault(True)
        self.run_button.setEnabled(False)             # until a file is named
        self.run_button.clicked.connect(self.start_run)
        self.stop_button = QPushButton(self.tr("Stop"))
        self.stop_button.setEnabled(False)
        self.path.textChanged.connect(lambda text: self.run_button.setEnabled(
            bool(text.strip()) and not self.stop_button.isEnabled()))
        self.stop_button.clicked.connect(self.stop_run)
        row.addWidget(QLabel(self.tr("Claims file:")))
        row.addWidget(self.path, 1)
        for button in (self.browse, self.run_button, self.stop_button):
            row.addWidget(button)
        return row

    def _progress_row(self) -> QHBoxLayout:
        row = QHBoxLayout()
        self.status = QLabel()
        self.status.setObjectName("claims_status")
        self.status.setWordWrap(True)
        self.bar = QProgressBar()
        self.bar.setMaximumWidth(260)
        self.bar.setVisible(False)
        row.addWidget(self.status, 1)
        row.addWidget(self.bar)
        return row

    def _results(self) -> QSplitter:
        self.table = QTableWidget(0, 0)
        self.table.setObjectName("claims_table")
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.setWordWrap(False)
        self.verdicts = QListWidget()
        self.verdicts.setObjectName("claims_verdicts")
        self.verdicts.setWordWrap(True)
        self.settings = QListWidget()
        self.settings.setObjectName("claims_settings")
        self.settings.setWordWrap(True)
        lower = QWidget()
        box = QVBoxLayout(lower)
        box.setContentsMargins(0, 0, 0, 0)
        box.addWidget(QLabel(self.tr("Verdicts (ours against the published figure; in brackets ours / published − 1)")))
        box.addWidget(self.verdicts, 3)
        box.addWidget(QLabel(self.tr("Settings each variant ran (they explain the differences), and notes on the "
                                     "setups")))
        box.addWidget(self.settings, 2)
        self.split = QSplitter(Qt.Orientation.Vertical)
        self.split.addWidget(self.table)
        self.split.addWidget(lower)
        self.split.setSizes([380, 260])
        return self.split

    # ---- file and run -------------------------------------------------------------------------
    @Slot()
    def choose_file(self) -> None:
        folder = str(Path(self.path.text()).parent) if self.path.text() else str(CLAIMS_FOLDER)
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Open claims file"), folder,
                                              self.tr("Claims files (*.json);;All files (*)"))
        if path:
            self.open_file(path)

    def open_file(self, path: str) -> bool:
        """Show the file's title and source, and run it; False (with the reason shown) for a bad file."""
        self.path.setText(path)
        return self.start_run()

    @Slot()
    def start_run(self) -> bool:
        """Read the claims file and run it in a worker thread (a run under way is stopped and its results dropped)."""
        self.shutdown()
        if not self.path.text().strip():
            self._show_error(self.tr("Choose a claims file first"))
            return False
        try:
            claims = load_claims(self.path.text().strip())
        except ProjectError as exc:
            self._show_error(exc.one_line())
            return False
        self._show_source(claims)
        self._run_id += 1
        self.worker = ClaimsWorker(self._run_id, claims)
        self.worker_thread = QThread(self)
        self.worker.moveToThread(self.worker_thread)
        self.worker_thread.started.connect(self.worker.run)     # bound slot: runs in the worker thread
        self.worker.progress.connect(self._on_progress)
        self.worker.done.connect(self._on_done)
        self.worker.failed.connect(self._on_failed)
        self.status.setText(self.tr("Building the setups…"))
        self.bar.setVisible(True)
        self.bar.setRange(0, 0)
        self._set_running(True)
        self.worker_thread.start()
        return True

    @Slot()
    def stop_run(self) -> None:
        """Stop: the worker ends at the engine's next check of the cancel event and reports "Stopped." (the window
        does not wait for it)."""
        if self.worker is not None and not self.worker.cancel.is_set():
            self.worker.cancel.set()
            self.status.setText(self.tr("Stopping…"))
            self.stop_button.setEnabled(False)

    def shutdown(self) -> None:
        """Stop a run and wait for its thread (the dialog is closing or starting another run)."""
        if self.worker is not None:
            self.worker.cancel.set()
        self._end_thread()

    def _end_thread(self) -> None:
        end_thread(self.worker_thread)
        self.worker_thread = None
        self.worker = None
        self._set_running(False)

    def _set_running(self, running: bool) -> None:
        self.run_button.setEnabled(not running and bool(self.path.text().strip()))
        self.browse.setEnabled(not running)
        self.stop_button.setEnabled(running)

    def _show_error(self, text: str) -> None:
        self.status.setText(text)
        self.bar.setVisible(False)

    def _show_source(self, claims: ClaimsFile) -> None:
        s = claims.source
        self.heading.setText(claims.title)
        parts = [p for p in (s.publication, s.publisher, s.date) if p.strip()]
        text = self.tr("Source: {0}").format(", ".join(_escape(p) for p in parts))
        if s.url:
            text += f' — <a href="{_escape(s.url)}">{_escape(s.url)}</a>'
        if s.note:
            text += "<br><i>" + _escape(s.note) + "</i>"
        self.source.setText(text)

    @Slot(int, int, int, str)
    def _on_progress(self, run_id: int, done: int, total: int, what: str) -> None:
        if run_id != self._run_id:
            return
        self.bar.setRange(0, max(total, 1))
        self.bar.setValue(done)
        if what:
            self.status.setText(self.tr("Run {0} of {1}: {2}").format(done + 1, total, what))

    @Slot(int, object)
    def _on_done(self, run_id: int, report: ClaimsReport) -> None:
        if run_id != self._run_id:
            return
        self._end_thread()
        self.report = report
        self.bar.setVisible(False)
        table = claims_table(report)
        self.fill(table)
        count = {k: sum(1 for s in table.statuses if s == k) for k in ("agrees", "partly", "disagrees")}
        self.status.setText(self.tr("{0} runs in {1:.1f} s. Of {2} claims, {3} agree with our figures, {4} in part "
                                    "and {5} not at all.").format(report.runs, report.wall_s, len(table.statuses),
                                                                  count["agrees"], count["partly"],
                                                                  count["disagrees"]))
        self.run_finished.emit()

    @Slot(int, str)
    def _on_failed(self, run_id: int, message: str) -> None:
        if run_id != self._run_id:
            return
        self._end_thread()
        self._show_error(message)
        self.run_finished.emit()

    # ---- the results --------------------------------------------------------------------------
    def fill(self, table: ClaimsTable) -> None:
        """The table with ours tinted by verdict, then the verdict and settings lines."""
        self.table.clear()
        self.table.setColumnCount(len(table.headers))
        self.table.setRowCount(len(table.rows))
        self.table.setHorizontalHeaderLabels(table.headers)
        for r, (cells, statuses) in enumerate(zip(table.rows, table.cell_status, strict=True)):
            for c, (text, status) in enumerate(zip(cells, statuses, strict=True)):
                item = QTableWidgetItem(text)
                if 0 < c < len(cells) - 1:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                _tint(item, status)
                self.table.setItem(r, c, item)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        self._fill_lists(table)
        self._fit_table()

    def _fit_table(self) -> None:
        """Give the table the height of its rows (at most two thirds of the results) and the rest to the lines."""
        rows = self.table.verticalHeader().length() + self.table.horizontalHeader().height()
        wanted = rows + 2 * self.table.frameWidth() + self.table.horizontalScrollBar().sizeHint().height()
        total = sum(self.split.sizes())
        table = min(wanted, total * 2 // 3)
        self.split.setSizes([table, total - table])

    def _fill_lists(self, table: ClaimsTable) -> None:
        self.verdicts.clear()
        for line, status in zip(table.verdicts, table.statuses, strict=True):
            entry = QListWidgetItem(line)
            colour = {"agrees": AGREE, "disagrees": DISAGREE}.get(status)
            if colour is not None:
                entry.setForeground(QBrush(colour))
            self.verdicts.addItem(entry)
        self.settings.clear()
        self.settings.addItems(table.settings + table.notes)

    def reject(self) -> None:
        self.shutdown()
        super().reject()


def _tint(item: QTableWidgetItem, status: str) -> None:
    colour = {"agrees": AGREE, "disagrees": DISAGREE}.get(status)
    if colour is None:
        return
    back = QColor(colour)
    back.setAlpha(TINT_ALPHA)
    item.setBackground(QBrush(back))
    item.setToolTip(QCoreApplication.translate("ClaimsDialog", "agrees with the published figure") if status ==
                    "agrees" else QCoreApplication.translate("ClaimsDialog", "disagrees with the published figure"))


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


class ClaimsLauncher(QObject):
    """The Simulate menu's entry and the window's one non-modal claims dialog (made when first opened)."""

    def __init__(self, window: QMainWindow, menu: QMenu) -> None:
        super().__init__(window)
        self.window = window
        self.dialog: ClaimsDialog | None = None
        self.action = menu.addAction(self.tr("Check a published &claim…"), self.open)
        self.action.setObjectName("check_claim")
        self.action.setStatusTip(self.tr("Re-run a published InfiniBand vs RoCEv2 comparison and set its figures "
                                         "beside ours"))

    @Slot()
    def open(self) -> ClaimsDialog:
        if self.dialog is None:
            self.dialog = ClaimsDialog(self.window)
        self.dialog.show()
        self.dialog.raise_()
        self.dialog.activateWindow()
        return self.dialog

    def shutdown(self) -> None:
        if self.dialog is not None:
            self.dialog.shutdown()
