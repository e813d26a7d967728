"""The proposal's simulation results come from the engine: the PDF of each example states the figures of a
direct IB vs RoCEv2 compare(), says when it fell back to the default workload, prefers results saved with the
design, shows training figures, and does not run the engine when no section shows results."""

from __future__ import annotations

import argparse
import glob
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from designer.cli.report import cmd_report
from designer.i18n import number_format as nf
from designer.model.fileformat import load
from designer.model.run_results import RESULT_FIELDS, SEGMENT_FIELDS, check_results
from designer.report import ReportOptions, build_proposal, results_source
from designer.report.results_source import DEFAULT_WORKLOAD
from designer.report.strings import tr
from designer.sim import compare

PROJECTS = sorted(glob.glob(str(Path(__file__).resolve().parent.parent / "projects" / "*.json")))
SMALL = next(p for p in PROJECTS if p.endswith("small-rocev2-pod.json"))


def simulation_text(pdf: Path) -> str:
    """The text of the PDF from the simulation section's heading to the next section, whitespace collapsed."""
    text = " ".join(page.extract_text() for page in PdfReader(str(pdf)).pages)
    text = re.sub(r"\s+", " ", text)
    start = text.rindex(tr("sec_simulation"))      # the last occurrence: the first is in the contents
    end = text.find(tr("sec_findings"), start)
    return text[start:end if end > 0 else None]


def row(label: str, *cells: str) -> str:
    return re.escape(label) + r"\s+" + r"\s+".join(re.escape(c) for c in cells)


def assert_figures(text: str, pair: dict) -> None:
    ib, roce = pair["ib"], pair["rocev2"]
    assert re.search(row(tr("sim_completion"), nf.seconds(ib["completion_time_s"]),
                         nf.seconds(roce["completion_time_s"])), text)
    assert re.search(row(tr("sim_p99"), nf.micros(ib["latency_us"]["p99"]), nf.micros(roce["latency_us"]["p99"])),
                     text)
    assert re.search(row(tr("sim_throughput"), nf.percent(ib["throughput_fraction"]),
                         nf.percent(roce["throughput_fraction"])), text)
    assert re.search(row(tr("sim_pfc"), nf.percent(ib["pfc_pause_fraction"], 2),
                         nf.percent(roce["pfc_pause_fraction"], 2)), text)
    if ib["busbw_gbps"] is not None:
        assert re.search(row(tr("sim_busbw"), nf.gbps(ib["busbw_gbps"]), nf.gbps(roce["busbw_gbps"])), text)


def saved_record(result: dict, spec: str) -> dict:
    """A result reduced to the flat record a project file keeps (designer/model/run_results.py)."""
    record = {k: result[k] for k in RESULT_FIELDS if k in result and k not in ("workloads", "segments")}
    record["workloads"] = [spec]
    record["backend"] = result["backend"]
    record["time_breakdown"] = {"compute_s": 0.0, "transport_s": result["completion_time_s"], "coordination_s": 0.0}
    record["segments"] = {sid: {k: seg[k] for k in SEGMENT_FIELDS if k in seg}
                          for sid, seg in result["segments"].items()}
    return record


@pytest.mark.parametrize("project", PROJECTS, ids=lambda p: Path(p).stem)
def test_pdf_of_each_example_states_the_figures_of_a_direct_compare(project: str, tmp_path: Path) -> None:
    doc = load(project)
    spec = "allreduce:64MiB"
    out = tmp_path / "p.pdf"
    build_proposal(doc, str(out), options=ReportOptions(workloads=[spec], date="2025-01-01"))
    pair = {k: v.to_dict() for k, v in compare(load(project), [spec]).items()}
    text = simulation_text(out)
    assert tr("sim_intro", workloads=spec) in text
    assert_figures(text, pair)


@pytest.mark.slow
def test_no_workload_runs_the_default_and_says_so(tmp_path: Path) -> None:
    out = tmp_path / "d.pdf"
    build_proposal(load(SMALL), str(out), options=ReportOptions(date="2025-01-01"))
    text = simulation_text(out)
    assert tr("sim_intro_default", workloads=DEFAULT_WORKLOAD)[:60] in text
    assert_figures(text, {k: v.to_dict() for k, v in compare(load(SMALL), [DEFAULT_WORKLOAD]).items()})


def test_results_saved_with_the_design_are_preferred_to_running_the_engine(tmp_path: Path, monkeypatch) -> None:
    doc = load(SMALL)
    pair = {k: saved_record(v.to_dict(), "alltoall:4MiB") for k, v in compare(doc, ["alltoall:4MiB"]).items()}
    assert all(check_results(r) == [] for r in pair.values())
    doc.set_results(pair)        # what the window stores after a comparison

    def no_engine(*_args, **_kw):
        raise AssertionError("the engine ran although the design carries results")

    monkeypatch.setattr(results_source, "compare_workloads", no_engine)
    out = tmp_path / "s.pdf"
    build_proposal(doc, str(out), options=ReportOptions(date="2025-01-01"))
    text = simulation_text(out)
    assert tr("sim_intro_saved", workloads="alltoall:4MiB") in text
    assert_figures(text, pair)


@pytest.mark.slow
def test_training_workload_shows_gpu_utilization_per_protocol(tmp_path: Path) -> None:
    out = tmp_path / "t.pdf"
    build_proposal(load(SMALL), str(out), options=ReportOptions(workloads=["train:7b"], date="2025-01-01"))
    pair = {k: v.to_dict() for k, v in compare(load(SMALL), ["train:7b"]).items()}
    text = simulation_text(out)
    assert re.search(row(tr("sim_gpu_util"), nf.percent(pair["ib"]["gpu_utilization"]),
                         nf.percent(pair["rocev2"]["gpu_utilization"])), text)
    assert re.search(row(tr("sim_step"), nf.seconds(pair["ib"]["step_time_s"]),
                         nf.seconds(pair["rocev2"]["step_time_s"])), text)
    assert tr("sim_per_workload") in text


def test_engine_is_not_run_when_no_section_shows_results(tmp_path: Path, monkeypatch) -> None:
    def no_engine(*_args, **_kw):
        raise AssertionError("the engine ran for a proposal without summary or simulation")

    monkeypatch.setattr(results_source, "compare_workloads", no_engine)
    out = tmp_path / "c.pdf"
    build_proposal(load(SMALL), str(out), options=ReportOptions(sections={"cost", "facts"}))
    assert len(PdfReader(str(out)).pages) >= 2


def test_bad_workload_spec_is_one_line_and_exit_2(tmp_path: Path, capsys) -> None:
    out = tmp_path / "x.pdf"
    code = cmd_report(argparse.Namespace(file=SMALL, output=str(out), workload=["allreduce:lots"]))
    err = capsys.readouterr().err
    assert code == 2
    assert len(err.strip().splitlines()) == 1
    assert "allreduce:lots" in err and "Traceback" not in err
    assert not out.exists()
