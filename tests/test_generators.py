"""Topology generators: radix arithmetic, structure of every generated design, errors, examples."""

from __future__ import annotations

import importlib.util
from collections import Counter, defaultdict
from pathlib import Path

import pytest

from designer.catalog.loader import load_catalog
from designer.model.errors import ProjectError
from designer.model.fileformat import dumps, load, loads
from designer.topology import GENERATOR_KINDS, generate, plan
from designer.topology.physical.schedule import build_schedule
from designer.topology.sizing import (
    leaf_ports,
    three_tier_max_endpoints,
    two_tier_max_endpoints,
)

PROJECTS = Path(__file__).resolve().parent.parent / "projects"
CAT = load_catalog()


# ---- radix arithmetic ---------------------------------------------------------------------------
@pytest.mark.parametrize("ports, ratio, down, up", [
    (64, 1.0, 32, 32), (64, 3.0, 48, 16), (64, 2.0, 42, 21), (128, 1.0, 64, 64), (32, 3.0, 24, 8),
    (144, 1.5, 86, 58),
])
def test_leaf_ports_split_by_oversubscription(ports, ratio, down, up):
    assert leaf_ports(ports, ratio) == (down, up)
    assert down + up <= ports and down / up <= ratio + 1e-9


def test_published_radix_figures():
    assert two_tier_max_endpoints(64) == 64 ** 2 // 2 == 2048
    assert three_tier_max_endpoints(64) == 64 ** 3 // 4 == 65536
    assert two_tier_max_endpoints(144) == 10368


@pytest.mark.parametrize("gpus, leaves, spines", [(2048, 64, 32), (1024, 32, 16), (512, 16, 8), (256, 8, 4)])
def test_non_blocking_ib_fat_tree_counts(gpus, leaves, spines):
    p = plan("fat-tree", gpus=gpus, backend="ib")
    assert (p.leaves, p.spines, p.cores) == (leaves, spines, 0)


def test_three_tier_full_size_counts():
    p = plan("fat-tree-3", gpus=65536, backend="ib", frontend=False)
    assert (p.pods, p.leaves, p.spines, p.cores) == (64, 2048, 2048, 1024)
    with pytest.raises(ProjectError):
        plan("fat-tree-3", gpus=65536 + 8, backend="ib", frontend=False)


# 1,024 GPUs on 64-port IB switches. At 2:1 a 42-down leaf would carry 41 NICs (1,024 over 25 leaves) and
# need 21 uplinks; 21 = 3 x 7 would force 21 spines (46 switches), and spare uplinks to save them (22 and 11
# spines, once) built 1.86:1 where 2:1 was asked. A leaf of 40 NICs and 20 uplinks is 2:1 under 10 spines,
# 36 switches as before.
@pytest.mark.parametrize("ratio, leaves, uplinks, spines", [(1.0, 32, 32, 16), (3.0, 22, 16, 8), (2.0, 26, 20, 10)])
def test_oversubscribed_leaves(ratio, leaves, uplinks, spines):
    doc = generate("fat-tree", gpus=1024, backend="ib", oversubscription=ratio, frontend=False)
    leaf_ids = [n.id for n in doc.nodes.values() if n.role == "leaf"]
    assert len(leaf_ids) == leaves
    assert sum(n.role == "spine" for n in doc.nodes.values()) == spines
    up = Counter()
    for link in doc.links.values():
        kinds = {doc.nodes[link.a.node].role, doc.nodes[link.b.node].role}
        if kinds == {"leaf", "spine"}:
            up[link.a.node if doc.nodes[link.a.node].role == "leaf" else link.b.node] += 1
    assert set(up.values()) == {uplinks}


def test_2048_gpu_fabric_is_full_and_2049th_server_needs_three_tiers():
    assert plan("fat-tree", gpus=2048, backend="ib").spines == 32
    with pytest.raises(ProjectError, match="fat-tree-3"):
        plan("fat-tree", gpus=2056, backend="ib")


# ---- structure of generated designs --------------------------------------------------------------
CASES = [
    ("leaf-spine", "rocev2", 64, 1.0, 400),
    ("leaf-spine", "ib", 1024, 3.0, 400),
    ("leaf-spine", "rocev2", 520, 2.0, 800),
    ("fat-tree", "ib", 1024, 1.0, 400),
    ("fat-tree", "rocev2", 2000, 2.0, 400),
    ("fat-tree", "ib", 4096, 1.0, 800),
    ("fat-tree-3", "ib", 4096, 1.0, 400),
    ("fat-tree-3", "rocev2", 1024, 3.0, 800),
    ("rail-optimized", "ib", 1024, 1.0, 400),
    ("rail-optimized", "rocev2", 768, 1.5, 800),
    ("leaf-spine", "hybrid", 512, 1.0, 400),
    ("fat-tree", "hybrid", 256, 2.0, 800),
    ("rail-optimized", "hybrid", 1024, 1.0, 400),
]


def _audit(doc, gpus, ratio):
    """Invariants every generated design must hold; returns per-node link counts."""
    used = set()
    for link in doc.links.values():
        ports = []
        for end in (link.a, link.b):
            port_map = doc.nodes[end.node].port_map()
            assert end.port in port_map, f"{link.id}: {end} does not exist"
            assert (end.node, end.port) not in used, f"{link.id}: {end} used twice"
            used.add((end.node, end.port))
            ports.append(port_map[end.port])
        assert ports[0].speed_gbps == ports[1].speed_gbps == link.speed_gbps
        planes = {p.plane for p in ports} - {None}
        assert planes <= {link.plane}
    assert doc.gpu_count() == gpus
    # buildable as real gear takes it: a part for every link at its length, no cage claimed twice
    assert build_schedule(doc, CAT).problems == []
    for node in doc.nodes.values():
        if node.kind == "server":
            assert len(node.backend_ports()) == node.gpus
            for port in node.ports():
                assert (node.id, port.name) in used, f"{node.id}:{port.name} not connected"
    # leaf oversubscription never above the target
    down, up = _leaf_capacity_gbps(doc)
    for leaf, d in down.items():
        if up[leaf]:      # a single switch has no uplinks: no ratio
            assert d / up[leaf] <= ratio + 1e-9


def _leaf_capacity_gbps(doc):
    """(down, up): back-end capacity of each leaf towards servers and towards switches."""
    down, up = defaultdict(float), defaultdict(float)
    for link in doc.links.values():
        if link.plane != "backend":
            continue
        a, b = doc.nodes[link.a.node], doc.nodes[link.b.node]
        for me, other in ((a, b), (b, a)):
            if me.role == "leaf":
                (up if other.kind == "switch" else down)[me.id] += link.speed_gbps
    return down, up


def _same_links_to_every_upper(doc, lower, upper, group_of):
    """A Clos: each lower switch has the same number of links to every upper switch of its group."""
    pairs = Counter()
    for link in doc.links.values():
        a, b = doc.nodes[link.a.node], doc.nodes[link.b.node]
        if {a.role, b.role} == {lower, upper} and link.plane == "backend":
            lo, hi = (a, b) if a.role == lower else (b, a)
            pairs[(lo.id, hi.id)] += 1
    uppers = defaultdict(set)
    for n in doc.nodes.values():
        if n.role == upper:
            uppers[group_of(n)].add(n.id)
    for n in doc.nodes.values():
        if n.role == lower and n.kind == "switch" and uppers[group_of(n)]:   # a single switch has none above
            counts = {pairs[(n.id, h)] for h in uppers[group_of(n)]}
            assert len(counts) == 1 and 0 not in counts, f"{n.id}: uneven links {counts}"


@pytest.mark.parametrize("kind, backend, gpus, ratio, gbps", CASES)
def test_generated_design_is_well_formed(kind, backend, gpus, ratio, gbps):
    doc = generate(kind, gpus=gpus, backend=backend, oversubscription=ratio, link_gbps=gbps)
    _audit(doc, gpus, ratio)
    p = plan(kind, gpus=gpus, backend=backend, oversubscription=ratio, link_gbps=gbps)
    roles = Counter(n.role for n in doc.nodes.values() if n.kind == "switch")
    kinds = Counter(n.kind for n in doc.nodes.values())
    assert (p.leaves, p.spines, p.cores, p.frontend_switches) == (
        roles["leaf"], roles["spine"], roles["core"], roles["frontend"])
    assert (p.servers, p.gateways, p.storage, p.links) == (
        kinds["server"], kinds["gateway"], kinds["storage"], len(doc.links))
    assert doc.assumptions.target_oversubscription == ratio
    # segments: every back-end switch and server in exactly one; gateways and front-end in none
    membership = Counter(n for seg in doc.segments.values() for n in seg.nodes)
    for node in doc.nodes.values():
        expected = 1 if node.kind == "server" or node.role in ("leaf", "spine", "core") else 0
        assert membership[node.id] == expected, node.id
    for seg in doc.segments.values():
        for node_id in seg.nodes:
            node = doc.nodes[node_id]
            if node.kind == "switch":
                assert (CAT.switch(node.model).protocol == "ib") == (seg.protocol == "ib")
    # back-end links stay inside one segment, except gateway links
    seg_of = {n: s.id for s in doc.segments.values() for n in s.nodes}
    for link in doc.links.values():
        if link.plane == "backend" and "gateway" not in (doc.nodes[link.a.node].kind, doc.nodes[link.b.node].kind):
            assert seg_of[link.a.node] == seg_of[link.b.node]
    pod_of = (lambda n: n.pod) if kind == "fat-tree-3" or backend == "hybrid" else (lambda n: None)
    _same_links_to_every_upper(doc, "leaf", "spine", pod_of)
    if kind == "fat-tree-3":
        _check_core_planes(doc)


def _check_core_planes(doc):
    """3 tiers: every core reaches every pod with the same number of links, every aggregation switch
    spreads its uplinks evenly over the cores of its plane."""
    per_core, per_agg = defaultdict(Counter), defaultdict(Counter)
    for link in doc.links.values():
        a, b = doc.nodes[link.a.node], doc.nodes[link.b.node]
        if {a.role, b.role} == {"spine", "core"}:
            agg, core = (a, b) if a.role == "spine" else (b, a)
            per_core[core.id][agg.pod] += 1
            per_agg[agg.id][core.id] += 1
    pods = {n.pod for n in doc.nodes.values() if n.role == "spine"}
    for counts in per_core.values():
        assert set(counts) == pods and len(set(counts.values())) == 1
    assert len({tuple(sorted(c.values())) for c in per_agg.values()}) == 1


def test_leaf_spine_keeps_each_server_under_one_leaf():
    doc = generate("leaf-spine", gpus=2000, backend="ib", oversubscription=2.0, frontend=False)
    leaves_of = defaultdict(set)
    for link in doc.links.values():
        for me, other in ((link.a, link.b), (link.b, link.a)):
            if doc.nodes[me.node].kind == "server":
                leaves_of[me.node].add(other.node)
    assert all(len(v) == 1 for v in leaves_of.values())
    per_leaf = Counter(next(iter(v)) for v in leaves_of.values())
    assert max(per_leaf.values()) - min(per_leaf.values()) <= 1


def test_rail_optimized_puts_nic_i_on_rail_leaf_i():
    doc = generate("rail-optimized", gpus=1024, backend="ib", frontend=False)
    seen = 0
    for link in doc.links.values():
        a, b = doc.nodes[link.a.node], doc.nodes[link.b.node]
        if a.kind == "server":
            assert b.rail == int(link.a.port[2:]) and b.pod == a.pod
            seen += 1
    assert seen == 1024
    assert {n.rail for n in doc.nodes.values() if n.role == "leaf"} == set(range(1, 9))


def test_hybrid_pods_alternate_and_gateways_join_them():
    doc = generate("leaf-spine", gpus=256, backend="hybrid")
    protocols = [s.protocol for s in sorted(doc.segments.values(), key=lambda s: s.id)]
    assert protocols == ["ib", "rocev2"]
    seg_of = {n: s for s in doc.segments.values() for n in s.nodes}
    gateways = [n for n in doc.nodes.values() if n.kind == "gateway"]
    assert len(gateways) == 2
    for gw in gateways:
        for link in doc.links_of(gw.id):
            mine, other = (link.a, link.b) if link.a.node == gw.id else (link.b, link.a)
            assert doc.nodes[other.node].role == "spine"
            want = "ib" if mine.port.startswith("ib") else "rocev2"
            assert seg_of[other.node].protocol == want


def test_eight_hundred_gig_leaves_split_ports_for_the_nics():
    doc = generate("fat-tree", gpus=256, backend="rocev2", link_gbps=800, frontend=False)
    speeds = Counter()
    for link in doc.links.values():
        roles = {doc.nodes[link.a.node].role, doc.nodes[link.b.node].role}
        speeds[(tuple(sorted(r or "server" for r in roles)), link.speed_gbps)] += 1
    assert speeds[(("leaf", "server"), 400.0)] == 256
    assert speeds[(("leaf", "spine"), 800.0)] == 128  # 256 x 400G down = 128 x 800G up at 1:1
    seg = doc.segments["backend"]
    assert seg.rocev2.headroom_kb >= 118.0


def test_generation_is_deterministic():
    a = generate("rail-optimized", gpus=512, backend="hybrid")
    b = generate("rail-optimized", gpus=512, backend="hybrid")
    assert dumps(a) == dumps(b)


def test_sixteen_thousand_gpus_generate():
    """(How long it takes: benchmarks/core_speed.py.)"""
    doc = generate("fat-tree-3", gpus=16384, backend="rocev2")
    assert doc.gpu_count() == 16384


# ---- errors -------------------------------------------------------------------------------------
@pytest.mark.parametrize("kwargs, words", [
    (dict(kind="fat-tree", gpus=100), "whole number of 8-GPU servers"),
    (dict(kind="fat-tree", gpus=60, gpus_per_server=6), "hgx-h100"),
    (dict(kind="fat-tree", gpus=64, oversubscription=0.5), "from 1 (non-blocking) to 1,000"),
    (dict(kind="fat-tree", gpus=64, link_gbps=200), "200"),
    (dict(kind="fat-tree", gpus=64, backend="ib", link_gbps=800, switch_model="qm9700"), "800"),
    (dict(kind="torus", gpus=64), "leaf-spine"),
    (dict(kind="fat-tree", gpus=64, backend="omnipath"), "hybrid"),
    (dict(kind="fat-tree", gpus=64, backend="ib", switch_model="sn5600"), "InfiniBand"),
    (dict(kind="fat-tree", gpus=16384, backend="rocev2"), "fat-tree-3"),
    (dict(kind="rail-optimized", gpus=16384, backend="rocev2"), "8,192"),
    (dict(kind="fat-tree-3", gpus=256, backend="hybrid"), "2-tier pods"),
    (dict(kind="fat-tree", gpus=64, gpus_per_server=8, server_model="pcie-h100"), "4 GPUs"),
    (dict(kind="fat-tree", gpus=64, server_model="dgx-z9"), "unknown server model"),
    (dict(kind="fat-tree", gpus=0), "at least 1"),
    (dict(kind="fat-tree", gpus=True), "whole number"),
    (dict(kind="fat-tree", gpus=64, oversubscription=float("nan")), "number"),
    (dict(kind="leaf-spine", gpus=8, backend="hybrid"), "two servers"),
])
def test_impossible_requests_raise_one_clear_line(kwargs, words):
    kind = kwargs.pop("kind")
    with pytest.raises(ProjectError) as info:
        generate(kind, **kwargs)
    message = str(info.value)
    assert words in message and "\n" not in message
    with pytest.raises(ProjectError):
        plan(kind, **kwargs)


def test_four_gpu_servers_get_one_nic_per_gpu():
    doc = generate("leaf-spine", gpus=64, gpus_per_server=4, backend="ib")
    servers = [n for n in doc.nodes.values() if n.kind == "server"]
    assert len(servers) == 16 and all(n.model == "pcie-h100" and len(n.backend_ports()) == 4 for n in servers)
    _audit(doc, 64, 1.0)


# ---- example projects ---------------------------------------------------------------------------
def _make_examples():
    spec = importlib.util.spec_from_file_location("make_examples", PROJECTS / "make_examples.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


EXAMPLE_FILES = ["small-rocev2-pod.json", "ib-fat-tree-256.json", "hybrid-ib-rocev2.json",
                 "rail-optimized-1024.json", "two-site-100km.json", "nvl72-two-racks.json"]


@pytest.mark.parametrize("file_name", EXAMPLE_FILES)
def test_example_loads_round_trips_and_passes_checks(file_name):
    from designer.topology.checks import has_errors, run_checks

    path = PROJECTS / file_name
    doc = load(path)
    text = path.read_text(encoding="utf-8")
    assert dumps(doc) == text
    assert dumps(loads(text)) == text
    assert not has_errors(run_checks(doc))
    assert doc.segments and doc.gpu_count() > 0


def test_examples_are_what_the_script_writes():
    module = _make_examples()
    assert sorted(module.EXAMPLES) == sorted(EXAMPLE_FILES)
    for file_name, make in module.EXAMPLES.items():
        assert dumps(make()) == (PROJECTS / file_name).read_text(encoding="utf-8"), file_name


def test_examples_match_the_brief():
    sites = load(PROJECTS / "two-site-100km.json")
    assert len(sites.sites) == 2 and sites.gpu_count() == 64
    racks = load(PROJECTS / "nvl72-two-racks.json")
    assert sorted(n.model for n in racks.nodes.values() if n.kind == "server") == ["gb200-nvl72"] * 2
    small = load(PROJECTS / "small-rocev2-pod.json")
    assert sum(n.kind == "server" for n in small.nodes.values()) == 8
    assert [s.protocol for s in small.segments.values()] == ["rocev2"]
    assert load(PROJECTS / "ib-fat-tree-256.json").gpu_count() == 256
    assert load(PROJECTS / "rail-optimized-1024.json").gpu_count() == 1024
    hybrid = load(PROJECTS / "hybrid-ib-rocev2.json")
    assert {s.protocol for s in hybrid.segments.values()} == {"ib", "rocev2"}
    labels = " ".join([n.label for n in hybrid.nodes.values()] + [s.name for s in hybrid.segments.values()])
    assert "训练集群" in labels and "推理集群" in labels
    assert any(n.kind == "gateway" for n in hybrid.nodes.values())
    assert any(n.role == "frontend" for n in hybrid.nodes.values())


def test_generator_kinds_are_the_contract():
    assert GENERATOR_KINDS == ("leaf-spine", "fat-tree", "fat-tree-3", "rail-optimized", "rail-only",
                               "multi-plane")


def test_servers_take_the_back_end_nic_asked_for_and_a_wrong_one_is_refused(tmp_path, capsys):
    """`nic_model` sets every server's back-end NIC (ConnectX-7 by default); a NIC the catalog lacks, or one that
    cannot run the back-end's protocol, is refused with one line naming it, before anything is written."""
    from designer import cli
    default = generate("leaf-spine", gpus=16, backend="rocev2", frontend=False)
    supernic = generate("leaf-spine", gpus=16, backend="rocev2", frontend=False, nic_model="bf3")
    nics = lambda doc: {n.nic_model for n in doc.nodes.values() if n.kind == "server"}   # noqa: E731
    assert nics(default) == {"cx7"} and nics(supernic) == {"bf3"}
    with pytest.raises(ProjectError, match="cannot run IB"):
        generate("leaf-spine", gpus=16, backend="hybrid", nic_model="bf3")
    with pytest.raises(ProjectError, match="100 Gb/s NICs"):      # sized for the NIC asked for, not for ConnectX-7
        generate("leaf-spine", gpus=16, backend="rocev2", nic_model="cx6dx-100")
    out = tmp_path / "x.json"
    assert cli.main(["generate", "fat-tree", "--gpus", "16", "--nic-model", "nope", "-o", str(out)]) == 2
    err = capsys.readouterr().err.strip()
    assert "unknown NIC model 'nope'" in err and "bf3" in err and len(err.splitlines()) == 1
    assert not out.exists()
