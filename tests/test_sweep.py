"""Design-space sweeps: the grid, serial = local processes = Dask LocalCluster (identical CSVs), resume after an
interruption without recomputing finished points, file mode, and one-line errors."""

from __future__ import annotations

import csv

import pytest

from designer.analysis.sweep import SweepError, SweepTask, parse_axes, parse_axis, points, run_sweep
from designer.analysis.sweep import runner as sweep_runner
from designer.cli import main
from designer.model.fileformat import save
from designer.sim import SimOptions, run
from designer.topology import generate

WORKLOAD = ("allreduce:16MiB",)


def _axes() -> list:
    return parse_axes(["gpus=64,128", "backend=ib,rocev2", "rocev2.qps=1,4"], generated=True)


def _rows(path) -> list[dict]:
    with open(path, newline="") as fh:
        return list(csv.DictReader(fh))


def test_axes_are_typed_and_named():
    a = parse_axis("xoff_kb=2048,4096")
    assert a.name == "rocev2.xoff_kb" and a.values == (2048.0, 4096.0)
    assert parse_axis("adaptive_routing=on,off").values == (True, False)
    assert parse_axis("gpus=64, 128").values == (64, 128)
    grid = points(_axes())
    assert len(grid) == 8 and grid[0] == {"gpus": 64, "backend": "ib", "rocev2.qps": 1}
    assert grid[-1] == {"gpus": 128, "backend": "rocev2", "rocev2.qps": 4}


@pytest.mark.parametrize("texts, generated, words", [
    (["speed=1,2"], True, "unknown sweep parameter 'speed'"),
    (["mtu_bytes=1024"], True, "ib.mtu_bytes or rocev2.mtu_bytes"),
    (["gpus=64,x"], True, "not a whole number"),
    (["dcqcn=maybe"], True, "not on/off"),
    (["gpus=64"], False, "--generate"),
    (["gpus=64", "gpus=128"], True, "twice"),
    (["gpus"], True, "NAME=VALUES"),
])
def test_bad_axes_are_refused(texts, generated, words):
    with pytest.raises(SweepError, match=words.replace(".", r"\.").replace("(", r"\(")):
        parse_axes(texts, generated=generated)


def test_serial_processes_and_dask_give_identical_csv(tmp_path, dask_address):
    task = SweepTask(WORKLOAD, seed=2, generate_kind="fat-tree")
    axes = _axes()
    run_sweep(task, axes, tmp_path / "serial.csv", workers=1)
    run_sweep(task, axes, tmp_path / "procs.csv", workers=2)
    run_sweep(task, axes, tmp_path / "dask.csv", dask_address=dask_address)
    serial = (tmp_path / "serial.csv").read_text()
    assert serial == (tmp_path / "procs.csv").read_text() == (tmp_path / "dask.csv").read_text()
    rows = _rows(tmp_path / "serial.csv")
    assert [r["point"] for r in rows] == [str(i) for i in range(8)]
    assert all(not r["error"] and float(r["completion_time_s"]) > 0 for r in rows)
    # the sweep varies what it says: 128 GPUs cost more than 64, and the rows carry the right GPU counts
    assert {r["gpus"]: r["gpu_count"] for r in rows} == {"64": "64", "128": "128"}
    assert float(rows[4]["capex"]) > float(rows[0]["capex"])


def test_a_point_equals_a_direct_simulation(tmp_path):
    task = SweepTask(WORKLOAD, seed=2, generate_kind="fat-tree")
    axes = parse_axes(["backend=rocev2", "rocev2.kmin_kb=400"], generated=True)
    run_sweep(task, axes, tmp_path / "one.csv", workers=1)
    row = _rows(tmp_path / "one.csv")[0]
    doc = generate("fat-tree", gpus=256, backend="rocev2")
    for seg in doc.segments.values():
        seg.rocev2.kmin_kb = 400.0
    direct = run(doc, list(WORKLOAD), SimOptions(seed=2)).data
    assert float(row["completion_time_s"]) == direct["completion_time_s"]
    assert float(row["latency_p99_us"]) == direct["latency_us"]["p99"]


def test_interrupted_sweep_resumes_without_recomputing(tmp_path, monkeypatch):
    task = SweepTask(WORKLOAD, seed=1, generate_kind="fat-tree")
    axes = parse_axes(["gpus=64,128", "backend=ib,rocev2"], generated=True)
    full = tmp_path / "full.csv"
    run_sweep(task, axes, full, workers=1)

    out = tmp_path / "cut.csv"

    def interrupt(done: int, total: int) -> None:
        if done == 2:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_sweep(task, axes, out, workers=1, progress=interrupt)
    assert len(_rows(out)) == 2                      # finished points were kept

    computed = []
    real = sweep_runner.evaluate_point

    def counting(t, index, point):
        computed.append(index)
        return real(t, index, point)

    monkeypatch.setattr(sweep_runner, "evaluate_point", counting)
    summary = run_sweep(task, axes, out, workers=1)
    assert summary.resumed == 2 and summary.computed == 2 and sorted(computed) == [2, 3]
    assert out.read_text() == full.read_text()


def test_sweep_of_a_file_varies_its_segments(tmp_path, capsys):
    path = tmp_path / "d.fabric.json"
    save(generate("leaf-spine", gpus=64, backend="rocev2"), path)
    out = tmp_path / "r.csv"
    argv = ["sweep", str(path), "--vary", "backend=ib,rocev2", "--workload", "permutation:8MiB", "--workers", "1",
            "-o", str(out)]
    assert main(argv) == 0
    assert "2 points (0 already done, 2 run" in capsys.readouterr().out
    rows = _rows(out)
    assert [r["backend"] for r in rows] == ["ib", "rocev2"]
    assert float(rows[0]["credit_stall_fraction"]) >= 0 and rows[0]["completion_time_s"] != rows[1]["completion_time_s"]
    assert main(argv) == 0                           # everything already done: nothing recomputed
    assert "(2 already done, 0 run" in capsys.readouterr().out


def test_a_point_that_cannot_be_built_is_recorded_not_fatal(tmp_path, capsys):
    out = tmp_path / "r.csv"
    assert main(["sweep", "--generate", "leaf-spine", "--vary", "gpus=64,100", "--workload", "allreduce:8MiB",
                 "--workers", "1", "-o", str(out)]) == 1          # exit 1: a point failed (as check's 1)
    rows = _rows(out)
    assert rows[0]["error"] == "" and "100 GPUs" in rows[1]["error"] and rows[1]["completion_time_s"] == ""
    assert "1 could not be built" in capsys.readouterr().out


@pytest.mark.parametrize("argv, words", [
    (["sweep", "--vary", "gpus=64", "-o", "x.csv"], "either a design FILE or --generate"),
    (["sweep", "--generate", "fat-tree", "--vary", "gpus=64", "-o", "x.json"], "must end in .csv or .parquet"),
    (["sweep", "--generate", "torus", "--vary", "gpus=64", "-o", "x.csv"], "unknown generator kind"),
    (["sweep", "--generate", "fat-tree", "--vary", "gpus=64", "--workers", "0", "-o", "x.csv"], "--workers"),
    (["sweep", "--generate", "fat-tree", "--vary", "gpus=64", "--dask", "tcp://127.0.0.1:9", "--workers", "2",
      "-o", "x.csv"], "not both"),
])
def test_bad_sweep_requests_are_one_line(argv, words, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("fabric-designer: error:") and "\n" not in err and words in err


def test_results_of_another_sweep_are_not_overwritten(tmp_path, capsys):
    out = tmp_path / "r.csv"
    out.write_text("a,b\n1,2\n")
    assert main(["sweep", "--generate", "fat-tree", "--vary", "gpus=64", "--workers", "1", "-o", str(out)]) == 2
    assert "another sweep" in capsys.readouterr().err
    assert out.read_text() == "a,b\n1,2\n"


def test_planes_are_an_axis_of_a_multi_plane_sweep(tmp_path):
    """A multi-plane fabric swept over its plane count: each point is the generator's design with that many planes
    (its NICs split into as many ports), run as a direct simulation of that design runs."""
    task = SweepTask(WORKLOAD, seed=2, generate_kind="multi-plane")
    axes = parse_axes(["gpus=128", "server_model=hgx-b300", "planes=2,4"], generated=True)   # 800G NICs: 400G or
    # 200G planes
    run_sweep(task, axes, tmp_path / "planes.csv", workers=1)
    rows = _rows(tmp_path / "planes.csv")
    assert [r["planes"] for r in rows] == ["2", "4"] and all(not r.get("error") for r in rows)
    for row in rows:
        doc = generate("multi-plane", gpus=128, server_model="hgx-b300", planes=int(row["planes"]))
        direct = run(doc, list(WORKLOAD), SimOptions(seed=2)).data
        assert float(row["completion_time_s"]) == direct["completion_time_s"]
    assert rows[0]["completion_time_s"] != rows[1]["completion_time_s"] or rows[0]["capex"] != rows[1]["capex"]


def test_a_value_outside_a_fixed_set_fails_the_sweep_not_its_point():
    """`--vary backend=ib,foo` ran the sweep and reported the 'foo' point as failed (the window too)."""
    with pytest.raises(SweepError, match="'foo' is none of ib, rocev2$"):
        parse_axes(["backend=ib,foo"], generated=False)
    with pytest.raises(SweepError, match="'fattree' is none of leaf-spine"):
        parse_axes(["kind=fat-tree,fattree"], generated=True)
    assert [tuple(a.values) for a in parse_axes(["backend=ib,rocev2,hybrid"], generated=True)] == [
        ("ib", "rocev2", "hybrid")]
