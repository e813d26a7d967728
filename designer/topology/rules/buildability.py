"""Rules on what can be plugged in: lanes not booked twice, one assembly per cage, breakouts at the right speed.

* cage-capacity: a switch's ports (its port groups) need more cages, or lanes, than its model has — some lanes
  would carry two ports; or a server's plane ports need more cages than its NIC cards have (one single-port card
  drawn into two planes: a port reaches one switch, designer/topology/multi_plane.py).
* cage-conflict: one cage claimed by two assemblies — copper and optics in one twin-port cage, or a copper
  cable from one cage to two other switch cages (a twin-port cage takes one module or one cable head).
* breakout-speed: a split cage's port (one leg of a breakout) meets a port of another speed, or runs at
  another speed: a 2 x 400G breakout leg must land on a 400G port.
"""

from __future__ import annotations

from designer.topology.rules.finding import CheckContext, Finding, Names, finding

RULES = {
    "cage-capacity": "A device's ports need more cages or lanes than its model or its NIC cards have (lanes booked "
                     "twice).",
    "cage-conflict": "A switch cage is claimed by two cable assemblies (one cage takes one module or one cable).",
    "breakout-speed": "A breakout leg of a split cage meets a port of another speed, or runs at another speed.",
}


def check(ctx: CheckContext) -> list[Finding]:
    return _capacity(ctx) + _conflicts(ctx) + _breakouts(ctx)


def _capacity(ctx: CheckContext) -> list[Finding]:
    out = []
    for p in ctx.schedule.problems:
        if p.kind != "cage-capacity":
            continue
        node = ctx.doc.nodes[p.nodes[0]]
        detail = dict(p.detail)
        if node.kind == "server":
            missing = int(detail["needed"]) - int(detail["available"])
            out.append(finding("cage-capacity", "error", "finding.cage-capacity.nic.detail", nodes=p.nodes,
                               value=float(missing), node=ctx.name(node.id), nic=node.nic_model, missing=missing))
            continue
        out.append(finding("cage-capacity", "error", "finding.cage-capacity.detail", nodes=p.nodes,
                           value=float(detail["needed"]), node=ctx.name(node.id), model=node.model,
                           needed=detail["needed"], available=detail["available"]))
    return out


def _conflicts(ctx: CheckContext) -> list[Finding]:
    """One finding per kind of conflict (mixed media, copper to two cages), listing the cages."""
    groups: dict[str, list[tuple[str, int, tuple[str, ...]]]] = {}
    for p in ctx.schedule.problems:
        if p.kind == "cage-conflict":
            detail = dict(p.detail)
            kind = "peers" if detail["media"] == ("copper-to-two-cages",) else "media"
            groups.setdefault(kind, []).append((p.nodes[0], int(detail["cage"]), p.links))
    out = []
    for kind, items in groups.items():
        cages = [f"{ctx.name(node)} {cage}" for node, cage, _ in items]
        links = tuple(dict.fromkeys(lid for _, _, ids in items for lid in ids))
        out.append(finding("cage-conflict", "error", f"finding.cage-conflict.{kind}.detail",
                           nodes=tuple(dict.fromkeys(n for n, _, _ in items)), links=links, value=float(len(items)),
                           count=len(items), cages=Names(cages), link_ids=Names(list(links))))
    return out


def _breakouts(ctx: CheckContext) -> list[Finding]:
    wrong = [p for p in ctx.schedule.problems if p.kind == "breakout-speed"]
    if not wrong:
        return []
    first = dict(wrong[0].detail)
    links = tuple(dict.fromkeys(lid for p in wrong for lid in p.links))
    ports = [f"{ctx.name(p.nodes[0])}:{dict(p.detail)['far_port']}" for p in wrong]
    return [finding("breakout-speed", "error", "finding.breakout-speed.detail",
                    nodes=tuple(dict.fromkeys(n for p in wrong for n in p.nodes)), links=links,
                    value=float(first["leg"]), count=len(links), leg=float(first["leg"]),
                    far_speed=float(first["far_speed"]), speed=float(first["speed"]), ports=Names(ports),
                    link_ids=Names(list(links)))]
