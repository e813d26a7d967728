"""Rule on multi-plane servers: the ports a NIC is split into must reach independent planes.

A multi-plane NIC (designer/topology/multi_plane.py) spreads a connection over its plane ports because each reaches
a fabric of its own; two of them cabled into one connected fabric are not independent planes (one switch failure can
take both, and their traffic shares switches the design counted as separate).
"""

from __future__ import annotations

import networkx as nx

from designer.topology.multi_plane import is_split_nic
from designer.topology.rules.finding import CheckContext, Finding, Names, finding

RULES = {
    "plane-shared": "Ports of one multi-plane NIC reach the same back-end fabric, so its planes are not independent.",
}


def check(ctx: CheckContext) -> list[Finding]:
    split = [s for s in ctx.servers() if any(is_split_nic(g.prefix) for g in s.port_groups)]
    if not split:
        return []
    part = _fabric_of_switch(ctx)
    shared: list[str] = []
    nics = 0
    for server in split:
        reached: dict[str, str] = {}
        for link in ctx.links_by_node[server.id]:
            own, other = (link.a, link.b) if link.a.node == server.id else (link.b, link.a)
            if link.plane == "backend" and other.node in part:
                reached[own.port] = part[other.node]
        bad = sum(1 for g in server.port_groups if is_split_nic(g.prefix)
                  and _shares(g.prefix, g.count, reached))
        if bad:
            shared.append(server.id)
            nics += bad
    if not shared:
        return []
    return [finding("plane-shared", "warning", "finding.plane-shared.detail", nodes=tuple(shared), value=float(nics),
                    servers=len(shared), nics=nics, names=Names([ctx.name(n) for n in shared]))]


def _shares(prefix: str, count: int, reached: dict[str, str]) -> bool:
    fabrics = [reached[f"{prefix}{k}"] for k in range(1, count + 1) if f"{prefix}{k}" in reached]
    return len(set(fabrics)) < len(fabrics)


def _fabric_of_switch(ctx: CheckContext) -> dict[str, str]:
    """Each back-end switch's connected fabric (switch-to-switch back-end links), named by a member."""
    graph = nx.Graph()
    switches = {nid for nid, n in ctx.doc.nodes.items() if n.kind == "switch" and n.role != "frontend"}
    graph.add_nodes_from(switches)
    for link in ctx.doc.links.values():
        if link.plane == "backend" and link.a.node in switches and link.b.node in switches:
            graph.add_edge(link.a.node, link.b.node)
    return {nid: min(comp) for comp in nx.connected_components(graph) for nid in comp}
