"""Resilience summary: the worst-case throughput loss of a workload for each single-failure class.

Public API: resilience_summary, ResilienceRow, FAILURE_CLASSES.
"""

from designer.analysis.resilience.summary import FAILURE_CLASSES, ResilienceRow, resilience_summary

__all__ = ["resilience_summary", "ResilienceRow", "FAILURE_CLASSES"]
