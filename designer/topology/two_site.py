"""The two-site generator: two equal fabrics joined by a bundle of long-haul links.

Each site is a leaf-spine back-end as `generate` builds it. The site-edge equipment hangs off the leaves the way
border leaves carry a data centre's exits: the site is generated with a few more servers than asked, and the leaf
ports of those extra servers take the local side of the equipment instead. The generator balances whole servers over
the leaves, the fuller ones first; the extra servers are taken from the fullest leaves, drawn on the side facing the
other site, so the asked servers stay balanced (four servers on two leaves: two each, not three and one) and the
equipment stands beside the leaf it hangs off. The nodes are then numbered as the generator numbers them, without a
gap. Each long-haul link joins one line-side port at site A to one at site B. Equipment by back-end: RoCEv2 sites use
a deep-buffer DCI router with coherent optics chosen for the distance; InfiniBand sites use an InfiniBand long-haul
appliance of the MetroX class (a plain IB switch port has too few credits for a long span:
topology/rules/long_haul.py).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from designer.catalog.instantiate import switch_node
from designer.catalog.loader import Catalog, load_catalog
from designer.catalog.models import LongHaulOpticsModel
from designer.i18n.message import Message
from designer.model.document import FabricDocument
from designer.model.errors import ProjectError
from designer.model.limits import SPEED_GBPS
from designer.model.links import Endpoint, Link
from designer.model.nodes import Node, PortGroup
from designer.model.sites import DISTANCE_KM, LINK_COUNT, LongHaul, Site
from designer.topology.build_options import BuildSettings
from designer.topology.generate import DEFAULT_LINK_GBPS, generate
from designer.topology.presets import RECOMMENDED
from designer.topology.site_names import site_name

KIND = "two-site"
SITE_IDS = ("a", "b")
DEFAULT_EQUIPMENT = {"rocev2": "dci-jericho2", "ib": "metrox-3-xc"}
# RoCEv2 links faster than the Jericho2 router's 400G ports: the Jericho3-class deep-buffer leaf of the catalog
# (18 x 800G, 16 GB HBM; resources/catalog/current-generation.json)
DEFAULT_EQUIPMENT_800G = "ncp5300r"
SITE_GAP_PT = 400.0          # canvas gap between the two sites' drawings
LEAF_GBPS = DEFAULT_LINK_GBPS   # the leaves' port speed in each site (the generator's default back-end links)


# generator options two sites cannot honour: each site is a leaf-spine of 8-GPU servers on the back-end's default
# switches at LEAF_GBPS, one plane (`_site`); a caller refuses them rather than drop them
NOT_TAKEN = ("gpus_per_server", "link_gbps", "server_model", "switch_model", "planes")


def per_site_gpus(gpus: int | None, gpus_per_site: int | None) -> int | None:
    """The GPUs of each site: `gpus_per_site`, or half of the total `gpus`; both given, they must agree."""
    if gpus is None:
        return gpus_per_site
    if gpus_per_site is None:
        if gpus % 2:
            raise ProjectError(Message("error.two_site.gpus", value=f"{gpus / 2:g}"))
        return gpus // 2
    if gpus != 2 * gpus_per_site:
        raise ProjectError(Message("error.two_site.total", gpus=gpus, per_site=gpus_per_site))
    return gpus_per_site


@dataclass(frozen=True)
class TwoSiteOptions:
    """What the two-site generator is asked for."""

    gpus_per_site: int
    distance_km: float
    dci_gbps: float = 400.0
    dci_links: int = 16
    backend: str = "rocev2"
    equipment: str | None = None     # catalog long-haul gateway or switch; default per back-end (DEFAULT_EQUIPMENT)
    frontend: bool = False
    name: str | None = None
    oversubscription: float = 1.0    # of each site's leaves, as `generate` builds them
    nic_model: str | None = None     # the servers' back-end NICs when not the server's own
    preset: str = RECOMMENDED        # the back-end segments' settings, as `generate` applies them
    build: BuildSettings | None = None   # racks and placement of each site, as `generate` plans them


def generate_two_site(opts: TwoSiteOptions, catalog: Catalog | None = None) -> FabricDocument:
    """Two sites of `gpus_per_site` GPUs each, `distance_km` apart, joined by `dci_links` links of `dci_gbps`."""
    cat = catalog or load_catalog()
    edge = _edge(opts, cat)
    optics = choose_optics(cat, opts.dci_gbps, opts.distance_km)
    sites = [_site(opts, cat, edge, site_id) for site_id in SITE_IDS]
    doc = FabricDocument(name=opts.name or f"Two sites, {opts.gpus_per_site * 2} GPUs, {opts.distance_km:,g} km")
    shift = 0.0
    for site_doc in sites:
        width = max((n.x for n in site_doc.nodes.values()), default=0.0)
        for node in site_doc.nodes.values():
            node.x += shift
            doc.nodes[node.id] = node
        doc.links.update(site_doc.links)
        for seg in site_doc.segments.values():
            if "backend" in doc.segments:
                doc.segments["backend"].nodes.extend(seg.nodes)
            else:
                doc.segments["backend"] = seg
        shift += width + SITE_GAP_PT
    for k in range(opts.dci_links):
        box, port = divmod(k, edge.per_box)
        a, b = (Endpoint(f"{s}-dci{box + 1}", edge.wan(port)) for s in SITE_IDS)
        doc.links[f"lh{k + 1}"] = Link(f"lh{k + 1}", a, b, opts.dci_gbps, "optics", 2.0, "backend")
    doc.sites = [Site(s, site_name(s.upper())) for s in SITE_IDS]
    doc.long_haul = [LongHaul("dci", "a", "b", float(opts.distance_km), float(opts.dci_gbps), opts.dci_links,
                              edge.model, optics.id if optics else None)]
    doc.build = sites[0].build
    doc.notes = sites[0].notes
    doc.assumptions = sites[0].assumptions          # the target oversubscription the sites were built for
    return doc


@dataclass(frozen=True)
class Edge:
    """The site-edge equipment: a long-haul gateway of the catalog (lan1.. local, wan1.. line side) or a plain switch
    used as one (half its ports line side, the other half local, split into lanes of the leaves' speed when the line
    side is faster), `per_box` line-side ports each, `lanes` local links of the leaves' speed per line-side link."""

    model: str
    kind: str            # gateway | switch
    per_box: int
    lanes: int = 1
    port_gbps: float = math.inf     # a gateway's local ports' speed (the catalog's); a switch's run at the leaves'

    def lan(self, j: int) -> str:
        if self.kind == "gateway":
            return f"lan{j + 1}"
        return f"s{j + 1}" if self.lanes > 1 else f"p{j + 1}"

    def wan(self, p: int) -> str:
        if self.kind == "gateway":
            return f"wan{p + 1}"
        return f"p{p + 1}" if self.lanes > 1 else f"p{self.per_box + p + 1}"

    def node(self, cat: Catalog, node_id: str, label: str, lan_gbps: float, wan_gbps: float, medium: str) -> Node:
        if self.kind == "switch":
            split = self.per_box if self.lanes > 1 else 0
            return switch_node(cat, self.model, node_id, "core", speed_gbps=wan_gbps, label=label, split_ports=split,
                               split_gbps=lan_gbps if split else None)
        return Node(node_id, "gateway", self.model, label=label,
                    port_groups=[PortGroup("lan", self.per_box * self.lanes, lan_gbps, medium, "backend"),
                                 PortGroup("wan", self.per_box, wan_gbps, medium, "backend")])


def _edge(opts: TwoSiteOptions, cat: Catalog) -> Edge:
    """The equipment asked for (or the back-end's default), checked to carry links of the asked speed."""
    _check_counts(opts)
    model_id = opts.equipment or DEFAULT_EQUIPMENT.get(opts.backend, "")
    if opts.equipment is None and opts.backend == "rocev2" and opts.dci_gbps > 400:
        model_id = DEFAULT_EQUIPMENT_800G
    if model_id in cat.switches:
        breakout = cat.switches[model_id].breakout_for(opts.dci_gbps)
        if breakout is None:
            raise ProjectError(Message("error.catalog.no_speed", model=model_id, speed=f"{opts.dci_gbps:g}",
                                       speeds=", ".join(f"{v:g}" for v in cat.switches[model_id].speeds_gbps())))
        return Edge(model_id, "switch", cat.switches[model_id].ports * breakout // 2, _lanes(opts.dci_gbps))
    if model_id not in cat.gateways or not cat.gateways[model_id].long_haul:
        known = ", ".join(sorted(g.id for g in cat.gateways.values() if g.long_haul))
        raise ProjectError(Message("error.two_site.equipment", model=model_id, known=known))
    eq = cat.gateways[model_id]
    if opts.dci_gbps > eq.long_haul_gbps:
        raise ProjectError(Message("error.two_site.dci_speed", model=eq.model, gbps=f"{eq.long_haul_gbps:g}",
                                   value=f"{opts.dci_gbps:g}"))
    return Edge(model_id, "gateway", eq.long_haul_ports, _lanes(opts.dci_gbps, eq.port_gbps), eq.port_gbps)


def _lanes(dci_gbps: float, port_gbps: float = math.inf) -> int:
    """Local links that feed one long-haul link, each at the leaves' speed or the equipment's local ports' if slower
    (`local_gbps`): two 400G leaf ports for an 800G link, one 100G port for a MetroX line of 100G."""
    return max(1, math.ceil(dci_gbps / local_gbps(LEAF_GBPS, port_gbps) - 1e-9))


def local_gbps(leaf_gbps: float, port_gbps: float) -> float:
    """The speed of a local cable between a leaf port of `leaf_gbps` and site-edge equipment whose local ports run
    at `port_gbps`: the slower of the two. A MetroX-3 XC's InfiniBand ports are EDR, 100G (its manual: `show
    interfaces ib` lists IB1/1 and IB2/1, speeds SDR/FDR/EDR; docs/references.md [metrox]); a Quantum-2 port runs
    at 100G as well as at 400G (QM97xx manual: 40/56/100/200/400 Gb/s a port), so the leaf port carries it at 100G."""
    return float(min(leaf_gbps, port_gbps))


LOCAL_OPTICS_M = 30.0       # a local cable at the leaves' speed: optics, the equipment anywhere in the spine row
LOCAL_SPLITTER_M = 2.0      # one trained down: the longest MCP7Y60, the equipment standing beside its leaf


def local_cable(leaf_gbps: float, lan_gbps: float, medium: str) -> tuple[str, float]:
    """The reach class and length of a local cable running at `lan_gbps` from a leaf port of `leaf_gbps`. At the
    leaf's speed, optics. An InfiniBand leaf port trained down to a slower port (a MetroX-3 XC's EDR, a MetroX-2's
    HDR) takes no optics, an NDR module cannot downshift its lanes (NVIDIA LinkX 100G-PAM4 user guide); NVIDIA
    documents the MCP7Y60 passive splitter for it, a twin-port OSFP head in the leaf's cage and two QSFP56 legs at HDR
    or EDR, 1 to 2 m (docs/references.md [nvidia-linkx]): copper, the appliance within 2 m of its leaf."""
    if medium == "ib" and lan_gbps < leaf_gbps - 1e-6:
        return "dac", LOCAL_SPLITTER_M
    return "optics", LOCAL_OPTICS_M


def _check_counts(opts: TwoSiteOptions) -> None:
    if opts.backend not in DEFAULT_EQUIPMENT:
        raise ProjectError(Message("error.two_site.backend", backend=opts.backend))
    if not (opts.gpus_per_site >= 8 and opts.gpus_per_site % 8 == 0):
        raise ProjectError(Message("error.two_site.gpus", value=opts.gpus_per_site))
    if not DISTANCE_KM.accepts(opts.distance_km):
        raise ProjectError(Message("error.long_haul.distance", low=f"{DISTANCE_KM.minimum:,g}",
                                   high=f"{DISTANCE_KM.maximum:,g}", value=f"{opts.distance_km:g}"))
    if not LINK_COUNT.accepts(opts.dci_links):
        raise ProjectError(Message("error.long_haul.count", low="1", high=f"{LINK_COUNT.maximum:,.0f}",
                                   value=str(opts.dci_links)))
    if not SPEED_GBPS.accepts(opts.dci_gbps):          # a link's speed, as the project file holds it
        raise ProjectError(Message("error.two_site.dci_gbps", low=f"{SPEED_GBPS.minimum:,g}",
                                   high=f"{SPEED_GBPS.maximum:,g}", value=f"{opts.dci_gbps:g}"))


def choose_optics(cat: Catalog, gbps: float, distance_km: float) -> LongHaulOpticsModel | None:
    """The cheapest line-side module of that speed reaching the distance; else the longest-reaching of that speed
    (the check then says it falls short); None when the catalog has none of that speed."""
    fit = [o for o in cat.long_haul_optics.values() if o.line_gbps == gbps]
    reach = [o for o in fit if o.max_reach_km >= distance_km]
    if reach:
        return min(reach, key=lambda o: (o.price_usd, o.id))
    return max(fit, key=lambda o: (o.max_reach_km, o.id)) if fit else None


def _site(opts: TwoSiteOptions, cat: Catalog, edge: Edge, site_id: str) -> FabricDocument:
    """One site's fabric with its site-edge equipment on the leaf ports of the extra servers, ids prefixed."""
    extra_servers = math.ceil(opts.dci_links * edge.lanes / 8)
    doc = generate("leaf-spine", gpus=opts.gpus_per_site + 8 * extra_servers, gpus_per_server=8,
                   backend=opts.backend, frontend=opts.frontend, two_tiers=True, catalog=cat,
                   oversubscription=opts.oversubscription, nic_model=opts.nic_model, preset=opts.preset,
                   build=opts.build)
    _mirror(doc)         # the fullest leaves (dealt first) to the right, where the extra servers are taken
    freed: list[Endpoint] = []
    for server in _extra_servers(doc, extra_servers):
        _, links, _ = doc.remove_node(server.id)
        freed += [link.other(server.id) for link in links if link.plane == "backend"]
    doc, rename = _numbered_by_position(doc)
    freed = [Endpoint(rename.get(end.node, end.node), end.port) for end in freed]
    medium = "ib" if opts.backend == "ib" else "ethernet"
    # the edge equipment stands beside the spine row on the side facing the other site, where the long-haul bundle
    # between the two sites crosses nothing (below the servers it would cross the front-end and storage)
    y = min((n.y for n in doc.nodes.values()), default=0.0)
    inward = site_id == SITE_IDS[0]
    if not inward:       # the second site drawn mirrored: its leaf with the edge ports faces the first site
        _mirror(doc)
    x0 = (max((n.x for n in doc.nodes.values()), default=0.0) + 160.0 if inward
          else min((n.x for n in doc.nodes.values()), default=0.0) - 160.0)
    # the local side runs at the leaves' port speed, or the equipment's local ports' where they are slower
    leaf_gbps = doc.port(freed[0]).speed_gbps
    lan_gbps = local_gbps(leaf_gbps, edge.port_gbps)
    cable, length_m = local_cable(leaf_gbps, lan_gbps, medium)
    for box in range(math.ceil(opts.dci_links / edge.per_box)):
        node = edge.node(cat, f"dci{box + 1}", f"DCI {site_id.upper()}{box + 1}", lan_gbps, opts.dci_gbps, medium)
        node.x, node.y = x0 + (box * 120.0 if inward else -box * 120.0), y
        doc.add_node(node)
        doc.segments["backend"].nodes.append(node.id)
        for p in range(edge.per_box):
            k = box * edge.per_box + p
            for q in range(edge.lanes if k < opts.dci_links else 0):
                lane = k * edge.lanes + q
                doc.add_link(Link(f"dcil{lane + 1}", freed[lane], Endpoint(node.id, edge.lan(p * edge.lanes + q)),
                                  lan_gbps, cable, length_m))
    return _prefixed(doc, site_id)


def _extra_servers(doc: FabricDocument, count: int) -> list[Node]:
    """`count` servers to make room for the site-edge equipment: one at a time the last server of the leaf holding
    the most, the rightmost such leaf first, so that the servers left stay balanced over the leaves."""
    by_leaf: dict[str, list[Node]] = {}
    for server in sorted((n for n in doc.nodes.values() if n.kind == "server"), key=_reading_order):
        leaf = next(link.other(server.id).node for link in doc.links_of(server.id) if link.plane == "backend")
        by_leaf.setdefault(leaf, []).append(server)
    rightmost_first = sorted(by_leaf, key=lambda leaf: _reading_order(doc.nodes[leaf]), reverse=True)
    out = []
    for _ in range(count):
        fullest = max(rightmost_first, key=lambda leaf: len(by_leaf[leaf]))
        out.append(by_leaf[fullest].pop())
    return out


def _mirror(doc: FabricDocument) -> None:
    """The drawing mirrored left to right, in place."""
    lo, hi = (f((n.x for n in doc.nodes.values()), default=0.0) for f in (min, max))
    for n in doc.nodes.values():
        n.x = lo + hi - n.x


_NUMBERED = re.compile(r"^(.*-)(\d+)$")


def _reading_order(node: Node) -> tuple[float, float, str]:
    """Row by row, left to right: the order the generator numbers switches in."""
    return (round(node.y), node.x, node.id)


def _numbered_by_position(doc: FabricDocument) -> tuple[FabricDocument, dict[str, str]]:
    """The design with the nodes of each numbered family ("srv-", "leaf-", ...) renumbered from 1 in the order the
    generator numbers them, read off the drawing: switches row by row, left to right; servers leaf by leaf (the
    block under each leaf, leaves left to right), each block row by row. The numbers keep their width; the map of old
    ids to new comes with the design. Node ids only: ports, links and segments keep theirs."""
    leaf_x = {server: doc.nodes[far].x for link in doc.links.values() if link.plane == "backend"
              for server, far in ((link.a.node, link.b.node), (link.b.node, link.a.node))
              if doc.nodes[server].kind == "server" and doc.nodes[far].kind == "switch"}

    def order(node: Node) -> tuple[float, float, float, str]:
        return (leaf_x.get(node.id, 0.0), *_reading_order(node))

    families: dict[str, list[tuple[Node, int]]] = {}
    for node in doc.nodes.values():
        m = _NUMBERED.match(node.id)
        if m:
            families.setdefault(m.group(1), []).append((node, len(m.group(2))))
    rename: dict[str, str] = {}
    for stem, nodes in families.items():
        width = nodes[0][1]
        for k, (node, _) in enumerate(sorted(nodes, key=lambda nw: order(nw[0])), start=1):
            rename[node.id] = f"{stem}{k:0{width}d}"
    out = _renamed(doc, rename)
    # each family listed in the order of its numbers where its nodes were listed (findings name nodes in that order);
    # a family's numbers are all as wide, so their text order is their order
    family = {node_id: (m.group(1) if (m := _NUMBERED.match(node_id)) else node_id) for node_id in out.nodes}
    in_order = {stem: iter(sorted(i for i in out.nodes if family[i] == stem)) for stem in set(family.values())}
    out.nodes = {new_id: out.nodes[new_id] for new_id in (next(in_order[family[i]]) for i in list(out.nodes))}
    return out, rename


def _renamed(doc: FabricDocument, rename: dict[str, str], link_prefix: str = "") -> FabricDocument:
    """The same design with node ids mapped by `rename` (others kept) and link ids prefixed by `link_prefix`."""
    out = FabricDocument(name=doc.name, notes=doc.notes, build=doc.build, assumptions=doc.assumptions)
    for node in doc.nodes.values():
        node.id = rename.get(node.id, node.id)
        out.nodes[node.id] = node
    for link in doc.links.values():
        link.id = link_prefix + link.id
        link.a = Endpoint(rename.get(link.a.node, link.a.node), link.a.port)
        link.b = Endpoint(rename.get(link.b.node, link.b.node), link.b.port)
        out.links[link.id] = link
    for seg in doc.segments.values():
        seg.nodes = [rename.get(n, n) for n in seg.nodes]
        out.segments[seg.id] = seg
    return out


def _prefixed(doc: FabricDocument, site_id: str) -> FabricDocument:
    """The same design with every node, link and segment id prefixed by the site's id, each node in the site."""
    p = f"{site_id}-"
    out = _renamed(doc, {node_id: p + node_id for node_id in doc.nodes}, link_prefix=p)
    for node in out.nodes.values():
        node.site = site_id
    return out
