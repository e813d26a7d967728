"""PFC headroom: the IEEE 802.1Qbb buffer model against its worked examples (docs/references.md [ieee-802.1qbb])."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from designer.topology.headroom import (
    frame_bytes,
    max_cable_length_m,
    required_headroom_bytes,
    required_headroom_kb,
)


@pytest.mark.parametrize("speed, length, frame, expected_kb", [
    (400.0, 3.0, 4200, 60.0),     # 400G, 3 m DAC, 4 KB RoCE MTU -> about 60 KB
    (400.0, 100.0, 9216, 118.0),  # 400G, 100 m fibre, 9,216 B MTU -> about 118 KB
    (800.0, 100.0, 9216, 218.0),  # 800G, 100 m fibre -> about 218 KB
])
def test_worked_examples_of_the_reference(speed, length, frame, expected_kb):
    assert required_headroom_bytes(speed, length, frame) / 1000 == pytest.approx(expected_kb, abs=0.6)


def test_roce_mtu_4096_is_a_4200_byte_frame():
    assert frame_bytes(4096) == 4200
    assert required_headroom_kb(400.0, 3.0, 4096) == pytest.approx(59.964)


def test_each_term_of_the_formula():
    base = required_headroom_bytes(400.0, 0.0, 1000)
    assert base == pytest.approx(2 * 1000 + 64 + 50.0 * 1000)          # 2 MTU + PFC + R/8 x 1 us
    # every metre adds two 5 ns trips at 50 B/ns (400 Gb/s)
    assert required_headroom_bytes(400.0, 10.0, 1000) - base == pytest.approx(10 * 2 * 5 * 50)
    assert required_headroom_bytes(400.0, 0.0, 1000, response_ns=2000) - base == pytest.approx(50_000)


@given(speed=st.sampled_from([25.0, 100.0, 200.0, 400.0, 800.0]), length=st.floats(0, 500),
       mtu=st.sampled_from([1024, 2048, 4096]))
def test_headroom_grows_with_length_and_speed(speed, length, mtu):
    kb = required_headroom_kb(speed, length, mtu)
    assert required_headroom_kb(speed, length + 1.0, mtu) > kb
    assert required_headroom_kb(speed * 2, length, mtu) > kb
    # max_cable_length_m inverts it: exactly enough headroom covers exactly that cable
    assert max_cable_length_m(speed, kb, mtu) == pytest.approx(length, abs=1e-6)


def test_default_segment_headroom_reach():
    # 118 KB (the segment default) covers about 119 m at 400G but under 10 m at 800G (4 KB MTU)
    assert max_cable_length_m(400.0, 118.0) == pytest.approx(119.072)
    assert max_cable_length_m(800.0, 118.0) == pytest.approx(9.536)


@pytest.mark.parametrize("speed, length, frame", [(0.0, 1.0, 4200), (400.0, -1.0, 4200), (400.0, 1.0, 0)])
def test_bad_input_is_a_value_error(speed, length, frame):
    with pytest.raises(ValueError, match="headroom"):
        required_headroom_bytes(speed, length, frame)
