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
- Intra-server traffic crosses NVLink ports only. A pair without a back-end path (pods of
  different segments with no gateway) is carried by the front-end; gateways are transit nodes
  of the back-end graph, so traffic between segments crosses them with their latency and rate.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import scipy.sparse as sp
from scipy.sparse.csgraph import shortest_path

from designer.i18n.message import Message
from designer.sim.compile import KIND_CODES, PLANE_BACKEND, PLANE_FRONTEND, CompiledFabric
from designer.sim.framing import PROTO_IB
from designer.sim.hashing import hash_fields
from designer.sim.workload_spec import WorkloadError

POLICY_ECMP, POLICY_DMODK, POLICY_SPLIT = 0, 1, 2
KIND_GATEWAY = KIND_CODES["gateway"]
_CHUNK_ENTRIES = 2_000_000  # bound on expanded candidate rows held at once


@dataclass
class RouteOptions:
    """Per-workload routing knobs (None: the segment's own setting)."""

    qps: int | None = None
    adaptive: bool | None = None
    spray: bool | None = None
    plane: str = "backend"
    seed: int = 1


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

    @property
    def n_sub(self) -> int:
        return len(self.sub_flow)


class _PlaneGraph:
    """Transit nodes (switches, gateways) of one plane with out-port lists and hop distances.

    `excluded` (a mask over ports) leaves failed ports out: the forwarding tables after a reroute."""

    def __init__(self, fab: CompiledFabric, plane: int, excluded: np.ndarray | None = None):
        transit = (fab.node_kind == 1) | (fab.node_kind == 2)
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
        self._dist_rows: dict[int, int] = {}
        self._dist = np.zeros((0, n), dtype=np.int32)

    def dist_rows(self, targets: np.ndarray) -> np.ndarray:
        """Row of the hop-distance table for each target (local ids), computing missing ones by BFS."""
        missing = [int(t) for t in np.unique(targets) if int(t) not in self._dist_rows]
        if missing:
            d = shortest_path(self.adj, method="D", unweighted=True, directed=True, indices=missing)
            # d[i, x] = hops from target i to x; the fabric is symmetric so it is also x -> target
            d = np.where(np.isinf(d), 1 << 20, d).astype(np.int32)
            base = len(self._dist)
            self._dist = np.vstack([self._dist, d])
            for k, t in enumerate(missing):
                self._dist_rows[t] = base + k
        lookup = np.vectorize(self._dist_rows.__getitem__, otypes=[np.int64])
        return lookup(targets) if len(targets) else np.zeros(0, dtype=np.int64)


class Router:
    """Routes flows of GPU pairs over a compiled fabric; caches plane graphs and distances."""

    def __init__(self, fab: CompiledFabric, seed: int = 1, excluded: np.ndarray | None = None):
        self.fab = fab
        self.seed = seed
        # failed ports the tables route around (None: all ports usable); plane choice ignores them, so a
        # pair cut off by a failure stays on its plane (and stalls) instead of moving to the front-end
        self.excluded = excluded if excluded is not None and excluded.any() else None
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
            rx = np.flatnonzero((fab.port_plane == plane) & (fab.node_kind[fab.port_dst] == 0))
            order = np.lexsort((rx, fab.port_src[rx]))
            lid = np.zeros(fab.n_ports, dtype=np.int64)
            lid[rx[order]] = np.arange(len(rx))
            self._lid[plane] = lid
        return self._lid[plane]

    def route(self, src: np.ndarray, dst: np.ndarray, opts: RouteOptions) -> RoutedFlows:
        """Sub-flows and routing matrix for flows src[i] -> dst[i] (GPU ranks)."""
        fab = self.fab
        src = np.asarray(src, dtype=np.int64)
        dst = np.asarray(dst, dtype=np.int64)
        n = len(src)
        same = fab.gpu_server[src] == fab.gpu_server[dst]
        want_front = opts.plane == "frontend"
        if want_front:
            tx, rx = fab.gpu_fe_tx[src], fab.gpu_fe_rx[dst]
            plane = np.full(n, PLANE_FRONTEND)
        else:
            tx, rx = fab.gpu_be_tx[src].copy(), fab.gpu_be_rx[dst].copy()
            plane = np.full(n, PLANE_BACKEND)
        net = ~same
        # back-end pairs without a NIC or a path fall back to the front-end
        if not want_front and net.any():
            no_nic = net & ((tx < 0) | (rx < 0))
            reach = np.zeros(n, dtype=bool)
            ok = net & ~no_nic
            if ok.any():
                g = self.graph(PLANE_BACKEND)
                a = g.local[fab.port_dst[tx[ok]]]
                b = g.local[fab.port_src[rx[ok]]]
                good = (a >= 0) & (b >= 0)
                r = np.zeros(ok.sum(), dtype=bool)
                if good.any():
                    rows = g.dist_rows(b[good])
                    r[good] = g._dist[rows, a[good]] < (1 << 20)
                reach[ok] = r
            fall = net & ~reach
            if fall.any():
                tx[fall], rx[fall] = fab.gpu_fe_tx[src[fall]], fab.gpu_fe_rx[dst[fall]]
                plane[fall] = PLANE_FRONTEND
        bad = net & ((tx < 0) | (rx < 0))
        if bad.any():
            i = int(np.flatnonzero(bad)[0])
            s_name = fab.node_ids[fab.gpu_server[src[i]]]
            d_name = fab.node_ids[fab.gpu_server[dst[i]]]
            raise WorkloadError(Message("error.sim.no_path", source=s_name, target=d_name, plane=opts.plane))

        # queue pairs and policy per flow
        proto = np.where(net, fab.port_protocol[np.maximum(tx, 0)], 0)
        seg = fab.node_segment[fab.gpu_server[src]]
        qps = np.ones(n, dtype=np.int64)
        policy = np.full(n, POLICY_ECMP)
        for k, s in enumerate(fab.segments):
            m = seg == k
            if not m.any():
                continue
            q = opts.qps if opts.qps is not None else s.rocev2.qps
            qps[m] = q
            ar = s.ib.adaptive_routing if opts.adaptive is None else opts.adaptive
            spray = (s.rocev2.load_balancing == "spray") if opts.spray is None else opts.spray
            is_ib = m & (proto == PROTO_IB)
            policy[is_ib] = POLICY_SPLIT if ar else POLICY_DMODK
            policy[m & (proto != PROTO_IB)] = POLICY_SPLIT if spray else POLICY_ECMP
        nos = seg < 0
        if nos.any():
            if opts.qps is not None:
                qps[nos] = opts.qps
            ib = nos & (proto == PROTO_IB)
            policy[ib] = POLICY_SPLIT if opts.adaptive else POLICY_DMODK
            policy[nos & (proto != PROTO_IB)] = POLICY_SPLIT if opts.spray else POLICY_ECMP
        front = plane == PLANE_FRONTEND
        policy[front] = POLICY_ECMP  # the front-end is plain ECMP
        qps[~net] = 1
        qps[net & (policy == POLICY_SPLIT)] = np.minimum(qps[net & (policy == POLICY_SPLIT)], 1)

        # sub-flows
        sub_flow = np.repeat(np.arange(n), qps)
        first = np.concatenate([[0], np.cumsum(qps)[:-1]]) if n else np.zeros(0, dtype=np.int64)
        sub_qp = np.arange(len(sub_flow)) - np.repeat(first, qps)
        sub_share = 1.0 / qps[sub_flow]
        n_sub = len(sub_flow)

        rows: list[np.ndarray] = []
        cols: list[np.ndarray] = []
        vals: list[np.ndarray] = []
        # NVLink transfers
        nv = np.flatnonzero(~net[sub_flow])
        if len(nv):
            f = sub_flow[nv]
            rows += [fab.gpu_nvl_tx[src[f]], fab.gpu_nvl_rx[dst[f]]]
            cols += [nv, nv]
            vals += [np.ones(len(nv)), np.ones(len(nv))]
        # network transfers: first hop, fabric hops, last hop
        nw = np.flatnonzero(net[sub_flow])
        if len(nw):
            f = sub_flow[nw]
            rows += [tx[f], rx[f]]
            cols += [nw, nw]
            vals += [np.ones(len(nw)), np.ones(len(nw))]
            for pl in (PLANE_BACKEND, PLANE_FRONTEND):
                sel = nw[plane[f] == pl]
                if len(sel):
                    r, c, v = self._fabric_hops(sel, tx[sub_flow[sel]], rx[sub_flow[sel]],
                                                policy[sub_flow[sel]], sub_qp[sel], pl)
                    rows.append(r)
                    cols.append(c)
                    vals.append(v)
        R = sp.csr_matrix((np.concatenate(vals) if vals else np.zeros(0),
                           (np.concatenate(rows) if rows else np.zeros(0, dtype=np.int64),
                            np.concatenate(cols) if cols else np.zeros(0, dtype=np.int64))),
                          shape=(fab.n_ports, n_sub))
        R.sum_duplicates()
        # ideal fabric: only the endpoint ports (NIC or NVLink) constrain
        e_tx = np.where(net[sub_flow], tx[sub_flow], fab.gpu_nvl_tx[src[sub_flow]])
        e_rx = np.where(net[sub_flow], rx[sub_flow], fab.gpu_nvl_rx[dst[sub_flow]])
        ideal = sp.csr_matrix((np.ones(2 * n_sub), (np.concatenate([e_tx, e_rx]),
                                                    np.tile(np.arange(n_sub), 2))), shape=(fab.n_ports, n_sub))
        coo = R.tocoo()
        hop_lat = np.bincount(coo.col, weights=coo.data * fab.port_latency_ns[coo.row], minlength=n_sub)
        nic_lat = np.where(plane[sub_flow] == PLANE_FRONTEND, fab.gpu_fe_nic_latency_ns[src[sub_flow]]
                           + fab.gpu_fe_nic_latency_ns[dst[sub_flow]],
                           fab.gpu_be_nic_latency_ns[src[sub_flow]] + fab.gpu_be_nic_latency_ns[dst[sub_flow]])
        nic_lat = np.where(net[sub_flow], nic_lat, 0.0)
        return RoutedFlows(matrix=R, ideal=ideal, sub_flow=sub_flow, sub_share=sub_share,
                           sub_latency_ns=hop_lat + nic_lat, sub_segment=seg[sub_flow],
                           sub_network=net[sub_flow], n_flows=n)

    def _fabric_hops(self, subs: np.ndarray, tx: np.ndarray, rx: np.ndarray, policy: np.ndarray,
                     qp: np.ndarray, plane: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Ports crossed between the source's and the destination's first switch, with shares.

        With excluded ports, pairs still connected route around them; pairs a failure cut off keep
        their unfailed route (it crosses a failed port, so the engine holds them stalled)."""
        if self.excluded is None:
            return self._hops_on(self.graph(plane), subs, tx, rx, policy, qp, plane)
        fab = self.fab
        live = self.live_graph(plane)
        u = live.local[fab.port_dst[tx]]
        t = live.local[fab.port_src[rx]]
        ok = (u >= 0) & (t >= 0)
        if ok.any():
            rows = live.dist_rows(t[ok])              # may grow the table: index it afterwards
            ok[ok] = live._dist[rows, u[ok]] < (1 << 20)
        parts = [self._hops_on(g, subs[m], tx[m], rx[m], policy[m], qp[m], plane)
                 for g, m in ((live, ok), (self.graph(plane), ~ok)) if m.any()]
        if not parts:
            z = np.zeros(0, dtype=np.int64)
            return z, z, np.zeros(0)
        return tuple(np.concatenate([p[k] for p in parts]) for k in range(3))  # type: ignore[return-value]

    def _hops_on(self, g: _PlaneGraph, subs: np.ndarray, tx: np.ndarray, rx: np.ndarray, policy: np.ndarray,
                 qp: np.ndarray, plane: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The hop expansion of `_fabric_hops` on one plane graph."""
        fab = self.fab
        u = g.local[fab.port_dst[tx]]
        t = g.local[fab.port_src[rx]]
        if (u < 0).any() or (t < 0).any():
            raise WorkloadError(Message("error.sim.nic_to_nic"))
        trow = g.dist_rows(t)
        lid = self.lids(plane)[rx]
        flow_key = hash_fields(self.seed, tx, rx, qp)  # 5-tuple: addresses of both NICs + UDP port of the QP
        ent_sub = np.arange(len(subs))
        ent_u, ent_w = u, np.ones(len(subs))
        ent_div = np.ones(len(subs), dtype=np.int64)
        out_r, out_c, out_v = [], [], []
        for _hop in range(64):
            alive = ent_u != t[ent_sub]
            ent_sub, ent_u, ent_w, ent_div = ent_sub[alive], ent_u[alive], ent_w[alive], ent_div[alive]
            if len(ent_sub) == 0:
                break
            nxt = []
            deg = g.out_ptr[ent_u + 1] - g.out_ptr[ent_u]
            bounds = np.concatenate([[0], np.cumsum(deg)])
            # process in chunks of whole entries so the expanded candidate table stays bounded
            starts = [0]
            while starts[-1] < len(ent_sub):
                stop = int(np.searchsorted(bounds, bounds[starts[-1]] + _CHUNK_ENTRIES, side="right")) - 1
                starts.append(max(stop, starts[-1] + 1))
            for a, b in zip(starts[:-1], starts[1:], strict=True):
                nxt.append(self._expand(g, ent_sub[a:b], ent_u[a:b], ent_w[a:b], ent_div[a:b], deg[a:b],
                                        trow, policy, flow_key, lid, out_r, out_c, out_v, subs))
            ent_sub = np.concatenate([x[0] for x in nxt])
            ent_u = np.concatenate([x[1] for x in nxt])
            ent_w = np.concatenate([x[2] for x in nxt])
            ent_div = np.concatenate([x[3] for x in nxt])
            # merge split branches that met again on one switch
            if len(ent_sub) and (policy[ent_sub] == POLICY_SPLIT).any():
                key = ent_sub * len(g.nodes) + ent_u
                uniq, inv = np.unique(key, return_inverse=True)
                if len(uniq) < len(key):
                    w = np.bincount(inv, weights=ent_w)
                    firsts = np.zeros(len(uniq), dtype=np.int64)
                    firsts[inv[::-1]] = np.arange(len(key))[::-1]
                    ent_sub, ent_u, ent_div, ent_w = ent_sub[firsts], ent_u[firsts], ent_div[firsts], w
        else:
            raise WorkloadError(Message("error.sim.no_convergence"))
        if not out_r:
            z = np.zeros(0, dtype=np.int64)
            return z, z, np.zeros(0)
        return np.concatenate(out_r), subs[np.concatenate(out_c)], np.concatenate(out_v)

    def _expand(self, g: _PlaneGraph, e_sub, e_u, e_w, e_div, deg, trow, policy, flow_key, lid,
                out_r, out_c, out_v, subs):
        total = int(deg.sum())
        rep = np.repeat(np.arange(len(e_sub)), deg)
        offs = np.arange(total) - np.repeat(np.cumsum(deg) - deg, deg)
        cand = g.out_ptr[e_u][rep] + offs
        port = g.out_port[cand]
        nbr = g.out_nbr[cand]
        rows = trow[e_sub]
        d_here = g._dist[rows, e_u]
        if (d_here >= (1 << 20)).any():
            i = int(np.flatnonzero(d_here >= (1 << 20))[0])
            raise WorkloadError(Message("error.sim.switch_no_path", switch=self.fab.node_ids[g.nodes[e_u[i]]]))
        valid = g._dist[rows[rep], nbr] == d_here[rep] - 1
        count = np.bincount(rep[valid], minlength=len(e_sub))
        cum = np.cumsum(valid) - valid
        starts = np.cumsum(deg) - deg
        first_cum = np.concatenate([cum, [0]])[starts]
        rank = cum - first_cum[rep]
        pol = policy[e_sub]
        pick = np.zeros(len(e_sub), dtype=np.int64)
        safe = np.maximum(count, 1)
        ecmp = pol == POLICY_ECMP
        if ecmp.any():
            h = hash_fields(self.seed, flow_key[e_sub[ecmp]], self.fab.n_ports + g.nodes[e_u[ecmp]])
            pick[ecmp] = (h % safe[ecmp].astype(np.uint64)).astype(np.int64)
        dm = pol == POLICY_DMODK
        parallel_only = np.zeros(len(e_sub), dtype=bool)
        if dm.any():
            # candidates that all lead to one neighbour are parallel cables (a down hop): the SM spreads
            # destinations over them by LID; otherwise d-mod-k over the up ports (divisor grows per tier)
            big = np.iinfo(np.int64).max
            first_nbr = np.full(len(e_sub), big)
            np.minimum.at(first_nbr, rep[valid], nbr[valid])
            last_nbr = np.full(len(e_sub), -1)
            np.maximum.at(last_nbr, rep[valid], nbr[valid])
            parallel_only = first_nbr == last_nbr
            # a gateway joins two subnets, each routed by its own Subnet Manager: the fat-tree divisor does not
            # carry across it, and a switch's choice among gateway ports is balanced destination by destination
            # (divisor 1), as OpenSM's min-hop balancing does, not in blocks of the fat tree's radix
            is_gw = self.fab.node_kind[g.nodes[nbr]] == KIND_GATEWAY
            toward_gw = np.zeros(len(e_sub), dtype=bool)
            np.logical_or.at(toward_gw, rep[valid], is_gw[valid])
            div = np.where(toward_gw, 1, e_div)
            lid_e = lid[e_sub[dm]]
            pick[dm] = np.where(parallel_only[dm], lid_e % safe[dm], (lid_e // div[dm]) % safe[dm])
        split = pol == POLICY_SPLIT
        chosen = valid & (split[rep] | (rank == pick[rep]))
        ci = np.flatnonzero(chosen)
        src_e = rep[ci]
        w = e_w[src_e] / np.where(split[src_e], safe[src_e], 1)
        out_r.append(port[ci])
        out_c.append(e_sub[src_e])
        out_v.append(w)
        new_div = e_div[src_e] * np.where(dm[src_e] & ~parallel_only[src_e], safe[src_e], 1)
        if dm.any():
            new_div = np.where(is_gw[ci], 1, new_div)
        return e_sub[src_e], nbr[ci], w, new_div
