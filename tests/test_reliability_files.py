"""Safe saves and format versions: a .bak of the previous version, failed saves lose nothing (on disk
and in the window), older formats migrate on load, newer ones are refused naming the version."""

import json
import os

import pytest

from designer.model import atomic_write, fileformat
from designer.model.errors import ProjectError
from designer.model.fileformat import FORMAT, dumps, load, loads, save
from designer.model.migrations import MIGRATIONS, migrate_0_to_1, upgrade
from tests.factories import two_server_doc


def test_save_keeps_the_previous_version_as_bak(tmp_path):
    path = tmp_path / "d.json"
    first = two_server_doc()
    save(first, path)
    assert not (tmp_path / "d.json.bak").exists()      # nothing to keep on the first save
    second = two_server_doc()
    second.set_meta(name="second")
    save(second, path)
    assert (tmp_path / "d.json.bak").read_text(encoding="utf-8") == dumps(first)
    assert path.read_text(encoding="utf-8") == dumps(second)
    assert sorted(os.listdir(tmp_path)) == ["d.json", "d.json.bak"]


def test_read_only_folder_refuses_the_save_and_keeps_the_file(tmp_path, monkeypatch):
    """A read-only folder, simulated (chmod does not stop root): creating any file in it fails."""
    path = tmp_path / "d.json"
    save(two_server_doc(), path)
    before = path.read_bytes()

    def no_new_files(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(atomic_write.tempfile, "mkstemp", no_new_files)
    monkeypatch.setattr(fileformat.os, "link", no_new_files)
    monkeypatch.setattr(fileformat.shutil, "copy2", no_new_files)
    with pytest.raises(ProjectError, match="Permission denied"):
        save(two_server_doc("ib"), path)
    assert path.read_bytes() == before
    assert sorted(os.listdir(tmp_path)) == ["d.json"]


def test_write_failing_half_way_leaves_the_old_file_and_no_debris(tmp_path, monkeypatch):
    path = tmp_path / "d.json"
    save(two_server_doc(), path)
    before = path.read_bytes()
    real_fdopen = os.fdopen

    class HalfWriter:
        """Writes the first half of the text, then fails like a full disk."""

        def __init__(self, fh):
            self.fh = fh

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.fh.close()

        def write(self, text):
            self.fh.write(text[: len(text) // 2])
            self.fh.flush()
            raise OSError(28, "No space left on device")

    monkeypatch.setattr(fileformat.os, "fdopen", lambda fd, *a, **k: HalfWriter(real_fdopen(fd, *a, **k)))
    with pytest.raises(ProjectError, match="No space left"):
        save(two_server_doc("ib"), path)
    assert path.read_bytes() == before
    assert not [n for n in os.listdir(tmp_path) if n.endswith(".tmp")]


def test_failed_save_in_the_window_keeps_the_document_and_its_unsaved_state(qtbot, tmp_path, monkeypatch):
    from PySide6.QtWidgets import QMessageBox

    from designer.ui.main_window import MainWindow
    path = tmp_path / "d.json"
    save(two_server_doc(), path)
    window = MainWindow(load(path), str(path))
    qtbot.addWidget(window)
    window.editor.update("node", "srv-1", {"label": "edited"}, "Rename")
    edited = dumps(window.editor.doc)
    warnings = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *a: warnings.append(a[2]))

    def disk_full(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(fileformat.os, "replace", disk_full)
    assert window.save() is False
    assert warnings and "No space left" in warnings[0]
    assert dumps(window.editor.doc) == edited and not window.editor.undo_stack.isClean()
    assert path.read_text(encoding="utf-8") == dumps(two_server_doc())
    window.autosaver.stop()
    window.editor.undo_stack.setClean()   # let the test close the window without the save question


# ---- format versions ---------------------------------------------------------------------------
def version_0_file() -> dict:
    """What the pre-release 'fabric-designer/0' writer produced for a small design (see migrations.py)."""
    return {
        "format": "fabric-designer/0",
        "name": "old design",
        "nodes": [
            {"id": "leaf-1", "type": "switch", "model": "sn5600", "role": "leaf", "x": 0, "y": 0,
             "port_count": 4, "port_gbps": 400, "port_medium": "ethernet"},
            {"id": "srv-1", "type": "server", "model": "hgx-h100", "x": 0, "y": 200, "gpus": 8,
             "port_prefix": "be", "port_count": 2, "port_gbps": 400},
        ],
        "links": [{"id": "L1", "from": "srv-1:be1", "to": "leaf-1:p1", "gbps": 400, "cable": "dac",
                   "length_m": 2}],
        "segments": [{"id": "s1", "name": "Back-end", "transport": "roce", "members": ["leaf-1", "srv-1"]}],
    }


def test_version_0_migrates_on_load_to_the_same_design_as_version_1():
    doc = loads(json.dumps(version_0_file()))
    assert doc.nodes["srv-1"].kind == "server"
    assert [p.name for p in doc.nodes["srv-1"].ports()] == ["be1", "be2"]
    assert doc.links["L1"].a.node == "srv-1" and doc.links["L1"].b.port == "p1"
    assert doc.links["L1"].speed_gbps == 400.0
    assert doc.segments["s1"].protocol == "rocev2" and doc.segments["s1"].nodes == ["leaf-1", "srv-1"]
    # saved again, it is a current file that loads back equal
    assert json.loads(dumps(doc))["format"] == FORMAT
    assert dumps(loads(dumps(doc))) == dumps(doc)


def test_every_older_version_has_a_migration_and_a_current_file_is_untouched():
    current = json.loads(dumps(two_server_doc()))
    assert upgrade(current) is current
    assert sorted(MIGRATIONS) == list(range(len(MIGRATIONS)))    # 0 .. current-1, no gap
    assert migrate_0_to_1(version_0_file())["format"] == FORMAT


@pytest.mark.parametrize("mutation, message", [
    ({"links": [{"id": "L1", "from": "no-colon", "to": "leaf-1:p1", "gbps": 400}]}, "links\\[0\\].from"),
    ({"segments": [{"id": "s", "transport": "token-ring"}]}, "infiniband or roce"),
    ({"nodes": "x"}, "nodes: must be a list"),
])
def test_broken_version_0_files_raise_project_error_with_the_place(mutation, message):
    data = version_0_file() | mutation
    with pytest.raises(ProjectError, match=message):
        loads(json.dumps(data))


@pytest.mark.parametrize("fmt, message", [
    ("fabric-designer/2", "fabric-designer/2. comes from a newer Fabric Designer"),
    ("fabric-designer/99", "newer Fabric Designer"),
    ("fabric-designer/beta", "not a format version"),
    ("something-else/1", "not a project file"),
])
def test_newer_or_foreign_formats_are_refused_saying_which(fmt, message):
    with pytest.raises(ProjectError, match=message):
        loads(json.dumps({"format": fmt, "nodes": []}))
