"""Queue dynamics inside the engine: the same API and JSON, with PFC, DCQCN, credits and drops at work."""

import pytest

from designer.sim import SimOptions, run
from designer.topology import generate


@pytest.fixture(scope="module")
def pods():
    return {be: generate("fat-tree", gpus=128, backend=be, frontend=True, two_tiers=True) for be in ("ib", "rocev2")}


def figures(res):
    d = res.data
    return d["throughput_fraction"], d["pfc_pause_fraction"], d["latency_us"]["p99"], d["dropped_bytes"]


def test_lossless_incast_pfc_only_pauses_and_tuned_dcqcn_removes_the_pauses_at_line_rate(pods):
    """A long 8:1 incast: PFC alone holds the receiver link at line rate by pausing the senders; DCQCN as the
    recommended preset runs it when turned on (an operator's 400G tuning) replaces the pauses with rate cuts and
    still holds at least 90 % of the receiver's line rate."""
    pfc_only = run(pods["rocev2"], ["incast:8:64MiB:dcqcn=off"])
    dcqcn = run(pods["rocev2"], ["incast:8:64MiB:dcqcn=on"])
    tf_pfc, pause_pfc, p99_pfc, drop_pfc = figures(pfc_only)
    tf_dcqcn, pause_dcqcn, p99_dcqcn, drop_dcqcn = figures(dcqcn)
    assert drop_pfc == drop_dcqcn == 0                      # lossless back-end
    assert tf_pfc > 0.97                                    # the receiver link runs near line rate
    # the senders' 16 queue pairs each spend part of their time paused (PAUSE counted per port over all ports)
    assert pause_pfc > 0.05
    assert pause_dcqcn < 0.1 * pause_pfc
    assert tf_dcqcn >= 0.90
    assert dcqcn.data["ecn_mark_fraction"] > 0
    assert pfc_only.data["rate_model"].startswith("fluid queues")


def test_untuned_dcqcn_wastes_the_receiver_link_that_tuned_dcqcn_fills(pods):
    """Plain defaults (the NIC firmware's DCQCN at 400G) cut hard and recover slowly: the same incast runs clearly
    below the tuned preset (ByteDance measured a default-DCQCN server link oscillating near half its rate)."""
    plain = generate("fat-tree", gpus=128, backend="rocev2", frontend=False, preset="plain", two_tiers=True)
    untuned = run(plain, ["incast:8:64MiB"]).data
    tuned = run(pods["rocev2"], ["incast:8:64MiB:dcqcn=on"]).data
    assert untuned["preset"] == "plain" and tuned["preset"] == "recommended"
    assert untuned["throughput_fraction"] < tuned["throughput_fraction"] - 0.05


def test_ib_incast_is_held_by_credits_without_drops_or_pauses(pods):
    res = run(pods["ib"], ["incast:8:64MiB"])
    tf, pause, _, dropped = figures(res)
    assert tf > 0.97 and dropped == 0 and pause == 0
    assert res.data["credit_stall_fraction"] > 0.05


def test_pingpong_behind_a_congested_port_shows_the_queue_in_its_tail(pods):
    idle = run(pods["ib"], ["pingpong:8B"])
    busy = run(pods["ib"], ["incast:8:64MiB", "pingpong:8B:start=2ms:iters=50"])
    ping_idle = idle.data["workloads"][0]["latency_us"]["p99"]
    ping_busy = busy.data["workloads"][1]["latency_us"]["p99"]
    assert ping_idle < 3
    assert ping_busy > 10 * ping_idle                       # it waited behind the incast's queue


def test_front_end_incast_pays_for_its_drops_with_retransmissions(pods):
    """The lossy Ethernet front-end drops under a many-to-one incast; every dropped byte is sent again (TCP-like
    recovery), and the run cannot finish before the payload and the resent bytes have crossed the receiver link."""
    res = run(pods["rocev2"], ["incast:12:8MiB:plane=frontend"]).data
    assert res["dropped_bytes"] > 0
    assert res["retransmitted_bytes"] >= res["dropped_bytes"]
    receiver_Bps = max(link.speed_gbps for link in pods["rocev2"].links.values() if link.plane == "frontend") * 1e9 / 8
    payload_B = 12 * 8 * 2**20
    assert res["completion_time_s"] >= (payload_B + res["retransmitted_bytes"]) / receiver_Bps
    backend = run(pods["rocev2"], ["incast:12:8MiB"])
    assert backend.data["dropped_bytes"] == 0 == backend.data["retransmitted_bytes"]


def test_pfc_keeps_fair_sharing_throughput_but_dcqcn_trades_it_for_latency():
    # plain preset: one QP per flow on ECMP, so flows collide on the spines
    doc = generate("fat-tree", gpus=128, backend="rocev2", frontend=False, preset="plain", two_tiers=True)
    fair = run(doc, ["permutation:64MiB"], SimOptions(rate_model="maxmin")).data["workloads"][0]
    pfc = run(doc, ["permutation:64MiB:dcqcn=off"]).data
    dcqcn = run(doc, ["permutation:64MiB"]).data
    assert pfc["workloads"][0]["flow_rate_fraction"] == pytest.approx(fair["flow_rate_fraction"], rel=0.15)
    assert dcqcn["latency_us"]["p99"] < pfc["latency_us"]["p99"]
    assert dcqcn["pfc_pause_fraction"] < pfc["pfc_pause_fraction"]


@pytest.mark.slow
def test_queue_model_is_deterministic(pods):
    a = run(pods["rocev2"], ["permutation:4MiB", "incast:4:2MiB:start=50us"], SimOptions(seed=3)).to_dict()
    b = run(pods["rocev2"], ["permutation:4MiB", "incast:4:2MiB:start=50us"], SimOptions(seed=3)).to_dict()
    a.pop("sim_wall_time_s")
    b.pop("sim_wall_time_s")
    assert a == b


def test_an_idle_front_end_leaves_a_back_end_run_unchanged():
    """The step and the steady-state probes follow the senders of the run's own flows: a back-end incast gives the
    same figures whether or not the design also has a front-end (whose TCP-like senders stay idle)."""
    with_fe, without_fe = (generate("fat-tree", gpus=32, backend="rocev2", frontend=fe) for fe in (True, False))
    a, b = (run(doc, ["incast:8:4MiB:dcqcn=off"]).data for doc in (with_fe, without_fe))
    assert a["latency_us"]["p99"] > 100      # the queues ran: 8 senders wait behind one receiver link
    for key in ("completion_time_s", "latency_us", "dropped_bytes", "throughput_fraction"):
        assert a[key] == b[key], key
