"""File → Export hand-over files…: cabling plan, bill of materials, GraphML, DOT and containerlab, in one go.

The same writers as `fabric-designer export`, so the window and the command line give the same files.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Slot
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QLabel,
    QLineEdit,
    QWidget,
)

from designer.export.bom_export import write_bom
from designer.export.cabling_plan import write_cabling_plan
from designer.export.containerlab import write_containerlab
from designer.export.dot import write_dot
from designer.export.graphml_io import write_graphml
from designer.model.document import FabricDocument
from designer.model.errors import ProjectError
from designer.ui.form_rows import PROBLEM_STYLE, path_row, show_problem
from designer.ui.plain_text import literal


def _slug(name: str) -> str:
    keep = "".join(c if c.isalnum() or c in "-_" else "-" for c in name.strip())
    return keep.strip("-") or "fabric"


class HandoverDialog(QDialog):
    """Pick the files and a folder; writes them and lists what was written (or the one-line problem)."""

    def __init__(self, doc: FabricDocument, default_dir: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.doc = doc
        self.written: list[str] = []
        self.setWindowTitle(self.tr("Export hand-over files"))
        form = QFormLayout(self)
        self.cabling = QCheckBox(self.tr("Cabling plan (one row per cable, with its label)"))
        self.bom = QCheckBox(self.tr("Bill of materials"))
        self.table_format = QComboBox()
        self.table_format.addItem(self.tr("Excel workbook (.xlsx)"), "xlsx")
        self.table_format.addItem(self.tr("CSV (.csv)"), "csv")
        self.graphml = QCheckBox(self.tr("GraphML (reopens in Fabric Designer and other graph tools)"))
        self.dot = QCheckBox(self.tr("Graphviz DOT"))
        self.clab = QCheckBox(self.tr("containerlab topology of the Ethernet parts"))
        for box in (self.cabling, self.bom):
            box.setChecked(True)
        for box in (self.cabling, self.bom, self.graphml, self.dot, self.clab):
            form.addRow(box)
            box.toggled.connect(self._validate)
        form.addRow(self.tr("Tables as"), self.table_format)
        self.currency = QComboBox()
        for cur in ("USD", "CNY"):
            self.currency.addItem(cur, cur)
        self.currency.setCurrentIndex(0 if doc.assumptions.currency == "USD" else 1)
        form.addRow(self.tr("Currency"), self.currency)
        self.folder = QLineEdit(default_dir)
        form.addRow(self.tr("Folder"), path_row(self.folder, self.tr("Browse…"), self._browse))
        self.message = QLabel()
        self.message.setWordWrap(True)
        form.addRow(self.message)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Close)
        self.buttons.accepted.connect(self.export)
        self.buttons.rejected.connect(self.reject)
        form.addRow(self.buttons)
        self.folder.textChanged.connect(self._validate)
        self._validate()

    @Slot()
    def _browse(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, self.tr("Export hand-over files"), self.folder.text())
        if folder:
            self.folder.setText(folder)

    def problem(self) -> str | None:
        if not any(b.isChecked() for b in (self.cabling, self.bom, self.graphml, self.dot, self.clab)):
            return self.tr("Choose at least one file to write.")
        if not Path(self.folder.text().strip()).is_dir():
            return self.tr("The folder {0} does not exist.").format(self.folder.text().strip())
        return None

    @Slot()
    def _validate(self) -> None:
        show_problem(self.message, self.buttons.button(QDialogButtonBox.StandardButton.Save), self.problem())

    def planned(self) -> list[tuple[str, Path]]:
        """(what, path) of each file the dialog will write."""
        base = Path(self.folder.text().strip()) / _slug(self.doc.name)
        ext = self.table_format.currentData()
        out = []
        if self.cabling.isChecked():
            out.append(("cabling", Path(f"{base}-cabling.{ext}")))
        if self.bom.isChecked():
            out.append(("bom", Path(f"{base}-bom.{ext}")))
        if self.graphml.isChecked():
            out.append(("graphml", Path(f"{base}.graphml")))
        if self.dot.isChecked():
            out.append(("dot", Path(f"{base}.dot")))
        if self.clab.isChecked():
            out.append(("containerlab", Path(f"{base}.clab.yml")))
        return out

    @Slot()
    def export(self) -> None:
        if self.problem():
            return
        self.written = []
        try:
            for what, path in self.planned():
                if what == "cabling":
                    write_cabling_plan(self.doc, path)
                elif what == "bom":
                    write_bom(self.doc, path, currency=self.currency.currentData())
                elif what == "graphml":
                    write_graphml(self.doc, path)
                elif what == "dot":
                    write_dot(self.doc, path)
                else:
                    write_containerlab(self.doc, path)
                self.written.append(str(path))
        except (ProjectError, ValueError, OSError) as exc:
            text = exc.one_line() if isinstance(exc, ProjectError) else str(exc)
            self.message.setText(literal(text))
            self.message.setStyleSheet(PROBLEM_STYLE)
            return
        self.message.setStyleSheet("")
        self.message.setText(self.tr("Wrote {0} file(s) to {1}").format(len(self.written),
                                                                       self.folder.text().strip()))
