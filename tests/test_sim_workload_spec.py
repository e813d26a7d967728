"""Workload grammar (designer/sim/workload_spec.py): sizes, options, and one-line errors for bad specs."""

import pytest

from designer.sim import WorkloadError, parse_workloads
from designer.sim.workload_spec import parse_size, parse_time, parse_workload


def test_sizes_use_binary_and_decimal_units():
    assert parse_size("8B") == 8
    assert parse_size("64KiB") == 64 * 1024
    assert parse_size("256MiB") == 256 * 2**20
    assert parse_size("1GiB") == 2**30
    assert parse_size("1GB") == 10**9
    assert parse_size("1.5KB") == 1500


def test_times():
    assert parse_time("2ms") == pytest.approx(2e-3)
    assert parse_time("10us") == pytest.approx(1e-5)
    assert parse_time("500ns") == pytest.approx(5e-7)


def test_specs_with_options():
    w = parse_workload("permutation:256MiB:qps=8:spray=on:start=2ms")
    assert (w.kind, w.size_bytes) == ("permutation", 256 * 2**20)
    assert w.options == {"qps": 8, "spray": True, "start": pytest.approx(2e-3)}
    inc = parse_workload("incast:16:64MiB")
    assert (inc.senders, inc.size_bytes) == (16, 64 * 2**20)
    tr = parse_workload("train:70b:tp=8:pp=4:mfu=0.5")
    assert (tr.params, tr.layers, tr.hidden) == (70e9, 80, 8192)
    assert tr.options["mfu"] == 0.5
    custom = parse_workload("train:params=30e9")
    assert custom.params == 30e9 and custom.layers > 10 and custom.hidden % 128 == 0
    inf = parse_workload("inference:7b:qps=12.5")
    assert inf.options["qps"] == 12.5
    assert parse_workload("allreduce:1GiB:algo=hier").options["algo"] == "hier"


def test_count_and_switch_read_options_or_none():
    w = parse_workload("permutation:256MiB:qps=8:spray=off")
    assert (w.count("qps"), w.switch("spray")) == (8, False)
    assert (w.count("gpus"), w.switch("ar")) == (None, None)   # None: the segment's own setting


@pytest.mark.parametrize("spec", [
    "", "broadcast:1GiB", "allreduce", "allreduce:1XB", "allreduce:0B", "allreduce:1GiB:algo=magic",
    "allreduce:1GiB:qps=0", "allreduce:1GiB:qps=2.5", "allreduce:1GiB:color=red", "permutation:1MiB:dp=2",
    "incast:1MiB", "incast:x:1MiB", "train:9000b", "train:70b:mfu=1.5", "inference:7b", "pingpong:8B:ar=maybe",
    "allreduce:1GiB:start=soon", "allreduce:1GiB:qps=2:qps=3", "allreduce:1GiB:plane=side",
])
def test_bad_specs_raise_one_line(spec):
    with pytest.raises(WorkloadError) as info:
        parse_workloads([spec])
    message = str(info.value)
    assert "\n" not in message and message
    assert isinstance(info.value, ValueError)


def test_no_workload_is_an_error():
    with pytest.raises(WorkloadError):
        parse_workloads([])


def test_queue_pairs_stop_at_nccls_most_but_requests_per_second_do_not():
    """NCCL opens at most NCCL_IB_MAX_QPS = 128 queue pairs a connection; a project's segment setting has the same
    bound. `qps=` of an inference workload is requests per second and has none of it."""
    from designer.model.limits import MAX_QPS, ROCE_SETTINGS

    assert parse_workload(f"alltoall:1MiB:qps={MAX_QPS}").count("qps") == 128
    with pytest.raises(WorkloadError, match="at most 128 queue pairs"):
        parse_workload("alltoall:1MiB:qps=129")
    assert ROCE_SETTINGS["qps"].maximum == MAX_QPS
    assert parse_workload("inference:7b:qps=1000").opt("qps") == 1000
