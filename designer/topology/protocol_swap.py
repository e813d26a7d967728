"""The back-end of a design alone, and the same back-end in the other protocol, for pricing side by side.

`backend_as_protocol` keeps the servers, the back-end switches and the back-end links as drawn (the same
ports at the same speeds) and swaps each back-end switch whose protocol differs for the default switch of the
other protocol that runs those ports (the generators' choice: Quantum-2 QM9700 for InfiniBand at 400G,
Spectrum-4 SN5600 for Ethernet), and NICs that cannot speak it for ConnectX-7 (which speaks both). The
front-end, storage, racks and services are left out: they do not depend on the back-end protocol.
"""

from __future__ import annotations

import copy

from designer.catalog.loader import Catalog
from designer.catalog.models import SPEAKS
from designer.model.document import FabricDocument
from designer.topology.nic_choice import BACKEND_NIC

SWITCH_FOR = {("ib", 400.0): "qm9700", ("ib", 800.0): "q3400", ("rocev2", 400.0): "sn5600",
              ("rocev2", 800.0): "sn5600", ("ib", 200.0): "qm9700", ("rocev2", 200.0): "sn5600"}
NIC_FOR = {"ib": BACKEND_NIC, "rocev2": BACKEND_NIC}


def backend_only(doc: FabricDocument) -> FabricDocument:
    """A copy with the back-end links and the nodes they join (servers, back-end switches, gateways)."""
    out = FabricDocument(name=doc.name, assumptions=copy.deepcopy(doc.assumptions),
                         build=copy.deepcopy(doc.build))
    out.build.racks_and_pdus = out.build.oob_switch_per_rack = False
    out.build.installation = "none"
    links = {lid: copy.deepcopy(lk) for lid, lk in doc.links.items() if lk.plane == "backend"}
    used = {end.node for lk in links.values() for end in (lk.a, lk.b)}
    out.nodes = {nid: copy.deepcopy(n) for nid, n in doc.nodes.items()
                 if nid in used or n.kind == "server" or nid in _segment_members(doc)}
    out.links = links
    out.segments = copy.deepcopy(doc.segments)
    return out


def backend_as_protocol(doc: FabricDocument, catalog: Catalog, protocol: str) -> FabricDocument:
    """The back-end alone, every back-end switch and NIC in a model of `protocol` ("ib" or "rocev2")."""
    out = backend_only(doc)
    for node in out.nodes.values():
        if node.kind == "switch" and node.model in catalog.switches:
            if catalog.switches[node.model].protocol not in SPEAKS[protocol]:
                speed = max((g.speed_gbps for g in node.port_groups), default=400.0)
                node.model = SWITCH_FOR.get((protocol, float(speed)), SWITCH_FOR[(protocol, 400.0)])
        elif node.kind == "server" and node.nic_model in catalog.nics:
            if catalog.nics[node.nic_model].protocol not in SPEAKS[protocol]:
                node.nic_model = NIC_FOR[protocol]
    for seg in out.segments.values():
        seg.protocol = protocol
    return out


def _segment_members(doc: FabricDocument) -> set[str]:
    return {nid for seg in doc.segments.values() for nid in seg.nodes}
