"""The arrays the fluid model runs on: directed ports and flows with their hop-by-hop paths."""

from __future__ import annotations

from dataclasses import dataclass, field, fields

import numpy as np

# Flow control applied by a port's downstream receiver to that port.
FC_LOSSY = 0    # Ethernet without PFC: drop when the egress buffer is full
FC_PFC = 1      # RoCEv2 lossless class: PAUSE above Xoff, resume below Xon
FC_CREDIT = 2   # InfiniBand: send only against advertised buffer credits

# Sender congestion control.
CC_NONE = 0     # line rate (IB without CC, RoCEv2 with DCQCN off)
CC_DCQCN = 1    # RoCEv2 DCQCN reaction point
CC_AIMD = 2     # TCP-like AIMD with retransmission timeout (front-end)


@dataclass
class PortSet:
    """Directed egress ports (NIC and switch ports), all arrays of length P. Bytes and seconds throughout."""

    capacity_Bps: np.ndarray                 # line rate in bytes/s (payload rate after protocol overhead)
    flow_control: np.ndarray                 # FC_* of the link this port transmits on
    xoff_B: np.ndarray                       # PFC: downstream ingress occupancy that pauses this port
    xon_B: np.ndarray                        # PFC: occupancy below which the pause ends
    headroom_B: np.ndarray                   # PFC: bytes the downstream can absorb after Xoff
    credit_B: np.ndarray                     # IB: downstream receive buffer advertised to this port
    queue_limit_B: np.ndarray                # lossy: egress queue beyond which arrivals drop
    ecn_kmin_B: np.ndarray                   # RED marking thresholds on this egress queue (0/0: no marking)
    ecn_kmax_B: np.ndarray
    ecn_pmax: np.ndarray
    is_nic: np.ndarray                       # the sender's own NIC port (injection point)
    names: list[str] = field(default_factory=list)

    @property
    def count(self) -> int:
        return int(self.capacity_Bps.shape[0])

    def subset(self, index: np.ndarray) -> PortSet:
        """The ports at `index` (in that order): a fluid run over the ports its flows use, not the whole fabric."""
        return PortSet(self.capacity_Bps[index], self.flow_control[index], self.xoff_B[index], self.xon_B[index],
                       self.headroom_B[index], self.credit_B[index], self.queue_limit_B[index],
                       self.ecn_kmin_B[index], self.ecn_kmax_B[index], self.ecn_pmax[index], self.is_nic[index],
                       [self.names[i] for i in index] if self.names else [])

    @classmethod
    def uniform(cls, count: int, capacity_Bps: float, flow_control: int = FC_PFC, *, xoff_B: float = 512e3,
                xon_B: float = 256e3, headroom_B: float = 118e3, credit_B: float = 256e3,
                queue_limit_B: float = 1e6, kmin_B: float = 0.0, kmax_B: float = 0.0, pmax: float = 0.0) -> PortSet:
        """`count` identical ports (handy for tests and small studies)."""
        full = lambda v: np.full(count, float(v))  # noqa: E731
        return cls(full(capacity_Bps), np.full(count, flow_control, dtype=np.int8), full(xoff_B), full(xon_B),
                   full(headroom_B), full(credit_B), full(queue_limit_B), full(kmin_B), full(kmax_B), full(pmax),
                   np.zeros(count, dtype=bool))


@dataclass
class DcqcnParams:
    """DCQCN reaction-point parameters; defaults mirror RoCESettings (DCQCN paper timing, §5.1)."""

    g: float = 1.0 / 256.0
    rate_ai_Bps: float = 400e6 / 8
    rate_hai_Bps: float = 4000e6 / 8
    timer_s: float = 55e-6
    byte_counter_B: float = 10e6
    fast_recovery_steps: int = 5
    min_dec_fac: float = 0.5                 # a CNP cuts the rate to no less than this fraction
    cnp_interval_s: float = 50e-6
    rate_reduce_period_s: float = 50e-6
    alpha_update_s: float = 55e-6            # the paper's K
    min_rate_Bps: float = 1e6 / 8

    @classmethod
    def from_settings(cls, s) -> DcqcnParams:
        """From a segment's RoCESettings (units: Mb/s, us, KB)."""
        return cls(g=s.dcqcn_g, rate_ai_Bps=s.rate_ai_mbps * 1e6 / 8, rate_hai_Bps=s.rate_hai_mbps * 1e6 / 8,
                   timer_s=s.rate_timer_us * 1e-6, byte_counter_B=s.byte_counter_kb * 1e3,
                   fast_recovery_steps=s.fast_recovery_steps, min_dec_fac=s.min_dec_fac,
                   cnp_interval_s=s.cnp_interval_us * 1e-6, rate_reduce_period_s=s.rate_reduce_period_us * 1e-6,
                   alpha_update_s=s.alpha_update_us * 1e-6, min_rate_Bps=s.min_rate_mbps * 1e6 / 8)

    @staticmethod
    def per_flow(sets: list[DcqcnParams], index: np.ndarray) -> DcqcnParams:
        """One parameter set whose fields are arrays over flows: flow i takes sets[index[i]] (its segment's)."""
        names = [f.name for f in fields(DcqcnParams)]
        return DcqcnParams(**{n: np.array([getattr(s, n) for s in sets])[index] for n in names})


@dataclass
class AimdParams:
    """TCP-like sender for the lossy front-end."""

    mss_B: float = 9000.0
    initial_window_B: float = 10 * 9000.0
    rto_s: float = 1e-3                      # minimum retransmission timeout (tuned data-centre Linux: ~1-5 ms)
    # base RTT of the front-end (kernel TCP, docs/references.md [kernel-tcp-latency])
    rtt_s: float = 20e-6


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
    segment: np.ndarray | None = None        # segment index per flow (for per-segment metrics)
    dcqcn_set: np.ndarray | None = None      # which DCQCN parameter set a flow's sender uses (its segment's)

    @property
    def count(self) -> int:
        return int(self.size_B.shape[0])

    @classmethod
    def from_paths(cls, paths: list[list[int]], size_B, *, start_s=0.0, line_rate_Bps=50e9,
                   base_latency_s=1e-6, cc=CC_NONE, segment=None) -> FlowSet:
        """Build from a list of port-index paths (first port = the sender's NIC port)."""
        n = len(paths)
        as_array = lambda v, dt=float: np.broadcast_to(np.asarray(v, dtype=dt), (n,)).copy()  # noqa: E731
        lengths = np.array([len(p) for p in paths])
        if n and lengths.min() < 1:
            raise ValueError("every flow needs at least one port on its path")
        hop_flow = np.repeat(np.arange(n), lengths)
        hop_port = np.concatenate([np.asarray(p, dtype=np.int64) for p in paths]) if n else np.zeros(0, np.int64)
        seg = None if segment is None else as_array(segment, np.int64)
        return cls(as_array(size_B), as_array(start_s), as_array(line_rate_Bps), as_array(base_latency_s),
                   as_array(cc, np.int8), hop_flow, hop_port, seg)
