"""Tier-aware auto-layout: level tiers, servers under their leaves, front-end below, no overlaps."""

from __future__ import annotations

import math
from collections import defaultdict

import pytest

from designer.catalog.instantiate import server_node, switch_node
from designer.catalog.loader import load_catalog
from designer.model.document import FabricDocument
from designer.model.links import Endpoint, Link
from designer.topology import auto_layout, generate
from designer.topology.layout import MIN_GAP_X

DESIGNS = [
    ("leaf-spine", "rocev2", 64),
    ("fat-tree", "ib", 256),
    ("fat-tree-3", "ib", 2048),
    ("rail-optimized", "rocev2", 1024),
    ("leaf-spine", "hybrid", 128),
    ("fat-tree", "rocev2", 200),
]


def _ys(doc, pos, pred):
    return {pos[n.id][1] for n in doc.nodes.values() if pred(n)}


@pytest.mark.parametrize("kind, backend, gpus", DESIGNS)
def test_tiers_are_level_and_ordered(kind, backend, gpus):
    doc = generate(kind, gpus=gpus, backend=backend)
    pos = auto_layout(doc)
    assert set(pos) == set(doc.nodes)
    assert all(math.isfinite(x) and math.isfinite(y) for x, y in pos.values())
    rows = {role: sorted(_ys(doc, pos, lambda n, r=role: n.role == r)) for role in ("core", "spine", "leaf")}
    assert len(rows["core"]) <= 1, "cores on several rows"
    # a wrapped fabric has one band per leaf row; each band has at most one spine row
    assert rows["leaf"] and len(rows["spine"]) <= len(rows["leaf"])
    if rows["core"]:
        assert rows["core"][0] < rows["spine"][0]           # cores above every spine
    servers = _ys(doc, pos, lambda n: n.kind == "server")
    assert min(servers) > rows["leaf"][0]
    assert min(_ys(doc, pos, lambda n: n.role == "frontend")) > max(servers)
    for link in doc.links.values():
        a, b = doc.nodes[link.a.node], doc.nodes[link.b.node]
        if {a.role, b.role} == {"spine", "leaf"}:           # a spine above each leaf it joins
            spine, leaf = (a, b) if a.role == "spine" else (b, a)
            assert pos[spine.id][1] < pos[leaf.id][1]
        if {a.kind, b.role} == {"server", "leaf"} or {b.kind, a.role} == {"server", "leaf"}:
            server, leaf = (a, b) if a.kind == "server" else (b, a)
            # below its leaf, in the leaf's own band (above the next band's leaf row)
            below = [y for y in rows["leaf"] if y > pos[leaf.id][1]]
            assert pos[leaf.id][1] < pos[server.id][1] < (below[0] if below else math.inf)


@pytest.mark.parametrize("kind, gpus", [("fat-tree", 1024), ("fat-tree-3", 4096), ("rail-optimized", 1024)])
def test_a_large_fabric_wraps_into_screen_like_proportions(kind, gpus):
    doc = generate(kind, gpus=gpus, backend="rocev2")
    pos = auto_layout(doc)
    xs, ys = [x for x, _ in pos.values()], [y for _, y in pos.values()]
    aspect = (max(xs) - min(xs)) / (max(ys) - min(ys))
    assert 1.0 <= aspect <= 3.0, aspect          # one row of racks was 9:1 (1,024 GPUs) and worse above


@pytest.mark.parametrize("kind, backend, gpus", DESIGNS)
def test_no_two_nodes_overlap(kind, backend, gpus):
    doc = generate(kind, gpus=gpus, backend=backend)
    pos = auto_layout(doc)
    assert len(set(pos.values())) == len(pos)
    rows = defaultdict(list)
    for x, y in pos.values():
        rows[y].append(x)
    for xs in rows.values():
        xs.sort()
        assert all(b - a >= MIN_GAP_X - 1e-6 for a, b in zip(xs, xs[1:], strict=False))


def test_servers_sit_under_their_own_leaf():
    doc = generate("leaf-spine", gpus=256, backend="ib", frontend=False)
    pos = auto_layout(doc)
    for link in doc.links.values():
        server, leaf = doc.nodes[link.a.node], doc.nodes[link.b.node]
        if server.kind == "server":
            # within the leaf's block: horizontally no further than the block's half-width
            assert abs(pos[server.id][0] - pos[leaf.id][0]) <= 200


def test_gateways_sit_between_the_pods_they_join():
    doc = generate("leaf-spine", gpus=128, backend="hybrid")
    pos = auto_layout(doc)
    pods = defaultdict(list)
    for n in doc.nodes.values():
        if n.role == "leaf":
            pods[n.pod].append(pos[n.id][0])
    (lo_pod, hi_pod) = sorted(pods.values(), key=min)
    for n in doc.nodes.values():
        if n.kind == "gateway":
            assert max(lo_pod) < pos[n.id][0] < min(hi_pod)
            assert pos[n.id][1] < _ys(doc, pos, lambda m: m.role == "leaf").pop()


def test_layout_does_not_change_the_document_and_generate_applies_it():
    doc = generate("fat-tree", gpus=256, backend="ib")
    before = {n.id: (n.x, n.y) for n in doc.nodes.values()}
    pos = auto_layout(doc)
    assert {n.id: (n.x, n.y) for n in doc.nodes.values()} == before
    assert pos == before  # generate() stored the same layout


def test_small_design_is_compact():
    doc = generate("leaf-spine", gpus=64, backend="rocev2")
    xs = [x for x, _ in auto_layout(doc).values()]
    assert max(xs) - min(xs) < 1200  # 8 servers fit one screen at 100 %


def test_hand_drawn_design_without_roles_or_links():
    cat = load_catalog()
    doc = FabricDocument()
    doc.add_node(switch_node(cat, "qm9700", "sw", "leaf"))
    doc.add_node(switch_node(cat, "sn5600", "odd", "spine"))
    doc.add_node(server_node(cat, "hgx-h100", "a"))
    doc.add_node(server_node(cat, "hgx-h100", "b"))
    doc.add_link(Link("L1", Endpoint("a", "be1"), Endpoint("sw", "p1"), 400.0))
    pos = auto_layout(doc)
    assert set(pos) == {"sw", "odd", "a", "b"}
    assert len(set(pos.values())) == 4
    assert pos["a"][1] > pos["sw"][1]
    assert auto_layout(FabricDocument()) == {}


def test_large_layout_gives_every_node_its_own_place():
    """(How long it takes: benchmarks/core_speed.py.)"""
    doc = generate("fat-tree-3", gpus=16384, backend="rocev2")
    pos = auto_layout(doc)
    assert len(set(pos.values())) == len(doc.nodes)


def test_front_end_pairs_share_the_width_of_their_servers_and_each_pair_stays_side_by_side():
    """A rail-optimized fabric's front-end leaf pairs serve servers on both sides of the drawing: each pair (A and B,
    cabled to the same servers) side by side, the pairs in an equal share each of the servers' width, the front-end
    spines together in its middle."""
    from designer.topology.layout import SLOT_X

    doc = generate("rail-optimized", gpus=512, backend="rocev2")
    pos = auto_layout(doc)
    servers = defaultdict(set)
    for link in doc.links.values():
        if link.plane == "frontend" and doc.nodes[link.a.node].kind == "server":
            servers[link.b.node].add(link.a.node)
    pairs = defaultdict(list)
    for leaf, below in servers.items():
        pairs[frozenset(below)].append(leaf)
    assert len(pairs) >= 2 and all(len(p) == 2 for p in pairs.values())
    xs = [pos[i][0] for i in doc.nodes if doc.nodes[i].kind == "server"]
    share = (max(xs) - min(xs)) / len(pairs)
    centres = sorted(sum(pos[i][0] for i in pair) / 2 for pair in pairs.values())
    for pair in pairs.values():
        assert abs(pos[pair[0]][0] - pos[pair[1]][0]) == pytest.approx(SLOT_X)
    assert all(b - a == pytest.approx(share) for a, b in zip(centres[:-1], centres[1:], strict=True))
    spines = [i for i, n in doc.nodes.items() if n.kind == "switch" and n.role == "frontend" and i not in servers]
    assert spines and abs(sum(pos[i][0] for i in spines) / len(spines) - (min(xs) + max(xs)) / 2) < SLOT_X
