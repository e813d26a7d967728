"""Protocols over distance in the fluid queues: RoCEv2 go-back-N pays the span's round trip for every loss, and a
TCP-like sender across the span runs at its window over the round trip.

Go-back-N (IRN, Mittal et al., SIGCOMM 2018): after a loss the receiver drops everything behind the gap and NAKs;
the NAK reaches the sender a round trip R after the loss, and the sender resends everything it sent meanwhile. A
sender at rate r therefore resends at least r * R a loss episode and finishes at least R later than with selective
repeat, which resends only the lost bytes. The scene: flow A (go-back-N, 0.8 of the bottleneck) is hit by a short
burst of flow B (selective repeat, the bottleneck's rate, 1 MB) that overflows a 200 KB lossy queue; with the
burst gone A's load fits, so A recovers. Rates are scaled to 1 GB/s to keep the run short.

TCP (RFC 5681 slow start, RFC 7323 windows): the window starts at ten segments and doubles every round trip R
(twice the one-way latency of the path, at least the stack's 20 us) up to the receiver's window W (Linux's 6 MiB);
the rate is window / R, at most the line rate L. Continuously: with W' = min(W, L R), slow start ends at
t1 = R log2(W' / IW) having sent (W' - IW) / ln 2 bytes, and the rest goes at W' / R:
    T = t1 + (S - (W' - IW) / ln 2) / (W' / R).
"""

from __future__ import annotations

import math

import pytest

from designer.sim import SimOptions, run
from designer.sim.dynamics import FlowSet, FluidSimulator, PortSet
from designer.sim.dynamics.aimd import AimdParams
from designer.sim.dynamics.loss import RTX_GO_BACK_N, RTX_SELECTIVE
from designer.sim.dynamics.network import CC_AIMD, CC_NONE, FC_LOSSY, LossHandling
from designer.sim.workload_spec import WorkloadError
from designer.topology import generate

US_PER_KM = 5e-6
FIXED_S = 2e-6                  # NICs and switches, one way
CAP = 1e9
RATE_A = 0.8 * CAP


def _one_way_s(km: float) -> float:
    return US_PER_KM * km + FIXED_S


def _burst(km: float, rtx_a: int):
    ports = PortSet.uniform(3, CAP, FC_LOSSY, queue_limit_B=200e3)
    flows = FlowSet.from_paths([[0, 2], [1, 2]], [32e6, 1e6], start_s=[0.0, 5e-3], line_rate_Bps=[RATE_A, CAP],
                               cc=CC_NONE, base_latency_s=_one_way_s(km),
                               loss=LossHandling(lossless=False, rtx=[rtx_a, RTX_SELECTIVE]))
    return FluidSimulator(ports, flows, dt_s=5e-6).run(until_s=1.0, record_every=1000)


@pytest.fixture(scope="module")
def bursts() -> dict:
    return {(km, rtx): _burst(km, rtx) for km in (10, 100, 1000) for rtx in (RTX_GO_BACK_N, RTX_SELECTIVE)}


def test_go_back_n_resends_a_round_trip_of_sending_and_waits_for_it(bursts: dict) -> None:
    extra_resent, delay = [], []
    for km in (10, 100, 1000):
        gbn, sel = bursts[(km, RTX_GO_BACK_N)], bursts[(km, RTX_SELECTIVE)]
        assert gbn.finished and sel.finished and gbn.dropped_B > 0
        assert sel.retransmitted_B == pytest.approx(sel.dropped_B)      # selective repeat: only what was lost
        rtt = 2 * _one_way_s(km)
        extra_resent.append(gbn.retransmitted_B - sel.retransmitted_B)
        delay.append(gbn.finish_s[0] - sel.finish_s[0])
        assert extra_resent[-1] >= RATE_A * rtt                          # at least a round trip of sending
        assert delay[-1] >= rtt
    assert extra_resent[0] < extra_resent[1] < extra_resent[2]
    assert delay[0] < delay[1] < delay[2]
    # at 1,000 km the burst is over long before the NAK: the cost is the bandwidth-delay product, a few times
    assert extra_resent[2] <= 3 * RATE_A * 2 * _one_way_s(1000)


@pytest.mark.parametrize("km", [1, 100, 1000])
def test_tcp_across_the_span_runs_at_its_window_over_the_round_trip(km: float) -> None:
    line, size = 50e9, 64e6
    p = AimdParams()
    flows = FlowSet.from_paths([[0, 1]], size, line_rate_Bps=line, cc=CC_AIMD, base_latency_s=_one_way_s(km))
    r = FluidSimulator(PortSet.uniform(2, line, FC_LOSSY, queue_limit_B=1e9), flows, dt_s=5e-6).run(until_s=1.0)
    rtt = max(p.rtt_s, 2 * _one_way_s(km))
    window = min(p.receive_window_B, line * rtt)
    t1 = rtt * math.log2(window / p.initial_window_B)
    closed = t1 + (size - (window - p.initial_window_B) / math.log(2)) / (window / rtt)
    assert r.finished and r.completion_time_s == pytest.approx(closed, rel=0.02)
    if km >= 100:          # window-bound: 6 MiB / 1 ms = 6.3 GB/s at 100 km, a tenth of that at 1,000 km
        assert window / rtt < line / 5


def test_a_lossy_class_that_collapses_is_stopped_with_a_message_and_one_that_recovers_runs_on() -> None:
    """8 senders into one 400G NIC, lossy, go-back-N: without congestion control nothing slows them and the run
    would never end; with DCQCN it finishes, and a smaller burst that resends a little finishes too."""
    doc = generate("leaf-spine", gpus=16, backend="rocev2", frontend=False)
    with pytest.raises(WorkloadError, match="stopped making headway.*dcqcn=on"):
        run(doc, ["incast:8:16MiB:pfc=off:qps=1"], SimOptions(ideal_pass=False))
    assert run(doc, ["incast:8:16MiB:pfc=off:qps=1:dcqcn=on"], SimOptions(ideal_pass=False)).data["completion_time_s"]
    small = run(doc, ["incast:8:4MiB:pfc=off:qps=1"], SimOptions(ideal_pass=False)).data
    assert small["retransmitted_bytes"] > 0 and small["completion_time_s"] < 0.01
