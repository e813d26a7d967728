"""Rule: oversubscription per switch tier, reported as a figure and warned about above the design's target."""

from __future__ import annotations

from designer.topology.oversubscription import switch_loads, worst_switch_by_tier
from designer.topology.rules.finding import CheckContext, Finding, listing, plural

RULES = {
    "oversubscription": "Oversubscription per switch tier (down/up capacity); a warning above the design's target.",
}


def check(ctx: CheckContext) -> list[Finding]:
    target = ctx.doc.assumptions.target_oversubscription
    worst = worst_switch_by_tier(ctx.doc)
    findings = []
    for tier, load in worst.items():
        ratio = load.ratio or 0.0
        findings.append(Finding("oversubscription", "info",
                                f"{tier} tier oversubscription {ratio:.2f}:1 (worst switch {ctx.name(load.node)}: "
                                f"{load.down_gbps:,.0f} Gb/s down, {load.up_gbps:,.0f} Gb/s up)",
                                nodes=(load.node,), value=round(ratio, 6)))
    over: dict[str, list[str]] = {}
    for load in switch_loads(ctx.doc):
        if load.ratio is not None and load.ratio > target * (1 + 1e-9):
            over.setdefault(load.tier, []).append(load.node)
    for tier, nodes in over.items():
        ratio = worst[tier].ratio or 0.0
        findings.append(Finding("oversubscription", "warning",
                                f"{plural(len(nodes), tier + ' switch')} exceed the target oversubscription "
                                f"{target:g}:1, up to {ratio:.2f}:1 ({listing([ctx.name(n) for n in nodes])})",
                                nodes=tuple(nodes), value=round(ratio, 6)))
    return findings
