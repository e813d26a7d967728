"""Every user-visible string literal in designer/ui/ goes through tr() / QCoreApplication.translate().

The scanner follows a literal from where it is written to the widget call that shows it: straight in the
call, inside a list or tuple (header labels, tree and table items), through either branch of a conditional
expression or an `or`, through `+` and `.format()`/`.join()`, through local and module-level names (also
names bound by a `for` over a literal table, and a comprehension over one), through the arguments of the
module's own helper functions and methods, and through what those helpers return. A QT_TRANSLATE_NOOP
marks a text for lupdate but does not translate it: its text reaching a widget without a later tr() or
translate() is reported too. Aliases of the wrappers (`noop = QT_TRANSLATE_NOOP`, `def _tr(t): return
translate("X", t)`) are reported where they are called with a literal, since lupdate does not see them.
"""

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
    "createUndoAction": [1], "createRedoAction": [1],
    "setLabel": None, "show_message": [0], "_action": [0, 3], "_dock": [0], "_say": [0], "_ro": [0, 1], "_note": [0],
    "_title": [0], "showMessage": [0],
    # item views: header labels and the text of items (lists of texts included)
    "setHeaderLabels": None, "setHorizontalHeaderLabels": None, "setVerticalHeaderLabels": None,
    "setHeaderLabel": None, "QTreeWidgetItem": None, "QTableWidgetItem": [0], "QListWidgetItem": None,
    "QStandardItem": None, "addItem": [0], "addItems": None, "insertItem": [1], "insertItems": None,
    "setItemText": [1], "setTabText": [1], "setTabToolTip": [1], "insertTab": [2], "QMenu": [0],
    "addSection": None, "addToolBar": [0], "setSpecialValueText": [0], "setSuffix": [0], "setPrefix": [0],
    "setHtml": [0], "setPlainText": [0], "setMarkdown": [0], "setInformativeText": [0], "setDetailedText": [0],
    "setButtonText": [1], "setCancelButtonText": [0], "QProgressDialog": [0, 1],
    # dialogs: titles, labels, file filters ("Project files (*.json)" is text too)
    "getOpenFileName": [1, 3], "getOpenFileNames": [1, 3], "getSaveFileName": [1, 3], "getExistingDirectory": [1],
    "QFileDialog": [1, 3], "setNameFilter": [0], "setNameFilters": [0], "getText": [1, 2], "getItem": [1, 2, 3],
    "getInt": [1, 2], "getDouble": [1, 2], "getMultiLineText": [1, 2],
    # undo texts (the History dock and Edit menu show them) and this package's own text-taking calls
    "QUndoCommand": [0], "AddItemsCommand": [3], "MoveNodesCommand": [3], "UpdateCommand": [4],
    "ReplaceDocumentCommand": [2], "SetScenariosCommand": [2], "replace_with": [1], "move": [2], "update": [3],
    "set_scenarios": [1], "_edit": [1], "set_selection": [1], "SegmentDialog": [1], "ErrorDialog": [2],
    # refusals the inspector and the canvas show, texts of signals in TEXT_SIGNALS, a QUndoCommand's super().__init__
    "FieldRefused": [0], "LinkRefused": [0], "emit": None, "__init__": [0],
}
# signals whose text argument the window shows (a run's failure, an editor message); other signals carry data
TEXT_SIGNALS = {"failed", "message", "build_failed"}
TEXT_KEYWORDS = {"tip", "title", "text", "label", "caption", "filter"}
# pyqtgraph: the name of a curve or bar is the legend's text
PLOT_CALLS = {"plot", "PlotDataItem", "PlotCurveItem", "ScatterPlotItem", "BarGraphItem"}
# words that stay as they are in every language: units, symbols, product and protocol names
KEEP = {"Gb/s", "Mb/s", "GB", "MB", "KB", "kB", "ms", "µs", "us", "px", "%", "·", "—", "…", "InfiniBand",
        "RoCEv2", "NVLink", "DCQCN", "SHIELD", "AllReduce", "AllGather", "ReduceScatter", "AllToAll", "English"}
WRAPPERS = {"tr", "translate"}
NOOPS = {"QT_TRANSLATE_NOOP", "QT_TR_NOOP"}
PASS_THROUGH = {"list", "tuple", "sorted", "reversed", "set", "str", "capitalize", "title", "upper", "lower",
                "strip"}
DEPTH = 14


def _words(text: str) -> str:
    """The letters of `text` that a translator would translate: no markup, placeholders, file patterns,
    units, product names or acronyms."""
    text = re.sub(r"<[^>]*>|&\w+;", " ", text)                 # markup and entities
    text = re.sub(r"\{[^{}]*\}|%\d", " ", text)                 # {0}, {name}, {:.1f}, %1
    text = re.sub(r"\([^()]*\*[^()]*\)", " ", text)             # file patterns: (*.json *.fabric.json)
    kept = [w for w in text.split() if w not in KEEP]
    kept = [w for t in kept for w in re.split(r"[,;:()\[\]=+×/·—…]+", t) if w and w not in KEEP]
    # acronyms and codes (USD, QPs, zh_CN) and numbers with their unit (64MiB, 8-GPU) are not translated
    kept = [w for w in kept if not re.fullmatch(r"[A-Z0-9.+-]{1,6}s?|\d.*", w) and "_" not in w]
    return " ".join(kept)


def _is_text(node: ast.AST) -> bool:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        value = node.value.strip()
        if value in KEEP or re.match(r"^(Ctrl|Shift|Alt|F\d)", value):
            return False
        words = _words(value)
        # a lone lowercase word is an identifier (an axis, a key, a mode): text has a space or a capital
        return bool(re.search(r"[A-Za-z]{2}", words)) and (" " in value or any(c.isupper() for c in words))
    if isinstance(node, ast.JoinedStr):
        words = "".join(v.value for v in node.values if isinstance(v, ast.Constant))
        return bool(re.search(r"[A-Za-z]{2}", _words(words)))
    return False


def _flowing_parts(expr: ast.AST) -> list[ast.AST] | None:
    """The sub-expressions whose strings flow into the value of `expr` (None: not a container or operator)."""
    if isinstance(expr, (ast.Tuple, ast.List, ast.Set)):
        return list(expr.elts)
    if isinstance(expr, ast.Dict):
        return list(expr.values)
    if isinstance(expr, ast.IfExp):
        return [expr.body, expr.orelse]
    if isinstance(expr, ast.BoolOp):
        return list(expr.values)
    if isinstance(expr, ast.BinOp) and isinstance(expr.op, (ast.Add, ast.Mod)):
        return [expr.left, expr.right]
    if isinstance(expr, (ast.Starred, ast.NamedExpr, ast.Subscript)):
        return [expr.value]
    return None

class _Each(ast.expr):
    """What a name bound by unpacking holds: the `path` part of `source` (of each of its elements when
    `each`, for a loop variable). Resolved when looked up: what it unpacks may be bound further down."""

    def __init__(self, source: ast.AST, path: tuple, scope: ast.AST, each: bool) -> None:
        super().__init__()
        self.source, self.path, self.scope, self.each = source, path, scope, each


def _name(func: ast.AST) -> str | None:
    return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)


class _Module:
    """Bindings of one module: names to the expressions they may hold, functions by name, call sites."""

    def __init__(self, tree: ast.Module) -> None:
        self.tree = tree
        self.functions: dict[str, list[ast.FunctionDef]] = {}
        self.env: dict[int, dict[str, list[ast.expr]]] = {}     # id(function or module) -> name -> exprs
        self.parent: dict[int, ast.AST] = {}
        self._expanding: set[int] = set()
        self.noop_texts: set[int] = set()     # ids of texts marked with QT_TRANSLATE_NOOP: always text
        for node in ast.walk(tree):
            for child in ast.iter_child_nodes(node):
                self.parent[id(child)] = node
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                self.functions.setdefault(node.name, []).append(node)
            if isinstance(node, ast.Call) and _name(node.func) in NOOPS and node.args:
                self.noop_texts.add(id(node.args[-1]))
        for scope in [tree, *[f for fs in self.functions.values() for f in fs]]:
            self.env[id(scope)] = {}
            for node in self._own_nodes(scope):
                self._bind_statement(node, self.env[id(scope)], scope)
        self._bind_parameters()
        self.aliases = self._find_aliases()

    @staticmethod
    def _own_nodes(scope: ast.AST):
        """Nodes of a scope, not those of the functions (or lambdas) defined inside it."""
        stack = list(ast.iter_child_nodes(scope))
        while stack:
            node = stack.pop()
            yield node
            if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
                stack.extend(ast.iter_child_nodes(node))
            elif isinstance(node, ast.ClassDef):
                stack.extend(n for n in node.body if not isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)))

    def _bind_statement(self, node: ast.AST, env: dict, scope: ast.AST) -> None:
        if isinstance(node, ast.Assign):
            for target in node.targets:
                self._bind(target, node.value, (), env, scope, each=False)
        elif isinstance(node, (ast.AnnAssign, ast.AugAssign, ast.NamedExpr)) and node.value is not None:
            self._bind(node.target, node.value, (), env, scope, each=False)
        elif isinstance(node, (ast.For, ast.comprehension)):
            self._bind(node.target, node.iter, (), env, scope, each=True)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                isinstance(node.func.value, ast.Name) and node.func.attr in ("append", "extend", "insert"):
            # parts.append(x): the list may hold x
            item = node.args[-1] if node.args else None
            if item is not None:
                wrapped = item if node.func.attr == "extend" else self._made(ast.List(elts=[item], ctx=ast.Load()),
                                                                             node)
                env.setdefault(node.func.value.id, []).append(wrapped)

    def _bind(self, target: ast.AST, source: ast.AST, path: tuple, env: dict, scope: ast.AST, each: bool) -> None:
        if isinstance(target, ast.Name):
            env.setdefault(target.id, []).append(_Each(source, path, scope, each) if path or each else source)
        elif isinstance(target, (ast.Tuple, ast.List)):
            for i, t in enumerate(target.elts):
                self._bind(t, source, (*path, (i, len(target.elts))), env, scope, each)

    def _made(self, node: ast.AST, origin: ast.AST) -> ast.AST:
        """A node made by the scanner, placed where `origin` is (for its scope)."""
        self.parent[id(node)] = origin
        return node

    def _expand(self, each: "_Each", depth: int) -> list:
        if id(each) in self._expanding or depth > DEPTH:
            return []
        self._expanding.add(id(each))
        try:
            items = self._elements(each.source, each.scope, depth + 1) if each.each else [each.source]
            for i, arity in each.path:
                items = [lit.elts[i] for e in items for lit in self._resolve(e, each.scope, depth + 1)
                         if isinstance(lit, (ast.Tuple, ast.List)) and len(lit.elts) == arity]
            return items
        finally:
            self._expanding.discard(id(each))

    def _resolve(self, expr: ast.AST, scope: ast.AST, depth: int = 0) -> list:
        """The literal containers a name may stand for (itself when it is not a name)."""
        if isinstance(expr, ast.Name) and depth < DEPTH:
            out = []
            for bound in self._lookup(expr.id, scope, depth + 1):
                out += self._resolve(bound, scope, depth + 1)
            return out
        if isinstance(expr, ast.IfExp) and depth < DEPTH:
            return self._resolve(expr.body, scope, depth + 1) + self._resolve(expr.orelse, scope, depth + 1)
        return [expr]

    def _lookup(self, name: str, scope: ast.AST, depth: int = 0) -> list:
        found = []
        node = scope
        while node is not None:
            if id(node) in self.env:
                for bound in self.env[id(node)].get(name, []):
                    found += self._expand(bound, depth) if isinstance(bound, _Each) else [bound]
            node = self.parent.get(id(node))
        # `text = self.tr(text)`: from there on the name holds the translation
        if any(isinstance(b, ast.Call) and _name(b.func) in WRAPPERS and any(
                isinstance(a, ast.Name) and a.id == name for a in b.args) for b in found):
            return []
        return found

    def _elements(self, expr: ast.AST, scope: ast.AST, depth: int = 0) -> list:
        """What iterating over `expr` yields, where that is written in the module."""
        if depth > DEPTH:
            return []
        if isinstance(expr, (ast.Tuple, ast.List, ast.Set)):
            return list(expr.elts)
        if isinstance(expr, ast.Dict):
            return [k for k in expr.keys if k is not None]
        if isinstance(expr, ast.Name):
            return [e for b in self._lookup(expr.id, scope, depth + 1) for e in self._elements(b, scope, depth + 1)]
        if isinstance(expr, ast.Call):
            return self._call_elements(expr, scope, depth)
        return []

    def _call_elements(self, expr: ast.Call, scope: ast.AST, depth: int) -> list:
        """What iterating over the result of a call yields: dict views, enumerate, zip, pass-through
        builtins and this module's own helpers."""
        name, args = _name(expr.func), expr.args
        if isinstance(expr.func, ast.Attribute) and name in ("items", "values", "keys"):
            dicts = [d for d in self._resolve(expr.func.value, scope) if isinstance(d, ast.Dict)]
            pairs = [(k, v) for d in dicts for k, v in zip(d.keys, d.values, strict=True) if k is not None]
            if name == "items":
                return [self._made(ast.Tuple(elts=[k, v], ctx=ast.Load()), expr) for k, v in pairs]
            return [v if name == "values" else k for k, v in pairs]
        if name == "enumerate" and args:
            return [self._made(ast.Tuple(elts=[ast.Constant(0), e], ctx=ast.Load()), expr)
                    for e in self._elements(args[0], scope, depth + 1)]
        if name == "zip" and args:
            columns = [self._elements(a, scope, depth + 1) for a in args]
            return [self._made(ast.Tuple(elts=list(row), ctx=ast.Load()), expr)
                    for row in zip(*columns, strict=False)]
        if name in PASS_THROUGH and args:
            return self._elements(args[0], scope, depth + 1)
        return [e for fn in self.functions.get(name, []) for ret in self._returns(fn)
                for e in self._elements(ret, fn, depth + 1)]

    def _returns(self, fn: ast.AST) -> list:
        return [r.value for r in ast.walk(fn) if isinstance(r, ast.Return) and r.value is not None
                and self.scope_of(r) is fn]

    def _bind_parameters(self) -> None:
        """A helper's parameters hold what its callers in the module pass."""
        for node in ast.walk(self.tree):
            if not isinstance(node, ast.Call):
                continue
            name = _name(node.func)
            for fn in self.functions.get(name, []):
                params = [a.arg for a in fn.args.posonlyargs + fn.args.args]
                if params and params[0] in ("self", "cls") and isinstance(node.func, ast.Attribute):
                    params = params[1:]
                env = self.env[id(fn)]
                for param, arg in zip(params, node.args, strict=False):
                    env.setdefault(param, []).append(arg)
                for kw in node.keywords:
                    if kw.arg in params or kw.arg in [a.arg for a in fn.args.kwonlyargs]:
                        env.setdefault(kw.arg, []).append(kw.value)

    def _find_aliases(self) -> set[str]:
        aliases = set()
        for node in ast.walk(self.tree):
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Name) and \
                    node.value.id in WRAPPERS | NOOPS:
                aliases |= {t.id for t in node.targets if isinstance(t, ast.Name)}
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                params = {a.arg for a in node.args.args}
                for call in ast.walk(node):
                    if isinstance(call, ast.Call) and _name(call.func) in WRAPPERS | NOOPS and any(
                            isinstance(a, ast.Name) and a.id in params for a in call.args):
                        # a function passing its own parameter to a wrapper hides its callers' texts from lupdate
                        if any(isinstance(a, ast.Constant) for a in call.args) or _name(call.func) == "tr":
                            aliases.add(node.name)
        return aliases

    def scope_of(self, node: ast.AST) -> ast.AST:
        parent = self.parent.get(id(node))
        while parent is not None and not isinstance(parent, (ast.FunctionDef, ast.AsyncFunctionDef)):
            parent = self.parent.get(id(parent))
        return parent or self.tree

    def values(self, expr: ast.AST, scope: ast.AST, seen: frozenset = frozenset()) -> list:
        """The string literals (and f-strings) that may reach the place of `expr`, untranslated."""
        key = id(expr)
        if key in seen or len(seen) > DEPTH * 4:
            return []
        seen = seen | {key}
        if isinstance(expr, ast.Constant):
            return [expr] if isinstance(expr.value, str) else []
        if isinstance(expr, ast.JoinedStr):
            inner = [v.value for v in expr.values if isinstance(v, ast.FormattedValue)]
            return [expr] + [x for v in inner for x in self.values(v, scope, seen)]
        parts = _flowing_parts(expr)
        if parts is not None:
            return [x for part in parts for x in self.values(part, scope, seen)]
        if isinstance(expr, (ast.GeneratorExp, ast.ListComp, ast.SetComp)):
            return self.values(expr.elt, self.scope_of(expr), seen)
        if isinstance(expr, ast.Name):
            return [x for b in self._lookup(expr.id, scope) for x in self.values(b, self.scope_of(b), seen)]
        if isinstance(expr, ast.Call):
            return self._call_values(expr, scope, seen)
        return []

    def _call_values(self, expr: ast.Call, scope: ast.AST, seen: frozenset) -> list:
        name, func = _name(expr.func), expr.func
        args = [*expr.args, *(k.value for k in expr.keywords)]
        if name == "format" and isinstance(func, ast.Attribute):   # the template and what fills it
            return self.values(func.value, scope, seen) + [x for a in args for x in self.values(a, scope, seen)]
        if name in WRAPPERS:
            return []
        if name in NOOPS:       # marked for lupdate, still English: it must be translated where shown
            return self.values(expr.args[-1], scope, seen) if expr.args else []
        if name == "join" and expr.args:
            return self.values(expr.args[0], scope, seen)
        if name in PASS_THROUGH:
            target = func.value if isinstance(func, ast.Attribute) and not expr.args else (
                expr.args[0] if expr.args else None)
            return self.values(target, scope, seen) if target is not None else []
        out = []
        for fn in self.functions.get(name, []):     # a helper of this module: what it returns
            out += [x for ret in self._returns(fn) for x in self.values(ret, fn, seen)]
        return out


def unwrapped_strings(source: str) -> list[tuple[int, str]]:
    """(line, text) of literal text that reaches a widget call without a translation wrapper."""
    module = _Module(ast.parse(source))
    found: set[tuple[int, str]] = set()
    for node in ast.walk(module.tree):
        if not isinstance(node, ast.Call):
            continue
        name = _name(node.func)
        scope = module.scope_of(node)
        if name in module.aliases:
            found |= {(a.lineno, f"{ast.unparse(a)[:50]} (lupdate does not see '{name}')") for a in node.args[-1:]
                      if isinstance(a, ast.Constant) and _is_text(a)}
        if name not in TEXT_CALLS and name not in PLOT_CALLS:
            continue
        if name == "emit" and _name(getattr(node.func, "value", None)) not in TEXT_SIGNALS:
            continue
        positions = TEXT_CALLS.get(name, [])
        args = [a for i, a in enumerate(node.args) if positions is None or i in positions]
        keywords = TEXT_KEYWORDS | ({"name"} if name in PLOT_CALLS else set())
        args += [k.value for k in node.keywords if k.arg in keywords]
        for arg in args:
            found |= {(lit.lineno, ast.unparse(lit)[:60]) for lit in module.values(arg, scope)
                      if _is_text(lit) or id(lit) in module.noop_texts}
    return sorted(found)


def test_scanner_catches_an_unwrapped_label():
    assert unwrapped_strings('w.setText("Hello world")') == [(1, "'Hello world'")]
    assert unwrapped_strings('w.setToolTip(f"Opened {path}")')
    assert unwrapped_strings('w.setText(self.tr("Hello world"))') == []
    assert unwrapped_strings('tb = self.addToolBar(self.tr("Main"))\nw.setObjectName("main_toolbar")') == []


def test_scanner_catches_lists_items_and_dialog_texts():
    for source in ('self.setHeaderLabels(["Severity", "Rule", "Message"])',
                   'row = QTreeWidgetItem(["", "", "No problems found"])',
                   't.setHorizontalHeaderLabels(("Name", "Completion time"))',
                   'item = QTableWidgetItem("Not run")', 'item = QListWidgetItem("First scenario")',
                   'item = QStandardItem("Spine switches")', 'combo.addItems(["As drawn", "All IB"])',
                   'combo.addItem("As drawn", None)', 'tabs.setTabText(0, "Live plots")',
                   'menu = QMenu("Failures", self)', 'a.setStatusTip("Open a design")',
                   'box.setSuffix(" px per unit")', 'self.statusBar().showMessage("Saved")',
                   'view.setHtml("<b>Hello</b> there")', 'page.setTitle("Your cluster")',
                   'w.setLabel("left", "Queue depth")', 'w.setTitle("Throughput")',
                   'w.plot(x, y, name="Deepest queue")', 'curve = pg.PlotDataItem(x, y, name="Goodput")',
                   'QInputDialog.getText(self, "Rename", "New name:")',
                   'QFileDialog.getOpenFileName(self, self.tr("Open"), d, "Project files (*.json)")',
                   'QProgressDialog("Building the proposal", "Cancel", 0, 10)',
                   'self.undo_stack.push(QUndoCommand("Move nodes"))', 'self.tb = self.addToolBar("Main")'):
        assert unwrapped_strings(source), source


def test_scanner_follows_names_branches_and_helpers():
    via_local = 'def f(x):\n    text = "Checks are off" if x else "No problems found"\n    w.setText(text)\n'
    assert [t for _, t in unwrapped_strings(via_local)] == ["'Checks are off'", "'No problems found'"]
    assert unwrapped_strings('def f():\n    name = "unsaved"\n    w.setText(name or "Not saved yet")')
    assert unwrapped_strings('FILTER = "Designs (*.json)"\ndef f():\n    d.getSaveFileName(s, t, p, FILTER)')
    assert unwrapped_strings('def f():\n    w.setText("Hot cables: " + ", ".join(names))')
    assert unwrapped_strings('def f(b):\n    w.setText(self.tr("Run {0}").format({None: "as drawn"}[b]))')
    assert unwrapped_strings('def f():\n    for key, tip in (("run", "Simulate it"),):\n        a.setStatusTip(tip)')
    assert unwrapped_strings('ROWS = (("Completion time", 1),)\ndef f():\n    t.setVerticalHeaderLabels('
                             '[r[0] for r in ROWS])')
    assert unwrapped_strings('def legend():\n    return "Utilization: " + x\ndef f():\n    QLabel(legend())')
    assert unwrapped_strings('def f(tip):\n    a.setToolTip(tip)\ndef g():\n    f("Simulate the workload")')
    assert unwrapped_strings('S = {"p50": QT_TRANSLATE_NOOP("C", "median")}\ndef f():\n'
                             '    for k, label in S.items():\n        w.setText(f"{label}: {k}")')
    assert unwrapped_strings('def f():\n    self.failed.emit(run_id, "Cancelled by you")')
    assert unwrapped_strings('def f():\n    self.run_requested.emit(["train:7b:dp=8"], "Run 1")') == []
    # wrapped, translated again after a NOOP, or not text: nothing to report
    assert unwrapped_strings('S = {"p50": QT_TRANSLATE_NOOP("C", "median")}\ndef f():\n'
                             '    for k, label in S.items():\n        w.setText(self.tr(label))') == []
    assert unwrapped_strings('def f():\n    for t in (QT_TRANSLATE_NOOP("C", "Both planes"),):\n'
                             '        t = self.tr(t)\n        a.setText(t)') == []
    assert unwrapped_strings('def f(x):\n    w.setLabel("left", "%")\n    a.setLabel("bottom", self.tr("time"))\n'
                             '    c.addItem("USD", "USD")\n    d.getSaveFileName(s, t, p, f"{x.upper()} (*.{x})")\n'
                             '    w.setText(f"{v:.1f} Gb/s · {u:.0f} ms")\n    c.addItem(self.tr("Excel"), "xlsx")\n'
                             '    w.setText("InfiniBand")\n    w.setObjectName("main_toolbar")') == []


def test_scanner_catches_translation_aliases_lupdate_cannot_see():
    alias_fn = 'def _tr(text):\n    return QCoreApplication.translate("Layer", text)\nw.setText(_tr("Down since"))\n'
    assert unwrapped_strings(alias_fn)
    assert unwrapped_strings('noop = QT_TRANSLATE_NOOP\nx = noop("MainWindow", "Both planes")')


def test_window_translator_keeps_names_it_lacks_and_translates_qt_texts(qtbot):
    """A text the catalog lacks shows as written (not empty), and Qt's own buttons follow the language."""
    from PySide6.QtCore import QCoreApplication
    from PySide6.QtWidgets import QApplication, QDialogButtonBox

    from designer import i18n
    from designer.ui.language import install_translator
    from designer.ui.theme import protocol_name
    from designer.ui.window_actions import without_mnemonic

    app = QApplication.instance()
    translator = install_translator(app, "zh_CN")
    try:
        assert protocol_name("rocev2") == "RoCEv2" and protocol_name("frontend") == "以太网前端网络"
        assert QCoreApplication.translate("Theme", "no such text") == "no such text"
        assert without_mnemonic(QCoreApplication.translate("WindowActions", "&Save")) == "保存"
        if translator.qt_base is not None:      # Qt's catalog ships with the Qt installation
            box = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
            qtbot.addWidget(box)
            assert box.buttons()[0].text() == "取消"
    finally:
        app.removeTranslator(translator)
        i18n.set_language("en")


def test_every_ui_string_is_wrapped():
    problems = [f"{path.name}:{line}: {text}" for path in sorted(UI.glob("*.py"))
                for line, text in unwrapped_strings(path.read_text(encoding="utf-8"))]
    assert problems == [], "wrap these in self.tr() / QCoreApplication.translate():\n" + "\n".join(problems)


def tr_inside_fstrings(source: str) -> list[tuple[int, str]]:
    """(line, text) of tr("...") / translate(..., "...") written inside an f-string: lupdate does not look
    there, so the string never reaches the catalog and shows in English."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.JoinedStr):
            continue
        for part in node.values:
            if not isinstance(part, ast.FormattedValue):
                continue
            for inner in ast.walk(part.value):
                if isinstance(inner, ast.Call):
                    name = inner.func.attr if isinstance(inner.func, ast.Attribute) else getattr(inner.func, "id", "")
                    text_at = {"tr": 0, "translate": 1}.get(name)      # the source text's position
                    args = inner.args
                    if text_at is not None and len(args) > text_at and isinstance(args[text_at], ast.Constant) \
                            and isinstance(args[text_at].value, str):
                        found.append((inner.lineno, ast.unparse(inner)[:60]))
    return found


def test_scanner_catches_tr_inside_an_fstring():
    assert tr_inside_fstrings("""t = f"{self.tr('Hello')} world" """) == [(1, "self.tr('Hello')")]
    assert tr_inside_fstrings("""t = self.tr('Hello')\nu = f"{t} world" """) == []
    assert tr_inside_fstrings("""u = f"{QCoreApplication.translate('Ctx', label)} world" """) == []
    assert tr_inside_fstrings("""u = f"{QCoreApplication.translate('Ctx', 'Hi there')}" """)


def test_no_tr_of_a_literal_inside_an_fstring():
    problems = [f"{path.name}:{line}: {text}" for path in sorted(UI.glob("*.py"))
                for line, text in tr_inside_fstrings(path.read_text(encoding="utf-8"))]
    assert problems == [], "lupdate cannot see these; move the tr() call out of the f-string:\n" + "\n".join(problems)
