"""Numbers and dates in the proposal follow its language: English exactly as before, Chinese with 2026年11月30日,
percentages without a space, US$ for US dollars and ¥ for yuan (digits grouped by thousands in both)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from pypdf import PdfReader

from designer.catalog.money import format_money
from designer.i18n import number_format as nf
from designer.model.fileformat import load
from designer.report import ReportOptions, build_proposal
from designer.report.sections.simulation import _comparison
from designer.topology.cost import cost_report

PROJECT = Path(__file__).resolve().parents[1] / "projects" / "small-rocev2-pod.json"


def pdf_text(path: Path) -> str:
    return "\n".join(page.extract_text() or "" for page in PdfReader(str(path)).pages)


@pytest.mark.parametrize("amount, currency", [(0, "USD"), (1234567.4, "USD"), (999.5, "CNY"), (20532960, "CNY")])
def test_english_money_is_unchanged(amount, currency):
    assert nf.money(amount, currency) == nf.money(amount, currency, "en") == format_money(amount, currency)


def test_chinese_money_groups_thousands_and_marks_the_dollar():
    assert nf.money(1234567, "CNY", "zh_CN") == "¥1,234,567"
    assert nf.money(1234567.6, "USD", "zh_CN") == "US$1,234,568"
    assert nf.money(800, "USD", "zh_CN") == "US$800"
    assert nf.money(1234567, "USD") == "$1,234,567"


def test_percent_has_a_space_in_english_only():
    assert nf.percent(0.3412) == nf.percent(0.3412, 1, "en") == "34.1 %"
    assert nf.percent(0.3412, 0, "zh_CN") == "34%"
    assert nf.percent(0.03, 2, "zh_CN") == "3.00%"
    assert nf.percent(0.1, None) == "10 %" and nf.percent(0.125, None, "zh_CN") == "12.5%"
    assert nf.percent(None, 1, "zh_CN") == "–"


def test_units_stay_si_and_digits_grouped_in_both_languages():
    for lang in ("en", "zh_CN"):
        assert nf.gbps(51_200, lang) == "51.2 Tb/s"
        assert nf.gbps(1_600, lang) == "1,600 Gb/s"
        assert nf.seconds(0.0125, lang) == "12.50 ms"
        assert nf.seconds(0.0004, lang) == "400.0 µs"
        assert nf.micros(1234.5, lang) == "1,234.50 µs"
        assert nf.watts(93_200, lang) == "93.2 kW"
        assert nf.ratio(2.0, lang) == "2:1"
        assert nf.bytes_count(3 * 1024**3, lang) == "3.0 GiB"


def test_dates():
    assert nf.date(dt.date(2026, 11, 30), "zh_CN") == "2026年11月30日"
    assert nf.date("2026-03-01", "zh_CN") == "2026年3月1日"
    assert nf.date(dt.date(2026, 3, 1)) == "2026-03-01"
    assert nf.date("2026-03-01", "en") == "2026-03-01"
    assert nf.date("March 2026", "zh_CN") == "March 2026"      # free text is kept as written
    assert nf.date("1 March 2026", "en") == "1 March 2026"


def test_resolved_date_follows_the_proposal_language():
    assert ReportOptions(date="2026-11-30").resolved_date() == "2026-11-30"
    assert ReportOptions(date="2026-11-30", language="zh_CN").resolved_date() == "2026年11月30日"
    assert ReportOptions(date="2026-11-30", language="zh_CN").resolved_date("en") == "2026-11-30"
    today = dt.date.today()
    assert ReportOptions().resolved_date() == today.isoformat()
    assert ReportOptions(language="zh_CN").resolved_date() == f"{today.year}年{today.month}月{today.day}日"


def test_comparison_chart_categories_are_translated():
    result = {"completion_time_s": 1.0, "goodput_gbps": 100.0, "latency_us": {"p99": 2.0},
              "link_utilization": {"mean": 0.5}}
    cats_en, series = _comparison({"ib": result, "rocev2": dict(result, completion_time_s=2.0)})
    assert cats_en == ["Speed (1/time)", "Goodput", "1/p99 latency", "Mean utilization"]
    assert series["rocev2"][0] == pytest.approx(50.0)
    cats_zh, _ = _comparison({"ib": result, "rocev2": result}, "zh_CN")
    assert cats_zh[0] == "速度（1/时间）" and len(cats_zh) == 4


@pytest.fixture(scope="module")
def proposals(tmp_path_factory) -> dict[str, str]:
    """The example project's cover and cost section priced in CNY, in English and in Chinese."""
    doc = load(PROJECT)
    folder = tmp_path_factory.mktemp("locale")
    texts = {}
    for lang in ("en", "zh_CN"):
        out = folder / f"{lang}.pdf"
        build_proposal(doc, str(out), options=ReportOptions(language=lang, currency="CNY", date="2026-11-30",
                                                            customer="示例客户", sections={"cost"}))
        texts[lang] = pdf_text(out)
    return texts


def test_chinese_proposal_has_chinese_date_and_yuan_amounts(proposals):
    doc = load(PROJECT)
    cost = cost_report(doc, currency="CNY")
    zh = proposals["zh_CN"]
    assert "2026年11月30日" in zh and "2026-11-30" not in zh
    assert nf.money(cost.capex, "CNY", "zh_CN") in zh and nf.money(cost.tco, "CNY", "zh_CN") in zh
    assert nf.money(cost.capex, "CNY", "zh_CN").startswith("¥")
    assert f"({nf.percent(cost.network_share, 0, 'zh_CN')})" in zh and " %)" not in zh


def test_english_proposal_is_unchanged_in_those_places(proposals):
    doc = load(PROJECT)
    cost = cost_report(doc, currency="CNY")
    en = proposals["en"]
    assert "2026-11-30" in en and "年" not in en
    assert format_money(cost.capex, "CNY") in en and format_money(cost.tco, "CNY") in en
    assert f"({cost.network_share * 100:.0f} %)" in en


def test_chinese_proposal_marks_us_dollars(tmp_path):
    doc = load(PROJECT)
    out = tmp_path / "usd.pdf"
    build_proposal(doc, str(out), options=ReportOptions(language="zh_CN", currency="USD", sections={"cost"}))
    cost = cost_report(doc, currency="USD")
    assert f"US${cost.capex:,.0f}" in pdf_text(out)
