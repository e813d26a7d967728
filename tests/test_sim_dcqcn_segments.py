"""Each RoCEv2 segment's DCQCN settings govern its own senders (a design may tune two pods differently)."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from designer.model.fileformat import load
from designer.sim import SimOptions, run
from designer.sim.compile import compile_fabric
from designer.sim.fluid_queues import FluidQueues

HYBRID = Path(__file__).resolve().parents[1] / "projects" / "hybrid-ib-rocev2.json"


def _custom(doc, segment: str):
    """The segment runs its own stored values with DCQCN on (the recommended preset runs PFC alone)."""
    seg = doc.segments[segment]
    seg.preset, seg.rocev2.dcqcn = "custom", True
    return doc


def _slow(doc, segment: str):
    s = _custom(doc, segment).segments[segment].rocev2
    s.rate_ai_mbps, s.rate_hai_mbps, s.min_dec_fac, s.dcqcn_g = 5.0, 50.0, 0.1, 0.5
    return doc


def test_a_sender_uses_its_own_segments_parameters():
    doc = _slow(load(HYBRID), "pod2-rocev2")
    fab = compile_fabric(doc, backend="rocev2")
    queues = FluidQueues(fab, [])
    ids = [seg.id for seg in fab.segments]
    # a sender's parameter set is its NIC port's segment (designer/sim/fluid_queues.py, _flow_set)
    first_port = {sid: int(np.flatnonzero((fab.port_segment == k) & (fab.node_kind[fab.port_src] == 0))[0])
                  for k, sid in enumerate(ids)}
    params = [queues.dcqcn_sets[int(fab.port_segment[first_port[sid]])] for sid in ("pod1-ib", "pod2-rocev2")]
    assert params[1].min_dec_fac == 0.1 and params[1].g == 0.5
    assert params[0].min_dec_fac != 0.1 and params[0].g != 0.5


def test_tuning_the_second_segment_changes_the_run():
    opts = SimOptions(seed=1, backend="rocev2")
    base = run(_custom(load(HYBRID), "pod2-rocev2"), ["permutation:32MiB"], opts).data
    tuned = run(_slow(load(HYBRID), "pod2-rocev2"), ["permutation:32MiB"], opts).data
    # with one parameter set per run (the first segment's), the second segment's tuning had no effect
    assert tuned["latency_us"] != base["latency_us"]
