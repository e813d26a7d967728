"""A protocol option's long-haul equipment, as that protocol's two-site generator builds it (topology/two_site.py).

The InfiniBand option of a design whose sites are joined by Ethernet DCI routers (or Ethernet switches used as
such) carries each bundle within the reach of the catalog's InfiniBand long-haul appliance (MetroX class) on it;
the RoCEv2 option of a design on such appliances carries each bundle on the catalog's default DCI router of a
RoCEv2 two-site design. Either way the bundle's capacity is carried at the new equipment's line rate, with line
optics of that rate for the distance and a line cable for each line; at each site the drawn equipment gives way to
as many boxes as the lines need (`long_haul_ports` line ports each), one local cable per line and lane on the
switches the drawn equipment's local cables were on (copies of them where the lines need more, the extra ones gone
where they need fewer), run at the leaves' speed or the equipment's local ports' where slower (two_site.local_gbps:
a MetroX-3 XC's InfiniBand ports are EDR, 100G). A site whose equipment carries several bundles (three sites or
more) deals its local cables among them, each bundle's boxes its own, as MetroX appliances come in pairs. Run
before the option's fabric is rebuilt, so that its Clos holds those cables as the generator's leaves do; the local
cables keep the leaves' speed until `train_local_cables`, once the fabric is built.
"""

from __future__ import annotations

import copy
import math

from designer.analysis.switch_consolidation import leave_drawing
from designer.catalog.loader import Catalog
from designer.catalog.models import GatewayModel
from designer.model.document import FabricDocument
from designer.model.links import Endpoint, Link
from designer.model.nodes import Node, PortGroup
from designer.model.sites import LongHaul
from designer.sim.long_haul import ib_long_haul_appliance
from designer.topology.two_site import DEFAULT_EQUIPMENT, choose_optics, local_cable, local_gbps


def long_haul_as_ib(doc: FabricDocument, catalog: Catalog) -> set[str]:
    """Each bundle on Ethernet DCI equipment within the InfiniBand appliance's reach, on that appliance (beyond it
    the routers stay: protocol_options._beyond_reach_km). Returns the appliances."""
    appliance = ib_long_haul_appliance(catalog)
    if appliance is None or not appliance.long_haul_gbps:
        return set()
    bundles = [lh for lh in doc.long_haul
               if ethernet_dci(catalog, lh.equipment) and 0 < lh.distance_km <= appliance.max_reach_km]
    return _long_haul_on(doc, bundles, appliance, catalog)


def long_haul_as_ethernet(doc: FabricDocument, catalog: Catalog) -> set[str]:
    """Each bundle on InfiniBand long-haul appliances, on the default DCI router of a RoCEv2 two-site design.
    Returns the routers."""
    router = catalog.gateways.get(DEFAULT_EQUIPMENT["rocev2"])
    if router is None or not router.long_haul_gbps:
        return set()
    bundles = [lh for lh in doc.long_haul if _ib_long_haul(catalog, lh.equipment)]
    return _long_haul_on(doc, bundles, router, catalog)


def ethernet_dci(catalog: Catalog, equipment: str) -> bool:
    """Whether `equipment` is Ethernet site-edge equipment: a DCI router, or an Ethernet switch used as one (the
    deep-buffer leaf of a RoCEv2 two-site design of 800G links: two_site.DEFAULT_EQUIPMENT_800G)."""
    edge = catalog.gateways.get(equipment)
    switch = catalog.switches.get(equipment)
    return (edge is not None and edge.long_haul == "dci-router") or (switch is not None and switch.protocol != "ib")


def _ib_long_haul(catalog: Catalog, equipment: str) -> bool:
    edge = catalog.gateways.get(equipment)
    return edge is not None and edge.long_haul == "ib-long-haul"


def train_local_cables(doc: FabricDocument, boxes: set[str]) -> None:
    """Each local cable of the long-haul `boxes` at the speed of the box's local port (a leaf port of 400G carries a
    MetroX's 100G EDR port at 100G: topology/physical/schedule.py, `ib_trained_down`), of the kind and length the
    two-site generator gives it at that speed (two_site.local_cable: a copper splitter of 2 m where trained down,
    optics of 30 m at the leaf's speed)."""
    for link in doc.links.values():
        for end, far in ((link.a, link.b), (link.b, link.a)):
            node = doc.nodes.get(end.node) if end.node in boxes else None
            port = node.port(end.port) if node is not None and end.port.startswith("lan") else None
            far_node = doc.nodes.get(far.node)
            if port is not None and far_node is not None and far.node not in boxes:
                link.speed_gbps = port.speed_gbps
                far_port = far_node.port(far.port)
                if far_port is not None:
                    link.cable, link.length_m = local_cable(far_port.speed_gbps, port.speed_gbps, port.medium)


def _long_haul_on(doc: FabricDocument, bundles: list[LongHaul], equipment: GatewayModel, catalog: Catalog) -> set[str]:
    """`bundles` on `equipment` (see the module's docstring); returns the new boxes. The drawn equipment of every
    bundle is found, and its line cables taken out, before any of it is replaced: a site's equipment may carry
    two bundles."""
    ends = [_bundle_ends(doc, lh) for lh in bundles]
    todo = [(lh, sites) for lh, sites in zip(bundles, ends, strict=True) if all(sites.values())]
    drawn = [_take_lines(doc, lh, sites) for lh, sites in todo]
    lines = [_on_equipment(lh, equipment, catalog) for lh, _ in todo]
    boxes: dict[tuple[int, str], list[Node]] = {}
    for site in dict.fromkeys(s for lh, _ in todo for s in (lh.a, lh.b)):
        here = [k for k, (lh, _) in enumerate(todo) if site in (lh.a, lh.b)]
        nodes = list({n.id: n for k in here for n in todo[k][1][site]}.values())
        built = _equipment_in_place(doc, nodes, [lines[k] for k in here], equipment)
        boxes.update(((k, site), group) for k, group in zip(here, built, strict=True))
    for k, (lh, _) in enumerate(todo):
        _line_cables(doc, drawn[k], boxes[(k, lh.a)], boxes[(k, lh.b)], lines[k], equipment)
    return {n.id for group in boxes.values() for n in group}


def _bundle_ends(doc: FabricDocument, lh: LongHaul) -> dict[str, list[Node]]:
    """Each of the bundle's two sites -> the drawn equipment of the bundle's model there."""
    return {site: [n for n in doc.nodes.values() if n.model == lh.equipment and n.site == site]
            for site in (lh.a, lh.b)}


def _take_lines(doc: FabricDocument, lh: LongHaul, sites: dict[str, list[Node]]) -> list[Link]:
    """The bundle's drawn line cables (between its equipment at its two sites), out of the drawing."""
    a, b = ({n.id for n in sites[s]} for s in (lh.a, lh.b))
    lines = [lk for lk in doc.links.values()
             if (lk.a.node in a and lk.b.node in b) or (lk.a.node in b and lk.b.node in a)]
    for link in lines:
        del doc.links[link.id]
    return lines


def _equipment_in_place(doc: FabricDocument, drawn: list[Node], needs: list[int],
                        equipment: GatewayModel) -> list[list[Node]]:
    """One site's `drawn` equipment (its line cables gone) replaced by the boxes of `equipment` that carry each of
    its bundles' `needs` lines (two_site.Edge.node: `long_haul_ports` line ports each, a local port per line and
    lane), its local cables dealt to their local ports in order, bundle by bundle (`_local_cables`), each at the
    speed of the switch port it is on until `train_local_cables`. Returns each bundle's boxes."""
    ids = {n.id for n in drawn}
    local = [(lk, "a" if lk.a.node in ids else "b") for lk in doc.links.values() if {lk.a.node, lk.b.node} & ids]
    leaf_gbps = _far_port_gbps(doc, local[0]) if local else equipment.port_gbps
    lan_gbps = local_gbps(leaf_gbps, equipment.port_gbps)
    lanes = max(1, math.ceil(equipment.long_haul_gbps / lan_gbps - 1e-9))
    per_box = max(equipment.long_haul_ports, 1)
    first = drawn[0]
    step_x = drawn[1].x - first.x if len(drawn) > 1 and drawn[1].x != first.x else 120.0
    segments = [seg for seg in doc.segments.values() if first.id in seg.nodes]
    for node in drawn:
        leave_drawing(doc, node.id)
    counts = [math.ceil(need / per_box) for need in needs]
    medium = "ib" if _is_ib(equipment) else "ethernet"
    boxes = []
    for k, box_id in enumerate(_free_ids(doc.nodes, first.id, sum(counts))):
        node = Node(box_id, "gateway", equipment.id, label=f"{_stem(first.label or first.id)}{k + 1}",
                    x=first.x + k * step_x, y=first.y, site=first.site,
                    port_groups=[PortGroup("lan", per_box * lanes, lan_gbps, medium, "backend"),
                                 PortGroup("wan", per_box, equipment.long_haul_gbps, medium, "backend")])
        doc.nodes[box_id] = node
        for seg in segments:
            seg.nodes.append(box_id)
        boxes.append(node)
    cables = _local_cables(doc, local, sum(needs) * lanes, first.id)
    out: list[list[Node]] = []
    for count, need in zip(counts, needs, strict=True):
        mine, boxes = boxes[:count], boxes[count:]
        dealt, cables = cables[:need * lanes], cables[need * lanes:]
        for j, (link, end) in enumerate(dealt):
            setattr(link, end, Endpoint(mine[j // (per_box * lanes)].id, f"lan{j % (per_box * lanes) + 1}"))
            link.speed_gbps = _far_port_gbps(doc, (link, end))
        out.append(mine)
    return out


def _is_ib(equipment: GatewayModel) -> bool:
    return equipment.long_haul == "ib-long-haul"


def _far_port_gbps(doc: FabricDocument, cable: tuple[Link, str]) -> float:
    """The speed of the switch port a local cable (link, its end at the equipment) is on; the cable's own where the
    drawing does not say."""
    link, end = cable
    far = link.b if end == "a" else link.a
    node = doc.nodes.get(far.node)
    port = node.port(far.port) if node is not None else None
    return port.speed_gbps if port is not None else link.speed_gbps


def _local_cables(doc: FabricDocument, local: list[tuple[Link, str]], count: int, tag: str) -> list[tuple[Link, str]]:
    """`count` local cables (link, its end at the equipment): the drawn `local` ones, the first `count` of them kept
    (the others gone), then copies of them in turn, each on a new port of the switch its original is on (a port
    group per switch, named after `tag`)."""
    for link, _ in local[count:]:
        del doc.links[link.id]
    out = local[:count]
    extra: dict[str, list[tuple[Link, str]]] = {}
    for j in range(len(out), count if local else 0):
        link, end = local[j % len(local)]
        far = link.b if end == "a" else link.a
        copy_ = copy.deepcopy(link)
        (copy_.id,) = _free_ids(doc.links, f"{link.id}-1", 1)
        doc.links[copy_.id] = copy_
        extra.setdefault(far.node, []).append((copy_, end))
        out.append((copy_, end))
    for node_id, copies in extra.items():
        node = doc.nodes[node_id]
        far_end = "b" if copies[0][1] == "a" else "a"
        port = node.port(getattr(copies[0][0], far_end).port)
        prefix = f"{tag}-lan-"
        node.port_groups.append(PortGroup(prefix, len(copies), port.speed_gbps if port else copies[0][0].speed_gbps,
                                          port.medium if port else "ib", port.plane if port else "backend"))
        for i, (link, end) in enumerate(copies, start=1):
            setattr(link, "b" if end == "a" else "a", Endpoint(node_id, f"{prefix}{i}"))
    return out


def _line_cables(doc: FabricDocument, drawn: list[Link], a: list[Node], b: list[Node], lines: int,
                 equipment: GatewayModel) -> None:
    """The bundle's `lines` line cables between the boxes `a` and `b` of its sites, line port to line port in
    order (as generate_two_site cables them), of the drawn line cables' kind and length."""
    like = drawn[0] if drawn else Link("lh", Endpoint("", ""), Endpoint("", ""), 0.0, "optics", 2.0, "backend")
    per_box = max(equipment.long_haul_ports, 1)
    for k, link_id in enumerate(_free_ids(doc.links, like.id, lines)):
        box, port = divmod(k, per_box)
        doc.links[link_id] = Link(link_id, Endpoint(a[box].id, f"wan{port + 1}"), Endpoint(b[box].id, f"wan{port + 1}"),
                                  equipment.long_haul_gbps, like.cable, like.length_m, like.plane)


def _stem(name: str) -> str:
    """`name` without its trailing number ("a-dci1" -> "a-dci"); a name without one, with a dash."""
    stem = name.rstrip("0123456789")
    return stem if stem != name else f"{name}-"


def _free_ids(taken: dict, like: str, count: int) -> list[str]:
    """`count` ids numbered after `like`'s stem, none of them in `taken`."""
    stem, k = _stem(like), 1
    out: list[str] = []
    while len(out) < count:
        if f"{stem}{k}" not in taken:
            out.append(f"{stem}{k}")
        k += 1
    return out


def _on_equipment(lh: LongHaul, equipment: GatewayModel, catalog: Catalog) -> int:
    """The bundle `lh` carried on `equipment` at its line rate, with line optics of that rate for the distance;
    returns the lines it takes."""
    lines = math.ceil(lh.total_gbps / equipment.long_haul_gbps - 1e-9)
    optics = choose_optics(catalog, equipment.long_haul_gbps, lh.distance_km)
    lh.equipment, lh.capacity_gbps, lh.count = equipment.id, equipment.long_haul_gbps, lines
    lh.optics = optics.id if optics is not None else None
    return lines
