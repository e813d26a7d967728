"""The design's saved what-if scenarios run twice: as scheduled (failures and all) and healthy (the same workloads
and seed without the failures), so that a failure's figure is always shown beside the healthy one."""

from __future__ import annotations

from dataclasses import dataclass

from designer.model.document import FabricDocument
from designer.model.scenarios import Scenario
from designer.sim.api import SimOptions, run


@dataclass
class ScenarioRun:
    """One scenario's healthy and failed completion times; `completed` False when flows lost their only path."""

    scenario: Scenario
    healthy_time_s: float
    failed_time_s: float
    completed: bool

    @property
    def slowdown(self) -> float:
        """How much longer the run takes with the failures (0.1 = 10 % longer)."""
        return self.failed_time_s / self.healthy_time_s - 1.0 if self.healthy_time_s > 0 else 0.0


def run_scenarios(doc: FabricDocument) -> list[ScenarioRun]:
    """Every saved scenario, healthy and as scheduled (WorkloadError for a scenario that no longer fits)."""
    out = []
    for sc in doc.scenarios:
        healthy = run(doc, list(sc.workloads), SimOptions(seed=sc.seed))
        failed = run(doc, list(sc.workloads), SimOptions(seed=sc.seed, failures=list(sc.failures)))
        out.append(ScenarioRun(sc, healthy.completion_time_s, failed.completion_time_s,
                               bool(failed.data.get("completed", True))))
    return out
