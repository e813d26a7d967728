"""Validation against published measurements: calibration scenarios, their runner and the `validate` command.

Public API: SCENARIOS (the scenario records), run_scenarios(), ScenarioResult, format_table().
"""

from designer.analysis.validation.runner import ScenarioResult, format_table, run_scenarios
from designer.analysis.validation.scenarios import SCENARIOS, Scenario

__all__ = ["SCENARIOS", "Scenario", "ScenarioResult", "format_table", "run_scenarios"]
