"""`fabric-designer resilience FILE --workload SPEC [--json]`: the single-failure table of a design."""

from __future__ import annotations

import argparse
import json
import sys

from designer.analysis.resilience.summary import resilience_summary
from designer.model.fileformat import load
from designer.sim.workload_spec import WorkloadError, parse_workloads

DEFAULT_WORKLOAD = "permutation:256MiB"


def cmd_resilience(args: argparse.Namespace) -> int:
    """Print the worst-case throughput loss per failure class (a table, or JSON with --json)."""
    try:
        specs = getattr(args, "workload", None) or [DEFAULT_WORKLOAD]
        parse_workloads(specs)
        seed = getattr(args, "seed", 1)
        doc = load(args.file)
        rows = resilience_summary(doc, specs, seed=1 if seed is None else seed)
    except WorkloadError as exc:
        print(f"fabric-designer: error: {exc}", file=sys.stderr)
        return 2
    if getattr(args, "json", False):
        print(json.dumps({"design": doc.name, "workloads": specs, "classes": [r.to_dict() for r in rows]},
                         indent=2))
        return 0
    print(f"{doc.name}: single failures, {', '.join(specs)}")
    print(f"  {'class':<12} {'worst element':<16} {'throughput loss':>16} {'completed':>10} {'reroute delay':>14}")
    for r in rows:
        print(f"  {r.failure_class:<12} {r.worst_element:<16} {r.throughput_loss:>16.1%} "
              f"{'yes' if r.completed else 'NO':>10} {r.recovery_delay_s * 1e3:>11.4g} ms")
    return 0
