"""The packages form layers that only look down, only the window imports Qt, and only the command line and
the window speak to the user (print, exit, the standard streams).

model -> catalog -> topology -> sim -> analysis -> report/export -> cli/ui, with i18n (message catalogs and
locale formatting) beneath them all. Every import statement of every module is read with `ast`, including the
ones inside functions, so a lazy import cannot hide an upward arrow.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "designer"

# rank of each top-level package: a module may import its own package and any package of a lower rank
RANK = {"i18n": 0, "model": 1, "catalog": 2, "topology": 3, "sim": 4, "analysis": 5, "report": 6, "export": 6,
        "cli": 7, "ui": 7}
# the one sideways arrow allowed between packages of one rank: the command line opens the window
SIDEWAYS = {("cli", "ui")}
QT_MODULES = ("PySide6", "shiboken6", "pyqtgraph")
ENTRY_MODULES = {"__init__", "__main__"}   # designer/__init__.py and designer/__main__.py: the program itself
SPEAKERS = {"print", "input", "exit", "quit"}


def _modules() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def _package_of(path: Path) -> str:
    parts = path.relative_to(PACKAGE).parts
    return parts[0] if len(parts) > 1 else Path(parts[0]).stem


def _imported(path: Path) -> list[tuple[int, str]]:
    """(line, dotted module name) of every import in `path`; `from designer import x` counts as designer.x."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    package = ["designer", *path.relative_to(PACKAGE).parent.parts]
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = ".".join(package[:len(package) - node.level + 1] if node.level else [])
            module = ".".join(p for p in (base, node.module or "") if p)
            if module == "designer":
                found += [(node.lineno, f"designer.{alias.name}") for alias in node.names]
            else:
                found.append((node.lineno, module))
    return found


def _arrow_allowed(source: str, target: str) -> bool:
    if source == target or source in ENTRY_MODULES:
        return True
    if target not in RANK:   # designer/__init__ (the version): anyone may read it
        return True
    return RANK[target] < RANK[source] or (source, target) in SIDEWAYS


def upward_arrows() -> list[str]:
    """Every import that looks up or sideways, as 'designer/x/y.py:LINE imports designer.z'."""
    bad = []
    for path in _modules():
        source = _package_of(path)
        for line, module in _imported(path):
            parts = module.split(".")
            if parts[0] == "designer" and len(parts) > 1 and not _arrow_allowed(source, parts[1]):
                bad.append(f"{path.relative_to(PACKAGE.parent)}:{line} imports {module}")
    return bad


def qt_outside_the_window() -> list[str]:
    bad = []
    for path in _modules():
        if _package_of(path) == "ui":
            continue
        for line, module in _imported(path):
            if module.split(".")[0] in QT_MODULES:
                bad.append(f"{path.relative_to(PACKAGE.parent)}:{line} imports {module}")
    return bad


def speaking_to_the_user() -> list[str]:
    """Every print/input/exit call or use of sys.exit, sys.stdout, sys.stderr below the command line and window."""
    bad = []
    for path in _modules():
        if _package_of(path) in ("cli", "ui", *ENTRY_MODULES):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            builtin = isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in SPEAKERS
            stream = isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and \
                node.value.id == "sys" and node.attr in ("exit", "stdout", "stderr", "stdin")
            if builtin or stream:
                bad.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno}")
    return bad


def test_every_package_has_a_layer():
    packages = {_package_of(p) for p in _modules()} - ENTRY_MODULES
    assert packages == set(RANK), "a new package needs its place in RANK (and in docs/architecture.md)"


def test_no_import_looks_up_a_layer():
    assert upward_arrows() == []


def test_only_the_window_imports_qt():
    assert qt_outside_the_window() == []


def test_the_core_never_prints_reads_or_exits():
    assert speaking_to_the_user() == []


def test_the_check_sees_printing_in_the_core_and_allows_it_in_the_command_line(tmp_path, monkeypatch):
    for source, code in (("topology/cost.py", "import sys\nprint('x')\nsys.exit(2)\n"),
                         ("cli/design.py", "import sys\nprint('x', file=sys.stderr)\n")):
        module = tmp_path / "designer" / source
        module.parent.mkdir(parents=True)
        module.write_text(code, encoding="utf-8")
    monkeypatch.setitem(globals(), "PACKAGE", tmp_path / "designer")
    assert speaking_to_the_user() == ["designer/topology/cost.py:2", "designer/topology/cost.py:3"]


@pytest.mark.parametrize(("source", "code", "expected"), [
    ("topology/cost.py", "from designer.export.spreadsheet_text import csv_cell\n", "designer.export.spreadsheet_text"),
    ("analysis/advice.py", "def f():\n    from designer.report import number_format\n", "designer.report"),
    ("analysis/advice.py", "from designer import report\n", "designer.report"),
    ("analysis/advisor/x.py", "from ...report import styles\n", "designer.report"),
    ("ui/window.py", "from designer.cli import main\n", "designer.cli"),
    ("report/pages.py", "import designer.export.dot\n", "designer.export.dot"),
])
def test_the_check_sees_an_upward_arrow_wherever_it_is_written(tmp_path, monkeypatch, source, code, expected):
    module = tmp_path / "designer" / source
    module.parent.mkdir(parents=True)
    module.write_text(code, encoding="utf-8")
    monkeypatch.setitem(globals(), "PACKAGE", tmp_path / "designer")
    arrows = upward_arrows()
    assert len(arrows) == 1 and arrows[0].startswith(f"designer/{source}:") and expected in arrows[0]


def test_the_check_sees_qt_outside_the_window_and_allows_it_inside(tmp_path, monkeypatch):
    for source in ("sim/engine.py", "ui/view.py"):
        module = tmp_path / "designer" / source
        module.parent.mkdir(parents=True)
        module.write_text("from PySide6.QtCore import QObject\n", encoding="utf-8")
    monkeypatch.setitem(globals(), "PACKAGE", tmp_path / "designer")
    assert qt_outside_the_window() == ["designer/sim/engine.py:1 imports PySide6.QtCore"]
