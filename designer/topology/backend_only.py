"""The back-end of a design alone (servers, back-end switches, gateways and back-end cables), for pricing what
its cabling costs per GPU. The front-end, storage, racks and services are left out. (The other protocol's option of
a drawing is priced whole, on its own hardware: designer/analysis/protocol_options.py.)
"""

from __future__ import annotations

import copy

from designer.model.document import FabricDocument


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


def _segment_members(doc: FabricDocument) -> set[str]:
    return {nid for seg in doc.segments.values() for nid in seg.nodes}
