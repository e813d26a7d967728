"""Which links and nodes of a design run Ethernet: the front-end plane and the RoCEv2 back-end.

A link runs InfiniBand when either end is an IB port, or a non-Ethernet port (a VPI ConnectX-class port speaks
either) of a node in an IB segment; every other link runs Ethernet. A gateway therefore appears with its
Ethernet-side links only.
"""

from __future__ import annotations

from dataclasses import dataclass

from designer.model.document import FabricDocument
from designer.model.links import Endpoint, Link


@dataclass(frozen=True)
class EthernetPart:
    """The Ethernet nodes and links of a design, each in document order."""

    node_ids: list[str]
    links: list[Link]


class _MediaIndex:
    """Port media and segment protocols looked up once per design (designs reach tens of thousands of links)."""

    def __init__(self, doc: FabricDocument) -> None:
        self.media = {n.id: {p.name: p.medium for p in n.ports()} for n in doc.nodes.values()}
        self.protocol = {nid: seg.protocol for seg in doc.segments.values() for nid in seg.nodes}

    def end_is_ib(self, end: Endpoint) -> bool:
        medium = self.media.get(end.node, {}).get(end.port)
        if medium == "ib":
            return True
        return self.protocol.get(end.node) == "ib" and medium != "ethernet"

    def link_is_ethernet(self, link: Link) -> bool:
        return link.plane == "frontend" or not (self.end_is_ib(link.a) or self.end_is_ib(link.b))


def link_is_ethernet(doc: FabricDocument, link: Link) -> bool:
    """True when the cable carries Ethernet (front-end plane, or a back-end link outside IB segments)."""
    return _MediaIndex(doc).link_is_ethernet(link)


def ethernet_part(doc: FabricDocument) -> EthernetPart:
    """The Ethernet links, the nodes they join, and Ethernet switches not cabled yet."""
    index = _MediaIndex(doc)
    links = [lk for lk in doc.links.values() if index.link_is_ethernet(lk)]
    joined = {end.node for lk in links for end in (lk.a, lk.b)}
    cabled = {end.node for lk in doc.links.values() for end in (lk.a, lk.b)}
    ids = []
    for n in doc.nodes.values():
        idle_ethernet_switch = (n.kind == "switch" and n.id not in cabled and index.protocol.get(n.id) != "ib"
                                and all(m != "ib" for m in index.media[n.id].values()))
        if n.id in joined or idle_ethernet_switch:
            ids.append(n.id)
    return EthernetPart(ids, links)
