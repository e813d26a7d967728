"""The PDF proposal: the whole story in order, one recommendation named alike on every page and in the JSON, the
design's own numbers, vector topology with a detail drawing, Chinese and markup-like user text extracted literally,
requirements kept with the design, CLI errors exit 2 with one line."""

from __future__ import annotations

import argparse
import glob
import json
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from designer.catalog.loader import load_catalog
from designer.catalog.money import format_money
from designer.cli import main
from designer.cli.report import cmd_report
from designer.model.document import FabricDocument
from designer.model.fileformat import load, save
from designer.report import ReportOptions, ReportOptionsError, build_proposal
from designer.report.strings import tr
from designer.topology.cost import cost_report
from tests.factories import compare_results, make_design
from tests.pdf_pages import body_text, flat, has_raster_image, page_texts, pdf_text

PROJECTS = sorted(glob.glob(str(Path(__file__).resolve().parent.parent / "projects" / "*.json")))


SECTION_KEYS = ("sec_summary", "sec_scope", "sec_recommendation", "sec_topology", "sec_simulation", "sec_cost",
                "sec_risks", "sec_acceptance", "sec_next_steps", "sec_findings", "sec_assumptions", "sec_sources")
FAST = ReportOptions().sections - {"resilience"}       # resilience has its own tests (a dozen simulations)


@pytest.fixture(scope="module")
def small_pdf(tmp_path_factory) -> tuple[Path, FabricDocument, object]:
    doc = make_design(hybrid=False)
    doc.nodes["srv1"].label = "<b>& 节点"
    doc.segments["seg-ib"].name = "训练 IB"
    out = tmp_path_factory.mktemp("report") / "small.pdf"
    ctx = build_proposal(doc, str(out), results=compare_results(), options=ReportOptions(
        customer="示例客户 <i>Ltd</i>", author="A. Consultant", date="2025-03-01", workloads=["allreduce:1GiB"],
        sections=set(FAST)))
    return out, doc, ctx


def test_sections_appear_in_order_and_the_contents_list_them_on_one_page(small_pdf):
    path, _doc, _ctx = small_pdf
    text = flat(body_text(path))
    titles = [tr(key) for key in SECTION_KEYS]
    at = 0
    for title in titles:         # each title found after the one before it
        found = text.find(title, at)
        assert found >= 0, title
        at = found + len(title)
    contents = flat(PdfReader(str(path)).pages[1].extract_text())
    assert all(t in contents for t in titles)
    assert "Appendix A: Design-rule findings" in contents and "Appendix C: Products and sources" in contents


def test_the_recommended_option_is_named_alike_on_every_page(small_pdf):
    path, _doc, ctx = small_pdf
    label = ctx.recommendation.label()
    others = [o.label.render("en") for o in ctx.recommendation.options if o.id != ctx.recommendation.chosen]
    pages = [flat(t) for t in page_texts(path)]
    said = [p for p in pages if re.search(r"[Rr]ecommend", p)]
    assert len(said) >= 3
    for page in said:
        for sentence in re.findall(r"(?:We recommend|Recommended:)[^.]*", page):
            assert label in sentence, sentence
            assert not any(o in sentence for o in others), sentence
        for row in re.findall(r"[^\n]*\(recommended\)", page):
            assert label in row
    summary = next(p for p in pages if "Executive summary" in p and "We recommend" in p)
    assert f"We recommend the {label}" in summary


def test_report_json_names_the_same_recommendation_as_the_pdf(tmp_path, capsys):
    design = tmp_path / "design.fabric.json"
    save(make_design(hybrid=False), design)
    out = tmp_path / "p.pdf"
    assert main(["report", str(design), "-o", str(out), "--workload", "allreduce:64MiB", "--no-resilience",
                 "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["recommended_label"] in flat(body_text(out))
    assert f"We recommend the {data['recommended_label']}" in flat(body_text(out))
    assert {o["id"] for o in data["options"]} == {"ib", "rocev2"} and data["compared"] == ["ib", "rocev2"]
    assert data["rule"] and data["reasons"]


def test_bom_totals_equal_the_cost_model(small_pdf):
    path, doc, _ctx = small_pdf
    text = body_text(path)
    cost = cost_report(doc)
    assert format_money(cost.capex, cost.currency) in text
    assert format_money(cost.tco, cost.currency) in text
    for item in cost.items:
        assert format_money(item.total, cost.currency) in text, item.model


def test_each_option_is_priced_from_its_own_bill_of_materials(small_pdf):
    path, doc, ctx = small_pdf
    from designer.analysis.protocol_options import as_protocol

    cat = load_catalog()
    roce_doc, _ = as_protocol(doc, "rocev2", cat)
    roce = cost_report(roce_doc, cat)
    assert ctx.recommendation.option("rocev2").tco == pytest.approx(roce.tco)
    assert {n.model for n in roce_doc.nodes.values() if n.kind == "switch" and n.role != "frontend"} <= {
        m for m, s in cat.switches.items() if s.protocol == "ethernet"}
    assert format_money(roce.tco, roce.currency) in body_text(path)


def test_markup_and_chinese_user_text_appear_literally(small_pdf):
    path, _doc, _ctx = small_pdf
    text = pdf_text(path)
    assert "示例客户 <i>Ltd</i>" in text
    assert "<b>& 节点" in text          # node label in the vector drawing
    assert "训练 IB" in text             # Chinese segment name in legend and tables
    assert "■" not in text


def test_topology_is_vector_without_a_logo_and_the_logo_is_embedded_when_given(small_pdf, tmp_path):
    path, doc, _ctx = small_pdf
    assert not has_raster_image(path)
    from PIL import Image

    logo = tmp_path / "logo.png"
    Image.new("RGB", (120, 40), (11, 79, 138)).save(logo)
    out = tmp_path / "logo.pdf"
    build_proposal(doc, str(out), options=ReportOptions(logo_path=str(logo), sections={"scope"}))
    assert has_raster_image(out)


def test_simulation_figures_come_from_the_results(small_pdf):
    path, _doc, _ctx = small_pdf
    text = flat(body_text(path))
    assert "InfiniBand completes the workloads first" in text
    assert "11.00 µs" in text and "4.00 µs" in text


def test_large_design_is_bundled_with_a_detail_drawing_outlined_in_both(tmp_path):
    doc = make_design(leaves=16, servers_per_leaf=4, spines=8, leaves_per_pod=4)
    out = tmp_path / "large.pdf"
    build_proposal(doc, str(out), options=ReportOptions(sections={"topology", "facts"}))
    text = flat(body_text(out))
    assert "Leaf ×4" in text and "Servers ×16" in text
    assert tr("topo_detail", what=tr("topo_pod", pod=1)) in text
    assert tr("topo_focus_overview", what=tr("topo_pod", pod=1)) in text    # the overview outlines the pod
    assert "Leaf 1" in text and "Leaf 4" in text   # the detail page draws the pod's devices one by one
    assert "Leaf 5" not in text                      # and only that pod
    assert tr("sec_cost") not in text    # sections not chosen are left out
    assert "102.4 Tb/s" in text


def test_currency_option_prices_in_cny(tmp_path):
    doc = make_design(hybrid=False, leaves=2, spines=2)
    out = tmp_path / "cny.pdf"
    build_proposal(doc, str(out), options=ReportOptions(currency="CNY", sections={"cost"}))
    cost = cost_report(doc, currency="CNY")
    assert format_money(cost.capex, "CNY") in body_text(out)


def test_requirements_are_stated_and_kept_with_the_design(tmp_path, capsys):
    design = tmp_path / "design.fabric.json"
    save(make_design(hybrid=False), design)
    out = tmp_path / "p.pdf"
    assert main(["report", str(design), "-o", str(out), "--customer", "Acme", "--scale", "2,048 GPUs by 2027",
                 "--budget", "9000000", "--priorities", "cost,performance", "--workload", "allreduce:16MiB",
                 "--no-resilience", "--keep"]) == 0
    capsys.readouterr()
    text = flat(body_text(out))
    assert "2,048 GPUs by 2027" in text and "$9,000,000 of capital cost" in text
    assert "1. total cost of ownership" in text and "2. time to complete the workloads" in text
    kept = load(design).proposal
    assert (kept.customer, kept.scale, kept.budget, kept.priorities, kept.workloads) == (
        "Acme", "2,048 GPUs by 2027", 9_000_000.0, ["cost", "performance"], ["allreduce:16MiB"])
    again = tmp_path / "again.pdf"      # the next proposal of that file says the same without the options
    assert main(["report", str(design), "-o", str(again), "--no-resilience", "--no-compare"]) == 0
    assert "2,048 GPUs by 2027" in flat(body_text(again)) and "Acme" in flat(body_text(again))


def test_bad_options_and_results_are_refused_with_one_line(tmp_path):
    doc = make_design(hybrid=False)
    with pytest.raises(ReportOptionsError, match="currency 'EUR'"):
        build_proposal(doc, str(tmp_path / "x.pdf"), options=ReportOptions(currency="EUR"))
    with pytest.raises(ReportOptionsError, match="section"):
        build_proposal(doc, str(tmp_path / "x.pdf"), options=ReportOptions(sections={"summary", "gossip"}))
    with pytest.raises(ReportOptionsError, match="priority"):
        build_proposal(doc, str(tmp_path / "x.pdf"), options=ReportOptions(priorities=("speed",)))
    with pytest.raises(ReportOptionsError, match="budget"):
        build_proposal(doc, str(tmp_path / "x.pdf"), options=ReportOptions(budget=-3.0))
    with pytest.raises(ValueError, match="simulation results"):
        build_proposal(doc, str(tmp_path / "x.pdf"), results={"nonsense": 1})
    with pytest.raises(ValueError, match="logo"):
        bad_logo = tmp_path / "logo.png"
        bad_logo.write_text("not an image")
        build_proposal(doc, str(tmp_path / "x.pdf"), options=ReportOptions(logo_path=str(bad_logo),
                                                                           sections={"scope"}))


def test_cli_writes_the_pdf_and_bad_input_exits_2_with_one_line(tmp_path, capsys):
    good = tmp_path / "design.json"
    save(make_design(hybrid=False), good)
    out = tmp_path / "out.pdf"
    small = "allreduce:64MiB"          # the engine runs (the default workload's run: tests/test_report_engine.py)
    assert main(["report", str(good), "-o", str(out), "--no-resilience", "--workload", small]) == 0
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
    code = main(["report", str(good), "-o", str(tmp_path / "o.pdf"), "--priorities", "speed"])
    err = capsys.readouterr().err
    assert code == 2 and len(err.strip().splitlines()) == 1 and "speed" in err
    code = cmd_report(argparse.Namespace(file=str(good), output=str(tmp_path / "no" / "dir" / "o.pdf"),
                                         workload=[small], compare=False, resilience=False))
    err = capsys.readouterr().err
    assert code == 2 and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize(("backend", "flag"), [("rocev2", True), ("ib", False)])
def test_latency_test_commands_connect_through_rdma_cm_on_rocev2(backend, flag):
    """perftest over RoCEv2 needs the RoCEv2 address of the port: RDMA-CM (-R) picks it; InfiniBand needs none."""
    from types import SimpleNamespace

    from designer.analysis.acceptance import AcceptancePlan
    from designer.report.sections.acceptance import commands
    from designer.topology.generate import generate

    doc = generate("leaf-spine", gpus=16, backend=backend, frontend=False)
    ctx = SimpleNamespace(acceptance=AcceptancePlan(16, [], [], None, None), doc=doc, catalog=load_catalog(),
                          t=lambda key, **kw: key)
    lat_lines = [line for line in commands(ctx).splitlines() if line.startswith("ib_write_lat")]
    assert len(lat_lines) == 2 and all(("-R" in line.split()) == flag for line in lat_lines)
