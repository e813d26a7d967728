"""Input limits: a simulation whose estimated memory is above the budget is refused before it runs,
with a message that says the limit and how to change it; the estimate does not under-estimate."""

import tracemalloc

import pytest

from designer.model import fileformat
from designer.sim import api
from designer.sim.budget import BUDGET_ENV, SimulationTooLarge, budget_bytes, check_budget, estimate
from designer.sim.compile import compile_fabric
from designer.sim.workload_spec import WorkloadError, parse_workloads
from tests.factories import two_server_doc


def _planned(doc, spec):
    fab = compile_fabric(doc)
    return fab, api.build_plan(parse_workloads([spec]), fab, 1)


def test_estimate_is_not_below_the_measured_peak():
    doc = two_server_doc()
    for spec in ("alltoall:1MiB", "permutation:1MiB:qps=8:spray=on"):
        fab, plan = _planned(doc, spec)
        est = estimate(fab, plan)
        tracemalloc.start()
        api.run(doc, [spec])
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        assert est.total_bytes >= peak, spec


def test_estimate_grows_with_flows_queue_pairs_and_spreading():
    doc = two_server_doc()
    small = estimate(*_planned(doc, "permutation:1MiB"))
    more_qps = estimate(*_planned(doc, "permutation:1MiB:qps=8"))
    all_pairs = estimate(*_planned(doc, "alltoall:1MiB"))
    assert more_qps.sub_flows == 8 * small.sub_flows and more_qps.total_bytes > small.total_bytes
    assert all_pairs.sub_flows > small.sub_flows


def test_run_above_the_budget_is_refused_naming_the_limit_and_the_variable(monkeypatch):
    monkeypatch.setenv(BUDGET_ENV, "1")
    with pytest.raises(SimulationTooLarge) as err:
        api.run(two_server_doc(), ["alltoall:1MiB"])
    message = str(err.value)
    assert "1 MiB limit" in message and f"{BUDGET_ENV}=" in message and "\n" not in message
    assert isinstance(err.value, WorkloadError)       # the CLI and the run panel already report these
    monkeypatch.setenv(BUDGET_ENV, "4096")
    assert api.run(two_server_doc(), ["alltoall:1MiB"]).data["completion_time_s"] > 0


@pytest.mark.parametrize("value", ["lots", "-5", "0", "1.5"])
def test_bad_budget_setting_is_a_clear_error(monkeypatch, value):
    monkeypatch.setenv(BUDGET_ENV, value)
    with pytest.raises(WorkloadError, match=BUDGET_ENV):
        budget_bytes()


def test_explicit_limit_overrides_the_environment(monkeypatch):
    monkeypatch.setenv(BUDGET_ENV, "1")
    fab, plan = _planned(two_server_doc(), "pingpong:8B")
    assert check_budget(fab, plan, limit_bytes=2**40).total_bytes > 0


def test_large_design_is_refused_quickly_by_the_cli(tmp_path, capsys, monkeypatch):
    from designer.cli import main
    path = tmp_path / "d.json"
    fileformat.save(two_server_doc(), path)
    monkeypatch.setenv(BUDGET_ENV, "1")
    assert main(["simulate", str(path), "--workload", "alltoall:1MiB"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and BUDGET_ENV in err[0]
