"""Multi-plane back-end: split NIC ports, independent planes, bill of materials, errors, spreading over planes."""

from __future__ import annotations

import numpy as np
import pytest

from designer.catalog.loader import load_catalog
from designer.i18n import render
from designer.model.errors import ProjectError
from designer.model.fileformat import dumps, loads
from designer.sim import api
from designer.sim.compile import compile_fabric
from designer.sim.routing import RouteOptions, Router
from designer.topology import generate
from designer.topology.checks import has_errors, run_checks
from designer.topology.cost import cost_report
from designer.topology.oversubscription import bisection_bandwidth_gbps

CAT = load_catalog()


def test_two_planes_share_no_switch_and_pass_check():
    doc = generate("multi-plane", gpus=128, planes=2, frontend=False, catalog=CAT)
    server = doc.nodes["srv-001"]
    assert [p.name for p in server.backend_ports()][:4] == ["be1p1", "be1p2", "be2p1", "be2p2"]
    assert {p.speed_gbps for p in server.backend_ports()} == {200.0}
    for link in doc.links.values():
        a, b = doc.nodes[link.a.node], doc.nodes[link.b.node]
        if a.kind == b.kind == "switch":
            assert a.pod == b.pod
        else:
            server_end, switch = (link.a, b) if a.kind == "server" else (link.b, a)
            assert server_end.port.endswith(f"p{switch.pod}")          # plane p's ports go to plane p's switches
    assert not has_errors(run_checks(doc, CAT))
    assert dumps(loads(dumps(doc))) == dumps(doc)
    report = cost_report(doc, CAT)
    # one card per NIC, not per plane port: the dual-port 200G ConnectX-7, since a single-port 400G one reaches one
    # switch (it was 128 x "cx7" before the card had a port per plane)
    assert report.count("cx7-2x200") == 16 * 8 and report.count("cx7") == 0


def test_without_a_plane_count_a_multi_plane_design_has_two_planes_and_passes_check():
    doc = generate("multi-plane", gpus=64, frontend=False, catalog=CAT)
    assert [p.name for p in doc.nodes["srv-001"].backend_ports()][:2] == ["be1p1", "be1p2"]
    assert not has_errors(run_checks(doc, CAT))


def test_a_multi_plane_rack_scale_design_reads_back():
    """An NVL72 rack has 72 NICs, each its own group of plane ports: the file must open again."""
    doc = generate("multi-plane", gpus=144, planes=2, server_model="gb300-nvl72", frontend=False, catalog=CAT)
    assert sum(g.prefix.startswith("be") for g in doc.nodes["srv-001"].port_groups) == 72
    assert dumps(loads(dumps(doc))) == dumps(doc)


@pytest.mark.parametrize("options, words", [
    (dict(kind="multi-plane", planes=3), "planes must be one of"),
    (dict(kind="multi-plane", planes=1), "planes must be one of"),      # one plane is no multi-plane design
    (dict(kind="multi-plane", planes=True), "planes must be one of"),
    (dict(kind="fat-tree", planes=2), "multi-plane generator only"),
    (dict(kind="multi-plane", planes=8), "one 'cx7' card reaches one switch"),     # no card has 8 x 50G ports
    (dict(kind="multi-plane", planes=4), "4 planes need each 400 Gb/s NIC as 4 ports of 100 Gb/s"),
    (dict(kind="multi-plane", planes=2, backend="hybrid"), "one protocol on every plane"),
])
def test_plane_requests_that_cannot_be_built_say_why(options, words):
    with pytest.raises(ProjectError) as err:
        generate(options.pop("kind"), gpus=64, frontend=False, catalog=CAT, **options)
    assert words in str(err.value)


def test_a_plane_speed_without_optics_or_cables_is_refused():
    from dataclasses import replace

    from designer.topology.multi_plane import plane_spec
    from designer.topology.sizing import SwitchSpec
    bare = replace(CAT, transceivers={}, cables={k: c for k, c in CAT.cables.items() if c.speed_gbps < 200})
    with pytest.raises(ProjectError) as err:
        plane_spec(bare, SwitchSpec("sn5600", 128, 400.0, 400.0), 2)
    assert "no optics or cables" in str(err.value)
    assert plane_spec(CAT, SwitchSpec("sn5600", 128, 400.0, 400.0), 2).ports == 256
    with pytest.raises(ProjectError) as err:
        plane_spec(CAT, SwitchSpec("qm9700", 64, 400.0, 400.0), 4)
    assert "cannot run its ports at 100 Gb/s" in str(err.value)


def test_plane_messages_exist_in_chinese():
    for msg in ("error.generate.planes", "error.generate.plane_speed", "error.generate.plane_cables",
                "error.generate.plane_nic", "generate.rule.multi_plane", "finding.cage-capacity.nic.detail"):
        assert render(msg, "zh_CN") != render(msg, "en")


def test_p_planes_have_the_bisection_of_one_plane_p_times_as_fast():
    """1,024 GPUs with 400G NICs at 1:1: half the NIC capacity crosses the bisection, 1,024 x 400 / 2 = 204,800 Gb/s,
    whether each NIC is one 400G port on one plane or 2 x 200G on two."""
    one = generate("rail-optimized", gpus=1024, frontend=False, catalog=CAT)
    two = generate("multi-plane", gpus=1024, planes=2, frontend=False, catalog=CAT)
    assert bisection_bandwidth_gbps(one) == pytest.approx(204_800, rel=1e-9)
    assert bisection_bandwidth_gbps(two) == pytest.approx(204_800, rel=1e-9)


def test_a_connection_spreads_its_queue_pairs_over_the_planes():
    fab = compile_fabric(generate("multi-plane", gpus=16, planes=2, frontend=False, catalog=CAT), catalog=CAT)
    assert fab.planes == 2
    routed = Router(fab).route(np.array([0]), np.array([9]), RouteOptions(qps=1))
    assert routed.n_sub == 2                                           # one queue pair per plane at least
    assert sorted(routed.sub_first_port.tolist()) == sorted(fab.gpu_plane_tx[0].tolist())
    shares = routed.matrix @ routed.sub_share
    assert shares[fab.gpu_plane_tx[0]] == pytest.approx([0.5, 0.5])
    assert shares[fab.gpu_plane_rx[9]] == pytest.approx([0.5, 0.5])


def test_two_planes_carry_a_permutation_as_fast_as_one_plane_twice_as_fast():
    """Both designs are one non-blocking switch per plane and every GPU sends 64 MiB over 400G of NIC, as 1 x 400G
    or 2 x 200G: the same time by hand (queue pairs split evenly over the planes)."""
    times = [api.run(generate(kind, gpus=64, frontend=False, catalog=CAT, **extra), ["permutation:16MiB"])
             .completion_time_s for kind, extra in (("rail-optimized", {}), ("multi-plane", {"planes": 2}))]
    assert times[1] == pytest.approx(times[0], rel=0.02)


def test_a_failed_plane_moves_its_queue_pairs_to_the_surviving_one():
    """Each plane one switch; plane 1's fails at 20 us of a permutation. By hand: plane 2's queue pairs finish their
    half meanwhile; plane 1's wait out the recovery delay, then send their half over plane 2 at half the NIC's rate,
    the whole run's time again: done at delay + T. A single plane whose one switch fails leaves nothing."""
    from designer.sim import SimOptions
    runs = {}
    for kind, extra, switch in (("multi-plane", {"planes": 2}, "plane1-leaf-01"), ("rail-optimized", {}, "leaf-01")):
        doc = generate(kind, gpus=16, frontend=False, catalog=CAT, **extra)
        alone = api.run(doc, ["permutation:16MiB"]).completion_time_s
        failed = api.run(doc, ["permutation:16MiB"], SimOptions(failures=[f"switch:{switch}@20us"])).to_dict()
        runs[kind] = (alone, failed)
    alone, failed = runs["multi-plane"]
    event = failed["failures"][0]
    assert event["recovered"] and event["flows_stalled"] > 0
    assert failed["completion_time_s"] == pytest.approx(event["recovery_delay_s"] + alone, rel=0.02)
    assert not runs["rail-optimized"][1]["failures"][0]["recovered"]


def test_nccl_sees_the_whole_nic_across_its_planes():
    """NCCL's choice of algorithm weighs the bus bandwidth per GPU: a NIC split into two 200G planes still sends at
    400G. Counting one plane's port, the tuner saw half of it and ran a 1 GiB AllReduce on 512 GPUs as a ring, 17.5 ms
    against 5.6 ms for the tree it picks on the same GPUs on one 400G plane."""
    one = generate("rail-optimized", gpus=512, frontend=False, catalog=CAT)
    two = generate("multi-plane", gpus=512, planes=2, frontend=False, catalog=CAT)
    runs = [api.run(doc, ["allreduce:1GiB"], api.SimOptions(catalog=CAT)).data for doc in (one, two)]
    assert runs[0]["workloads"][0]["algorithm"] == runs[1]["workloads"][0]["algorithm"] == "tree"
    assert runs[1]["completion_time_s"] == pytest.approx(runs[0]["completion_time_s"], rel=0.01)
