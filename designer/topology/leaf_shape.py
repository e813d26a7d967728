"""How a back-end fabric is shaped where it is oversubscribed: how many switches each tier has, how many servers
share a leaf and how many uplinks they share.

Two designs at the same oversubscription can still carry a collective differently. Traffic between the servers of one
leaf turns at the leaf and never uses its uplinks, so at an oversubscribed leaf the design whose leaves hold more
servers (a switch of larger radix) sends less of, say, a tree AllReduce's traffic through the uplinks. Comparing
InfiniBand and RoCEv2 options built on each protocol's own switches (a 64-port Quantum-2 against a 128-port
Spectrum-4 at 400G) therefore compares leaf shapes too; this module states them so the comparison can say so.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from designer.model.document import FabricDocument
from designer.topology.oversubscription import TIER_ORDER, oversubscription_by_tier


@dataclass(frozen=True)
class LeafShape:
    """The back-end's switch counts by tier and its fullest leaf (the one with the most servers on it)."""

    switches: dict[str, int]        # "leaf" / "spine" / "core" -> how many back-end switches of that role
    servers: int                    # servers with a link to the fullest leaf
    endpoint_ports: int             # that leaf's links to servers, storage and gateways
    uplinks: int                    # that leaf's links to spine and core switches
    oversubscribed: bool            # the leaf tier sends its endpoints more than its uplinks carry (above 1:1)

    @property
    def single(self) -> bool:
        """One switch holds the whole fabric (a leaf with no tier above it)."""
        return self.switches.get("leaf", 0) == 1 and not any(self.switches.get(t, 0) for t in ("spine", "core"))


@dataclass
class LeafLinks:
    """One back-end leaf's links: the servers it reaches, its ports to endpoints and to the tiers above."""

    servers: set[str]
    endpoint_ports: int = 0
    uplinks: int = 0


def leaf_links(doc: FabricDocument) -> dict[str, LeafLinks]:
    """Every back-end leaf with a back-end link -> its links (spine and core switches count as above it)."""
    leaves: dict[str, LeafLinks] = {}
    for link in doc.links.values():
        if link.plane != "backend":
            continue
        for me, other in ((link.a.node, link.b.node), (link.b.node, link.a.node)):
            leaf, far = doc.nodes.get(me), doc.nodes.get(other)
            if leaf is None or far is None or leaf.kind != "switch" or leaf.role != "leaf":
                continue
            count = leaves.setdefault(me, LeafLinks(set()))
            if far.kind != "switch":
                count.endpoint_ports += 1
                if far.kind == "server":
                    count.servers.add(other)
            elif far.role in ("spine", "core"):
                count.uplinks += 1
    return leaves


def leaf_shape(doc: FabricDocument) -> LeafShape | None:
    """The shape of `doc`'s back-end, or None when it has no back-end leaf with servers on it."""
    switches = Counter(n.role for n in doc.nodes.values()
                       if n.kind == "switch" and n.role in TIER_ORDER)
    leaves = {leaf: links for leaf, links in leaf_links(doc).items() if links.servers}
    if not leaves:
        return None
    fullest = max(leaves.values(), key=lambda links: (len(links.servers), links.endpoint_ports))
    return LeafShape({role: switches.get(role, 0) for role in TIER_ORDER}, len(fullest.servers),
                     fullest.endpoint_ports, fullest.uplinks,
                     oversubscription_by_tier(doc).get("leaf", 1.0) > 1.0 + 1e-9)


def leaf_sizes_differ(shapes: dict[str, LeafShape | None]) -> tuple[str, str] | None:
    """(key of the option whose leaves reach more servers, key of the other) when both of two options' leaves are
    oversubscribed and reach different numbers of servers, the case in which leaf size alone can change a
    collective's time; None otherwise."""
    if len(shapes) != 2:
        return None
    (a, sa), (b, sb) = shapes.items()
    if sa is None or sb is None or not (sa.oversubscribed and sb.oversubscribed) or sa.servers == sb.servers:
        return None
    return (a, b) if sa.servers > sb.servers else (b, a)
