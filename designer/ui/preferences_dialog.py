"""Edit → Preferences…: the language of the window (stored with QSettings; takes effect after a restart)."""

from __future__ import annotations

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLabel, QVBoxLayout, QWidget

from designer.ui.language import CHOICES, SETTING


class PreferencesDialog(QDialog):
    """Language choice; the note says it applies at the next start, since widgets are built once."""

    def __init__(self, settings: QSettings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.settings = settings
        self.setWindowTitle(self.tr("Preferences"))
        self.language = QComboBox()
        for code, name in CHOICES:
            self.language.addItem(self.tr("System default") if not code else name, code)
        current = str(settings.value(SETTING, "") or "")
        self.language.setCurrentIndex(max(0, self.language.findData(current)))
        self.language.setToolTip(self.tr("Language of the window, the messages and new PDF proposals"))
        form = QFormLayout()
        form.addRow(self.tr("Language"), self.language)
        note = QLabel(self.tr("The language takes effect after you restart Fabric Designer."))
        note.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(note)
        layout.addWidget(buttons)

    def accept(self) -> None:
        self.settings.setValue(SETTING, self.language.currentData() or "")
        super().accept()
