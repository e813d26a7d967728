"""The advisor's candidates on local processes: the same advice as one after another (candidates, figures, order,
left-out reasons, design names in the caller's language), progress as they finish, each worker within its share of
the memory budget, and a worker's error as the same one line."""

from __future__ import annotations

import json
import os

import pytest

from designer import i18n
from designer.analysis.advisor import Preferences, RunControl, advise
from designer.analysis.advisor import candidate_pool as pool
from designer.analysis.advisor.candidates import CandidateSpec, build_design
from designer.analysis.advisor.site_request import SiteRequest
from designer.catalog.loader import load_catalog
from designer.cli import main
from designer.sim import api
from designer.sim.budget import BUDGET_ENV, estimate
from designer.sim.compile import compile_fabric
from designer.sim.workload_spec import WorkloadError, parse_workloads
from designer.topology.two_site import KIND as TWO_SITE

WORKLOAD = ["allreduce:16MiB"]


def _advice(workers: int, *args, **kwargs):
    seen: list[tuple[int, int, str]] = []
    advice = advise(*args, **kwargs, control=RunControl(workers=workers, progress=lambda *p: seen.append(p)))
    return advice, seen


def test_two_workers_give_the_advice_of_one_in_the_callers_language():
    i18n.set_language("zh_CN")
    try:
        (one, _), (two, seen) = (_advice(w, 16, WORKLOAD, Preferences(), seed=3) for w in (1, 2))
    finally:
        i18n.set_language("en")
    assert json.dumps(two.to_dict()) == json.dumps(one.to_dict())
    assert list(two.candidates) == list(one.candidates) and len(one.candidates) == 15
    names = [c.doc.name for c in two.candidates.values()]
    assert names == [c.doc.name for c in one.candidates.values()] and "块 GPU" in names[0]
    assert [done for done, _, _ in seen] == list(range(16)) and {total for _, total, _ in seen} == {15}
    assert seen[0][2] == one.candidates["ib-fat-tree-1to1"].spec.label_text("zh_CN") and seen[-1][2] == ""


def test_a_candidate_left_out_comes_back_with_its_reason():
    specs = [CandidateSpec(TWO_SITE, "ib", 1.0), CandidateSpec(TWO_SITE, "rocev2", 1.0)]
    far = Preferences(site=SiteRequest(1000.0, 400.0, 1))
    (one, _), (two, _) = (_advice(w, 32, ["train:params=1e9:tp=8"], far, specs=specs) for w in (1, 2))
    assert json.dumps(two.to_dict()) == json.dumps(one.to_dict())
    assert list(two.candidates) == [specs[1].id]
    assert "1:1 left out: long-haul bundle 'dci'" in two.alternative_texts("en")[-1]
    assert two.alternative_texts("zh_CN")[-1].startswith("未纳入 InfiniBand")


TASK = pool.CandidateTask(16, tuple(WORKLOAD), 1, "USD", load_catalog(), None)


def test_each_worker_runs_within_its_share_of_the_budget_and_a_larger_run_goes_alone(monkeypatch):
    specs = [CandidateSpec("fat-tree", "rocev2", 1.0), CandidateSpec("fat-tree", "ib", 1.0)]
    need = []
    for spec in specs:
        fab = compile_fabric(build_design(spec, 16)[0])
        need.append(estimate(fab, api.build_plan(parse_workloads(WORKLOAD), fab, 1)).total_bytes)
    budget_mib = max(need) // 2**20 + 1               # each run fits the whole budget; two side by side do not
    assert min(need) > budget_mib * 2**20 // 2
    monkeypatch.setenv(BUDGET_ENV, str(budget_mib))
    assert pool._in_processes(TASK, specs, 2, pool._Tracker(specs, RunControl())) == [0, 1]   # above their share
    serial = pool.build_outcomes(TASK, specs, RunControl(workers=1))
    parallel = pool.build_outcomes(TASK, specs, RunControl(workers=2))                       # ... then run alone
    assert [c.figures for c in parallel] == [c.figures for c in serial]
    monkeypatch.setenv(BUDGET_ENV, str(4 * budget_mib))
    assert pool._in_processes(TASK, specs, 2, pool._Tracker(specs, RunControl())) == []


def test_a_workers_error_is_the_same_one_line(capsys):
    argv = ["advise", "--gpus", "16", "--workload", "allreduce:1MiB:gpus=32"]
    lines = []
    for workers in ("1", "2"):
        assert main([*argv, "--workers", workers]) == 2
        lines.append(capsys.readouterr().err)
    assert lines[0] == lines[1] == ("fabric-designer: error: workload 'allreduce:1MiB:gpus=32': gpus=32 but the "
                                    "design has only 16 GPUs\n")
    with pytest.raises(WorkloadError, match="has only 16 GPUs"):
        advise(16, ["allreduce:1MiB:gpus=32"], control=RunControl(workers=2))


@pytest.mark.parametrize("lang, words", [("en", "(default: one per core; 1: one after another in this process)"),
                                         ("zh_CN", "（默认：每个核心一个；1：在本进程中逐个运行）")])
def test_the_help_says_what_workers_are(capsys, lang, words):
    with pytest.raises(SystemExit) as exc:
        main(["--lang", lang, "advise", "--help"])
    out = capsys.readouterr().out
    flat = "".join(out.split())                       # wrapped where the terminal's width ends a line
    assert exc.value.code == 0 and "--workers N" in out and "".join(words.split()) in flat


def test_a_lost_worker_is_one_clear_line(monkeypatch):
    monkeypatch.setattr(pool, "_build_in_worker", _end_abruptly)
    with pytest.raises(WorkloadError, match="ended before it finished"):
        pool.build_outcomes(TASK, [CandidateSpec("fat-tree", "rocev2", 1.0)] * 2, RunControl(workers=2))


def _end_abruptly(spec: CandidateSpec) -> None:
    os._exit(1)          # as the kernel's out-of-memory killer would end it
