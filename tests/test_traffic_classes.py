"""Traffic classes: a job in its own Ethernet priority or InfiniBand virtual lane is not paused by another class's
congestion; it only shares the link's bandwidth (IEEE 802.1Qbb, 802.1Qaz; IBTA vol. 1 credits per virtual lane)."""

from functools import cache

import numpy as np
import pytest

from designer.i18n.message import text_of
from designer.model.errors import ProjectError
from designer.model.fileformat import document_from_dict, document_to_dict, dumps, loads
from designer.sim.api import SimOptions, stream
from designer.sim.dynamics import FlowSet, FluidSimulator, PortSet
from designer.sim.dynamics.network import CC_NONE, FC_CREDIT, FC_PFC, PfcThresholds
from designer.sim.fluid_queues import DT_MAX_S
from designer.sim.interference import run_jobs
from designer.sim.workload_spec import WorkloadError, parse_workload
from designer.topology.generate import generate

CAP = 50e9
PFC = PfcThresholds(xoff_B=4e6, xon_B=3e6, headroom_B=118e3)
VICTIM_B, VICTIM_START_S = 16e6, 5e-3


def victim_run(fc: int, victim_lane: int):
    """Four senders at S1 and four at S2 fill one receiver behind S2; the victim goes S1 -> S2 -> an idle receiver
    over the same S1 -> S2 link (port 4, twice a NIC's rate). Ports: 0-3 senders at S1, 4 S1->S2, 5 S2->hot
    receiver, 6 S2->idle receiver, 7-10 senders at S2, 11 the victim's NIC."""
    ports = PortSet.uniform(12, CAP, fc, pfc=PFC, credit_B=512e3)
    ports.capacity_Bps[4] = 2 * CAP
    ports.lanes = 1 + victim_lane
    paths = [[i, 4, 5] for i in range(4)] + [[7 + j, 5] for j in range(4)] + [[11, 4, 6]]
    flows = FlowSet.from_paths(paths, [64e6] * 8 + [VICTIM_B], start_s=[0.0] * 8 + [VICTIM_START_S],
                               line_rate_Bps=CAP, cc=CC_NONE)
    flows.lane = np.array([0] * 8 + [victim_lane])
    return FluidSimulator(ports, flows, dt_s=1e-6).run(until_s=0.02)


def _victim_time_s(r) -> float:
    return float(r.finish_s[8] - VICTIM_START_S)


# Bound from bandwidth sharing alone: with equal weights the victim's class gets at least half of the 2 x CAP link it
# shares, i.e. its own NIC's rate CAP, and nothing else stands in its way: VICTIM_B / CAP, plus the model's hops
# (a step per hop) and the queue ahead of it in its own NIC.
SHARING_BOUND_S = VICTIM_B / CAP * 1.02 + 10e-6


@pytest.mark.parametrize("fc", [FC_PFC, FC_CREDIT])
def test_a_victim_in_its_own_class_only_shares_bandwidth(fc):
    same, own = victim_run(fc, 0), victim_run(fc, 1)
    assert _victim_time_s(same) > 1.5 * VICTIM_B / CAP                 # one class: held behind the incast
    assert _victim_time_s(own) <= SHARING_BOUND_S                      # own class: bandwidth sharing only
    assert own.dropped_B == 0 and own.finished
    # the incast's lane at the shared link is paused (PFC) or waits for credits; the victim's lane never
    held = own.lane_paused_s if fc == FC_PFC else own.lane_stall_s
    assert held[4, 0] > 1e-3 and held[4, 1] == 0.0
    assert (own.lane_paused_s if fc == FC_CREDIT else own.lane_stall_s).sum() == 0.0


def test_one_class_is_the_model_without_classes():
    # the port counters with one lane are the lane's own
    r = victim_run(FC_PFC, 0)
    assert np.array_equal(r.lane_paused_s[:, 0], r.port_paused_s)
    assert r.lane_paused_s.shape == (12, 1)


# ---- jobs in classes on a fabric ---------------------------------------------------------------------------------

@cache
def _pod():
    # two leaves of four 8-GPU servers under two spines (the smallest two-tier fat tree with a leaf to share)
    return generate("fat-tree", gpus=64, backend="rocev2", frontend=False, two_tiers=True)


# The incast's receiver (srv-001) shares leaf-01 with half of the ring; its senders sit on leaf-02 with the other half,
# so the ring's flows between the leaves cross the ports the incast fills.
INCAST = "incast:16:16MiB:servers=srv-001,srv-005..srv-006"
RING = "allreduce:16MiB:algo=ring:servers=srv-002..srv-003,srv-007..srv-008"
RING_GPUS, RING_LEVELS = 32, 4            # a ring step between leaves crosses NIC, leaf, spine and leaf ports


@cache
def _rows(backend: str, ring_tc: int) -> list[dict]:
    ring = RING if ring_tc == 0 else f"{RING}:tc={ring_tc}"
    return run_jobs(_pod(), [INCAST, ring], SimOptions(backend=backend)).data["jobs"]["rows"]


def _sharing_bound_s(ring_alone_s: float) -> float:
    """The ring's time if bandwidth sharing were all that slowed it: with equal weights its class gets at least half
    of every port it shares with the incast's, so each of its 2(n - 1) steps takes at most twice as long as alone; on
    top, the fluid model moves bytes one hop per time step (at most DT_MAX_S), so a step that runs in the queues
    adds up to (levels + 1) steps of transit that the run alone, at max-min rates, has not."""
    return 2 * ring_alone_s + 2 * (RING_GPUS - 1) * (RING_LEVELS + 1) * DT_MAX_S


@pytest.mark.parametrize("backend, held", [("rocev2", "paused"), ("ib", "stalled")])
def test_an_allreduce_in_its_own_class_is_not_held_by_the_incast(backend, held):
    # recommended RoCEv2 settings: PFC on, DCQCN off; InfiniBand: credits per virtual lane
    incast, same = _rows(backend, 0)
    incast_own, own = _rows(backend, 1)
    assert (incast["tc"], same["tc"], incast_own["tc"], own["tc"]) == (0, 0, 0, 1)
    ring_alone_s = own["completion_time_s"]["alone"]
    assert own["completion_time_s"]["together"] <= _sharing_bound_s(ring_alone_s)
    assert own["slowdown"] < same["slowdown"] / 3
    # pauses (credit stalls) land on the incast's class only: the ring's class is never held, and it is no victim
    assert same[f"{held}_s"]["together"] > 0 and same[f"victim_{held}"]["jobs"] == [1]
    assert incast_own[f"{held}_s"]["together"] > 0
    assert own[f"{held}_s"]["together"] == 0.0 and own[f"victim_{held}"]["ports"] == 0
    assert incast_own[f"victim_{held}"]["jobs"] == []          # no other job shares its class


def test_a_class_without_a_virtual_lane_is_refused_on_infiniband():
    with pytest.raises(WorkloadError) as exc:
        run_jobs(_pod(), [INCAST, f"{RING}:tc=5"], SimOptions(backend="ib"))
    assert "tc=5" in str(exc.value) and "4 data virtual lanes" in str(exc.value)
    assert "虚通道" in text_of(exc.value.message, "zh_CN")


@pytest.mark.parametrize("text", ["8", "-1", "1.5", "x", "", "nan"])
def test_a_bad_class_is_refused_in_both_languages(text):
    with pytest.raises(WorkloadError) as exc:
        parse_workload(f"allreduce:1MiB:tc={text}")
    assert "0 to 7" in str(exc.value) and "IEEE 802.1Q" in str(exc.value)
    assert "流量类别" in text_of(exc.value.message, "zh_CN")


def test_jobs_keep_their_class_in_the_file_and_older_files_still_open():
    base = document_to_dict(_pod())
    jobs = [{"name": "incast", "workload": "incast:16:16MiB", "servers": ["srv-001", "srv-005"]},
            {"name": "ring", "workload": "allreduce:16MiB", "gpus": 32, "tc": 3}]
    doc = document_from_dict({**base, "jobs": jobs})
    assert [j.tc for j in doc.jobs] == [None, 3]
    assert doc.jobs[1].spec() == "allreduce:16MiB:gpus=32:tc=3"
    assert parse_workload(doc.jobs[1].spec()).opt("tc") == 3
    assert document_to_dict(loads(dumps(doc)))["jobs"] == jobs
    for bad in (8, -1, "3", True):
        with pytest.raises(ProjectError, match=r"jobs\[1\]\.tc: .*0 to 7"):
            document_from_dict({**base, "jobs": [jobs[0], {**jobs[1], "tc": bad}]})


def test_simulate_names_each_jobs_class_in_both_languages(tmp_path, capsys):
    from designer.cli import main
    from designer.model.fileformat import save
    path = tmp_path / "pod.json"
    save(_pod(), str(path))
    specs = ["--workload", "allreduce:1MiB:gpus=16:tc=1", "--workload", "alltoall:1MiB:gpus=16"]
    assert main(["simulate", str(path), *specs]) == 0
    out = capsys.readouterr().out
    assert "traffic classes (tc): job 1 in 1, job 2 in 0; a PFC pause or a wait for credits holds only its own" in out
    assert main(["--lang", "zh_CN", "simulate", str(path), *specs]) == 0
    assert "流量类别（tc）：作业 1 在 1、作业 2 在 0" in capsys.readouterr().out
    assert main(["simulate", str(path), "--workload", "allreduce:1MiB:gpus=16", "--workload",
                 "alltoall:1MiB:gpus=16"]) == 0
    assert "traffic classes" not in capsys.readouterr().out        # one class: nothing to say


def test_each_job_is_shown_the_cables_that_held_its_own_class():
    # the live snapshots of the incast and the ring in its own class: per job, the cables where its class was paused
    snaps = list(stream(_pod(), [INCAST, f"{RING}:tc=1"], SimOptions(snapshot_count=12)))[:-1]
    ring_links = snaps[0].extra["job_links"][1]
    assert all(len(s.extra["job_link_paused"]) == 2 for s in snaps)
    held = [s for s in snaps if s.extra["link_paused"].any()]
    assert held
    for s in held:
        incast, ring = s.extra["job_link_paused"]
        assert not ring.any()                                   # the ring's class is never paused
        assert np.array_equal(incast, s.extra["link_paused"])   # every pause is the incast's class
    # ... although the ring crosses cables paused then (for the incast's class): the reason to show it per class
    assert any(s.extra["link_paused"][ring_links].any() for s in held)


def test_with_one_class_the_links_own_flag_is_every_jobs():
    snaps = list(stream(_pod(), [INCAST, RING], SimOptions(snapshot_count=6)))[:-1]
    assert all("job_link_paused" not in s.extra and "lane_link_paused" not in s.extra for s in snaps)
