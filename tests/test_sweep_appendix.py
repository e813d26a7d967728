"""`report --sweep results.csv|.parquet`: the proposal gets an appendix charting the sweep (what was varied, the
chart, the points, the failed points), in English and Chinese; a bad results file or metric is one line, exit 2."""

from __future__ import annotations

import csv

import pypdf
import pytest

from designer.analysis.sweep import SweepTask, parse_axes, run_sweep
from designer.analysis.sweep.chart import time_scale
from designer.cli import main
from designer.model.fileformat import save
from designer.report.sections.sweep_appendix import column_widths, nice_ticks, tick_text
from designer.topology import generate

WORKLOAD = "allreduce:1MiB"
FAILURE = "64 GPUs do not fit this test's imaginary switch"


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    """A small design, a sweep of it as CSV (one point marked failed) and as Parquet."""
    tmp = tmp_path_factory.mktemp("appendix")
    design = tmp / "d.fabric.json"
    save(generate("fat-tree", gpus=16, backend="rocev2"), design)
    task = SweepTask((WORKLOAD,), seed=1, generate_kind="fat-tree")
    axes = parse_axes(["gpus=16,32,64", "oversubscription=1,2"], generated=True)
    run_sweep(task, axes, tmp / "r.csv", workers=1)
    run_sweep(task, axes, tmp / "r.parquet", workers=1)
    with open(tmp / "r.csv", newline="") as fh:
        rows = list(csv.DictReader(fh))
    header = list(rows[0])
    rows[-1] = {k: (v if k in ("point", "gpus", "oversubscription") else "") for k, v in rows[-1].items()}
    rows[-1]["error"] = FAILURE
    with open(tmp / "failed.csv", "w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=header, lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
    return tmp


def _text(path) -> str:
    return "\n".join(page.extract_text() for page in pypdf.PdfReader(str(path)).pages)


def _report(files, out, *extra: str) -> int:
    return main(["report", str(files / "d.fabric.json"), "-o", str(out), "--workload", WORKLOAD, *extra])


def test_appendix_in_english(files, tmp_path, capsys):
    out = tmp_path / "p.pdf"
    assert _report(files, out, "--sweep", str(files / "failed.csv")) == 0
    text = _text(out)
    appendix = text[text.rindex("Appendix: design-space sweep"):]
    for words in ("What was varied", "GPUs", "Oversubscription", "Completion time against GPUs",
                  "The points", "Points that could not be built or run", FAILURE, "failed.csv", "6 design points"):
        assert words in appendix, words
    for raw in ("gpus", "oversubscription"):          # the sweep's parameter names stay out of customer text
        assert raw not in appendix, raw
    assert text.count("Appendix: design-space sweep") == 2          # in the contents and as the heading


def test_appendix_in_chinese_from_parquet_with_a_chosen_metric(files, tmp_path):
    out = tmp_path / "p.pdf"
    assert _report(files, out, "--lang", "zh_CN", "--sweep", str(files / "r.parquet"), "--sweep-metric",
                   "capex") == 0
    text = _text(out)
    appendix = text[text.rindex("附录：设计空间扫描"):]
    for words in ("扫描参数", "收敛比", "GPU 数量", "资本支出", "各设计点", "r.parquet"):
        assert words in appendix, words
    assert "gpus" not in appendix and "oversubscription" not in appendix
    assert "无法构建" not in appendix                # no failed point in this file


def test_no_appendix_without_sweep(files, tmp_path):
    out = tmp_path / "p.pdf"
    assert _report(files, out) == 0
    assert "design-space sweep" not in _text(out)


@pytest.mark.parametrize("extra, words", [
    (["--sweep", "{tmp}/missing.csv"], "no such sweep results file"),
    (["--sweep", "{tmp}/foreign.csv"], "is not a results file of 'fabric-designer sweep'"),
    (["--sweep", "{tmp}/foreign.parquet"], "cannot read"),
    (["--sweep", "{files}/r.csv", "--sweep-metric", "speed"], "unknown chart metric 'speed' (choose one of:"),
    (["--sweep-metric", "capex"], "--sweep-metric needs --sweep"),
])
def test_bad_sweep_file_or_metric_is_one_line(files, tmp_path, capsys, extra, words):
    (tmp_path / "foreign.csv").write_text("name,value\nx,1\n")
    (tmp_path / "foreign.parquet").write_text("name,value\nx,1\n")
    out = tmp_path / "p.pdf"
    argv = [a.format(tmp=tmp_path, files=files) for a in extra]
    assert _report(files, out, *argv) == 2
    err = capsys.readouterr().err.strip()
    assert words in err and "\n" not in err
    assert not out.exists()


def test_chart_helpers():
    assert nice_ticks(0, 9.3) == [0, 2, 4, 6, 8, 10]
    assert nice_ticks(29.5, 29.6)[0] <= 29.5 and nice_ticks(29.5, 29.6)[-1] >= 29.6
    assert nice_ticks(5, 5)[0] < 5 < nice_ticks(5, 5)[-1]
    assert tick_text(2.5, 2.5) == "2.5" and tick_text(1_000_000, 200_000) == "1,000,000"
    assert tick_text(0.2, 0.2) == "0.2" and tick_text(0.05, 0.05) == "0.05"
    assert time_scale([6.9e-05]) == (1e6, "µs") and time_scale([0.3]) == (1e3, "ms") and time_scale([29.5]) == (
        1.0, "s")
    widths = column_widths(["Point", "backend", "每 Gb/s 有效吞吐的资本支出"], [["0", "rocev2", "$282"]],
                           "Helvetica", 300)
    assert abs(sum(widths) - 300) < 1e-6 and min(widths) > 20


def test_chinese_titles_get_spaces_only_where_chinese_meets_latin():
    from designer.report.sections.sweep_appendix import cjk_spacing

    assert cjk_spacing("完成时间随GPU 数量的变化") == "完成时间随 GPU 数量的变化"
    assert cjk_spacing("完成时间随收敛比的变化") == "完成时间随收敛比的变化"
    assert cjk_spacing("Completion time against GPUs") == "Completion time against GPUs"
