"""The window against hostile files: a refusal that quotes markup from the file (an id such as <img src=...>) is
shown character for character, never rendered; a file with half a UTF-16 pair is refused with its place; a
document holding one (built in code) still autosaves and saves."""

from __future__ import annotations

import json

import pytest
from PySide6.QtGui import Qt, QTextDocument
from PySide6.QtWidgets import QMessageBox

from designer.model import fileformat
from designer.ui.main_window import MainWindow
from designer.ui.plain_text import literal
from tests.factories import two_server_doc

MARKUP = '<img src="/etc/passwd"><b>bold</b> &amp; <a href="http://evil.example/">x</a>'


def _shown(text: str) -> str:
    """What a QMessageBox or QLabel in automatic text format shows for `text`."""
    doc = QTextDocument()
    if Qt.mightBeRichText(text):
        doc.setHtml(text)
    else:
        doc.setPlainText(text)
    return doc.toPlainText()


@pytest.mark.parametrize("text", [MARKUP, "plain & simple", "a &lt; b", "机架 <b>一</b>", "no markup at all"])
def test_literal_text_is_shown_character_for_character(qapp, text):
    assert _shown(literal(text)) == text


@pytest.fixture
def window(qtbot, monkeypatch):
    w = MainWindow(two_server_doc())
    qtbot.addWidget(w)
    yield w
    w.autosaver.stop()
    w.editor.undo_stack.setClean()


def test_a_refusal_quoting_markup_from_the_file_is_shown_literally(window, tmp_path, monkeypatch):
    data = json.loads(fileformat.dumps(two_server_doc()))
    data["links"][0]["a"]["node"] = MARKUP
    path = tmp_path / "d.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _parent, _title, text: shown.append(text))
    assert window.open_path(str(path), ask=False) is False
    (text,) = shown
    assert MARKUP in _shown(text)


def test_a_file_with_half_a_utf16_pair_is_refused_with_its_place(window, tmp_path, monkeypatch):
    data = json.loads(fileformat.dumps(two_server_doc()))
    data["nodes"][1]["label"] = "half \ud800 pair"
    path = tmp_path / "d.json"
    path.write_text(json.dumps(data), encoding="utf-8")            # ensure_ascii: the file holds "\ud800"
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _parent, _title, text: shown.append(text))
    assert window.open_path(str(path), ask=False) is False
    assert "nodes[1].label: holds U+D800" in shown[0]


def test_autosave_and_save_never_fail_on_an_unpaired_surrogate(window, tmp_path):
    window.editor.update("node", "srv-1", {"label": "half \ud800 pair"}, "Rename")
    assert window.autosaver.save_now() is True
    assert window.save_to(str(tmp_path / "d.json")) is True
    assert fileformat.load(tmp_path / "d.json").nodes["srv-1"].label == "half \ufffd pair"


def test_a_pipe_in_the_recovery_folder_does_not_hang_the_start(window, tmp_path):
    import os

    from designer.ui.autosave import orphaned_recoveries
    folder = tmp_path / "rec"
    folder.mkdir()
    os.mkfifo(folder / "recovery-999999999.json")               # no such process: offered, so read
    assert orphaned_recoveries(folder) == []                     # refused at once, not waited on
