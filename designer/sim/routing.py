"""Path choice for every transfer, as a sparse routing matrix (ports x sub-flows) of traffic shares.

- InfiniBand: Subnet-Manager tables computed centrally on minimal paths (min-hop; on a fat-tree
  minimal paths are the up/down paths). They are destination-based and deterministic: at each
  hop the output among the minimal candidates is chosen by d-mod-k on the destination LID (the
  OpenSM ftree/updn balance), so every queue pair to one destination follows one path.
  With adaptive routing on, a flow's packets spread over all minimal candidates at every hop;
  in the fluid limit that is an even split (the load-balanced choice on symmetric fabrics).
- RoCEv2 and the Ethernet front-end: ECMP hashes each queue pair's 5-tuple (source and
  destination address, UDP source port derived from the QP, with a per-switch hash seed) onto one
  candidate; `qps` queue pairs split a transfer; packet spraying splits evenly like AR.
- Intra-server traffic crosses NVLink ports only. A pair whose NICs sit on rails no switch joins (rail-only) goes
  over NVLink to the sender's GPU on the receiver's rail first (relay.py). A pair without a back-end path (pods of
  different segments with no gateway) is carried by the front-end; gateways are transit nodes
  of the back-end graph, so traffic between segments crosses them with their latency and rate.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import scipy.sparse as sp
from scipy.sparse.csgraph import shortest_path

from designer.i18n.message import Message
from designer.sim.compile import KIND_GATEWAY, KIND_SERVER, KIND_SWITCH, PLANE_BACKEND, PLANE_FRONTEND, CompiledFabric
from designer.sim.dynamics.jit import njit
from designer.sim.framing import PROTO_IB
from designer.sim.hashing import hash_fields, mix64
from designer.sim.planes import on_planes, queue_pairs_over_planes, sub_flow_ports, surviving_planes
from designer.sim.relay import NO_RELAY, RELAY_LEVELS, same_rail_peer
from designer.sim.workload_spec import WorkloadError

POLICY_ECMP, POLICY_DMODK, POLICY_SPLIT, POLICY_MINHOP = 0, 1, 2, 3
_CHUNK_ENTRIES = 2_000_000  # bound on expanded candidate rows held at once
UNREACHABLE = 1 << 20       # hop distance of a switch with no path
LAST_LEVEL = 1 << 16        # hop level of the receiving NIC (after every fabric hop)
MAX_LEVELS = 64
SPRAY_PACKET_BYTES = 4096   # the RDMA MTU a sprayed flow is cut into


class RoutingError(WorkloadError):
    """No route exists for a transfer the workload asks for (a design fault, reported in one line)."""


@dataclass
class HopList:
    """The routes as (port, sub-flow, share, hop level) rows: level 0 is the sending NIC's port, then one level
    per switch hop, the receiving NIC's port last. Split routes (adaptive routing, spraying) have several rows per
    level with shares that add up to the sub-flow's share."""

    port: np.ndarray
    sub: np.ndarray
    share: np.ndarray
    level: np.ndarray

    @classmethod
    def of(cls, port: np.ndarray, sub: np.ndarray, share: float, level: int) -> HopList:
        n = len(port)
        return cls(np.asarray(port, dtype=np.int64), np.asarray(sub, dtype=np.int64), np.full(n, float(share)),
                   np.full(n, level, dtype=np.int64))

    @classmethod
    def concat(cls, parts: list[HopList]) -> HopList:
        if not parts:
            z = np.zeros(0, dtype=np.int64)
            return cls(z, z, np.zeros(0), z)
        return cls(*(np.concatenate([getattr(p, k) for p in parts]) for k in ("port", "sub", "share", "level")))

    def sorted(self) -> HopList:
        """Rows by sub-flow, then level; rows repeated at one (sub, level, port) merged (split branches that met)."""
        if len(self.port) == 0:
            return self
        # one int64 key ordered as (sub, level, port): a stable sort of it gives lexsort's order at a fraction of
        # its cost (the rows come level by level, each level in sub-flow order: a merge of a few sorted runs)
        key = _row_keys(np.asarray(self.sub, np.int64), np.asarray(self.level, np.int64),
                        np.asarray(self.port, np.int64), int(self.port.max()) + 1)
        order = np.argsort(key, kind="stable")
        return HopList(*_merged_rows(order, key, self.port, self.sub, self.share, self.level))

    def select(self, subs: np.ndarray, renumber: np.ndarray | None = None) -> HopList:
        """The rows of these sub-flows (a boolean mask over sub-flows), optionally with new sub-flow numbers."""
        keep = subs[self.sub]
        sub = self.sub[keep] if renumber is None else renumber[self.sub[keep]]
        return HopList(self.port[keep], sub, self.share[keep], self.level[keep])


@njit
def _row_keys(sub: np.ndarray, level: np.ndarray, port: np.ndarray, ports: int) -> np.ndarray:
    """Each row's (sub, level, port) as one int64 ordered the same way; levels run from the relay's -2 to
    MAX_LEVELS, the receiving NIC's LAST_LEVEL after them."""
    key = np.empty(len(sub), np.int64)
    for i in range(len(sub)):
        lvl = (MAX_LEVELS if level[i] == LAST_LEVEL else level[i]) + 2
        key[i] = (sub[i] * (MAX_LEVELS + 3) + lvl) * ports + port[i]
    return key


@njit
def _merged_rows(order: np.ndarray, key: np.ndarray, port: np.ndarray, sub: np.ndarray, share: np.ndarray,
                 level: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The rows in `order`, rows of one key merged (their shares added in that order from 0.0, as a weighted
    bincount adds them, wherever some key repeats; taken as they are otherwise)."""
    n = len(order)
    rows = 1 if n else 0
    for i in range(1, n):
        if key[order[i]] != key[order[i - 1]]:
            rows += 1
    out_port, out_sub = np.empty(rows, port.dtype), np.empty(rows, sub.dtype)
    out_share, out_level = np.zeros(rows), np.empty(rows, level.dtype)
    g = -1
    for i in range(n):
        r = order[i]
        if i == 0 or key[r] != key[order[i - 1]]:
            g += 1
            out_port[g], out_sub[g], out_level[g] = port[r], sub[r], level[r]
            if rows == n:
                out_share[g] = share[r]
                continue
        out_share[g] += share[r]
    return out_port, out_sub, out_share, out_level


@dataclass
class _Endpoints:
    """Per flow: transmit and receive NIC ports, plane, whether it leaves its server, and the GPU of its own server
    it is forwarded through over NVLink first (NO_RELAY for none)."""

    tx: np.ndarray
    rx: np.ndarray
    plane: np.ndarray
    net: np.ndarray
    relay: np.ndarray


@dataclass
class _Walk:
    """The network sub-flows of one plane being expanded hop by hop."""

    subs: np.ndarray
    tx: np.ndarray
    rx: np.ndarray
    policy: np.ndarray
    qp: np.ndarray
    plane: int

    def select(self, m: np.ndarray) -> _Walk:
        return _Walk(self.subs[m], self.tx[m], self.rx[m], self.policy[m], self.qp[m], self.plane)


@dataclass
class _HopContext:
    """What every hop of one walk needs: the graph, distance rows of the targets, policy, hash keys, LIDs."""

    g: _PlaneGraph
    trow: np.ndarray
    policy: np.ndarray
    flow_key: np.ndarray
    lid: np.ndarray


@dataclass
class _Front:
    """Branches in progress: walk index, current switch (local id), share, d-mod-k divisor."""

    sub: np.ndarray
    node: np.ndarray
    w: np.ndarray
    div: np.ndarray

    def select(self, m: np.ndarray) -> _Front:
        return _Front(self.sub[m], self.node[m], self.w[m], self.div[m])

    def slice(self, a: int, b: int) -> _Front:
        return _Front(self.sub[a:b], self.node[a:b], self.w[a:b], self.div[a:b])

    def merged(self, policy: np.ndarray, n_nodes: int) -> _Front:
        """Split branches that met again on one switch continue as one."""
        if len(self.sub) == 0 or not (policy[self.sub] == POLICY_SPLIT).any():
            return self
        key = self.sub * n_nodes + self.node
        uniq, inv = np.unique(key, return_inverse=True)
        if len(uniq) == len(key):
            return self
        firsts = np.zeros(len(uniq), dtype=np.int64)
        firsts[inv[::-1]] = np.arange(len(key))[::-1]
        return _Front(self.sub[firsts], self.node[firsts], np.bincount(inv, weights=self.w), self.div[firsts])


@dataclass
class _Emitted:
    port: np.ndarray
    sub: np.ndarray
    share: np.ndarray


@dataclass
class RouteOptions:
    """Per-workload routing knobs (None: the segment's own setting)."""

    qps: int | None = None
    adaptive: bool | None = None
    spray: bool | None = None
    plane: str = "backend"
    seed: int = 1
    # NCCL channels that carry a flow's bytes between two NICs, each a connection with its own queue pairs, so that
    # ECMP hashes channels x queue pairs apart (back-end RoCEv2 flows; InfiniBand's tables route them alike)
    channels: int = 1


@dataclass
class RoutedFlows:
    """Sub-flows (one per queue pair, or one per NVLink transfer) and their routes."""

    matrix: sp.csr_matrix          # n_ports x n_sub: share of the sub-flow's bytes crossing each port
    ideal: sp.csr_matrix           # same, on an ideal non-blocking fabric (endpoint ports only)
    sub_flow: np.ndarray           # flow index of each sub-flow
    sub_share: np.ndarray          # share of the flow's bytes carried by each sub-flow
    sub_latency_ns: np.ndarray     # unloaded one-way latency (NICs, hops, propagation)
    sub_segment: np.ndarray        # segment of the sending GPU (-1 none)
    sub_network: np.ndarray        # True when the sub-flow leaves the server
    n_flows: int
    hops: HopList                  # the same routes with hop order (for the fluid queues)
    sub_first_port: np.ndarray     # the port each sub-flow is sent from (NIC or NVLink)

    @property
    def n_sub(self) -> int:
        return len(self.sub_flow)


class _PlaneGraph:
    """Transit nodes (switches, gateways) of one plane with out-port lists and hop distances.

    `excluded` (a mask over ports) leaves failed ports out: the forwarding tables after a reroute."""

    def __init__(self, fab: CompiledFabric, plane: int, excluded: np.ndarray | None = None):
        transit = (fab.node_kind == KIND_SWITCH) | (fab.node_kind == KIND_GATEWAY)
        usable = (fab.port_plane == plane) & transit[fab.port_src] & transit[fab.port_dst]
        if excluded is not None:
            usable &= ~excluded
        ports = np.flatnonzero(usable)
        self.nodes = np.flatnonzero(transit)
        self.local = np.full(len(fab.node_ids), -1, dtype=np.int64)
        self.local[self.nodes] = np.arange(len(self.nodes))
        u = self.local[fab.port_src[ports]]
        v = self.local[fab.port_dst[ports]]
        order = np.lexsort((v, u))
        self.out_port = ports[order]
        self.out_nbr = v[order]
        self.out_ptr = np.searchsorted(u[order], np.arange(len(self.nodes) + 1))
        n = len(self.nodes)
        self.adj = sp.csr_matrix((np.ones(len(ports)), (u, v)), shape=(n, n))
        self._row_of = np.full(n, -1, dtype=np.int64)     # each node's row of the distance table (-1: none yet)
        self._dist = np.zeros((0, n), dtype=np.int32)

    def dist_rows(self, targets: np.ndarray) -> np.ndarray:
        """Row of the hop-distance table for each target (local ids), computing missing ones by BFS (rows are
        added in the order of the targets' ids)."""
        wanted = np.zeros(len(self._row_of), dtype=bool)
        wanted[targets] = True
        missing = np.flatnonzero(wanted & (self._row_of < 0))
        if len(missing):
            d = shortest_path(self.adj, method="D", unweighted=True, directed=True, indices=missing)
            # d[i, x] = hops from target i to x; the fabric is symmetric so it is also x -> target
            d = np.where(np.isinf(d), UNREACHABLE, d).astype(np.int32)
            self._row_of[missing] = len(self._dist) + np.arange(len(missing))
            self._dist = np.vstack([self._dist, d])
        rows: np.ndarray = self._row_of[np.asarray(targets, dtype=np.int64)]
        return rows


class Router:
    """Routes flows of GPU pairs over a compiled fabric; caches plane graphs and distances."""

    def __init__(self, fab: CompiledFabric, seed: int = 1, excluded: np.ndarray | None = None):
        self.fab = fab
        self.seed = seed
        # failed ports the tables route around (None: all ports usable); plane choice ignores them, so a
        # pair cut off by a failure stays on its plane (and stalls) instead of moving to the front-end
        self.excluded = excluded if excluded is not None and excluded.any() else None
        self._flow_bytes = 0.0
        self._graphs: dict[int, _PlaneGraph] = {}
        self._live_graphs: dict[int, _PlaneGraph] = {}
        self._lid: dict[int, np.ndarray] = {}

    def graph(self, plane: int) -> _PlaneGraph:
        if plane not in self._graphs:
            self._graphs[plane] = _PlaneGraph(self.fab, plane)
        return self._graphs[plane]

    def live_graph(self, plane: int) -> _PlaneGraph:
        """The plane without the excluded ports (the plane itself when nothing is excluded)."""
        if self.excluded is None:
            return self.graph(plane)
        if plane not in self._live_graphs:
            self._live_graphs[plane] = _PlaneGraph(self.fab, plane, self.excluded)
        return self._live_graphs[plane]

    def lids(self, plane: int) -> np.ndarray:
        """LID of each directed port that enters a NIC: numbered leaf by leaf, as the SM assigns them."""
        if plane not in self._lid:
            fab = self.fab
            rx = np.flatnonzero((fab.port_plane == plane) & (fab.node_kind[fab.port_dst] == KIND_SERVER))
            order = np.lexsort((rx, fab.port_src[rx]))
            lid = np.zeros(fab.n_ports, dtype=np.int64)
            lid[rx[order]] = np.arange(len(rx))
            self._lid[plane] = lid
        return self._lid[plane]

    def route(self, src: np.ndarray, dst: np.ndarray, opts: RouteOptions, flow_bytes: float = 0.0) -> RoutedFlows:
        """Sub-flows and routing matrix for flows src[i] -> dst[i] (GPU ranks). `flow_bytes`, the bytes a flow
        carries, sets how evenly per-packet load balancing can split it (see `_split_shares`)."""
        fab = self.fab
        src = np.asarray(src, dtype=np.int64)
        dst = np.asarray(dst, dtype=np.int64)
        ends = self._endpoints(src, dst, opts)
        qps, policy = self._policies(src, ends, opts)
        spread = ends.net & (ends.plane == PLANE_BACKEND) & on_planes(fab, src, dst, ends.tx, ends.rx)
        qps = queue_pairs_over_planes(qps, spread, fab.planes)
        sub_flow = np.repeat(np.arange(len(src)), qps)
        first = np.concatenate([[0], np.cumsum(qps)[:-1]]) if len(src) else np.zeros(0, dtype=np.int64)
        sub_qp = np.arange(len(sub_flow)) - np.repeat(first, qps)
        self._flow_bytes = float(flow_bytes)
        sub_ends = sub_flow_ports(fab, src, dst, sub_flow, sub_qp, spread, ends.tx, ends.rx)
        if self.excluded is not None and spread.any():
            sub_ends = surviving_planes(fab, src, dst, sub_flow, sub_qp, spread, sub_ends, self._live_reachable)
        hops = self._hop_list(src, dst, ends, policy, sub_flow, sub_qp, sub_ends)
        n_sub = len(sub_flow)
        forwarded = self._nvlink_forwarding(src, ends, sub_flow)
        rows = HopList.concat([hops, forwarded]) if len(forwarded.port) else hops   # no copy of the hops for nothing
        matrix = sp.csr_matrix((rows.share, (rows.port, rows.sub)), shape=(fab.n_ports, n_sub))
        matrix.sum_duplicates()
        net = ends.net[sub_flow]
        sub_src, sub_dst = src[sub_flow], dst[sub_flow]       # gathered once (2 million sub-flows at 1,024 GPUs)
        # ideal fabric: only the endpoint ports (NIC or NVLink) constrain
        e_tx = np.where(net, sub_ends[0], fab.gpu_nvl_tx[sub_src])
        e_rx = np.where(net, sub_ends[1], fab.gpu_nvl_rx[sub_dst])
        ideal = sp.csr_matrix((np.ones(2 * n_sub), (np.concatenate([e_tx, e_rx]), np.tile(np.arange(n_sub), 2))),
                              shape=(fab.n_ports, n_sub))
        hop_lat = np.bincount(rows.sub, weights=rows.share * fab.port_latency_ns[rows.port], minlength=n_sub)
        front = ends.plane[sub_flow] == PLANE_FRONTEND
        nic_lat = np.where(front, fab.gpu_fe_nic_latency_ns[sub_src] + fab.gpu_fe_nic_latency_ns[sub_dst],
                           fab.gpu_be_nic_latency_ns[sub_src] + fab.gpu_be_nic_latency_ns[sub_dst])
        return RoutedFlows(matrix=matrix, ideal=ideal, sub_flow=sub_flow, sub_share=1.0 / qps[sub_flow],
                           sub_latency_ns=hop_lat + np.where(net, nic_lat, 0.0),
                           sub_segment=fab.node_segment[fab.gpu_server[src]][sub_flow], sub_network=net,
                           n_flows=len(src), hops=hops, sub_first_port=e_tx)

    def _endpoints(self, src: np.ndarray, dst: np.ndarray, opts: RouteOptions) -> _Endpoints:
        """Each flow's transmit and receive NIC ports and plane: back-end pairs without a NIC or a back-end path
        fall back to the front-end; pairs inside one server use NVLink (`net` False)."""
        fab = self.fab
        n = len(src)
        net = fab.gpu_server[src] != fab.gpu_server[dst]
        relay = np.full(n, NO_RELAY, dtype=np.int64)
        if opts.plane == "frontend":
            ends = _Endpoints(fab.gpu_fe_tx[src], fab.gpu_fe_rx[dst], np.full(n, PLANE_FRONTEND), net, relay)
        else:
            ends = _Endpoints(fab.gpu_be_tx[src].copy(), fab.gpu_be_rx[dst].copy(), np.full(n, PLANE_BACKEND), net,
                              relay)
            fall = net & ~self._reachable(ends.tx, ends.rx, net)
            if fall.any():
                self._forward_over_nvlink(src, dst, ends, fall)
                fall &= ends.relay == NO_RELAY
            if fall.any():
                ends.tx[fall], ends.rx[fall] = fab.gpu_fe_tx[src[fall]], fab.gpu_fe_rx[dst[fall]]
                ends.plane[fall] = PLANE_FRONTEND
        bad = net & ((ends.tx < 0) | (ends.rx < 0))
        if bad.any():
            i = int(np.flatnonzero(bad)[0])
            raise RoutingError(Message("error.sim.no_path", source=fab.node_ids[fab.gpu_server[src[i]]],
                                       target=fab.node_ids[fab.gpu_server[dst[i]]], plane=opts.plane))
        return ends

    def _forward_over_nvlink(self, src: np.ndarray, dst: np.ndarray, ends: _Endpoints, cut: np.ndarray) -> None:
        """Pairs `cut` off on the back-end that the sender's GPU on the receiver's rail can reach send from that
        GPU's NIC after an NVLink hop (rail-only back-ends; relay.py)."""
        idx = np.flatnonzero(cut)
        peer = same_rail_peer(self.fab, src[idx], dst[idx])
        has = peer != NO_RELAY
        idx, peer = idx[has], peer[has]
        tx = self.fab.gpu_be_tx[peer]
        ok = self._reachable(tx, ends.rx[idx], np.ones(len(idx), dtype=bool))
        ends.tx[idx[ok]] = tx[ok]
        ends.relay[idx[ok]] = peer[ok]

    def _live_reachable(self, tx: np.ndarray, rx: np.ndarray) -> np.ndarray:
        """Which NIC pairs still have a back-end path with the excluded (failed) ports left out."""
        alive = np.ones(len(tx), dtype=bool)
        if self.excluded is not None:
            alive = ~self.excluded[np.maximum(tx, 0)] & ~self.excluded[np.maximum(rx, 0)]
        return self._reachable(tx, rx, alive, self.live_graph(PLANE_BACKEND))

    def _reachable(self, tx: np.ndarray, rx: np.ndarray, net: np.ndarray,
                   graph: _PlaneGraph | None = None) -> np.ndarray:
        """Which network pairs have a back-end path between their NICs (on `graph`, by default the whole back-end)."""
        fab = self.fab
        ok = net & (tx >= 0) & (rx >= 0)
        reach = np.zeros(len(tx), dtype=bool)
        if ok.any():
            g = graph if graph is not None else self.graph(PLANE_BACKEND)
            a = g.local[fab.port_dst[tx[ok]]]
            b = g.local[fab.port_src[rx[ok]]]
            good = (a >= 0) & (b >= 0)
            r = np.zeros(int(ok.sum()), dtype=bool)
            if good.any():
                rows = g.dist_rows(b[good])
                r[good] = g._dist[rows, a[good]] < UNREACHABLE
            reach[ok] = r
        return reach

    def _policies(self, src: np.ndarray, ends: _Endpoints, opts: RouteOptions) -> tuple[np.ndarray, np.ndarray]:
        """Queue pairs per flow and the path policy of each flow (its segment's settings unless the workload
        overrides them)."""
        fab = self.fab
        n = len(src)
        proto = np.where(ends.net, fab.port_protocol[np.maximum(ends.tx, 0)], 0)
        seg = fab.node_segment[fab.gpu_server[src]]
        qps = np.ones(n, dtype=np.int64)
        policy = np.full(n, POLICY_ECMP)
        for k in [*range(len(fab.segments)), -1]:
            m = seg == k
            if not m.any():
                continue
            s = fab.segments[k] if k >= 0 else None
            is_ib = m & (proto == PROTO_IB)
            # queue pairs per connection: the workload's, else the RoCEv2 segment's (InfiniBand tables route every
            # queue pair to one destination alike, so more of them change nothing there)
            qps[m] = opts.qps if opts.qps is not None else (s.rocev2.qps if s is not None else 1)
            if opts.qps is None:
                qps[is_ib] = 1
            ar = opts.adaptive if opts.adaptive is not None else (s is not None and s.ib.adaptive_routing)
            spray = opts.spray if opts.spray is not None else (s is not None and s.rocev2.load_balancing == "spray")
            table_based = s is not None and s.ib.routing_engine == "ftree"
            policy[is_ib] = POLICY_SPLIT if ar else (POLICY_DMODK if table_based else POLICY_MINHOP)
            policy[m & (proto != PROTO_IB)] = POLICY_SPLIT if spray else POLICY_ECMP
        policy[ends.plane == PLANE_FRONTEND] = POLICY_ECMP  # the front-end is plain ECMP
        qps[(policy == POLICY_ECMP) & (ends.plane != PLANE_FRONTEND)] *= max(1, opts.channels)
        qps[~ends.net] = 1
        split = ends.net & (policy == POLICY_SPLIT)
        qps[split] = 1                                      # a sprayed transfer needs no second queue pair
        return qps, policy

    def _hop_list(self, src: np.ndarray, dst: np.ndarray, ends: _Endpoints, policy: np.ndarray,
                  sub_flow: np.ndarray, sub_qp: np.ndarray, sub_ends: tuple[np.ndarray, np.ndarray]) -> HopList:
        """Every (port, sub-flow, share, hop level) of the routes: NIC transmit port at level 0, fabric hops at
        levels 1.., NIC receive port last; NVLink transfers cross their two NVLink ports. `sub_ends`: each
        sub-flow's transmit and receive NIC port (its plane's, in a multi-plane design)."""
        fab = self.fab
        parts: list[HopList] = []
        nv = np.flatnonzero(~ends.net[sub_flow])
        if len(nv):
            f = sub_flow[nv]
            parts += [HopList.of(fab.gpu_nvl_tx[src[f]], nv, 1.0, 0),
                      HopList.of(fab.gpu_nvl_rx[dst[f]], nv, 1.0, LAST_LEVEL)]
        nw = np.flatnonzero(ends.net[sub_flow])
        if len(nw):
            f = sub_flow[nw]
            tx, rx = sub_ends
            parts += [HopList.of(tx[nw], nw, 1.0, 0), HopList.of(rx[nw], nw, 1.0, LAST_LEVEL)]
            for pl in (PLANE_BACKEND, PLANE_FRONTEND):
                sel = nw[ends.plane[f] == pl]
                if len(sel):
                    fl = sub_flow[sel]
                    parts.append(self._fabric_hops(_Walk(sel, tx[sel], rx[sel], policy[fl], sub_qp[sel], pl)))
        return HopList.concat(parts).sorted()

    def _nvlink_forwarding(self, src: np.ndarray, ends: _Endpoints, sub_flow: np.ndarray) -> HopList:
        """The NVLink ports a forwarded sub-flow crosses before the relay's NIC (the sender's transmit, the relay's
        receive port). They share bandwidth in the routing matrix; the fluid queues start at the relay's NIC, as
        every path there starts at its sender's NIC (NVLink is lossless and credit-paced, with no queue of its own
        in the model)."""
        fwd = np.flatnonzero(ends.relay[sub_flow] != NO_RELAY)
        f = sub_flow[fwd]
        return HopList.concat([HopList.of(self.fab.gpu_nvl_tx[src[f]], fwd, 1.0, RELAY_LEVELS[0]),
                               HopList.of(self.fab.gpu_nvl_rx[ends.relay[f]], fwd, 1.0, RELAY_LEVELS[1])])

    def _fabric_hops(self, w: _Walk) -> HopList:
        """Ports crossed between the source's and the destination's first switch, with shares and levels.

        With excluded ports, pairs still connected route around them; pairs a failure cut off keep
        their unfailed route (it crosses a failed port, so the engine holds them stalled)."""
        if self.excluded is None:
            return self._hops_on(self.graph(w.plane), w)
        fab = self.fab
        live = self.live_graph(w.plane)
        u = live.local[fab.port_dst[w.tx]]
        t = live.local[fab.port_src[w.rx]]
        ok = (u >= 0) & (t >= 0)
        if ok.any():
            rows = live.dist_rows(t[ok])              # may grow the table: index it afterwards
            ok[ok] = live._dist[rows, u[ok]] < UNREACHABLE
        return HopList.concat([self._hops_on(g, w.select(m)) for g, m in ((live, ok), (self.graph(w.plane), ~ok))
                               if m.any()])

    def _hops_on(self, g: _PlaneGraph, w: _Walk) -> HopList:
        """The hop expansion of `_fabric_hops` on one plane graph, one level per iteration."""
        fab = self.fab
        u = g.local[fab.port_dst[w.tx]]
        t = g.local[fab.port_src[w.rx]]
        if (u < 0).any() or (t < 0).any():
            raise RoutingError(Message("error.sim.nic_to_nic"))
        ctx = _HopContext(g, g.dist_rows(t), w.policy, hash_fields(self.seed, w.tx, w.rx, w.qp),
                          self.lids(w.plane)[w.rx])
        front = _Front(np.arange(len(w.subs)), u, np.ones(len(w.subs)), np.ones(len(w.subs), dtype=np.int64))
        out: list[HopList] = []
        splits = bool((w.policy == POLICY_SPLIT).any())     # only split branches can meet again
        for level in range(1, MAX_LEVELS):
            front = front.select(front.node != t[front.sub])
            if len(front.sub) == 0:
                break
            emitted, front = self._advance(ctx, front)
            out.append(HopList(emitted.port, w.subs[emitted.sub], emitted.share, np.full(len(emitted.port), level)))
            if splits:
                front = front.merged(ctx.policy, len(g.nodes))
        else:
            raise RoutingError(Message("error.sim.no_convergence"))
        return HopList.concat(out)

    def _advance(self, ctx: _HopContext, front: _Front) -> tuple[_Emitted, _Front]:
        """One hop for every branch on the front, in chunks so the expanded candidate table stays bounded."""
        deg = ctx.g.out_ptr[front.node + 1] - ctx.g.out_ptr[front.node]
        bounds = np.concatenate([[0], np.cumsum(deg)])
        starts = [0]
        if self._hashed_only(ctx, front):          # hashed hops list no candidates: one piece
            starts.append(len(front.sub))
        while starts[-1] < len(front.sub):
            stop = int(np.searchsorted(bounds, bounds[starts[-1]] + _CHUNK_ENTRIES, side="right")) - 1
            starts.append(max(stop, starts[-1] + 1))
        pieces = [self._expand(ctx, front.slice(a, b), deg[a:b]) for a, b in zip(starts[:-1], starts[1:], strict=True)]
        emitted = _Emitted(*(np.concatenate([p[0][k] for p in pieces]) for k in range(3)))
        nxt = _Front(*(np.concatenate([getattr(p[1], name) for p in pieces]) for name in ("sub", "node", "w", "div")))
        return emitted, nxt

    def _expand(self, ctx: _HopContext, front: _Front,
                deg: np.ndarray) -> tuple[tuple[np.ndarray, np.ndarray, np.ndarray], _Front]:
        """The minimal next hops of each branch and the one(s) its policy takes. `deg` (each branch's out-degree)
        only bounds the work of a chunk; the candidates are the minimal next hops of (switch, target) pairs."""
        g = ctx.g
        rows = ctx.trow[front.sub]
        d_here = g._dist[rows, front.node]
        if (d_here >= UNREACHABLE).any():
            i = int(np.flatnonzero(d_here >= UNREACHABLE)[0])
            raise RoutingError(Message("error.sim.switch_no_path", switch=self.fab.node_ids[g.nodes[front.node[i]]]))
        vptr, vcand, pair = _minimal_hops(g, front.node, rows)
        if self._hashed_only(ctx, front):
            return self._ecmp_hop(ctx, front, vptr, vcand, pair)
        count = np.diff(vptr)[pair]
        rep = np.repeat(np.arange(len(front.sub)), count)
        rank = np.arange(int(count.sum())) - np.repeat(np.cumsum(count) - count, count)
        cand = vcand[vptr[pair][rep] + rank]
        port, nbr = g.out_port[cand], g.out_nbr[cand]
        valid = np.ones(len(cand), dtype=bool)
        safe = np.maximum(count, 1)
        pick, table, parallel_only, is_gw = self._choose(ctx, front, rep, valid, nbr, safe)
        split = ctx.policy[front.sub] == POLICY_SPLIT
        chosen = np.flatnonzero(split[rep] | (rank == pick[rep]))
        src_e = rep[chosen]
        w = front.w[src_e] * np.where(split[src_e], self._split_shares(ctx, front, src_e, rank[chosen], safe), 1.0)
        grows = table[src_e] & ~parallel_only[src_e]
        new_div = np.where(is_gw[chosen], 1, front.div[src_e] * np.where(grows, safe[src_e], 1))
        return (port[chosen], front.sub[src_e], w), _Front(front.sub[src_e], nbr[chosen], w, new_div)

    @staticmethod
    def _hashed_only(ctx: _HopContext, front: _Front) -> bool:
        """Whether every branch on the front hashes its next hop (ECMP): `_ecmp_hop` then stands for `_expand`."""
        return len(front.sub) > 0 and bool((ctx.policy[front.sub] == POLICY_ECMP).all())

    def _ecmp_hop(self, ctx: _HopContext, front: _Front, vptr: np.ndarray, vcand: np.ndarray,
                  pair: np.ndarray) -> tuple[tuple[np.ndarray, np.ndarray, np.ndarray], _Front]:
        """`_expand` for branches that all hash (ECMP): each takes one candidate, picked as `_choose` picks it, so
        the candidates need not be listed branch by branch (shares and d-mod-k divisors pass on unchanged)."""
        g = ctx.g
        count = np.diff(vptr)[pair]
        has = count > 0                             # a branch with no candidate ends (as in `_expand`)
        if not has.all():
            front, count, pair = front.select(has), count[has], pair[has]
        h = hash_fields(self.seed, ctx.flow_key[front.sub], self.fab.n_ports + g.nodes[front.node])
        cand = _hashed_pick(h, np.asarray(vptr, np.int64), np.asarray(vcand, np.int64), np.asarray(pair, np.int64))
        w = front.w * 1.0
        return (g.out_port[cand], front.sub, w), _Front(front.sub, g.out_nbr[cand], w, front.div * 1)

    def _split_shares(self, ctx: _HopContext, front: _Front, branch: np.ndarray, rank: np.ndarray,
                      count: np.ndarray) -> np.ndarray:
        """The share of a split branch's bytes that takes each of its k ports. Per-packet load balancing sends each
        packet one way, so a branch of P packets splits like a multinomial draw: about 1/k each, with a spread of
        sqrt((1/k)(1 - 1/k)/P) that vanishes for long flows (seeded, the same for a flow in every run). Adaptive
        routing chooses by queue depth and balances at least this well; the spread is the cost of deciding packet by
        packet."""
        k = count[branch].astype(float)
        base = 1.0 / k
        packets = np.maximum(front.w[branch] * self._flow_bytes / SPRAY_PACKET_BYTES, 1.0)
        h = hash_fields(self.seed, ctx.flow_key[front.sub[branch]], ctx.g.nodes[front.node[branch]], rank)
        u1 = ((h >> np.uint64(11)).astype(np.float64) + 0.5) / float(1 << 53)
        u2 = ((mix64(h) >> np.uint64(11)).astype(np.float64) + 0.5) / float(1 << 53)
        z = np.sqrt(-2.0 * np.log(u1)) * np.cos(2.0 * np.pi * u2)     # Box-Muller: a standard normal per port
        share = np.maximum(base + np.sqrt(base * (1.0 - base) / packets) * z, 0.0) if self._flow_bytes > 0 else base
        total = np.bincount(branch, weights=share, minlength=len(front.sub))
        # a draw that clips every port of a short branch to zero leaves it its even split (its bytes must go on)
        shares: np.ndarray = np.where(total[branch] > 0.0, share / np.maximum(total[branch], 1e-300), base)
        return shares

    def _choose(self, ctx: _HopContext, front: _Front, rep: np.ndarray, valid: np.ndarray, nbr: np.ndarray,
                safe: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Rank of the candidate each single-path branch takes: ECMP hashes the queue pair's 5-tuple with a
        per-switch seed; Subnet-Manager tables pick by destination LID (d-mod-k for ftree, LID mod k for min-hop).
        Also returns which branches follow tables, which have only parallel cables ahead, and which candidates are
        gateways (a gateway resets the d-mod-k divisor)."""
        g = ctx.g
        n = len(front.sub)
        pol = ctx.policy[front.sub]
        pick = np.zeros(n, dtype=np.int64)
        is_gw = np.zeros(len(nbr), dtype=bool)
        ecmp = pol == POLICY_ECMP
        if ecmp.any():
            h = hash_fields(self.seed, ctx.flow_key[front.sub[ecmp]], self.fab.n_ports + g.nodes[front.node[ecmp]])
            pick[ecmp] = (h % safe[ecmp].astype(np.uint64)).astype(np.int64)
        table = (pol == POLICY_DMODK) | (pol == POLICY_MINHOP)
        parallel_only = np.zeros(n, dtype=bool)
        toward_gw = np.zeros(n, dtype=bool)
        if table.any():
            # candidates that all lead to one neighbour are parallel cables (a down hop): the SM spreads
            # destinations over them by LID; otherwise d-mod-k over the up ports (divisor grows per tier)
            big = np.iinfo(np.int64).max
            first_nbr = np.full(n, big)
            np.minimum.at(first_nbr, rep[valid], nbr[valid])
            last_nbr = np.full(n, -1)
            np.maximum.at(last_nbr, rep[valid], nbr[valid])
            parallel_only = first_nbr == last_nbr
            # a gateway joins two subnets, each routed by its own Subnet Manager: the fat-tree divisor does not
            # carry across it, and a switch's choice among gateway ports is balanced destination by destination
            # (divisor 1), as OpenSM's min-hop balancing does, not in blocks of the fat tree's radix
            is_gw = self.fab.node_kind[g.nodes[nbr]] == KIND_GATEWAY
            np.logical_or.at(toward_gw, rep[valid], is_gw[valid])
            # OpenSM min-hop balances routes per port destination by destination at every switch on its own
            # (LID mod k); the fat-tree engine divides the LID space by the ports of the tiers below (d-mod-k)
            div = np.where(toward_gw | (pol == POLICY_MINHOP), 1, front.div)
            lid = ctx.lid[front.sub[table]]
            pick[table] = np.where(parallel_only[table], lid % safe[table], (lid // div[table]) % safe[table])
        return pick, table, parallel_only, is_gw


@njit
def _hashed_pick(h: np.ndarray, vptr: np.ndarray, vcand: np.ndarray, pair: np.ndarray) -> np.ndarray:
    """Each branch's candidate picked by its hash: `vcand[vptr[pair] + h % count]`, count its pair's candidates
    (at least one), in one pass (NumPy's five passes over the 2 million branches of the 1,024-GPU AllToAll, each
    with a temporary array, took several times as long)."""
    out = np.empty(len(pair), np.int64)
    for i in range(len(pair)):
        first = vptr[pair[i]]
        out[i] = vcand[first + np.int64(h[i] % np.uint64(vptr[pair[i] + 1] - first))]
    return out


def _minimal_hops(g: _PlaneGraph, node: np.ndarray, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The out-candidates one hop closer to the target, per distinct (switch, target row) pair among the branches:
    (pointer, candidate indices into the graph's out lists in their list order, each branch's pair). Many branches
    stand on the same switch toward the same target, so the candidates are enumerated once per pair, not per
    branch (at a spine of a fat tree one of its down ports qualifies, so a branch carries one row, not the
    switch's whole degree)."""
    n_rows = max(int(g._dist.shape[0]), 1)
    key = node.astype(np.int64) * n_rows + rows
    present = np.zeros(len(g.nodes) * n_rows, dtype=bool)
    present[key] = True
    uniq = np.flatnonzero(present)
    position = np.zeros(len(present), dtype=np.int64)
    position[uniq] = np.arange(len(uniq))
    u_node, u_row = uniq // n_rows, uniq % n_rows
    deg = g.out_ptr[u_node + 1] - g.out_ptr[u_node]
    rep = np.repeat(np.arange(len(uniq)), deg)
    cand = g.out_ptr[u_node][rep] + (np.arange(int(deg.sum())) - np.repeat(np.cumsum(deg) - deg, deg))
    ok = g._dist[u_row[rep], g.out_nbr[cand]] == g._dist[u_row, u_node][rep] - 1
    vptr = np.concatenate([[0], np.cumsum(np.bincount(rep[ok], minlength=len(uniq)))])
    return vptr, cand[ok], position[key]
