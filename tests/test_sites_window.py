"""A flow's window across the span belongs to the connection, not to each of its queue pairs: NCCL splits a
connection's data over its queue pairs, not its buffer (designer/sim/long_haul.py)."""

from __future__ import annotations

import pytest

from designer.sim import SimOptions, run
from designer.sim.long_haul import channels_per_peer, connection_window_bytes
from designer.topology.two_site import TwoSiteOptions, generate_two_site


@pytest.mark.parametrize(("gbps", "channels"), [(100, 1), (200, 2), (400, 4), (800, 8)])
def test_nccl_opens_a_channel_per_14_gbytes_of_nic_rounded_to_a_power_of_two(gbps, channels):
    assert channels_per_peer(gbps) == channels
    assert connection_window_bytes(gbps) == channels * 4 * 2**20


def test_more_queue_pairs_or_spraying_do_not_widen_a_window_bound_transfer():
    """At 1,000 km a 64 MiB shard per flow is window-bound: one queue pair, sixteen, or a sprayed one take the
    same time, shard / (window / RTT), within the framing and the ramp."""
    doc = generate_two_site(TwoSiteOptions(gpus_per_site=16, distance_km=1000, dci_links=4))
    times = {opt: run(doc, [f"replicate:64MiB:{opt}"], SimOptions(ideal_pass=False)).data["completion_time_s"]
             for opt in ("qps=1:spray=off", "qps=16:spray=off", "qps=1:spray=on")}
    rtt_s = 2 * doc.long_haul[0].one_way_us * 1e-6
    bound_s = 64 * 2**20 / (connection_window_bytes(400) / rtt_s)
    for t in times.values():
        assert bound_s <= t <= 1.15 * bound_s + rtt_s
    assert max(times.values()) <= 1.02 * min(times.values())
