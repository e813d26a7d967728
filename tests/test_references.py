"""Every source the code cites is an entry of docs/references.md, and nothing cites files outside the repository.

Code comments cite an entry by the page name followed by its key in brackets (several keys may follow); validation
scenarios name their publication with its key in brackets. A key missing from the page fails here.
"""

from __future__ import annotations

import re
from pathlib import Path

from designer.analysis.validation import SCENARIOS

ROOT = Path(__file__).resolve().parents[1]
REFERENCES = ROOT / "docs" / "references.md"
TEXT_SUFFIXES = {".py", ".md", ".toml", ".json", ".cfg", ".txt", ".yml", ".yaml"}
SEARCHED = ("designer", "tests", "benchmarks", "docs", "resources/catalog", "README.md", "pyproject.toml", "Makefile")
CITATION = re.compile(r"references\.md((?:,? \[[\w.\-]+\])+)")
KEY = re.compile(r"\[([\w.\-]+)\]")
# Files that cite documents which are not in the repository (design notes, a research compilation).
NOWHERE = re.compile(r"published-figures|DESIGN\.md|/reference/")
# TEMPORARY: the engine and the segment presets are being rewritten with citations of this page; until that
# lands they still name the old notes.
BEING_REWRITTEN = ("designer/sim/", "designer/model/segments.py", "tests/test_references.py")


def reference_keys() -> set[str]:
    return set(re.findall(r"^### \[([\w.\-]+)\]", REFERENCES.read_text(encoding="utf-8"), flags=re.MULTILINE))


def text_files() -> list[Path]:
    files: list[Path] = []
    for name in SEARCHED:
        path = ROOT / name
        files += [path] if path.is_file() else [p for p in sorted(path.rglob("*")) if p.suffix in TEXT_SUFFIXES]
    return files


def cited_keys() -> dict[str, set[str]]:
    """key -> the files that cite it (the page name, then the key in brackets)."""
    cited: dict[str, set[str]] = {}
    for path in text_files():
        for match in CITATION.finditer(path.read_text(encoding="utf-8", errors="replace")):
            for key in KEY.findall(match.group(1)):
                cited.setdefault(key, set()).add(str(path.relative_to(ROOT)))
    return cited


def test_the_page_has_entries_under_topics():
    keys = reference_keys()
    assert len(keys) >= 30
    for key in ("dcqcn", "ecn-or-delay", "hpcc", "irn", "connectx-dcqcn", "barre", "meta-roce", "hpn",
                "nccl-tests", "ieee-802.1qbb", "ibta", "opensm"):
        assert key in keys, key


def test_every_cited_key_is_on_the_page():
    missing = {key: files for key, files in cited_keys().items() if key not in reference_keys()}
    assert missing == {}


def test_every_validation_scenario_names_its_source_by_key():
    keys = reference_keys()
    for scenario in SCENARIOS:
        named = KEY.findall(scenario.source)
        assert named and set(named) <= keys, (scenario.name, scenario.source)


def test_nothing_cites_documents_outside_the_repository():
    offending = []
    for path in text_files():
        rel = str(path.relative_to(ROOT))
        if rel.startswith(BEING_REWRITTEN):
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), start=1):
            if NOWHERE.search(line):
                offending.append(f"{rel}:{number}")
    assert offending == []
