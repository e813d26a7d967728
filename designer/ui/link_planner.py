"""Choose the ports for a new cable between two nodes, or say clearly why there can be none.

Qt-free so that the same rules serve the canvas, the tests and any future command-line editing.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication

from designer.catalog.loader import Catalog
from designer.model.document import FabricDocument
from designer.model.links import Endpoint, Link
from designer.model.nodes import Node, Port
from designer.ui.labels import switch_entry


class LinkRefused(ValueError):
    """The two nodes cannot be cabled; the message says why, in one line, and `hint` what would work."""

    def __init__(self, reason: str, hint: str = "") -> None:
        super().__init__(reason)
        self.hint = hint


def port_plane(node: Node, port: Port) -> str | None:
    """The plane a port can serve: its own, or a front-end switch's ports only the front-end."""
    if port.plane is not None:
        return port.plane
    if node.kind == "switch" and node.role == "frontend":
        return "frontend"
    return None


def _media_meet(a: str, b: str) -> bool:
    # A VPI port (ConnectX-class) speaks InfiniBand or Ethernet, so it meets either.
    return a == b or "vpi" in (a, b)


def _plane_of(pa: str | None, pb: str | None) -> str | None:
    """The plane a cable between two ports would be on, or None when the planes conflict."""
    if pa is not None and pb is not None:
        return pa if pa == pb else None
    return pa or pb or "backend"


def plan_link(doc: FabricDocument, a_id: str, b_id: str, link_id: str | None = None,  # noqa: C901
              catalog: Catalog | None = None, taken: dict[str, set[str]] | None = None,
              plane: str | None = None) -> Link:
    """A Link between the first free compatible ports of nodes `a_id` and `b_id`.

    Raises LinkRefused when the nodes are the same, both are servers, a node has no free port, the
    media cannot meet (InfiniBand vs Ethernet) or no free ports share a speed; with a `catalog`, its hint
    says what would work (a breakout port, a gateway, a front-end switch). `taken`: ports already given to
    cables planned but not yet in the document; `plane`: only a cable on this plane will do.
    """
    if a_id == b_id:
        raise LinkRefused(QCoreApplication.translate("link_planner", "a cable needs two different nodes"))
    a, b = doc.nodes[a_id], doc.nodes[b_id]
    if a.kind in ("server", "storage") and b.kind in ("server", "storage"):
        text = QCoreApplication.translate("link_planner", "'{0}' and '{1}' are end hosts: connect them through a "
                                          "switch")
        raise LinkRefused(text.format(a.display_name, b.display_name), QCoreApplication.translate(
            "link_planner", "Draw a leaf switch from the palette and cable each of them to it."))
    taken = taken or {}
    free_a = [p for p in doc.free_ports(a_id) if p.name not in taken.get(a_id, ())]
    free_b = [p for p in doc.free_ports(b_id) if p.name not in taken.get(b_id, ())]
    for node, free in ((a, free_a), (b, free_b)):
        if not free:
            text = QCoreApplication.translate("link_planner", "'{0}' has no free port")
            raise LinkRefused(text.format(node.display_name), QCoreApplication.translate(
                "link_planner", "Delete one of its cables, or use a model with more ports."))
    media_ok = plane_ok = False
    # Prefer the back-end plane (the fabric being designed), then the fastest common speed.
    candidates = []
    for pa in free_a:
        for pb in free_b:
            if not _media_meet(pa.medium, pb.medium):
                continue
            media_ok = True
            on = _plane_of(port_plane(a, pa), port_plane(b, pb))
            if on is None or (plane is not None and on != plane):
                continue
            plane_ok = True
            if abs(pa.speed_gbps - pb.speed_gbps) > 1e-9:
                continue
            candidates.append((on != "backend", -pa.speed_gbps, pa, pb, on))
            break  # the first matching port of b is enough for this port of a
    if not candidates:
        _refuse(a, free_a, b, free_b, media_ok, plane_ok, catalog)
    _, _, pa, pb, on = min(candidates, key=lambda c: (c[0], c[1]))
    return Link(link_id or doc.new_id("l"), Endpoint(a_id, pa.name), Endpoint(b_id, pb.name),
                speed_gbps=pa.speed_gbps, cable="dac", length_m=2.0, plane=on)


PATTERNS = ("rail", "round-robin")
TIER_ORDER = {"server": 4, "storage": 4, "gateway": 3, "leaf": 2, "frontend": 2, "spine": 1, "core": 0}


def tiers_to_connect(doc: FabricDocument, node_ids: list[str]) -> tuple[list[str], list[str]]:
    """(lower, upper) nodes of a selection to cable: the lowest tier in it (servers, else leaves) and the tier
    just above it (their leaves, else spines); other nodes of the selection are left out."""
    def rank(n: str) -> int:
        node = doc.nodes[n]
        return TIER_ORDER.get(node.role if node.kind == "switch" and node.role else node.kind, 2)

    ranks = sorted({rank(n) for n in node_ids}, reverse=True)
    if len(ranks) < 2:
        return [], []
    return [n for n in node_ids if rank(n) == ranks[0]], [n for n in node_ids if rank(n) == ranks[1]]


@dataclass
class Connections:
    """What Connect planned: the cables, and why the free ports left over stay free (one line, or "")."""

    links: list[Link]
    left_free: int = 0
    reason: str = ""


def plan_connections(doc: FabricDocument, lower: list[str], upper: list[str], pattern: str = "rail",
                     catalog: Catalog | None = None) -> Connections:
    """Cables from every lower node to the upper ones, as many as free ports allow.

    "rail": the k-th cable of every lower node goes to upper[k mod m] (NIC k of each server on rail k);
    "round-robin": lower node s's k-th cable to upper[(s + k) mod m] (spread, each node starting further on).
    A node whose next switch is full or cannot take its port tries the following ones; it stops when no switch
    takes it. Upper switches on the front-end plane take front-end ports; others the back-end plane."""
    if pattern not in PATTERNS:
        raise ValueError(f"unknown pattern '{pattern}' ({', '.join(PATTERNS)})")
    taken: dict[str, set[str]] = {}
    out = Connections([])
    m = len(upper)
    for s, node in enumerate(lower):
        k, misses = 0, 0
        while misses < m:
            target = upper[(k if pattern == "rail" else s + k) % m]
            plane = "frontend" if doc.nodes[target].role == "frontend" else "backend"
            try:
                link = plan_link(doc, node, target, catalog=catalog, taken=taken, plane=plane)
            except LinkRefused as exc:
                out.reason = out.reason or str(exc)
                k, misses = k + 1, misses + 1
                continue
            out.links.append(link)
            for end in (link.a, link.b):
                taken.setdefault(end.node, set()).add(end.port)
            k, misses = k + 1, 0
    plane = "frontend" if any(doc.nodes[n].role == "frontend" for n in upper) else "backend"
    for node in lower:
        out.left_free += sum(1 for p in doc.free_ports(node, plane) if p.name not in taken.get(node, ())
                             and port_plane(doc.nodes[node], p) in (None, plane))
    return out


def _refuse(a: Node, free_a: list[Port], b: Node, free_b: list[Port], media_ok: bool, plane_ok: bool,
            catalog: Catalog | None) -> None:
    """Raise the LinkRefused that says why no pair of free ports fits, and what would."""
    if not media_ok:
        text = QCoreApplication.translate("link_planner", "protocols cannot meet: '{0}' has {1} ports, "
                                          "'{2}' has {3} ports")
        raise LinkRefused(text.format(a.display_name, _media(free_a), b.display_name, _media(free_b)),
                          QCoreApplication.translate("link_planner", "InfiniBand and Ethernet meet only through a "
                                                     "gateway: cable both to one, or choose a switch of the other "
                                                     "protocol."))
    if not plane_ok:
        text = QCoreApplication.translate("link_planner", "planes cannot meet: '{0}' free ports are on "
                                          "{1}, '{2}' on {3}")
        raise LinkRefused(text.format(a.display_name, _planes(a, free_a), b.display_name, _planes(b, free_b)),
                          QCoreApplication.translate("link_planner", "Back-end NICs go to leaf switches, front-end "
                                                     "NICs to front-end switches."))
    text = QCoreApplication.translate("link_planner", "no free ports of matching speed: '{0}' has {1}, "
                                      "'{2}' has {3}")
    raise LinkRefused(text.format(a.display_name, _speeds(free_a), b.display_name, _speeds(free_b)),
                      speed_hint(a, free_b, b, free_a, catalog))


def speed_hint(a: Node, free_b: list[Port], b: Node, free_a: list[Port], catalog: Catalog | None) -> str:
    """What would cable two nodes whose free ports run at different speeds: a switch whose faster ports break
    out into the other end's speed ("needs a 2×400G breakout port"), or a switch model that runs that speed.
    `free_b` are the free ports facing `a`, `free_a` those facing `b`."""
    for switch, other in ((a, free_b), (b, free_a)):
        if switch.kind != "switch" or catalog is None or switch.model not in catalog.switches:
            continue
        model = catalog.switch(switch.model)
        for speed in sorted({p.speed_gbps for p in other}, reverse=True):
            lanes = model.breakout_for(speed)
            entry = switch_entry(model.model, model.ports * (lanes or 1), speed)   # its palette entry
            if lanes is not None and lanes > 1:
                text = QCoreApplication.translate("link_planner", "Needs a {0}×{1:g}G breakout port: {2} can split "
                                                  "each {3:g}G port in {0}. Place '{4}' from the palette instead.")
                return text.format(lanes, speed, model.model, model.port_gbps, entry)
            if lanes == 1:
                text = QCoreApplication.translate("link_planner", "{0} runs {1:g}G ports unsplit: place '{2}' from "
                                                  "the palette instead.")
                return text.format(model.model, speed, entry)
            text = QCoreApplication.translate("link_planner", "{0} has no {1:g}G ports (it runs {2}): choose a "
                                              "switch with {1:g}G ports in the palette.")
            return text.format(model.model, speed, ", ".join(f"{s:g}G" for s in model.speeds_gbps()))
    return QCoreApplication.translate("link_planner", "Both ends need free ports of one speed: pick models whose "
                                      "ports match.")


def _media(ports: list[Port]) -> str:
    names = {"ib": "InfiniBand", "ethernet": QCoreApplication.translate("link_planner", "Ethernet"), "vpi": "VPI"}
    return "/".join(sorted({names[p.medium] for p in ports}))


def _speeds(ports: list[Port]) -> str:
    return ", ".join(f"{s:g}G" for s in sorted({p.speed_gbps for p in ports}, reverse=True))


def _planes(node: Node, ports: list[Port]) -> str:
    names = {"backend": QCoreApplication.translate("link_planner", "back-end"),
             "frontend": QCoreApplication.translate("link_planner", "front-end"),
             None: QCoreApplication.translate("link_planner", "any plane")}
    planes = {port_plane(node, p) for p in ports}
    return "/".join(sorted(names[plane] if plane in names else str(plane) for plane in planes))
