"""DCQCN on the smallest collision: 400G senders meeting on one 400G port, with the NIC firmware's defaults (the
plain preset) and with ByteDance's tuning of them (Barre, USENIX ATC 2025), against the published behaviour.

The firmware cuts a flow by up to half per notification (rpg_min_dec_fac 50 %) at most every 4 us, and recovers
only on its 300 us increase timer: a collision that starts at line rate keeps cutting while the queue above Kmin
drains, then waits a timer period before fast recovery. ByteDance saw default DCQCN at 400G oscillate with the
server link far below its rate and the shares unfair, and the tuned set settle quickly at fair shares.
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
RECORD_S = 10e-6                 # a record every 10 steps of 1 us
DEFAULT = RoCESettings()         # the plain preset: firmware DCQCN, the switch vendor's ECN
TUNED = dataclasses.replace(DEFAULT, **BYTEDANCE_TUNING)


def collide(s: RoCESettings, n: int, until_s: float, stagger_s: float = 0.0) -> tuple[np.ndarray, np.ndarray]:
    """n long flows from their own NIC ports into port n; returns the record times and each sender's sent bytes."""
    pfc = PfcThresholds(xoff_B=s.xoff_kb * KB, xon_B=s.xon_kb * KB, headroom_B=s.headroom_kb * KB)
    ecn = EcnThresholds(kmin_B=s.kmin_kb * KB, kmax_B=s.kmax_kb * KB, pmax=s.pmax)
    ports = PortSet.uniform(n + 1, CAP_BPS, FC_PFC, pfc=pfc, ecn=ecn)
    flows = FlowSet.from_paths([[i, n] for i in range(n)], 1e12, start_s=np.arange(n) * stagger_s,
                               line_rate_Bps=CAP_BPS, cc=CC_DCQCN, base_latency_s=2.5e-6)
    rec: list[tuple[float, np.ndarray]] = []
    FluidSimulator(ports, flows, dt_s=1e-6, dcqcn_params=DcqcnParams.from_settings(s)).run(
        until_s=until_s, record_every=10, on_record=lambda r: rec.append((r["t_s"], r["served_B"][:n].copy())))
    return np.array([r[0] for r in rec]), np.array([r[1] for r in rec])


def rates_Bps(t: np.ndarray, sent: np.ndarray, t0: float, t1: float) -> np.ndarray:
    """Each sender's mean rate between t0 and t1 (record times)."""
    i0, i1 = np.searchsorted(t, [t0 - 1e-9, t1 - 1e-9])
    return (sent[i1] - sent[i0]) / (t[i1] - t[i0])


def test_default_dcqcn_collapses_on_a_collision_and_waits_its_timer_where_the_tuned_set_holds_the_link():
    t, sent = collide(DEFAULT, 2, 4e-3)
    tt, tsent = collide(TUNED, 2, 4e-3)
    # the default keeps cutting by half while the queue drains: far below the fair share until its 300 us timer
    assert rates_Bps(t, sent, 50e-6, 250e-6).max() < 0.2 * CAP_BPS / 2
    # over the first millisecond the default leaves a third of the link idle; the tuned set little of it
    first_ms, tuned_first_ms = rates_Bps(t, sent, 0.0, 1e-3).sum(), rates_Bps(tt, tsent, 0.0, 1e-3).sum()
    assert first_ms < 0.75 * CAP_BPS
    assert tuned_first_ms > 0.88 * CAP_BPS
    # once recovered, both hold each flow near its fair share (two long flows alone settle)
    for tx, sx in ((t, sent), (tt, tsent)):
        late = rates_Bps(tx, sx, 2e-3, 4e-3)
        assert np.all(np.abs(late - CAP_BPS / 2) < 0.05 * CAP_BPS / 2)


def test_senders_joining_one_by_one_stay_unfair_with_the_defaults_and_share_fairly_when_tuned():
    """Barre's experiment in small: four clients join a server one after another (here every 2 ms). Each arrival at
    line rate sets off the default's collapse (the server link dips) and the timer-paced recovery leaves the shares
    unequal; the tuned set dips less and evens them out."""
    joins_s, until_s = 2e-3, 20e-3
    t, sent = collide(DEFAULT, 4, until_s, joins_s)
    tt, tsent = collide(TUNED, 4, until_s, joins_s)
    last_join = 3 * joins_s
    dip, tuned_dip = rates_Bps(t, sent, last_join, last_join + 1e-3).sum(), \
        rates_Bps(tt, tsent, last_join, last_join + 1e-3).sum()
    assert dip < 0.8 * CAP_BPS < tuned_dip
    shares, tuned_shares = rates_Bps(t, sent, until_s - 2e-3, until_s), rates_Bps(tt, tsent, until_s - 2e-3, until_s)
    assert shares.max() > 2.0 * shares.min()               # 14 ms after the last join
    assert tuned_shares.max() < 1.35 * tuned_shares.min()


def test_a_ring_over_collisions_stands_in_for_repeats_only_once_the_senders_have_settled(monkeypatch):
    """A ring AllReduce repeats one congested step 2(n-1) times; the engine streams the first repeats through the
    queues and stands in their mean for the rest. With the firmware's DCQCN the first repeats carry the collapse
    the collisions start with and its 300 us recovery, so standing in early would freeze that transient over the
    whole collective: the result must match streaming every repeat."""
    import designer.sim.engine as engine
    from designer.sim import SimOptions, run
    from designer.topology import generate

    doc = generate("fat-tree", gpus=64, backend="rocev2", frontend=False, two_tiers=True, preset="plain")
    for seg in list(doc.segments.values()):
        doc.update_segment(seg.id, preset="custom", rocev2=dataclasses.replace(seg.rocev2, dcqcn=True))

    def completion_s() -> float:
        r = run(doc, ["allreduce:1GiB:algo=ring"], SimOptions(seed=1, ideal_pass=False))
        return float(r.data["completion_time_s"])

    stood_in = completion_s()
    monkeypatch.setattr(engine, "WARM_REPEATS", 10**9)      # never stand in: stream all 126 repeats
    streamed = completion_s()
    assert stood_in == pytest.approx(streamed, rel=0.03)
