"""Tier-aware auto-layout: cores on top, then spines, leaves, the servers under their own leaves,
and the front-end plane drawn below the servers.

Positions are node centres in scene units (pixels at 100 % zoom; node icons are about 60 px wide).
Storage sits in rows under the servers, the front-end below it.
Works from roles and links only, so it lays out hand-drawn designs as well as generated ones:
leaves and the servers cabled to them form blocks (a rack, or a rail group), blocks of one pod sit
together with a wider gap between pods, each spine group is centred over the leaves it connects,
front-end tiers are found by distance from the servers. Every row is finally swept so that no two
nodes are closer than `MIN_GAP_X`.

A large fabric does not fit one row of blocks on a screen (1,024 GPUs made a strip nine times wider than high,
16,384 a strip a hundred times wider). The blocks then wrap into bands, pod by pod (a pod wider than a band wraps
rack by rack), the number of bands chosen so that the drawing's proportions come nearest a screen's; each band
has its own spine, leaf and server rows, and a spine group sits over the first band that holds its leaves.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable

from designer.model.document import FabricDocument
from designer.topology.disjoint_sets import DisjointSets

SLOT_X = 90.0          # horizontal pitch of nodes in a row
MIN_GAP_X = 80.0       # no two nodes of a row closer than this
ROW_Y = 160.0          # vertical distance between tiers
SERVER_ROW_Y = 90.0    # vertical pitch of wrapped server rows
BLOCK_GAP_X = 40.0     # between the blocks (leaf + its servers) of a pod
POD_GAP_X = 200.0      # between pods
PLANE_GAP_X = 120.0    # between the leaves of two planes over the same servers (multi-plane)
STORAGE_DROP_Y = 100.0   # from the last server row to the first storage row: clear of the back-end's outline
BAND_GAP_Y = 120.0     # between a band's last server row and the next band's spine row
SCREEN_ASPECT = 1.6    # width / height the wrapped drawing aims at (a 16:10 screen)
MAX_BANDS = 64

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
    bottom, band_of = _place_blocks(doc, leaves, back, pos)

    # spines grouped by pod, centred over the leaves they connect in the first band that holds them;
    # then cores over the spines, on top of everything
    for tier, y, below in (("spine", SPINE_Y, "leaf"), ("core", CORE_Y, "spine")):
        groups: dict[object, list[str]] = defaultdict(list)
        for i in nodes:
            if role(i) == tier:
                groups[nodes[i].pod].append(i)
        for members in groups.values():
            under = [j for i in members for j in back[i] if j in pos and role(j) == below]
            band = min((band_of.get(j, 0) for j in under), default=0) if tier == "spine" else 0
            xs = [pos[j][0] for j in under if tier != "spine" or band_of.get(j, 0) == band]
            _spread(members, xs, y + band * band_pitch_of(pos, band_of), pos)

    # gateways: between the pods they join, a row above the highest switches they join (half a row up, they sat
    # where the segments' name tags are drawn, over the top of their outlines)
    for i in nodes:
        if nodes[i].kind == "gateway":
            joined = [pos[j] for j in back[i] if j in pos]
            x = sum(p[0] for p in joined) / len(joined) if joined else 0.0
            pos[i] = (x, min(p[1] for p in joined) - ROW_Y if joined else GATEWAY_Y)

    bottom = _place_storage([i for i in nodes if nodes[i].kind == "storage"], pos, bottom)
    bottom = _place_frontend(doc, front, pos, bottom, role)

    leftover = [i for i in nodes if i not in pos]
    for k, i in enumerate(leftover):
        pos[i] = (k * SLOT_X, bottom + ROW_Y)

    _sweep_rows(pos)
    return pos


def _blocks(doc: FabricDocument, leaves: list[str], back: dict[str, list[str]]) -> list[tuple[list[str], list[str]]]:
    """(leaves, servers) of each block: leaves joined by the servers cabled to them (a rack, or a rail group);
    servers with no leaf make a last block."""
    nodes = doc.nodes
    sets: DisjointSets[str] = DisjointSets()
    find = sets.find
    for leaf in leaves:
        find(leaf)
        for other in back[leaf]:
            if nodes[other].kind == "server":
                sets.union(other, leaf)
    blocks: dict[str, tuple[list[str], list[str]]] = {}
    for leaf in leaves:
        blocks.setdefault(find(leaf), ([], []))[0].append(leaf)
    for i, node in nodes.items():
        if node.kind == "server":
            root = find(i) if i in sets.parent else None
            if root in blocks:
                blocks[root][1].append(i)
            else:
                blocks.setdefault("", ([], []))[1].append(i)  # servers with no leaf: last block
    return list(blocks.values())


def _block_shape(m: int, n: int) -> tuple[int, float, int]:
    """(server columns, width, server rows) of a block of `m` leaves and `n` servers."""
    cols = max(1, min(n, max(m, 4, math.ceil(math.sqrt(2 * n)))))
    return cols, max(m, cols) * SLOT_X, max(1, math.ceil(n / cols))


def _bands(pods: list[float], widths: list[list[float]], rows: int) -> list[list[tuple[int, int]]]:
    """Blocks wrapped into bands: (pod, block) indexes per band. A pod stays in one band when it fits the band
    width; a wider pod wraps block by block. The band width is the one whose drawing is nearest SCREEN_ASPECT."""
    total = sum(pods) + POD_GAP_X * (len(pods) - 1)
    band_h = (LEAF_Y - SPINE_Y) + (SERVER_Y - LEAF_Y) + rows * SERVER_ROW_Y + BAND_GAP_Y
    best: tuple[float, list[list[tuple[int, int]]]] = (math.inf, [])
    for k in range(1, MAX_BANDS + 1):
        limit = max(total / k, max(max(w) for w in widths))
        bands = _wrap(pods, widths, limit)
        width = max(sum(widths[p][b] for p, b in band) for band in bands)
        aspect = width / (SPINE_Y + len(bands) * band_h)
        score = abs(math.log(aspect / SCREEN_ASPECT))
        if score < best[0] - 1e-9:
            best = (score, bands)
        if aspect < SCREEN_ASPECT:
            break
    return best[1]


def _wrap(pods: list[float], widths: list[list[float]], limit: float) -> list[list[tuple[int, int]]]:
    bands: list[list[tuple[int, int]]] = [[]]
    used = 0.0
    for p, pod_width in enumerate(pods):
        gap = POD_GAP_X if bands[-1] else 0.0
        if bands[-1] and used + gap + pod_width > limit:
            bands.append([])
            used, gap = 0.0, 0.0
        for b, w in enumerate(widths[p]):
            step = (BLOCK_GAP_X if b else gap) if bands[-1] else 0.0
            if bands[-1] and used + step + w > limit:
                bands.append([])
                used, step = 0.0, 0.0
            bands[-1].append((p, b))
            used += step + w
    return bands


def band_pitch_of(pos: dict[str, Position], band_of: dict[str, int]) -> float:
    """Vertical distance between two bands (0 with one band), read back from where the leaves were placed."""
    rows: dict[int, float] = {}
    for i, b in band_of.items():
        rows.setdefault(b, pos[i][1])
    return rows[1] - rows[0] if 1 in rows and 0 in rows else 0.0


def _place_blocks(doc: FabricDocument, leaves: list[str], back: dict[str, list[str]],
                  pos: dict[str, Position]) -> tuple[float, dict[str, int]]:
    """Leaves with their servers, block by block, pod by pod, in bands; returns the y of the lowest server row
    and the band of each leaf."""
    nodes = doc.nodes
    by_pod: dict[object, list[tuple[list[str], list[str]]]] = {}
    for block in _blocks(doc, leaves, back):
        block_leaves = block[0]
        by_pod.setdefault(nodes[block_leaves[0]].pod if block_leaves else None, []).append(block)
    pods = list(by_pod.values())
    shapes = [[_block_shape(len(bl), len(sv)) for bl, sv in pod] for pod in pods]
    widths = [[w for _, w, _ in pod] for pod in shapes]
    pod_widths = [sum(w) + BLOCK_GAP_X * (len(w) - 1) for w in widths]
    rows = max((r for pod in shapes for _, _, r in pod), default=1)
    band_pitch = (LEAF_Y - SPINE_Y) + (SERVER_Y - LEAF_Y) + rows * SERVER_ROW_Y + BAND_GAP_Y
    bottom, band_of = SERVER_Y, {}
    for band_index, band in enumerate(_bands(pod_widths, widths, rows) if pods else []):
        x, last_pod, dy = 0.0, None, band_index * band_pitch
        for p, b in band:
            if last_pod is not None:
                x += POD_GAP_X if p != last_pod else BLOCK_GAP_X
            last_pod = p
            block_leaves, servers = pods[p][b]
            cols, width, _ = shapes[p][b]
            m, n = len(block_leaves), len(servers)
            gaps = _plane_gaps([nodes[leaf].pod for leaf in block_leaves])
            row_w = m * SLOT_X + (gaps[-1] if gaps else 0.0)
            for k, leaf in enumerate(block_leaves):
                pos[leaf] = (x + (width - row_w) / 2 + (k + 0.5) * SLOT_X + gaps[k], LEAF_Y + dy)
                band_of[leaf] = band_index
            row_width = min(n, cols) * SLOT_X
            for k, server in enumerate(servers):
                row, col = divmod(k, cols)
                y = SERVER_Y + dy + row * SERVER_ROW_Y
                pos[server] = (x + (width - row_width) / 2 + (col + 0.5) * SLOT_X, y)
                bottom = max(bottom, y)
            x += width
    return bottom, band_of


def _plane_gaps(pods: list[int | None]) -> list[float]:
    """Extra x offset of each leaf of a block's row: PLANE_GAP_X more after each change of pod, so the planes of a
    multi-plane design (one pod per plane, every server on each) stand apart over their shared servers."""
    gaps, extra = [], 0.0
    for k, pod in enumerate(pods):
        if k and pod != pods[k - 1]:
            extra += PLANE_GAP_X
        gaps.append(extra)
    return gaps


def _place_storage(storage: list[str], pos: dict[str, Position], bottom: float) -> float:
    """Storage in rows under the last servers, as wide as the fabric (a large cluster's tens of storage nodes
    would otherwise stretch one row far past it), centred; returns the new bottom."""
    if not storage:
        return bottom
    xs = [x for x, _ in pos.values()] or [0.0]
    per_row = max(1, int((max(xs) - min(xs)) // SLOT_X) + 1)
    rows = math.ceil(len(storage) / per_row)
    per_row = math.ceil(len(storage) / rows)          # rows of even length
    centre = (min(xs) + max(xs)) / 2
    for k, i in enumerate(storage):
        row, col = divmod(k, per_row)
        in_row = min(per_row, len(storage) - row * per_row)
        pos[i] = (centre + (col - (in_row - 1) / 2) * SLOT_X, bottom + STORAGE_DROP_Y + row * SERVER_ROW_Y)
    return bottom + STORAGE_DROP_Y + (rows - 1) * SERVER_ROW_Y


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
        _place_tier(level, [[j for j in front[i] if j in placed_below] for i in level], y, pos)
        remaining -= set(level)
        placed_below = set(level)
    return y


def _place_tier(level: list[str], below: list[list[str]], y: float, pos: dict[str, Position]) -> None:
    """One front-end tier: switches cabled to the same nodes below (a leaf pair A/B, the spines of a plane) side by
    side as one group, the groups in the order of where their nodes below lie, each centred in an equal share of
    the width those nodes take. At their nodes' mean places instead, groups whose servers lie on both sides of the
    drawing crowded its middle and their cables crossed."""
    groups: dict[frozenset[str], list[str]] = {}
    for i, nodes_below in zip(level, below, strict=True):
        groups.setdefault(frozenset(nodes_below), []).append(i)
    mean_x = {key: sum(pos[j][0] for j in key) / len(key) for key in groups}
    order = sorted(groups, key=lambda key: (mean_x[key], groups[key][0]))
    xs = [pos[j][0] for key in order for j in key]
    lo, share = min(xs), (max(xs) - min(xs)) / len(order)
    for k, key in enumerate(order):
        members = groups[key]
        centre = lo + (k + 0.5) * share
        for m, i in enumerate(members):
            pos[i] = (centre + (m - (len(members) - 1) / 2) * SLOT_X, y)


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
