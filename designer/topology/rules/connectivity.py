"""Rules on reachability: every back-end NIC cabled, one connected back-end, a front-end link per server."""

from __future__ import annotations

import networkx as nx

from designer.topology.rules.finding import CheckContext, Finding, Names, finding

RULES = {
    "nic-unconnected": "A GPU server has back-end NICs without a link.",
    "backend-disconnected": "Some GPU servers cannot reach each other over the back-end (gateways allowed).",
    "frontend-missing": "A GPU server has no front-end link.",
}


def check(ctx: CheckContext) -> list[Finding]:
    return _unconnected_nics(ctx) + _disconnected(ctx) + _frontend(ctx)


def _unconnected_nics(ctx: CheckContext) -> list[Finding]:
    idle: list[str] = []
    idle_ports = 0
    for server in ctx.servers():
        used = {e.port for link in ctx.links_by_node[server.id] for e in (link.a, link.b) if e.node == server.id}
        free = [p for p in server.backend_ports() if p.name not in used]
        if free:
            idle.append(server.id)
            idle_ports += len(free)
    if not idle:
        return []
    return [finding("nic-unconnected", "warning", "finding.nic-unconnected.detail",
                    nodes=tuple(idle), value=float(idle_ports), servers=len(idle), nics=idle_ports,
                    names=Names([ctx.name(n) for n in idle]))]


def _transit_graph(ctx: CheckContext) -> nx.Graph:
    """Who can reach whom on the back-end: back-end links, plus whatever a gateway joins.

    A gateway may bridge an IB pod and a RoCEv2 pod through the Ethernet front-end, so links of a
    gateway and the front-end's switch-to-switch links count as well. A server is a node of the
    graph too: inside the box NVLink joins its NICs (rail-only designs rely on that).
    """
    graph = nx.Graph()
    graph.add_nodes_from(ctx.doc.nodes)
    kinds = {nid: n.kind for nid, n in ctx.doc.nodes.items()}
    for link in ctx.doc.links.values():
        ka, kb = kinds.get(link.a.node), kinds.get(link.b.node)
        if ka is None or kb is None:
            continue
        if link.plane == "backend" or "gateway" in (ka, kb) or (ka == kb == "switch"):
            graph.add_edge(link.a.node, link.b.node)
    return graph


def _disconnected(ctx: CheckContext) -> list[Finding]:
    servers = [s.id for s in ctx.servers() if s.backend_ports()]
    if len(servers) < 2:
        return []
    graph = _transit_graph(ctx)
    component_of: dict[str, int] = {}
    for i, component in enumerate(nx.connected_components(graph)):
        for nid in component:
            component_of[nid] = i
    groups: dict[int, list[str]] = {}
    for sid in servers:
        groups.setdefault(component_of[sid], []).append(sid)
    if len(groups) == 1:
        return []
    # The largest island (ties: the one holding the first server) is "the back-end"; the rest are cut off.
    main = max(groups, key=lambda c: (len(groups[c]), -servers.index(groups[c][0])))
    cut = [sid for c, members in groups.items() if c != main for sid in members]
    return [finding("backend-disconnected", "error", "finding.backend-disconnected.detail",
                    nodes=tuple(cut), value=float(len(groups)), islands=len(groups), count=len(cut),
                    names=Names([ctx.name(n) for n in cut]), largest=len(groups[main]))]


def _frontend(ctx: CheckContext) -> list[Finding]:
    missing = [s.id for s in ctx.servers()
               if not any(link.plane == "frontend" for link in ctx.links_by_node[s.id])]
    if not missing:
        return []
    return [finding("frontend-missing", "warning", "finding.frontend-missing.detail",
                    nodes=tuple(missing), value=float(len(missing)), count=len(missing),
                    names=Names([ctx.name(n) for n in missing]))]
