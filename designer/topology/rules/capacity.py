"""Rule: oversubscription per switch tier, reported as a figure and warned about above the design's target."""

from __future__ import annotations

from designer.topology.oversubscription import switch_loads, worst_switch_by_tier
from designer.topology.rules.finding import CheckContext, Finding, Names, Term, finding

RULES = {
    "oversubscription": "Oversubscription per switch tier (down/up capacity); a warning above the design's target.",
}


def check(ctx: CheckContext) -> list[Finding]:
    target = ctx.doc.assumptions.target_oversubscription
    worst = worst_switch_by_tier(ctx.doc)
    findings = []
    for tier, load in worst.items():
        ratio = load.ratio or 0.0
        findings.append(finding("oversubscription", "info", "finding.oversubscription.detail",
                                nodes=(load.node,), value=round(ratio, 6), tier=Term("tier", tier), ratio=ratio,
                                node=ctx.name(load.node), down=load.down_gbps, up=load.up_gbps))
    over: dict[str, list[str]] = {}
    for load in switch_loads(ctx.doc):
        if load.ratio is not None and load.ratio > target * (1 + 1e-9):
            over.setdefault(load.tier, []).append(load.node)
    for tier, nodes in over.items():
        ratio = worst[tier].ratio or 0.0
        findings.append(finding("oversubscription", "warning", "finding.oversubscription.target.detail",
                                nodes=tuple(nodes), value=round(ratio, 6), count=len(nodes), tier=Term("tier", tier),
                                target=target, ratio=ratio, names=Names([ctx.name(n) for n in nodes])))
    return findings
