"""The advisor speaks the chosen language: reasons and labels are message ids rendered on demand, English exactly
as before (and in advice.json), Chinese in `advise --lang zh_CN` and in the Chinese comparison PDF."""

from __future__ import annotations

import json
import re
import unicodedata

import pytest
from pypdf import PdfReader

from designer.analysis.advisor import Preferences, advise, candidate_specs
from designer.analysis.advisor.candidates import CandidateSpec
from designer.cli import main
from designer.cli.advise import ranked_table
from designer.i18n import missing_ids, set_language
from designer.report.comparison_pdf import write_comparison_pdf
from tests.factories import ADVISOR_BUDGET_64_GPUS

WORKLOAD = ["allreduce:16MiB"]


def _cjk(text: str) -> bool:
    return any("\u4e00" <= ch <= "\u9fff" for ch in text)


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    set_language("en")


@pytest.fixture(scope="module")
def advice():
    return advise(64, WORKLOAD, Preferences(budget=ADVISOR_BUDGET_64_GPUS, existing_ethernet=True,
                                            latency_sensitive=True),
                  seed=2)


def test_reasons_are_the_recommendations_own_in_english_and_json(advice):
    rec = advice.recommendation
    assert advice.reasons == rec.reasons("en") == advice.reason_texts("en")
    assert advice.to_dict()["reasons"] == advice.reasons
    assert advice.to_dict()["recommended_label"] == advice.recommended_label("en")
    assert rec.priorities[:2] == ("latency", "operations")          # latency-sensitive, existing Ethernet
    assert rec.over_budget and advice.recommended is not None
    assert any(f"budget of ${ADVISOR_BUDGET_64_GPUS:,}" in r for r in advice.reasons)


def test_reasons_render_in_chinese_after_the_fact(advice):
    zh = advice.reason_texts("zh_CN")
    assert len(zh) == len(advice.reasons) and all(_cjk(t) for t in zh)
    assert not any(word in " ".join(zh) for word in ("decides", "is a tie", "fat tree", "options"))
    assert advice.recommended_label("zh_CN") in " ".join(zh) or len(zh) == 1
    set_language("zh_CN")
    assert advice.reason_texts() == zh                      # default: the current language
    assert advice.reasons == advice.reason_texts("en")      # the stored English stays


def test_candidate_labels_in_both_languages():
    labels = {s.id: (s.label, s.label_text("zh_CN")) for s in candidate_specs()}
    assert labels["ib-fat-tree-1to1"] == ("InfiniBand fat tree, 1:1", "InfiniBand 胖树，1:1")
    assert labels["rocev2-fat-tree-2to1"] == ("RoCEv2 fat tree (ECMP, 16 queue pairs), 2:1",
                                              "RoCEv2 胖树（ECMP，16 个队列对），2:1")
    assert labels["rocev2-rail-optimized-1to1"][0] == "RoCEv2 rail-optimized (ECMP, 16 queue pairs), 1:1"
    assert labels["rocev2-fat-tree-bf3-1to1"][0] == \
        "RoCEv2 fat tree (Spectrum-X: BlueField-3 SuperNICs, packet spraying), 1:1"
    assert "轨道优化" in labels["rocev2-rail-optimized-1to1"][1]
    assert labels["hybrid-fat-tree-1to1"] == ("Hybrid IB + RoCEv2 fat tree, 1:1", "混合 IB + RoCEv2 胖树，1:1")
    assert CandidateSpec("fat-tree", "ib", 1.5).label == "InfiniBand fat tree, 1.5:1"
    assert [m for m in missing_ids("zh_CN") if m.startswith("advisor.")] == []


def _columns(line: str) -> int:
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in line)


def test_ranked_table_in_chinese_keeps_its_columns(advice):
    en, zh = ranked_table(advice, "en"), ranked_table(advice, "zh_CN")
    assert en[0].split()[:3] == ["#", "candidate", "time"]
    assert "候选方案" in zh[0] and "总拥有成本" in zh[0] and "预算" in zh[0]
    assert len({_columns(line) for line in zh}) == 1            # every row as wide as the header
    assert len({len(line) for line in en}) == 1
    assert any(line.rstrip().endswith(("预算内", "超预算")) for line in zh[1:])
    for lang, table in (("en", en), ("zh_CN", zh)):                 # every candidate named in full, never cut
        assert all(c.label_text(lang) in "\n".join(table) for c in advice.candidates.values())


def test_cli_lang_zh_prints_chinese_headers_and_reasons(capsys):
    assert main(["--lang", "zh_CN", "advise", "--gpus", "64", "--workload", WORKLOAD[0], "--latency-sensitive"]) == 0
    out = capsys.readouterr().out
    assert "候选方案" in out and "推荐：" in out and "p99 延迟" in out and "排序" in out
    assert "Recommended:" not in out and "decides" not in out and "candidate " not in out
    set_language("en")
    assert main(["advise", "--gpus", "64", "--workload", WORKLOAD[0], "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["rule"].startswith("The options within the budget")   # the JSON stays English


def test_chinese_comparison_pdf(advice, tmp_path):
    out = tmp_path / "advice_zh.pdf"
    write_comparison_pdf(advice, out, language="zh_CN")
    text = "\n".join(p.extract_text() or "" for p in PdfReader(str(out)).pages)
    flat = re.sub(r"\s+", "", text)
    for words in ("推荐方案", "推荐理由", "方案的排序方法", "总拥有成本", "胖树", "网络设计方案比选",
                  "各候选方案相对最优者的比较"):
        assert words in flat, words
    assert re.sub(r"\s+", "", advice.recommended_label("zh_CN")) in flat
    assert "US$" in text and "Why this option" not in text and "Recommendation" not in text
    first = re.sub(r"\s+", "", advice.reason_texts("zh_CN")[0])
    assert first[:20] in flat

    english = tmp_path / "advice_en.pdf"
    write_comparison_pdf(advice, english)
    text_en = " ".join(" ".join(p.extract_text() or "" for p in PdfReader(str(english)).pages).split())
    assert "Recommendation" in text_en and "Why this option" in text_en and "推荐理由" not in text_en
    assert f"We recommend the {advice.recommended_label('en')}" in text_en
