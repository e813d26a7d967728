"""`fabric-designer validate [--json]`: run the calibration scenarios and print the table or JSON."""

from __future__ import annotations

import argparse
import json
import sys

from designer.analysis.validation.runner import format_table, run_scenarios


def cmd_validate(args: argparse.Namespace) -> int:
    """Print the validation table (or `{"scenarios": [...]}` with --json); exit 0. Scenarios outside their
    tolerance are reported in the table, not as a failure: the test suite guards the calibrated ones."""
    results = run_scenarios()
    if getattr(args, "json", False):
        json.dump({"scenarios": [r.to_dict() for r in results]}, sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        print(format_table(results))
    return 0
