"""The CLI's ordinary output follows --lang: simulate, compare, cost, resilience, validate, sweep, export and import
print Chinese labels under --lang zh_CN (tables still aligned in terminal columns) and English ones otherwise."""

import re

import pytest

import designer.cli.resilience
from designer import i18n
from designer.analysis.resilience.summary import FAILURE_CLASSES, resilience_summary
from designer.analysis.validation.runner import ScenarioResult
from designer.analysis.validation.scenarios import Scenario
from designer.catalog.loader import load_catalog
from designer.cli import program as cli
from designer.cli import validate as validate_cli
from designer.i18n import render
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
from designer.i18n.text_width import columns, fit, ljust, rjust
from designer.model.fileformat import save
from designer.report.products import product_name
from designer.topology import generate

WORKLOAD = "allreduce:16MiB"
FIGURE_IDS = ("cli.sim.completion_time", "cli.sim.algbw_busbw", "cli.sim.goodput", "cli.sim.throughput_fraction",
              "cli.sim.latency", "cli.sim.link_utilization", "cli.sim.step_time", "cli.sim.congestion",
              "cli.sim.dropped", "cli.sim.wall_time")


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")


@pytest.fixture(scope="module")
def design(tmp_path_factory):
    """A 16-GPU RoCEv2 leaf-spine (two leaves, two spines): every command runs on it in well under a second."""
    path = tmp_path_factory.mktemp("design") / "d.fabric.json"
    save(generate("leaf-spine", gpus=16, backend="rocev2", two_tiers=True), path)
    return str(path)


def run(capsys, *argv):
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    assert code == 0, err
    return out


def english(*msg_ids):
    return [render(m, "en") for m in msg_ids]


def chinese(*msg_ids):
    return [render(m, "zh_CN") for m in msg_ids]


def has_cjk(text):
    return any("\u4e00" <= ch <= "\u9fff" for ch in text)


def value_columns(out):
    """The terminal column where each figure's value starts (the label is padded with two or more spaces)."""
    found = set()
    for line in out.splitlines():
        m = re.match(r"^  (\S.*?) {2,}(\S.*)$", line)
        if m:
            found.add(columns(line[:m.start(2)]))
    return found


# ---- the catalogs ---------------------------------------------------------------------------------
def test_subject_modules_do_not_redefine_each_others_ids():
    modules = [GENERAL, ADVISOR, FINDINGS, ERRORS, SWEEP, CLI, HELP, PROPOSAL, BUILD, PLANES, CLAIMS, SITES]
    assert sum(map(len, modules)) == len(EN)
    assert all(m in EN for m in (*SWEEP, *CLI))


def test_every_failure_class_and_bom_kind_has_a_label():
    assert all(f"cli.res.class.{c}" in EN for c in FAILURE_CLASSES)
    for kind in ("switch", "gateway", "nic", "cable", "optics", "fibre", "management", "facility", "service",
                 "support", "server", "storage"):
        assert f"cost.kind.{kind}" in EN and has_cjk(render(f"cost.kind.{kind}", "zh_CN"))
    assert render("cost.kind.nic", "en") == "network card"          # a word the customer uses, not an abbreviation


def test_text_width_counts_chinese_as_two_columns():
    assert columns("完成时间") == 8 and columns("abc") == 3
    assert ljust("完成", 6) == "完成  " and rjust("完成", 6) == "  完成"
    assert fit("完成时间", 5) == "完成 " and ljust("abc", 5) == f"{'abc':<5}" and rjust("abc", 5) == f"{'abc':>5}"
    assert ljust("toolong", 3) == "toolong"           # never cut (like an f-string)


# ---- simulate and compare -------------------------------------------------------------------------
def test_simulate_in_chinese_and_english(capsys, design):
    zh = run(capsys, "--lang", "zh_CN", "simulate", design, "--workload", WORKLOAD)
    assert all(label in zh for label in chinese(*FIGURE_IDS))
    assert not any(label in zh for label in english(*FIGURE_IDS))
    assert "分区 backend（rocev2）：有效吞吐 " in zh and "goodput" not in zh and "segment" not in zh
    assert value_columns(zh) == {43}                  # the values line up although the labels are Chinese
    en = run(capsys, "--lang", "en", "simulate", design, "--workload", WORKLOAD)
    assert all(f"  {label:<40} " in en for label in english(*FIGURE_IDS))
    assert "  segment backend (rocev2): goodput " in en and not has_cjk(en)
    assert value_columns(en) == {43}


def test_simulate_failure_lines_in_chinese_and_english(capsys, design):
    # an AllToAll's flows are all in flight at 50 us (a ring's small steps spend most of their time in latency,
    # where a failure finds no byte to stall)
    argv = ["simulate", design, "--workload", "alltoall:16MiB", "--fail", "switch:spine-01@0.05ms:up=0.1ms"]
    zh = run(capsys, "--lang", "zh_CN", *argv)
    assert "故障 switch:spine-01@0.05ms:up=0.1ms 发生于 " in zh and "条流停滞" in zh
    assert "于 0.1 ms 恢复，吞吐下降 " in zh
    assert "failure" not in zh and "flows stalled" not in zh and "recovered" not in zh and "dip" not in zh
    en = run(capsys, "--lang", "en", *argv)
    assert "  failure switch:spine-01@0.05ms:up=0.1ms at " in en and " flows stalled (" in en
    assert "recovered at 0.1 ms, throughput dip " in en
    # 10 us: inside the AllToAll's transfers (8 MiB a server pair and rail, about 170 us at 400G), so the failure
    # stalls flows in flight
    cut = ["simulate", design, "--workload", "alltoall:16MiB", "--fail", "switch:leaf-01@0.01ms"]
    zh = run(capsys, "--lang", "zh_CN", *cut)
    assert "始终未恢复" in zh and "  未完成：" in zh and "（服务器 srv-001、srv-002）" in zh
    assert "NOT COMPLETED" not in zh and "never recovered" not in zh and "undelivered" not in zh
    en = run(capsys, "--lang", "en", *cut)
    assert "never recovered" in en and "  NOT COMPLETED: " in en and "(servers srv-001, srv-002)" in en


def test_compare_in_chinese_and_english(capsys, design):
    zh = run(capsys, "--lang", "zh_CN", "compare", design, "--workload", WORKLOAD)
    assert "InfiniBand" in zh and "RoCEv2" in zh and all(label in zh for label in chinese(*FIGURE_IDS))
    assert not any(label in zh for label in english(*FIGURE_IDS))
    assert value_columns(zh) == {43}
    en = run(capsys, "--lang", "en", "compare", design, "--workload", WORKLOAD)
    assert all(f"  {label:<40} " in en for label in english(*FIGURE_IDS)) and value_columns(en) == {43}
    for out in (zh, en):
        assert second_column(out) > 43 + len("InfiniBand")


def second_column(out):
    """The terminal column where compare's RoCEv2 column starts, the same on its header and every figure row,
    each InfiniBand value ending at least one column before it (one wider than 28 columns widens the column)."""
    lines = out.splitlines()
    header = next(line for line in lines if line.strip().startswith("InfiniBand") and line.endswith("RoCEv2"))
    start = columns(header[:header.index("RoCEv2")])
    rows = [line for line in lines[lines.index(header) + 1:] if re.match(r"^  \S.*? {2,}\S", line)]
    assert rows
    for row in rows:
        cut = next(i for i in range(len(row) + 1) if columns(row[:i]) >= start)
        assert columns(row[:cut]) == start and row[cut - 1] == " " and row[cut] != " ", row
    return start


# ---- cost -----------------------------------------------------------------------------------------
def _cost_rows(table: list[str]) -> list[tuple[str, str]]:
    """(product, kind) of each line of a cost table: the product fills the first column (its width in display
    columns is where the header's second title starts), the kind is what precedes the three figures."""
    start = columns(table[0][:table[0].index(table[0].split()[1])])
    rows = []
    for line in table[1:]:
        product = fit(line, start)
        rows.append((product.strip(), " ".join(line[len(product):].split()[:-3])))
    return rows


def test_cost_table_in_chinese_and_english(capsys, design):
    zh = run(capsys, "--lang", "zh_CN", "cost", design).splitlines()
    table, summary = zh[:-1], zh[-1]
    assert table[0].split() == chinese("cost.col_item", "cost.col_kind", "cost.col_count", "cost.col_unit",
                                       "cost.col_total")
    kinds = {kind for _, kind in _cost_rows(table)}
    assert {"交换机", "网卡", "线缆", "服务器"} <= kinds and all(has_cjk(k) for k in kinds)
    assert len({columns(line) for line in table}) == 1      # every row as wide as the header
    assert summary.startswith("资本支出 ") and "capex" not in summary
    assert "US$" in summary and table[1].rstrip().split()[-1].startswith("US$")   # dollars marked, as in the PDF
    en = run(capsys, "--lang", "en", "cost", design).splitlines()
    assert en[0].split() == ["item", "kind", "count", "unit", "total"]
    rows = dict(_cost_rows(en[:-1]))
    assert set(rows.values()) >= {"switch", "network card", "cable", "server"}
    assert en[-1].startswith("capex $")
    # products by the names a customer knows, never the catalog's ids (--json keeps the ids for machines)
    cat = load_catalog()
    assert product_name(cat, "switch", "sn5600") in rows and "sn5600" not in " ".join(en)
    assert product_name(cat, "switch", "sn5600", "zh_CN") in dict(_cost_rows(table))
    assert all(not re.fullmatch(r"[a-z0-9-]+", name) for name in rows)


# ---- resilience -----------------------------------------------------------------------------------
def test_resilience_table_in_chinese_and_english(capsys, design, monkeypatch):
    # the analysis is the same in every language: the English table prints the rows the Chinese one computed
    rows_of_the_run = []

    def computed_once(*args, **kwargs):
        if not rows_of_the_run:
            rows_of_the_run.append(resilience_summary(*args, **kwargs))
        return rows_of_the_run[0]

    monkeypatch.setattr(designer.cli.resilience, "resilience_summary", computed_once)
    zh = run(capsys, "--lang", "zh_CN", "resilience", design, "--workload", WORKLOAD).splitlines()
    assert zh[0].endswith("：单点故障，" + WORKLOAD)
    assert zh[1].split() == chinese("cli.res.col_class", "cli.res.col_worst", "cli.res.col_loss",
                                    "cli.res.col_completed", "cli.res.col_delay")
    rows = [line.split() for line in zh[2:]]
    assert [r[0] for r in rows] == ["叶交换机", "脊交换机", "服务器链路"]
    assert {r[3] for r in rows} <= {"是", "否"} and len({columns(line) for line in zh[1:]}) == 1
    assert not any(word in "\n".join(zh) for word in ("class", "worst element", "throughput loss", "reroute",
                                                        "single failures", "yes", "NO"))
    en = run(capsys, "--lang", "en", "resilience", design, "--workload", WORKLOAD).splitlines()
    assert en[1] == (f"  {'class':<12} {'worst element':<16} {'throughput loss':>16} {'completed':>10} "
                     f"{'reroute delay':>14}")
    assert [line.split()[0] for line in en[2:]] == ["leaf", "spine", "server-link"]
    assert en[2].split()[3] in ("yes", "NO") and ": single failures, " in en[0]


# ---- validate (a synthetic table: the real scenarios take most of a minute) -----------------------
def _validation_rows():
    def result(scenario, ours, error, within):
        return ScenarioResult(scenario, ours, error, within, 0.0)

    return [result(Scenario("s-1", "f", "us", "src A", lambda: 1.0, published=1.0), 1.0, 0.0, True),
            result(Scenario("s-2", "f", "ratio", "src B", lambda: 3.0, published=1.0, tolerance=0.1), 3.0, 2.0,
                   False),
            result(Scenario("s-3", "f", "fraction", "src C", lambda: 0.9, band=(0.8, 1.0), tolerance=0.1), 0.9,
                   0.0, True),
            result(Scenario("s-4", "f", "%", "src D", None, published=5.0), None, None, False)]


def test_validate_table_in_chinese_and_english(capsys, monkeypatch):
    monkeypatch.setattr(validate_cli, "run_scenarios", _validation_rows)
    zh = run(capsys, "--lang", "zh_CN", "validate").splitlines()
    assert zh[0].split() == chinese(*(f"validate.col.{c}" for c in ("scenario", "basis", "published", "ours", "unit",
                                                                    "error", "tolerance", "status", "source")))
    text = "\n".join(zh)
    assert all(word in text for word in ("在容差内", "超出容差", "无法表达", "区间 ±10 %", "比值", "比例"))
    assert zh[-1].startswith("4 个独立场景中有 2 个在容差范围内（3 个可表达）")
    for word in ("scenario", "published", "tolerance", "within", "OFF", "not expressed", "n/a", "band", "ratio",
                 "fraction"):
        assert word not in text, word
    sources = {columns(line[:line.index("src")]) for line in zh[1:-1]}
    assert len(sources) == 1 and sources == {columns(zh[0][:zh[0].index("来源")])}
    en = run(capsys, "--lang", "en", "validate").splitlines()
    assert en[0].split() == ["scenario", "basis", "published", "ours", "unit", "error", "tolerance", "status",
                             "source"]
    assert "OFF" in en[2] and "band ±10 %" in en[3] and "not expressed" in en[4] and "n/a" in en[4]
    assert en[-1].startswith("2 of 4 independent scenarios within tolerance (3 expressed)")


def test_the_markdown_table_of_the_docs_stays_english():
    from designer.analysis.validation.runner import format_table

    i18n.set_language("zh_CN")
    md = format_table(_validation_rows(), markdown=True)
    assert md.startswith("| scenario | basis | published |") and "2 of 4 independent scenarios within tolerance" in md
    assert not has_cjk(md)


# ---- sweep, export, import ------------------------------------------------------------------------
def test_sweep_summary_in_chinese_and_english(capsys, tmp_path):
    argv = ["sweep", "--generate", "leaf-spine", "--vary", "gpus=16,7", "--workload", WORKLOAD, "--workers", "1"]
    def run_sweep(*args: str) -> str:       # exit 1: the point of 7 GPUs could not be built
        assert cli.main(list(args)) == 1
        return capsys.readouterr()[0]

    zh = run_sweep("--lang", "zh_CN", *argv, "-o", str(tmp_path / "zh.csv"))
    assert zh.strip() == (f"已写入 {tmp_path / 'zh.csv'}：2 个点（已有 0 个，在 1 个进程上新运行 2 个，"
                          f"1 个无法生成或运行（见 error 列））")
    en = run_sweep("--lang", "en", *argv, "-o", str(tmp_path / "en.csv"))
    assert en.strip() == (f"wrote {tmp_path / 'en.csv'}: 2 points (0 already done, 2 run on 1 process, 1 could not "
                          f"be built or run (see the error column))")


def test_export_and_import_lines_in_chinese_and_english(capsys, tmp_path, design):
    outputs = ["--cabling", str(tmp_path / "c.csv"), "--bom", str(tmp_path / "b.csv"), "--graphml",
               str(tmp_path / "g.graphml"), "--dot", str(tmp_path / "d.dot"), "--containerlab",
               str(tmp_path / "l.clab.yml")]
    zh = run(capsys, "--lang", "zh_CN", "export", design, *outputs).splitlines()
    assert len(zh) == 5 and all(line.startswith("已写入 ") for line in zh)
    assert "布线表" in zh[0] and "物料清单" in zh[1] and "个节点" in zh[2] and "条以太网链路" in zh[4]
    assert not any(w in "\n".join(zh) for w in ("wrote", "cables", "nodes", "links", "bill of materials"))
    zh = run(capsys, "--lang", "zh_CN", "import", str(tmp_path / "g.graphml"), "-o", str(tmp_path / "i.json"))
    assert zh.startswith(f"已写入 {tmp_path / 'i.json'}：") and "个分区" in zh
    en = run(capsys, "--lang", "en", "export", design, *outputs).splitlines()
    assert en[0].startswith(f"wrote {tmp_path / 'c.csv'}: cabling plan, ") and en[0].endswith(" cables")
    assert "bill of materials" in en[1] and en[4].endswith(" Ethernet links")
    en = run(capsys, "--lang", "en", "import", str(tmp_path / "g.graphml"), "-o", str(tmp_path / "i.json"))
    assert en.strip().endswith(" links, 1 segments") and en.startswith(f"wrote {tmp_path / 'i.json'}: ")


def test_generated_designs_are_named_in_the_current_language():
    from designer.i18n import current_language, set_language
    from designer.topology import generate

    before = current_language()
    try:
        set_language("en")
        doc = generate("fat-tree", gpus=64, backend="rocev2")
        assert doc.name == "fat-tree 64 GPUs (RoCEv2)"
        assert [s.name for s in doc.segments.values()] == ["Back-end (RoCEv2)"]
        set_language("zh_CN")
        doc = generate("fat-tree", gpus=64, backend="hybrid")
        assert "块 GPU" in doc.name and "混合" in doc.name
        assert all("（" in s.name for s in doc.segments.values()) and "自动生成" in doc.notes
    finally:
        set_language(before)
