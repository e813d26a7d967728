"""What a run builds before its first step: the shortcuts taken for large fabrics give what the general path gives."""

from __future__ import annotations

import numpy as np
import pytest

from designer.model.nodes import Node, PortGroup
from designer.sim.compile import compile_fabric
from designer.sim.routing import RouteOptions, Router
from designer.topology import generate


@pytest.fixture(scope="module")
def fat_tree():
    return compile_fabric(generate("fat-tree", gpus=128, backend="rocev2"))


def _pairs(fab, seed: int) -> tuple[np.ndarray, np.ndarray]:
    src = np.arange(fab.n_gpus)
    return src, np.random.default_rng(seed).permutation(fab.n_gpus)


@pytest.mark.parametrize("plane", ["backend", "frontend"])
def test_hashed_hops_take_the_ports_the_candidate_listing_takes(fat_tree, monkeypatch, plane):
    """ECMP hops skip listing every branch's candidates; the general path lists them and picks by the same hash."""
    src, dst = _pairs(fat_tree, 3)
    opts = RouteOptions(qps=4, plane=plane)
    quick = Router(fat_tree, seed=7).route(src, dst, opts, 2**20)
    monkeypatch.setattr(Router, "_hashed_only", staticmethod(lambda ctx, front: False))
    listed = Router(fat_tree, seed=7).route(src, dst, opts, 2**20)
    assert quick.hops.level.max() >= 2              # the routes cross switches, not only the NICs
    for name in ("port", "sub", "share", "level"):
        assert np.array_equal(getattr(quick.hops, name), getattr(listed.hops, name))
    assert (quick.matrix != listed.matrix).nnz == 0
    assert np.array_equal(quick.sub_latency_ns, listed.sub_latency_ns)


def test_distance_rows_are_numbered_in_target_order_and_reused(fat_tree):
    g = Router(fat_tree).graph(0)
    first = g.dist_rows(np.array([g.nodes.size - 1, 0, g.nodes.size - 1]))
    assert first.tolist() == [1, 0, 1]
    again = g.dist_rows(np.array([0, 1]))
    assert again.tolist() == [0, 2] and g._dist.shape[0] == 3
    assert (g._dist[np.arange(3), np.array([0, g.nodes.size - 1, 1])] == 0).all()   # a target is 0 hops away


def test_port_names_of_a_plane_are_those_of_its_ports():
    node = Node("s", "server", "m", port_groups=[PortGroup("be", 3, 400.0, "ib", "backend"),
                                                 PortGroup("fe", 2, 100.0, "ethernet", "frontend"),
                                                 PortGroup("x", 12, 400.0, "ib", "backend")])
    for plane, ports in (("backend", node.backend_ports()), ("frontend", node.frontend_ports())):
        assert node.port_names_on(plane) == [p.name for p in ports]
    assert node.port_names_on("backend")[-1] == "x12"
