"""File → Export canvas image…: PNG at a chosen scale, or vector SVG / PDF, of the whole drawing or the view."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QRectF, Slot
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QLabel,
    QLineEdit,
    QWidget,
)

from designer.ui.canvas_export import export_pdf, export_png, export_svg
from designer.ui.form_rows import PROBLEM_STYLE, path_row, show_problem
from designer.ui.plain_text import literal

FORMATS = ("png", "svg", "pdf")


class ImageExportDialog(QDialog):
    """Choose format, scope and (for PNG) scale; validates the output path where it is typed."""

    def __init__(self, scene, view_rect: QRectF, title: str, default_dir: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.scene, self.view_rect, self.title = scene, view_rect, title
        self.setWindowTitle(self.tr("Export canvas image"))
        form = QFormLayout(self)
        self.format = QComboBox()
        for fmt, text in zip(FORMATS, (self.tr("PNG image (pixels)"), self.tr("SVG (vector)"),
                                       self.tr("PDF (vector)")), strict=True):
            self.format.addItem(text, fmt)
        self.format.setToolTip(self.tr("SVG and PDF stay sharp at any zoom; PNG is a picture at the chosen scale"))
        form.addRow(self.tr("Format"), self.format)
        self.scope = QComboBox()
        self.scope.addItem(self.tr("The whole drawing"), "all")
        self.scope.addItem(self.tr("The current view"), "view")
        form.addRow(self.tr("What"), self.scope)
        self.scale = QDoubleSpinBox()
        self.scale.setRange(0.25, 8.0)
        self.scale.setSingleStep(0.5)
        self.scale.setValue(2.0)
        self.scale.setSuffix(self.tr(" px per unit"))
        self.scale.setToolTip(self.tr("2 gives sharp images on high-DPI screens and in slides"))
        form.addRow(self.tr("PNG scale"), self.scale)
        self.path = QLineEdit(str(Path(default_dir) / "fabric.png"))
        form.addRow(self.tr("File"), path_row(self.path, self.tr("Browse…"), self._browse))
        self.message = QLabel()
        self.message.setWordWrap(True)
        form.addRow(self.message)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.export)
        self.buttons.rejected.connect(self.reject)
        form.addRow(self.buttons)
        self.format.currentIndexChanged.connect(self._format_changed)
        self.path.textChanged.connect(self._validate)
        self._validate()

    def chosen_format(self) -> str:
        return self.format.currentData()

    @Slot()
    def _format_changed(self) -> None:
        fmt = self.chosen_format()
        self.scale.setEnabled(fmt == "png")
        p = Path(self.path.text())
        if p.suffix.lower().lstrip(".") in FORMATS:
            self.path.setText(str(p.with_suffix("." + fmt)))
        self._validate()

    @Slot()
    def _browse(self) -> None:
        fmt = self.chosen_format()
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Export canvas image"), self.path.text(),
                                              f"{fmt.upper()} (*.{fmt})")
        if path:
            self.path.setText(path)

    def problem(self) -> str | None:
        """What is wrong with the chosen file, or None."""
        p = Path(self.path.text().strip())
        fmt = self.chosen_format()
        if not self.path.text().strip():
            return self.tr("Choose a file to write.")
        if p.suffix.lower() != "." + fmt:
            return self.tr("The file name must end in .{0}").format(fmt)
        if not p.parent.is_dir():
            return self.tr("The folder {0} does not exist.").format(str(p.parent))
        return None

    @Slot()
    def _validate(self) -> None:
        show_problem(self.message, self.buttons.button(QDialogButtonBox.StandardButton.Save), self.problem())

    @Slot()
    def export(self) -> None:
        if self.problem():
            return
        source = self.view_rect if self.scope.currentData() == "view" else None
        path, fmt = self.path.text().strip(), self.chosen_format()
        try:
            if fmt == "png":
                export_png(self.scene, path, self.scale.value(), source)
            elif fmt == "svg":
                export_svg(self.scene, path, self.title, source)
            else:
                export_pdf(self.scene, path, self.title, source)
        except OSError as exc:
            self.message.setText(literal(str(exc)))
            self.message.setStyleSheet(PROBLEM_STYLE)
            return
        self.written = path
        self.accept()
