"""Which phases drain in the fluid queues: grouping by shared ports and buffers, a paced pipeline alone at max-min
rates, and snapshots that show the whole period they close."""

from __future__ import annotations

import numpy as np
import pytest

from designer.sim.api import SimOptions, run, stream
from designer.sim.queue_groups import in_queues
from designer.topology.generate import generate

# ports 0-3 on switch 0's buffer, 4-5 on switch 1's, 6 a NIC port (no buffer)
BUFFER = np.array([0, 0, 0, 0, 1, 1, -1])


def _groups(ports, lossy, over_ports=(), installed=None):
    over = np.zeros(len(BUFFER), dtype=bool)
    over[list(over_ports)] = True
    return in_queues([np.array(p) for p in ports], lossy, BUFFER, over,
                     installed if installed is not None else [False] * len(ports)).tolist()


def test_a_phase_sharing_no_port_with_the_congested_one_drains_beside_the_queues():
    assert _groups([[0, 6], [1]], [False, False], over_ports=[0]) == [True, False]


def test_a_shared_port_puts_both_in_the_queues_and_so_does_a_chain_of_them():
    assert _groups([[0], [0, 4], [4]], [False, False, False], over_ports=[0]) == [True, True, True]


def test_a_buffer_joins_phases_only_where_one_of_them_may_be_dropped():
    # ports 0 and 1 share switch 0's buffer: lossless traffic on port 1 is paused by its own port, not the others'
    assert _groups([[0], [1]], [False, False], over_ports=[0]) == [True, False]
    # a lossy queue's limit follows the buffer the whole switch has left
    assert _groups([[0], [1]], [False, True], over_ports=[0]) == [True, True]
    assert _groups([[0], [1]], [True, False], over_ports=[0]) == [True, True]
    assert _groups([[0], [4]], [True, True], over_ports=[0]) == [True, False]      # another switch's buffer


def test_a_phase_already_in_the_queues_keeps_its_group_there():
    assert _groups([[2], [2], [5]], [False, False, False], installed=[True, False, False]) == [True, True, False]
    assert _groups([[2], [5]], [False, False]) == [False, False]


def test_a_pipelined_allreduce_alone_drains_at_max_min_rates_with_its_pace():
    """A tree AllReduce's flows keep the pipeline's pace (pipeline.py), so alone they never offer a port more than
    it carries: the queue model runs it at max-min rates limited by the pace, as the max-min model does, and its
    time is the busiest port's bytes over its rate plus the latency terms (not the queues' own transit)."""
    doc = generate("fat-tree", gpus=128, backend="rocev2", frontend=False)
    spec = ["allreduce:64MiB:algo=tree"]
    queue = run(doc, spec, SimOptions(rate_model="queue", ideal_pass=False)).data
    maxmin = run(doc, spec, SimOptions(rate_model="maxmin", ideal_pass=False)).data
    assert queue["pfc_pause_fraction"] == 0.0
    assert queue["completion_time_s"] == pytest.approx(maxmin["completion_time_s"], rel=1e-9)
    assert queue["busbw_gbps"] == pytest.approx(maxmin["busbw_gbps"], rel=1e-9)


def test_snapshots_of_a_short_run_show_the_traffic_of_their_whole_period():
    """A 4 MiB AllReduce at max-min rates drains in a few intervals between two ticks: each snapshot shows what its
    period carried (before, the interval a tick fell in, often an idle tail, showed idle cables)."""
    doc = generate("fat-tree", gpus=128, backend="rocev2", frontend=False)
    snaps = list(stream(doc, ["allreduce:4MiB:algo=tree"], SimOptions(rate_model="maxmin", snapshot_count=4)))
    moved = [s for s, prev in zip(snaps[:-1], [0.0] + [x.progress for x in snaps[:-2]], strict=True)
             if s.progress > prev]
    assert moved
    for s in moved:
        assert s.throughput_gbps > 0.0 and s.link_utilization.max() > 0.0
        assert s.link_utilization.max() <= 1.0 + 1e-9


def test_a_long_period_is_folded_as_it_goes_and_keeps_its_sums():
    """Between two snapshots the intervals are kept to be merged; a long period is folded every few dozen
    intervals (bounded memory), and a run without snapshots keeps none."""
    from designer.sim.api import _Period
    from designer.sim.intervals import Interval

    def iv(k: int) -> Interval:
        ports = np.full(5, float(k))
        return Interval(k * 1e-6, (k + 1) * 1e-6, 10.0 * k, 1, lambda: ports, None, {k % 2: 10.0 * k},
                        lambda: {k % 2: ports})
    period = _Period(True)
    for k in range(100):
        period.add(iv(k))
        assert len(period.parts) <= _Period.FOLD + 1
    whole = period.take(iv(99), 100e-6)
    assert whole.t0 == 0.0 and whole.t1 == pytest.approx(100e-6)
    assert whole.delivered_bytes == pytest.approx(10.0 * sum(range(100)))
    assert whole.port_bytes is not None and whole.port_bytes() == pytest.approx(np.full(5, float(sum(range(100)))))
    assert whole.by_workload == {0: pytest.approx(10.0 * sum(range(0, 100, 2))),
                                 1: pytest.approx(10.0 * sum(range(1, 100, 2)))}
    assert whole.port_bytes_by_workload is not None
    assert whole.port_bytes_by_workload()[1] == pytest.approx(np.full(5, float(sum(range(1, 100, 2)))))
    off = _Period(False)
    off.add(iv(1))
    assert off.parts == []


def test_the_plotted_throughput_is_the_network_goodput_not_the_bytes_inside_nvlink_domains():
    """The hybrid example's AllReduce moves 87.5 % of its bytes inside servers over NVLink: the live throughput is
    the network's goodput, as the run's own figure is, not eight times it."""
    from pathlib import Path

    from designer.model.fileformat import load
    doc = load(Path(__file__).resolve().parents[1] / "projects" / "hybrid-ib-rocev2.json")
    snaps = list(stream(doc, ["allreduce:256MiB"], SimOptions(snapshot_count=8)))
    goodput = snaps[-1].result.data["goodput_gbps"]
    inside = snaps[-1].result.data["nvlink_bytes"] / max(snaps[-1].result.data["network_bytes"], 1.0)
    assert inside > 2.0
    for s in snaps[1:-1]:
        assert s.throughput_gbps == pytest.approx(goodput, rel=0.05)
