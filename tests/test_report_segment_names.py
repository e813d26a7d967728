"""Segment names the generator gave are shown in the proposal's language; names the user typed are shown as typed."""

from __future__ import annotations

from pypdf import PdfReader

from designer.report import ReportOptions, build_proposal
from designer.topology import generate
from designer.topology.segment_names import backend_name, pod_name, shown_name
from tests.factories import CAT


def test_a_generated_name_is_shown_in_the_readers_language():
    assert shown_name(backend_name("ib", "en"), "zh_CN") == backend_name("ib", "zh_CN") != backend_name("ib", "en")
    assert shown_name(backend_name("rocev2", "zh_CN"), "en") == "Back-end (RoCEv2)"
    assert shown_name(pod_name(2, "rocev2", "en"), "zh_CN") == pod_name(2, "rocev2", "zh_CN")
    # the segment as it runs in an option that switches its protocol (the acceptance plan of the InfiniBand option)
    assert shown_name(backend_name("rocev2", "en"), "en", "ib") == "Back-end (IB)"
    assert shown_name("Training (RoCEv2)", "en", "ib") == "Training (RoCEv2)"


def test_a_typed_name_is_shown_as_typed():
    for typed in ("Training (IB)", "Back-end (IB) east", "训练集群 (IB)", "Back-end (Omni-Path)"):
        assert shown_name(typed, "zh_CN") == typed and shown_name(typed, "en") == typed


def test_a_chinese_proposal_of_a_design_generated_in_english_names_its_segment_in_chinese(tmp_path):
    doc = generate("leaf-spine", gpus=16, backend="rocev2", catalog=CAT, name="Pod")
    assert next(iter(doc.segments.values())).name == "Back-end (RoCEv2)"      # generated in English
    out = tmp_path / "zh.pdf"
    build_proposal(doc, str(out), options=ReportOptions(sections=["topology", "facts"], language="zh_CN"),
                   catalog=CAT)               # no section that states a run: nothing is simulated
    text = "".join(page.extract_text() for page in PdfReader(out).pages)
    assert "Back-end" not in text
    assert backend_name("rocev2", "zh_CN") in text
