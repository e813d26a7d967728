"""Oversubscription per switch tier and a bisection-bandwidth estimate, on the back-end plane.

A switch's oversubscription is the capacity of its links facing down (towards the GPUs) over the
capacity of its links facing up (towards the next tier): 1.0 is non-blocking, 3.0 means 3:1.
Up and down come from the switch roles, ordered leaf < spine < core; servers, gateways and storage
hang below every switch. Links between two switches of the same tier count on neither side.
"""

from __future__ import annotations

from dataclasses import dataclass

from designer.model.document import FabricDocument

TIER_ORDER = ("leaf", "spine", "core")
_RANK = {role: i for i, role in enumerate(TIER_ORDER)}


@dataclass(frozen=True)
class SwitchLoad:
    """Back-end capacity of one switch's links, by direction."""

    node: str
    tier: str
    down_gbps: float
    up_gbps: float

    @property
    def ratio(self) -> float | None:
        """down / up, or None for a switch with no uplink (the top of the fabric)."""
        return self.down_gbps / self.up_gbps if self.up_gbps > 0 else None


def _rank(doc: FabricDocument, node_id: str) -> int:
    """Position in the tier order: -1 for endpoints (servers, gateways, storage); 99 for a node of no tier
    (a missing node, a front-end switch), whose links count on neither side."""
    node = doc.nodes.get(node_id)
    if node is None:
        return 99
    if node.kind != "switch":
        return -1
    return _RANK.get(node.role or "", 99)


def switch_loads(doc: FabricDocument) -> list[SwitchLoad]:
    """Down and up back-end capacity of every leaf, spine and core switch (in document order)."""
    down: dict[str, float] = {}
    up: dict[str, float] = {}
    for link in doc.links.values():
        if link.plane != "backend":
            continue
        ra, rb = _rank(doc, link.a.node), _rank(doc, link.b.node)
        for me, my_rank, other_rank in ((link.a.node, ra, rb), (link.b.node, rb, ra)):
            if my_rank < 0 or my_rank == 99 or other_rank == 99 or my_rank == other_rank:
                continue
            target = down if other_rank < my_rank else up
            target[me] = target.get(me, 0.0) + link.speed_gbps
    loads = []
    for node in doc.nodes.values():
        if node.kind == "switch" and node.role in _RANK and (node.id in down or node.id in up):
            loads.append(SwitchLoad(node.id, node.role, down.get(node.id, 0.0), up.get(node.id, 0.0)))
    return loads


def _worst_by_tier(doc: FabricDocument) -> dict[str, tuple[float, SwitchLoad]]:
    """For each tier that has uplinks, (down/up ratio, switch) of its most oversubscribed switch, in tier order."""
    worst: dict[str, tuple[float, SwitchLoad]] = {}
    for load in switch_loads(doc):
        ratio = load.ratio
        if ratio is None:
            continue
        best = worst.get(load.tier)
        if best is None or ratio > best[0]:
            worst[load.tier] = (ratio, load)
    return {tier: worst[tier] for tier in TIER_ORDER if tier in worst}


def worst_switch_by_tier(doc: FabricDocument) -> dict[str, SwitchLoad]:
    """For each tier that has uplinks, its most oversubscribed switch."""
    return {tier: load for tier, (_, load) in _worst_by_tier(doc).items()}


def oversubscription_by_tier(doc: FabricDocument) -> dict[str, float]:
    """Down/up capacity per back-end tier, worst switch of the tier, e.g. {"leaf": 1.0, "spine": 1.0}.

    A tier appears only if some of its switches have uplinks; the top tier of a fabric has none.
    """
    return {tier: ratio for tier, (ratio, _) in _worst_by_tier(doc).items()}


def bisection_bandwidth_gbps(doc: FabricDocument) -> float:
    """An estimate of the back-end bisection bandwidth (Gb/s, one direction).

    For a Clos fabric, splitting the endpoints into two halves, every byte between the halves
    must climb to the tier where the halves meet; the narrowest layer bounds it. The estimate is
    half of the smallest of: the endpoints' total back-end link capacity, and each non-top
    tier's total uplink capacity. Exact for symmetric fat-trees and leaf-spine fabrics
    (N x r / 2 when non-blocking, divided by the oversubscription otherwise); an optimistic
    bound for irregular drawings, where the true minimum bisection is NP-hard to find.
    """
    endpoint_gbps = 0.0
    for link in doc.links.values():
        if link.plane != "backend":
            continue
        for end in (link.a, link.b):
            node = doc.nodes.get(end.node)
            if node is not None and node.kind == "server":
                endpoint_gbps += link.speed_gbps
    layers = [endpoint_gbps]
    uplinks: dict[str, float] = {}
    for load in switch_loads(doc):
        uplinks[load.tier] = uplinks.get(load.tier, 0.0) + load.up_gbps
    layers.extend(v for v in uplinks.values() if v > 0)
    return min(layers) / 2.0
