"""DCQCN on the smallest collision: 400G senders meeting on one 400G port, with the NIC firmware's defaults (the
plain preset) and with ByteDance's tuning of them (Barre, USENIX ATC 2025), against the published behaviour.

The firmware takes the latest CNP into alpha with weight 1019/1024, so each CNP cuts by up to half the rate
(rpg_min_dec_fac 50 %) at most every 4 us, and only the 300 us increase timer brings the rate back: the rates swing
and the port runs dry between swings. ByteDance saw default DCQCN at 400G oscillate with the server link far below
its rate (197.7 Gb/s of 400 at one point), and the tuned set (cuts of at most 10 %, a 60 us timer) hold the link
near its rate with fair shares.
"""

import dataclasses

import numpy as np
import pytest

from designer.model.segments import RoCESettings
from designer.sim.dynamics import FlowSet, FluidSimulator, PortSet
from designer.sim.dynamics.dcqcn import DcqcnParams
from designer.sim.dynamics.network import CC_DCQCN, FC_PFC, EcnThresholds, PfcThresholds
from designer.topology.presets import BYTEDANCE_TUNING

CAP_BPS = 50e9                   # 400 Gb/s
KB = 1e3
DEFAULT = RoCESettings()         # the plain preset: firmware DCQCN, the switch vendor's ECN
TUNED = dataclasses.replace(DEFAULT, **BYTEDANCE_TUNING)


def collide(s: RoCESettings, n: int, until_s: float, stagger_s: float = 0.0) -> tuple[np.ndarray, np.ndarray]:
    """n long flows from their own NIC ports into port n, every 10 us: the record times and the bytes each port
    has sent (columns 0..n-1 the senders, n the shared port)."""
    pfc = PfcThresholds(xoff_B=s.xoff_kb * KB, xon_B=s.xon_kb * KB, headroom_B=s.headroom_kb * KB)
    ecn = EcnThresholds(kmin_B=s.kmin_kb * KB, kmax_B=s.kmax_kb * KB, pmax=s.pmax)
    ports = PortSet.uniform(n + 1, CAP_BPS, FC_PFC, pfc=pfc, ecn=ecn)
    flows = FlowSet.from_paths([[i, n] for i in range(n)], 1e12, start_s=np.arange(n) * stagger_s,
                               line_rate_Bps=CAP_BPS, cc=CC_DCQCN, base_latency_s=2.5e-6)
    rec: list[tuple[float, np.ndarray]] = []
    FluidSimulator(ports, flows, dt_s=1e-6, dcqcn_params=DcqcnParams.from_settings(s)).run(
        until_s=until_s, record_every=10, on_record=lambda r: rec.append((r["t_s"], r["served_B"][:n + 1].copy())))
    return np.array([r[0] for r in rec]), np.array([r[1] for r in rec])


def rates_Bps(t: np.ndarray, sent: np.ndarray, t0: float, t1: float) -> np.ndarray:
    """Each port's mean rate between t0 and t1 (record times)."""
    i0, i1 = np.searchsorted(t, [t0 - 1e-9, t1 - 1e-9])
    return (sent[i1] - sent[i0]) / (t[i1] - t[i0])


def link_windows(t: np.ndarray, sent: np.ndarray, t0: float, t1: float, width_s: float = 100e-6) -> np.ndarray:
    """The shared port's load (share of its rate) in consecutive windows from t0 to t1."""
    edges = np.arange(t0, t1 + width_s / 2, width_s)
    return np.array([rates_Bps(t, sent, a, b)[-1] for a, b in zip(edges[:-1], edges[1:], strict=True)]) / CAP_BPS


def test_default_dcqcn_swings_below_the_line_rate_where_the_tuned_set_holds_it_at_fair_shares():
    t, sent = collide(DEFAULT, 2, 20e-3)
    tt, tsent = collide(TUNED, 2, 20e-3)
    # the collision starts at line rate: the defaults halve the rate on every CNP and wait for their timer
    assert rates_Bps(t, sent, 0.0, 1e-3)[-1] < 0.6 * CAP_BPS < 0.88 * CAP_BPS < rates_Bps(tt, tsent, 0.0, 1e-3)[-1]
    # afterwards the defaults keep swinging: the port dips to about half its rate and runs below 90 % on average
    swings, tuned_swings = link_windows(t, sent, 2e-3, 20e-3), link_windows(tt, tsent, 2e-3, 20e-3)
    assert swings.min() < 0.6 and swings.mean() < 0.9
    assert tuned_swings.min() > 0.75 and tuned_swings.mean() > 0.95
    # so each flow stays well under its fair share; tuned, each holds it within 5 %
    assert np.all(rates_Bps(t, sent, 10e-3, 20e-3)[:2] < 0.9 * CAP_BPS / 2)
    assert np.all(np.abs(rates_Bps(tt, tsent, 10e-3, 20e-3)[:2] - CAP_BPS / 2) < 0.05 * CAP_BPS / 2)


def test_senders_joining_one_by_one_leave_the_port_idle_more_often_with_the_defaults():
    """Barre's experiment in small: four clients join a server one after another (here every 2 ms); each arrival
    at line rate sets off cuts of all flows on the port."""
    t, sent = collide(DEFAULT, 4, 20e-3, 2e-3)
    tt, tsent = collide(TUNED, 4, 20e-3, 2e-3)
    assert rates_Bps(t, sent, 6e-3, 20e-3)[-1] < 0.93 * CAP_BPS
    assert rates_Bps(tt, tsent, 6e-3, 20e-3)[-1] > 0.96 * CAP_BPS


def test_a_ring_over_collisions_stands_in_for_repeats_only_once_the_senders_have_settled(monkeypatch):
    """A ring AllReduce repeats one congested step 2(n-1) times; the engine streams the first repeats through the
    queues and stands in their mean for the rest. With the firmware's DCQCN the first repeats carry the collapse
    the collisions start with and its 300 us recovery, so standing in early would freeze that transient over the
    whole collective: the result must match streaming every repeat."""
    from designer.sim import SimOptions, run, stand_in
    from designer.topology import generate

    doc = generate("fat-tree", gpus=64, backend="rocev2", frontend=False, two_tiers=True, preset="plain")
    for seg in list(doc.segments.values()):
        doc.update_segment(seg.id, preset="custom", rocev2=dataclasses.replace(seg.rocev2, dcqcn=True))

    def completion_s() -> float:
        r = run(doc, ["allreduce:256MiB:algo=ring"], SimOptions(seed=1, ideal_pass=False))
        return float(r.data["completion_time_s"])

    stood_in = completion_s()
    monkeypatch.setattr(stand_in, "WARM_REPEATS", 10**9)      # never stand in: stream all 126 repeats
    streamed = completion_s()
    assert stood_in == pytest.approx(streamed, rel=0.03)
