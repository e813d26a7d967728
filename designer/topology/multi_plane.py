"""Multi-plane back-end: every NIC split into P slower ports, each on its own independent fabric (a plane).

An 800G port run as 2 x 400G or 4 x 200G, or a 400G NIC as 2 x 200G (Alibaba HPN's dual-plane hosts,
docs/references.md [hpn]; NVIDIA's Spectrum-X dual- and quad-plane designs with ConnectX-8 SuperNICs,
docs/references.md [spectrum-x-multiplane]). Plane p joins port p of every NIC;
the planes share no switch, so losing one leaves the others, and a switch at the plane's lower speed has P times the
ports, so a plane needs fewer tiers for the same GPUs. Each plane is a rail-optimized fabric (both designs are
rail-optimized inside a plane). A connection opens its queue pairs on every plane (the router gives queue pair k
plane k mod P), so its bytes spread evenly across planes.

The card behind a NIC's plane ports is one that reaches P switches: a card whose one port runs as P plane ports
natively (a ConnectX-8: `plane_splits` in the catalog), or a card with a port per plane (HPN's dual-port 200G NICs).
A single-port card splits on the switch side only (NVIDIA splits a 400G link with a twin-port switch module and 1:2
splitter fibres, or a splitter cable, into NIC ports run at 200G; docs/references.md [nvidia-linkx]): one
single-port 400G ConnectX-7 cannot reach two switches, so its servers get the dual-port 200G ConnectX-7 instead, and
a split no card of the catalog makes (four 100G ports of a 400G NIC) is refused.

NIC i's plane ports are be{i}p1..be{i}pP (one port group per NIC, one card): the engine maps GPU i to NIC i's ports
in order; the rack plan puts them in the card's own cages (one per port of a card with a port per plane, all in the
one cage of a card that splits its port), and the bill of materials counts one card per NIC.
"""
from __future__ import annotations

import re

from designer.catalog.loader import Catalog
from designer.catalog.models import SPEAKS, NICModel
from designer.i18n.message import Message
from designer.model.errors import ProjectError
from designer.model.nodes import Node, PortGroup
from designer.topology.backend_fabric import backend_blueprint
from designer.topology.clos import ClosBlueprint, LeafGroup, TierNames
from designer.topology.sizing import SwitchSpec

KIND = "multi-plane"
PLANE_KIND = "rail-optimized"
# 2 and 4 planes are NVIDIA's dual- and quad-plane modes (docs/references.md [spectrum-x-multiplane]); 8 is the most
# an 8-lane OSFP port splits into (one lane per plane); 1 is a single plane
PLANE_CHOICES = (2, 4, 8)
DEFAULT_PLANES = 2      # Alibaba HPN's dual plane, the usual split of current multi-plane designs
_SPLIT_PREFIX = re.compile(r"be\d+p")
_PLANE_PORT = re.compile(r"be(\d+)p(\d+)")


def nic_prefix(nic: int) -> str:
    """Prefix of NIC `nic`'s (1-based) plane ports: be3p1, be3p2, ..."""
    return f"be{nic}p"


def is_split_nic(prefix: str) -> bool:
    """Whether a port group is one NIC's plane ports."""
    return bool(_SPLIT_PREFIX.fullmatch(prefix))


def plane_port(name: str) -> tuple[int, int] | None:
    """(NIC, plane) of a NIC's plane port (be3p2: NIC 3 on plane 2), None for any other port."""
    m = _PLANE_PORT.fullmatch(name)
    return (int(m.group(1)), int(m.group(2))) if m else None


def on_plane(groups: list[LeafGroup], plane: int) -> list[LeafGroup]:
    """Rail leaf groups over NIC ports be{i} (rail_optimized.leaf_groups) moved to the NICs' ports on `plane`."""
    for group in groups:
        group.endpoints = [(s, f"{nic_prefix(int(port[2:]))}{plane}") for s, port in group.endpoints]
    return groups


def nic_cards(node: Node) -> int:
    """Back-end NIC cards of a server: one per split NIC group, else one per back-end port."""
    return sum(1 if is_split_nic(g.prefix) else g.count for g in node.port_groups if g.plane == "backend")


def split_nic_ports(node: Node, planes: int, plane_gbps: float) -> None:
    """Replace the server's back-end ports be1..beN by N groups of `planes` ports at `plane_gbps`."""
    if planes <= 1:
        return
    groups = []
    for g in node.port_groups:
        if g.plane == "backend" and g.prefix == "be":
            groups += [PortGroup(nic_prefix(i), planes, plane_gbps, g.medium, "backend")
                       for i in range(1, g.count + 1)]
        else:
            groups.append(g)
    node.port_groups = groups


def unsplit_gbps(nic: NICModel, planes: int) -> float:
    """One NIC's speed before it is split into `planes` plane ports: a card with a port per plane is all of its
    ports (a dual-port 200G ConnectX-7 is a 400G NIC in two planes); any other card, its port's speed."""
    return nic.port_gbps * planes if planes > 1 and nic.ports == planes else nic.port_gbps


def reaches_planes(nic: NICModel, planes: int) -> bool:
    """Whether one card of `nic` reaches `planes` switches: a port per plane, or one port that splits so natively."""
    return planes <= 1 or nic.ports >= planes or planes in nic.plane_splits


def plane_card(cat: Catalog, nic: NICModel, planes: int, plane_gbps: float, protocols: tuple[str, ...]) -> NICModel:
    """The card of each NIC of a multi-plane server: `nic` where one card of it reaches the planes, else the catalog's
    card with one port of `plane_gbps` per plane that runs every protocol (the same maker's first, then the cheapest);
    a clear error naming the NIC and the plane count when there is none."""
    if reaches_planes(nic, planes):
        return nic
    fits = [c for c in cat.nics.values() if c.ports == planes and abs(c.port_gbps - plane_gbps) < 1e-6
            and all(c.protocol in SPEAKS[p] for p in protocols)]
    if not fits:
        natives = sorted(c.id for c in cat.nics.values() if planes in c.plane_splits)
        raise ProjectError(Message("error.generate.plane_nic", model=nic.id, planes=planes,
                                   speed=f"{plane_gbps * planes:g}", plane=f"{plane_gbps:g}",
                                   natives=", ".join(natives) or "-"))
    return min(fits, key=lambda c: (c.vendor != nic.vendor, c.price_usd, c.id))


def check_planes(planes: object) -> int:
    """The plane count, or a clear error when it is not one of PLANE_CHOICES."""
    if isinstance(planes, bool) or not isinstance(planes, int) or planes not in PLANE_CHOICES:
        raise ProjectError(Message("error.generate.planes", value=repr(planes),
                                   choices=", ".join(str(p) for p in PLANE_CHOICES)))
    return planes


def plane_spec(cat: Catalog, spec: SwitchSpec, planes: int) -> SwitchSpec:
    """The back-end switch `spec` (chosen for the unsplit link speed) run at 1/planes of it, where the model can
    split its ports that far and the catalog has optics or cables of that speed; else a clear error."""
    if planes == 1:
        return spec
    m = cat.switch(spec.model)
    gbps = spec.endpoint_gbps / planes
    breakout = m.breakout_for(gbps)
    if breakout is None:
        speeds = ", ".join(f"{s:g}" for s in m.speeds_gbps())
        raise ProjectError(Message("error.generate.plane_speed", planes=planes, speed=f"{spec.endpoint_gbps:g}",
                                   plane=f"{gbps:g}", model=spec.model, speeds=speeds))
    if cat.max_reach_m("optics", gbps) is None and cat.max_reach_m("aoc", gbps) is None:
        raise ProjectError(Message("error.generate.plane_cables", planes=planes, plane=f"{gbps:g}"))
    return SwitchSpec(spec.model, m.ports * breakout, gbps, gbps, 1)


def plane_fabrics(servers: list[str], nics: int, planes: int, spec: SwitchSpec, oversubscription: float, *,
                  card: str, two_tiers: bool = False) -> list[ClosBlueprint]:
    """One rail-optimized fabric per plane over port p of every NIC (a `card`); every switch of plane p carries pod
    p and its plane in its id."""
    fabrics = []
    for p in range(1, planes + 1):
        bp = backend_blueprint(PLANE_KIND, servers, nics, spec, oversubscription, fabric_pod=p, two_tiers=two_tiers)
        bp.names = TierNames(f"plane{p}-leaf-", f"plane{p}-spine-")      # plane2-leaf-03: its plane in its name
        on_plane(bp.leaves, p)
        fabrics.append(bp)
    rule = fabrics[0].rule
    fabrics[0].rule = Message("generate.rule.multi_plane", planes=planes, speed=f"{spec.endpoint_gbps:g}",
                              nic=f"{spec.endpoint_gbps * planes:g}", card=card,
                              model=spec.model, ports=spec.ports, plane_rule=rule if rule is not None else "")
    return fabrics
