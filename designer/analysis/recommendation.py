"""Which back-end protocol to recommend for a design (InfiniBand, RoCEv2 or the hybrid as drawn), and why.

Each rule reads one of this design's numbers (scale, workload mix, simulated IB vs RoCEv2 figures, switch
cost of each protocol for the ports drawn, an existing Ethernet front-end) and weighs it with a published
trade-off: IB's credit flow control and adaptive routing give lower and steadier
latency without tuning; a tuned RoCEv2 fabric reaches IB-class collective bandwidth at tens of thousands of
GPUs (docs/references.md [meta-roce], [hpn]) at a lower per-port price and on the operations team's Ethernet skills.
A positive weight favours IB, a negative one RoCEv2. No Qt: the report and the advisor both use it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from designer.catalog.loader import Catalog
from designer.i18n.number_format import money
from designer.model.document import FabricDocument

# A 2-tier non-blocking fat tree of 64-port NDR switches reaches 64²/2 = 2,048 endpoints (topology/sizing.py).
TWO_TIER_IB_ENDPOINTS = 2048
SMALL_FABRIC_GPUS = 256          # one or two leaf switches' worth of rails: ECMP collisions touch few links
PARITY_BAND = 0.10               # simulated completion times within 10 % count as parity
LATENCY_SENSITIVE_BYTES = 1 << 20  # collectives of 1 MiB or less are latency-bound, not bandwidth-bound
COST_PREMIUM_THRESHOLD = 0.15    # IB switching more than 15 % dearer counts against it

REASON_TEXT = {
    "scale_large": ("{gpus} GPUs exceed the {limit} endpoints of a two-tier non-blocking InfiniBand fat tree; at "
                    "this scale IB's Subnet-Manager routing and adaptive routing avoid ECMP hash collisions without "
                    "tuning, whereas RoCEv2 needs QP scaling and careful PFC/ECN tuning (as Meta reported)."),
    "scale_small": ("With {gpus} GPUs the fabric is small (one or two tiers of commodity switches), where "
                    "Ethernet's lower switch cost and familiar operations weigh most."),
    "scale_medium": ("{gpus} GPUs fit a two-tier fabric of either protocol; scale alone does not decide."),
    "latency_sensitive": ("The workloads ({workloads}) are latency-bound; InfiniBand's cut-through switches "
                          "(~130 ns vs ~600 ns port to port) and credit flow control keep small-message and tail "
                          "latency lower."),
    "bandwidth_bound": ("The workloads ({workloads}) are bandwidth-bound collectives, where a tuned RoCEv2 fabric has "
                        "reached InfiniBand-class bus bandwidth at 24,000 GPUs (Meta) and 15,000 GPUs (Alibaba)."),
    "sim_ib_faster": ("On this design the simulation finishes {pct:.0f} % sooner on InfiniBand "
                      "({ib} vs {roce}). If RoCEv2 is preferred for other reasons, more queue pairs per connection "
                      "(qps=16, as Meta does) or packet spraying spread its flows over the paths that ECMP leaves "
                      "idle; simulate with those options before deciding."),
    "sim_roce_faster": ("On this design the simulation finishes {pct:.0f} % sooner on RoCEv2 ({roce} vs {ib})."),
    "sim_parity": ("On this design the simulated completion times are within {band:.0f} % ({ib} on InfiniBand, "
                   "{roce} on RoCEv2), so performance does not separate the protocols."),
    "sim_tail": ("The simulated p99 latency on RoCEv2 is {ratio:.1f}× that of InfiniBand ({roce_us:.1f} µs vs "
                 "{ib_us:.1f} µs): queueing under PFC/ECN shows in the tail."),
    "pfc_pauses": ("RoCEv2 ports spend {pct:.1f} % of the time paused by PFC in the simulation, a sign of "
                   "congestion spreading that needs tuning."),
    "cost_premium": ("InfiniBand switching for the {ports} back-end switch ports drawn costs about {ib_cost} against "
                     "{eth_cost} for Ethernet ({pct:.0f} % more)."),
    "cost_close": ("InfiniBand and Ethernet switching for the {ports} back-end switch ports cost about the same "
                   "({ib_cost} vs {eth_cost})."),
    "ethernet_ops": ("The design already runs an Ethernet front-end ({fe} switches): a RoCEv2 back-end reuses its "
                     "operations, tooling and skills, whereas InfiniBand adds a Subnet Manager and a second skill "
                     "set."),
    "oversubscribed": ("The back-end is oversubscribed ({ratio:.1f}:1); under sustained congestion IB credits bound "
                       "queues per hop, while RoCEv2 relies on PFC pauses that can spread to victim flows."),
    "hybrid_as_drawn": ("The design is drawn as a hybrid ({segments}); the arguments above are balanced, so keeping "
                        "each segment's protocol where it was chosen is sound; traffic between segments crosses a "
                        "gateway or the front-end, so keep jobs segment-local."),
}


# The same reasons as written by Chinese network engineers (terms: resources/i18n/glossary_zh_CN.md).
REASON_TEXT_ZH = {
    "scale_large": ("{gpus} 块 GPU 超过两层无阻塞 InfiniBand 胖树的 {limit} 个端点；在此规模下，IB 的子网管理器路由和"
                    "自适应路由无需调优即可避免 ECMP 哈希冲突，"
                    "而 RoCEv2 需要 QP 扩展以及细致的 PFC/ECN 调优（Meta 的经验）。"),
    "scale_small": ("{gpus} 块 GPU 的网络规模较小（一到两层商用交换机），以太网更低的交换机成本和熟悉的运维最为重要。"),
    "scale_medium": ("{gpus} 块 GPU 用任一协议的两层网络都能容纳；仅凭规模无法决定。"),
    "latency_sensitive": ("负载（{workloads}）对时延敏感；InfiniBand 的直通交换（端口间约 130 ns，以太网约 600 ns）和"
                          "基于信用的流控使小消息时延和尾时延更低。"),
    "bandwidth_bound": ("负载（{workloads}）是带宽受限的集合通信；经过调优的 RoCEv2 网络已在 24,000 块 GPU（Meta）和 "
                        "15,000 块 GPU（阿里巴巴）规模上达到 InfiniBand 级的总线带宽。"),
    "sim_ib_faster": ("在本设计上，仿真在 InfiniBand 上快 {pct:.0f}% 完成（{ib} 对比 {roce}）。"
                      "如因其他原因倾向 RoCEv2，"
                      "可增加每个连接的队列对（qps=16，Meta 的做法）或采用逐包喷洒，把流量分散到 ECMP 闲置的路径上；"
                      "请先用这些选项仿真再做决定。"),
    "sim_roce_faster": ("在本设计上，仿真在 RoCEv2 上快 {pct:.0f}% 完成（{roce} 对比 {ib}）。"),
    "sim_parity": ("在本设计上，两者的仿真完成时间相差不到 {band:.0f}%（InfiniBand {ib}，RoCEv2 {roce}），"
                   "性能不足以区分两种协议。"),
    "sim_tail": ("RoCEv2 的仿真 p99 时延是 InfiniBand 的 {ratio:.1f} 倍（{roce_us:.1f} µs 对比 {ib_us:.1f} µs）："
                 "PFC/ECN 下的排队体现在尾时延中。"),
    "pfc_pauses": ("仿真中 RoCEv2 端口有 {pct:.1f}% 的时间被 PFC 暂停，说明存在需要调优的拥塞扩散。"),
    "cost_premium": ("所绘 {ports} 个后端交换机端口采用 InfiniBand 约需 {ib_cost}，采用以太网约需 {eth_cost}"
                     "（贵 {pct:.0f}%）。"),
    "cost_close": ("所绘 {ports} 个后端交换机端口采用 InfiniBand 与以太网的成本相近（{ib_cost} 对比 {eth_cost}）。"),
    "ethernet_ops": ("设计中已有以太网前端网络（{fe} 台交换机）：RoCEv2 后端可复用其运维、工具和技能，"
                     "而 InfiniBand 需要增加子网管理器和另一套技能。"),
    "oversubscribed": ("后端网络存在收敛（{ratio:.1f}:1）；持续拥塞时 IB 的信用机制逐跳限制队列，"
                       "而 RoCEv2 依赖可能扩散到受害流的 PFC 暂停。"),
    "hybrid_as_drawn": ("设计按混合方式绘制（{segments}）；上述论据相互平衡，因此保留各分区所选协议是合理的；"
                        "分区之间的流量需经过网关或前端网络，因此应让作业留在分区内。"),
}

@dataclass(frozen=True)
class Reason:
    """One argument: a key into REASON_TEXT, its numbers, and its weight (+ favours IB, − RoCEv2)."""

    key: str
    weight: float
    values: dict = field(default_factory=dict, hash=False, compare=False)

    @property
    def favours(self) -> str:
        return "ib" if self.weight > 0 else "rocev2" if self.weight < 0 else "neutral"

    def text(self, language: str = "en") -> str:
        """The reason as a sentence, in English or (language "zh_CN") Chinese."""
        if language != "zh_CN":
            return REASON_TEXT[self.key].format(**self.values)
        values = dict(self.values)
        for key in ("ib_cost", "eth_cost"):
            if f"{key}_usd" in values:
                values[key] = money(values[f"{key}_usd"], "USD", language)   # US$ beside ¥, as Chinese text writes
        return REASON_TEXT_ZH[self.key].format(**values)


@dataclass
class Recommendation:
    """The protocol to recommend ("ib", "rocev2" or "hybrid"), the reasons and their summed weight."""

    choice: str
    reasons: list[Reason]
    score: float


def _money(amount_usd: float) -> str:
    return f"${amount_usd:,.0f}"


def format_duration(value: float) -> str:
    """A duration with the unit that reads best: 1.25 s, 3.40 ms, 950.0 µs."""
    if value >= 1:
        return f"{value:.2f} s"
    if value >= 1e-3:
        return f"{value * 1e3:.2f} ms"
    return f"{value * 1e6:.1f} µs"


_SIZE = re.compile(r"^(\d+(?:\.\d+)?)\s*(B|KB|MB|GB|KiB|MiB|GiB)?$")
_UNITS = {"B": 1, None: 1, "KB": 1e3, "MB": 1e6, "GB": 1e9, "KiB": 1024, "MiB": 1024**2, "GiB": 1024**3}


def _spec_bytes(text: str) -> float | None:
    m = _SIZE.match(text.strip())
    return float(m.group(1)) * _UNITS[m.group(2)] if m else None


def is_latency_sensitive(spec: str) -> bool:
    """True for workloads whose time is set by latency: ping-pong, inference, all-to-all, small collectives."""
    parts = spec.split(":")
    kind = parts[0].strip().lower()
    if kind in ("pingpong", "inference", "alltoall"):
        return True
    if kind in ("allreduce", "allgather", "reducescatter", "permutation") and len(parts) > 1:
        size = _spec_bytes(parts[1])
        return size is not None and size <= LATENCY_SENSITIVE_BYTES
    return False


def switch_port_cost_usd(catalog: Catalog, protocol: str, speed_gbps: float) -> float | None:
    """The cheapest catalog price per port at `speed_gbps` among back-end switches of a protocol family."""
    family = "ib" if protocol == "ib" else "ethernet"
    best = None
    for m in catalog.switches.values():
        if m.protocol != family or "frontend" in m.roles or not m.price_usd:
            continue
        breakout = m.breakout_for(speed_gbps)
        if breakout is None:
            continue
        per_port = m.price_usd / (m.ports * breakout)
        best = per_port if best is None else min(best, per_port)
    return best


def _backend_switch_ports(doc: FabricDocument) -> tuple[int, float]:
    """How many back-end switch ports are cabled, and their most common speed."""
    ports = 0
    speeds: dict[float, int] = {}
    for link in doc.links.values():
        if link.plane != "backend":
            continue
        for end in (link.a, link.b):
            if doc.nodes[end.node].kind == "switch":
                ports += 1
                speeds[link.speed_gbps] = speeds.get(link.speed_gbps, 0) + 1
    speed = max(speeds, key=lambda s: speeds[s]) if speeds else 400.0
    return ports, speed


def recommend(doc: FabricDocument, *, results: dict | None = None, workloads: list[str] | None = None,  # noqa: C901, PLR0915
              catalog: Catalog | None = None, oversubscription: float | None = None) -> Recommendation:
    """Weigh this design's numbers and return the protocol to recommend with its reasons.

    `results` is a compare result ({"ib": RESULT, "rocev2": RESULT}, each a designer.sim.metrics result) or
    None; `workloads` are the workload specs; `oversubscription` is the worst back-end tier ratio (1.0 = non-blocking).
    """
    reasons: list[Reason] = []
    gpus = doc.gpu_count()
    if gpus > TWO_TIER_IB_ENDPOINTS:
        reasons.append(Reason("scale_large", 1.0, {"gpus": f"{gpus:,}", "limit": f"{TWO_TIER_IB_ENDPOINTS:,}"}))
    elif gpus <= SMALL_FABRIC_GPUS:
        reasons.append(Reason("scale_small", -0.5, {"gpus": f"{gpus:,}"}))
    else:
        reasons.append(Reason("scale_medium", 0.0, {"gpus": f"{gpus:,}"}))

    specs = [w for w in (workloads or []) if w.strip()]
    if specs:
        sensitive = [w for w in specs if is_latency_sensitive(w)]
        if sensitive:
            reasons.append(Reason("latency_sensitive", 1.5, {"workloads": ", ".join(sensitive)}))
        else:
            reasons.append(Reason("bandwidth_bound", -0.5, {"workloads": ", ".join(specs)}))

    ib, roce = (results or {}).get("ib"), (results or {}).get("rocev2")
    if isinstance(ib, dict) and isinstance(roce, dict):
        t_ib, t_roce = ib.get("completion_time_s"), roce.get("completion_time_s")
        if t_ib and t_roce:
            values = {"ib": format_duration(t_ib), "roce": format_duration(t_roce), "band": PARITY_BAND * 100}
            # the measured gap outweighs the general arguments as it grows: 2 at the parity band, 5 at 2x
            if t_roce > t_ib * (1 + PARITY_BAND):
                weight = 2.0 + 3.0 * min(t_roce / t_ib - 1 - PARITY_BAND, 0.9) / 0.9
                reasons.append(Reason("sim_ib_faster", weight, {**values, "pct": (1 - t_ib / t_roce) * 100}))
            elif t_ib > t_roce * (1 + PARITY_BAND):
                weight = 2.0 + 3.0 * min(t_ib / t_roce - 1 - PARITY_BAND, 0.9) / 0.9
                reasons.append(Reason("sim_roce_faster", -weight, {**values, "pct": (1 - t_roce / t_ib) * 100}))
            else:
                reasons.append(Reason("sim_parity", -0.5, values))
        p99_ib = (ib.get("latency_us") or {}).get("p99")
        p99_roce = (roce.get("latency_us") or {}).get("p99")
        if p99_ib and p99_roce and p99_roce > 2 * p99_ib:
            reasons.append(Reason("sim_tail", 1.0, {"ratio": p99_roce / p99_ib, "roce_us": p99_roce,
                                                    "ib_us": p99_ib}))
        pause = roce.get("pfc_pause_fraction") or 0.0
        if pause > 0.05:
            reasons.append(Reason("pfc_pauses", 0.5, {"pct": pause * 100}))

    if catalog is not None:
        ports, speed = _backend_switch_ports(doc)
        ib_port, eth_port = switch_port_cost_usd(catalog, "ib", speed), switch_port_cost_usd(catalog, "rocev2", speed)
        if ports and ib_port and eth_port:
            ib_cost, eth_cost = ib_port * ports, eth_port * ports
            premium = ib_cost / eth_cost - 1
            values = {"ports": f"{ports:,}", "ib_cost": _money(ib_cost), "eth_cost": _money(eth_cost),
                      "ib_cost_usd": ib_cost, "eth_cost_usd": eth_cost, "pct": premium * 100}
            if premium > COST_PREMIUM_THRESHOLD:
                reasons.append(Reason("cost_premium", -1.0, values))
            else:
                reasons.append(Reason("cost_close", 0.0, values))

    fe_switches = sum(1 for n in doc.nodes.values() if n.kind == "switch" and n.role == "frontend")
    if fe_switches:
        reasons.append(Reason("ethernet_ops", -0.5, {"fe": fe_switches}))
    if oversubscription is not None and oversubscription > 1.05:
        reasons.append(Reason("oversubscribed", 0.5, {"ratio": oversubscription}))

    score = sum(r.weight for r in reasons)
    protocols = {s.protocol for s in doc.segments.values()}
    if protocols == {"ib", "rocev2"} and abs(score) < 2.0:
        names = ", ".join(f"{s.name or s.id}: {'InfiniBand' if s.protocol == 'ib' else 'RoCEv2'}"
                          for s in doc.segments.values())
        reasons.append(Reason("hybrid_as_drawn", 0.0, {"segments": names}))
        return Recommendation("hybrid", reasons, score)
    return Recommendation("ib" if score > 0 else "rocev2", reasons, score)
