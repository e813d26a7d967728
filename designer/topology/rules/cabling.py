"""Rules on cables: the catalog has a part for the link's cable class and gear, and the part reaches the length.

Parts are chosen as real equipment takes them (designer/topology/physical/schedule.py): a splitter for a
twin-port switch cage to NICs, a twin-to-twin cable between switch cages, an AOC only where the gear has one.
"""

from __future__ import annotations

from designer.topology.physical.schedule import ib_trained_down
from designer.topology.rules.finding import CheckContext, Finding, Names, Term, finding

RULES = {
    "cable-model": "The catalog has no part of the link's cable class for its speed and the gear at its ends.",
    "cable-reach": "A cable is longer than the parts of its class reach for that gear (a DAC about 3 m, an ACC "
                   "5 m, AOC and optics further).",
}

_REMEDIES = ("dac", "aoc", "optics")  # cable types with their own remedy (finding.term.cable-remedy.<type>)


def check(ctx: CheckContext) -> list[Finding]:
    no_model: dict[tuple[str, float, bool], list[str]] = {}
    too_long: dict[tuple[str, float], list[tuple[float, str]]] = {}
    reach: dict[tuple[str, float], float] = {}
    for problem in ctx.schedule.problems:
        detail = dict(problem.detail)
        if problem.kind == "no-part":
            for lid in problem.links:
                link = ctx.doc.links[lid]
                no_model.setdefault((link.cable, link.speed_gbps, _trained_down(ctx, lid)), []).append(lid)
        elif problem.kind == "too-long":
            for lid in problem.links:
                link = ctx.doc.links[lid]
                key = (link.cable, link.speed_gbps)
                too_long.setdefault(key, []).append((link.length_m, lid))
                reach[key] = min(reach.get(key, float(detail["reach"])), float(detail["reach"]))
    findings = []
    for (kind, speed, slower), ids in no_model.items():
        ids = list(dict.fromkeys(ids))
        message = "finding.cable-model.trained_down" if slower else "finding.cable-model.detail"
        findings.append(finding("cable-model", "error", message,
                                nodes=_nodes(ctx, ids), links=tuple(ids), cable=Term("cable", kind), speed=speed,
                                count=len(ids), link_ids=Names(ids)))
    for (kind, speed), items in too_long.items():
        items = list(dict.fromkeys(items))
        ids = [lid for _, lid in items]
        longest = max(length for length, _ in items)
        findings.append(finding("cable-reach", "error", "finding.cable-reach.detail",
                                nodes=_nodes(ctx, ids), links=tuple(ids), value=longest, count=len(ids),
                                cable=Term("cable", kind), speed=speed, reach=reach[(kind, speed)],
                                longest=longest, link_ids=Names(ids),
                                remedy=Term("cable-remedy", kind if kind in _REMEDIES else "other")))
    return findings


def _trained_down(ctx: CheckContext, link_id: str) -> bool:
    """Whether the link runs an InfiniBand port below its own speed (an NDR leaf port at a MetroX's EDR 100G), which
    only NVIDIA's 2 m copper splitter carries (schedule.py): the finding then says so."""
    link = ctx.doc.links[link_id]
    sa, sb = (ctx.schedule.slot(end.node, end.port) for end in (link.a, link.b))
    return sa is not None and sb is not None and ib_trained_down(ctx.doc, ctx.catalog, link, sa, sb)


def _nodes(ctx: CheckContext, link_ids: list[str]) -> tuple[str, ...]:
    out: dict[str, None] = {}
    for lid in link_ids:
        link = ctx.doc.links[lid]
        out[link.a.node] = None
        out[link.b.node] = None
    return tuple(out)
