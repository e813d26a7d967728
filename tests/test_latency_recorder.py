"""The latency recorder merges equal samples per segment and keeps segments and workloads apart."""

import numpy as np

from designer.sim.latency import LatencyRecorder


def test_equal_latencies_merge_within_a_segment_and_stay_apart_across_segments():
    rec = LatencyRecorder()
    lat_ns = np.array([1000.0, 1000.0004, 1000.0, 5000.0, 5000.0])      # the first three round to 1000.000
    rec.add(lat_ns, np.array([1.0, 1.0, 1.0, 3.0, 1.0]), 0, np.array([-1, -1, 2, 2, -1]))
    rec.add(np.array([9000.0]), np.array([10.0]), 1, np.array([0]))
    assert sorted(zip(rec._lat[0], rec._segment[0], rec._bytes[0], strict=True)) == \
        [(1.0e3, -1, 2.0), (1.0e3, 2, 1.0), (5.0e3, -1, 1.0), (5.0e3, 2, 3.0)]
    assert rec.summary_us(segment=2) == {"p50": 5.0, "p99": 5.0, "p999": 5.0, "max": 5.0}
    assert rec.summary_us(segment=-1)["p50"] == 1.0                   # 2 of 3 bytes at 1 us
    assert rec.summary_us(workload=1) == {"p50": 9.0, "p99": 9.0, "p999": 9.0, "max": 9.0}
    assert rec.summary_us()["max"] == 9.0
