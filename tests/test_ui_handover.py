"""Hand-over exports from the window: canvas images (PNG scale, vector SVG/PDF, view or whole) and files."""

import csv
import zipfile
from pathlib import Path

from PySide6.QtCore import QRectF
from PySide6.QtGui import QImage

from designer.export.cabling_plan import cabling_rows
from designer.model import fileformat
from designer.ui.handover_dialog import HandoverDialog
from designer.ui.image_export_dialog import ImageExportDialog
from designer.ui.main_window import MainWindow

EXAMPLE = Path(__file__).resolve().parents[1] / "projects" / "small-rocev2-pod.json"


def window(qtbot):
    w = MainWindow()
    qtbot.addWidget(w)
    w.open_path(str(EXAMPLE), ask=False)
    return w


def test_png_scale_and_view_scope(qtbot, tmp_path):
    w = window(qtbot)
    d = ImageExportDialog(w.scene, QRectF(0, 0, 200, 100), "pod", str(tmp_path), w)
    d.format.setCurrentIndex(0)
    d.scale.setValue(1.0)
    d.path.setText(str(tmp_path / "whole.png"))
    d.export()
    whole = QImage(str(tmp_path / "whole.png"))
    d2 = ImageExportDialog(w.scene, QRectF(0, 0, 200, 100), "pod", str(tmp_path), w)
    d2.scale.setValue(3.0)
    d2.scope.setCurrentIndex(1)                     # the current view: 200 x 100 scene units
    d2.path.setText(str(tmp_path / "view.png"))
    d2.export()
    view = QImage(str(tmp_path / "view.png"))
    assert (view.width(), view.height()) == (600, 300)
    assert whole.width() > 200 and not whole.isNull()


def test_pdf_and_svg_are_vector(qtbot, tmp_path):
    w = window(qtbot)
    for fmt_index, name in ((1, "c.svg"), (2, "c.pdf")):
        d = ImageExportDialog(w.scene, QRectF(), "pod", str(tmp_path), w)
        d.format.setCurrentIndex(fmt_index)
        d.path.setText(str(tmp_path / name))
        d.export()
    svg = (tmp_path / "c.svg").read_text()
    assert "<path" in svg and svg.count("<image") < 20          # cables and boxes are paths, not one bitmap
    pdf = (tmp_path / "c.pdf").read_bytes()
    assert pdf.startswith(b"%PDF")
    from pypdf import PdfReader

    page = PdfReader(str(tmp_path / "c.pdf")).pages[0]
    ops = page.get_contents().get_data().decode("latin1")
    assert ops.count(" l\n") >= len(w.editor.doc.links)        # every cable is a vector line
    assert float(page.mediabox.width) > 300


def test_bad_path_is_refused_where_typed(qtbot, tmp_path):
    w = window(qtbot)
    d = ImageExportDialog(w.scene, QRectF(), "pod", str(tmp_path), w)
    d.path.setText(str(tmp_path / "nowhere" / "x.png"))
    assert "does not exist" in d.message.text()
    d.path.setText(str(tmp_path / "x.jpg"))
    assert ".png" in d.message.text()
    assert not (tmp_path / "x.jpg").exists()


def test_handover_dialog_writes_the_same_files_as_the_command_line(qtbot, tmp_path):
    w = window(qtbot)
    d = HandoverDialog(w.editor.doc, str(tmp_path), w)
    for box in (d.graphml, d.dot, d.clab):
        box.setChecked(True)
    d.table_format.setCurrentIndex(1)                # CSV
    d.export()
    names = sorted(Path(p).name for p in d.written)
    assert len(names) == 5, d.message.text()
    cabling = next(Path(p) for p in d.written if p.endswith("-cabling.csv"))
    rows = list(csv.DictReader(cabling.open(encoding="utf-8-sig")))
    assert len(rows) == len(cabling_rows(w.editor.doc))
    assert sum(r["plane"] != "management" for r in rows) == len(w.editor.doc.links)   # one run per link
    graphml = next(p for p in d.written if p.endswith(".graphml"))
    from designer.export.graphml_io import read_graphml

    assert fileformat.dumps(read_graphml(graphml)) == fileformat.dumps(w.editor.doc)
    d.table_format.setCurrentIndex(0)                # XLSX opens as a workbook
    d.export()
    xlsx = next(p for p in d.written if p.endswith("-bom.xlsx"))
    assert zipfile.is_zipfile(xlsx)


def test_handover_dialog_needs_a_choice_and_a_folder(qtbot, tmp_path):
    w = window(qtbot)
    d = HandoverDialog(w.editor.doc, str(tmp_path / "missing"), w)
    assert "does not exist" in d.message.text()
    d.folder.setText(str(tmp_path))
    for box in (d.cabling, d.bom):
        box.setChecked(False)
    assert "at least one" in d.message.text()
    d.export()
    assert d.written == []
