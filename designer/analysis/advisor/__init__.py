"""The protocol advisor: candidate designs at one scale (IB, RoCEv2, rail-optimized, hybrid; 1:1 and 2:1),
simulated, costed and ranked for the user's budget and priorities, with the reasons. No Qt."""

from designer.analysis.advisor.advice import DEFAULT_WORKLOAD, Advice, AdviceCancelled, advise
from designer.analysis.advisor.candidates import Candidate, CandidateSpec, candidate_specs, evaluate
from designer.analysis.advisor.ranking import Preferences, Scored, score_candidates

__all__ = ["DEFAULT_WORKLOAD", "Advice", "AdviceCancelled", "Candidate", "CandidateSpec", "Preferences", "Scored",
           "advise", "candidate_specs", "evaluate", "score_candidates"]
