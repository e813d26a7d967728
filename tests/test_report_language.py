"""Customer language and typesetting in every proposal: for designs that each bring other sections and lines, in
English and Chinese, the text extracted from the PDF names no internal file or working note, no catalog id, no bill
of materials line id and no field name, writes counts with their plural, and a Chinese proposal has no English word
outside product names, units, protocol names and what the user typed; no heading ends a page, no page but the last is
under a third full, no label is cut short with an ellipsis. Every catalog product has a Chinese name."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from designer.catalog.loader import load_catalog
from designer.i18n.product_names import product_names
from designer.model.document import FabricDocument
from designer.model.fileformat import load
from designer.report import ReportOptions, build_proposal
from designer.report.context import ProposalContext
from designer.report.products import catalog_record, product_name
from designer.report.sources import BIBLIOGRAPHY
from designer.topology import generate
from designer.topology.segment_names import shown_name
from tests.factories import sections_without_acceptance

PROJECTS = Path(__file__).resolve().parent.parent / "projects"
WORKLOAD = "allreduce:16MiB"
NOTES_FILE = "published" "-figures"          # the name of a working note that once reached customers
BANNED = ("§", ".md", "recalled", "unverified", "Freakonomics", NOTES_FILE, "reference figures", "(s)",
          "(es)", "verify", "planner", "rumour")
FIELD_NAME = re.compile(r"\b[a-z0-9]+(?:_[a-z0-9]+)*_(?:mb|usd|ns|us|w|gbps|kb|tflops|bytes|fraction|ms|s)\b")
# words a Chinese proposal may hold in Latin script: protocols, standards, tools, units and abbreviations
ALLOWED_LATIN = set("""
    AI InfiniBand RoCEv2 RoCE IB Ethernet GPU GPUs PFC ECN DCQCN ECMP MTU PUE NVLink RDMA NCCL TCO SHARP QP VL SM Pod
    AllReduce AllGather ReduceScatter AllToAll Incast DAC AOC OSFP QSFP ftree updn minhop USD CNY US
    Gb Tb GB MB KB MiB GiB KiB kW ms µs ns kWh mm km
    nccl tests ib write lat all reduce perf mpirun np perftest p50 p99 p999
    """.split())


def _designs() -> dict[str, FabricDocument]:
    cat = load_catalog()
    designs = {p.stem: load(p) for p in sorted(PROJECTS.glob("*.json"))}
    designs["generated-fat-tree-512-ib"] = generate("fat-tree", gpus=512, backend="ib", catalog=cat,
                                                    name="Fat tree 512 GPUs (InfiniBand)")
    designs["generated-leaf-spine-64-hybrid"] = generate("leaf-spine", gpus=64, backend="hybrid", catalog=cat,
                                                         name="Leaf-spine 64 GPUs (hybrid)")
    return designs


DESIGNS = _designs()
# one proposal costs several CPU-seconds, so each case brings what the others do not (all the designs in both
# languages were checked when this list was chosen):
CASES = [
    ("generated-fat-tree-512-ib", "zh_CN"),       # InfiniBand: optics, fabric manager, racks in rows, support lines
    ("generated-leaf-spine-64-hybrid", "zh_CN"),  # hybrid IB + RoCEv2 on one switch, gateways, resilience section
    ("rail-optimized-1024", "en"),                # RoCEv2 rails, more racks than the drawing shows, long tables
    ("small-rocev2-pod", "en"),                   # a small RoCEv2 pod with its resilience section
    ("ib-fat-tree-256", "en"),                    # tall rows in the sources appendix under their heading
]


def build(name: str, language: str, tmp_path: Path) -> tuple[str, FabricDocument, ProposalContext]:
    doc = DESIGNS[name]
    out = tmp_path / f"{name}-{language}.pdf"
    small = doc.gpu_count() <= 128
    # the acceptance plan simulates nccl-tests up to 1 GiB on the design (a minute on 512 GPUs and more): its text
    # is read on the small designs, whose plans cost seconds
    options = ReportOptions(language=language, workloads=[WORKLOAD], customer="Acme",
                            resilience=None if small else False)
    if not small:
        options.sections = sections_without_acceptance()
    ctx = build_proposal(doc, str(out), options=options)
    text = "\n".join(page.extract_text() or "" for page in PdfReader(str(out)).pages)
    return text, doc, ctx


def layout_problems(placements: list[tuple[int, str, float]]) -> list[str]:
    """Headings left at a page foot, and pages (after the contents, before the last) under a third full."""
    problems = []
    for k, (page, kind, _filled) in enumerate(placements):
        if kind in ("h1", "h2"):
            after = next((p for p, kd, _f in placements[k + 1:] if kd not in ("CondPageBreak", "Spacer")), page)
            if after != page:
                problems.append(f"heading at the foot of page {page}")
    last = max(p for p, _k, _f in placements)
    fill: dict[int, float] = {}
    for page, _kind, filled in placements:
        fill[page] = max(fill.get(page, 0.0), filled)
    problems += [f"page {p} is {f:.0%} full" for p, f in fill.items() if 2 < p < last and f < 1 / 3]
    return problems


def catalog_tables() -> dict[str, dict]:
    cat = load_catalog()
    return {"switch": cat.switches, "server": cat.servers, "nic": cat.nics, "gateway": cat.gateways,
            "storage": cat.storage, "cable": cat.cables, "optics": cat.transceivers, "part": cat.parts,
            "long_haul_optics": cat.long_haul_optics}


def catalog_ids() -> list[str]:
    return [i for table in catalog_tables().values() for i in table]


def line_ids(ctx: ProposalContext) -> list[str]:
    """The ids of the bill of materials' lines that are no catalog product (support, installation)."""
    return [i.model for i in ctx.cost.items if catalog_record(ctx.catalog, i.kind, i.model) is None]


def user_words(doc: FabricDocument) -> set[str]:
    """Words the user typed (names and labels) or the catalog's product names hold: shown as they are (a segment
    name the generator gave is shown in Chinese)."""
    cat = load_catalog()
    texts = [doc.name, "Acme", *(n.label or n.id for n in doc.nodes.values()),
             *(shown_name(s.name, "zh_CN") for s in doc.segments.values()), *(n.id for n in doc.nodes.values()),
             *doc.links]
    texts += [product_name(cat, k, m, "zh_CN") for k, table in catalog_tables().items() for m in table]
    texts += [f"{s.title} {s.publisher}" for s in BIBLIOGRAPHY.values()]
    return {w for t in texts for w in re.findall(r"[A-Za-z][A-Za-z0-9]*", t)}


def check_customer_language(text: str, ids: tuple[str, ...] = ()) -> list[str]:
    """What a customer must not read: internal notes, field names, catalog ids and the other `ids` (lines')."""
    problems = [f"banned '{b}'" for b in BANNED if b in text]
    problems += [f"field name '{m}'" for m in FIELD_NAME.findall(text)]
    for cid in (*catalog_ids(), *ids):
        if re.search(rf"(?<![\w-]){re.escape(cid)}(?![\w-])", text):
            problems.append(f"id '{cid}'")
    return problems


@pytest.mark.parametrize(("name", "language"), CASES)
def test_proposal_speaks_customer_language_and_keeps_its_pages_full(name, language, tmp_path):
    text, doc, ctx = build(name, language, tmp_path)
    assert check_customer_language(text, tuple(line_ids(ctx))) == []
    assert "…" not in text                       # no label or name cut short
    assert layout_problems(ctx.placements) == []
    if language == "zh_CN":                     # Chinese throughout
        allowed = ALLOWED_LATIN | user_words(doc)
        english = sorted({w for w in re.findall(r"[A-Za-z][A-Za-z0-9]*", text)
                          if len(w) > 1 and w not in allowed and not re.fullmatch(r"[A-Z0-9]+", w)})
        assert english == []


def test_the_layout_check_fails_on_what_it_must_find():
    assert layout_problems([(3, "h1", 0.1), (3, "body", 0.5), (4, "body", 0.9), (5, "body", 0.5)]) == []
    assert layout_problems([(3, "body", 0.9), (3, "h2", 0.97), (4, "BreakableTable", 0.3), (5, "body", 0.2)]) == [
        "heading at the foot of page 3", "page 4 is 30% full"]


def test_the_scan_fails_on_what_it_must_find():
    assert check_customer_language(f"see {NOTES_FILE}.md §2.2 (recalled)") != []
    assert "id 'qm9700'" in check_customer_language("2× qm9700")
    assert check_customer_language("support-server  1  $1,856,000", ("support-server",)) == ["id 'support-server'"]
    assert check_customer_language("buffer_mb: V*, price_usd: E") == ["field name 'buffer_mb'",
                                                                        "field name 'price_usd'"]
    assert check_customer_language("2 tier(s), 14 switch(es)") != []
    assert check_customer_language("NVIDIA Quantum-2 QM9700, 2 tiers, 14 switches") == []


# the Latin words a Chinese product name may keep: makers, product lines and model names (codes with digits or in
# capitals pass by themselves)
MAKER_WORDS = {"NVIDIA", "Quantum", "Spectrum", "Arista", "Cisco", "Nexus", "DriveNets", "UfiSpace", "HGX",
               "PCIe", "NVL", "ConnectX", "BlueField", "SuperNIC", "Broadcom", "Thor", "Dx", "Skyway", "MLNX", "GW",
               "NVMe", "DDN", "Legrand", "UFM", "Enterprise", "SXM", "GbE", "RJ45", "SFP", "Tomahawk", "Instinct",
               "Pensando", "Pollara", "Blackwell", "Ultra", "MetroX", "OpenZR"}


def test_every_catalog_product_has_a_chinese_name_with_only_makers_words_in_latin():
    cat = load_catalog()
    names = {product_name(cat, kind, m): product_name(cat, kind, m, "zh_CN")
             for kind, table in {**catalog_tables(), "gpu": cat.gpus}.items() for m in table}
    assert sorted(set(names) - set(product_names("zh_CN"))) == []        # each one has its Chinese name
    english = {zh: sorted({w for w in re.findall(r"[A-Za-z][A-Za-z0-9]*", zh)
                           if len(w) > 1 and w not in MAKER_WORDS | ALLOWED_LATIN and not re.search(r"\d|^[A-Z]+$", w)})
               for zh in names.values()}
    assert {zh: words for zh, words in english.items() if words} == {}
    assert sorted(set(product_names("zh_CN")) - set(names)) == []        # and the table names no product of old
