"""What a flow's hop reads and adds to at a port as it moves is one 64-byte row per port and lane starting on a
cache line (layout.py's port records), and what it adds to in the delivery pass half a line: a hop touches one line
in each pass."""

import pytest

from designer.sim.dynamics import FluidSimulator, PortSet
from designer.sim.dynamics import layout as L
from designer.sim.dynamics.columns import aligned_zeros


@pytest.mark.parametrize("shape, align_B", [((1, 1, 8), 64), ((7, 3, 8), 64), ((1000, 1, 4), 128), ((5,), 64)])
def test_aligned_zeros_start_on_the_boundary_and_are_plain_rows(shape, align_B):
    for _ in range(20):                      # successive allocations, at whatever offsets NumPy gives them
        a = aligned_zeros(shape, align_B)
        assert a.ctypes.data % align_B == 0 and a.shape == shape and a.flags.c_contiguous and not a.any()


def test_each_port_and_lane_has_a_cache_line_of_what_a_hop_touches():
    ports = PortSet.uniform(9, 50e9)
    ports.lanes = 2
    sim = FluidSimulator(ports, dt_s=1e-6)
    assert sim.pr.shape == (9, 2, L.N_RECORD) and sim.pr.strides == (128, 64, 8)
    assert sim.sums.shape == (9, 2, L.N_SUMS) and sim.sums.strides == (64, 32, 8)
    assert sim.pr.ctypes.data % 64 == 0 and sim.sums.ctypes.data % 64 == 0
