"""Two jobs on one 256-GPU fat tree: each job's slowdown together against alone, for packed and spread placements,
checked against bounds one can work out by hand."""

from __future__ import annotations

import json
from functools import cache

import pytest

from designer.sim.api import SimOptions, run, stream
from designer.sim.interference import run_jobs
from designer.sim.metrics import SimResult
from designer.sim.workload_spec import WorkloadError
from designer.topology.generate import generate

TOL = 0.02


@cache
def _design(backend: str):
    # 2:1 oversubscribed leaves, so traffic between leaves competes for the uplinks
    return generate("fat-tree", gpus=256, backend=backend, frontend=False, oversubscription=2.0)


@cache
def _jobs(backend: str, place: str) -> SimResult:
    """An AllReduce and an MoE-like AllToAll, 128 GPUs each."""
    return run_jobs(_design(backend), [f"allreduce:4MiB:gpus=128:place={place}",
                                       f"alltoall:4MiB:gpus=128:place={place}"])


def _rows(backend: str, place: str) -> list[dict]:
    return _jobs(backend, place).data["jobs"]["rows"]


def _serial_bound(rows: list[dict], k: int) -> float:
    """Slowdown of job k if the fabric ran the jobs one after the other: (its time + the others' times) / its time.
    Sharing links fairly never does worse than taking turns on them."""
    alone = [r["completion_time_s"]["alone"] for r in rows]
    return sum(alone) / alone[k]


@pytest.mark.parametrize("backend", ["rocev2", "ib"])
@pytest.mark.parametrize("place", ["packed", "spread"])
def test_every_slowdown_lies_between_1_and_taking_turns(backend, place):
    rows = _rows(backend, place)
    assert [r["kind"] for r in rows] == ["allreduce", "alltoall"] and [r["gpus"] for r in rows] == [128, 128]
    for k, row in enumerate(rows):
        times = row["completion_time_s"]
        assert row["slowdown"] == pytest.approx(times["together"] / times["alone"])
        assert 1 - TOL <= row["slowdown"] <= _serial_bound(rows, k) + TOL, (backend, place, row["spec"])


def test_packed_jobs_on_separate_leaves_share_no_link_and_do_not_slow():
    jobs = _jobs("rocev2", "packed").data["jobs"]
    assert jobs["shared_links"] == []          # 4 leaves of 8 servers: each job holds two whole leaves
    assert jobs["shared_switches"] == ["spine-01", "spine-02"]
    for row in jobs["rows"]:
        assert row["slowdown"] == pytest.approx(1.0, abs=TOL)


@pytest.mark.parametrize("backend", ["rocev2", "ib"])
def test_spread_jobs_share_uplinks_and_slow_more_than_packed(backend):
    packed, spread = _rows(backend, "packed"), _rows(backend, "spread")
    assert len(_jobs(backend, "spread").data["jobs"]["shared_links"]) > len(
        _jobs(backend, "packed").data["jobs"]["shared_links"])
    # the AllReduce's few flows between leaves meet the AllToAll's many on every uplink once the jobs are spread
    assert spread[0]["slowdown"] > packed[0]["slowdown"] + 0.2
    assert spread[1]["slowdown"] > packed[1]["slowdown"] + 0.05
    assert spread[0]["busbw_gbps"]["together"] < spread[0]["busbw_gbps"]["alone"]


def test_the_alone_run_is_the_job_on_its_own_gpus():
    # job 2 alone, placed where the whole list puts it, against a run of that job by itself on the same servers
    design = _design("rocev2")
    jobs = _rows("rocev2", "packed")
    direct = run(design, ["alltoall:4MiB:servers=srv-017..srv-032"], SimOptions(ideal_pass=False))
    assert jobs[1]["completion_time_s"]["alone"] == pytest.approx(direct.data["workloads"][0]["completion_time_s"])
    with pytest.raises(WorkloadError, match="there is no job 3"):
        run(design, ["allreduce:1MiB:gpus=8", "alltoall:1MiB:gpus=8"], SimOptions(only_job=2))


def test_a_single_workload_has_no_job_table():
    assert "jobs" not in run_jobs(_design("ib"), ["allreduce:1MiB:gpus=16"]).data


@pytest.fixture
def small_file(tmp_path):
    from designer.model.fileformat import save
    path = tmp_path / "pod.json"
    save(generate("leaf-spine", gpus=32, backend="rocev2", frontend=False), str(path))
    return str(path)


JOBS = ["--workload", "allreduce:1MiB:gpus=16:place=spread", "--workload", "alltoall:1MiB:gpus=16:place=spread"]


def test_simulate_prints_the_job_table_and_says_the_alone_runs_are_extra(small_file, capsys):
    from designer.cli import main
    assert main(["simulate", small_file, *JOBS]) == 0
    out = capsys.readouterr().out
    assert "2 extra engine runs, one per job" in out
    rows = [ln.split() for ln in out.splitlines() if ln.strip().startswith(("1 ", "2 "))]
    assert [r[1] for r in rows] == ["allreduce:1MiB:gpus=16:place=spread", "alltoall:1MiB:gpus=16:place=spread"]
    assert all(r[2] == "16" and r[-1] == "us" for r in rows)
    assert "shared by two or more jobs:" in out
    assert main(["simulate", small_file, *JOBS, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["jobs"]["alone_runs"] == 2 and [r["job"] for r in data["jobs"]["rows"]] == [1, 2]
    assert main(["simulate", small_file, *JOBS, "--no-alone"]) == 0
    assert "extra engine runs" not in capsys.readouterr().out


def test_the_job_table_is_chinese_in_chinese(small_file, capsys):
    from designer.cli import main
    assert main(["--lang", "zh_CN", "simulate", small_file, *JOBS]) == 0
    out = capsys.readouterr().out
    assert "另需 2 次引擎运行" in out and "减速比" in out and "two or more" not in out


@cache
def _design_1to1():
    return generate("fat-tree", gpus=256, backend="rocev2", frontend=False)


# A victim: an incast job whose receiver shares leaf-01 with half of an AllReduce ring; the incast's senders sit on
# leaf-02 with the ring's other half, so the ring's flows between the leaves cross the ports the incast fills.
# 16 MiB per sender: with 4 MiB the leaf's buffer absorbs the incast and PFC never pauses (measured).
VICTIM = ["incast:16:16MiB:servers=srv-001,srv-009..srv-010",
          "allreduce:16MiB:algo=ring:servers=srv-002..srv-005,srv-011..srv-014"]


@cache
def _victim(backend: str, preset: str | None = None) -> list[dict]:
    design = _design_1to1()
    return run_jobs(design, VICTIM, SimOptions(backend=backend, preset=preset)).data["jobs"]["rows"]


def test_pfc_without_dcqcn_pauses_the_allreduce_behind_the_incast():
    incast, ring = _victim("rocev2")            # recommended for AI: PFC on, DCQCN off
    assert incast["slowdown"] == pytest.approx(1.0, abs=TOL)
    # the ring (0.93 ms alone) is held for most of the incast (256 MiB through one 400G port, about 5.5 ms)
    assert ring["slowdown"] > 3.0
    assert ring["paused_s"]["alone"] == 0.0 and ring["paused_s"]["together"] > 0.0
    assert ring["victim_paused"]["ports"] > 0 and ring["victim_paused"]["jobs"] == [1]


def test_dcqcn_keeps_the_incast_from_pausing_the_allreduce():
    # the plain preset runs DCQCN with the NIC firmware's defaults: the incast's senders cut their rate before the
    # queue reaches Xoff, so the ring only shares bandwidth with them
    pfc_only, with_dcqcn = _victim("rocev2")[1], _victim("rocev2", "plain")[1]
    assert 1.0 - TOL <= with_dcqcn["slowdown"] < pfc_only["slowdown"] / 2
    assert with_dcqcn["victim_paused"]["ports"] == 0 and with_dcqcn["paused_s"]["together"] == 0.0


def test_ib_credits_show_the_victim_as_credit_stalls():
    incast, ring = _victim("ib")
    assert ring["paused_s"]["together"] == 0.0                         # no PFC on InfiniBand
    assert ring["stalled_s"]["alone"] == 0.0 and ring["stalled_s"]["together"] > 0.0
    assert ring["slowdown"] > 1.0 + TOL


def test_the_heat_map_of_one_job_shows_its_own_traffic_on_a_shared_cable():
    """Two jobs spread over a 64-GPU two-tier leaf-spine share uplinks: each snapshot splits every cable's
    utilisation into the jobs' own parts. A job's part never exceeds the cable's, on a cable only one job crosses
    its part is the whole, and on the cables both cross each job shows less than the two together."""
    doc = generate("leaf-spine", gpus=64, backend="rocev2", frontend=False, two_tiers=True)
    snaps = list(stream(doc, ["alltoall:512KiB:gpus=32:place=spread", "allreduce:512KiB:gpus=32:place=spread"],
                        SimOptions(snapshot_count=10)))
    links = [set(x.tolist()) for x in snaps[0].extra["job_links"]]
    shared, only_first = links[0] & links[1], links[0] - links[1]
    assert shared
    less_on_shared = False
    for snap in snaps[:-1]:
        total, parts = snap.link_utilization, snap.extra["job_link_utilization"]
        assert len(parts) == 2 and all((p <= total + 1e-9).all() for p in parts)
        for k in only_first:
            assert parts[0][k] == pytest.approx(total[k], rel=1e-9) and parts[1][k] == 0.0
        both = [k for k in shared if parts[0][k] > 0 and parts[1][k] > 0]
        less_on_shared |= any(parts[0][k] < total[k] * 0.99 for k in both)
    assert less_on_shared


def test_what_jobs_share_is_said_without_empty_parts():
    from designer.cli.jobs_table import _shared_line

    nothing = _shared_line({"shared_links": [], "shared_switches": []})
    assert nothing == "no link or switch is shared by two or more jobs"
    assert _shared_line({"shared_links": ["L1"], "shared_switches": []}) == \
        "shared by two or more jobs: 1 link, no switch"
    line = _shared_line({"shared_links": ["L1", "L2"], "shared_switches": ["leaf-01"]})
    assert line.startswith("shared by two or more jobs: 2 links, 1 switch (") and "leaf-01" in line
