"""English text of the recommendation (designer/analysis/recommendation.py: the rule, and the reasons, which name
only the comparisons that decided the choice; figures arrive formatted for the language) and of the proposal's
requirements kept with a design (designer/model/proposal.py)."""

from __future__ import annotations

PROPOSAL: dict[str, str] = {
    "rec.criterion.performance": "time",
    "rec.criterion.cost": "total cost of ownership",
    "rec.criterion.latency": "p99 latency",
    "rec.criterion.operations": "existing Ethernet operations",
    "rec.band": "{criterion} within {band}",
    "rec.rule": ("The options within the budget are ranked by {order}, in that order; a difference smaller than its "
                 "band counts as a tie and the next priority decides ({bands}). Options over the budget are shown "
                 "but never recommended."),
    "rec.none": "no option (none fits the budget)",
    "rec.headline": "Recommended: {label}",
    "rec.headline.none_fits": ("Nothing fits the budget of {budget} in capital cost: the cheapest candidate, the "
                               "{label}, costs {capex}. No candidate is recommended."),
    "rec.option.ib": "InfiniBand back-end",
    "rec.option.rocev2": "RoCEv2 back-end",
    "rec.option.hybrid": "hybrid back-end as drawn (InfiniBand and RoCEv2 segments)",
    "rec.value": "{value} for the {label}",
    "rec.ops.ethernet": "Ethernet only",
    "rec.ops.ib": "adds an InfiniBand fabric",
    "rec.reason.over_budget": ("{count} of the {total} options exceed the budget of {budget} in capital cost and are "
                               "not recommended: {labels}."),
    "rec.reason.over_budget.one": ("1 of the {total} options exceeds the budget of {budget} in capital cost and is "
                                   "not recommended: {labels}."),
    "rec.reason.none_fits": ("No option fits the budget of {budget} in capital cost: the cheapest, the {label}, "
                             "needs {capex}. None is recommended until the budget or the scope changes."),
    "rec.reason.not_buildable": ("The {labels} cannot be built as designed and is shown for comparison only, not "
                                 "recommended."),
    "rec.reason.first_listed": "Every priority ties, so the {label}, listed first, is kept.",
    "rec.tie.performance": "Time is a tie, the difference being under {band}: {values}.",
    "rec.tie.cost": "Cost is a tie, the difference being under {band}: {values}.",
    "rec.tie.latency": "Tail latency is a tie, the difference being under {band}: {values}.",
    "rec.tie.operations": "Existing Ethernet operations do not separate them: {values}.",
    "rec.decides.performance": ("Time decides: the {winner} takes {value} against {other_value} for the {other}, "
                                "which takes {gap} longer (more than the {band} counted as a tie)."),
    "rec.decides.cost": ("Cost decides: the {winner} has a total cost of ownership of {value} against {other_value} "
                         "for the {other}, {gap} less."),
    "rec.decides.latency": ("Tail latency decides: the {winner} reaches a p99 latency of {value} against {other_value} "
                            "for the {other} ({gap} higher)."),
    "rec.decides.operations": ("Existing Ethernet operations decide: the {winner} runs on Ethernet, which the team "
                               "already operates, while the {other} adds an InfiniBand fabric with its Subnet "
                               "Manager."),
    "rec.narrows.performance": ("Time narrows the choice to the {kept}, within {band} of the fastest ({value}); the "
                                "next fastest, the {other}, takes {other_value}."),
    "rec.narrows.cost": ("Cost narrows the choice to the {kept}, within {band} of the lowest total cost of "
                         "ownership ({value}); the next, the {other}, costs {other_value}."),
    "rec.narrows.latency": ("Tail latency narrows the choice to the {kept}, within {band} of the lowest p99 "
                            "latency ({value}); the next, the {other}, reaches {other_value}."),
    "rec.narrows.operations": ("Existing Ethernet operations narrow the choice to the {kept} ({value}); the {other} "
                               "adds an InfiniBand fabric."),
    "error.rec.priorities": "unknown priority '{names}' (use {known})",
    "error.rec.priorities_twice": "a priority is named twice in '{names}'",
    "error.file.unknown_field": "is not a known field",
    "error.report.preset": "unknown settings preset '{preset}' (use {choices})",
    "error.report.budget": "the budget must be a positive amount, not {budget}",
    "error.proposal.risk": ("must be an object with a non-empty \"risk\" and optional \"mitigation\" and "
                            "\"lead_time\" texts"),
    "error.proposal.budget": "must be a positive amount or null, not {value}",
}
