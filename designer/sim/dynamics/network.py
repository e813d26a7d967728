"""What the fluid model is given: directed ports and flows with their hop-by-hop paths (bytes and seconds)."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from numpy.typing import ArrayLike, DTypeLike

from designer.sim.dynamics.loss import RTX_GO_BACK_N

# Flow control a port's downstream receiver applies to that port.
FC_LOSSY = 0    # Ethernet without PFC: drop when the egress buffer is full
FC_PFC = 1      # RoCEv2 lossless class: PAUSE above Xoff, resume below Xon
FC_CREDIT = 2   # InfiniBand: send only against advertised buffer credits

# Sender congestion control (the kernel's codes).
CC_NONE = 0     # line rate (IB without CC, RoCEv2 with DCQCN off)
CC_DCQCN = 1    # RoCEv2 DCQCN reaction point
CC_AIMD = 2     # TCP-like window with retransmission timeout (front-end)


@dataclass(frozen=True)
class PfcThresholds:
    """A lossless port's PFC thresholds on its downstream ingress (`PortSet.uniform`)."""

    xoff_B: float = 512e3                    # occupancy that pauses the port
    xon_B: float = 256e3                     # occupancy below which the pause ends
    headroom_B: float = 118e3                # bytes the downstream can absorb after Xoff


@dataclass(frozen=True)
class EcnThresholds:
    """RED marking on an egress queue (`PortSet.uniform`); 0/0 marks nothing."""

    kmin_B: float = 0.0
    kmax_B: float = 0.0
    pmax: float = 0.0


@dataclass(frozen=True)
class LossHandling:
    """How flows meet loss (`FlowSet.from_paths`), per flow or one for all: kept from it in the PFC-protected class
    where a port runs PFC, else recovered by go-back-N or selective resending after a tail-loss timeout."""

    lossless: ArrayLike = True
    rtx: ArrayLike = RTX_GO_BACK_N
    rto_s: ArrayLike = 320e-6


@dataclass
class PortSet:
    """Directed egress ports (NIC and switch ports), all arrays of length P."""

    capacity_Bps: np.ndarray                 # payload bytes/s after protocol overhead
    flow_control: np.ndarray                 # FC_* of the link this port transmits on
    xoff_B: np.ndarray                       # PFC: downstream ingress occupancy that pauses this port
    xon_B: np.ndarray                        # PFC: occupancy below which the pause ends
    headroom_B: np.ndarray                   # PFC: bytes the downstream can absorb after Xoff
    credit_B: np.ndarray                     # IB: downstream receive buffer advertised to this port
    queue_limit_B: np.ndarray                # lossy: fixed egress limit where the port has no shared buffer
    ecn_kmin_B: np.ndarray                   # RED marking thresholds on this egress queue (0/0: no marking)
    ecn_kmax_B: np.ndarray
    ecn_pmax: np.ndarray
    is_nic: np.ndarray                       # the sender's own NIC port (injection point)
    buffer_index: np.ndarray | None = None   # shared buffer (switch) holding the egress queue, -1 none
    buffer_B: np.ndarray | None = None       # size of each shared buffer
    names: list[str] = field(default_factory=list)
    # traffic classes every port keeps apart (FlowSet.lane 0 ... lanes - 1): each its own queue, PFC pause and
    # credits (classes.py)
    lanes: int = 1

    @property
    def count(self) -> int:
        return int(self.capacity_Bps.shape[0])

    @classmethod
    def uniform(cls, count: int, capacity_Bps: float, flow_control: int = FC_PFC, *,
                pfc: PfcThresholds = PfcThresholds(), credit_B: float = 256e3, queue_limit_B: float = 1e6,
                ecn: EcnThresholds = EcnThresholds()) -> PortSet:
        """`count` identical ports (handy for tests and small studies)."""
        def full(v: float) -> np.ndarray:
            return np.full(count, float(v))
        return cls(full(capacity_Bps), np.full(count, flow_control, dtype=np.int8), full(pfc.xoff_B),
                   full(pfc.xon_B), full(pfc.headroom_B), full(credit_B), full(queue_limit_B), full(ecn.kmin_B),
                   full(ecn.kmax_B), full(ecn.pmax), np.zeros(count, dtype=bool))


@dataclass
class FlowSet:
    """Flows with their paths as flat flow-hop arrays sorted by flow then hop."""

    size_B: np.ndarray                       # bytes to deliver per flow
    start_s: np.ndarray                      # when each flow starts
    line_rate_Bps: np.ndarray                # sender NIC rate
    base_latency_s: np.ndarray               # unloaded one-way latency of the path (NIC, hops, wire)
    cc: np.ndarray                           # CC_* per flow
    hop_flow: np.ndarray                     # flow index of each flow-hop
    hop_port: np.ndarray                     # port of each flow-hop
    lossless: np.ndarray | None = None       # bool: in the PFC-protected class where a port runs PFC (default yes)
    rtx: np.ndarray | None = None            # loss recovery: RTX_GO_BACK_N or RTX_SELECTIVE
    rto_s: np.ndarray | None = None          # retransmission timeout of a tail loss
    mtu_B: np.ndarray | None = None
    dcqcn_set: np.ndarray | None = None      # which DCQCN parameter set a flow's sender uses (its segment's)
    group: np.ndarray | None = None          # completion group (the engine's phase) or -1
    hgroup: np.ndarray | None = None         # latency histogram of the flow (workload and segment)
    lane: np.ndarray | None = None           # traffic class (priority / virtual lane) 0 ... lanes - 1 (classes.py)
    # a route that splits (designer/sim/paths.py): hop level of each node and the edges between nodes (node numbers
    # of this set); without them every flow is a chain of its nodes in order
    hop_level: np.ndarray | None = None
    edge_from: np.ndarray | None = None
    edge_to: np.ndarray | None = None
    edge_split: np.ndarray | None = None     # part of the first node's bytes that takes the edge
    edge_share: np.ndarray | None = None     # part of the second node's bytes that came by it

    @property
    def count(self) -> int:
        return int(self.size_B.shape[0])

    def graph(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """(levels, edge from, edge to, split, share): the given graph, or each flow as a chain."""
        if self.edge_from is not None:
            assert self.hop_level is not None and self.edge_to is not None
            assert self.edge_split is not None and self.edge_share is not None
            return self.hop_level, self.edge_from, self.edge_to, self.edge_split, self.edge_share
        n = len(self.hop_port)
        lengths = np.bincount(self.hop_flow, minlength=self.count)
        first = np.concatenate([[0], np.cumsum(lengths)[:-1]]).astype(np.int64)
        level = np.arange(n) - np.repeat(first, lengths)
        a = np.flatnonzero(level[1:] > 0) if n else np.zeros(0, np.int64)   # node a -> a + 1 within a flow
        ones = np.ones(len(a))
        return level, a, a + 1, ones, ones

    def column(self, name: str, default: float | int | bool, dtype: type) -> np.ndarray:
        """A per-flow field, or its default for every flow when not given."""
        value = getattr(self, name)
        return np.full(self.count, default, dtype=dtype) if value is None else np.asarray(value, dtype=dtype)

    @classmethod
    def from_paths(cls, paths: list[list[int]], size_B: ArrayLike, *, start_s: ArrayLike = 0.0,
                   line_rate_Bps: ArrayLike = 50e9, base_latency_s: ArrayLike = 1e-6, cc: ArrayLike = CC_NONE,
                   loss: LossHandling = LossHandling()) -> FlowSet:
        """Build from a list of port-index paths (first port = the sender's NIC port)."""
        n = len(paths)

        def per_flow(v: ArrayLike, dtype: DTypeLike = float) -> np.ndarray:
            return np.broadcast_to(np.asarray(v, dtype=dtype), (n,)).copy()

        lengths = np.array([len(p) for p in paths], dtype=np.int64)
        if n and lengths.min() < 1:
            raise ValueError("every flow needs at least one port on its path")
        hop_flow = np.repeat(np.arange(n), lengths)
        hop_port = np.concatenate([np.asarray(p, dtype=np.int64) for p in paths]) if n else np.zeros(0, np.int64)
        return cls(per_flow(size_B), per_flow(start_s), per_flow(line_rate_Bps), per_flow(base_latency_s),
                   per_flow(cc, np.int8), hop_flow, hop_port, lossless=per_flow(loss.lossless, bool),
                   rtx=per_flow(loss.rtx, np.int8), rto_s=per_flow(loss.rto_s))
