"""The chart model of a sweep (no Qt): default axis and metric, one series per combination of the other
parameters, categorical x, failed points as gaps, and results read back equal from CSV, Parquet and memory."""

from __future__ import annotations

import itertools

import pytest

from designer.analysis.sweep import (
    CHART_METRICS,
    METRIC_COLUMNS,
    SweepError,
    SweepResults,
    SweepTask,
    default_metric,
    evaluate_point,
    parse_axes,
    points,
    read_results,
    results_from_rows,
    run_sweep,
    sweep_chart,
)
from designer.analysis.sweep.chart import PARAM_LABELS

WORKLOAD = ("allreduce:1MiB",)


def _row(index: int, params: dict[str, object], **metrics: object) -> dict[str, object]:
    row: dict[str, object] = {c: None for c in METRIC_COLUMNS}
    row.update({"point": index, **params, "currency": "USD", **metrics})
    return row


def _grid(axes: dict[str, tuple], metric=lambda p: 1.0) -> SweepResults:
    """Rows of the grid of `axes` (first axis slowest), completion time = metric(point)."""
    names = list(axes)
    rows = [_row(i, dict(zip(names, combo, strict=True)), completion_time_s=metric(dict(zip(names, combo,
                                                                                            strict=True))),
                 capex=1000.0, goodput_gbps=100.0, gpu_utilization=0.5)
            for i, combo in enumerate(itertools.product(*axes.values()))]
    return results_from_rows(names, rows)


def test_one_axis_is_one_unlabelled_series_sorted_by_x():
    results = _grid({"gpus": (64, 16, 32)}, metric=lambda p: p["gpus"] / 1000)
    assert [r["gpus"] for r in results.rows] == ["64", "16", "32"]       # parameters as their text
    chart = sweep_chart(results)
    assert (chart.metric, chart.x_param, chart.x_label, chart.categorical) == ("completion_time_s", "gpus", "GPUs",
                                                                               False)
    assert chart.y_label == CHART_METRICS["completion_time_s"] == "Completion time (s)"
    assert chart.x_ticks == [(16.0, "16"), (32.0, "32"), (64.0, "64")]
    assert len(chart.series) == 1 and chart.series[0].label == ""
    assert chart.series[0].x == [16.0, 32.0, 64.0] and chart.series[0].y == [0.016, 0.032, 0.064]


def test_two_axes_numeric_x_is_preferred_and_each_other_value_is_a_line():
    results = _grid({"backend": ("ib", "rocev2"), "gpus": (16, 32)})
    chart = sweep_chart(results)
    assert chart.x_param == "gpus" and not chart.categorical
    assert [s.label for s in chart.series] == ["backend=ib", "backend=rocev2"]
    assert all(s.x == [16.0, 32.0] for s in chart.series)


def test_three_axes_series_are_the_combinations_of_the_others():
    results = _grid({"backend": ("ib", "rocev2"), "oversubscription": (1.0, 2.0, 3.0), "gpus": (16, 32)})
    assert [r["oversubscription"] for r in results.rows[:3]] == ["1.0", "1.0", "2.0"]
    chart = sweep_chart(results)
    assert chart.x_param == "oversubscription" and chart.x_label == PARAM_LABELS["oversubscription"]
    assert [s.label for s in chart.series] == ["backend=ib, gpus=16", "backend=ib, gpus=32",
                                               "backend=rocev2, gpus=16", "backend=rocev2, gpus=32"]
    assert all(s.x == [1.0, 2.0, 3.0] for s in chart.series)
    by_gpus = sweep_chart(results, "capex", "gpus")
    assert len(by_gpus.series) == 6 and by_gpus.series[0].label == "backend=ib, oversubscription=1.0"
    assert by_gpus.y_label == "Capital cost (USD)"


def test_a_parameter_with_one_value_names_no_line():
    results = _grid({"gpus": (16, 32), "rocev2.qps": (4,)})
    chart = sweep_chart(results)
    assert chart.x_param == "gpus" and [s.label for s in chart.series] == [""]


def test_categorical_x_uses_positions_in_vary_order():
    results = _grid({"backend": ("rocev2", "ib"), "adaptive_routing": ("on", "off")},
                    metric=lambda p: 2.0 if p["backend"] == "ib" else 3.0)
    chart = sweep_chart(results)                    # no numeric parameter: the first one
    assert chart.x_param == "backend" and chart.categorical
    assert chart.x_ticks == [(0.0, "rocev2"), (1.0, "ib")]
    assert [s.label for s in chart.series] == ["adaptive_routing=on", "adaptive_routing=off"]
    assert chart.series[0].x == [0.0, 1.0] and chart.series[0].y == [3.0, 2.0]
    assert sweep_chart(results, x_param="adaptive_routing").x_ticks == [(0.0, "on"), (1.0, "off")]


def test_failed_points_and_missing_metrics_are_none():
    rows = [_row(0, {"gpus": 16}, completion_time_s=1.0, capex=500.0, goodput_gbps=50.0, gpu_utilization=0.25),
            _row(1, {"gpus": 100}, currency=None, error="100 GPUs do not fill a fat tree"),
            _row(2, {"gpus": 32}, completion_time_s=2.0, capex=900.0, goodput_gbps=0.0)]
    results = results_from_rows(["gpus"], rows)
    assert results.rows[1]["error"] and results.rows[1]["currency"] == "" and results.rows[0]["error"] == ""
    assert sweep_chart(results).series[0].y == [1.0, 2.0, None]
    assert sweep_chart(results, "step_time_s").series[0].y == [None, None, None]
    assert sweep_chart(results, "gpu_utilization").series[0].y == [25.0, None, None]      # percent
    assert sweep_chart(results, "cost_per_gbps").series[0].y == [10.0, None, None]        # no goodput: no ratio


def test_default_metric_is_step_time_for_training():
    assert default_metric(_grid({"gpus": (16, 32)})) == "completion_time_s"
    rows = [_row(0, {"gpus": 16}, step_time_s=3.0, completion_time_s=3.0)]
    assert default_metric(results_from_rows(["gpus"], rows)) == "step_time_s"


def test_rows_arriving_out_of_order_are_sorted():
    rows = [_row(2, {"gpus": 64}), _row(0, {"gpus": 16})]
    assert [r["point"] for r in results_from_rows(["gpus"], rows).rows] == [0, 2]


@pytest.mark.parametrize("metric, x_param, words", [
    ("speed", None, "unknown chart metric 'speed' (choose one of: step_time_s, completion_time_s"),
    (None, "qps", "'qps' is not a varied parameter of these results (varied: gpus, backend)"),
])
def test_unknown_metric_or_parameter_names_the_allowed_ones(metric, x_param, words):
    with pytest.raises(SweepError) as err:
        sweep_chart(_grid({"gpus": (16, 32), "backend": ("ib", "rocev2")}), metric, x_param)
    assert words in str(err.value) and "\n" not in str(err.value)


def test_csv_parquet_and_memory_give_equal_results(tmp_path):
    task = SweepTask(WORKLOAD, seed=1, generate_kind="fat-tree")
    axes = parse_axes(["gpus=16,32", "backend=ib,rocev2"], generated=True)
    run_sweep(task, axes, tmp_path / "r.csv", workers=1)
    run_sweep(task, axes, tmp_path / "r.parquet", workers=1)
    from_csv, from_parquet = read_results(tmp_path / "r.csv"), read_results(tmp_path / "r.parquet")
    assert from_csv == from_parquet
    assert from_csv.param_names == ["gpus", "backend"] and len(from_csv.rows) == 4
    row = from_csv.rows[0]
    assert isinstance(row["gpu_count"], int) and isinstance(row["completion_time_s"], float)
    assert row["step_time_s"] is None and row["error"] == "" and row["currency"] == "USD"
    live = [{**evaluate_point(task, i, p), **p} for i, p in reversed(list(enumerate(points(axes))))]
    assert results_from_rows(["gpus", "backend"], live) == from_csv
    assert sweep_chart(from_parquet) == sweep_chart(from_csv)


def test_bad_results_files_are_one_line(tmp_path):
    foreign = tmp_path / "other.csv"
    foreign.write_text("name,value\na,1\n")
    garbage = tmp_path / "bad.parquet"
    garbage.write_bytes(b"not parquet at all")
    cases = [(tmp_path / "none.csv", "no such sweep results file"), (foreign, "not a results file"),
             (tmp_path / "r.json", "ends in .csv or .parquet"), (garbage, "cannot read")]
    for path, words in cases:
        with pytest.raises(SweepError) as err:
            read_results(path)
        assert words in str(err.value) and "\n" not in str(err.value), path
