"""The Run panel: a workload chosen with a form (not a spec string), seed, protocol; Run / Pause / Stop;
the headline figures and the three-speeds chart of the last run.

The form shows only what the chosen workload takes: its sizes or model, and the options the workload grammar
(designer/sim/workload_spec.py) accepts for it — the algorithm only for AllReduce, parallelism for training, queue
pairs wherever they apply — so that nothing on the form is silently ignored.
"""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt, Signal, Slot
from PySide6.QtGui import QStandardItemModel
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from designer.model.limits import MAX_QPS
from designer.sim import WorkloadError, parse_workloads
from designer.sim.workload_spec import accepts_option

KINDS = (("AllReduce", "allreduce"), ("AllGather", "allgather"), ("ReduceScatter", "reducescatter"),
         ("AllToAll", "alltoall"), (QT_TRANSLATE_NOOP("RunPanel", "Permutation"), "permutation"),
         (QT_TRANSLATE_NOOP("RunPanel", "Incast"), "incast"), (QT_TRANSLATE_NOOP("RunPanel", "Ping-pong"), "pingpong"),
         (QT_TRANSLATE_NOOP("RunPanel", "Replication to the other site"), "replicate"),
         (QT_TRANSLATE_NOOP("RunPanel", "Checkpoint copy to the other site"), "checkpoint"),
         (QT_TRANSLATE_NOOP("RunPanel", "Training step"), "train"),
         (QT_TRANSLATE_NOOP("RunPanel", "Inference"), "inference"))
SIZED = ("allreduce", "allgather", "reducescatter", "alltoall", "permutation", "pingpong", "incast", "replicate")
MODELLED = ("train", "inference", "checkpoint")
ACROSS_SITES = ("replicate", "checkpoint")          # workloads that copy from one site to another
SIZES = ("64KiB", "1MiB", "16MiB", "64MiB", "256MiB", "1GiB")
DEFAULT_SIZE = {"incast": "16MiB", "permutation": "64MiB", "pingpong": "64KiB"}    # else 256MiB
MODELS = ("7b", "13b", "70b", "405b")
DEFAULT_MODEL = {"train": "7b", "inference": "70b", "checkpoint": "70b"}
PROTOCOLS = ((QT_TRANSLATE_NOOP("RunPanel", "As drawn"), None),
             (QT_TRANSLATE_NOOP("RunPanel", "All back-end InfiniBand"), "ib"),
             (QT_TRANSLATE_NOOP("RunPanel", "All back-end RoCEv2"), "rocev2"))
# options of designs of two sites or more (docs/multi-site.md): (label, value); None is the engine's default
PP_SITES = ((QT_TRANSLATE_NOOP("RunPanel", "Megatron's rank order"), None),
            (QT_TRANSLATE_NOOP("RunPanel", "Half the stages in each site"), "on"),
            (QT_TRANSLATE_NOOP("RunPanel", "Each pipeline inside one site"), "off"))
DP_SITES = ((QT_TRANSLATE_NOOP("RunPanel", "One ring across the sites"), None),
            (QT_TRANSLATE_NOOP("RunPanel", "Hierarchical: inside each site, then across"), "hier"))
CLIENTS = ((QT_TRANSLATE_NOOP("RunPanel", "In the model's site"), None),
           (QT_TRANSLATE_NOOP("RunPanel", "In another site"), "remote"))
SITE_OPTIONS = ("pp_across_sites", "dp_across_sites", "clients")
ALGORITHMS = ((QT_TRANSLATE_NOOP("RunPanel", "Engine's choice"), None), (QT_TRANSLATE_NOOP("RunPanel", "Ring"), "ring"),
              (QT_TRANSLATE_NOOP("RunPanel", "Tree"), "tree"), (QT_TRANSLATE_NOOP("RunPanel", "Hierarchical"), "hier"))


def algorithm_name(algorithm: str) -> str:
    """A collective algorithm as the window names it ("hier" -> "Hierarchical"; an unknown one as it is)."""
    names = {data: text for text, data in ALGORITHMS if data}
    return QCoreApplication.translate("RunPanel", str(names[algorithm])) if algorithm in names else algorithm


def _combo(items, current: str | None = None) -> QComboBox:
    """A combo of (text, data) items (texts marked for translation are shown translated) or plain values."""
    box = QComboBox()
    for item in items:
        text, data = item if isinstance(item, tuple) else (item, item)
        box.addItem(QCoreApplication.translate("RunPanel", text), data)
    if current is not None:
        box.setCurrentIndex(max(box.findData(current), 0))
    return box


def _spin(low: int, high: int, value: int) -> QSpinBox:
    box = QSpinBox()
    box.setRange(low, high)
    box.setValue(value)
    return box


class RunPanel(QWidget):
    """Workload form and run controls; emits run_requested(specs, seed, backend) and pause/stop intents."""

    run_requested = Signal(list, int, object)
    pause_toggled = Signal(bool)
    stop_requested = Signal()
    compare_requested = Signal(list, int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._chosen: set[str] = set()      # fields the user set: a change of workload keeps them
        self._gpus = 0
        self._sites = 1
        self.job_specs: list[str] = []      # the design's jobs (designer/model/jobs.py), as workload specs
        self.use_jobs = QCheckBox()
        self.use_jobs.setToolTip(self.tr("Run every job of the Jobs dock at once, each on its own GPUs, instead of "
                                         "the workload below on every GPU"))
        self.use_jobs.setVisible(False)
        self.use_jobs.toggled.connect(self._show_rows)
        self.workload_form = self._workload_form()
        self.seed = _spin(0, 2**31 - 1, 1)
        self.protocol = _combo(PROTOCOLS)
        self.workload_form.addRow(self.tr("Seed"), self.seed)
        self.workload_form.addRow(self.tr("Protocol"), self.protocol)
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.figures = QLabel(self.tr("No run yet."))
        self.figures.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(self.use_jobs)
        layout.addLayout(self.workload_form)
        layout.addLayout(self._run_buttons())
        layout.addWidget(self.compare_button)
        layout.addWidget(self.message)
        layout.addWidget(self.figures)
        layout.addStretch(1)
        self._show_rows()
        self.set_running(False)

    def _workload_fields(self) -> None:
        """The workload's kind and every option a kind may take (only the kind's own are shown)."""
        self.kind = _combo(KINDS)
        self.size_choice = _combo(SIZES, "256MiB")
        self.senders = _spin(2, 4096, 8)
        self.model = _combo(MODELS, "7b")
        self.requests = QDoubleSpinBox()
        self.requests.setRange(0.1, 1e6)
        self.requests.setValue(100.0)
        self.algo = _combo(ALGORITHMS)
        self.algo.setToolTip(self.tr("Engine's choice: the engine picks; the figures of the run name the algorithm "
                                     "that ran"))
        self.qps = _spin(0, MAX_QPS, 0)               # 0: the segment's own setting (16 on RoCEv2 as recommended)
        self.qps.setSpecialValueText(self.tr("Segment's setting"))
        self.qps.setToolTip(self.tr("Queue pairs each connection opens on RoCEv2, which ECMP spreads over the "
                                    "paths: the segment's setting unless a number is chosen here"))
        self.dp, self.tp, self.pp = _spin(1, 65536, 8), _spin(1, 65536, 8), _spin(1, 65536, 1)
        self.iters = _spin(1, 100000, 10)
        self.pp_sites, self.dp_sites, self.clients = _combo(PP_SITES), _combo(DP_SITES), _combo(CLIENTS)
        for combo in (self.pp_sites, self.dp_sites, self.clients):    # long choices: elided in a narrow dock
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            combo.setMinimumContentsLength(12)
        self.pp_sites.setToolTip(self.tr("Where a training job's pipeline stages stand when the design has two "
                                         "sites: only one stage boundary crosses the span, or none"))
        self.dp_sites.setToolTip(self.tr("How the gradients are exchanged across the sites: one flat ring, or "
                                         "reduced inside each site first and then across"))
        self.clients.setToolTip(self.tr("Where the requests come from: users of the model's own site, or of "
                                        "another site over the long-haul links"))
        for box in (self.tp, self.pp):
            box.valueChanged.connect(lambda _v: self.fit_to_gpus(self._gpus))
        self.kind.currentIndexChanged.connect(self._show_rows)
        self.size_choice.activated.connect(lambda _i: self._chosen.add("size"))
        self.model.activated.connect(lambda _i: self._chosen.add("model"))

    def _workload_form(self) -> QFormLayout:
        """The kind of workload, then a row per option, each with the kinds it is shown for."""
        self._workload_fields()
        # (widget, label, shown for): a string is a grammar option (shown where the grammar accepts it)
        self.rows = [(self.senders, self.tr("Senders"), lambda k: k == "incast"),
                     (self.size_choice, self.tr("Size"), lambda k: k in SIZED),
                     (self.model, self.tr("Model"), lambda k: k in MODELLED),
                     (self.requests, self.tr("Requests / s"), lambda k: k == "inference"),
                     (self.algo, self.tr("Algorithm"), "algo"),
                     (self.dp, self.tr("Data parallel"), "dp"),
                     (self.tp, self.tr("Tensor parallel"), "tp"),
                     (self.pp, self.tr("Pipeline parallel"), "pp"),
                     (self.iters, self.tr("Round trips"), "iters"),
                     (self.pp_sites, self.tr("Pipeline stages"), "pp_across_sites"),
                     (self.dp_sites, self.tr("Gradient exchange"), "dp_across_sites"),
                     (self.clients, self.tr("Clients"), "clients"),
                     (self.qps, self.tr("Queue pairs / flow"), "qps")]
        form = QFormLayout()
        form.addRow(self.tr("Workload"), self.kind)
        for widget, label, _shown in self.rows:
            form.addRow(label, widget)
        return form

    def _run_buttons(self) -> QHBoxLayout:
        """Run, Pause and Stop in a row (returned); Compare IB vs RoCEv2 goes on a row of its own."""
        self.run_button = QPushButton(self.tr("▶ Run"))
        self.pause_button = QPushButton(self.tr("Pause"))
        self.pause_button.setCheckable(True)
        self.stop_button = QPushButton(self.tr("■ Stop"))
        self.compare_button = QPushButton(self.tr("Compare IB vs RoCEv2"))
        self.run_button.setToolTip(self.tr("Simulate this workload on the design (F5)"))
        self.compare_button.setToolTip(self.tr("Run the workload on the design's IB option, then its RoCEv2 option, "
                                               "each on its own hardware (F6)"))
        self.run_button.clicked.connect(self._on_run)
        self.pause_button.toggled.connect(self.pause_toggled)
        self.stop_button.clicked.connect(self.stop_requested)
        self.compare_button.clicked.connect(self._on_compare)
        buttons = QHBoxLayout()
        for button in (self.run_button, self.pause_button, self.stop_button):
            buttons.addWidget(button)
        return buttons

    def current_kind(self) -> str:
        return self.kind.currentData()

    def _shown(self, shown, kind: str) -> bool:
        if isinstance(shown, str):
            if shown in SITE_OPTIONS and self._sites < 2:
                return False
            return accepts_option(kind, shown) and not (shown == "qps" and kind == "inference")
        return bool(shown(kind))

    @Slot(bool)
    @Slot(int)
    def _show_rows(self, *_: object) -> None:
        """Only the rows the chosen workload takes (inference's qps is its request rate, asked for apart)."""
        kind = self.current_kind()
        jobs = self.running_jobs()
        self.workload_form.setRowVisible(self.kind, not jobs)
        for widget, _label, shown in self.rows:
            self.workload_form.setRowVisible(widget, self._shown(shown, kind) and not jobs)
        if "size" not in self._chosen and kind in SIZED:          # each workload's usual size until one is chosen
            self.size_choice.setCurrentIndex(self.size_choice.findData(DEFAULT_SIZE.get(kind, "256MiB")))
        if "model" not in self._chosen and kind in MODELLED:
            self.model.setCurrentIndex(self.model.findData(DEFAULT_MODEL[kind]))

    def visible_options(self) -> list[str]:
        """The labels of the rows shown for the chosen workload (what the user can set)."""
        kind = self.current_kind()
        return [label for _w, label, shown in self.rows if self._shown(shown, kind)]

    def fit_to_sites(self, sites: int) -> None:
        """The workloads that copy between sites can be chosen only in a design of two sites or more; elsewhere
        they are greyed, saying why (and a chosen one gives way to AllReduce). The options of where a job's parts
        stand across the sites are offered only there."""
        self._sites = sites
        model = self.kind.model()
        assert isinstance(model, QStandardItemModel)        # a combo box's own model
        tip = "" if sites >= 2 else self.tr("Needs a design of two sites (New from template… → two sites)")
        for i in range(self.kind.count()):
            if self.kind.itemData(i) in ACROSS_SITES:
                model.item(i).setEnabled(sites >= 2)
                self.kind.setItemData(i, tip or None, Qt.ItemDataRole.ToolTipRole)
        if sites < 2 and self.current_kind() in ACROSS_SITES:
            self.kind.setCurrentIndex(0)
        self._show_rows()

    def fit_to_gpus(self, gpus: int) -> None:
        """Data parallel = the design's GPUs / (tensor x pipeline), so the training form runs as it stands."""
        self._gpus = gpus
        per_replica = self.tp.value() * self.pp.value()
        if gpus > 0 and gpus % per_replica == 0:
            self.dp.setValue(gpus // per_replica)

    def workload_spec(self) -> str:
        """The spec string (the command line's workload grammar) of the form's workload."""
        kind = self.current_kind()
        if kind == "incast":
            parts = [kind, str(self.senders.value()), self.size_choice.currentData()]
        elif kind in SIZED:
            parts = [kind, self.size_choice.currentData()]
        else:
            parts = [kind, self.model.currentData()]
        if kind == "inference":
            parts.append(f"qps={self.requests.value():g}")
        options = {"algo": self.algo.currentData(), "dp": self.dp.value(), "tp": self.tp.value(),
                   "pp": self.pp.value(), "iters": self.iters.value() if self.iters.value() != 10 else None,
                   "qps": self.qps.value() or None,     # None: the segment's setting
                   "pp_across_sites": self.pp_sites.currentData(), "dp_across_sites": self.dp_sites.currentData(),
                   "clients": self.clients.currentData()}
        for _widget, _label, shown in self.rows:
            if isinstance(shown, str) and options.get(shown) is not None and self._shown(shown, kind):
                parts.append(f"{shown}={options[shown]}")
        return ":".join(parts)

    def set_jobs(self, specs: list[str]) -> None:
        """The design's jobs: with some, Run can run them together (and does, until the user says otherwise)."""
        had = bool(self.job_specs)
        self.job_specs = list(specs)
        self.use_jobs.setText(self.tr("Run the design's {0} jobs together").format(len(specs)))
        self.use_jobs.setVisible(bool(specs))
        if specs and not had:
            self.use_jobs.setChecked(True)
        self._show_rows()

    def running_jobs(self) -> bool:
        """Whether Run runs the design's jobs (rather than the form's workload)."""
        return bool(self.job_specs) and self.use_jobs.isChecked()

    def _checked_specs(self) -> list[str] | None:
        if self.running_jobs():
            return list(self.job_specs)
        spec = self.workload_spec()
        try:
            parse_workloads([spec])
        except WorkloadError as exc:
            self.show_message(str(exc), error=True)
            return None
        return [spec]

    @Slot()
    def _on_run(self) -> None:
        specs = self._checked_specs()
        if specs:
            self.run_requested.emit(specs, self.seed.value(), self.protocol.currentData())

    @Slot()
    def _on_compare(self) -> None:
        specs = self._checked_specs()
        if specs:
            self.compare_requested.emit(specs, self.seed.value())

    def show_message(self, text: str, error: bool = False) -> None:
        self.message.setStyleSheet("color: #c0392b;" if error else "")
        self.message.setText(("⚠ " if error else "") + text)

    def show_figures(self, html: str) -> None:
        """The figures of the run that just finished."""
        self.figures.setEnabled(True)
        self.figures.setText(html)

    def clear_figures(self) -> None:
        """Another design is open: no figures, no message of a run on the one before."""
        self.figures.setEnabled(True)
        self.figures.setToolTip("")
        self.figures.setText(self.tr("No run yet."))
        self.show_message("")

    def mark_figures_stale(self) -> None:
        """A new run started: the figures shown are the previous run's, greyed and said to be, until it ends."""
        if self.figures.text() and self.figures.text() != self.tr("No run yet."):
            self.figures.setEnabled(False)
            self.figures.setToolTip(self.tr("The previous run's figures: this run's replace them when it is done"))
            if not self.figures.text().startswith("<p"):
                previous = self.tr("Previous run:")
                self.figures.setText(f"<p><i>{previous}</i></p>" + self.figures.text())

    def set_running(self, running: bool) -> None:
        self.run_button.setEnabled(not running)
        self.compare_button.setEnabled(not running)
        self.pause_button.setEnabled(running)
        self.stop_button.setEnabled(running)
        if not running:
            self.pause_button.blockSignals(True)
            self.pause_button.setChecked(False)
            self.pause_button.blockSignals(False)
