"""The Ethernet front-end plane: the servers' front-end NICs and the storage, on leaves and spines.

A front-end carries storage, checkpoints, data loading and management, not the collectives, so it is built
oversubscribed 3:1 (the usual 2:1-3:1 of such planes). Every group of endpoints has two leaves, A and B; an
endpoint's front-end ports alternate between them (fe1 on A, fe2 on B, fe3 on A, ...), so a leaf failure
leaves every server and storage node reachable. One group needs no spine: its two leaves are joined by a
peer link of two cables (as an MLAG pair is); more groups get a spine tier, and a third (fe-core) tier when two
cannot hold them.

Sizing from the build settings (designer/model/build_settings.py): front-end bandwidth per GPU gives the
ports per server (two, dual-homed, of the slowest standard speed that carries it; 2 x 200G for 8-GPU servers
at the default 50 Gb/s per GPU, as current reference designs use) and the switch models for that speed;
storage read bandwidth per GPU gives the number of storage appliances (at least two).
"""

from __future__ import annotations

import math

from designer.catalog.loader import Catalog
from designer.i18n.message import Message
from designer.model.errors import ProjectError
from designer.topology.clos import FRONTEND_NAMES, ClosBlueprint, LeafGroup, blueprint, lanes_per_leaf
from designer.topology.sizing import SizingError, SwitchSpec, balanced
from designer.topology.wiring import CROSS_RACK_AOC

FRONTEND_MODELS = {100: ("7050cx3", "7060cx-64"), 200: ("sn4600", "sn4600"), 400: ("sn5600", "sn5600")}
FRONTEND_SPEEDS = tuple(sorted(FRONTEND_MODELS))
FRONTEND_OVERSUBSCRIPTION = 3.0
FRONTEND_PORTS = 2                  # dual-homed
PEER_LINKS = 2                      # between the two leaves of a one-pair front-end (MLAG-style peer link)
STORAGE_MODEL = "nvme-ai400"
MIN_STORAGE_NODES = 2


def frontend_ports(gpus_per_server: int, gbps_per_gpu: float) -> tuple[int, float]:
    """(ports, speed) of a server's front-end: two ports of the slowest standard speed carrying the bandwidth,
    more 400G ports beyond 800G."""
    need = gpus_per_server * gbps_per_gpu
    for speed in FRONTEND_SPEEDS:
        if FRONTEND_PORTS * speed >= need - 1e-9:
            return FRONTEND_PORTS, float(speed)
    top = FRONTEND_SPEEDS[-1]
    return max(FRONTEND_PORTS, math.ceil(need / top)), float(top)


def storage_nodes(cat: Catalog, gpus: int, gbps_per_gpu: float, model_id: str = STORAGE_MODEL) -> int:
    """Storage appliances for the read bandwidth `gpus` x `gbps_per_gpu`, at least two."""
    throughput = cat.storage_model(model_id).throughput_gbps
    if throughput <= 0:
        return MIN_STORAGE_NODES
    return max(MIN_STORAGE_NODES, math.ceil(gpus * gbps_per_gpu / throughput - 1e-9))


def frontend_spec(cat: Catalog, model_id: str, speed_gbps: float) -> SwitchSpec:
    """A front-end switch run at the endpoints' front-end port speed."""
    m = cat.switch(model_id)
    breakout = m.breakout_for(speed_gbps)
    if breakout is None:
        raise ProjectError(Message("error.generate.frontend_speed", model=model_id, speed=f"{speed_gbps:g}"))
    return SwitchSpec(model_id, m.ports * breakout, m.port_gbps / breakout, speed_gbps, 1)


def frontend_blueprint(cat: Catalog, endpoints: list[tuple[str, int]], speed_gbps: float) -> ClosBlueprint:
    """Front-end fabric over `endpoints` = (node id, number of front-end ports fe1..feN)."""
    leaf_model, spine_model = FRONTEND_MODELS.get(int(speed_gbps), FRONTEND_MODELS[100])
    leaf, spine = frontend_spec(cat, leaf_model, speed_gbps), frontend_spec(cat, spine_model, speed_gbps)
    groups = _leaf_pairs(endpoints, lanes_per_leaf(leaf, FRONTEND_OVERSUBSCRIPTION))

    def tiered(tiers: int) -> ClosBlueprint:
        return blueprint(groups, leaf, spine, spine, FRONTEND_OVERSUBSCRIPTION, tiers=tiers, plane="frontend",
                         names=FRONTEND_NAMES, endpoint_cable=CROSS_RACK_AOC)

    if len(groups) <= 2:
        bp = tiered(1)
        bp.rule = Message("generate.rule.frontend_one_pair")
        bp.peer_links = PEER_LINKS if len(groups) == 2 else 0
        return bp
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


def _leaf_pairs(endpoints: list[tuple[str, int]], down_ports: int) -> list[LeafGroup]:
    """Endpoints packed into groups whose A-side ports fit a leaf's down ports; two leaves (A, B) per group."""
    pairs: list[tuple[list[tuple[str, str]], list[tuple[str, str]]]] = []
    for node, n in endpoints:
        side_a = [(node, f"fe{i + 1}") for i in range(0, n, 2)]
        side_b = [(node, f"fe{i + 1}") for i in range(1, n, 2)]
        if not pairs or len(pairs[-1][0]) + len(side_a) > down_ports:
            pairs.append(([], []))
        pairs[-1][0].extend(side_a)
        pairs[-1][1].extend(side_b)
    return [LeafGroup(ends) for a, b in pairs for ends in (a, b) if ends]
