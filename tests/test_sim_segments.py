"""Per-segment figures of a run that spans two segments: each segment gets its own latency samples and its
share of the marks, even when the congested step is simulated as one profiled piece."""

from __future__ import annotations

from pathlib import Path

from designer.model.fileformat import load
from designer.sim import SimOptions, run

HYBRID = Path(__file__).resolve().parents[1] / "projects" / "hybrid-ib-rocev2.json"


def test_both_segments_of_a_spanning_allreduce_have_latency():
    data = run(load(HYBRID), ["allreduce:64MiB"], SimOptions(seed=1)).data
    segments = data["segments"]
    assert len(segments) == 2
    for seg in segments.values():
        assert seg["goodput_gbps"] > 0
        assert seg["latency_us"]["p99"] > 0, seg["name"]
    # the run's own p99 lies between the two segments' (it is their byte-weighted mixture)
    p99s = sorted(s["latency_us"]["p99"] for s in segments.values())
    assert p99s[0] * 0.999 <= data["latency_us"]["p99"] <= p99s[1] * 1.001


def test_ib_routes_through_gateways_spread_over_their_cables():
    """Forced to InfiniBand, the hybrid's pods are two subnets joined by gateways: each side's Subnet Manager
    balances destinations over the gateway cables, so the rails of a ring do not pile onto one cable (they did
    when the fat tree's d-mod-k divisor carried across the gateway: 98 % on one cable, 0.14 of ideal)."""
    data = run(load(HYBRID), ["allreduce:256MiB"], SimOptions(seed=1, backend="ib")).data
    assert data["throughput_fraction"] > 0.8
    assert data["link_utilization"]["max"] < 0.9
    roce = run(load(HYBRID), ["allreduce:256MiB"], SimOptions(seed=1, backend="rocev2")).data
    assert data["busbw_gbps"] > roce["busbw_gbps"]     # as on every fat tree: static IB routes beat 1-QP ECMP
