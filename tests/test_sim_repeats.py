"""repeat=N: a workload runs N times back to back; its figures cover the N runs."""

from __future__ import annotations

import pytest

from designer.sim import SimOptions, run
from designer.sim.workload_spec import WorkloadError, parse_workload
from designer.topology import generate


@pytest.fixture(scope="module")
def fabric():
    return generate("leaf-spine", gpus=32, backend="rocev2", frontend=False)


@pytest.mark.parametrize("spec", ["allreduce:16MiB", "alltoall:4MiB", "permutation:8MiB"])
def test_n_runs_take_n_times_as_long_with_the_same_bandwidth(fabric, spec):
    opts = SimOptions(ideal_pass=False)
    one = run(fabric, [spec], opts).data
    three = run(fabric, [f"{spec}:repeat=3"], opts).data
    assert three["completion_time_s"] == pytest.approx(3 * one["completion_time_s"], rel=1e-6)
    if one["busbw_gbps"] is not None:
        assert three["busbw_gbps"] == pytest.approx(one["busbw_gbps"], rel=1e-6)
    assert three["network_bytes"] == 3 * one["network_bytes"]


def test_repeat_is_refused_where_it_has_no_meaning():
    for bad, says in (("train:7b:repeat=2", "does not apply"), ("allreduce:1MiB:repeat=5000", "at most 1000"),
                      ("allreduce:1MiB:repeat=0", "whole number")):
        with pytest.raises(WorkloadError, match=says):
            parse_workload(bad)
