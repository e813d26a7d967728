"""`make setup` compiles the simulation engine once: again only when a source of the engine is newer than the
mark of the last compile (or the packages were installed anew), and `make test`, which compiles it beside mypy,
leaves that mark too. Read from `make -n` (what make would run) on a copy of the Makefile: nothing is run."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
MESSAGE = "Compiling the simulation engine once"
T0 = 1_700_000_000          # the installed packages' mark; every time below is some seconds after it


def _tree(tmp_path: Path) -> Path:
    """A Makefile with the files its targets look at: installed packages and two engine sources."""
    shutil.copy(ROOT / "Makefile", tmp_path / "Makefile")
    for name in ("pyproject.toml", "designer/sim/api.py", "designer/sim/dynamics/kernel.py", ".venv/.installed"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("", encoding="utf-8")
    _at(tmp_path / "pyproject.toml", T0 - 10)
    _at(tmp_path / ".venv/.installed", T0)
    for source in ("designer/sim/api.py", "designer/sim/dynamics/kernel.py"):
        _at(tmp_path / source, T0 - 5)
    return tmp_path


def _at(path: Path, seconds: int) -> None:
    os.utime(path, (seconds, seconds))


def _would_run(tree: Path, target: str) -> str:
    # run from the suite under `make test`, the outer make's variables would make this one print "Entering
    # directory /tmp/pytest-of-...": a fresh make, silent about directories
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL", "MAKEOVERRIDES")}
    done = subprocess.run(["make", "-n", "--no-print-directory", target], cwd=tree, capture_output=True, text=True,
                          timeout=30, check=True, env=env)
    return done.stdout


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    return _tree(tmp_path)


def test_setup_compiles_the_engine_when_it_never_was(tree):
    commands = _would_run(tree, "setup")
    assert MESSAGE in commands
    assert "warm.compile_one_thread()" in commands and "warm.compile_halves()" in commands
    assert "touch .venv/.engine-compiled" in commands


def test_setup_leaves_a_compiled_engine_alone(tree):
    (tree / ".venv/.engine-compiled").write_text("", encoding="utf-8")
    _at(tree / ".venv/.engine-compiled", T0 + 10)
    assert MESSAGE not in _would_run(tree, "setup")


@pytest.mark.parametrize("changed", ["designer/sim/api.py", "designer/sim/dynamics/kernel.py", ".venv/.installed"])
def test_setup_compiles_again_after_a_change_to_the_engine_or_the_packages(tree, changed):
    (tree / ".venv/.engine-compiled").write_text("", encoding="utf-8")
    _at(tree / ".venv/.engine-compiled", T0 + 10)
    _at(tree / changed, T0 + 20)
    assert MESSAGE in _would_run(tree, "setup")


def test_make_test_compiles_beside_mypy_and_marks_the_engine_compiled(tree):
    commands = _would_run(tree, "test")
    assert MESSAGE not in commands                      # not a second, serial compile before its own
    compile_line = next(line for line in commands.splitlines() if "warm.compile_one_thread()" in line)
    assert "&" in compile_line                          # one process in the background, one per core
    assert commands.index("mypy") < commands.index("warm.compile_halves()") < commands.index(
        "touch .venv/.engine-compiled") < commands.index("-m pytest")
