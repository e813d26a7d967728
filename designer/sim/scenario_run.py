"""Run a saved what-if scenario and reduce its result to one comparison row."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from designer.model.document import FabricDocument
from designer.model.scenarios import Scenario
from designer.sim.api import SimOptions, run
from designer.sim.metrics import SimResult


def run_scenario(doc: FabricDocument, scenario: Scenario, options: SimOptions | None = None) -> SimResult:
    """Simulate the scenario's workloads with its failures and seed (WorkloadError on a bad spec)."""
    opts = replace(options or SimOptions(), seed=scenario.seed, failures=list(scenario.failures))
    return run(doc, scenario.workloads, opts)


def comparison_row(name: str, res: SimResult) -> dict[str, Any]:
    """Completion time, worst throughput dip, latest recovery, bytes stalled (what the scenario table shows)."""
    fails = res.data.get("failures", [])
    dips = [f["throughput_dip"] for f in fails if f["throughput_dip"] is not None]
    recovered = [f["recovery_time_s"] - f["time_s"] for f in fails if f["recovered"]]
    return {"scenario": name, "completion_time_s": res.completion_time_s,
            "completed": bool(res.data.get("completed", True)),
            "throughput_dip": max(dips) if dips else 0.0,
            "recovery_s": max(recovered) if recovered else (None if fails else 0.0),
            "bytes_stalled": sum(f["bytes_stalled"] for f in fails)}
