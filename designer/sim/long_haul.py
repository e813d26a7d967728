"""Long-haul links in the engine: the span a cross-site link's signal crosses, and the window limit of a flow.

A link between nodes of two different sites is a long-haul link of the bundle joining those sites; its propagation
is the bundle's distance at 5 us/km (designer/model/sites.py), not its patch cord's length.

Credits: an InfiniBand port across the span without a long-haul appliance runs at most at its credits / RTT (a few
hundred KB per virtual lane: ~2 Gb/s over 100 km), what the `long-haul-credits` rule warns of. A run that puts a
drawing's back-end on InfiniBand (`compare`, the proposal's options) does with its Ethernet DCI routers what it does
with its switches: they run as the InfiniBand counterpart, the catalog's InfiniBand long-haul appliance (MetroX
class), where the span is within its reach; beyond it no InfiniBand equipment carries the span at line rate and the
links are held to credits / RTT. What the run made of them is reported (`IBAcrossSites`, data["ib_long_haul"]).

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
from typing import Any

import numpy as np
import scipy.sparse as sp

from designer.catalog.loader import Catalog
from designer.catalog.models import GatewayModel
from designer.i18n.message import Message
from designer.i18n.product_names import ProductName
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


@dataclass(frozen=True)
class IBAcrossSites:
    """What an InfiniBand run made of its long-haul links (data["ib_long_haul"] of a run)."""

    km: float                 # the longest span an InfiniBand long-haul port crosses
    stand_in: str             # the InfiniBand long-haul appliance run in the drawn DCI routers' place ("" none)
    reach_km: float           # the longest reach of the catalog's InfiniBand long-haul appliances (0: none)
    capped_gbps: float        # the rate of the slowest link held to credits / RTT (0: none is)
    longest: str = ""         # the longest-reaching appliance's name ("" none in the catalog)

    def message(self) -> Message:
        """The run's long-haul InfiniBand links in a sentence, for a reader comparing the protocols."""
        km, reach = f"{self.km:,.0f}", f"{self.reach_km:g}"
        if not self.capped_gbps:
            return Message("note.ib_long_haul.stand_in", km=km, reach=reach,
                           appliance=ProductName("product.name", name=self.stand_in))
        gbps = f"{self.capped_gbps:.2g}"
        if self.reach_km <= 0:
            return Message("note.ib_long_haul.no_appliance", km=km, gbps=gbps)
        return Message("note.ib_long_haul.beyond_reach", km=km, reach=reach, gbps=gbps,
                       appliance=ProductName("product.name", name=self.longest))


def ib_long_haul_note(data: dict[str, Any]) -> Message | None:
    """The sentence on a run's long-haul InfiniBand links from its result data (None: nothing to say)."""
    found = data.get("ib_long_haul")
    return IBAcrossSites(**found).message() if found else None


def ib_long_haul_appliance(cat: Catalog) -> GatewayModel | None:
    """The catalog's InfiniBand long-haul appliance of the longest reach (MetroX class), None if it has none."""
    found = [g for g in cat.gateways.values() if g.long_haul == "ib-long-haul"]
    return max(found, key=lambda g: (g.max_reach_km, g.id)) if found else None


def credit_limited_Bps(doc: FabricDocument, cat: Catalog, spans: dict[str, float], ports: PortArrays,
                       node_ids: list[str], credit_bytes: np.ndarray, payload_Bps: np.ndarray,
                       as_ib: bool = False) -> tuple[np.ndarray, IBAcrossSites | None]:
    """Payload rates with every InfiniBand long-haul port held to credits / RTT where the receiver is not a long-haul
    appliance: a sender sends only against the credits its receiver advertised (`credit_bytes`, per port and
    virtual lane), and they come back a round trip later (docs/references.md [ibta], [metrox]). With `as_ib` (the
    run puts the back-end on InfiniBand) a drawn DCI router runs as the catalog's InfiniBand long-haul appliance
    where the span is within its reach. Also what was made of the InfiniBand long-haul links (None: there are none)."""
    out = payload_Bps.copy()
    appliance = ib_long_haul_appliance(cat)
    reach_km = appliance.max_reach_km if appliance is not None else 0.0
    longest_km, stood_in, capped = 0.0, False, []     # the longest InfiniBand span; what was made of the links
    for link_id, span_m in spans.items():
        for port in (2 * ports.link_index[link_id], 2 * ports.link_index[link_id] + 1):
            if ports.protocol[port] != PROTO_IB:
                continue
            longest_km = max(longest_km, span_m / M_PER_KM)
            receiver = doc.nodes[node_ids[int(ports.dst[port])]]
            gateway = cat.gateways.get(receiver.model) if receiver.kind == "gateway" else None
            if gateway is not None and gateway.long_haul == "ib-long-haul":
                continue
            dci_router = gateway is not None and gateway.long_haul == "dci-router"
            if as_ib and dci_router and 0 < span_m / M_PER_KM <= reach_km:
                stood_in = True
                continue
            rtt_s = 2.0 * float(ports.latency_ns[port]) * 1e-9
            out[port] = min(out[port], float(credit_bytes[port]) / max(rtt_s, 1e-12))
            capped.append(out[port])
    if not stood_in and not capped:       # none, or the drawing's own appliances carry every span
        return out, None
    name = f"{appliance.vendor} {appliance.model}" if appliance is not None else ""
    return out, IBAcrossSites(longest_km, name if stood_in else "", reach_km,
                              min(capped) * 8 / 1e9 if capped else 0.0, longest=name)
