"""Jobs saved in the project file: they round-trip, older files still open, hostile values are refused at their
place, and `simulate --jobs` runs them."""

from __future__ import annotations

import copy

import pytest

from designer.cli import main
from designer.model.errors import ProjectError
from designer.model.fileformat import document_from_dict, document_to_dict, dumps, loads, save
from designer.model.jobs import Job
from designer.topology.generate import generate


@pytest.fixture(scope="module")
def base():
    return document_to_dict(generate("leaf-spine", gpus=32, backend="rocev2", frontend=False))


JOBS = [{"name": "training", "workload": "allreduce:1MiB", "gpus": 16, "place": "spread"},
        {"name": "moe", "workload": "alltoall:1MiB:start=10us", "servers": ["srv-003", "srv-004"]},
        {"name": "batch", "workload": "permutation:1MiB", "gpus": 8, "place": "random", "seed": 4}]


def _with_jobs(base, jobs):
    data = copy.deepcopy(base)
    data["jobs"] = jobs
    return data


def test_jobs_round_trip_and_give_their_specs(base):
    doc = document_from_dict(_with_jobs(base, JOBS))
    assert [j.spec() for j in doc.jobs] == ["allreduce:1MiB:gpus=16:place=spread",
                                            "alltoall:1MiB:start=10us:servers=srv-003,srv-004",
                                            "permutation:1MiB:gpus=8:place=random:seed=4"]
    again = loads(dumps(doc))
    assert again.jobs == doc.jobs and document_to_dict(again)["jobs"] == JOBS


def test_a_file_without_jobs_opens_and_saves_without_the_key(base):
    doc = document_from_dict(copy.deepcopy(base))
    assert doc.jobs == [] and "jobs" not in document_to_dict(doc)


def test_set_jobs_replaces_them_and_returns_the_old_list(base):
    doc = document_from_dict(_with_jobs(base, JOBS))
    old = doc.set_jobs([Job("one", "allreduce:1MiB")])
    assert [j.name for j in old] == ["training", "moe", "batch"] and [j.name for j in doc.jobs] == ["one"]


@pytest.mark.parametrize("jobs, place, words", [
    ({"name": "x"}, "jobs", "must be a list"),
    ([5], "jobs[0]", ""),
    ([{"name": "a", "workload": "allreduce:1MiB", "colour": "red"}], "jobs[0]", "colour"),
    ([{"workload": "allreduce:1MiB"}], "jobs[0].name", "needs a name"),
    ([{"name": "a", "workload": ""}], "jobs[0].workload", "needs a workload"),
    ([{"name": "a", "workload": "allreduce:1MiB:gpus=8"}], "jobs[0].workload", "own fields"),
    ([{"name": "a", "workload": "allreduce:1MiB", "gpus": 0}], "jobs[0].gpus", "whole number"),
    ([{"name": "a", "workload": "allreduce:1MiB", "gpus": "8"}], "jobs[0].gpus", "whole number"),
    ([{"name": "a", "workload": "allreduce:1MiB", "gpus": True}], "jobs[0].gpus", "whole number"),
    ([{"name": "a", "workload": "allreduce:1MiB", "gpus": 8, "place": "tight"}], "jobs[0].place", "packed"),
    ([{"name": "a", "workload": "allreduce:1MiB", "place": "packed"}], "jobs[0].gpus", "needs gpus=N"),
    ([{"name": "a", "workload": "allreduce:1MiB", "gpus": 8, "seed": 2}], "jobs[0].seed", "only to place=random"),
    ([{"name": "a", "workload": "allreduce:1MiB", "gpus": 8, "place": "random", "seed": -1}], "jobs[0].seed",
     "whole number"),
    ([{"name": "a", "workload": "allreduce:1MiB", "servers": "srv-001"}], "jobs[0].servers", "list of server ids"),
    ([{"name": "a", "workload": "allreduce:1MiB", "servers": ["srv-001", "leaf-01"]}], "jobs[0].servers[1]",
     "not a GPU server"),
    ([{"name": "a", "workload": "allreduce:1MiB", "servers": ["srv-001", "srv-001"]}], "jobs[0].servers[1]", ""),
    ([{"name": "a", "workload": "allreduce:1MiB", "servers": ["srv-001"], "place": "packed", "gpus": 4}],
     "jobs[0].place", "exclude each other"),
    ([{"name": "a", "workload": "allreduce:1MiB"}, {"name": "a", "workload": "alltoall:1MiB"}], "jobs[1].name", ""),
])
def test_hostile_jobs_are_refused_at_their_place(base, jobs, place, words):
    with pytest.raises(ProjectError) as exc:
        document_from_dict(_with_jobs(base, jobs))
    text = str(exc.value)
    assert f"{place}:" in text and words in text and "\n" not in text.strip()


def test_simulate_runs_the_saved_jobs(base, tmp_path, capsys):
    path = tmp_path / "pod.json"
    save(document_from_dict(_with_jobs(base, JOBS[:2])), str(path))
    assert main(["simulate", str(path), "--jobs", "--no-alone"]) == 0
    out = capsys.readouterr().out
    assert "allreduce:1MiB:gpus=16:place=spread, alltoall:1MiB:start=10us:servers=srv-003,srv-004" in out
    bare = tmp_path / "bare.json"
    save(document_from_dict(copy.deepcopy(base)), str(bare))
    assert main(["simulate", str(bare), "--jobs"]) == 2
    err = capsys.readouterr().err
    assert "has no saved jobs" in err and err.count("\n") == 1
