"""`fabric-designer --lang zh_CN [COMMAND] --help` is Chinese (argparse's own words included, wrapped in terminal
columns); English help is argparse's layout of the English texts; every argument of every command says what it is."""

import argparse
import re

import pytest

from designer import i18n
from designer.cli import program as cli
from designer.i18n.messages_advisor_en import ADVISOR
from designer.i18n.messages_build_en import BUILD
from designer.i18n.messages_claims_en import CLAIMS
from designer.i18n.messages_cli_en import CLI
from designer.i18n.messages_en import EN, GENERAL
from designer.i18n.messages_errors_en import ERRORS
from designer.i18n.messages_findings_en import FINDINGS
from designer.i18n.messages_help_en import HELP
from designer.i18n.messages_planes_en import PLANES
from designer.i18n.messages_proposal_en import PROPOSAL
from designer.i18n.messages_sites_en import SITES
from designer.i18n.messages_sweep_en import SWEEP
from designer.i18n.text_width import columns

CJK = re.compile(r"[\u4e00-\u9fff]")
ARGPARSE_ENGLISH = ("usage:", "positional arguments:", "options:", "show this help message and exit")

# English help at 80 columns
CHECK_HELP_EN = """\
usage: fabric-designer check [-h] [--json] file

positional arguments:
  file        the project file (.json)

options:
  -h, --help  show this help message and exit
  --json      print the findings as JSON
"""
SIMULATE_HELP_EN = """\
usage: fabric-designer simulate [-h] [--workload SPEC] [--backend {ib,rocev2}]
                                [--preset {recommended,plain}] [--seed SEED]
                                [--json] [--timeline OUT.csv]
                                [--fail KIND:ID@TIME] [--jobs] [--no-alone]
                                file

positional arguments:
  file                  the project file (.json)

options:
  -h, --help            show this help message and exit
  --workload SPEC       workload, e.g. allreduce:1GiB,
                        permutation:256MiB:qps=8, train:70b:dp=128
                        (repeatable); a job on part of the fabric adds
                        gpus=N:place=packed|spread|random|rail-aligned or
                        servers=srv-001..srv-016
  --backend {ib,rocev2}
                        override every back-end segment's protocol
  --preset {recommended,plain}
                        run every back-end segment with this settings preset
                        (recommended for AI, or plain defaults) instead of its
                        own
  --seed SEED           seed of the run's random choices (ECMP hashes, job
                        placement, traffic); the same seed gives the same
                        result (default: 1)
  --json                print the whole result as JSON instead of the table
  --timeline OUT.csv    write the run's time series (throughput, link
                        utilisation, latency percentiles) to this CSV file
  --fail KIND:ID@TIME   fail an element during the run, e.g. link:L12@2ms or
                        switch:spine-01@5ms (repeatable)
  --jobs                run the jobs saved in the design (before any
                        --workload)
  --no-alone            with several workloads, do not run each job alone to
                        measure its slowdown
"""


@pytest.fixture(autouse=True)
def fixed_width(monkeypatch):
    """argparse wraps to the terminal's width: make it 80 columns whatever runs the tests."""
    monkeypatch.setenv("COLUMNS", "80")
    yield
    i18n.set_language("en")


def _help(capsys, *argv: str) -> str:
    """The output of `fabric-designer ARGV` ending in --help (a command's parser exits 0, the program's returns 0)."""
    try:
        code = cli.main(list(argv))
    except SystemExit as exc:
        code = exc.code
    assert code == 0
    return capsys.readouterr().out


def _english_help_of(command: str) -> list[str]:
    """The English help sentences of `command`: its own line in the command list and its options' texts."""
    return [text for msg_id, text in HELP.items()
            if msg_id == f"help.{command}" or msg_id.startswith(f"help.{command}.")]


def test_help_ids_are_their_own_subject():
    assert sum(map(len, [GENERAL, ADVISOR, BUILD, FINDINGS, ERRORS, SWEEP, CLI, HELP, PROPOSAL, PLANES,
                         CLAIMS, SITES])) == len(EN)
    assert all(m in EN for m in HELP)
    assert not (set(HELP) - set(i18n.catalog._table("zh_CN")))


@pytest.mark.parametrize("command", cli.COMMANDS)
def test_every_command_help_is_chinese(capsys, command):
    out = _help(capsys, "--lang", "zh_CN", command, "--help")
    usage, _, body = out.partition("\n\n")
    assert usage.startswith(i18n.render("help.argparse.usage", "zh_CN") + f"{cli.PROG} {command}")
    assert CJK.search(body)
    assert "显示此帮助信息并退出" in body and "选项:" in body
    samples = [*ARGPARSE_ENGLISH, HELP["help.common.workload"], *_english_help_of(command)]
    assert [s for s in samples if s in out] == []


def test_program_help_is_chinese_and_lists_every_command_in_chinese(capsys):
    out = _help(capsys, "--lang=zh_CN", "--help")
    assert i18n.render("help.description", "zh_CN") in out
    for command in cli.COMMANDS:
        line = next(ln for ln in out.splitlines() if ln.strip().startswith(command + " "))
        assert CJK.search(line), line
    assert [s for s in [*ARGPARSE_ENGLISH, HELP["help.description"]] if s in out] == []


def test_lang_after_the_command_and_the_window_help(capsys):
    out = _help(capsys, "sweep", "--help", "--lang", "zh_CN")
    assert "改变参数" in out and "gpus=256,1024" in out and "NAME=VALUES" in out
    out = _help(capsys, "--lang", "zh_CN", "--no-such", "--help")  # not a command: the window's parser
    assert "打开设计器窗口（FILE 可选）" in out and "fabric-designer COMMAND --help" in out


def test_chinese_help_is_wrapped_in_terminal_columns(capsys):
    for command in cli.COMMANDS:
        for line in _help(capsys, "--lang", "zh_CN", command, "--help").splitlines():
            # only argparse's own unbreakable ASCII (a long choice list or usage item) may overflow
            assert columns(line) <= 80 or not CJK.search(line), line


def test_every_argument_says_what_it_is():
    parser = cli.build_parser()
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    assert set(commands.choices) == set(cli.COMMANDS)
    silent = [f"{name} {a.option_strings[0] if a.option_strings else a.dest}"
              for name, sub in commands.choices.items() for a in sub._actions if not a.help]
    assert silent == []


def test_english_help_layout(capsys):
    assert _help(capsys, "check", "--help") == CHECK_HELP_EN
    assert _help(capsys, "--lang", "en", "simulate", "--help") == SIMULATE_HELP_EN
    out = _help(capsys, "--help")
    assert "Draw, simulate and cost AI-cluster networks (InfiniBand vs RoCEv2)." in out
    assert "    generate            generate a design from a topology template\n" in out
    for command in cli.COMMANDS:
        assert not CJK.search(_help(capsys, command, "--help"))


def test_an_unknown_language_is_still_an_error(capsys):
    assert cli.main(["--lang", "xx", "check", "--help"]) == 2
    assert "unknown language 'xx'" in capsys.readouterr().err
