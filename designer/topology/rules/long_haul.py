"""Rules on long-haul links between sites: bundles and their cables, equipment and optics, and what the distance asks
of each protocol's flow control.

- RoCEv2 with PFC (a lossless class): a port must hold, above Xoff, every byte the far end sends before its PAUSE
  arrives: about twice the link rate times the one-way delay plus two frames (the IEEE 802.1Qbb buffer model of
  designer/topology/headroom.py; docs/references.md [ieee-802.1qbb]). At 400 Gb/s over 100 km (500 us one way)
  that is about 50 MB per port; when the long-haul ports of the switch at the end need more than its whole buffer,
  a lossless class across the span is impossible there.
- InfiniBand: a sender transmits only against credits the receiver advertised, so a link runs at most at
  credits / RTT. A plain switch port advertises a few hundred KB per virtual lane; across 100 km at 400 Gb/s a
  link needs ~50 MB in flight. Long-haul appliances of the MetroX class carry the credits over the span
  (docs/references.md [ibta], [metrox]).
"""

from __future__ import annotations

from dataclasses import dataclass

from designer.catalog.loader import Catalog
from designer.model.links import Link
from designer.model.sites import PROPAGATION_US_PER_KM, LongHaul, bundle_between, crosses_sites
from designer.topology.headroom import frame_bytes, required_headroom_bytes
from designer.topology.rules.finding import CheckContext, Finding, finding, finding_of

RULES = {
    "long-haul-bundle": "A link joins two sites that no long-haul bundle joins, or a bundle's cables differ from what "
                        "it declares.",
    "long-haul-equipment": "A long-haul bundle's equipment or optics are not in the catalog, or do not reach its "
                           "distance or speed.",
    "long-haul-pfc": "A lossless RoCEv2 class across a long-haul link needs more PFC headroom than the switch at its "
                     "end can hold (IEEE 802.1Qbb buffer model).",
    "long-haul-credits": "An InfiniBand link across sites needs more bytes in flight than a plain switch port's "
                         "credits cover; long-haul appliances are needed.",
    "site-floors": "A link joins a device of a site to a device of no site: Plan racks stands them on different floors "
                   "and leaves the link's cable and length as drawn.",
}
MIB = 2**20         # catalog buffers are in MiB, as the engine reads them (designer/sim/compile.py)
MB = 1e6            # what a port needs is shown in MB of 10^6 bytes, as headroom calculators give it


def check(ctx: CheckContext) -> list[Finding]:
    if not ctx.doc.sites and not ctx.doc.long_haul:
        return []
    by_bundle, orphans = _cross_site_links(ctx)
    out = _orphans(orphans) + _between_floors(ctx)
    for lh in ctx.doc.long_haul:
        links = by_bundle.get(lh.id, [])
        out += _declared(lh, links) + _equipment(ctx.catalog, lh)
        out += _pfc(ctx, lh, links) + _credits(ctx, lh, links)
    return out


def _cross_site_links(ctx: CheckContext) -> tuple[dict[str, list[Link]], list[Link]]:
    by_bundle: dict[str, list[Link]] = {}
    orphans: list[Link] = []
    for link in ctx.doc.links.values():
        a, b = ctx.doc.nodes.get(link.a.node), ctx.doc.nodes.get(link.b.node)
        if a is None or b is None or not crosses_sites(a.site, b.site):
            continue
        lh = bundle_between(ctx.doc.long_haul, a.site, b.site)
        if lh is None:
            orphans.append(link)
        else:
            by_bundle.setdefault(lh.id, []).append(link)
    return by_bundle, orphans


def _orphans(links: list[Link]) -> list[Finding]:
    if not links:
        return []
    return [finding("long-haul-bundle", "error", "finding.long-haul-bundle.orphan", links=tuple(lk.id for lk in links),
                    count=len(links), link=links[0].id)]


def _between_floors(ctx: CheckContext) -> list[Finding]:
    """Links from a device of a site to one of no site: each stands on its own floor (topology/racks/planner.py), so
    no run between them is measured and the fit leaves their cable as drawn."""
    links = [lk for lk in ctx.doc.links.values() if _one_sited(ctx, lk)]
    if not links:
        return []
    return [finding("site-floors", "warning", "finding.site-floors.detail", links=tuple(lk.id for lk in links),
                    count=len(links), link=links[0].id)]


def _one_sited(ctx: CheckContext, link: Link) -> bool:
    a, b = ctx.doc.nodes.get(link.a.node), ctx.doc.nodes.get(link.b.node)
    return a is not None and b is not None and (a.site is None) != (b.site is None)


def _declared(lh: LongHaul, links: list[Link]) -> list[Finding]:
    speeds = sorted({lk.speed_gbps for lk in links})
    if len(links) == lh.count and speeds == [lh.capacity_gbps]:
        return []
    return [finding("long-haul-bundle", "warning", "finding.long-haul-bundle.detail",
                    links=tuple(lk.id for lk in links), bundle=lh.id, declared=lh.count, gbps=lh.capacity_gbps,
                    cabled=len(links),
                    speeds=", ".join(f"{s:g}" for s in speeds) or "-")]


def _equipment(cat: Catalog, lh: LongHaul) -> list[Finding]:
    out: list[Finding] = []
    gw = cat.gateways.get(lh.equipment)
    if lh.equipment not in cat.switches and (gw is None or not gw.long_haul):
        out.append(finding("long-haul-equipment", "error", "finding.long-haul-equipment.unknown", bundle=lh.id,
                           model=lh.equipment))
    elif gw is not None and gw.max_reach_km and lh.distance_km > gw.max_reach_km:
        out.append(finding("long-haul-equipment", "error", "finding.long-haul-equipment.reach", bundle=lh.id,
                           model=gw.model, reach=gw.max_reach_km, km=lh.distance_km))
    optics = cat.long_haul_optics.get(lh.optics) if lh.optics else None
    if lh.optics and optics is None:
        out.append(finding("long-haul-equipment", "error", "finding.long-haul-equipment.unknown", bundle=lh.id,
                           model=lh.optics))
    elif optics is not None and (optics.max_reach_km < lh.distance_km or optics.line_gbps < lh.capacity_gbps):
        out.append(finding("long-haul-equipment", "error", "finding.long-haul-equipment.optics", bundle=lh.id,
                           model=optics.model, reach=optics.max_reach_km, line=optics.line_gbps, km=lh.distance_km,
                           gbps=lh.capacity_gbps))
    return out


@dataclass
class _End:
    """One node at an end of a bundle: its long-haul ports and the bytes each must hold."""

    node: str
    ports: int = 0
    need_B: float = 0.0
    speed_gbps: float = 0.0


def _ends(ctx: CheckContext, lh: LongHaul, links: list[Link], protocol: str) -> list[_End]:
    """The nodes at the ends of the bundle's links whose segment runs `protocol`, with what each port must hold:
    PFC headroom (rocev2, with the segment's MTU) or the bytes in flight over one RTT (ib)."""
    ends: dict[str, _End] = {}
    for link in links:
        for nid in (link.a.node, link.b.node):
            seg = ctx.segment_of.get(nid)
            if seg is None or seg.protocol != protocol or (protocol == "rocev2" and not seg.rocev2.pfc):
                continue
            if protocol == "rocev2":
                need = required_headroom_bytes(link.speed_gbps, lh.distance_km * 1000.0,
                                               frame_bytes(seg.rocev2.mtu_bytes))
            else:
                need = link.speed_gbps / 8.0 * 1e3 * 2.0 * lh.distance_km * PROPAGATION_US_PER_KM
            end = ends.setdefault(nid, _End(nid))
            end.ports += 1
            end.need_B, end.speed_gbps = max(end.need_B, need), max(end.speed_gbps, link.speed_gbps)
    return list(ends.values())


def _buffer_mb(ctx: CheckContext, node_id: str) -> tuple[str, float | None]:
    """The catalog model's name and packet buffer (MB) of a switch or gateway; None when not published."""
    node = ctx.doc.nodes[node_id]
    record = ctx.catalog.switches.get(node.model) if node.kind == "switch" else ctx.catalog.gateways.get(node.model)
    if record is None:
        return node.model, None
    return record.model, record.buffer_mb


def _pfc(ctx: CheckContext, lh: LongHaul, links: list[Link]) -> list[Finding]:
    out: list[Finding] = []
    for end in _ends(ctx, lh, links, "rocev2"):
        model, buffer_mb = _buffer_mb(ctx, end.node)
        name = ctx.doc.nodes[end.node].display_name
        common: tuple[tuple[str, object], ...] = (
            ("node", name), ("model", model), ("km", lh.distance_km), ("ports", end.ports),
            ("speed", end.speed_gbps), ("need", end.need_B / MB), ("total", end.ports * end.need_B / MB))
        if buffer_mb is None:
            out.append(finding_of("long-haul-pfc", "warning", "finding.long-haul-pfc.unknown", common,
                                  nodes=(end.node,)))
        elif end.ports * end.need_B > buffer_mb * MIB:
            out.append(finding_of("long-haul-pfc", "error", "finding.long-haul-pfc.detail",
                                  (*common, ("buffer", buffer_mb)), nodes=(end.node,), value=round(end.need_B / MB, 3)))
    return out


def _credits(ctx: CheckContext, lh: LongHaul, links: list[Link]) -> list[Finding]:
    out: list[Finding] = []
    for end in _ends(ctx, lh, links, "ib"):
        node = ctx.doc.nodes[end.node]
        gw = ctx.catalog.gateways.get(node.model) if node.kind == "gateway" else None
        if gw is not None and gw.long_haul == "ib-long-haul":
            continue            # the appliance holds the long-haul credits (its reach: long-haul-equipment)
        seg = ctx.segment_of[end.node]
        credits_B = seg.ib.credit_buffer_kb * 1024.0
        if end.need_B <= credits_B:
            continue
        rtt_s = 2.0 * lh.distance_km * PROPAGATION_US_PER_KM * 1e-6
        out.append(finding("long-haul-credits", "error", "finding.long-haul-credits.detail", nodes=(end.node,),
                           value=round(end.need_B / MB, 3), node=node.display_name, km=lh.distance_km,
                           speed=end.speed_gbps, need=end.need_B / MB, credits=seg.ib.credit_buffer_kb,
                           rate=credits_B * 8.0 / rtt_s / 1e9))
    return out
