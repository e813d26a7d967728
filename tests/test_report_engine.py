"""The proposal's simulation figures come from the engine: the PDF of each example states the figures of a direct
run of the design as drawn and of a direct IB vs RoCEv2 compare() of the options' designs at the recommended
settings, says when it fell back to the default workload, simulates the workloads of results saved with the design
again (their figures may be those of a failure), shows training figures, and does not run the engine when no
section shows results."""

from __future__ import annotations

import argparse
import glob
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

import designer.sim
from designer.analysis.protocol_options import option_designs
from designer.analysis.settings_presets import sim_options
from designer.catalog.loader import load_catalog
from designer.cli.report import cmd_report
from designer.i18n import number_format as nf
from designer.model.fileformat import load
from designer.model.run_results import RESULT_FIELDS, SEGMENT_FIELDS, check_results
from designer.report import ReportOptions, build_proposal
from designer.report.results_source import DEFAULT_WORKLOAD
from designer.report.strings import tr
from designer.report.workload_text import describe_workload
from designer.sim import compare, run

PROJECTS = sorted(glob.glob(str(Path(__file__).resolve().parent.parent / "projects" / "*.json")))
SMALL = next(p for p in PROJECTS if p.endswith("small-rocev2-pod.json"))
SIMULATION = {"simulation"}
CATALOG = load_catalog()


def simulation_text(pdf: Path) -> str:
    """The text of the PDF from the performance section's heading on, whitespace collapsed."""
    text = " ".join(page.extract_text() for page in PdfReader(str(pdf)).pages)
    text = re.sub(r"\s+", " ", text)
    return text[text.rindex(tr("sec_simulation")):]      # the last occurrence: the first is in the contents


def row(label: str, *cells: str) -> str:
    return re.escape(label) + r"\s+" + r"\s+".join(re.escape(c) for c in cells)


def assert_figures(text: str, results: list[dict]) -> None:
    assert re.search(row(tr("sim_completion"), *(nf.seconds(r["completion_time_s"]) for r in results)), text)
    assert re.search(row(tr("sim_p99"), *(nf.micros(r["latency_us"]["p99"]) for r in results)), text)
    assert re.search(row(tr("sim_throughput"), *(nf.percent(r["throughput_fraction"]) for r in results)), text)
    assert re.search(row(tr("sim_pfc"), *(nf.percent(r["pfc_pause_fraction"], 2) for r in results)), text)
    if results[0]["busbw_gbps"] is not None:
        assert re.search(row(tr("sim_busbw"), *(nf.gbps(r["busbw_gbps"]) for r in results)), text)


def direct_pair(path: str, spec: str) -> list[dict]:
    """Each protocol option run directly on the design its price is for."""
    doc = load(path)
    pair = compare(doc, [spec], sim_options(seed=1, preset="recommended"), designs=option_designs(doc, CATALOG))
    return [pair["ib"].to_dict(), pair["rocev2"].to_dict()]


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
def test_pdf_of_each_example_states_the_figures_of_direct_runs(project: str, tmp_path: Path) -> None:
    doc = load(project)
    spec = "allreduce:64MiB"
    out = tmp_path / "p.pdf"
    build_proposal(doc, str(out), options=ReportOptions(workloads=[spec], date="2025-01-01", sections=SIMULATION))
    text = simulation_text(out)
    assert tr("sim_intro", workloads=describe_workload(spec)) in text
    drawn_part, compared_part = text.split(tr("sim_compare"), 1)
    assert_figures(drawn_part, [run(load(project), [spec], sim_options(seed=1)).to_dict()])
    assert_figures(compared_part, direct_pair(project, spec))


@pytest.mark.slow
def test_no_workload_runs_the_default_and_says_so(tmp_path: Path) -> None:
    out = tmp_path / "d.pdf"
    build_proposal(load(SMALL), str(out), options=ReportOptions(date="2025-01-01", sections=SIMULATION))
    text = simulation_text(out)
    assert tr("sim_intro_default")[:60] in text
    assert_figures(text.split(tr("sim_compare"), 1)[1], direct_pair(SMALL, DEFAULT_WORKLOAD))


def test_workloads_saved_with_the_design_are_simulated_again(tmp_path: Path) -> None:
    doc = load(SMALL)
    pair = {k: saved_record(v.to_dict(), "alltoall:4MiB") for k, v in compare(doc, ["alltoall:4MiB"]).items()}
    for record in pair.values():
        record["completion_time_s"] = 42.0          # what a run with a failure could have saved
    assert all(check_results(r) == [] for r in pair.values())
    doc.set_results(pair)        # what the window stores after a comparison
    out = tmp_path / "s.pdf"
    build_proposal(doc, str(out), options=ReportOptions(date="2025-01-01", sections=SIMULATION))
    text = simulation_text(out)
    assert tr("sim_intro_saved", workloads=describe_workload("alltoall:4MiB")) in text
    assert nf.seconds(42.0) not in text
    assert_figures(text.split(tr("sim_compare"), 1)[1], direct_pair(SMALL, "alltoall:4MiB"))


@pytest.mark.slow
def test_training_workload_shows_gpu_utilization_per_protocol(tmp_path: Path) -> None:
    out = tmp_path / "t.pdf"
    build_proposal(load(SMALL), str(out), options=ReportOptions(workloads=["train:7b"], date="2025-01-01",
                                                                sections=SIMULATION))
    ib, roce = direct_pair(SMALL, "train:7b")
    text = simulation_text(out).split(tr("sim_compare"), 1)[1]
    assert re.search(row(tr("sim_gpu_util"), nf.percent(ib["gpu_utilization"]), nf.percent(roce["gpu_utilization"])),
                     text)
    assert re.search(row(tr("sim_step"), nf.seconds(ib["step_time_s"]), nf.seconds(roce["step_time_s"])), text)


def test_engine_is_not_run_when_no_section_shows_results(tmp_path: Path, monkeypatch) -> None:
    def no_engine(*_args, **_kw):
        raise AssertionError("the engine ran for a proposal without a section that shows results")

    monkeypatch.setattr(designer.sim, "compare", no_engine)
    monkeypatch.setattr(designer.sim, "run", no_engine)
    out = tmp_path / "c.pdf"
    build_proposal(load(SMALL), str(out), options=ReportOptions(sections={"cost", "facts", "scope"}))
    assert len(PdfReader(str(out)).pages) >= 2


def test_bad_workload_spec_is_one_line_and_exit_2(tmp_path: Path, capsys) -> None:
    out = tmp_path / "x.pdf"
    code = cmd_report(argparse.Namespace(file=SMALL, output=str(out), workload=["allreduce:lots"]))
    err = capsys.readouterr().err
    assert code == 2
    assert len(err.strip().splitlines()) == 1
    assert "allreduce:lots" in err and "Traceback" not in err
    assert not out.exists()
