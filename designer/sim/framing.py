"""Protocol efficiency: payload bytes per MTU over bytes on the wire, for each transport.

Header byte counts per packet at the MTU (payload) size:
- InfiniBand: LRH 8 + BTH 12 + ICRC 4 + VCRC 2 = 26 B (RDMA WRITE first/only packets add a
  16 B RETH; bulk transfers are mostly middle packets, so it is left out).
- RoCEv2: preamble+SFD 8 + inter-frame gap 12 + Ethernet 14 + FCS 4 + IPv4 20 + UDP 8 + BTH 12
  + ICRC 4 = 82 B.
- Front-end TCP (1500 B Ethernet MTU, 1448 B payload with timestamps): preamble/IFG 20 + Ethernet
  14 + FCS 4 + IPv4 20 + TCP 20 + options 12 = 90 B per 1448 B.
- NVLink: treated as payload rate (the catalog's NVLink figure is already a data rate).
"""

from __future__ import annotations

IB_HEADER_BYTES = 8 + 12 + 4 + 2
ROCEV2_HEADER_BYTES = 8 + 12 + 14 + 4 + 20 + 8 + 12 + 4
TCP_HEADER_BYTES = 20 + 14 + 4 + 20 + 20 + 12
TCP_PAYLOAD_BYTES = 1448

# protocol codes used in the compiled arrays
PROTO_IB = 0
PROTO_ROCEV2 = 1
PROTO_ETHERNET = 2   # lossy front-end (TCP)
PROTO_NVLINK = 3
PROTOCOL_NAMES = ("ib", "rocev2", "ethernet", "nvlink")


def header_bytes(protocol: int) -> int:
    """Per-packet overhead on the wire for a protocol code."""
    return {PROTO_IB: IB_HEADER_BYTES, PROTO_ROCEV2: ROCEV2_HEADER_BYTES,
            PROTO_ETHERNET: TCP_HEADER_BYTES, PROTO_NVLINK: 0}[protocol]


def efficiency(protocol: int, mtu_bytes: int = 4096) -> float:
    """Payload share of the line rate for full-size packets (IB 4096 B MTU: 0.9937; RoCEv2: 0.9804)."""
    if protocol == PROTO_NVLINK:
        return 1.0
    if protocol == PROTO_ETHERNET:
        return TCP_PAYLOAD_BYTES / (TCP_PAYLOAD_BYTES + TCP_HEADER_BYTES)
    return mtu_bytes / (mtu_bytes + header_bytes(protocol))


def wire_bytes(payload_bytes: float, protocol: int, mtu_bytes: int = 4096) -> float:
    """Bytes on the wire for one packet carrying `payload_bytes` (at most one MTU)."""
    if protocol == PROTO_ETHERNET:
        return min(payload_bytes, TCP_PAYLOAD_BYTES) + TCP_HEADER_BYTES
    return min(payload_bytes, mtu_bytes) + header_bytes(protocol)
