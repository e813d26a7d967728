"""The protocol advisor: candidate designs at one scale (IB, RoCEv2, rail-optimized, hybrid; 1:1 and 2:1; rail-only
and multi-plane where they apply),
simulated, costed and chosen among by the one recommendation rule for the user's budget and priorities. No Qt."""

from designer.analysis.advisor.advice import DEFAULT_WORKLOAD, Advice, advise
from designer.analysis.advisor.candidate_pool import AdviceCancelled, RunControl
from designer.analysis.advisor.candidates import Candidate, CandidateSpec, candidate_specs, evaluate
from designer.analysis.advisor.ranking import Preferences, Ranked, candidate_option

__all__ = ["DEFAULT_WORKLOAD", "Advice", "AdviceCancelled", "Candidate", "CandidateSpec", "Preferences", "Ranked",
           "RunControl", "advise", "candidate_option", "candidate_specs", "evaluate"]
