"""English text of the protocol advisor (`advise`, its comparison PDF, the wizard's reasons), by message id.

Numbers reach these templates already formatted for the language (money, percentages, durations), except
p99 latencies and the protocol score, whose format is written in the template itself.
"""

from __future__ import annotations

ADVISOR: dict[str, str] = {
    # candidate labels: "{protocol} {kind}{extra}, {ratio}:1"
    "advisor.candidate": "{protocol} {kind}{extra}, {ratio}:1",
    "advisor.protocol.ib": "InfiniBand",
    "advisor.protocol.rocev2": "RoCEv2",
    "advisor.protocol.hybrid": "Hybrid IB + RoCEv2",
    "advisor.kind.fat-tree": "fat tree",
    "advisor.kind.rail-optimized": "rail-optimized",
    "advisor.dcqcn": " (DCQCN)",
    "advisor.three_tiers": " (3 tiers)",
    # short labels under the comparison chart's bars
    "advisor.short": "{protocol}{rail} {ratio}:1",
    "advisor.short.ib": "IB",
    "advisor.short.rocev2": "RoCE",
    "advisor.short.hybrid": "Hyb",
    "advisor.short.rail": " rail",
    # why the first candidate ranks first
    "advisor.reason.first": ("{label} ranks first of {count} candidates: time {time} ({time_above} above the fastest), "
                             "TCO {tco} ({cost_above} above the cheapest), p99 latency {p99:.2f} µs."),
    "advisor.reason.runner_up": "Runner-up: {label} (time {time}, TCO {tco}, p99 {p99:.2f} µs).",
    "advisor.reason.budget_fits": "{fits} of {count} candidates fit the budget of {budget} (capex); those over it "
                                  "rank last.",
    "advisor.reason.budget_none": "No candidate fits the budget of {budget}: the cheapest, {label}, needs {capex} of "
                                  "capex.",
    "advisor.reason.latency": "Tail latency was weighed as heavily as completion time, and cost at half weight "
                              "(--latency-sensitive).",
    "advisor.reason.ethernet": "An existing Ethernet operation counts against InfiniBand (a second fabric, Subnet "
                               "Manager and skill set) and, by half, against the hybrid.",
    "advisor.reason.lean": ("On the protocol question alone, the published trade-offs and these simulations lean to "
                            "{protocol} (score {score:+.1f}; + favours IB)."),
    "advisor.lean.ib": "InfiniBand",
    "advisor.lean.rocev2": "RoCEv2",
    "advisor.lean.hybrid": "the hybrid as drawn",
    # the ranked table (CLI and PDF)
    "advisor.col.candidate": "candidate",
    "advisor.col.time": "time",
    "advisor.col.gpu_util": "GPU util",
    "advisor.col.p99": "p99 us",
    "advisor.col.capex": "capex",
    "advisor.col.tco": "TCO",
    "advisor.col.capex_per_gbps": "capex/Gb/s",
    "advisor.col.budget": "budget",
    "advisor.budget.within": "within",
    "advisor.budget.over": "over",
    # the command's own lines
    "advisor.cli.summary": "{gpus} GPUs, {workloads}, seed {seed} (money in {currency})",
    "advisor.cli.recommended": "Recommended: {label}",
    "advisor.cli.wrote": "wrote {count} designs, advice.json and advice.pdf to {folder}",
    # the comparison PDF
    "advisor.pdf.title": "Network design options for {gpus} GPUs",
    "advisor.pdf.heading": "Candidate designs",
    "advisor.pdf.intro": ("{count} candidate designs of {gpus} GPUs were generated, simulated with {workloads} "
                          "(seed {seed}) and costed{budget}{priorities}. The rest of this proposal describes the "
                          "recommended candidate, {label}."),
    "advisor.pdf.budget": ", budget {budget} of capex",
    "advisor.pdf.priorities": "; priorities: {priorities}",
    "advisor.pdf.latency_sensitive": "latency-sensitive",
    "advisor.pdf.existing_ethernet": "existing Ethernet operations",
    "advisor.pdf.col_candidate": "Candidate",
    "advisor.pdf.col_time": "Time",
    "advisor.pdf.col_gpu_util": "GPU util.",
    "advisor.pdf.col_capex": "Capex",
    "advisor.pdf.col_tco": "TCO",
    "advisor.pdf.col_capex_per_gbps": "Capex per Gb/s",
    "advisor.pdf.col_budget": "Budget",
    "advisor.pdf.chart_title": "Each candidate relative to the best (higher is better)",
    "advisor.pdf.series_speed": "Speed (best = 100)",
    "advisor.pdf.series_cost": "Cost (lowest TCO = 100)",
    "advisor.pdf.why": "Why this candidate",
    "advisor.pdf.protocol": "The protocol question",
}
