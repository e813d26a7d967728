"""Chinese lines of the proposal break by the rules of Chinese typesetting: no line ends with an opening bracket or
quote, none starts with a closing bracket, comma, stop, enumeration comma, colon or semicolon."""

from __future__ import annotations

import pytest
from reportlab.lib.pagesizes import A4
from reportlab.platypus import Paragraph

from designer.catalog.loader import load_catalog
from designer.report.fonts import register_fonts
from designer.report.products import product_name
from designer.report.styles import make_styles, user_text

MUST_NOT_END = "（【《“"
MUST_NOT_START = "），。、：；"


def lines_of(text: str, style, width: float) -> list[str]:
    """The lines reportlab sets `text` in at `width` (what the PDF draws, one string per line)."""
    p = Paragraph(user_text(text), style)
    p.wrap(width, A4[1])
    return ["".join(line[1]) if isinstance(line, tuple) else "".join(w.text for w in line.words)
            for line in p.blPara.lines]


def faults(lines: list[str]) -> list[str]:
    ends = [f"ends {line!r}" for line in lines[:-1] if line.rstrip()[-1:] in MUST_NOT_END]
    starts = [f"starts {line!r}" for line in lines[1:] if line.lstrip()[:1] in MUST_NOT_START]
    return ends + starts


@pytest.fixture(scope="module")
def zh():
    return make_styles(register_fonts(), "zh_CN")


def test_product_names_in_chinese_never_break_at_a_bracket(zh):
    """Every catalog product by its Chinese name (what the bill of materials and Appendix C print), in a table
    cell of every width from a narrow column to a wide one."""
    catalog = load_catalog()
    tables = {"switch": catalog.switches, "server": catalog.servers, "nic": catalog.nics, "cable": catalog.cables,
              "optics": catalog.transceivers, "part": catalog.parts, "storage": catalog.storage}
    names = {product_name(catalog, kind, key, "zh_CN") for kind, table in tables.items() for key in table}
    bracketed = {n for n in names if any(c in n for c in MUST_NOT_END + MUST_NOT_START)}
    assert len(bracketed) >= 5                        # the test sees names where the fault can happen
    found = []
    wrapped = 0
    for name in sorted(bracketed):
        for width in range(40, 260, 5):
            lines = lines_of(name, zh.cell, width)
            found += faults(lines)
            wrapped += len(lines) > 1
    assert wrapped > 100          # most widths do wrap these names
    assert not found, found[:5]


def test_running_chinese_text_never_starts_or_ends_a_line_with_forbidden_punctuation(zh):
    text = ("设备安装在 2 排共 5 个机柜中，布局方式为列中；每根线缆从设备向上到顶部走线槽，沿机柜排走线、"
            "再向下到另一端，另加 1.5 米余量：订购“NVIDIA Quantum-2 QM9700 交换机（64 个 NDR 端口）”与"
            "《验收测试计划》中【必须】的光模块。")
    found = []
    for width in range(120, 420, 3):                   # every width puts a line end somewhere else
        lines = lines_of(text, zh.body, width)
        assert "".join(lines).replace(" ", "") == text.replace(" ", "")   # nothing lost or repeated
        found += faults(lines)
    assert not found, found[:5]


def test_a_line_break_tag_and_styled_fragments_keep_the_rules(zh):
    """The styled-fragment path (bold, <br/>) breaks by the same rules as plain text."""
    text = "第一行<br/><b>第二行：</b>管理设备（子网管理器与结构管理器，1U）以及《规范》"
    for width in range(40, 200, 3):
        p = Paragraph(text, zh.body)
        p.wrap(width, A4[1])
        lines = ["".join(w.text for w in line.words) for line in p.blPara.lines]
        assert lines[0] == "第一行"
        assert not faults(lines), (width, lines)


def test_english_text_is_wrapped_at_spaces_as_before(zh):
    lines = lines_of("Two racks of leaf switches and one of spines", zh.body, 120)
    assert len(lines) > 1 and all(not line.strip() or " " not in line.strip() or line.strip()[0] != " "
                                  for line in lines)
    words = "Two racks of leaf switches and one of spines".split()
    assert " ".join(" ".join(lines).split()) == " ".join(words)          # no word cut in two
