"""The window's export actions: the PDF proposal, canvas images and the hand-over files.

The base class of MainWindow, which provides what is declared below; its texts are translated in MainWindow's
context, where the window looks them up.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, Slot
from PySide6.QtWidgets import QFileDialog, QMainWindow, QMessageBox

from designer.ui.canvas_export import export_png, export_svg
from designer.ui.plain_text import literal

if TYPE_CHECKING:                      # the window's parts import what imports this module
    from designer.catalog.loader import Catalog
    from designer.ui.editor import Editor
    from designer.ui.scene import FabricScene
    from designer.ui.sweep_controller import SweepController
    from designer.ui.view import FabricView


class WindowExports(QMainWindow):
    """File → Export … actions of the main window."""

    # what MainWindow provides
    path: str | None
    catalog: Catalog
    editor: Editor
    scene: FabricScene
    view: FabricView
    sweeps: SweepController

    def _last_dir(self) -> str:
        raise NotImplementedError

    def show_message(self, text: str, error: bool = False) -> None:
        raise NotImplementedError

    @Slot()
    def export_proposal(self) -> None:
        """File → Export PDF proposal…: the dialog checks its inputs and builds the PDF off the UI thread."""
        from designer.ui.export_dialog import ExportProposalDialog

        stem = Path(self.path).stem.removesuffix(".fabric") if self.path else "proposal"
        last_sweep = self.sweeps.last_output   # the window's latest sweep is offered as the appendix
        dialog = ExportProposalDialog(self.editor.doc, self.catalog, str(Path(self._last_dir()) / f"{stem}.pdf"),
                                      self, sweep_path=str(last_sweep) if last_sweep else "",
                                      undo_stack=self.editor.undo_stack)
        written = QCoreApplication.translate("MainWindow", "Proposal written to {0}")
        dialog.finished_path.connect(lambda p: self.show_message(written.format(p)))
        dialog.exec()

    def export_canvas(self, fmt: str, path: str | None = None) -> bool:
        if path is None:
            title = QCoreApplication.translate("MainWindow", "Export canvas as {0}").format(fmt.upper())
            path, _ = QFileDialog.getSaveFileName(self, title, self._last_dir(), f"{fmt.upper()} (*.{fmt})")
            if not path:
                return False
        try:
            if fmt == "png":
                export_png(self.scene, path)
            else:
                export_svg(self.scene, path, self.editor.doc.name)
        except OSError as exc:
            QMessageBox.warning(self, QCoreApplication.translate("MainWindow", "Cannot export"), literal(str(exc)))
            return False
        self.show_message(QCoreApplication.translate("MainWindow", "Exported {0}").format(path))
        return True

    @Slot()
    def export_image(self) -> None:
        """File → Export canvas image…"""
        from designer.ui.image_export_dialog import ImageExportDialog

        view_rect = self.view.mapToScene(self.view.viewport().rect()).boundingRect()
        dialog = ImageExportDialog(self.scene, view_rect, self.editor.doc.name, self._last_dir(), self)
        if dialog.exec():
            self.show_message(QCoreApplication.translate("MainWindow", "Exported {0}").format(dialog.written))

    @Slot()
    def export_handover(self) -> None:
        """File → Export hand-over files…"""
        from designer.ui.handover_dialog import HandoverDialog

        HandoverDialog(self.editor.doc, self._last_dir(), self).exec()

