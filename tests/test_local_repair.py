"""Which failures Ethernet switches route around on their own (designer/sim/local_repair.py): a spine or core switch,
a cable of a bundle; and which need the routing protocol: a switch's only cable down to a leaf, a leaf."""

from __future__ import annotations

import numpy as np
import pytest

from designer.analysis.resilience import resilience_summary
from designer.model.segments import RoCESettings
from designer.sim.compile import compile_fabric
from designer.sim.failure_runtime import FailureRuntime
from designer.sim.failures import parse_failure
from designer.sim.framing import PROTO_IB
from designer.sim.local_repair import heights
from designer.topology.generate import generate

LOCAL_REPAIR_S = RoCESettings().local_repair_ms * 1e-3     # the default: 1 ms


def _runtime(doc) -> FailureRuntime:
    return FailureRuntime(compile_fabric(doc), [], seed=1, base_route=lambda pattern: None)  # type: ignore


def _pod(**changes):
    doc = generate("fat-tree", gpus=128, backend="rocev2", frontend=False, two_tiers=True)
    seg = next(iter(doc.segments.values()))
    seg.preset = "custom"
    for key, value in changes.items():
        setattr(seg.rocev2, key, value)
    return doc


def test_the_segments_local_repair_time_is_the_one_the_switches_take():
    """A segment's own local repair time (its Ethernet switches' link-down handling) replaces the 1 ms default;
    the routing protocol's reconvergence still bounds it, and a leaf's only way down still waits for the protocol."""
    slow = _runtime(_pod(reconvergence_ms=200.0, local_repair_ms=20.0))
    assert slow.element_recovery_s(parse_failure("switch:spine-01@1ms")) == pytest.approx(20e-3)
    assert slow.element_recovery_s(parse_failure("switch:leaf-01@1ms")) == pytest.approx(200e-3)
    capped = _runtime(_pod(reconvergence_ms=5.0, local_repair_ms=20.0))
    assert capped.element_recovery_s(parse_failure("switch:spine-01@1ms")) == pytest.approx(5e-3)


def test_heights_count_tiers_from_the_servers():
    doc = _pod()
    fab = compile_fabric(doc)
    h = dict(zip(fab.node_ids, heights(fab).tolist(), strict=True))
    assert {h[n] for n in doc.nodes if n.startswith("srv-")} == {0}
    assert {h[n] for n in doc.nodes if n.startswith("leaf-")} == {1}
    assert {h[n] for n in doc.nodes if n.startswith("spine-")} == {2}


def test_a_spine_and_a_cable_of_a_bundle_are_routed_around_by_the_switches_beside_them():
    doc = _pod(reconvergence_ms=200.0)
    rt = _runtime(doc)
    assert rt.element_recovery_s(parse_failure("switch:spine-01@1ms")) == LOCAL_REPAIR_S
    bundle = [lk.id for lk in doc.links.values() if {lk.a.node, lk.b.node} == {"leaf-01", "spine-01"}]
    assert len(bundle) > 1                        # the spine keeps the bundle's other cables down to leaf-01
    assert rt.element_recovery_s(parse_failure(f"link:{bundle[0]}@1ms")) == LOCAL_REPAIR_S


def test_a_switch_that_loses_its_only_way_down_waits_for_the_routing_protocol():
    doc = _pod(reconvergence_ms=200.0)
    bundle = [lk.id for lk in doc.links.values() if {lk.a.node, lk.b.node} == {"leaf-01", "spine-01"}]
    for link_id in bundle[1:]:
        doc.remove_link(link_id)
    rt = _runtime(doc)
    assert rt.element_recovery_s(parse_failure(f"link:{bundle[0]}@1ms")) == pytest.approx(0.2)
    assert rt.element_recovery_s(parse_failure("switch:leaf-01@1ms")) == pytest.approx(0.2)   # the spines' way down


def test_infiniband_keeps_its_own_recovery_whatever_the_element():
    doc = generate("fat-tree", gpus=128, backend="ib", frontend=False, two_tiers=True)
    seg = next(iter(doc.segments.values()))
    rt = _runtime(doc)
    expected = seg.ib.self_healing_us * 1e-6
    assert rt.element_recovery_s(parse_failure("switch:spine-01@1ms")) == pytest.approx(expected)
    assert rt.element_recovery_s(parse_failure("switch:leaf-01@1ms")) == pytest.approx(expected)


def test_the_resilience_table_gives_each_class_its_own_reroute_delay():
    rows = {r.failure_class: r for r in resilience_summary(_pod(reconvergence_ms=200.0), ["permutation:16MiB"],
                                                           samples=1)}
    assert rows["spine"].recovery_delay_s == LOCAL_REPAIR_S
    assert rows["leaf"].recovery_delay_s == pytest.approx(0.2)
    assert np.isfinite(rows["server-link"].recovery_delay_s)


def test_a_gateway_above_a_pods_spines_routes_around_one_of_them_alone():
    """The hybrid example's gateways join each pod's spines; the Ethernet pod's spines all reach its servers, so a
    gateway that loses one keeps the others (it was counted as losing its only way down and waited 200 ms)."""
    from pathlib import Path

    from designer.model.fileformat import load

    doc = load(Path(__file__).resolve().parents[1] / "projects" / "hybrid-ib-rocev2.json")
    rt = _runtime(doc)
    fab = rt.fab
    gateways = {i for i, n in enumerate(fab.node_ids) if doc.nodes[n].kind == "gateway"}
    ethernet_spines = sorted({fab.node_ids[int(fab.port_dst[p])] for p in range(fab.n_ports)
                              if int(fab.port_src[p]) in gateways and fab.port_protocol[p] != PROTO_IB
                              and doc.nodes[fab.node_ids[int(fab.port_dst[p])]].kind == "switch"})
    assert ethernet_spines
    for spine in ethernet_spines:
        assert rt.element_recovery_s(parse_failure(f"switch:{spine}@1ms")) == LOCAL_REPAIR_S
