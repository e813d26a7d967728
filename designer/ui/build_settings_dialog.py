"""Build settings: racks and floor, spares, device labels, the optional lines of the bill of materials.

Every value is bounded where it is typed; the device-label rule is checked as it is typed and a bad rule
keeps OK disabled with the reason beside it (designer/model/build_settings.py has the rules).
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Slot
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from designer.i18n.message import text_of
from designer.model.build_settings import BOUNDS, INSTALLATION, PLACEMENTS, BuildSettings, label_rule_problem

CHOICE_TEXT = {
    "middle-of-row": QT_TRANSLATE_NOOP("BuildSettingsDialog", "Middle of row (leaves in the middle of each row)"),
    "end-of-row": QT_TRANSLATE_NOOP("BuildSettingsDialog", "End of row (leaves at the end of each row)"),
    "rail-aligned": QT_TRANSLATE_NOOP("BuildSettingsDialog", "Rail-aligned (a scalable unit per row, leaves in its "
                                                             "middle)"),
    "per-cable": QT_TRANSLATE_NOOP("BuildSettingsDialog", "Per cable"),
    "percent": QT_TRANSLATE_NOOP("BuildSettingsDialog", "Percentage of hardware"),
    "none": QT_TRANSLATE_NOOP("BuildSettingsDialog", "Not included"),
    "auto": QT_TRANSLATE_NOOP("BuildSettingsDialog", "By reach (multimode to 50 m, else single-mode)"),
    "smf": QT_TRANSLATE_NOOP("BuildSettingsDialog", "Single-mode (DR, 100 m)"),
    "mmf": QT_TRANSLATE_NOOP("BuildSettingsDialog", "Multimode (SR, 50 m)"),
}


class BuildSettingsDialog(QDialog):
    def __init__(self, parent: QWidget | None, settings: BuildSettings) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Build settings"))
        self.start = settings
        form = QFormLayout()
        self.fields: dict[str, QWidget] = {}
        self._spin(form, "rack_units", self.tr("U per rack"), settings.rack_units)
        self._number(form, "rack_power_kw", self.tr("Power budget per rack (kW)"), settings.rack_power_kw, 1)
        self._choice(form, "placement", self.tr("Leaf placement"), PLACEMENTS, settings.placement)
        self._spin(form, "racks_per_row", self.tr("Racks per row"), settings.racks_per_row)
        self._number(form, "slack_m", self.tr("Slack per cable (m)"), settings.slack_m, 1)
        self._number(form, "spares_percent", self.tr("Spare cables and optics (%)"), settings.spares_percent, 1)
        self._choice(form, "fibre", self.tr("Optics"), ("auto", "smf", "mmf"), settings.fibre)
        self.rule = QLineEdit(settings.label_rule)
        self.rule.setToolTip(self.tr("Fields: {name} {id} {rack} {row} {u} {role} {kind} {pod} {index}; "
                                     "for example {rack}-U{u:02d} {name}"))
        self.rule_problem = QLabel()
        self.rule_problem.setWordWrap(True)
        form.addRow(self.tr("Device label rule"), self.rule)
        form.addRow("", self.rule_problem)
        self._spin(form, "ufm_appliances", self.tr("Fabric managers per InfiniBand fabric"), settings.ufm_appliances)
        self._check(form, "oob_switch_per_rack", self.tr("Out-of-band management switch per rack"),
                    settings.oob_switch_per_rack)
        self._check(form, "racks_and_pdus", self.tr("Racks and PDUs"), settings.racks_and_pdus)
        self._check(form, "fibre_trunks", self.tr("Fibre trunks between rows"), settings.fibre_trunks)
        self._choice(form, "installation", self.tr("Installation"), INSTALLATION, settings.installation)
        self._number(form, "installation_percent", self.tr("Installation (% of hardware)"),
                     settings.installation_percent, 1)
        self._number(form, "frontend_gbps_per_gpu", self.tr("Front-end per GPU (Gb/s), new designs"),
                     settings.frontend_gbps_per_gpu, 1)
        self._number(form, "storage_gbps_per_gpu", self.tr("Storage read per GPU (Gb/s), new designs"),
                     settings.storage_gbps_per_gpu, 1)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.buttons)
        self.rule.textChanged.connect(self._check_rule)
        self._check_rule()

    # ---- fields -----------------------------------------------------------------------------------
    def _spin(self, form: QFormLayout, name: str, label: str, value: int) -> None:
        box = QSpinBox()
        low, high = _bounds(name)
        box.setRange(int(low), int(high))
        box.setValue(value)
        self.fields[name] = box
        form.addRow(label, box)

    def _number(self, form: QFormLayout, name: str, label: str, value: float, decimals: int) -> None:
        box = QDoubleSpinBox()
        low, high = _bounds(name)
        box.setDecimals(decimals)
        box.setRange(low, high)
        box.setValue(value)
        self.fields[name] = box
        form.addRow(label, box)

    def _choice(self, form: QFormLayout, name: str, label: str, choices: tuple[str, ...], value: str) -> None:
        box = QComboBox()
        for key in choices:
            box.addItem(QCoreApplication.translate("BuildSettingsDialog", str(CHOICE_TEXT[key])), key)
        box.setCurrentIndex(max(0, choices.index(value) if value in choices else 0))
        self.fields[name] = box
        form.addRow(label, box)

    def _check(self, form: QFormLayout, name: str, label: str, value: bool) -> None:
        box = QCheckBox()
        box.setChecked(value)
        self.fields[name] = box
        form.addRow(label, box)

    @Slot()
    def _check_rule(self) -> None:
        problem = label_rule_problem(self.rule.text())
        self.rule_problem.setText(text_of(problem) if problem is not None else "")
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(problem is None)

    def settings(self) -> BuildSettings:
        """The settings as entered (every field is bounded, the rule checked)."""
        values: dict[str, object] = {"label_rule": self.rule.text()}
        for name, box in self.fields.items():
            if isinstance(box, QComboBox):
                values[name] = box.currentData()
            elif isinstance(box, QCheckBox):
                values[name] = box.isChecked()
            elif isinstance(box, QSpinBox):
                values[name] = int(box.value())
            elif isinstance(box, QDoubleSpinBox):
                values[name] = float(box.value())
        return replace(self.start, **values)  # type: ignore[arg-type]  # each field's type by its widget


def _bounds(name: str) -> tuple[float, float]:
    """A setting's range; every setting the dialog offers is bounded on both sides."""
    low, high = BOUNDS[name]
    assert low is not None and high is not None, name
    return low, high
