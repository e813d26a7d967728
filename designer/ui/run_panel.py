"""The Run panel: a workload chosen with a form (not a spec string), seed, protocol; Run / Pause / Stop;
the headline figures and the three-speeds chart of the last run."""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from designer.sim import WorkloadError, parse_workloads

COLLECTIVES = (("AllReduce", "allreduce"), ("AllGather", "allgather"), ("ReduceScatter", "reducescatter"),
               ("AllToAll", "alltoall"))
SIZES = ("64KiB", "1MiB", "16MiB", "64MiB", "256MiB", "1GiB")
MODELS = ("7b", "13b", "70b", "405b")
PROTOCOLS = ((QT_TRANSLATE_NOOP("RunPanel", "As drawn"), None),
             (QT_TRANSLATE_NOOP("RunPanel", "All back-end InfiniBand"), "ib"),
             (QT_TRANSLATE_NOOP("RunPanel", "All back-end RoCEv2"), "rocev2"))
ALGORITHMS = ((QT_TRANSLATE_NOOP("RunPanel", "Ring"), "ring"), (QT_TRANSLATE_NOOP("RunPanel", "Tree"), "tree"),
              (QT_TRANSLATE_NOOP("RunPanel", "Hierarchical"), "hier"))


def _combo(items, current: str | None = None) -> QComboBox:
    """A combo of (text, data) items (texts marked for translation are shown translated) or plain values."""
    box = QComboBox()
    for item in items:
        text, data = item if isinstance(item, tuple) else (item, item)
        box.addItem(QCoreApplication.translate("RunPanel", text), data)
    if current is not None:
        box.setCurrentIndex(max(box.findData(current), 0))
    return box


class RunPanel(QWidget):
    """Workload form and run controls; emits run_requested(specs, seed, backend) and pause/stop intents."""

    run_requested = Signal(list, int, object)
    pause_toggled = Signal(bool)
    stop_requested = Signal()
    compare_requested = Signal(list, int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.kind = QComboBox()
        self.forms = QStackedWidget()
        # collective
        self.coll = _combo(COLLECTIVES)
        self.coll_size = _combo(SIZES, "256MiB")
        self.coll_algo = _combo(ALGORITHMS)
        self._add_form(self.tr("Collective"), [(self.tr("Operation"), self.coll),
                                               (self.tr("Size"), self.coll_size),
                                               (self.tr("Algorithm"), self.coll_algo)])
        # training
        self.model = _combo(MODELS, "7b")
        self.dp, self.tp, self.pp = QSpinBox(), QSpinBox(), QSpinBox()
        for box, value in ((self.dp, 8), (self.tp, 8), (self.pp, 1)):
            box.setRange(1, 65536)
            box.setValue(value)
        self._gpus = 0
        for box in (self.tp, self.pp):
            box.valueChanged.connect(lambda _v: self.fit_to_gpus(self._gpus))
        self._add_form(self.tr("Training step"), [(self.tr("Model"), self.model),
                                                  (self.tr("Data parallel"), self.dp),
                                                  (self.tr("Tensor parallel"), self.tp),
                                                  (self.tr("Pipeline parallel"), self.pp)])
        # inference
        self.inf_model = _combo(MODELS, "70b")
        self.qps = QDoubleSpinBox()
        self.qps.setRange(0.1, 1e6)
        self.qps.setValue(100.0)
        self._add_form(self.tr("Inference"), [(self.tr("Model"), self.inf_model), (self.tr("Requests / s"), self.qps)])
        # incast
        self.senders = QSpinBox()
        self.senders.setRange(2, 4096)
        self.senders.setValue(8)
        self.incast_size = _combo(SIZES, "16MiB")
        self._add_form(self.tr("Incast"), [(self.tr("Senders"), self.senders),
                                           (self.tr("Size each"), self.incast_size)])
        # permutation
        self.perm_size = _combo(SIZES, "64MiB")
        self.perm_qps = QSpinBox()
        self.perm_qps.setRange(1, 64)
        self.perm_qps.setValue(1)
        self._add_form(self.tr("Permutation"), [(self.tr("Size each"), self.perm_size),
                                                (self.tr("Queue pairs / flow"), self.perm_qps)])
        self.kind.currentIndexChanged.connect(self.forms.setCurrentIndex)
        self.seed = QSpinBox()
        self.seed.setRange(0, 2**31 - 1)
        self.seed.setValue(1)
        self.protocol = _combo(PROTOCOLS)
        self.run_button = QPushButton(self.tr("▶ Run"))
        self.pause_button = QPushButton(self.tr("Pause"))
        self.pause_button.setCheckable(True)
        self.stop_button = QPushButton(self.tr("■ Stop"))
        self.compare_button = QPushButton(self.tr("Compare IB vs RoCEv2"))
        self.run_button.setToolTip(self.tr("Simulate this workload on the design (F5)"))
        self.compare_button.setToolTip(self.tr("Run the workload with every back-end segment as IB, then as RoCEv2 "
                                               "(F6)"))
        self.run_button.clicked.connect(self._on_run)
        self.pause_button.toggled.connect(self.pause_toggled)
        self.stop_button.clicked.connect(self.stop_requested)
        self.compare_button.clicked.connect(self._on_compare)
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.figures = QLabel(self.tr("No run yet."))
        self.figures.setWordWrap(True)
        form = QFormLayout()
        form.addRow(self.tr("Workload"), self.kind)
        form.addRow(self.forms)
        form.addRow(self.tr("Seed"), self.seed)
        form.addRow(self.tr("Protocol"), self.protocol)
        buttons = QHBoxLayout()
        for b in (self.run_button, self.pause_button, self.stop_button):
            buttons.addWidget(b)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addLayout(buttons)
        layout.addWidget(self.compare_button)
        layout.addWidget(self.message)
        layout.addWidget(self.figures)
        layout.addStretch(1)
        self.set_running(False)

    def fit_to_gpus(self, gpus: int) -> None:
        """Data parallel = the design's GPUs / (tensor x pipeline), so the training form runs as it stands."""
        self._gpus = gpus
        per_replica = self.tp.value() * self.pp.value()
        if gpus > 0 and gpus % per_replica == 0:
            self.dp.setValue(gpus // per_replica)

    def _add_form(self, name: str, rows: list[tuple[str, QWidget]]) -> None:
        page = QWidget()
        form = QFormLayout(page)
        form.setContentsMargins(0, 0, 0, 0)
        for label, widget in rows:
            form.addRow(label, widget)
        self.forms.addWidget(page)
        self.kind.addItem(name)

    def workload_spec(self) -> str:
        """The DESIGN.md §3 spec string of the form's workload."""
        kind = self.kind.currentIndex()
        if kind == 0:
            algo = self.coll_algo.currentData()
            op = self.coll.currentData()
            return f"{op}:{self.coll_size.currentData()}" + (f":algo={algo}" if op == "allreduce" else "")
        if kind == 1:
            return f"train:{self.model.currentData()}:dp={self.dp.value()}:tp={self.tp.value()}:pp={self.pp.value()}"
        if kind == 2:
            return f"inference:{self.inf_model.currentData()}:qps={self.qps.value():g}"
        if kind == 3:
            return f"incast:{self.senders.value()}:{self.incast_size.currentData()}"
        return f"permutation:{self.perm_size.currentData()}:qps={self.perm_qps.value()}"

    def _checked_specs(self) -> list[str] | None:
        spec = self.workload_spec()
        try:
            parse_workloads([spec])
        except WorkloadError as exc:
            self.show_message(str(exc), error=True)
            return None
        return [spec]

    def _on_run(self) -> None:
        specs = self._checked_specs()
        if specs:
            self.run_requested.emit(specs, self.seed.value(), self.protocol.currentData())

    def _on_compare(self) -> None:
        specs = self._checked_specs()
        if specs:
            self.compare_requested.emit(specs, self.seed.value())

    def show_message(self, text: str, error: bool = False) -> None:
        self.message.setStyleSheet("color: #c0392b;" if error else "")
        self.message.setText(("⚠ " if error else "") + text)

    def set_running(self, running: bool) -> None:
        self.run_button.setEnabled(not running)
        self.compare_button.setEnabled(not running)
        self.pause_button.setEnabled(running)
        self.stop_button.setEnabled(running)
        if not running:
            self.pause_button.blockSignals(True)
            self.pause_button.setChecked(False)
            self.pause_button.blockSignals(False)
