"""Short congested steps in the fluid queues: a ring's steps over hash collisions (fluid_drain.py `_stand_in`,
fluid_queues.py `_step_for`)."""

from __future__ import annotations

import pytest

from designer.sim import SimOptions, fluid_queues, run
from designer.sim.fluid_queues import DT_MIN_S
from designer.topology import generate

RING = "allgather:64MiB"


def _ring_on_oversubscribed_ib() -> tuple[dict, dict]:
    """An InfiniBand ring AllGather on a 128-GPU fat tree at 4:1: where it crosses leaves its flows (all the NICs of
    a server, each channel's two connections) fill the leaf's 8 uplinks exactly, so its steps drain in the queues.
    A step moves 8 KiB a flow (0.2 us at 400G), then waits its latency (about 5 us). (Its ring stays on the rail
    switches of a rail-optimized fabric, as NCCL's does: collectives.ring_pattern.)"""
    doc = generate("fat-tree", gpus=128, backend="ib", frontend=False, oversubscription=4)
    queued = run(doc, [RING], SimOptions()).data
    shared = run(doc, [RING], SimOptions(rate_model="maxmin")).data
    assert queued["events"] < 10 < shared["events"]          # the queues ran it (a few streamed repeats)
    return queued, shared


def test_a_ring_step_of_a_fraction_of_a_microsecond_drains_at_a_step_of_a_twentieth_of_it():
    """At the 2 us step the queues take for longer runs, each of the 127 steps drained in a whole queue step (on
    the fixture this test was written for, a ring that then crossed rails on a rail-optimized fabric: 1,154 us,
    1,524 us before the stood-in repeats dropped the transit, against 895 us at max-min rates); sized to the drain
    (fluid_queues.SHORT_DRAIN_STEPS), the queues give the max-min figure, as they must where two flows share an
    uplink for 0.2 us and nothing queues long enough to mark or pause."""
    queued, shared = _ring_on_oversubscribed_ib()
    assert queued["completion_time_s"] == pytest.approx(shared["completion_time_s"], rel=2e-3)


def test_a_stood_in_ring_step_takes_its_drain_less_the_queues_own_transit_then_its_latency(monkeypatch):
    """With the queues at a 2 us step (as before steps were sized to short drains), four hops of transit are 8 us,
    longer than the step's latency: the stood-in repeats take their drain less that transit, then the latency, so
    the ring is late only by at most one queue step a repeat and the streamed repeats' transit (it kept the transit
    on every repeat: 1,524 us against 895 us)."""
    monkeypatch.setattr(fluid_queues, "SHORT_DRAIN_STEPS", 1e-12)      # the step's floor stays at DT_MIN_S
    queued, shared = _ring_on_oversubscribed_ib()
    steps = 127
    streamed_transit_s = 4 * 4 * DT_MIN_S                     # the cold and three warm repeats keep theirs
    late_s = queued["completion_time_s"] - shared["completion_time_s"]
    assert 0.0 <= late_s <= steps * DT_MIN_S + streamed_transit_s


@pytest.mark.parametrize("project", ["nvl72-two-racks", "hybrid-ib-rocev2"])
def test_rings_of_the_examples_take_in_the_queues_what_they_take_at_max_min_rates(project):
    """A ring's steps over hash collisions queue a few kilobytes for a fraction of a microsecond: nothing marks,
    pauses or stalls, so the queues must give the max-min figure on either protocol (the NVL72 example's AllReduce
    took 2.86 ms in the queues against 2.02 ms, its ideal-fabric figure at 71 %, 'congestion' on idle links; then
    3 % less than max-min, faster than its GPUs' NVLink ports carry, while the step's end took the network route's
    transit off an arrival over the shorter NVLink route: FluidQueues.transit_s)."""
    from pathlib import Path

    from designer.model.fileformat import load

    doc = load(Path(__file__).resolve().parents[1] / "projects" / f"{project}.json")
    for backend in ("ib", "rocev2"):
        queued = run(doc, [RING], SimOptions(backend=backend)).data
        shared = run(doc, [RING], SimOptions(backend=backend, rate_model="maxmin")).data
        assert queued["completion_time_s"] == pytest.approx(shared["completion_time_s"], rel=1e-3), backend
