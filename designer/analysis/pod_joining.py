"""A hybrid drawing's single-protocol option: its pods joined into one fabric without the gateways between them, as
that protocol's generator builds that many GPUs (`join_pods`), or cabled switch to switch where no Clos can join
them; the gateways that translated between the protocols leave the drawing first (`drop_protocol_gateways`).
"""

from __future__ import annotations

from designer.analysis.clos_rebuild import cables_by_racks, clos_of_fabric
from designer.analysis.switch_consolidation import (
    cable_ends,
    collapse_fabric,
    in_port_order,
    leave_nodes,
    switch_fabrics,
)
from designer.catalog.loader import Catalog
from designer.model.document import FabricDocument
from designer.model.links import Endpoint, Link
from designer.model.nodes import Node
from designer.topology.segment_names import backend_of_pods
from designer.topology.sizing import SwitchSpec


def drop_protocol_gateways(doc: FabricDocument, catalog: Catalog) -> list[tuple[Link, Link]]:
    """The InfiniBand <-> Ethernet gateways of `doc` (a hybrid back-end's, between its pods; not long-haul equipment)
    out of the drawing with their cables, for an option that runs one protocol: nothing is left for them to
    translate. Returns each gateway's cables in pairs, its k-th InfiniBand port's with its k-th Ethernet port's (the
    two pods' switch ends it joined)."""
    gateways = [n for n in doc.nodes.values() if n.kind == "gateway" and _translates(n, catalog)]
    ends = cable_ends(doc, {n.id for n in gateways})
    pairs: list[tuple[Link, Link]] = []
    for node in gateways:
        sides: dict[str, list[Link]] = {"ib": [], "ethernet": []}
        for link_id, end in in_port_order(doc, node, ends.get(node.id, [])):
            port = node.port(getattr(doc.links[link_id], end).port)
            link = doc.links.pop(link_id)
            if port is not None and port.medium in sides:
                sides[port.medium].append(link)
        pairs.extend(zip(sides["ib"], sides["ethernet"], strict=False))
    leave_nodes(doc, {n.id for n in gateways})
    return pairs


def _translates(node: Node, catalog: Catalog) -> bool:
    """Whether `node` is a protocol gateway: a catalog gateway that is no long-haul equipment, with InfiniBand and
    Ethernet ports."""
    model = catalog.gateways.get(node.model)
    media = {g.medium for g in node.port_groups}
    return model is not None and not model.long_haul and {"ib", "ethernet"} <= media


def join_pods(doc: FabricDocument, pairs: list[tuple[Link, Link]], specs: dict[str, SwitchSpec],
              oversubscription: float, catalog: Catalog) -> list[str]:
    """The pods the dropped gateways' cable `pairs` joined (drop_protocol_gateways), now of one protocol, joined as its
    generator joins that many GPUs (backend_fabric.backend_blueprint): one switch of the counterpart where its ports
    hold all their endpoint cables (`collapse_fabric`), else one Clos of it over them (`clos_of_fabric`: two tiers,
    three where two do not hold them, as fat_tree / fat_tree_3 build them), its cables at their runs in the option's
    racks; their segments one segment, the first's (an InfiniBand segment has its own fabric managers). Where the
    pods' switches are not one model at one speed (`specs`: each switch -> the tier it makes) or neither holds them,
    each gateway's pair becomes one cable between the two switches it joined, the gateway's place taken by a link of
    the protocol. Returns the switches of the joined fabric (none when the pods were cabled directly)."""
    fabric = switch_fabrics(doc)
    touched = {fabric.find(_switch_end(doc, link).node) for pair in pairs for link in pair}
    members = sorted(n for n in list(fabric) if fabric.find(n) in touched and n in doc.nodes)
    kinds = {specs.get(n) for n in members}
    spec = next(iter(kinds))
    built = None
    _one_segment(doc, set(members))
    if len(kinds) == 1 and spec is not None and len(members) > 1:
        gone = collapse_fabric(doc, members, cable_ends(doc, set(members)), catalog)
        built = ([n for n in members if n not in gone] if gone
                 else clos_of_fabric(doc, members, spec, oversubscription, catalog, packed=True))
    if built is None:
        for ib, eth in pairs:
            a, b = _switch_end(doc, ib), _switch_end(doc, eth)
            doc.links[ib.id] = Link(ib.id, a, b, ib.speed_gbps, ib.cable, ib.length_m + eth.length_m, ib.plane)
        cables_by_racks(doc, {_switch_end(doc, link).node for pair in pairs for link in pair}, catalog)
        return []
    cables_by_racks(doc, set(built), catalog)
    return built


def _one_segment(doc: FabricDocument, members: set[str]) -> None:
    """The segments holding any of `members` as one: the first, with its settings and name (a generated pod name
    the generated back-end's), and the others' nodes."""
    touched = [seg for seg in doc.segments.values() if members & set(seg.nodes)]
    if len(touched) > 1:
        touched[0].name = backend_of_pods(touched[0].name)
    for seg in touched[1:]:
        touched[0].nodes.extend(n for n in seg.nodes if n not in touched[0].nodes)
        del doc.segments[seg.id]


def _switch_end(doc: FabricDocument, link: Link) -> Endpoint:
    """The end of a dropped gateway's `link` still in `doc` (the pod switch's)."""
    return link.a if link.a.node in doc.nodes else link.b
