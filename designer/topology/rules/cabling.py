"""Rules on cables: the catalog has the link's cable type at its speed, and the cable is within its reach."""

from __future__ import annotations

from designer.topology.rules.finding import CheckContext, Finding, Names, Term, finding

RULES = {
    "cable-model": "The catalog has no cable of the link's type at the link's speed.",
    "cable-reach": "A cable is longer than its type reaches at that speed (DAC about 3 m, AOC about 30 m).",
}

_REMEDIES = ("dac", "aoc", "optics")  # cable types with their own remedy (finding.term.cable-remedy.<type>)


def check(ctx: CheckContext) -> list[Finding]:
    no_model: dict[tuple[str, float], list[str]] = {}
    too_long: dict[tuple[str, float], list[tuple[float, str]]] = {}
    reach: dict[tuple[str, float], float] = {}
    for link in ctx.doc.links.values():
        key = (link.cable, link.speed_gbps)
        cable = ctx.catalog.cable_for(link.cable, link.speed_gbps)
        if cable is None:
            no_model.setdefault(key, []).append(link.id)
        elif link.length_m > cable.max_reach_m + 1e-9:
            too_long.setdefault(key, []).append((link.length_m, link.id))
            reach[key] = cable.max_reach_m
    findings = []
    for (kind, speed), ids in no_model.items():
        findings.append(finding("cable-model", "error", "finding.cable-model.detail",
                                nodes=_nodes(ctx, ids), links=tuple(ids), cable=Term("cable", kind), speed=speed,
                                count=len(ids), link_ids=Names(ids)))
    for (kind, speed), items in too_long.items():
        ids = [lid for _, lid in items]
        longest = max(length for length, _ in items)
        findings.append(finding("cable-reach", "error", "finding.cable-reach.detail",
                                nodes=_nodes(ctx, ids), links=tuple(ids), value=longest, count=len(ids),
                                cable=Term("cable", kind), speed=speed, reach=reach[(kind, speed)],
                                longest=longest, link_ids=Names(ids),
                                remedy=Term("cable-remedy", kind if kind in _REMEDIES else "other")))
    return findings


def _nodes(ctx: CheckContext, link_ids: list[str]) -> tuple[str, ...]:
    out: dict[str, None] = {}
    for lid in link_ids:
        link = ctx.doc.links[lid]
        out[link.a.node] = None
        out[link.b.node] = None
    return tuple(out)
