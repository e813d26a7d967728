"""The simulation engine: compile a design, route, turn workloads into transfers, advance them, report.

Public API: run, stream, compare, parse_workloads, WorkloadError, SimOptions, SimResult, Snapshot.
"""

from designer.sim.api import SimOptions, Snapshot, compare, run, stream
from designer.sim.metrics import SimResult
from designer.sim.workload_spec import Workload, WorkloadError, parse_workloads

__all__ = ["run", "stream", "compare", "parse_workloads", "WorkloadError", "SimOptions", "SimResult",
           "Snapshot", "Workload"]
