"""Tier-aware auto-layout: cores on top, then spines, leaves, the servers under their own leaves,
and the front-end plane drawn below the servers.

Positions are node centres in scene units (pixels at 100 % zoom; node icons are about 60 px wide).
Works from roles and links only, so it lays out hand-drawn designs as well as generated ones:
leaves and the servers cabled to them form blocks (a rack, or a rail group), blocks of one pod sit
together with a wider gap between pods, each spine group is centred over the leaves it connects,
front-end tiers are found by distance from the servers. Every row is finally swept so that no two
nodes are closer than `MIN_GAP_X`.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable

from designer.model.document import FabricDocument

SLOT_X = 90.0          # horizontal pitch of nodes in a row
MIN_GAP_X = 80.0       # no two nodes of a row closer than this
ROW_Y = 160.0          # vertical distance between tiers
SERVER_ROW_Y = 90.0    # vertical pitch of wrapped server rows
BLOCK_GAP_X = 40.0     # between the blocks (leaf + its servers) of a pod
POD_GAP_X = 200.0      # between pods

CORE_Y, SPINE_Y, LEAF_Y, SERVER_Y = 0.0, ROW_Y, 2 * ROW_Y, 3 * ROW_Y
GATEWAY_Y = SPINE_Y - ROW_Y / 2
BACKEND_TIERS = ("leaf", "spine", "core")

Position = tuple[float, float]


def auto_layout(doc: FabricDocument) -> dict[str, Position]:
    """Positions for every node of `doc` (the document is not changed)."""
    nodes = doc.nodes
    back: dict[str, list[str]] = defaultdict(list)
    front: dict[str, list[str]] = defaultdict(list)
    for link in doc.links.values():
        adj = front if link.plane == "frontend" else back
        adj[link.a.node].append(link.b.node)
        adj[link.b.node].append(link.a.node)

    def role(node_id: str) -> str | None:
        n = nodes[node_id]
        return n.role if n.kind == "switch" else None

    pos: dict[str, Position] = {}
    leaves = [i for i in nodes if role(i) == "leaf"]
    bottom = _place_blocks(doc, leaves, back, pos)

    # spines grouped by pod, centred over the leaves they connect; then cores over the spines
    for tier, y, below in (("spine", SPINE_Y, "leaf"), ("core", CORE_Y, "spine")):
        groups: dict[object, list[str]] = defaultdict(list)
        for i in nodes:
            if role(i) == tier:
                groups[nodes[i].pod].append(i)
        for members in groups.values():
            xs = [pos[j][0] for i in members for j in back[i] if j in pos and role(j) == below]
            _spread(members, xs, y, pos)

    for i in nodes:  # gateways: between the pods they join, above the spines
        if nodes[i].kind == "gateway":
            xs = [pos[j][0] for j in back[i] if j in pos]
            pos[i] = (sum(xs) / len(xs) if xs else 0.0, GATEWAY_Y)

    right = max((x for x, _ in pos.values()), default=0.0)
    storage = [i for i in nodes if nodes[i].kind == "storage"]
    for k, i in enumerate(storage):  # storage beside the servers, on the first server row
        pos[i] = (right + POD_GAP_X + k * SLOT_X, SERVER_Y)

    bottom = _place_frontend(doc, front, pos, bottom, role)

    leftover = [i for i in nodes if i not in pos]
    for k, i in enumerate(leftover):
        pos[i] = (k * SLOT_X, bottom + ROW_Y)

    _sweep_rows(pos)
    return pos


def _place_blocks(doc: FabricDocument, leaves: list[str], back: dict[str, list[str]],
                  pos: dict[str, Position]) -> float:
    """Leaves with their servers, block by block, pod by pod; returns the y of the lowest server row."""
    nodes = doc.nodes
    parent: dict[str, str] = {}

    def find(a: str) -> str:
        while parent.setdefault(a, a) != a:
            parent[a] = parent[parent[a]]
            a = parent[a]
        return a

    for leaf in leaves:
        find(leaf)
        for other in back[leaf]:
            if nodes[other].kind == "server":
                parent[find(other)] = find(leaf)
    blocks: dict[str, tuple[list[str], list[str]]] = {}
    for leaf in leaves:
        blocks.setdefault(find(leaf), ([], []))[0].append(leaf)
    for i, node in nodes.items():
        if node.kind == "server":
            root = find(i) if i in parent else None
            if root in blocks:
                blocks[root][1].append(i)
            else:
                blocks.setdefault("", ([], []))[1].append(i)  # servers with no leaf: last block

    x, bottom, last_pod = 0.0, SERVER_Y, object()
    for block_leaves, servers in blocks.values():
        pod = nodes[block_leaves[0]].pod if block_leaves else None
        if pos:
            x += POD_GAP_X if pod != last_pod else BLOCK_GAP_X
        last_pod = pod
        m, n = len(block_leaves), len(servers)
        cols = max(1, min(n, max(m, 4, math.ceil(math.sqrt(2 * n)))))
        width = max(m, cols) * SLOT_X
        for k, leaf in enumerate(block_leaves):
            pos[leaf] = (x + (width - m * SLOT_X) / 2 + (k + 0.5) * SLOT_X, LEAF_Y)
        row_width = min(n, cols) * SLOT_X
        for k, server in enumerate(servers):
            row, col = divmod(k, cols)
            y = SERVER_Y + row * SERVER_ROW_Y
            pos[server] = (x + (width - row_width) / 2 + (col + 0.5) * SLOT_X, y)
            bottom = max(bottom, y)
        x += width
    return bottom


def _spread(members: list[str], xs: list[float], y: float, pos: dict[str, Position]) -> None:
    """Members evenly over the span of `xs` (their neighbours), at least SLOT_X apart, centred."""
    if not members:
        return
    lo, hi = (min(xs), max(xs)) if xs else (0.0, 0.0)
    step = (hi - lo) / (len(members) - 1) if len(members) > 1 else 0.0
    if step < SLOT_X:
        step = SLOT_X
        lo = (lo + hi) / 2 - step * (len(members) - 1) / 2
    elif len(members) == 1:
        lo = (lo + hi) / 2
    for k, i in enumerate(members):
        pos[i] = (lo + k * step, y)


def _place_frontend(doc: FabricDocument, front: dict[str, list[str]], pos: dict[str, Position],
                    bottom: float, role: Callable[[str], str | None]) -> float:
    """Front-end switches in rows below the servers, tier by tier (tier = hops from the endpoints)."""
    nodes = doc.nodes
    placed_below = {i for i in pos if nodes[i].kind in ("server", "storage")}
    tier_nodes = [i for i in nodes if nodes[i].kind == "switch" and role(i) == "frontend"]
    tier_nodes += [i for i in nodes if nodes[i].kind == "switch" and role(i) not in ("frontend", *BACKEND_TIERS)
                   and front[i]]
    remaining = set(tier_nodes)
    y = bottom
    while remaining:
        level = [i for i in tier_nodes if i in remaining and any(j in placed_below for j in front[i])]
        if not level:
            break
        y += ROW_Y
        wanted = []
        for i in level:
            xs = [pos[j][0] for j in front[i] if j in placed_below]
            wanted.append((sum(xs) / len(xs), i))
        wanted.sort()
        for x, i in wanted:
            pos[i] = (x, y)
        remaining -= set(level)
        placed_below = set(level)
    return y


def _sweep_rows(pos: dict[str, Position]) -> None:
    """Push nodes of each row right until no two are closer than MIN_GAP_X."""
    rows: dict[float, list[tuple[float, str]]] = defaultdict(list)
    for i, (x, y) in pos.items():
        rows[y].append((x, i))
    for y, row in rows.items():
        row.sort()
        last = -math.inf
        for x, i in row:
            x = max(x, last + MIN_GAP_X)
            pos[i] = (x, y)
            last = x
