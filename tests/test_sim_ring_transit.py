"""A congested step repeated many times (a ring's) and stood in by its streamed repeats (engine.py `_stand_in`)."""

from __future__ import annotations

from designer.sim import SimOptions, run
from designer.sim.fluid_queues import DT_MIN_S
from designer.topology import generate


def test_a_stood_in_ring_step_takes_its_drain_less_the_queues_own_transit_then_its_latency():
    """An InfiniBand ring AllGather on a 128-GPU rail-optimized fabric: its flows hash onto shared uplinks, so its
    steps drain in the queues, which move bytes a hop a step (2 us). A step moves 8 KiB a flow (0.2 us at 400G) and
    then waits its latency (about 5 us); the queues' own transit, four hops, is 8 us. The stood-in repeats take their
    drain less that transit, then the latency: at most one queue step (the queues resolve a drain to a step) and the
    streamed repeats' transit beyond the max-min figure, where the step kept the transit (1,524 us against 895 us).
    The ring then runs as the fabric's latency has it, not as the queues' step does."""
    doc = generate("rail-optimized", gpus=128, backend="ib", frontend=False)
    queued = run(doc, ["allgather:64MiB"], SimOptions()).data
    shared = run(doc, ["allgather:64MiB"], SimOptions(rate_model="maxmin")).data
    assert queued["events"] < 10 < shared["events"]          # the queues ran it (three streamed repeats)
    steps = 127
    streamed_transit_s = 4 * 4 * DT_MIN_S                     # the cold and three warm repeats keep theirs
    late_s = queued["completion_time_s"] - shared["completion_time_s"]
    assert 0.0 <= late_s <= steps * DT_MIN_S + streamed_transit_s
