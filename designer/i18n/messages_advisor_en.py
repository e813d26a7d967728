"""English text of the protocol advisor (`advise`, its PDF, the wizard), by message id: candidate labels, the ranked
table and the command's own lines. The reasons of its choice are the recommendation's (messages_proposal_en.py)."""

from __future__ import annotations

ADVISOR: dict[str, str] = {
    # candidate labels: "{protocol} {kind}{extra}, {ratio}:1"
    "advisor.candidate": "{protocol} {kind}{extra}, {ratio}:1",
    "advisor.protocol.ib": "InfiniBand",
    "advisor.protocol.rocev2": "RoCEv2",
    "advisor.protocol.hybrid": "Hybrid IB + RoCEv2",
    "advisor.kind.fat-tree": "fat tree",
    "advisor.kind.rail-optimized": "rail-optimized",
    "advisor.ecmp": " (ECMP, {qps} queue pairs)",
    "advisor.spectrum_x": " (Spectrum-X: BlueField-3 SuperNICs, packet spraying)",
    "advisor.short.spectrum_x": " Spectrum-X",
    "advisor.three_tiers": " (3 tiers)",
    # short labels under the comparison chart's bars
    "advisor.short": "{protocol}{rail} {ratio}:1",
    "advisor.short.ib": "IB",
    "advisor.short.rocev2": "RoCE",
    "advisor.short.hybrid": "Hyb",
    "advisor.short.rail": " rail",
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
    "advisor.cli.wrote": "wrote {count} designs, advice.json and advice.pdf to {folder}",
    "advisor.cli.progress": "candidate {done}/{total} {label}",
    "advisor.open_anyway": "Select a candidate and press Finish to open it anyway.",
    # the comparison PDF
    "advisor.pdf.title": "Network design options for {gpus} GPUs",
}
