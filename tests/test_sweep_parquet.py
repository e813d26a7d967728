"""Sweep results as Parquet: typed columns, the same table serially, over processes and on Dask, and resumable
through the journal CSV beside it (after an interruption, or after a --vary list was extended)."""

from __future__ import annotations

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from designer.analysis.sweep import SweepTask, parse_axes, read_results, run_sweep
from designer.analysis.sweep import runner as sweep_runner
from designer.analysis.sweep.store import journal_path
from designer.cli import main

WORKLOAD = ("allreduce:1MiB",)
VARY = ["gpus=16,32", "backend=ib,rocev2"]


def _task() -> SweepTask:
    return SweepTask(WORKLOAD, seed=1, generate_kind="fat-tree")


def _counting(monkeypatch) -> list[int]:
    """Record the index of every point evaluated from now on."""
    computed: list[int] = []
    real = sweep_runner.evaluate_point

    def counting(task, index, point):
        computed.append(index)
        return real(task, index, point)

    monkeypatch.setattr(sweep_runner, "evaluate_point", counting)
    return computed


def test_parquet_columns_are_typed(tmp_path):
    out = tmp_path / "r.parquet"
    run_sweep(_task(), parse_axes(VARY, generated=True), out, workers=1)
    assert not journal_path(out).exists()
    table = pq.read_table(out)
    types = {f.name: f.type for f in table.schema}
    assert types["point"] == pa.int64() and types["gpus"] == pa.string() and types["backend"] == pa.string()
    assert types["gpu_count"] == pa.int64() and types["dropped_bytes"] == pa.int64()
    assert types["completion_time_s"] == pa.float64() and types["capex"] == pa.float64()
    assert types["currency"] == pa.string() and types["error"] == pa.string()
    rows = table.to_pylist()
    assert [r["point"] for r in rows] == [0, 1, 2, 3] and [r["gpus"] for r in rows] == ["16", "16", "32", "32"]
    assert rows[0]["step_time_s"] is None and rows[0]["error"] is None and rows[0]["currency"] == "USD"
    assert rows[2]["gpu_count"] == 32 and rows[0]["completion_time_s"] > 0


def test_serial_processes_and_dask_write_equal_tables(tmp_path, dask_address):
    task, axes = _task(), parse_axes(VARY, generated=True)
    run_sweep(task, axes, tmp_path / "serial.parquet", workers=1)
    run_sweep(task, axes, tmp_path / "procs.parquet", workers=2)
    run_sweep(task, axes, tmp_path / "dask.parquet", dask_address=dask_address)
    serial = pq.read_table(tmp_path / "serial.parquet")
    assert serial.equals(pq.read_table(tmp_path / "procs.parquet"))
    assert serial.equals(pq.read_table(tmp_path / "dask.parquet"))
    assert serial.num_rows == 4


def test_resume_from_a_journal_left_by_an_interruption(tmp_path, monkeypatch):
    task, axes = _task(), parse_axes(VARY, generated=True)
    run_sweep(task, axes, tmp_path / "full.csv", workers=1)
    run_sweep(task, axes, tmp_path / "full.parquet", workers=1)
    lines = (tmp_path / "full.csv").read_text().splitlines(keepends=True)
    out = tmp_path / "cut.parquet"
    # the header, points 0 and 2, and a line cut short when the sweep was killed
    journal_path(out).write_text(lines[0] + lines[1] + lines[3] + lines[4][:20])
    computed = _counting(monkeypatch)
    summary = run_sweep(task, axes, out, workers=1)
    assert summary.resumed == 2 and summary.computed == 2 and sorted(computed) == [1, 3]
    assert not journal_path(out).exists()
    assert pq.read_table(out).equals(pq.read_table(tmp_path / "full.parquet"))


def test_interrupted_parquet_sweep_keeps_its_points_in_the_journal(tmp_path, monkeypatch):
    task, axes = _task(), parse_axes(VARY, generated=True)
    out = tmp_path / "r.parquet"

    def interrupt(done: int, total: int) -> None:
        if done == 3:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_sweep(task, axes, out, workers=1, progress=interrupt)
    assert not out.exists() and len(journal_path(out).read_text().splitlines()) == 4    # header + 3 points
    computed = _counting(monkeypatch)
    summary = run_sweep(task, axes, out, workers=1)
    assert (summary.resumed, summary.computed, computed) == (3, 1, [3])
    assert [r["point"] for r in read_results(out).rows] == [0, 1, 2, 3]


def test_extending_a_vary_list_computes_only_the_new_points(tmp_path, monkeypatch):
    task = _task()
    out = tmp_path / "r.parquet"
    run_sweep(task, parse_axes(["gpus=16", "backend=ib,rocev2"], generated=True), out, workers=1)
    first = read_results(out).rows
    computed = _counting(monkeypatch)
    summary = run_sweep(task, parse_axes(VARY, generated=True), out, workers=1)
    assert summary.resumed == 2 and sorted(computed) == [2, 3]
    rows = read_results(out).rows
    assert [r["gpus"] for r in rows] == ["16", "16", "32", "32"] and rows[:2] == first


def test_cli_writes_parquet_and_refuses_a_foreign_one(tmp_path, capsys):
    out = tmp_path / "r.parquet"
    argv = ["sweep", "--generate", "fat-tree", "--vary", "gpus=16", "--vary", "backend=ib,rocev2", "--workload",
            "allreduce:1MiB", "--workers", "1", "-o", str(out)]
    assert main(argv) == 0
    assert "2 points (0 already done, 2 run" in capsys.readouterr().out
    assert main(argv) == 0
    assert "(2 already done, 0 run" in capsys.readouterr().out
    pq.write_table(pa.table({"name": ["a"], "value": [1]}), out)
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("fabric-designer: error:") and "\n" not in err and "another sweep" in err


def test_a_stopped_sweep_writes_its_finished_points_and_a_rerun_completes_it(tmp_path):
    import threading

    task, axes = _task(), parse_axes(VARY, generated=True)
    out = tmp_path / "r.parquet"
    cancel = threading.Event()
    seen: list[tuple[dict, dict]] = []

    def on_row(point: dict, row: dict) -> None:
        seen.append((point, row))
        cancel.set()

    summary = run_sweep(task, axes, out, workers=1, on_row=on_row, cancel=cancel)
    assert (summary.total, summary.resumed, summary.computed) == (4, 0, 1)
    assert seen[0][0] == {"gpus": 16, "backend": "ib"} and seen[0][1]["point"] == 0
    assert len(read_results(out).rows) == 1 and not journal_path(out).exists()
    summary = run_sweep(task, axes, out, workers=1)
    assert (summary.resumed, summary.computed) == (1, 3) and len(read_results(out).rows) == 4
