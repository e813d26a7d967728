"""The core's error messages are message ids rendered when printed: Chinese under --lang zh_CN, English as before.

(a) a scan of the core fails when an error is raised with literal English instead of a message id;
(b) the CLI prints its one-line errors in Chinese with --lang zh_CN and unchanged with --lang en;
plus the lazy rendering itself (language chosen after the error was made, pickling, the "and N more" tail).
"""

import ast
import pickle
from pathlib import Path

import pytest

from designer import i18n
from designer.cli import program as cli
from designer.i18n.message import Message, OsReason, os_reason
from designer.i18n.messages_en import EN
from designer.model.errors import ProjectError
from designer.model.fileformat import loads
from designer.sim.workload_spec import WorkloadError, parse_workload

ROOT = Path(__file__).resolve().parents[1]
CORE = ROOT / "designer"
# exceptions whose text reaches users; their message must be a Message (or text passed through from elsewhere)
ERROR_TYPES = {"ProjectError", "SizingError", "WorkloadError", "SimulationTooLarge", "SweepError",
               "ReportOptionsError", "CommandError", "ExportError"}


def _is_text(node: ast.AST) -> bool:
    """Literal or formatted text (not a message id): "...", f"...", "a" + b, "...".format(), "...".join()."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.BinOp):
        return _is_text(node.left) or _is_text(node.right)
    if isinstance(node, ast.Call):
        return isinstance(node.func, ast.Attribute) and node.func.attr in ("format", "join")
    return False


def _bad_message(node: ast.AST) -> str | None:
    """Why `node`, given as an error's message, is not translatable (None: it is fine)."""
    if isinstance(node, (ast.List, ast.Tuple)):
        return next((why for why in map(_bad_message, node.elts) if why), None)
    if isinstance(node, ast.IfExp):
        return _bad_message(node.body) or _bad_message(node.orelse)
    if isinstance(node, ast.Call) and getattr(node.func, "id", None) in ("Message", "OsReason"):
        return None  # its id is checked where the scan meets the Message call itself
    if _is_text(node):
        return "literal text instead of a message id"
    return None


def untranslated_errors(source: str) -> list[tuple[int, str]]:
    """(line, why) of every error made with literal text, and of every Message with an unknown id."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
        owner = getattr(func.value, "id", None) if isinstance(func, ast.Attribute) else None
        if name in ERROR_TYPES or name == "_error":
            args = node.args[:1] + [k.value for k in node.keywords if k.arg in ("problems", "message")]
        elif name == "append" and owner == "problems":     # problem lists that become one ProjectError
            args = node.args[:1]
        elif name == "bad" and len(node.args) == 2:          # the file reader's r.bad(place, message)
            args = node.args[1:]
        elif name in ("Message", "OsReason"):
            first = node.args[0] if node.args else None
            if isinstance(first, ast.Constant) and first.value not in EN:
                found.append((node.lineno, f"unknown message id {first.value!r}"))
            continue
        else:
            continue
        found += [(node.lineno, why) for why in map(_bad_message, args) if why]
    return found


def _core_files() -> list[Path]:
    return [p for p in sorted(CORE.rglob("*.py")) if "ui" not in p.relative_to(CORE).parts[:1]]


def test_scanner_catches_planted_untranslated_errors():
    planted = 'raise ProjectError(f"node {n} is bad")'
    assert untranslated_errors(planted) == [(1, "literal text instead of a message id")]
    assert untranslated_errors('raise WorkloadError("empty workload spec")')
    assert untranslated_errors('raise SweepError("--vary " + name + " is given twice")')
    assert untranslated_errors('raise ReportOptionsError("unknown {x}".format(x=1))')
    assert untranslated_errors('raise ProjectError([Message("error.at"), f"{p}: bad"], str(path))')
    assert untranslated_errors('problems.append(f"{section}: must be a list")')
    assert untranslated_errors('r.bad(place, "is missing")')
    assert untranslated_errors('return _error(f"cannot write {x}")')
    assert untranslated_errors('raise ProjectError(Message("error.no.such.id"))') == [(1, "unknown message id "
                                                                                      "'error.no.such.id'")]
    # translatable: a message id with parameters, problems passed through, a Message in a variable
    assert untranslated_errors('raise ProjectError(Message("error.doc.no_node", node=n), str(p))') == []
    assert untranslated_errors('raise ProjectError(exc.messages, str(p)) from None') == []
    assert untranslated_errors('raise WorkloadError(Message("error.workload.in_spec", spec=s, text=exc.message))') == []
    assert untranslated_errors('r.bad(f"links[{i}]", Message("error.file.self_link"))') == []
    assert untranslated_errors('raise last_error or SizingError(Message("error.sizing.hybrid"))') == []


def test_core_errors_are_message_ids():
    problems = []
    for path in _core_files():
        rel = path.relative_to(CORE).as_posix()
        problems += [f"{rel}:{line}: {why}" for line, why in untranslated_errors(path.read_text(encoding="utf-8"))]
    assert problems == [], "raise these with Message('error....') and add the id to a subject module " \
        "designer/i18n/messages_*_en.py:\n" + "\n".join(problems)


def test_every_error_id_named_in_the_core_exists():
    """Ids kept in tables ({errno: id}, {section: id}) are checked too: in a module that renders through
    designer.i18n.message, every 'error.*' literal is a known id."""
    unknown = []
    for path in _core_files():
        source = path.read_text(encoding="utf-8")
        if "designer.i18n.message import" not in source:
            continue
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.startswith("error.") \
                    and " " not in node.value and node.value not in EN:
                unknown.append(f"{path.relative_to(CORE).as_posix()}:{node.lineno}: {node.value}")
    assert unknown == []


# ---- lazy rendering -------------------------------------------------------------------------------
@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")


def test_an_error_renders_in_the_language_current_when_printed():
    with pytest.raises(ProjectError) as err:
        loads('{"format": "fabric-designer/1", "links": [{"id": 3}]}')
    exc = err.value
    assert str(exc) == "links[0].id: must be text, not a whole number (and 3 more problems)"
    assert exc.problems[1] == "links[0].a: must be an object with node and port"
    i18n.set_language("zh_CN")
    assert str(exc) == "links[0].id：应为文本，而不是整数（另有 3 个问题）"
    assert exc.one_line("en") == "links[0].id: must be text, not a whole number (and 3 more problems)"
    assert ProjectError([Message("error.value.missing")] * 2, "a.json").one_line("en") == \
        "a.json: is missing (and 1 more problem)"


def test_errors_keep_their_messages_across_processes():
    try:
        parse_workload("allreduce:1GiB:qps=0")
    except WorkloadError as exc:
        again = pickle.loads(pickle.dumps(exc))
    assert str(again) == "workload 'allreduce:1GiB:qps=0': qps=0: must be a whole number >= 1"
    i18n.set_language("zh_CN")
    assert str(again) == "负载 'allreduce:1GiB:qps=0'：qps=0：必须是不小于 1 的整数"
    doc_error = pickle.loads(pickle.dumps(ProjectError(Message("error.doc.no_link", link="L9"), "d.json")))
    assert doc_error.one_line("zh_CN") == "d.json：不存在链路 'L9'"


def test_messages_of_every_shape_cross_processes():
    """A message subclass whose constructor takes other arguments (parts, a value and its unit) comes back whole."""
    from designer.analysis.quantities import Concat, Money

    msg = Concat(Message("advisor.three_tiers"), " ", Money(1234.0, "USD"))
    again = pickle.loads(pickle.dumps(ProjectError(msg))).messages[0]
    assert type(again) is Concat and again == msg
    assert again.render("en") == msg.render("en") and "1,234" in again.render("en")
    assert again.render("zh_CN") == msg.render("zh_CN") != again.render("en")


def test_workload_text_with_control_characters_stays_one_line():
    with pytest.raises(WorkloadError) as err:
        parse_workload("bad\nspec")
    i18n.set_language("zh_CN")
    assert "\n" not in str(err.value) and "bad\\nspec" in str(err.value)


def test_os_reasons_are_the_systems_own_text_in_english():
    reason = os_reason(FileNotFoundError(2, "No such file or directory (as this system says it)"))
    assert isinstance(reason, OsReason)
    assert reason.render("en") == "No such file or directory (as this system says it)"
    assert reason.render("zh_CN") == "文件或文件夹不存在"
    assert os_reason(OSError("odd failure")) == "odd failure"


# ---- the command line -----------------------------------------------------------------------------
def run(capsys, *argv):
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err.strip()


CASES = [  # (argv, English line, a Chinese part of the same line)
    (["check", "missing.json"], "fabric-designer: error: missing.json: cannot read: No such file or directory",
     "missing.json：无法读取：文件或文件夹不存在"),
    (["generate", "nosuch", "--gpus", "8", "-o", "x.json"],
     "fabric-designer: error: argument kind: invalid choice: 'nosuch' (choose from ", "参数 kind：无效的选项 'nosuch'"),
    (["generate", "fat-tree", "--gpus", "7", "-o", "x.json"],
     "fabric-designer: error: 7 GPUs is not a whole number of 8-GPU servers", "7 块 GPU 无法整分"),
    (["check", "bad.json"], "fabric-designer: error: bad.json: not valid JSON (line 1, column 2: ",
     "bad.json：不是有效的 JSON（第 1 行第 2 列："),
    (["simulate", "missing.json", "--workload", "nosuch:1GiB"],
     "fabric-designer: error: workload 'nosuch:1GiB': unknown kind 'nosuch' (use allreduce,",
     "未知的负载类型 'nosuch'"),
    (["simulate", "missing.json", "--fail", "link:L1"],
     "fabric-designer: error: 'link:L1' is not a failure (use KIND:ID@TIME", "'link:L1' 不是故障描述"),
    (["sweep", "--generate", "fat-tree", "--vary", "gpus", "-o", "out.csv"],
     "fabric-designer: error: --vary 'gpus' must be NAME=VALUES, e.g. gpus=256,1024", "必须写成 NAME=VALUES"),
    (["sweep", "--generate", "fat-tree", "--vary", "zz=1", "-o", "out.csv"],
     "fabric-designer: error: unknown sweep parameter 'zz' (generator options:", "未知的扫描参数 'zz'"),
    (["check"], "fabric-designer: error: the following arguments are required: file", "缺少以下参数：file"),
    (["sweep", "--vary", "gpus=16", "-o", "out.csv"],
     "fabric-designer: error: give either a design FILE or --generate KIND, not both and not neither",
     "请给出设计文件 FILE"),
    (["sweep", "--generate", "fat-tree", "--vary", "gpus=16", "-o", "out.txt"],
     "fabric-designer: error: 'out.txt': the results file must end in .csv or .parquet", "'out.txt'：结果文件必须以"),
    (["sweep", "--generate", "fat-tree", "--vary", "gpus=16", "--workers", "0", "-o", "out.csv"],
     "fabric-designer: error: --workers must be at least 1, not 0", "--workers 不能小于 1"),
    (["advise", "--gpus", "12"],
     "fabric-designer: error: --gpus must be a positive multiple of 8 (8-GPU servers), not 12",
     "--gpus 必须是 8 的正整数倍"),
    (["advise", "--gpus", "16", "--budget", "-5"], "fabric-designer: error: --budget must be a positive amount, not -5",
     "--budget 必须是正数金额"),
    (["resilience", "missing.json", "--workload", "nosuch:1GiB"],
     "fabric-designer: error: workload 'nosuch:1GiB': unknown kind 'nosuch'", "错误：负载 'nosuch:1GiB'"),
]


@pytest.mark.parametrize(("argv", "english", "chinese"), CASES, ids=[" ".join(c[0][:2]) for c in CASES])
def test_cli_errors_in_chinese_and_english(tmp_path, monkeypatch, capsys, argv, english, chinese):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "bad.json").write_text("{")
    code, _, err = run(capsys, "--lang", "zh_CN", *argv)
    assert code == 2 and len(err.splitlines()) == 1 and chinese in err
    code, _, err = run(capsys, "--lang", "en", *argv)
    assert code == 2 and err.startswith(english)
    assert not (tmp_path / "x.json").exists() and not (tmp_path / "out.csv").exists()


def test_cli_error_prefix_and_project_errors_in_chinese(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "bad.json").write_text('{"format": "fabric-designer/1", "links": [{"id": 3}]}')
    code, _, err = run(capsys, "check", "bad.json", "--lang", "zh_CN")
    assert code == 2
    assert err == "fabric-designer: 错误：bad.json：links[0].id：应为文本，而不是整数（另有 3 个问题）"
    code, _, err = run(capsys, "--lang", "zh_CN", "simulate", "missing.json", "--workload", "allreduce:1XB")
    assert err == ("fabric-designer: 错误：负载 'allreduce:1XB'：'1XB' 中的大小单位 'XB' 未知"
                   "（B、KB、MB、GB、KiB、MiB、GiB）")
    i18n.set_language("en")
    code, _, err = run(capsys, "--lang")
    assert code == 2 and err == "fabric-designer: error: argument --lang: expected a language, e.g. --lang zh_CN"


def test_results_and_scenarios_sections_of_a_file_in_both_languages():
    bad = ('{"format": "fabric-designer/1", "results": {"seed": -1, "zz": 1}, "scenarios": [{"name": "", '
           '"workloads": [], "yy": 2}, {"name": "a", "workloads": ["x"]}, {"name": "a", "workloads": [""], '
           '"seed": true, "notes": 3}]}')
    with pytest.raises(ProjectError) as err:
        loads(bad)
    en = [m.render("en") for m in err.value.messages]
    zh = [m.render("zh_CN") for m in err.value.messages]
    for line in ("results.zz: is not a known result figure", "results.workloads: is missing",
                 "results.seed: must be a whole number >= 0", "scenarios[0]: unknown field(s) yy",
                 "scenarios[0].name: must be a non-empty text", "scenarios[0].workloads: needs at least one workload",
                 "scenarios[2].name: 'a' is used twice", "scenarios[2].workloads: must be a list of non-empty texts",
                 "scenarios[2].seed: must be a whole number from 0 to 4,294,967,295",
                 "scenarios[2].notes: must be text"):
        assert line in en
    for line in ("results.zz：不是已知的结果指标", "results.seed：必须是不小于 0 的整数", "scenarios[0]：未知字段 yy",
                 "scenarios[0].workloads：至少需要一个负载", "scenarios[2].name：'a' 被使用了两次",
                 "scenarios[2].notes：必须是文本"):
        assert line in zh
    with pytest.raises(ProjectError) as err:
        loads('{"format": "fabric-designer/1", "scenarios": {}}')
    assert err.value.one_line("en") == "scenarios: must be a list of scenarios"
    assert err.value.one_line("zh_CN") == "scenarios：必须是场景列表"


def test_sweep_results_errors_render_lazily_and_cross_processes(tmp_path):
    from designer.analysis.sweep import SweepError, read_results

    with pytest.raises(SweepError) as err:
        read_results(tmp_path / "none.csv")
    again = pickle.loads(pickle.dumps(err.value))
    assert str(again) == f"'{tmp_path / 'none.csv'}': no such sweep results file"
    i18n.set_language("zh_CN")
    assert str(again) == f"'{tmp_path / 'none.csv'}'：扫描结果文件不存在"


def test_report_sweep_metric_without_results_in_both_languages(tmp_path, capsys):
    from designer.model.fileformat import save
    from designer.topology import generate

    design = tmp_path / "d.json"
    save(generate("leaf-spine", gpus=16, backend="rocev2"), design)
    argv = ["report", str(design), "-o", str(tmp_path / "r.pdf"), "--sweep-metric", "capex"]
    code, _, err = run(capsys, "--lang", "zh_CN", *argv)
    assert code == 2 and err.endswith("--sweep-metric 需要同时给出 --sweep results.csv|results.parquet")
    code, _, err = run(capsys, *argv)
    assert code == 2 and err.endswith("--sweep-metric needs --sweep results.csv|results.parquet")
    assert not (tmp_path / "r.pdf").exists()
