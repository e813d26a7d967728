"""Compile a FabricDocument into flat arrays: directed ports, GPU endpoints and segment settings.

Every cable becomes two directed ports (one per direction). Each port carries what the engine and
the queue model need: line rate and payload rate (after protocol framing), the latency a byte
meets crossing it (propagation at 5 ns/m, the far switch's port-to-port latency, one MTU of
serialisation where that switch is store-and-forward), egress buffer, protocol, segment and
plane. Each GPU also gets an NVLink transmit and receive port (intra-server traffic never touches
the network), and is mapped to its back-end NIC (GPU i uses NIC i·nics/gpus) and front-end NIC.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from designer.catalog.loader import Catalog, load_catalog
from designer.catalog.models import SwitchModel
from designer.i18n.message import Message
from designer.model.document import FabricDocument
from designer.model.segments import IBSettings, RoCESettings
from designer.sim.framing import (
    PROTO_ETHERNET,
    PROTO_IB,
    PROTO_NVLINK,
    PROTO_ROCEV2,
    efficiency,
    wire_bytes,
)
from designer.sim.workload_spec import WorkloadError

PROPAGATION_NS_PER_M = 5.0          # fibre ~5 ns/m (docs/references.md [zaratan-latency])
NVLINK_LATENCY_NS = 700.0           # [E] GPU-to-GPU through NVSwitch, one way, small message
FRONTEND_NIC_LATENCY_NS = 5000.0    # [E] kernel TCP per side when the catalog has no front-end NIC
PLANE_BACKEND, PLANE_FRONTEND, PLANE_NVLINK = 0, 1, 2
KIND_CODES = {"server": 0, "switch": 1, "gateway": 2, "storage": 3}


@dataclass
class SegmentRuntime:
    """A back-end segment as the engine sees it: effective protocol and both settings blocks."""

    id: str
    name: str
    protocol: int
    ib: IBSettings
    rocev2: RoCESettings

    @property
    def mtu_bytes(self) -> int:
        return self.ib.mtu_bytes if self.protocol == PROTO_IB else self.rocev2.mtu_bytes


@dataclass
class CompiledFabric:
    """Arrays describing one design for one run (after any protocol override)."""

    node_ids: list[str]
    node_kind: np.ndarray            # KIND_CODES
    node_latency_ns: np.ndarray      # switch/gateway port-to-port; server: back-end NIC per side
    node_segment: np.ndarray         # index into `segments`, -1 for none
    node_switch_model: list[str]     # catalog model actually used for latency (after counterpart swap)
    # directed ports
    port_src: np.ndarray
    port_dst: np.ndarray
    port_link: np.ndarray            # index into link_ids, -1 for NVLink ports
    port_line_gbps: np.ndarray
    port_payload_Bps: np.ndarray     # payload bytes per second after framing
    port_latency_ns: np.ndarray      # latency of crossing this port and the node it enters
    port_buffer_bytes: np.ndarray    # egress buffer share (Ethernet) or credit buffer (IB)
    port_protocol: np.ndarray        # framing codes
    port_segment: np.ndarray
    port_plane: np.ndarray           # PLANE_*
    port_mtu_bytes: np.ndarray
    link_ids: list[str]
    # GPU endpoints (ranks), server-major in document order
    gpu_server: np.ndarray
    gpu_local: np.ndarray
    gpu_be_tx: np.ndarray            # -1 when the GPU has no cabled back-end NIC
    gpu_be_rx: np.ndarray
    gpu_fe_tx: np.ndarray
    gpu_fe_rx: np.ndarray
    gpu_nvl_tx: np.ndarray
    gpu_nvl_rx: np.ndarray
    gpu_be_nic_latency_ns: np.ndarray
    gpu_fe_nic_latency_ns: np.ndarray
    gpu_peak_flops: np.ndarray       # BF16 dense
    segments: list[SegmentRuntime] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def n_ports(self) -> int:
        return len(self.port_src)

    @property
    def n_gpus(self) -> int:
        return len(self.gpu_server)

    def gpus_per_server(self) -> int:
        return int(np.bincount(self.gpu_server).max()) if self.n_gpus else 0


def counterpart_switch(cat: Catalog, model: SwitchModel, protocol: str, speed_gbps: float) -> SwitchModel:
    """The catalog switch of the other protocol that best stands in for `model` at `speed_gbps`.

    Used when a comparison runs an IB drawing as RoCEv2 (or the reverse): the latency and buffer
    of the run come from a real switch of that protocol with about the same port count at that speed.
    """
    want = "ib" if protocol == "ib" else "ethernet"
    if model.protocol == want:
        return model
    own_ports = model.ports * (model.breakout_for(speed_gbps) or 1)
    best: tuple | None = None
    for cand in cat.switches.values():
        if cand.protocol != want or not set(cand.roles) & set(model.roles):
            continue
        b = cand.breakout_for(speed_gbps)
        if b is None:
            continue
        key = (not cand.cut_through, cand.vendor != model.vendor, abs(cand.ports * b - own_ports), cand.id)
        if best is None or key < best[0]:
            best = (key, cand)
    return best[1] if best else model


def compile_fabric(doc: FabricDocument, *, backend: str | None = None,
                   catalog: Catalog | None = None) -> CompiledFabric:
    """Arrays for `doc`; `backend` ("ib" | "rocev2") overrides every back-end segment's protocol."""
    if backend not in (None, "ib", "rocev2"):
        raise WorkloadError(Message("error.sim.unknown_backend", backend=backend))
    cat = catalog or load_catalog()
    notes: list[str] = []
    node_ids = list(doc.nodes)
    index = {nid: i for i, nid in enumerate(node_ids)}
    n_nodes = len(node_ids)

    segments = []
    node_segment = np.full(n_nodes, -1, dtype=np.int32)
    for seg in doc.segments.values():
        proto = backend or seg.protocol
        code = PROTO_IB if proto == "ib" else PROTO_ROCEV2
        segments.append(SegmentRuntime(seg.id, seg.name, code, seg.ib, seg.rocev2))
        for nid in seg.nodes:
            if nid in index and node_segment[index[nid]] < 0:
                node_segment[index[nid]] = len(segments) - 1

    def node_protocol(i: int, medium: str | None) -> int:
        """Back-end protocol code of a node: its segment's, else the override, else its hardware's."""
        if node_segment[i] >= 0:
            return segments[node_segment[i]].protocol
        if backend:
            return PROTO_IB if backend == "ib" else PROTO_ROCEV2
        if medium == "ib":
            return PROTO_IB
        node = doc.nodes[node_ids[i]]
        if node.kind == "switch" and node.model in cat.switches:
            return PROTO_IB if cat.switches[node.model].protocol == "ib" else PROTO_ROCEV2
        return PROTO_ROCEV2

    node_kind = np.array([KIND_CODES.get(doc.nodes[n].kind, 3) for n in node_ids], dtype=np.int8)
    node_latency = np.zeros(n_nodes)
    node_cut_through = np.ones(n_nodes, dtype=bool)
    node_buffer_bytes = np.zeros(n_nodes)
    node_model_used = [""] * n_nodes
    node_proto = np.array([node_protocol(i, None) for i in range(n_nodes)], dtype=np.int8)

    # a representative port speed per switch (for counterpart choice)
    speed_of = {}
    for link in doc.links.values():
        for end in (link.a, link.b):
            speed_of.setdefault(end.node, link.speed_gbps)

    for i, nid in enumerate(node_ids):
        node = doc.nodes[nid]
        if node.kind == "switch":
            model = cat.switch(node.model) if node.model in cat.switches else None
            if model is None:
                raise WorkloadError(Message("error.sim.switch_model", switch=nid, model=node.model))
            if node.role != "frontend" and (node_segment[i] >= 0 or backend):
                want = "ib" if node_proto[i] == PROTO_IB else "ethernet"
                swapped = counterpart_switch(cat, model, want, speed_of.get(nid, model.port_gbps))
                if swapped is not model:
                    notes.append(f"{nid}: {model.id} runs as {swapped.id} for {want}")
                model = swapped
            node_latency[i] = model.latency_ns
            node_cut_through[i] = model.cut_through
            node_model_used[i] = model.id
            n_ports = max(1, node.port_count())
            node_buffer_bytes[i] = (model.buffer_mb or 0.0) * 2**20 / n_ports
        elif node.kind == "gateway":
            gw = cat.gateways.get(node.model)
            node_latency[i] = gw.latency_ns if gw else 1000.0
            node_cut_through[i] = False
            node_model_used[i] = node.model
        elif node.kind == "server":
            nic = cat.nics.get(node.nic_model or "")
            node_latency[i] = nic.latency_ns if nic else 600.0
            node_model_used[i] = node.model

    fe_nic_latency = FRONTEND_NIC_LATENCY_NS
    fe_nics = sorted((n for n in cat.nics.values() if n.protocol == "ethernet" and n.port_gbps <= 100),
                     key=lambda n: n.id)
    if fe_nics:
        fe_nic_latency = fe_nics[0].latency_ns

    # ---- directed ports from links ----
    link_ids = list(doc.links)
    n_links = len(link_ids)
    src, dst, plink, line, plane, proto, length = [], [], [], [], [], [], []
    port_of_end: dict[tuple[str, str], tuple[int, int]] = {}  # (node, port name) -> (tx port, rx port)
    for li, lid in enumerate(link_ids):
        link = doc.links[lid]
        a, b = index[link.a.node], index[link.b.node]
        pl = PLANE_FRONTEND if link.plane == "frontend" else PLANE_BACKEND
        medium_a = doc.nodes[link.a.node].port(link.a.port)
        medium_b = doc.nodes[link.b.node].port(link.b.port)
        for (u, v, mu) in ((a, b, medium_a), (b, a, medium_b)):
            src.append(u)
            dst.append(v)
            plink.append(li)
            line.append(float(link.speed_gbps))
            plane.append(pl)
            length.append(float(link.length_m))
            if pl == PLANE_FRONTEND:
                proto.append(PROTO_ETHERNET)
            elif doc.nodes[node_ids[u]].kind == "gateway" and mu is not None and not backend:
                proto.append(PROTO_IB if mu.medium == "ib" else PROTO_ROCEV2)
            else:
                proto.append(int(node_proto[u]))
        port_of_end[(link.a.node, link.a.port)] = (2 * li, 2 * li + 1)
        port_of_end[(link.b.node, link.b.port)] = (2 * li + 1, 2 * li)

    # ---- GPUs and NVLink ports ----
    gpu_server, gpu_local, be_tx, be_rx, fe_tx, fe_rx, be_lat, flops = [], [], [], [], [], [], [], []
    nvl_speed = []
    for i, nid in enumerate(node_ids):
        node = doc.nodes[nid]
        if node.kind != "server" or node.gpus <= 0:
            continue
        be_ports = [p.name for p in node.backend_ports()]
        fe_ports = [p.name for p in node.frontend_ports()]
        be_cabled = [p for p in be_ports if (nid, p) in port_of_end]
        fe_cabled = [p for p in fe_ports if (nid, p) in port_of_end]
        gpu = cat.gpus.get(node.gpu_model or "")
        for g in range(node.gpus):
            gpu_server.append(i)
            gpu_local.append(g)
            be_name = be_ports[g * len(be_ports) // node.gpus] if be_ports else None
            if be_name not in be_cabled:
                be_name = be_cabled[g % len(be_cabled)] if be_cabled else None
            tx, rx = port_of_end[(nid, be_name)] if be_name else (-1, -1)
            be_tx.append(tx)
            be_rx.append(rx)
            fe_name = fe_cabled[g % len(fe_cabled)] if fe_cabled else None
            tx, rx = port_of_end[(nid, fe_name)] if fe_name else (-1, -1)
            fe_tx.append(tx)
            fe_rx.append(rx)
            be_lat.append(node_latency[i])
            flops.append((gpu.bf16_tflops if gpu else 989.0) * 1e12)
            nvl_speed.append(node.nvlink_gbps or 3600.0)
    n_gpus = len(gpu_server)
    base = 2 * n_links
    nvl_tx = base + 2 * np.arange(n_gpus, dtype=np.int64)
    nvl_rx = nvl_tx + 1
    for k in range(n_gpus):
        s = gpu_server[k]
        for _ in range(2):
            src.append(s)
            dst.append(s)
            plink.append(-1)
            line.append(nvl_speed[k])
            plane.append(PLANE_NVLINK)
            proto.append(PROTO_NVLINK)
            length.append(0.0)

    port_src = np.asarray(src, dtype=np.int32)
    port_dst = np.asarray(dst, dtype=np.int32)
    port_line = np.asarray(line, dtype=float)
    port_proto = np.asarray(proto, dtype=np.int8)
    port_plane = np.asarray(plane, dtype=np.int8)
    port_seg = node_segment[port_src] if len(port_src) else np.zeros(0, dtype=np.int32)
    port_seg = np.where(port_plane == PLANE_BACKEND, port_seg, -1).astype(np.int32)
    mtu = np.full(len(src), 4096, dtype=np.int32)
    for k in range(len(src)):
        if port_seg[k] >= 0:
            mtu[k] = segments[port_seg[k]].mtu_bytes
    eff = np.array([efficiency(int(p), int(m)) for p, m in zip(port_proto, mtu, strict=True)])
    payload = port_line * 1e9 / 8.0 * eff

    # latency of crossing a port: propagation + the entered node's forwarding latency
    lat = np.asarray(length) * PROPAGATION_NS_PER_M
    if len(src):
        enters_fabric = node_kind[port_dst] != 0
        lat = lat + np.where(enters_fabric, node_latency[port_dst], 0.0)
        # store-and-forward nodes receive a whole MTU packet before forwarding it
        sf = enters_fabric & ~node_cut_through[port_dst]
        wire = np.array([wire_bytes(float(m), int(p), int(m)) for p, m in zip(port_proto, mtu, strict=True)])
        lat = lat + np.where(sf, wire * 8.0 / np.maximum(port_line, 1e-9), 0.0)
        lat = np.where(port_plane == PLANE_NVLINK, NVLINK_LATENCY_NS / 2, lat)

    buffer = np.zeros(len(src))
    for k in range(len(src)):
        u = port_src[k]
        if port_plane[k] == PLANE_NVLINK:
            continue
        if node_kind[u] in (1, 2):
            if port_proto[k] == PROTO_IB:
                seg = segments[port_seg[k]].ib if port_seg[k] >= 0 else IBSettings()
                buffer[k] = seg.credit_buffer_kb * 1024 * seg.virtual_lanes
            else:
                buffer[k] = node_buffer_bytes[u]

    return CompiledFabric(
        node_ids=node_ids, node_kind=node_kind, node_latency_ns=node_latency, node_segment=node_segment,
        node_switch_model=node_model_used,
        port_src=port_src, port_dst=port_dst, port_link=np.asarray(plink, dtype=np.int32),
        port_line_gbps=port_line, port_payload_Bps=payload, port_latency_ns=lat,
        port_buffer_bytes=buffer, port_protocol=port_proto, port_segment=port_seg, port_plane=port_plane,
        port_mtu_bytes=mtu, link_ids=link_ids,
        gpu_server=np.asarray(gpu_server, dtype=np.int32), gpu_local=np.asarray(gpu_local, dtype=np.int32),
        gpu_be_tx=np.asarray(be_tx, dtype=np.int64), gpu_be_rx=np.asarray(be_rx, dtype=np.int64),
        gpu_fe_tx=np.asarray(fe_tx, dtype=np.int64), gpu_fe_rx=np.asarray(fe_rx, dtype=np.int64),
        gpu_nvl_tx=nvl_tx, gpu_nvl_rx=nvl_rx,
        gpu_be_nic_latency_ns=np.asarray(be_lat, dtype=float),
        gpu_fe_nic_latency_ns=np.full(n_gpus, fe_nic_latency),
        gpu_peak_flops=np.asarray(flops, dtype=float),
        segments=segments, notes=notes,
    )
