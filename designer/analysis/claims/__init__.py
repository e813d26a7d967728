"""Claims check: re-run a published IB vs RoCEv2 comparison on the product's engine and set the published figures
beside ours, with the settings that explain the difference.

Public API: load_claims, run_claims, ClaimsFile, ClaimsReport, ClaimRow, ClaimsCancelled, METRICS.
"""

from designer.analysis.claims.format import ClaimsFile, load_claims
from designer.analysis.claims.metrics import METRICS
from designer.analysis.claims.runner import ClaimRow, ClaimsCancelled, ClaimsReport, run_claims

__all__ = ["load_claims", "run_claims", "ClaimsFile", "ClaimsReport", "ClaimRow", "ClaimsCancelled", "METRICS"]
