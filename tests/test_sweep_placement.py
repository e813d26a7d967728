"""The sweep varies job placement: --vary place=packed,spread."""

from __future__ import annotations

import csv

import pytest

from designer.analysis.sweep.grid import SweepError, check_workload_axes, parse_axes, with_placement
from designer.cli import main


def test_place_axis_takes_the_placement_rules_only():
    (axis,) = parse_axes(["place=packed,spread"], generated=False)     # a loaded design can vary it too
    assert (axis.name, axis.target, axis.values) == ("place", "workload", ("packed", "spread"))
    with pytest.raises(SweepError, match="'tight' is not a placement"):
        parse_axes(["place=packed,tight"], generated=False)


def test_place_axis_needs_a_job_placed_by_rule():
    axes = parse_axes(["place=packed,spread"], generated=False)
    check_workload_axes(axes, ("allreduce:1MiB:gpus=8", "alltoall:1MiB"))
    for specs in (("allreduce:1MiB",), ("allreduce:1MiB:servers=srv-001",)):
        with pytest.raises(SweepError, match="needs a workload placed by rule"):
            check_workload_axes(axes, specs)


def test_with_placement_sets_the_rule_of_jobs_placed_by_rule_only():
    specs = ("allreduce:1MiB:gpus=8:place=random:seed=3", "alltoall:1MiB:servers=srv-001", "incast:4:1MiB",
             "permutation:1MiB:gpus=16:start=1ms")
    assert with_placement(specs, "spread") == ["allreduce:1MiB:gpus=8:place=spread", "alltoall:1MiB:servers=srv-001",
                                               "incast:4:1MiB", "permutation:1MiB:gpus=16:start=1ms:place=spread"]
    assert with_placement(specs, "random")[0] == "allreduce:1MiB:gpus=8:seed=3:place=random"


def test_a_sweep_over_placement_shows_the_spread_jobs_slower(tmp_path, capsys):
    out = tmp_path / "r.csv"
    # 4 leaves with 2:1 uplinks: packed, each job holds two leaves; spread, both jobs cross every uplink
    argv = ["sweep", "--generate", "fat-tree", "--vary", "gpus=256", "--vary", "oversubscription=2",
            "--vary", "place=packed,spread", "--workload", "allreduce:4MiB:gpus=128",
            "--workload", "alltoall:4MiB:gpus=128", "--workers", "1", "-o", str(out)]
    assert main(argv) == 0, capsys.readouterr().err
    rows = list(csv.DictReader(out.open()))
    assert [r["place"] for r in rows] == ["packed", "spread"] and not any(r["error"] for r in rows)
    packed, spread = (float(r["completion_time_s"]) for r in rows)
    assert spread > packed
    assert main([*argv[:-2], "--vary", "place=near", "-o", str(out)]) == 2
    assert "'near' is not a placement" in capsys.readouterr().err
