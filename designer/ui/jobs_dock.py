"""The Jobs dock: the design's jobs with their colours, and the buttons that edit and run them.

A view of the document's `jobs` (designer/model/jobs.py) and of where they run (designer/sim/job_layout.py); it
edits nothing itself: its buttons ask (signals) and the jobs controller pushes the undoable commands.
"""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt, Signal, Slot
from PySide6.QtGui import QColor, QIcon, QPainter, QPixmap
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from designer.model.jobs import DEFAULT_CLASS, Job
from designer.ui.jobs_dialog import split_start
from designer.ui.theme import job_colour

COLUMNS = (QT_TRANSLATE_NOOP("JobsDock", "Job"), QT_TRANSLATE_NOOP("JobsDock", "Workload"),
           QT_TRANSLATE_NOOP("JobsDock", "GPUs"), QT_TRANSLATE_NOOP("JobsDock", "Placement"),
           QT_TRANSLATE_NOOP("JobsDock", "Class"), QT_TRANSLATE_NOOP("JobsDock", "Start"),
           QT_TRANSLATE_NOOP("JobsDock", "Slowdown"))
PLACE_SHORT = {"packed": QT_TRANSLATE_NOOP("JobsDock", "packed"), "spread": QT_TRANSLATE_NOOP("JobsDock", "spread"),
               "random": QT_TRANSLATE_NOOP("JobsDock", "random"),
               "rail-aligned": QT_TRANSLATE_NOOP("JobsDock", "rail-aligned"),
               "all": QT_TRANSLATE_NOOP("JobsDock", "every GPU")}
WORKLOAD_COLUMN, CLASS_COLUMN, SLOWDOWN_COLUMN = 1, 4, 6
TABLE_MIN_ROWS = 4          # the table shows at least this many rows (with its header) however short the dock


def swatch(colour: QColor, px: int = 14) -> QIcon:
    """A square of the job's colour with a white ring and a dark edge: it shows on a selected (blue) row too."""
    pixmap = QPixmap(px, px)
    pixmap.fill(QColor("#202020"))
    painter = QPainter(pixmap)
    painter.fillRect(1, 1, px - 2, px - 2, QColor("#ffffff"))
    painter.fillRect(2, 2, px - 4, px - 4, colour)
    painter.end()
    return QIcon(pixmap)


def placement_text(job: Job) -> str:
    """How the job is placed, as the dock says it."""
    if job.servers:
        return QCoreApplication.translate("JobsDock", "{0} servers").format(len(job.servers))
    key = job.place or ("packed" if job.gpus else "all")
    return QCoreApplication.translate("JobsDock", str(PLACE_SHORT[key]))


class JobsDock(QWidget):
    """The jobs table, its buttons, the heat-map's choice of job and a line of messages."""

    add_requested = Signal()
    edit_requested = Signal(int)
    delete_requested = Signal(int)
    from_selection_requested = Signal()
    run_requested = Signal()
    alone_requested = Signal(int)
    heat_job_chosen = Signal(int)            # -1: every job's traffic

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setObjectName("jobs_table")
        self.table.setHorizontalHeaderLabels([self.tr(str(c)) for c in COLUMNS])
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        self.table.setMinimumHeight(TABLE_MIN_ROWS * self.table.verticalHeader().defaultSectionSize())
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(WORKLOAD_COLUMN, QHeaderView.ResizeMode.Stretch)   # elided; its tooltip has all
        self.table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.table.itemSelectionChanged.connect(self._enable)
        self.table.doubleClicked.connect(lambda index: self.edit_requested.emit(index.row()))
        self.heat_job = QComboBox()
        self.heat_job.setToolTip(self.tr("Colour the cables on the canvas by this job's traffic alone"))
        self.heat_job.currentIndexChanged.connect(lambda i: self.heat_job_chosen.emit(self.heat_job.itemData(i)))
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table, 1)
        layout.addLayout(self._buttons())
        heat = QHBoxLayout()
        heat.addWidget(QLabel(self.tr("Heat-map:")))
        heat.addWidget(self.heat_job, 1)
        layout.addLayout(heat)
        layout.addWidget(self.message)
        self.show_jobs([], {})

    def _buttons(self) -> QGridLayout:
        self.add_button = QPushButton(self.tr("Add…"))
        self.edit_button = QPushButton(self.tr("Edit…"))
        self.delete_button = QPushButton(self.tr("Delete"))
        self.from_selection_button = QPushButton(self.tr("New from selection"))
        self.from_selection_button.setToolTip(self.tr("A new job on the GPUs of the servers selected on the canvas"))
        self.run_button = QPushButton(self.tr("▶ Run jobs together"))
        self.run_button.setToolTip(self.tr("Simulate every job at once on the design (F5 does too while the design "
                                           "has jobs)"))
        self.alone_button = QPushButton(self.tr("What if it ran alone?"))
        self.alone_button.setToolTip(self.tr("Run the selected job by itself on the same GPUs and compare with the "
                                             "last run of the jobs together"))
        self.add_button.clicked.connect(self.add_requested)
        self.edit_button.clicked.connect(lambda: self.edit_requested.emit(self.current_row()))
        self.delete_button.clicked.connect(lambda: self.delete_requested.emit(self.current_row()))
        self.from_selection_button.clicked.connect(self.from_selection_requested)
        self.run_button.clicked.connect(self.run_requested)
        self.alone_button.clicked.connect(lambda: self.alone_requested.emit(self.current_row()))
        grid = QGridLayout()
        for i, button in enumerate((self.add_button, self.edit_button, self.delete_button)):
            grid.addWidget(button, 0, i)
        grid.addWidget(self.from_selection_button, 1, 0)
        grid.addWidget(self.run_button, 1, 1, 1, 2)
        grid.addWidget(self.alone_button, 2, 0, 1, 3)
        return grid

    def current_row(self) -> int:
        rows = self.table.selectionModel().selectedRows()
        return rows[0].row() if rows else -1

    @Slot()
    def _enable(self) -> None:
        chosen = self.current_row() >= 0
        for button in (self.edit_button, self.delete_button, self.alone_button):
            button.setEnabled(chosen)
        self.run_button.setEnabled(self.table.rowCount() > 0)

    def show_jobs(self, jobs: list[Job], gpus: dict[int, int],
                  slowdowns: dict[str, tuple[str, str]] | None = None) -> None:
        """The jobs, with the GPUs each holds where the placement is known (`gpus` by index) and the slowdown
        of those compared alone and together (name -> (ratio text, its tooltip))."""
        row = self.current_row()
        slowdowns = slowdowns or {}
        self.table.setRowCount(len(jobs))
        for k, job in enumerate(jobs):
            workload, start = split_start(job.workload)
            count = gpus.get(k, job.gpus)
            ratio, times = slowdowns.get(job.name, ("", ""))
            cells = (job.name, workload, "" if count is None else f"{count:,}", placement_text(job),
                     str(job.tc if job.tc is not None else DEFAULT_CLASS), start or "0", ratio)
            for c, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setToolTip(self.tr("Traffic class: Ethernet priority (RoCEv2) or virtual lane (InfiniBand)")
                                if c == CLASS_COLUMN else job.spec() if c < SLOWDOWN_COLUMN else times)
                if c == 0:
                    item.setIcon(swatch(job_colour(k)))
                self.table.setItem(k, c, item)
        # the class column only where a job has a class of its own: the workload keeps the room otherwise
        self.table.setColumnHidden(CLASS_COLUMN, all(job.tc in (None, DEFAULT_CLASS) for job in jobs))
        if 0 <= row < len(jobs):
            self.table.selectRow(row)
        self._fill_heat_choice(jobs)
        self._enable()

    def _fill_heat_choice(self, jobs: list[Job]) -> None:
        chosen = self.heat_job.currentData()
        self.heat_job.blockSignals(True)
        self.heat_job.clear()
        self.heat_job.addItem(self.tr("all traffic"), -1)
        for k, job in enumerate(jobs):
            self.heat_job.addItem(swatch(job_colour(k)), self.tr("only {0}'s traffic").format(job.name), k)
        self.heat_job.setCurrentIndex(max(self.heat_job.findData(chosen), 0))
        self.heat_job.blockSignals(False)

    def show_message(self, text: str, error: bool = False) -> None:
        self.message.setStyleSheet("color: #c0392b;" if error else "")
        self.message.setText(("⚠ " if error else "") + text)
