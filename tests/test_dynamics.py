"""The fluid queue model: PFC, DCQCN, IB credits and the lossy front-end, checked with numbers."""

import numpy as np
import pytest

from designer.model.segments import RoCESettings
from designer.sim.dynamics import FlowSet, FluidSimulator, PortSet
from designer.sim.dynamics.dcqcn import DcqcnParams
from designer.sim.dynamics.network import (
    CC_AIMD,
    CC_DCQCN,
    CC_NONE,
    FC_CREDIT,
    FC_LOSSY,
    FC_PFC,
    EcnThresholds,
    PfcThresholds,
)
from designer.topology.presets import paper_dcqcn

CAP = 50e9          # 400 Gb/s in bytes/s
XOFF, XON, HEADROOM = 4e6, 3e6, 118e3
KMIN, KMAX = 800e3, 3200e3
PFC = PfcThresholds(xoff_B=XOFF, xon_B=XON, headroom_B=HEADROOM)
ECN, NO_ECN = EcnThresholds(kmin_B=KMIN, kmax_B=KMAX, pmax=0.2), EcnThresholds(pmax=0.2)
# the mechanism as its authors published it (Zhu et al., SIGCOMM 2015)
PAPER = DcqcnParams.from_settings(paper_dcqcn(RoCESettings()))


def incast(n, fc, cc, size=16e6, until=0.05, **kw):
    ports = PortSet.uniform(n + 1, CAP, fc, pfc=PFC, credit_B=256e3, ecn=ECN if cc == CC_DCQCN else NO_ECN,
                            queue_limit_B=kw.pop("queue_limit_B", 1e6))
    flows = FlowSet.from_paths([[i, n] for i in range(n)], size, line_rate_Bps=CAP, cc=cc)
    return FluidSimulator(ports, flows, dt_s=1e-6, dcqcn_params=PAPER, **kw).run(until_s=until, record_every=100)


def test_lossless_incast_never_drops_and_keeps_the_receiver_link_full():
    r = incast(8, FC_PFC, CC_NONE)
    ideal = 8 * 16e6 / CAP
    assert r.finished and r.dropped_B == 0 and r.headroom_overflow_B == 0
    assert r.completion_time_s == pytest.approx(ideal, rel=0.01)       # the bottleneck runs at line rate
    assert r.port_max_queue_B[8] <= 8 * (XOFF + HEADROOM)                # bounded by the ingress thresholds
    assert r.pause_fraction() > 0.3                                      # senders spend much time paused


def test_dcqcn_removes_most_pauses_and_the_queue_settles_near_the_ecn_band():
    plain = incast(8, FC_PFC, CC_NONE, size=64e6)
    dcqcn = incast(8, FC_PFC, CC_DCQCN, size=64e6)
    assert dcqcn.finished and dcqcn.dropped_B == 0
    assert dcqcn.pause_fraction() < 0.1 * plain.pause_fraction()
    # after the initial over-reaction the queue oscillates around Kmin, below Kmax
    settled = dcqcn.series["max_queue_B"][dcqcn.series["t_s"] > 0.6 * dcqcn.completion_time_s]
    assert KMIN / 4 < np.median(settled) < KMAX
    assert dcqcn.latency_percentiles_us()["p50"] < plain.latency_percentiles_us()["p50"] / 3
    assert dcqcn.ecn_mark_fraction() > 0


def victim_run(cc):
    # ports: 0-3 senders at switch S1; 4 the S1->S2 link; 5 S2->hot receiver; 6 S2->idle receiver;
    # 7-10 senders at S2; 11 the victim's NIC at S1. The victim goes S1 -> S2 -> idle receiver.
    ports = PortSet.uniform(12, CAP, FC_PFC, pfc=PFC, ecn=ECN if cc == CC_DCQCN else NO_ECN)
    ports.capacity_Bps[4] = 2 * CAP
    paths = [[i, 4, 5] for i in range(4)] + [[7 + j, 5] for j in range(4)] + [[11, 4, 6]]
    sizes = [64e6] * 8 + [16e6]
    starts = [0.0] * 8 + [5e-3]                          # the victim starts once the incast is under way
    flows = FlowSet.from_paths(paths, sizes, start_s=starts, line_rate_Bps=CAP, cc=cc)
    return FluidSimulator(ports, flows, dt_s=1e-6, dcqcn_params=PAPER).run(until_s=0.05)


def test_victim_flow_slows_under_pfc_and_less_with_dcqcn():
    alone = 16e6 / CAP
    pfc = victim_run(CC_NONE)
    dcqcn = victim_run(CC_DCQCN)
    victim_pfc, victim_dcqcn = pfc.finish_s[8] - 5e-3, dcqcn.finish_s[8] - 5e-3
    assert pfc.port_paused_s[4] > 0                      # the shared upstream link was paused
    assert victim_pfc > 1.5 * alone                      # so the victim, going elsewhere, waited
    assert victim_dcqcn < victim_pfc                     # DCQCN keeps the pauses away
    assert pfc.dropped_B == dcqcn.dropped_B == 0


@pytest.mark.slow
def test_two_dcqcn_flows_converge_to_a_fair_share():
    ports = PortSet.uniform(3, CAP, FC_PFC, pfc=PFC, ecn=ECN)
    flows = FlowSet.from_paths([[0, 2], [1, 2]], 4e9, start_s=[0.0, 1e-3], line_rate_Bps=CAP, cc=CC_DCQCN)
    served = []
    FluidSimulator(ports, flows, dt_s=1e-6, dcqcn_params=PAPER).run(
        until_s=0.04, record_every=1000, on_record=lambda rec: served.append((rec["t_s"], rec["served_B"][:2].copy())))
    t = np.array([s[0] for s in served])
    bytes_ = np.array([s[1] for s in served])
    # the DCQCN paper shows convergence within tens of milliseconds; average over the last 15 ms
    window = (t >= 0.025)
    i0, i1 = np.argmax(window), len(t) - 1
    rate = (bytes_[i1] - bytes_[i0]) / (t[i1] - t[i0])
    assert abs(rate[0] - rate[1]) / rate.mean() < 0.10
    assert rate.sum() > 0.8 * CAP                        # and together they still fill the link


def test_ib_credits_hold_the_incast_without_drops_within_the_buffers():
    r = incast(8, FC_CREDIT, CC_NONE)
    assert r.finished and r.dropped_B == 0
    assert r.completion_time_s == pytest.approx(8 * 16e6 / CAP, rel=0.01)
    assert r.port_max_queue_B[8] <= 8 * 256e3 + 1                        # each hop bounded by its credits
    assert r.credit_stall_fraction() > 0.3
    assert r.pause_fraction() == 0


def test_probe_behind_a_congested_port_shows_the_queue_in_its_tail_latency():
    def run(with_incast):
        n = 8
        ports = PortSet.uniform(n + 2, CAP, FC_CREDIT, credit_B=256e3)
        paths = ([[i, n] for i in range(n)] if with_incast else []) + [[n + 1, n]]
        sizes = ([16e6] * n if with_incast else []) + [64e3]
        starts = ([0.0] * n if with_incast else []) + [1e-3]
        flows = FlowSet.from_paths(paths, sizes, start_s=starts, line_rate_Bps=CAP, base_latency_s=1.2e-6)
        return FluidSimulator(ports, flows, dt_s=1e-6).run(until_s=0.05)

    idle, busy = run(False), run(True)
    assert idle.latency_percentiles_us()["p99"] < 3
    queue_delay_us = 8 * 256e3 / CAP * 1e6                                # a full credit-bounded queue
    assert busy.latency_percentiles_us()["p99"] > 0.5 * queue_delay_us


def test_front_end_incast_drops_and_goodput_falls_as_senders_grow():
    def goodput(n):
        r = incast(n, FC_LOSSY, CC_AIMD, size=4e6, until=0.5, queue_limit_B=512e3)
        assert r.finished and r.dropped_B > 0
        return n * 4e6 / r.completion_time_s

    few, many = goodput(4), goodput(32)
    assert many < 0.7 * few


def test_lossless_backend_with_the_same_incast_does_not_drop():
    assert incast(32, FC_PFC, CC_NONE, size=4e6).dropped_B == 0


def test_same_input_same_result():
    a = incast(8, FC_PFC, CC_DCQCN, size=2e6)
    b = incast(8, FC_PFC, CC_DCQCN, size=2e6)
    assert a.completion_time_s == b.completion_time_s
    assert np.array_equal(a.latency_hist_B, b.latency_hist_B)


def stepped_incast(jump: bool, floor_s: float = 100e-6):
    """A lossless 4:1 incast of 256 MB each, stepped in 100 us windows; with `jump`, steady spans are skipped the
    way the engine's fluid queues skip them (FluidSimulator.skip_steady: probe, agreeing spans, extrapolate), up to
    at least `floor_s` before the first finish (the margin the measured rates allow, steady._finish_bounds)."""
    from designer.sim.dynamics import layout as L
    from designer.sim.dynamics import steady
    ports = PortSet.uniform(5, CAP, FC_PFC, pfc=PFC)
    flows = FlowSet.from_paths([[i, 4] for i in range(4)], 256e6, line_rate_Bps=CAP, cc=CC_NONE)
    sim = FluidSimulator(ports, flows, dt_s=1e-6)
    prober, jumped_s = steady.Prober(100e-6), 0.0
    while not sim.done.all():
        sim.window(100)
        span = sim.skip_steady(prober, np.inf, floor_s) if jump else 0.0
        jumped_s += span
        if span > 0:
            # no byte appears or vanishes: what each flow sent and has not received is what its queues hold
            in_flight = sim.fs[:, L.SENT] - sim.fs[:, L.ARRIVED]
            assert in_flight == pytest.approx(sim.in_network_B(), abs=1.0)
    finish = dict(enumerate(sim.fs[:, L.FINISH]))
    return finish, jumped_s


def test_steady_spans_are_jumped_without_changing_when_flows_finish():
    stepped, none = stepped_incast(jump=False)
    jumped, skipped_s = stepped_incast(jump=True)
    assert none == 0.0 and skipped_s > 0.5 * max(stepped.values())      # most of the run was jumped
    for f, t in stepped.items():
        assert jumped[f] == pytest.approx(t, rel=2e-3)
    # the closed form: the receiver link runs full until the last byte, so the last flow ends at 4 x 256 MB / C
    assert max(stepped.values()) == pytest.approx(4 * 256e6 / CAP, rel=0.01)


def test_a_jump_over_rates_that_do_not_move_lands_just_before_the_first_finish():
    """Four flows sharing a link evenly keep exactly their rates: the jump's margin before the first finish shrinks
    from a probe period (100 us) to its floor, and the finish times stay those of stepping through."""
    stepped, _ = stepped_incast(jump=False)
    loose, loose_s = stepped_incast(jump=True)
    tight, tight_s = stepped_incast(jump=True, floor_s=16e-6)
    assert tight_s > loose_s + 50e-6                  # most of the last probe period is jumped too
    for f, t in stepped.items():
        assert tight[f] == pytest.approx(t, rel=2e-3)
        assert tight[f] == pytest.approx(loose[f], rel=2e-3)


@pytest.mark.parametrize("dt_s", [0.5e-6, 2e-6, 4e-6])
def test_an_unloaded_flow_meets_its_path_latency_whatever_the_step(dt_s):
    """A flow alone on its path queues nowhere: its one-way latency is the path's, not the path's plus a share of the
    model's step (the step's own transit is taken out whole)."""
    ports = PortSet.uniform(3, CAP, FC_CREDIT, credit_B=256e3)
    flows = FlowSet.from_paths([[0, 1, 2]], [64e6], line_rate_Bps=CAP, base_latency_s=1.5e-6)
    lat = FluidSimulator(ports, flows, dt_s=dt_s).run(until_s=0.05).latency_percentiles_us()
    assert lat["p50"] == lat["max"] == pytest.approx(1.5, rel=0.012)     # within one histogram bin (1.2 %)
