"""Every user-visible string literal in designer/ui/ goes through tr() / QCoreApplication.translate()."""

import ast
import re
from pathlib import Path

UI = Path(__file__).resolve().parents[1] / "designer" / "ui"
# call -> positions of its text arguments (None: all); a literal or f-string there must be wrapped
TEXT_CALLS = {
    "setText": None, "setWindowTitle": None, "setToolTip": None, "setStatusTip": None, "setPlaceholderText": None,
    "setTitle": None, "setSubTitle": None, "setEmptyLabel": None, "setWhatsThis": None, "setLabelText": None,
    "QAction": [0], "QLabel": [0], "QPushButton": [0], "QCheckBox": [0], "QRadioButton": [0], "QGroupBox": [0],
    "QDockWidget": [0], "addMenu": [0], "addAction": [0], "addButton": [0], "addRow": [0], "addTab": [1],
    "warning": [1, 2], "information": [1, 2], "critical": [1, 2], "question": [1, 2], "QMessageBox": [1, 2],
    "getOpenFileName": [1], "getSaveFileName": [1], "createUndoAction": [1], "createRedoAction": [1],
    "setLabel": [1], "show_message": [0], "_action": [0, 3], "_dock": [0], "_say": [0], "_ro": [0], "_note": [0],
    "_title": [0], "showMessage": [0],
}
TEXT_KEYWORDS = {"tip", "title", "text", "label", "caption"}
# non-text literals that may pass through those calls: toolbar/object names, symbols, units
ALLOWED = {"Main", "Gb/s", "ms", "µs", "%", "·", "—", "…"}
WRAPPERS = {"tr", "translate", "QT_TRANSLATE_NOOP", "QT_TR_NOOP"}


def _is_text(node: ast.AST) -> bool:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        value = node.value.strip()
        return bool(re.search(r"[A-Za-z]{2}", value)) and value not in ALLOWED and not re.match(
            r"^(Ctrl|Shift|Alt|F\d)", value) and (" " in value or any(c.isupper() for c in value))
    if isinstance(node, ast.JoinedStr):
        words = "".join(v.value for v in node.values if isinstance(v, ast.Constant))
        words = re.sub(r"<[^>]*>", "", words)  # markup around a value is not text
        return bool(re.search(r"[A-Za-z]{2}", words))
    return False


def unwrapped_strings(source: str) -> list[tuple[int, str]]:
    """(line, text) of literal text passed straight to a widget call without a translation wrapper."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
        if name not in TEXT_CALLS or name in WRAPPERS:
            continue
        positions = TEXT_CALLS[name]
        args = [a for i, a in enumerate(node.args) if positions is None or i in positions]
        args += [k.value for k in node.keywords if k.arg in TEXT_KEYWORDS]
        found += [(a.lineno, ast.unparse(a)[:60]) for a in args if _is_text(a)]
    return found


def test_scanner_catches_an_unwrapped_label():
    assert unwrapped_strings('w.setText("Hello world")') == [(1, "'Hello world'")]
    assert unwrapped_strings('w.setToolTip(f"Opened {path}")')
    assert unwrapped_strings('w.setText(self.tr("Hello world"))') == []
    assert unwrapped_strings('tb = self.addToolBar("Main")\nw.setObjectName("main_toolbar")') == []


def test_every_ui_string_is_wrapped():
    problems = [f"{path.name}:{line}: {text}" for path in sorted(UI.glob("*.py"))
                for line, text in unwrapped_strings(path.read_text(encoding="utf-8"))]
    assert problems == [], "wrap these in self.tr() / QCoreApplication.translate():\n" + "\n".join(problems)
