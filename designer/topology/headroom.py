"""PFC headroom: the buffer a lossless RoCEv2 port must reserve above Xoff for the bytes still in flight.

When an ingress queue crosses Xoff the switch sends a PAUSE frame upstream, but the peer keeps
sending until the PAUSE arrives and takes effect. The IEEE 802.1Qbb buffer model (docs/references.md
[ieee-802.1qbb], the formula of vendor headroom calculators) counts those bytes:

    headroom = MTU_tx                     frame being sent when Xoff is generated
             + PFC frame (64 B)
             + R/8 x (2 x L x 5 ns/m)     round-trip propagation of the cable
             + R/8 x t_response           PHY/FEC/MAC at both ends + the peer's PFC response
             + MTU_peer                   frame the peer has already started when PAUSE arrives

with R the link rate. The response time of ~1 us at 400/800G (RS-FEC included) is an estimate; a vendor
calculator may give another figure. Worked examples: 400G, 3 m DAC,
4 KB RoCE MTU -> about 60 KB; 400G, 100 m fibre, 9,216 B MTU -> about 118 KB; 800G, 100 m -> about 218 KB.
KB here are 1,000 bytes, as in those examples (and in RoCESettings.headroom_kb).
"""

from __future__ import annotations

PFC_FRAME_BYTES = 64
# light in fibre; DAC is ~4.3 ns/m, so 5 is the conservative figure (docs/references.md [zaratan-latency])
PROPAGATION_NS_PER_M = 5.0
RESPONSE_NS = 1000.0             # PHY + FEC + MAC at both ends + peer PFC response, at 400/800G [E]
# A RoCEv2 frame carrying an MTU of payload: 4,096 B payload -> 4,200 B on the wire in the 400G DAC example
# (Ethernet 18 + IPv4 20 + UDP 8 + BTH 12 + RETH 16 + ICRC 4 + preamble and inter-frame gap 20 = 98,
# rounded up to the example's 104).
ROCE_FRAME_OVERHEAD_BYTES = 104
BYTES_PER_KB = 1000.0


def frame_bytes(mtu_bytes: int) -> int:
    """Bytes on the wire of a full RoCEv2 frame whose payload is `mtu_bytes` (the RoCE path MTU)."""
    return int(mtu_bytes) + ROCE_FRAME_OVERHEAD_BYTES


def required_headroom_bytes(speed_gbps: float, length_m: float, frame_size_bytes: int,
                            response_ns: float = RESPONSE_NS,
                            propagation_ns_per_m: float = PROPAGATION_NS_PER_M) -> float:
    """Headroom (bytes per port per lossless priority) for a link of `speed_gbps` over `length_m` of cable."""
    if speed_gbps <= 0 or length_m < 0 or frame_size_bytes <= 0:
        raise ValueError(f"headroom needs a positive speed and frame size and a length >= 0 "
                         f"(got {speed_gbps:g} Gb/s, {length_m:g} m, {frame_size_bytes} B)")
    bytes_per_ns = speed_gbps / 8.0              # 1 Gb/s = 1 bit/ns, so R/8 is bytes per ns
    cable_rtt_ns = 2.0 * length_m * propagation_ns_per_m
    return (2 * frame_size_bytes + PFC_FRAME_BYTES
            + bytes_per_ns * cable_rtt_ns
            + bytes_per_ns * response_ns)


def required_headroom_kb(speed_gbps: float, length_m: float, mtu_bytes: int = 4096) -> float:
    """Headroom in KB (1,000 B) for a RoCEv2 link with that RoCE MTU; what RoCESettings.headroom_kb must cover."""
    return required_headroom_bytes(speed_gbps, length_m, frame_bytes(mtu_bytes)) / BYTES_PER_KB


def max_cable_length_m(speed_gbps: float, headroom_kb: float, mtu_bytes: int = 4096) -> float:
    """The longest cable a configured headroom covers at that speed (negative: not even a zero-length cable)."""
    fixed = required_headroom_bytes(speed_gbps, 0.0, frame_bytes(mtu_bytes))
    per_m = speed_gbps / 8.0 * 2.0 * PROPAGATION_NS_PER_M
    return (headroom_kb * BYTES_PER_KB - fixed) / per_m
