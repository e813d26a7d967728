"""Is training across sites viable for this workload, distance and link budget, and what capacity would make it so?

From one simulated training step of a multi-site design, whose data-parallel groups or pipeline stages cross the
sites (designer/sim/site_dp.py, site_pp.py) (its `cross_site_s`, `cross_site_exposed_s`, the steps that
cross the sites, the NIC time of their bytes and the step time) the cross-site time splits into a latency part, the
crossing steps times the bundle's one-way delay, which no capacity shortens, and a bandwidth part, which shrinks as
the capacity grows (while the links, not the senders' windows, limit the flows) down to the senders' NIC rate.
Training across sites counts as viable when the cross-site time the step cannot hide stays within
VIABLE_EXPOSED_SHARE of the step: NVIDIA reports 96 % scaling efficiency for a 340B model trained across two sites
about 1,000 km apart (docs/references.md [nvidia-multi-dc]), so a 5 % budget for what the distance costs.
"""

from __future__ import annotations

import math
from typing import Any

from designer.catalog.loader import load_catalog
from designer.i18n.message import Message
from designer.model.document import FabricDocument
from designer.model.sites import LongHaul

VIABLE_EXPOSED_SHARE = 0.05
# below this share of the bundle's capacity during the exchange, the links were not what held it (windows were)
LINKS_BUSY_SHARE = 0.8


def _credit_bound(doc: FabricDocument, lh: LongHaul) -> bool:
    """Whether the bundle joins InfiniBand sites through plain switches: its links then run at credits / RTT
    (designer/sim/long_haul.py) and more of them would not help."""
    appliance = load_catalog().gateways.get(lh.equipment)
    if appliance is not None and appliance.long_haul == "ib-long-haul":
        return False
    ends = {n for link in doc.links.values() for n in (link.a.node, link.b.node)
            if doc.nodes[link.a.node].site != doc.nodes[link.b.node].site}
    return any(seg.protocol == "ib" and ends & set(seg.nodes) for seg in doc.segments.values())


def cross_site_advice(doc: FabricDocument, entry: dict[str, Any]) -> Message | None:
    """One sentence on a training workload's result (`entry`: a workload of the result JSON), or None when the
    design has no long-haul bundle or the workload did not cross sites."""
    if not doc.long_haul or entry.get("cross_site_s") is None or not entry.get("step_time_s"):
        return None
    lh = doc.long_haul[0]
    step, cross = float(entry["step_time_s"]), float(entry["cross_site_s"])
    exposed = float(entry.get("cross_site_exposed_s") or 0.0)
    mode = "pp" if entry.get("pp_across_sites") == "on" else str(entry.get("dp_across_sites", "flat"))
    facts = dict(km=f"{lh.distance_km:,g}", links=lh.count, gbps=f"{lh.capacity_gbps:,g}",
                 mode=Message(f"advice.cross_site.mode_{mode}"),
                 exposed=f"{exposed * 1e3:.1f}",
                 share=f"{exposed / step:.1%}", target=f"{VIABLE_EXPOSED_SHARE:.0%}")
    if exposed <= VIABLE_EXPOSED_SHARE * step:
        return Message("advice.cross_site.viable", **facts)
    if _credit_bound(doc, lh):
        return Message("advice.cross_site.credits", **facts)
    latency = int(entry.get("cross_site_steps") or 1) * lh.one_way_us * 1e-6
    floor = latency + float(entry.get("cross_site_nic_s") or 0.0)     # at the NICs' rate, whatever the links
    # the exposed time allowed: a share of the step it leaves (the step shrinks as the exposed time does)
    allowed = VIABLE_EXPOSED_SHARE * (step - exposed) / (1 - VIABLE_EXPOSED_SHARE)
    cross_allowed = allowed + (cross - exposed)                         # the hidden part stays hidden
    if cross_allowed <= floor:
        if mode == "hier":
            return Message("advice.cross_site.latency_bound_hier", latency=f"{floor * 1e3:.1f}", **facts)
        return Message("advice.cross_site.latency_bound", latency=f"{floor * 1e3:.1f}", **facts,
                       steps=int(entry.get("cross_site_steps") or 1),
                       remedy=Message(f"advice.cross_site.remedy_{'pp' if mode == 'pp' else 'flat'}"))
    # bytes cross both ways (shards exchanged, activations and gradients): what each direction carried meanwhile
    carried_gbps = float(entry.get("cross_site_bytes") or 0.0) / 2 * 8 / 1e9 / max(cross - latency, 1e-12)
    if entry.get("cross_site_bytes") is not None and carried_gbps < LINKS_BUSY_SHARE * lh.total_gbps:
        return Message("advice.cross_site.window", carried=f"{carried_gbps:,.0f}", total=f"{lh.total_gbps:,g}",
                       rtt=f"{2 * lh.one_way_us / 1e3:.3g}", **facts)
    # the bandwidth part of the exchange shrinks as the capacity grows (while the links limit the flows)
    need_gbps = lh.total_gbps * (cross - latency) / (cross_allowed - latency)
    return Message("advice.cross_site.capacity", need=f"{need_gbps:,.0f}", need_gbps=need_gbps,
                   need_links=math.ceil(need_gbps / lh.capacity_gbps), **facts)
