"""The PDF proposal: produced for small and large designs, sections in order, the design's own numbers,
vector topology, Chinese and markup-like user text extracted literally, CLI errors exit 2 with one line."""

from __future__ import annotations

import argparse
import glob
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from designer.catalog.money import format_money
from designer.cli.report import cmd_report
from designer.model.document import FabricDocument
from designer.model.fileformat import save
from designer.report import ReportOptions, ReportOptionsError, build_proposal
from designer.report.strings import tr
from designer.topology.cost import cost_report
from tests.factories import compare_results, make_design

PROJECTS = sorted(glob.glob(str(Path(__file__).resolve().parent.parent / "projects" / "*.json")))


def pdf_text(path: Path) -> str:
    return "\n".join(page.extract_text() or "" for page in PdfReader(str(path)).pages)


def body_text(path: Path) -> str:
    """Text of the pages after the cover and the contents page."""
    return "\n".join(page.extract_text() or "" for page in PdfReader(str(path)).pages[2:])


def has_raster_image(path: Path) -> bool:
    for page in PdfReader(str(path)).pages:
        xobjects = (page.get("/Resources") or {}).get("/XObject") or {}
        for ref in xobjects.values():
            if ref.get_object().get("/Subtype") == "/Image":
                return True
    return False


SECTION_KEYS = ("sec_summary", "sec_topology", "sec_facts", "sec_cost", "sec_simulation", "sec_findings",
                "sec_assumptions")


@pytest.fixture(scope="module")
def small_pdf(tmp_path_factory) -> tuple[Path, FabricDocument]:
    doc = make_design()
    doc.nodes["srv1"].label = "<b>& 节点"
    out = tmp_path_factory.mktemp("report") / "small.pdf"
    build_proposal(doc, str(out), options=ReportOptions(customer="示例客户 <i>Ltd</i>", author="A. Consultant",
                                                        date="2025-03-01", workloads=["allreduce:1GiB"]),
                   results=compare_results())
    return out, doc


def test_sections_appear_in_order_after_the_contents(small_pdf):
    path, _doc = small_pdf
    text = body_text(path)
    positions = [text.find(tr(key)) for key in SECTION_KEYS]
    assert all(p >= 0 for p in positions), dict(zip(SECTION_KEYS, positions, strict=True))
    assert positions == sorted(positions)
    contents = PdfReader(str(path)).pages[1].extract_text()
    assert tr("contents") in contents and tr("sec_cost") in contents


def test_bom_totals_equal_the_cost_model(small_pdf):
    path, doc = small_pdf
    text = body_text(path)
    cost = cost_report(doc)
    assert format_money(cost.capex, cost.currency) in text
    assert format_money(cost.tco, cost.currency) in text
    for item in cost.items:
        assert format_money(item.total, cost.currency) in text, item.model


def test_markup_and_chinese_user_text_appear_literally(small_pdf):
    path, _doc = small_pdf
    text = pdf_text(path)
    assert "示例客户 <i>Ltd</i>" in text
    assert "<b>& 节点" in text          # node label in the vector drawing
    assert "训练 IB" in text             # Chinese segment name in legend and tables
    assert "■" not in text


@pytest.mark.slow
def test_topology_is_vector_without_a_logo_and_the_logo_is_embedded_when_given(small_pdf, tmp_path):
    path, doc = small_pdf
    assert not has_raster_image(path)
    from PIL import Image

    logo = tmp_path / "logo.png"
    Image.new("RGB", (120, 40), (11, 79, 138)).save(logo)
    out = tmp_path / "logo.pdf"
    build_proposal(doc, str(out), options=ReportOptions(logo_path=str(logo), sections={"summary"}))
    assert has_raster_image(out)


def test_recommendation_and_simulation_figures_come_from_the_results(small_pdf):
    path, _doc = small_pdf
    text = body_text(path)
    assert "We recommend:" in text
    assert "23 % sooner on InfiniBand" in text  # (1 - 10 ms / 13 ms) from the supplied comparison
    assert "11.00 µs" in text and "4.00 µs" in text


def test_large_design_is_bundled_with_a_pod_detail_page(tmp_path):
    doc = make_design(leaves=16, servers_per_leaf=4, spines=8, leaves_per_pod=4)
    out = tmp_path / "large.pdf"
    build_proposal(doc, str(out), options=ReportOptions(sections={"topology", "facts"}))
    text = body_text(out)
    assert "Leaf ×4" in text and "Servers ×16" in text
    assert tr("topo_detail", what=tr("topo_pod", pod=1)) in text
    assert "Leaf 1" in text and "Leaf 4" in text   # the detail page draws the pod's devices one by one
    assert "Leaf 5" not in text                      # and only that pod
    assert tr("sec_cost") not in text    # sections not chosen are left out
    assert re.search(r"102\.4 Tb/s", text)  # bisection of 8 leaves... x 32 x 400G uplinks per half


def test_currency_option_prices_in_cny(tmp_path):
    doc = make_design(hybrid=False, leaves=2, spines=2)
    out = tmp_path / "cny.pdf"
    build_proposal(doc, str(out), options=ReportOptions(currency="CNY", sections={"cost"}))
    cost = cost_report(doc, currency="CNY")
    assert format_money(cost.capex, "CNY") in body_text(out)


@pytest.mark.slow
def test_every_example_project_produces_a_proposal(tmp_path):
    docs = [("hand-built", make_design(hybrid=False))]
    docs += [(Path(p).stem, __import__("designer.model.fileformat", fromlist=["load"]).load(p)) for p in PROJECTS]
    for name, doc in docs:
        out = tmp_path / f"{name}.pdf"
        build_proposal(doc, str(out))
        reader = PdfReader(str(out))
        assert len(reader.pages) >= 4, name
        assert doc.name in body_text(out), name


def test_bad_options_and_results_are_refused_with_one_line(tmp_path):
    doc = make_design(hybrid=False)
    with pytest.raises(ReportOptionsError, match="currency 'EUR'"):
        build_proposal(doc, str(tmp_path / "x.pdf"), options=ReportOptions(currency="EUR"))
    with pytest.raises(ReportOptionsError, match="section"):
        build_proposal(doc, str(tmp_path / "x.pdf"), options=ReportOptions(sections={"summary", "gossip"}))
    with pytest.raises(ValueError, match="simulation results"):
        build_proposal(doc, str(tmp_path / "x.pdf"), results={"nonsense": 1})
    with pytest.raises(ValueError, match="logo"):
        bad_logo = tmp_path / "logo.png"
        bad_logo.write_text("not an image")
        build_proposal(doc, str(tmp_path / "x.pdf"), options=ReportOptions(logo_path=str(bad_logo)))


def test_cli_writes_the_pdf_and_bad_input_exits_2_with_one_line(tmp_path, capsys):
    good = tmp_path / "design.json"
    save(make_design(hybrid=False), good)
    out = tmp_path / "out.pdf"
    assert cmd_report(argparse.Namespace(file=str(good), output=str(out), workload=None)) == 0
    assert out.read_bytes().startswith(b"%PDF")
    capsys.readouterr()

    broken = tmp_path / "broken.json"
    broken.write_text("{ not json")
    missing = tmp_path / "missing.json"
    for bad in (broken, missing):
        code = cmd_report(argparse.Namespace(file=str(bad), output=str(tmp_path / "b.pdf"), workload=None))
        err = capsys.readouterr().err
        assert code == 2
        assert len(err.strip().splitlines()) == 1 and bad.name in err
        assert "Traceback" not in err
    code = cmd_report(argparse.Namespace(file=str(good), output=str(tmp_path / "no" / "dir" / "o.pdf"),
                                         workload=None))
    err = capsys.readouterr().err
    assert code == 2 and len(err.strip().splitlines()) == 1
