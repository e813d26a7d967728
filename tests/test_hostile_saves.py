"""Saves against kills, links and odd text: temporary files a kill left are cleaned by the next save, a backup of a
file that is already its own backup leaves no debris, a save through a symbolic link writes the file it points
to, and a kill at any moment of a report or an export leaves the previous file whole."""

from __future__ import annotations

import multiprocessing
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from pypdf import PdfReader

from designer.export.bom_export import write_bom
from designer.export.cabling_plan import write_cabling_plan
from designer.export.containerlab import write_containerlab
from designer.export.dot import write_dot
from designer.export.graphml_io import write_graphml
from designer.model import fileformat
from designer.model.atomic_write import remove_stale_temporaries
from designer.report import ReportOptions, build_proposal
from designer.topology import generate
from tests.factories import RESULT, sections_without_acceptance, two_server_doc


def _dead_pid() -> int:
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid


def test_temporaries_of_killed_saves_are_removed_by_the_next_save(tmp_path):
    path = tmp_path / "d.json"
    fileformat.save(two_server_doc(), path)
    stale = [tmp_path / f".d.json.{_dead_pid()}.k3j2.tmp", tmp_path / f".d.json.bak.{_dead_pid()}.tmp"]
    live = tmp_path / f".d.json.{os.getppid()}.x8q1.tmp"          # a save in progress in a running process
    for p in [*stale, live]:
        p.write_text("half a file")
    fileformat.save(two_server_doc("ib"), path)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["d.json", "d.json.bak", live.name])
    assert remove_stale_temporaries(path) == []


def test_a_backup_that_already_is_the_file_leaves_no_temporary(tmp_path):
    path = tmp_path / "d.json"
    fileformat.save(two_server_doc(), path)
    os.link(path, tmp_path / "d.json.bak")                       # the file and its backup: one file, two names
    before = path.read_bytes()
    fileformat.save(two_server_doc("ib"), path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["d.json", "d.json.bak"]
    assert (tmp_path / "d.json.bak").read_bytes() == before


def test_saving_through_a_symbolic_link_writes_its_target_and_keeps_the_link(tmp_path):
    real = tmp_path / "real"
    real.mkdir()
    target = real / "d.json"
    fileformat.save(two_server_doc(), target)
    link = tmp_path / "link.json"
    link.symlink_to(target)
    fileformat.save(two_server_doc("ib"), link)
    assert link.is_symlink() and link.resolve() == target.resolve()
    assert fileformat.load(target).segments["backend"].protocol == "ib"
    assert (real / "d.json.bak").exists() and not (tmp_path / "link.json.bak").exists()


# ---- a kill at any moment -------------------------------------------------------------------------------------
def _report(doc, path):
    options = ReportOptions(sections=sections_without_acceptance())
    build_proposal(doc, str(path), options=options, results={"ib": RESULT, "rocev2": RESULT})


WRITERS = {
    "report.pdf": _report,
    "plan.csv": write_cabling_plan, "plan.xlsx": write_cabling_plan,
    "bom.csv": lambda doc, p: write_bom(doc, p), "bom.xlsx": lambda doc, p: write_bom(doc, p),
    "d.graphml": write_graphml, "d.dot": write_dot, "d.clab.yml": write_containerlab,
    "d.json": lambda doc, p: fileformat.save(doc, p),
}


def _write_in_child(name: str, doc, path: Path, delay_s: float) -> None:
    """Write in a forked child (everything already imported: it does only the work) and SIGKILL it after
    `delay_s`; returns when the child has ended either way."""
    child = multiprocessing.get_context("fork").Process(target=WRITERS[name], args=(doc, path))
    child.start()
    child.join(delay_s)
    if child.is_alive():
        os.kill(child.pid, signal.SIGKILL)
    child.join()


@pytest.fixture(scope="module")
def new_doc():
    return generate("fat-tree", gpus=64, backend="rocev2")


@pytest.mark.parametrize("name", [pytest.param(n, marks=pytest.mark.slow) if n.endswith(".pdf") else n
                                  for n in sorted(WRITERS)])
def test_a_kill_at_any_moment_leaves_the_previous_file_whole(tmp_path, name, new_doc):
    old_doc = two_server_doc()
    old_doc.set_meta(name="old")
    path = tmp_path / name
    WRITERS[name](old_doc, path)
    old = path.read_bytes()
    start = time.monotonic()
    WRITERS[name](new_doc, tmp_path / f"complete-{name}")
    duration = time.monotonic() - start
    for k in range(5):
        _write_in_child(name, new_doc, path, duration * (k + 1) / 5)
        now = path.read_bytes()
        if now != old:           # the new file, whole: the same bytes as a complete write (a PDF: a readable one)
            if name.endswith(".pdf"):
                assert len(PdfReader(path).pages) == len(PdfReader(tmp_path / f"complete-{name}").pages)
            elif not name.endswith(".xlsx"):
                assert now == (tmp_path / f"complete-{name}").read_bytes()
            old = now
    WRITERS[name](new_doc, path)          # the next write removes what the killed ones left behind
    assert not [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
