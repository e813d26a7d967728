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
