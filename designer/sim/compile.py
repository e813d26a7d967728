"""Compile a FabricDocument into flat arrays: directed ports, GPU endpoints and segment settings.

Every cable becomes two directed ports (one per direction). Each port carries what the engine and
the queue model need: line rate and payload rate (after protocol framing), the latency a byte
meets crossing it (propagation at 5 ns/m, the far switch's port-to-port latency, one MTU of
serialisation where that switch is store-and-forward), egress buffer, protocol, segment and
plane. Each GPU also gets an NVLink transmit and receive port (intra-server traffic never touches
the network), and is mapped to its back-end NIC (GPU i uses NIC i·nics/gpus) and front-end NIC.

Segments with a preset ("recommended", "plain") run that preset's settings for the hardware the run uses (after
any protocol override swaps a switch for its counterpart); "custom" segments run their stored settings.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from designer.catalog.loader import Catalog, load_catalog
from designer.catalog.models import SwitchModel
from designer.i18n.message import Message
from designer.model.document import FabricDocument
from designer.model.nodes import Node
from designer.model.segments import PRESETS, IBSettings, RoCESettings
from designer.sim.framing import (
    PROTO_ETHERNET,
    PROTO_IB,
    PROTO_NVLINK,
    PROTO_ROCEV2,
    efficiency,
    wire_bytes,
)
from designer.sim.long_haul import IBAcrossSites, PortArrays, credit_limited_Bps, long_haul_spans_m, site_arrays
from designer.sim.planes import plane_ports
from designer.sim.workload_spec import WorkloadError
from designer.topology.presets import CUSTOM, keep_site_values, preset_settings, segment_hardware

PROPAGATION_NS_PER_M = 5.0          # fibre ~5 ns/m (docs/references.md [zaratan-latency])
NVLINK_LATENCY_NS = 700.0           # [E] GPU-to-GPU through NVSwitch, one way, small message
FRONTEND_NIC_LATENCY_NS = 5000.0    # [E] kernel TCP per side when the catalog has no front-end NIC
DEFAULT_NVLINK_GBPS = 3600.0        # H100 NVLink 4: 450 GB/s per direction
PLANE_BACKEND, PLANE_FRONTEND, PLANE_NVLINK = 0, 1, 2
KIND_SERVER, KIND_SWITCH, KIND_GATEWAY, KIND_STORAGE = 0, 1, 2, 3
KIND_CODES = {"server": KIND_SERVER, "switch": KIND_SWITCH, "gateway": KIND_GATEWAY, "storage": KIND_STORAGE}


@dataclass
class SegmentRuntime:
    """A back-end segment as the engine sees it: effective protocol, preset and both settings blocks."""

    id: str
    name: str
    protocol: int
    ib: IBSettings
    rocev2: RoCESettings
    preset: str = CUSTOM

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
    gpu_hbm_bytes_per_s: np.ndarray  # memory bandwidth (0 where the catalog does not state it)
    segments: list[SegmentRuntime] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    # per GPU: its scale-up domain's NVLink switches reduce in the network (NVLink SHARP; designer/sim/scaleup.py)
    gpu_nvls: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=bool))
    gpu_plane_tx: np.ndarray | None = None   # (GPUs, planes): each GPU's back-end port on every plane (planes.py)
    gpu_plane_rx: np.ndarray | None = None
    # multi-site designs (designer/sim/long_haul.py): each node's site (index into the design's sites, -1 none) and
    # the bytes a sender keeps in flight per queue pair (0: no window limit is modelled, one-site designs)
    node_site: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int32))
    flow_window_bytes: float = 0.0
    ib_long_haul: IBAcrossSites | None = None   # what an InfiniBand run made of its long-haul links

    @property
    def planes(self) -> int:
        """Back-end planes a GPU's NIC is split into (1 unless the design is multi-plane)."""
        return 1 if self.gpu_plane_tx is None else int(self.gpu_plane_tx.shape[1])

    @property
    def n_ports(self) -> int:
        return len(self.port_src)

    @property
    def n_gpus(self) -> int:
        return len(self.gpu_server)

    def gpus_per_server(self) -> int:
        return int(np.bincount(self.gpu_server).max()) if self.n_gpus else 0

    def gpu_site(self) -> np.ndarray:
        """Each GPU's site (index into the design's sites), -1 in a one-site design."""
        return self.node_site[self.gpu_server] if len(self.node_site) else np.full(self.n_gpus, -1, dtype=np.int32)


def counterpart_switch(cat: Catalog, model: SwitchModel, protocol: str, speed_gbps: float) -> SwitchModel:
    """The catalog switch of the other protocol that best stands in for `model` at `speed_gbps`.

    Used when a comparison runs an IB drawing as RoCEv2 (or the reverse): the latency and buffer
    of the run come from a real switch of that protocol with about the same port count at that speed.
    """
    want = "ib" if protocol == "ib" else "ethernet"
    if model.protocol == want:
        return model
    own_ports = model.ports * (model.breakout_for(speed_gbps) or 1)
    best: tuple[tuple[bool, bool, int, str], SwitchModel] | None = None
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


@dataclass
class _Nodes:
    """Per-node arrays while compiling."""

    ids: list[str]
    index: dict[str, int]
    kind: np.ndarray
    segment: np.ndarray
    protocol: np.ndarray
    latency_ns: np.ndarray
    cut_through: np.ndarray
    buffer_bytes: np.ndarray
    model_used: list[str]


@dataclass
class _Ports:
    """Directed ports while compiling, one array entry per port."""

    src: np.ndarray
    dst: np.ndarray
    link: np.ndarray
    line_gbps: np.ndarray
    plane: np.ndarray
    protocol: np.ndarray
    length_m: np.ndarray

    def then(self, more: _Ports) -> _Ports:
        """These ports followed by `more`."""
        return _Ports(*(np.concatenate([getattr(self, k), getattr(more, k)]) for k in _PORT_FIELDS))


_PORT_FIELDS = ("src", "dst", "link", "line_gbps", "plane", "protocol", "length_m")


def compile_fabric(doc: FabricDocument, *, backend: str | None = None, catalog: Catalog | None = None,
                   preset: str | None = None) -> CompiledFabric:
    """Arrays for `doc`; `backend` ("ib" | "rocev2") overrides every back-end segment's protocol and `preset`
    ("recommended" | "plain" | "custom") every segment's preset."""
    if backend not in (None, "ib", "rocev2"):
        raise WorkloadError(Message("error.sim.unknown_backend", backend=backend))
    if preset is not None and preset not in PRESETS:
        raise WorkloadError(Message("error.sim.unknown_preset", preset=preset, choices=", ".join(PRESETS)))
    cat = catalog or load_catalog()
    notes: list[str] = []
    segments, nodes = _segments_and_nodes(doc, backend, cat)
    _node_hardware(doc, cat, nodes, backend, notes)
    _resolve_presets(doc, cat, segments, nodes, preset)
    spans = long_haul_spans_m(doc)
    ports, port_of_end = _link_ports(doc, nodes, backend, spans)
    gpus = _gpu_endpoints(doc, cat, nodes, port_of_end)
    ports = ports.then(_nvlink_ports(gpus))
    fab = _assemble(doc, nodes, ports, gpus, segments, notes)
    fab.gpu_plane_tx, fab.gpu_plane_rx = plane_ports(doc, fab, port_of_end)
    fab.node_site, fab.flow_window_bytes = site_arrays(doc, nodes.ids)
    if spans:
        credits = np.array([(fab.segments[s].ib if s >= 0 else IBSettings()).credit_buffer_kb * 1024.0
                            for s in fab.port_segment])
        arrays = PortArrays({lid: i for i, lid in enumerate(fab.link_ids)}, fab.port_dst, fab.port_protocol,
                            fab.port_latency_ns)
        fab.port_payload_Bps, fab.ib_long_haul = credit_limited_Bps(doc, cat, spans, arrays, nodes.ids, credits,
                                                                    fab.port_payload_Bps, as_ib=backend == "ib")
    return fab


def _segments_and_nodes(doc: FabricDocument, backend: str | None, cat: Catalog) -> tuple[list[SegmentRuntime], _Nodes]:
    """Each segment's runtime record (protocol after the override) and each node's segment and protocol."""
    ids = list(doc.nodes)
    index = {nid: i for i, nid in enumerate(ids)}
    n = len(ids)
    segments: list[SegmentRuntime] = []
    node_segment = np.full(n, -1, dtype=np.int32)
    for seg in doc.segments.values():
        proto = backend or seg.protocol
        segments.append(SegmentRuntime(seg.id, seg.name, PROTO_IB if proto == "ib" else PROTO_ROCEV2,
                                       seg.ib, seg.rocev2, seg.preset))
        for nid in seg.nodes:
            if nid in index and node_segment[index[nid]] < 0:
                node_segment[index[nid]] = len(segments) - 1

    def node_protocol(i: int) -> int:
        """Back-end protocol code of a node: its segment's, else the override, else its hardware's."""
        if node_segment[i] >= 0:
            return segments[int(node_segment[i])].protocol
        if backend:
            return PROTO_IB if backend == "ib" else PROTO_ROCEV2
        node = doc.nodes[ids[i]]
        if node.kind == "switch" and node.model in cat.switches:
            return PROTO_IB if cat.switches[node.model].protocol == "ib" else PROTO_ROCEV2
        return PROTO_ROCEV2

    kind = np.array([KIND_CODES.get(doc.nodes[nid].kind, KIND_STORAGE) for nid in ids], dtype=np.int8)
    nodes = _Nodes(ids, index, kind, node_segment, np.array([node_protocol(i) for i in range(n)], dtype=np.int8),
                   np.zeros(n), np.ones(n, dtype=bool), np.zeros(n), [""] * n)
    return segments, nodes


def _node_hardware(doc: FabricDocument, cat: Catalog, nodes: _Nodes, backend: str | None, notes: list[str]) -> None:
    """Latency, cut-through and buffer of every node from its catalog model (a switch of the other protocol is
    swapped for its counterpart when the run overrides the protocol)."""
    speed_of: dict[str, float] = {}
    for link in doc.links.values():
        for end in (link.a, link.b):
            speed_of.setdefault(end.node, link.speed_gbps)
    for i, nid in enumerate(nodes.ids):
        node = doc.nodes[nid]
        if node.kind == "switch":
            model = _switch_for_run(cat, node, nodes, i, backend, speed_of, notes)
            nodes.latency_ns[i] = model.latency_ns
            nodes.cut_through[i] = model.cut_through
            nodes.model_used[i] = model.id
            nodes.buffer_bytes[i] = (model.buffer_mb or 0.0) * 2**20 / max(1, node.port_count())
        elif node.kind == "gateway":
            gw = cat.gateways.get(node.model)
            nodes.latency_ns[i] = gw.latency_ns if gw else 1000.0
            nodes.cut_through[i] = False
            nodes.model_used[i] = node.model
        elif node.kind == "server":
            nic = cat.nics.get(node.nic_model or "")
            nodes.latency_ns[i] = nic.latency_ns if nic else 600.0
            nodes.model_used[i] = node.model


def _switch_for_run(cat: Catalog, node: Node, nodes: _Nodes, i: int, backend: str | None,
                    speed_of: dict[str, float], notes: list[str]) -> SwitchModel:
    """The catalog switch a node runs as: its own, or the other protocol's counterpart under an override."""
    if node.model not in cat.switches:
        raise WorkloadError(Message("error.sim.switch_model", switch=node.id, model=node.model))
    model = cat.switch(node.model)
    if node.role != "frontend" and (nodes.segment[i] >= 0 or backend):
        want = "ib" if nodes.protocol[i] == PROTO_IB else "ethernet"
        swapped = counterpart_switch(cat, model, want, speed_of.get(node.id, model.port_gbps))
        if swapped is not model:
            notes.append(f"{node.id}: {model.id} runs as {swapped.id} for {want}")
        model = swapped
    return model


def _resolve_presets(doc: FabricDocument, cat: Catalog, segments: list[SegmentRuntime], nodes: _Nodes,
                     override: str | None) -> None:
    """Replace the settings of preset segments with the preset's values for the hardware this run uses."""
    used = {nid: nodes.model_used[i] for i, nid in enumerate(nodes.ids) if nodes.kind[i] == KIND_SWITCH}
    for rt, seg in zip(segments, doc.segments.values(), strict=True):
        rt.preset = override or seg.preset
        blocks = preset_settings(rt.preset, segment_hardware(doc, seg, cat, used))
        if blocks is not None:
            rt.ib, rt.rocev2 = keep_site_values(seg, *blocks)


def _link_ports(doc: FabricDocument, nodes: _Nodes, backend: str | None,
                spans: dict[str, float]) -> tuple[_Ports, dict[tuple[str, str], tuple[int, int]]]:
    """Two directed ports per cable (port 2i from end a to end b of cable i, 2i + 1 back); `port_of_end[(node,
    port)]` = (its transmit port, its receive port)."""
    links = list(doc.links.values())
    a = np.array([nodes.index[link.a.node] for link in links], dtype=np.int64)
    b = np.array([nodes.index[link.b.node] for link in links], dtype=np.int64)
    src, dst = _interleaved(a, b), _interleaved(b, a)
    plane = np.repeat(np.array([PLANE_FRONTEND if link.plane == "frontend" else PLANE_BACKEND for link in links],
                               dtype=np.int64), 2)
    proto = np.where(plane == PLANE_FRONTEND, PROTO_ETHERNET, nodes.protocol[src].astype(np.int64))
    if not backend:
        # a gateway port sends in its own medium's protocol (the override, when given, sets every port's)
        for k in np.flatnonzero((nodes.kind[src] == KIND_GATEWAY) & (plane != PLANE_FRONTEND)).tolist():
            end = links[k // 2].a if k % 2 == 0 else links[k // 2].b
            medium = doc.nodes[end.node].port(end.port)
            if medium is not None:
                proto[k] = PROTO_IB if medium.medium == "ib" else PROTO_ROCEV2
    ports = _Ports(src, dst, np.repeat(np.arange(len(links), dtype=np.int64), 2),
                   np.repeat(np.array([float(link.speed_gbps) for link in links]), 2), plane, proto,
                   np.repeat(np.array([spans.get(link.id, float(link.length_m)) for link in links]), 2))
    ends = [(end.node, end.port) for link in links for end in (link.a, link.b)]
    sent = [(2 * li + k, 2 * li + 1 - k) for li in range(len(links)) for k in (0, 1)]
    return ports, dict(zip(ends, sent, strict=True))


def _interleaved(first: np.ndarray, second: np.ndarray) -> np.ndarray:
    """first[0], second[0], first[1], second[1], ..."""
    out = np.empty(2 * len(first), dtype=np.int64)
    out[0::2], out[1::2] = first, second
    return out


@dataclass
class _Gpus:
    server: list[int] = field(default_factory=list)
    local: list[int] = field(default_factory=list)
    be_tx: list[int] = field(default_factory=list)
    be_rx: list[int] = field(default_factory=list)
    fe_tx: list[int] = field(default_factory=list)
    fe_rx: list[int] = field(default_factory=list)
    be_latency_ns: list[float] = field(default_factory=list)
    flops: list[float] = field(default_factory=list)
    hbm_bytes_per_s: list[float] = field(default_factory=list)
    nvls: list[bool] = field(default_factory=list)
    nvl_gbps: list[float] = field(default_factory=list)
    fe_latency_ns: float = FRONTEND_NIC_LATENCY_NS


def _gpu_endpoints(doc: FabricDocument, cat: Catalog, nodes: _Nodes,
                   port_of_end: dict[tuple[str, str], tuple[int, int]]) -> _Gpus:
    """Every GPU with its back-end and front-end NIC ports and its NVLink speed."""
    gpus = _Gpus()
    fe_nics = sorted((n for n in cat.nics.values() if n.protocol == "ethernet" and n.port_gbps <= 100),
                     key=lambda n: n.id)
    if fe_nics:
        gpus.fe_latency_ns = fe_nics[0].latency_ns
    for i, nid in enumerate(nodes.ids):
        node = doc.nodes[nid]
        if node.kind != "server" or node.gpus <= 0:
            continue
        be_ports = node.port_names_on("backend")
        be_cabled = [p for p in be_ports if (nid, p) in port_of_end]
        fe_cabled = [p for p in node.port_names_on("frontend") if (nid, p) in port_of_end]
        gpu = cat.gpus.get(node.gpu_model or "")
        if node.gpu_model and gpu is None:          # a GPU model the catalog does not have: no figures to run with
            raise WorkloadError(Message("error.sim.gpu_model", server=nid, model=node.gpu_model))
        server_model = cat.servers.get(node.model)
        nvls = bool(server_model.nvlink_sharp) if server_model is not None else False
        for g in range(node.gpus):
            be_name = be_ports[g * len(be_ports) // node.gpus] if be_ports else None
            if be_name not in be_cabled:
                be_name = be_cabled[g % len(be_cabled)] if be_cabled else None
            tx, rx = port_of_end[(nid, be_name)] if be_name else (-1, -1)
            fe_name = fe_cabled[g % len(fe_cabled)] if fe_cabled else None
            ftx, frx = port_of_end[(nid, fe_name)] if fe_name else (-1, -1)
            gpus.server.append(i)
            gpus.local.append(g)
            gpus.be_tx.append(tx)
            gpus.be_rx.append(rx)
            gpus.fe_tx.append(ftx)
            gpus.fe_rx.append(frx)
            gpus.be_latency_ns.append(float(nodes.latency_ns[i]))
            gpus.flops.append((gpu.bf16_tflops if gpu else 989.0) * 1e12)
            gpus.hbm_bytes_per_s.append((gpu.hbm_tbps if gpu else 0.0) * 1e12)
            gpus.nvl_gbps.append(node.nvlink_gbps or DEFAULT_NVLINK_GBPS)
            gpus.nvls.append(nvls)
    return gpus


def _nvlink_ports(gpus: _Gpus) -> _Ports:
    """Two NVLink ports per GPU (transmit, receive), on its server, after the cables' ports."""
    server = np.repeat(np.asarray(gpus.server, dtype=np.int64), 2)
    n = len(server)
    return _Ports(server, server.copy(), np.full(n, -1, dtype=np.int64),
                  np.repeat(np.asarray(gpus.nvl_gbps, dtype=float), 2), np.full(n, PLANE_NVLINK, dtype=np.int64),
                  np.full(n, PROTO_NVLINK, dtype=np.int64), np.zeros(n))


def _port_latency_ns(nodes: _Nodes, src: np.ndarray, dst: np.ndarray, line: np.ndarray, proto: np.ndarray,
                     plane: np.ndarray, mtu: np.ndarray, length_m: np.ndarray) -> np.ndarray:
    """Latency of crossing a port: propagation, the entered node's forwarding latency, and one MTU of
    serialisation where that node is store-and-forward."""
    lat = length_m * PROPAGATION_NS_PER_M
    if len(src) == 0:
        return lat
    enters_fabric = nodes.kind[dst] != KIND_SERVER
    lat = lat + np.where(enters_fabric, nodes.latency_ns[dst], 0.0)
    store_forward = enters_fabric & ~nodes.cut_through[dst]
    wire = _per_protocol_mtu(proto, mtu, lambda p, m: wire_bytes(float(m), p, m))
    lat = lat + np.where(store_forward, wire * 8.0 / np.maximum(line, 1e-9), 0.0)
    return np.where(plane == PLANE_NVLINK, NVLINK_LATENCY_NS / 2, lat)


def _port_buffers(nodes: _Nodes, src: np.ndarray, proto: np.ndarray, plane: np.ndarray, seg: np.ndarray,
                  segments: list[SegmentRuntime]) -> np.ndarray:
    """Egress buffer share of switch and gateway ports (Ethernet) or the credit buffer of all VLs (IB)."""
    buffer = np.zeros(len(src))
    kind = nodes.kind[src]
    fabric = (plane != PLANE_NVLINK) & ((kind == KIND_SWITCH) | (kind == KIND_GATEWAY))
    ib = fabric & (proto == PROTO_IB)
    # per segment (the default settings last, for a port of none)
    credits = np.array([s.ib.credit_buffer_kb * 1024 * s.ib.virtual_lanes for s in segments]
                       + [IBSettings().credit_buffer_kb * 1024 * IBSettings().virtual_lanes], dtype=float)
    buffer[ib] = credits[np.where(seg[ib] >= 0, seg[ib], len(segments))]
    shared = fabric & (proto != PROTO_IB)
    buffer[shared] = nodes.buffer_bytes[src[shared]]
    return buffer


def _per_protocol_mtu(proto: np.ndarray, mtu: np.ndarray, value: Callable[[int, int], float]) -> np.ndarray:
    """value(protocol, MTU) of every port, worked out once per distinct pair (a fabric has a few)."""
    if len(proto) == 0:
        return np.zeros(0)
    pairs, inverse = np.unique((proto.astype(np.int64) << 32) | mtu.astype(np.int64), return_inverse=True)
    table = np.array([value(int(k >> 32), int(k & 0xFFFFFFFF)) for k in pairs.tolist()], dtype=float)
    per_port: np.ndarray = table[inverse.reshape(-1)]
    return per_port


def _assemble(doc: FabricDocument, nodes: _Nodes, ports: _Ports, gpus: _Gpus, segments: list[SegmentRuntime],
              notes: list[str]) -> CompiledFabric:
    src = np.asarray(ports.src, dtype=np.int32)
    dst = np.asarray(ports.dst, dtype=np.int32)
    line = np.asarray(ports.line_gbps, dtype=float)
    proto = np.asarray(ports.protocol, dtype=np.int8)
    plane = np.asarray(ports.plane, dtype=np.int8)
    seg = nodes.segment[src] if len(src) else np.zeros(0, dtype=np.int32)
    seg = np.where(plane == PLANE_BACKEND, seg, -1).astype(np.int32)
    mtu = np.array([s.mtu_bytes for s in segments] + [4096], dtype=np.int32)[np.where(seg >= 0, seg, len(segments))]
    eff = _per_protocol_mtu(proto, mtu, efficiency)
    n_gpus = len(gpus.server)
    nvl_tx = 2 * len(doc.links) + 2 * np.arange(n_gpus, dtype=np.int64)
    return CompiledFabric(
        node_ids=nodes.ids, node_kind=nodes.kind, node_latency_ns=nodes.latency_ns, node_segment=nodes.segment,
        node_switch_model=nodes.model_used,
        port_src=src, port_dst=dst, port_link=np.asarray(ports.link, dtype=np.int32),
        port_line_gbps=line, port_payload_Bps=line * 1e9 / 8.0 * eff,
        port_latency_ns=_port_latency_ns(nodes, src, dst, line, proto, plane, mtu, np.asarray(ports.length_m)),
        port_buffer_bytes=_port_buffers(nodes, src, proto, plane, seg, segments),
        port_protocol=proto, port_segment=seg, port_plane=plane, port_mtu_bytes=mtu, link_ids=list(doc.links),
        gpu_server=np.asarray(gpus.server, dtype=np.int32), gpu_local=np.asarray(gpus.local, dtype=np.int32),
        gpu_be_tx=np.asarray(gpus.be_tx, dtype=np.int64), gpu_be_rx=np.asarray(gpus.be_rx, dtype=np.int64),
        gpu_fe_tx=np.asarray(gpus.fe_tx, dtype=np.int64), gpu_fe_rx=np.asarray(gpus.fe_rx, dtype=np.int64),
        gpu_nvl_tx=nvl_tx, gpu_nvl_rx=nvl_tx + 1,
        gpu_be_nic_latency_ns=np.asarray(gpus.be_latency_ns, dtype=float),
        gpu_fe_nic_latency_ns=np.full(n_gpus, gpus.fe_latency_ns),
        gpu_peak_flops=np.asarray(gpus.flops, dtype=float),
        gpu_hbm_bytes_per_s=np.asarray(gpus.hbm_bytes_per_s, dtype=float),
        segments=segments, notes=notes, gpu_nvls=np.asarray(gpus.nvls, dtype=bool),
    )
