"""Functions read top to bottom: none is longer than 60 lines (decorators and docstring included).

Lint bounds the branches, parameters and statements of a function (pyproject.toml); this bounds its length.
The functions listed below are known to be longer and are being split by the work that owns them; the list
must shrink, never grow, and an entry that is short enough now fails until it is removed.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "designer"
MAX_LINES = 60
# TEMPORARY: the engine is being rewritten (its long functions are part of that work).
BEING_REWRITTEN = ("sim/",)
# Long functions known and being split by the work that owns them: none left outside the engine.
KNOWN_LONG: set[str] = set()


def function_lengths(package: Path = PACKAGE) -> dict[str, int]:
    """'module/path.py::Class.function' -> its length in lines, for every function of the package."""
    lengths: dict[str, int] = {}
    for path in sorted(package.rglob("*.py")):
        rel = path.relative_to(package).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"))
        stack: list[tuple[ast.AST, str]] = [(tree, "")]
        while stack:
            node, prefix = stack.pop()
            for child in ast.iter_child_nodes(node):
                if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    name = f"{prefix}{child.name}"
                    if not isinstance(child, ast.ClassDef):
                        first = min([d.lineno for d in child.decorator_list] + [child.lineno])
                        lengths[f"{rel}::{name}"] = (child.end_lineno or child.lineno) - first + 1
                    stack.append((child, f"{name}."))
    return lengths


def test_no_function_is_longer_than_sixty_lines():
    long = {name: n for name, n in function_lengths().items()
            if n > MAX_LINES and not name.startswith(BEING_REWRITTEN) and name not in KNOWN_LONG}
    assert long == {}


def test_the_list_of_known_long_functions_only_shrinks():
    lengths = function_lengths()
    stale = sorted(name for name in KNOWN_LONG if lengths.get(name, 0) <= MAX_LINES)
    assert stale == [], "split (or gone): remove from KNOWN_LONG"


def test_the_measure_counts_decorators_and_nested_functions(tmp_path):
    module = tmp_path / "pkg" / "m.py"
    module.parent.mkdir()
    body = "\n".join(f"    x{i} = {i}" for i in range(61))
    module.write_text(f"class C:\n    @staticmethod\n    def f():\n{body.replace('    ', '        ')}\n"
                      f"def g():\n    def inner():\n        pass\n", encoding="utf-8")
    lengths = function_lengths(tmp_path / "pkg")
    assert lengths == {"m.py::C.f": 63, "m.py::g": 3, "m.py::g.inner": 2}
