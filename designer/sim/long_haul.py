"""Long-haul links in the engine: the span a cross-site link's signal crosses, and the window limit of a flow.

A link between nodes of two different sites is a long-haul link of the bundle joining those sites; its propagation
is the bundle's distance at 5 us/km (designer/model/sites.py), not its patch cord's length.

Credits: an InfiniBand port across the span without a long-haul appliance runs at most at its credits / RTT (a few
hundred KB per virtual lane: ~2 Gb/s over 100 km), what the `long-haul-credits` rule warns of.

Window limit (the bandwidth-delay product; docs/references.md [bdp-window]): a sender keeps at most `window` bytes
in flight and waits for their acknowledgement before sending more, so its rate is at most window / RTT. Inside a
site the RTT is microseconds and the bound is far above any NIC; across 100 km (1 ms RTT) a 4 MiB window allows
33.5 Gb/s. The window is NCCL's: each channel's connection to a peer has at most its buffer in flight,
NCCL_BUFFSIZE = 4 MiB, and NCCL opens max(NICs, ceil(NIC GB/s / 14)) channels to a peer over the network, rounded
up to a power of two (NCCL's P2P_PER_CHANNEL_NET_BW = 14 GB/s; docs/references.md [nccl-buffsize]): 4 channels,
16 MiB at 400 Gb/s. The window belongs to the connection between two GPUs (a flow), whatever its queue pairs:
NCCL_IB_QPS_PER_CONNECTION splits a connection's data over its queue pairs, not its buffer, so each queue pair
(sub-flow) gets the flow's window in proportion to its share of the flow's bytes.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import scipy.sparse as sp

from designer.catalog.loader import Catalog
from designer.model.document import FabricDocument
from designer.model.sites import bundle_between
from designer.sim.framing import PROTO_IB

DEFAULT_WINDOW_BYTES = 4 * 2**20      # NCCL_BUFFSIZE default: one channel's buffer (docs/references.md [nccl-buffsize])
NET_GBYTES_PER_CHANNEL = 14.0         # NCCL's P2P_PER_CHANNEL_NET_BW default, GB/s (src/graph/paths.cc)
M_PER_KM = 1000.0


def channels_per_peer(nic_gbps: float) -> int:
    """The channels NCCL opens to a peer over the network from a GPU with one NIC of `nic_gbps`: at least one per
    NIC, more to reach the NIC's bandwidth at 14 GB/s a channel, rounded up to a power of two."""
    need = max(1, math.ceil(nic_gbps / 8.0 / NET_GBYTES_PER_CHANNEL))
    return 1 << (need - 1).bit_length()


def connection_window_bytes(nic_gbps: float) -> float:
    """The bytes a flow between two GPUs keeps in flight at most: a buffer per channel."""
    return float(DEFAULT_WINDOW_BYTES * channels_per_peer(nic_gbps))


def long_haul_spans_m(doc: FabricDocument) -> dict[str, float]:
    """Link id -> the span in metres of every link that joins two sites with a long-haul bundle between them."""
    if not doc.long_haul:
        return {}
    spans: dict[str, float] = {}
    for link in doc.links.values():
        a, b = doc.nodes.get(link.a.node), doc.nodes.get(link.b.node)
        bundle = bundle_between(doc.long_haul, a.site if a else None, b.site if b else None)
        if bundle is not None:
            spans[link.id] = bundle.distance_km * M_PER_KM
    return spans


def site_arrays(doc: FabricDocument, node_ids: list[str]) -> tuple[np.ndarray, float]:
    """Each node's site as an index into `doc.sites` (-1: none), and the window of a flow the run models (NCCL's
    at the servers' fastest back-end link where the design has long-haul links, else 0: no limit)."""
    index = {site.id: k for k, site in enumerate(doc.sites)}
    sites = np.array([index.get(doc.nodes[n].site or "", -1) for n in node_ids], dtype=np.int32)
    if not doc.long_haul:
        return sites, 0.0
    servers = {n for n, node in doc.nodes.items() if node.kind == "server"}
    nic_gbps = max((link.speed_gbps for link in doc.links.values()
                    if link.plane == "backend" and {link.a.node, link.b.node} & servers), default=400.0)
    return sites, connection_window_bytes(nic_gbps)


def window_rate_caps_Bps(route: sp.csr_matrix, port_latency_ns: np.ndarray, window_bytes: float,
                         flow_share: np.ndarray | None = None) -> np.ndarray:
    """Per sub-flow (columns of `route`, ports x sub-flows with traffic shares): its part of its flow's window
    (`flow_share`, the share of the flow's bytes it carries; None: the whole) over the RTT, in bytes per second,
    with the RTT twice the one-way latency of the sub-flow's path (a split path: the share-weighted mean)."""
    one_way_s = np.asarray(route.T @ port_latency_ns, dtype=float) * 1e-9
    rtt_s = np.maximum(2.0 * one_way_s, 1e-12)
    share = 1.0 if flow_share is None else flow_share
    return window_bytes * share / rtt_s


@dataclass(frozen=True)
class PortArrays:
    """The compiled ports a credit limit looks at (designer/sim/compile.py)."""

    link_index: dict[str, int]       # link id -> its index (ports 2i and 2i+1)
    dst: np.ndarray                  # node index each port enters
    protocol: np.ndarray
    latency_ns: np.ndarray           # one-way latency of crossing the port


def credit_limited_Bps(doc: FabricDocument, cat: Catalog, spans: dict[str, float], ports: PortArrays,
                       node_ids: list[str], credit_bytes: np.ndarray, payload_Bps: np.ndarray) -> np.ndarray:
    """Payload rates with every InfiniBand long-haul port held to credits / RTT where the receiver is not a long-haul
    appliance: a sender sends only against the credits its receiver advertised (`credit_bytes`, per port and
    virtual lane), and they come back a round trip later (docs/references.md [ibta], [metrox])."""
    out = payload_Bps.copy()
    for link_id in spans:
        for port in (2 * ports.link_index[link_id], 2 * ports.link_index[link_id] + 1):
            receiver = doc.nodes[node_ids[int(ports.dst[port])]]
            appliance = cat.gateways.get(receiver.model) if receiver.kind == "gateway" else None
            if ports.protocol[port] != PROTO_IB or (appliance is not None and appliance.long_haul == "ib-long-haul"):
                continue
            rtt_s = 2.0 * float(ports.latency_ns[port]) * 1e-9
            out[port] = min(out[port], float(credit_bytes[port]) / max(rtt_s, 1e-12))
    return out
