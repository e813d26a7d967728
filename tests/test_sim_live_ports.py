"""The per-port stages of a step visit only the ports unfinished flows cross (FluidSimulator._visit_live_ports):
a phase's finished flows stay until the whole phase ends, and its tail of stragglers must not pay for every port the
phase ever crossed. Leaving idle ports out must not change anything a run measures."""

import numpy as np
import pytest

from designer.sim.dynamics import FlowSet, FluidSimulator, PortSet, stepper
from designer.sim.dynamics import layout as L
from designer.sim.dynamics.network import FC_PFC, PfcThresholds

CAP_BPS = 50e9                  # 400 Gb/s


def incasts(refresh: float, monkeypatch: pytest.MonkeyPatch) -> tuple[FluidSimulator, list[int]]:
    """Two 3:1 incasts under PFC, one of 1 MB a sender and one of 8 MB, stepped in 20-step windows: the simulator
    at the end and the number of ports visited after each window."""
    monkeypatch.setattr(stepper, "LIVE_PORTS_REFRESH", refresh)
    paths = [[i, 6] for i in range(3)] + [[i, 7] for i in range(3, 6)]
    sizes = np.array([1e6] * 3 + [8e6] * 3)
    flows = FlowSet.from_paths(paths, sizes, line_rate_Bps=CAP_BPS, base_latency_s=2e-6)
    pfc = PfcThresholds(xoff_B=200e3, xon_B=180e3, headroom_B=100e3)
    sim = FluidSimulator(PortSet.uniform(8, CAP_BPS, FC_PFC, pfc=pfc), flows, dt_s=1e-6)
    visited = []
    while not sim.done.all():
        sim.window(20)
        visited.append(len(sim.aports))
    return sim, visited


def test_idle_ports_are_left_out_and_nothing_measured_changes(monkeypatch):
    default = stepper.LIVE_PORTS_REFRESH
    every, visited_all = incasts(0.0, monkeypatch)         # never taken again: every port, as before
    live, visited_live = incasts(default, monkeypatch)
    assert set(visited_all) == {8}
    assert 4 in visited_live                               # the 1 MB incast done: its 4 ports left out
    assert np.array_equal(live.fs[:, L.FINISH], every.fs[:, L.FINISH])
    assert np.array_equal(live.pa, every.pa)
    assert np.array_equal(live.hist, every.hist)
    assert every.pa[6, L.PAUSED_S] + every.pa[:3, L.PAUSED_S].sum() > 0   # the incasts did pause their senders
