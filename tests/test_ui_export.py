"""File → Export PDF proposal…: the dialog refuses bad input where it is typed (logo, workloads, budget, output, no
section) with a message, builds the PDF off the UI thread with the typed cover text and requirements, keeps the
requirements and risks with the design as an undoable edit, and the window's action opens it."""

from __future__ import annotations

import glob
import re
import threading
from pathlib import Path

import pytest
from pypdf import PdfReader
from PySide6.QtGui import QColor, QImage

import designer.sim
from designer.catalog.money import format_money
from designer.model.fileformat import load
from designer.topology.cost import cost_report
from designer.ui.export_dialog import ExportProposalDialog
from designer.ui.main_window import MainWindow
from tests.waits import BACKGROUND_WORK_MS

PROJECTS = sorted(glob.glob(str(Path(__file__).resolve().parent.parent / "projects" / "*.json")))
SMALL = next(p for p in PROJECTS if p.endswith("small-rocev2-pod.json"))


@pytest.fixture
def dialog(qtbot, tmp_path):
    d = ExportProposalDialog(load(SMALL), None, str(tmp_path / "proposal.pdf"))
    qtbot.addWidget(d)
    d.show()
    return d


def pdf_text(path: Path) -> str:
    return re.sub(r"\s+", " ", " ".join(p.extract_text() for p in PdfReader(str(path)).pages))


def test_a_file_that_is_not_an_image_is_refused_as_logo_with_a_message(dialog, tmp_path):
    bad = tmp_path / "logo.png"
    bad.write_text("this is not a picture")
    dialog.logo.setText(str(bad))
    assert not dialog.export_button.isEnabled()
    assert "Logo" in dialog.message.text() and "logo.png" in dialog.message.text()
    dialog.logo.setText(str(tmp_path / "missing.png"))
    assert "no such file" in dialog.message.text()
    dialog.start_export()                                   # even forced, nothing is built
    assert dialog.worker_thread is None and not (tmp_path / "proposal.pdf").exists()
    dialog.logo.setText("")
    assert dialog.export_button.isEnabled() and dialog.message.text() == ""


def test_bad_workload_output_and_empty_sections_are_refused(dialog, tmp_path):
    dialog.workloads.setText("allreduce:lots")
    assert not dialog.export_button.isEnabled() and "allreduce:lots" in dialog.message.text()
    dialog.workloads.setText("allreduce:64MiB, alltoall:1MiB")
    assert dialog.export_button.isEnabled()
    dialog.output.setText(str(tmp_path / "proposal.txt"))
    assert ".pdf" in dialog.message.text() and not dialog.export_button.isEnabled()
    dialog.output.setText(str(tmp_path / "no-such-folder" / "p.pdf"))
    assert "does not exist" in dialog.message.text()
    dialog.output.setText(str(tmp_path / "p.pdf"))
    for box in dialog.section_boxes.values():
        box.setChecked(False)
    assert "Sections" in dialog.message.text() and not dialog.export_button.isEnabled()


def test_english_and_chinese_are_offered(dialog):
    model = dialog.language.model()
    codes = [dialog.language.itemData(i) for i in range(dialog.language.count())]
    assert codes[0] == "en" and dialog.language.currentData() == "en"
    assert model.item(codes.index("zh_CN")).isEnabled()


def test_good_input_writes_the_pdf_off_the_ui_thread(dialog, qtbot, tmp_path, monkeypatch):
    logo = tmp_path / "logo.png"
    image = QImage(120, 40, QImage.Format.Format_RGB32)
    image.fill(QColor("#0B4F8A"))
    assert image.save(str(logo))
    threads = []
    real = designer.sim.compare

    def recording(*args, **kwargs):
        threads.append(threading.current_thread() is threading.main_thread())
        return real(*args, **kwargs)

    monkeypatch.setattr(designer.sim, "compare", recording)
    dialog.title.setText("Proposal <b>&amp; 甲</b>")
    dialog.customer.setText("Acme AI Lab")
    dialog.author.setText("J. Architect")
    dialog.logo.setText(str(logo))
    dialog.workloads.setText("allreduce:64MiB")
    dialog.currency.setCurrentIndex(dialog.currency.findData("CNY"))
    for name in ("topology", "facts", "resilience"):
        dialog.section_boxes[name].setChecked(False)
    assert dialog.export_button.isEnabled()
    with qtbot.waitSignal(dialog.finished_path, timeout=BACKGROUND_WORK_MS) as blocker:
        dialog.export_button.click()
        assert dialog.progress.isVisible() and not dialog.close_button.isEnabled()
    out = Path(blocker.args[0])
    assert out == tmp_path / "proposal.pdf" and out.stat().st_size > 10_000
    assert threads == [False]                 # the engine ran, and not on the UI thread
    text = pdf_text(out)
    assert "Proposal <b>&amp; 甲</b>" in text and "Acme AI Lab" in text and "J. Architect" in text
    assert "AllReduce of 64 MiB across all GPUs" in text
    cny = cost_report(load(SMALL), currency="CNY")
    assert format_money(cny.capex, "CNY") in text          # the chosen currency, not the design's USD
    contents = text.split("Contents", 1)[1][:600]
    assert "Design " not in contents and "Resilience" not in contents   # unchecked sections are not listed
    assert dialog.open_button.isVisible() and "written" in dialog.message.text()
    assert dialog.close_button.isEnabled() and dialog.worker_thread is None


def test_window_action_is_enabled_and_opens_the_dialog(qtbot, monkeypatch):
    window = MainWindow(load(SMALL), SMALL)
    qtbot.addWidget(window)
    opened = []
    monkeypatch.setattr(ExportProposalDialog, "exec", lambda self: opened.append(self.output.text()) or 0)
    action = next(a for a in window.actions() if a.text() == "Export &PDF proposal…")
    assert action.isEnabled()
    action.trigger()
    assert opened and opened[0].endswith("small-rocev2-pod.pdf")


def test_sweep_appendix_is_checked_where_typed_and_lands_in_the_pdf(dialog, qtbot, tmp_path):
    from designer.analysis.sweep import SweepTask, parse_axes, run_sweep

    dialog.sweep.setText(str(tmp_path / "missing.csv"))
    assert not dialog.export_button.isEnabled() and "Sweep appendix" in dialog.message.text()
    foreign = tmp_path / "foreign.csv"
    foreign.write_text("a,b\n1,2\n", encoding="utf-8")
    dialog.sweep.setText(str(foreign))
    assert not dialog.export_button.isEnabled()
    results = tmp_path / "sweep.csv"
    run_sweep(SweepTask(("allreduce:4MiB",), generate_kind="fat-tree"),
              parse_axes(["gpus=16,32", "backend=ib,rocev2"], generated=True), results, workers=1)
    dialog.sweep.setText(str(results))
    dialog.workloads.setText("allreduce:16MiB")
    for name in ("topology", "simulation", "findings", "assumptions", "facts", "resilience", "acceptance"):
        dialog.section_boxes[name].setChecked(False)
    assert dialog.export_button.isEnabled(), dialog.message.text()
    with qtbot.waitSignal(dialog.finished_path, timeout=BACKGROUND_WORK_MS) as blocker:
        dialog.export_button.click()
    text = pdf_text(Path(blocker.args[0]))
    assert "Appendix" in text and "sweep.csv" in text and "Back-end protocol" in text and "InfiniBand" in text


def test_requirements_are_checked_stated_and_kept_with_the_design_as_an_undoable_edit(qtbot, tmp_path):
    from PySide6.QtGui import QUndoStack

    doc = load(SMALL)
    stack = QUndoStack()
    d = ExportProposalDialog(doc, None, str(tmp_path / "req.pdf"), undo_stack=stack)
    qtbot.addWidget(d)
    d.budget.setText("lots")
    assert not d.export_button.isEnabled() and "Budget" in d.message.text()
    d.budget.setText("25,000,000")
    d.customer.setText("Acme AI Lab")
    d.scale.setText("64 GPUs now, 512 in 2027")
    d.workloads.setText("allreduce:16MiB")
    d.priorities.setCurrentIndex(1)                     # cost first
    d.existing_ethernet.setChecked(True)
    d.fill_derived_risks()
    assert d.risks.rowCount() >= 4 and "Lossless Ethernet" in " ".join(r.risk for r in d.table_risks())
    d.risks.item(0, 2).setText("12 weeks")
    for name in d.section_boxes:
        d.section_boxes[name].setChecked(name in ("scope", "risks"))
    assert d.export_button.isEnabled(), d.message.text()
    with qtbot.waitSignal(d.finished_path, timeout=60_000) as blocker:
        d.export_button.click()
    text = pdf_text(Path(blocker.args[0]))
    assert "64 GPUs now, 512 in 2027" in text and "$25,000,000 of capital cost" in text
    assert "1. total cost of ownership" in text and "fit with the existing Ethernet operations" in text
    assert "12 weeks" in text
    kept = doc.proposal
    assert (kept.customer, kept.budget, kept.priorities[:2]) == ("Acme AI Lab", 25_000_000.0, ["cost", "operations"])
    assert kept.risks[0].lead_time == "12 weeks"
    stack.undo()
    assert doc.proposal.customer == "" and doc.proposal.risks == []
    stack.redo()
    again = ExportProposalDialog(doc, None, str(tmp_path / "again.pdf"))    # the next export starts from them
    qtbot.addWidget(again)
    assert again.customer.text() == "Acme AI Lab" and again.budget.text() == "25,000,000"
    assert again.existing_ethernet.isChecked() and again.priorities.currentIndex() == 1
    assert again.risks.rowCount() == len(kept.risks)
