"""The Ethernet front-end plane: servers' front-end NICs and storage on 100G leaves and spines.

A front-end carries storage, checkpoints, data loading and management, not the collectives, so it is
built oversubscribed 3:1 (24 down / 8 up on a 32-port leaf), the usual 2:1-3:1 of such planes.
Servers are dual-homed: a group of servers shares one leaf per front-end NIC index (fe1 on the
first leaf of the group, fe2 on the second), so a leaf failure leaves every server reachable.
Large front-ends that outgrow two tiers get a third (fe-core) tier.
"""

from __future__ import annotations

from designer.catalog.loader import Catalog
from designer.topology.clos import FRONTEND_NAMES, ClosBlueprint, LeafGroup, blueprint, lanes_per_leaf
from designer.topology.sizing import SizingError, SwitchSpec, balanced
from designer.topology.wiring import CROSS_RACK_AOC

FRONTEND_LEAF_MODEL = "7050cx3"      # 32 x 100G
FRONTEND_SPINE_MODEL = "7060cx-64"   # 64 x 100G
FRONTEND_OVERSUBSCRIPTION = 3.0
STORAGE_MODEL = "nvme-400"
STORAGE_NODES = 2


def frontend_spec(cat: Catalog, model_id: str, speed_gbps: float) -> SwitchSpec:
    """A front-end switch run at the servers' front-end NIC speed."""
    m = cat.switch(model_id)
    breakout = m.breakout_for(speed_gbps) or 1
    return SwitchSpec(model_id, m.ports * breakout, m.port_gbps / breakout, speed_gbps, 1)


def frontend_blueprint(cat: Catalog, endpoints: list[tuple[str, int]], speed_gbps: float) -> ClosBlueprint:
    """Front-end fabric over `endpoints` = (node id, number of front-end ports fe1..feN)."""
    leaf = frontend_spec(cat, FRONTEND_LEAF_MODEL, speed_gbps)
    spine = frontend_spec(cat, FRONTEND_SPINE_MODEL, speed_gbps)
    per_group = lanes_per_leaf(leaf, FRONTEND_OVERSUBSCRIPTION)
    rails = max((n for _, n in endpoints), default=0)
    groups: list[LeafGroup] = []
    n_groups = -(-len(endpoints) // per_group)
    start = 0
    for size in balanced(len(endpoints), n_groups):
        members = endpoints[start:start + size]
        start += size
        for i in range(rails):
            ends = [(node, f"fe{i + 1}") for node, n in members if n > i]
            if ends:
                groups.append(LeafGroup(ends))
    def tiered(tiers: int) -> ClosBlueprint:
        return blueprint(groups, leaf, spine, spine, FRONTEND_OVERSUBSCRIPTION, tiers=tiers, plane="frontend",
                         names=FRONTEND_NAMES, endpoint_cable=CROSS_RACK_AOC)

    try:
        return tiered(2)
    except SizingError:
        per_pod = spine.ports // 2
        pods = -(-len(groups) // per_pod)
        i = 0
        for pod, n in enumerate(balanced(len(groups), pods)):
            for g in groups[i:i + n]:
                g.pod = pod
            i += n
        return tiered(3)
