"""The zh_CN catalogs are complete: Qt .ts (no unfinished entry, placeholders kept, .qm up to date),
the core catalog (every message id, every check rule) and the proposal's string table."""

import re
import string
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

from designer.i18n import missing_ids, render
from designer.report.strings import EN, STRINGS
from designer.topology.checks import RULES

ROOT = Path(__file__).resolve().parents[1]
TS = ROOT / "resources" / "i18n" / "designer_zh_CN.ts"
QM = ROOT / "resources" / "i18n" / "designer_zh_CN.qm"
FIELDS = string.Formatter()


def _names(text: str) -> set[str]:
    return {f[1] for f in FIELDS.parse(text) if f[1] is not None}


def test_ts_has_no_unfinished_or_broken_entry():
    messages = [m for c in ET.parse(TS).getroot().findall("context") for m in c.findall("message")]
    assert len(messages) > 200
    bad = []
    for m in messages:
        src, tr = m.find("source").text or "", m.find("translation")
        if tr.get("type") in ("unfinished", "vanished", "obsolete") or not (tr.text or "").strip():
            bad.append(src)
        elif _names(src) != _names(tr.text):
            bad.append(f"placeholders differ: {src!r}")
    assert bad == []


def test_ts_covers_every_wrapped_string_in_the_ui(tmp_path):
    """Re-extract with lupdate: a string wrapped in the code but absent from the committed .ts fails here."""
    lupdate = Path(sys.executable).with_name("pyside6-lupdate")
    fresh = tmp_path / "fresh.ts"
    sources = sorted(str(p) for p in (ROOT / "designer" / "ui").glob("*.py"))
    subprocess.run([str(lupdate), *sources, "-ts", str(fresh)], check=True, capture_output=True)
    def keys(path):
        return {(c.find("name").text, m.find("source").text)
                for c in ET.parse(path).getroot().findall("context") for m in c.findall("message")}
    assert keys(fresh) - keys(TS) == set()


def test_committed_qm_is_up_to_date(tmp_path):
    lrelease = Path(sys.executable).with_name("pyside6-lrelease")
    out = tmp_path / "designer_zh_CN.qm"
    subprocess.run([str(lrelease), str(TS), "-qm", str(out)], check=True, capture_output=True)
    assert out.read_bytes() == QM.read_bytes(), "run the i18n build step and commit the .qm"


def test_core_catalog_complete_and_covers_every_rule():
    assert missing_ids("zh_CN") == []
    for rule in RULES:
        text = render(f"finding.{rule}", "zh_CN")
        assert any("\u4e00" <= ch <= "\u9fff" for ch in text), rule


def test_report_strings_complete_in_chinese():
    zh = STRINGS["zh_CN"]
    assert set(zh) == {k for k in EN if not k.endswith(".one")}     # Chinese has no singular forms
    for key, english in EN.items():
        if key.endswith(".one"):
            continue
        assert zh[key].strip() and _names(zh[key]) == _names(english), key
        literal = re.sub(r"\{[^}]*\}", "", english)          # the words, not the placeholders' names
        if any(ch.isalpha() for ch in literal) and key not in ("assump_pue",):
            assert zh[key] != english or english.isupper(), f"{key} left in English"


def test_glossary_terms_used_consistently():
    glossary = (ROOT / "resources" / "i18n" / "glossary_zh_CN.md").read_text(encoding="utf-8")
    terms = ("无损网络", "拥塞控制", "自适应路由", "收敛比", "子网管理器", "优先级流量控制", "叶脊", "胖树", "轨道优化")
    for term in terms:
        assert term in glossary
    assert STRINGS["zh_CN"]["col_oversub"] == "收敛比"
    assert "收敛比" in TS.read_text(encoding="utf-8")


def test_findings_catalog_matches_the_english_templates():
    """core_findings_zh_CN.json holds exactly the finding templates of messages_findings_en.py, in Chinese."""
    import json

    from designer.i18n.messages_findings_en import FINDINGS

    path = ROOT / "resources" / "i18n" / "core_findings_zh_CN.json"
    raw = path.read_text(encoding="utf-8")
    zh = json.loads(raw)
    assert set(zh) == set(FINDINGS)
    assert raw == json.dumps(zh, ensure_ascii=False, indent=1) + "\n"
    for msg_id, english in FINDINGS.items():
        assert _names(zh[msg_id]) == _names(english), msg_id
        if not _names(english):                       # the merged catalog serves this file's text
            assert render(msg_id, "zh_CN") == zh[msg_id], msg_id
        if msg_id.endswith(".detail"):
            assert any("\u4e00" <= ch <= "\u9fff" for ch in zh[msg_id]), msg_id
    # the words of closed sets are translated, except names that stay in Latin script (glossary)
    latin = {"finding.term.medium.ib", "finding.term.cable.dac", "finding.term.cable.aoc"}
    for msg_id in FINDINGS:
        if msg_id.startswith("finding.term.") and msg_id not in latin:
            assert zh[msg_id] != FINDINGS[msg_id], msg_id
