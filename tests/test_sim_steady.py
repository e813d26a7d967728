"""Steady-state jumps (designer/sim/dynamics/steady.py) against stepping through: when the network's state agrees
over two spans the stepper extrapolates it; where it does not (senders climbing back, a port emptied now and then,
a rate that oscillates) it must keep stepping, or look over longer spans."""

import numpy as np
import pytest

from designer.model.segments import RoCESettings
from designer.sim.dynamics import FlowSet, FluidSimulator, PortSet, steady
from designer.sim.dynamics import layout as L
from designer.sim.dynamics.dcqcn import DcqcnParams
from designer.sim.dynamics.network import CC_DCQCN, FC_CREDIT, FC_LOSSY, FC_PFC, EcnThresholds, PfcThresholds
from designer.sim.dynamics.stepper import latency_percentiles_us
from designer.topology.presets import paper_dcqcn

CAP_BPS = 50e9                  # 400 Gb/s
KB = 1e3
LINKS = (4, 2, 3, 1)            # flows hashed onto each of four links


def collision(jump: bool, monkeypatch: pytest.MonkeyPatch) -> tuple[np.ndarray, list[tuple[float, float]], np.ndarray]:
    """Ten DCQCN flows of 96 MB (the paper's parameters) hashed 4/2/3/1 onto four 400G links, stepped in 50 us
    windows: (finish times, jumps as (start, span), the 4-flow link's load in each window as (end time, share))."""
    monkeypatch.setattr(steady, "JUMPS", jump)
    s = paper_dcqcn(RoCESettings())
    n = sum(LINKS)
    pfc = PfcThresholds(xoff_B=s.xoff_kb * KB, xon_B=s.xon_kb * KB, headroom_B=s.headroom_kb * KB)
    ecn = EcnThresholds(kmin_B=s.kmin_kb * KB, kmax_B=s.kmax_kb * KB, pmax=s.pmax)
    link = np.repeat(np.arange(len(LINKS)), LINKS)
    flows = FlowSet.from_paths([[i, n + link[i]] for i in range(n)], 96e6, line_rate_Bps=CAP_BPS, cc=CC_DCQCN,
                               base_latency_s=2.5e-6)
    sim = FluidSimulator(PortSet.uniform(n + len(LINKS), CAP_BPS, FC_PFC, pfc=pfc, ecn=ecn), flows, dt_s=1e-6,
                         dcqcn_params=DcqcnParams.from_settings(s))
    prober = steady.Prober(steady.TIMER_PERIODS * s.rate_timer_us * 1e-6)
    jumps, load = [], []
    while not sim.done.all():
        t0, served0 = sim.t, sim.pa[n, L.SERVED]
        sim.window(50)
        load.append((sim.t, (sim.pa[n, L.SERVED] - served0) / (sim.t - t0) / CAP_BPS))
        span = sim.skip_steady(prober, np.inf, 16e-6)
        if span > 0:
            jumps.append((sim.t - span, span))
    return sim.fs[:, L.FINISH].copy(), jumps, np.array(load)


def test_a_jump_waits_until_dcqcn_senders_stop_climbing(monkeypatch):
    """Once the other links' flows are done, the four flows of the busiest link climb back from their cuts by the
    additive increase for about 2 ms with no CNP (their queue stays under Kmin): the link's load rises steadily,
    1-2 % of its rate per probe span. Extrapolating that would freeze the climb for the jump's span and every
    later step would lag it (a jump there finished the link 28 % late); the stepper jumps only once the climb has
    turned into DCQCN's sawtooth, and every flow finishes within 1 % of stepping through."""
    stepped, none, load = collision(False, monkeypatch)
    jumped, jumps, _ = collision(True, monkeypatch)
    assert not none
    assert jumped == pytest.approx(stepped, rel=0.01)
    others_done = float(stepped[LINKS[0]:].max())
    climb_ends = float(load[(load[:, 0] > others_done) & (load[:, 1] > 0.97), 0].min())
    assert climb_ends > others_done + 1e-3                               # a climb of more than 1 ms
    assert all(start >= climb_ends for start, _ in jumps)


def snapshots(port_Bps: np.ndarray, period_s: float = 50e-6) -> list[steady.Snapshot]:
    """Snapshots a probe period apart of one flow per port, port k carrying port_Bps[i, k] in period i (no
    queues, nothing lost)."""
    served = np.vstack([np.zeros(port_Bps.shape[1]), np.cumsum(port_Bps * period_s, axis=0)])
    return [steady.Snapshot(i * period_s, 0, 0, b.copy(), np.zeros_like(b), 0.0, np.zeros((len(b), 1)), b.copy(),
                            np.zeros(1), np.zeros(1), 0.0, float(b.sum())) for i, b in enumerate(served)]


def test_a_port_emptied_now_and_then_limits_the_jump_where_the_sum_holds_steady():
    """Ten ports at 10 GB/s; one of them loses a whole period to a pause storm every few periods while the
    others carry what it drops, so the total is flat. The total and the byte-weighted ports pass; the paused
    port's mean is off its future by the scatter of its periods, which limits a jump to a share of the time its
    work takes (steady.PORT_ERROR)."""
    rates = np.full((16, 10), 10e9)
    paused = [2, 9, 13]
    rates[paused, 0] = 0.0
    rates[paused, 1:] += 10e9 / 9
    found = steady.steady_spans(snapshots(rates), 0.0)
    assert found is not None                                        # the network as a whole looks steady
    left_B = np.full(10, 1e8)                                       # 10 ms of work at 10 GB/s
    limit_s = steady.port_limit_s(found, left_B)
    calm = steady.steady_spans(snapshots(np.full((16, 10), 10e9)), 0.0)
    assert calm is not None and steady.port_limit_s(calm, left_B) > 1.0            # no limit (rounding aside)
    assert found.port_error[0] > 0.05 > found.port_error[1:].max()
    assert limit_s < 0.6 * 10e-3                    # well short of the 10 ms a jump could take before the first finish


def test_an_oscillation_is_averaged_over_its_period_before_a_jump():
    """A rate that swings +-20 % from one probe period to the next never passes at the base period (nor with the
    scatter of 16 periods); the prober doubles its period until a period holds a whole swing, and the rate it
    then extrapolates is the mean."""
    prober = steady.Prober(50e-6)
    t, sent, found = 0.0, 0.0, None
    for i in range(200):
        if prober.due(t):
            found = prober.offer(steady.Snapshot(t, 0, 0, np.array([sent]), np.zeros(1), 0.0, np.zeros((1, 1)),
                                                 np.array([sent]), np.zeros(1), np.zeros(1), 0.0, sent))
            if found is not None:
                break
        rate = 10e9 * (1.2 if i % 2 == 0 else 0.8)
        t, sent = t + 50e-6, sent + rate * 50e-6
    assert found is not None and prober.probe_s >= 100e-6
    assert float(steady.rates(found.a, found.c)[0]) == pytest.approx(10e9, rel=1e-6)


def detached_finish(jump: bool, monkeypatch: pytest.MonkeyPatch) -> tuple[FluidSimulator, list[tuple[float, float]]]:
    """Two flows of 40 MB share a 400G link (1.6 ms at half its rate each) while a flow of 20 MB crosses two ports of
    its own at line rate (0.4 ms), stepped in 50 us windows with a 50 us probe period: (the simulator when all are
    done, jumps as (start, span))."""
    monkeypatch.setattr(steady, "JUMPS", jump)
    ports = PortSet.uniform(5, CAP_BPS, FC_CREDIT, credit_B=256 * KB)
    flows = FlowSet.from_paths([[0, 2], [1, 2], [3, 4]], [40e6, 40e6, 20e6], line_rate_Bps=CAP_BPS)
    sim = FluidSimulator(ports, flows, dt_s=1e-6)
    prober, jumps = steady.Prober(50e-6), []
    while not sim.done.all():
        sim.window(50)
        span = sim.skip_steady(prober, np.inf, steady.LANDING_STEPS * sim.dt)
        if span > 0:
            jumps.append((sim.t - span, span))
    return sim, jumps


def test_the_steady_state_carries_on_past_the_finish_of_flows_that_share_nothing(monkeypatch):
    """The short flow's finish frees nothing the two others use: the spans of the first jump carry on for them after
    one probe period that measures their latencies alone (not the two new spans a change of flows needs otherwise).
    Its ports stop counting at its finish, the latency histogram holds the bytes delivered and nothing more, and
    every flow finishes as it does stepped through."""
    stepped, none = detached_finish(False, monkeypatch)
    jumped, jumps = detached_finish(True, monkeypatch)
    assert not none and len(jumps) == 2
    short_done_s = float(stepped.fs[2, L.FINISH])
    assert jumps[0][0] + jumps[0][1] < short_done_s                       # the first lands before it
    assert short_done_s < jumps[1][0] <= short_done_s + 2 * 50e-6 + 1e-9  # the next one probe period after
    assert jumped.fs[:, L.FINISH] == pytest.approx(stepped.fs[:, L.FINISH], rel=2e-3)
    assert jumped.pa[:, L.SERVED] == pytest.approx(stepped.pa[:, L.SERVED], rel=1e-3)
    assert jumped.pa[3:, L.BUSY_S] == pytest.approx(stepped.pa[3:, L.BUSY_S], rel=1e-3)
    assert jumped.hist.sum() == pytest.approx(100e6, rel=1e-6)
    assert jumped.hist.sum(axis=0) == pytest.approx(stepped.hist.sum(axis=0), rel=1e-3, abs=1e-3 * 100e6)



def creeping_queue(jump: bool, monkeypatch: pytest.MonkeyPatch) -> tuple[FluidSimulator, list[tuple[float, float]]]:
    """Ten flows of 20 MB at 5.1 GB/s each into one 400G port (2 % more than it carries), with RED from 0.5 to 5 MB,
    stepped in windows of 50 steps (shorter where a jump's stretch wants them, as the engine's windows): (the
    simulator when all are done, jumps as (start, span)). The port's queue grows by 1 GB/s throughout."""
    monkeypatch.setattr(steady, "JUMPS", jump)
    n = 10
    ports = PortSet.uniform(n + 1, CAP_BPS, FC_LOSSY, queue_limit_B=1e9,
                            ecn=EcnThresholds(kmin_B=0.5e6, kmax_B=5e6, pmax=0.2))
    flows = FlowSet.from_paths([[i, n] for i in range(n)], 20e6, line_rate_Bps=1.02 * CAP_BPS / n)
    sim = FluidSimulator(ports, flows, dt_s=1e-6)
    prober, jumps = steady.Prober(50e-6), []
    while not sim.done.all():
        sim.window(50 if sim.walk is None else min(50, sim.walk.steps_due(sim.steps)))
        span = sim.skip_steady(prober, np.inf, steady.LANDING_STEPS * sim.dt)
        if span > 0:
            jumps.append((sim.t - span, span))
    return sim, jumps


def test_a_jump_carries_a_creeping_queue_on_and_measures_its_tail_and_marks_on_the_way(monkeypatch):
    """Every rate stands still and the queue grows by 2 % of the port's rate, less in a span than the steady test
    lets through: a jump that froze the queue reported the 4 us of the start as the tail (p99.9) and no marks, where
    stepping through finds 79 us and 6.8 % marked. The jump carries the queue's trend on and measures the tail and
    the marks at stretches on the way: within 15 % and 20 % of stepping through, with the same queue at the end."""
    stepped, none = creeping_queue(False, monkeypatch)
    jumped, jumps = creeping_queue(True, monkeypatch)
    assert not none and sum(span for _, span in jumps) > 0.5 * float(stepped.fs[:, L.FINISH].max())
    tail_us, stepped_tail_us = (latency_percentiles_us(x.hist.sum(axis=0))["p999"] for x in (jumped, stepped))
    assert tail_us == pytest.approx(stepped_tail_us, rel=0.15)
    assert jumped.sc[L.MARKED] == pytest.approx(stepped.sc[L.MARKED], rel=0.2)
    assert stepped.sc[L.MARKED] > 0.05 * 200e6
    assert jumped.pa[-1, L.MAXQ] == pytest.approx(stepped.pa[-1, L.MAXQ], rel=0.02)
    assert jumped.fs[:, L.FINISH] == pytest.approx(stepped.fs[:, L.FINISH], rel=2e-3)
