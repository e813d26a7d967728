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


def test_lossless_incast_pfc_only_pauses_a_lot_and_dcqcn_removes_the_pauses(pods):
    plain = run(pods["rocev2"], ["incast:8:64MiB:dcqcn=off"])
    dcqcn = run(pods["rocev2"], ["incast:8:64MiB"])
    tf_plain, pause_plain, p99_plain, drop_plain = figures(plain)
    tf_dcqcn, pause_dcqcn, p99_dcqcn, drop_dcqcn = figures(dcqcn)
    assert drop_plain == drop_dcqcn == 0                    # lossless back-end
    assert tf_plain > 0.97                                  # the receiver link runs near line rate
    assert pause_plain > 0.2                                # but the senders spend their time paused
    assert pause_dcqcn < 0.1 * pause_plain
    assert p99_dcqcn < p99_plain / 3                        # short queues: lower tail latency
    assert dcqcn.data["ecn_mark_fraction"] > 0
    assert plain.data["rate_model"].startswith("fluid queues")


def test_ib_incast_is_held_by_credits_without_drops_or_pauses(pods):
    res = run(pods["ib"], ["incast:8:64MiB"])
    tf, pause, _, dropped = figures(res)
    assert tf > 0.97 and dropped == 0 and pause == 0
    assert res.data["credit_stall_fraction"] > 0.2


def test_pingpong_behind_a_congested_port_shows_the_queue_in_its_tail(pods):
    idle = run(pods["ib"], ["pingpong:8B"])
    busy = run(pods["ib"], ["incast:8:64MiB", "pingpong:8B:start=2ms:iters=50"])
    ping_idle = idle.data["workloads"][0]["latency_us"]["p99"]
    ping_busy = busy.data["workloads"][1]["latency_us"]["p99"]
    assert ping_idle < 3
    assert ping_busy > 10 * ping_idle                       # it waited behind the incast's queue


def test_front_end_incast_drops_and_loses_goodput_as_senders_grow(pods):
    def goodput(n):
        res = run(pods["rocev2"], [f"incast:{n}:8MiB:plane=frontend"])
        return res.data["goodput_gbps"], res.data["dropped_bytes"]

    few, few_drop = goodput(2)
    many, many_drop = goodput(12)
    assert many_drop > 0
    assert many < 0.8 * few
    backend = run(pods["rocev2"], ["incast:12:8MiB"])
    assert backend.data["dropped_bytes"] == 0


def test_pfc_keeps_fair_sharing_throughput_but_dcqcn_trades_it_for_latency(pods):
    doc = pods["rocev2"]
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
