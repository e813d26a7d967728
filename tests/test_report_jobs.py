"""The proposal's shared-cluster section: present only when the design keeps jobs, each job's figures together and
alone (for InfiniBand and RoCEv2 when the proposal compares them), what the jobs share, in customer words, English
and Chinese; and the sweep appendix words the job placement parameter."""

from __future__ import annotations

import re
from types import SimpleNamespace

from pypdf import PdfReader
from reportlab.platypus import Paragraph

from designer.model.jobs import Job
from designer.report import ReportOptions, build_proposal
from designer.report.proposal import build_context
from designer.report.sections import jobs as jobs_section
from designer.report.sections.sweep_appendix import param_label, param_value
from designer.report.strings import tr
from tests.factories import build_fabric

JOBS = [Job("Pretraining", "allreduce:16MiB:algo=ring", gpus=16, place="spread"),
        Job("MoE experts", "alltoall:4MiB", gpus=16, place="spread")]


def _design(jobs: list[Job]):
    doc = build_fabric("rocev2", servers=4, frontend=False)     # 32 GPUs on two leaves
    doc.set_jobs(jobs)
    return doc


def _pdf_text(path) -> str:
    return re.sub(r"\s+", " ", "\n".join(page.extract_text() or "" for page in PdfReader(str(path)).pages))


def _story_text(ctx) -> str:
    text = " ".join(f.getPlainText() for f in jobs_section.build(ctx) if isinstance(f, Paragraph))
    return text.replace("\u00a0", " ")


def test_a_design_with_jobs_gets_the_section_for_both_protocols(tmp_path):
    out = tmp_path / "jobs.pdf"
    ctx = build_proposal(_design(JOBS), str(out), options=ReportOptions(sections={"jobs"}))
    text = _pdf_text(out)
    assert set(ctx.jobs.reports) == {"ib", "rocev2"}
    assert tr("sec_jobs") in text and tr("jobs_per_job") in text and tr("jobs_share_title") in text
    assert "2 jobs run on it at the same time" in text
    assert "Job 1: Pretraining" in text and "Job 2: MoE experts" in text
    assert "AllReduce of 16 MiB (ring algorithm) on 16 GPUs." in text and "AllToAll of 4 MiB on 16 GPUs." in text
    for report in ctx.jobs.reports.values():           # each run's slowdowns are the ones the table states
        for row in report["rows"]:
            assert f"{row['slowdown']:.2f}×" in text
    assert "place=" not in text and "algo=" not in text and "busbw" not in text and "spec" not in text


def test_chinese_section_is_chinese_and_a_single_job_shares_nothing():
    ctx = build_context(_design(JOBS), ReportOptions(sections={"jobs"}, language="zh_CN", compare=False), None, None)
    text = _story_text(ctx)
    assert set(ctx.jobs.reports) == {"drawn"}
    assert tr("sec_jobs", "zh_CN") in text and "2 个作业" in text and "作业 1：Pretraining" in text
    allowed = {"GPU", "GPUs", "PFC", "InfiniBand", "RoCEv2", "AllReduce", "AllToAll", "MiB", "Pretraining", "MoE",
               "experts"} | {node.display_name for node in ctx.doc.nodes.values()}   # names the user gave
    assert set(re.findall(r"[A-Za-z][A-Za-z0-9]{2,}", text)) <= allowed
    single = build_context(_design(JOBS[:1]), ReportOptions(sections={"jobs"}), None, None)
    assert single.jobs.reports == {}                    # nothing to compare: not simulated
    assert tr("jobs_single", name="Pretraining", workload="AllReduce of 16 MiB (ring algorithm)") in _story_text(single)


def test_a_design_without_jobs_has_no_section(tmp_path):
    out = tmp_path / "plain.pdf"
    ctx = build_proposal(_design([]), str(out), options=ReportOptions(sections={"jobs", "facts"}))
    assert ctx.jobs is None
    assert tr("sec_jobs") not in _pdf_text(out)


def test_sweep_words_the_job_placement():
    ctx = SimpleNamespace(t=lambda key, **kw: tr(key, "en", **kw))
    assert param_label(ctx, "place") == "Job placement"
    assert param_value(None, "place", "spread", "zh_CN") == tr("sweep_place_spread", "zh_CN")


def test_jobs_in_different_traffic_classes_say_so_in_both_languages():
    jobs = [JOBS[0], Job("MoE experts", "alltoall:4MiB", gpus=16, place="spread", tc=2)]
    for lang, words in (("en", ["run in 2 traffic classes", "IEEE 802.1Qbb", "IEEE 802.1Qaz",
                                "Traffic class 2: priority 2 on RoCEv2, virtual lane 2 on InfiniBand",
                                "Traffic class 0: priority 0"]),
                        ("zh_CN", ["2 个流量类别", "流量类别 2：RoCEv2 上为优先级 2"])):
        ctx = build_context(_design(jobs), ReportOptions(sections={"jobs"}, language=lang, compare=False), None,
                            None)
        assert [row["tc"] for row in ctx.jobs.reports["drawn"]["rows"]] == [0, 2]
        text = _story_text(ctx)
        assert all(w in text for w in words), (lang, text)
        assert "tc=" not in text
