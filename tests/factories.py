"""The designs tests are built on, made by hand so that they do not depend on the generators.

- `two_server_doc`: two 8-GPU servers on one leaf, one segment (the smallest complete design);
- `build_fabric`: a two-tier leaf-spine back-end with N servers over L leaves and S spines, optionally a one-switch
  Ethernet front-end, in one segment (design-rule, cost and finding tests);
- `two_tier`: two leaves by two spines at 1:1 with known cable lengths (engine physics tests);
- `PROJECTS`: the folder of the example designs shipped with the program;
- `make_design`: a hybrid (IB half, RoCE half) or single-protocol leaf-spine with pods and a front-end, and
  `compare_results`, a hand-written IB vs RoCEv2 comparison (proposal tests);
- `RESULT`: a small run result for proposals built without running the engine;
- `ADVISOR_BUDGET_64_GPUS`: a budget that some 64-GPU advisor candidates fit and some exceed.
"""

from __future__ import annotations

from pathlib import Path

from designer.catalog import load_catalog
from designer.catalog.instantiate import server_node, switch_node
from designer.model import Endpoint, FabricDocument, Link, Segment

PROJECTS = Path(__file__).resolve().parents[1] / "projects"    # the example designs shipped with the program
CAT = load_catalog()
SWITCH_FOR = {"ib": "qm9700", "rocev2": "sn5600"}
SERVER_CABLE_M = 2.0      # two_tier: server to leaf
SPINE_CABLE_M = 20.0      # two_tier: leaf to spine
# the advisor tests' budget for 64 GPUs: between the cheapest and the dearest candidate's capital cost, so that one
# candidate is recommended and some are set aside (test_advisor checks that it still splits them as prices move)
ADVISOR_BUDGET_64_GPUS = 3_600_000


def two_server_doc(protocol: str = "rocev2") -> FabricDocument:
    """Two 8-GPU servers on one leaf: 16 back-end links, one segment."""
    doc = FabricDocument(name="two servers")
    leaf_model = "qm9700" if protocol == "ib" else "sn5600"
    doc.add_node(switch_node(CAT, leaf_model, "leaf-1", "leaf", speed_gbps=400, label="叶交换机 1"))
    for s in (1, 2):
        doc.add_node(server_node(CAT, "hgx-h100", f"srv-{s}", x=100.0 * s, y=200.0))
        for nic in range(1, 9):
            port = (s - 1) * 8 + nic
            doc.add_link(Link(f"L{port}", Endpoint(f"srv-{s}", f"be{nic}"), Endpoint("leaf-1", f"p{port}"), 400.0,
                              "dac", 2.0, "backend"))
    doc.add_segment(Segment("backend", "Back-end", protocol, ["leaf-1", "srv-1", "srv-2"]))
    return doc


class _Cabling:
    """Links added in order (ids l1, l2, ...), each on the next free port of a switch (p1, p2, ...)."""

    def __init__(self, doc: FabricDocument) -> None:
        self.doc = doc
        self.next_port: dict[str, int] = {}

    def port(self, node_id: str) -> str:
        number = self.next_port.get(node_id, 1)
        self.next_port[node_id] = number + 1
        return f"p{number}"

    def link(self, a: str, pa: str, b: str, pb: str, cable: str = "dac", length_m: float = 2.0,
             plane: str = "backend", speed: float = 400.0) -> None:
        self.doc.add_link(Link(self.doc.new_id("l"), Endpoint(a, pa), Endpoint(b, pb), speed, cable, length_m,
                               plane))


def build_fabric(protocol: str = "rocev2", *, servers: int = 4, leaves: int = 2, spines: int = 2,
                 uplinks_per_spine: int | None = None, frontend: bool = True, switch_model: str | None = None,
                 uplink_m: float = 30.0) -> FabricDocument:
    """A 2-tier leaf-spine back-end (400G) with a one-switch Ethernet front-end, in one segment.

    Servers split evenly over the leaves; each leaf has `uplinks_per_spine` optical links of `uplink_m` to
    every spine (default: enough for 1:1).
    """
    doc = FabricDocument(name=f"test {protocol}")
    members = _servers_and_switches(doc, servers, leaves, spines, switch_model or SWITCH_FOR[protocol])
    cabling = _Cabling(doc)
    per_leaf = servers // leaves
    for s in range(1, servers + 1):
        leaf = f"leaf{(s - 1) // per_leaf + 1}"
        for n in range(1, 9):
            cabling.link(f"srv{s}", f"be{n}", leaf, cabling.port(leaf))
    uplinks = per_leaf * 8 // spines if uplinks_per_spine is None else uplinks_per_spine
    for li in range(1, leaves + 1):
        for si in range(1, spines + 1):
            for _ in range(uplinks):
                cabling.link(f"leaf{li}", cabling.port(f"leaf{li}"), f"spine{si}", cabling.port(f"spine{si}"),
                             "optics", uplink_m)
    if frontend:
        doc.add_node(switch_node(CAT, "7050cx3", "fe1", "frontend", speed_gbps=100))
        for s in range(1, servers + 1):
            cabling.link(f"srv{s}", "fe1", "fe1", cabling.port("fe1"), plane="frontend", speed=100.0)
    doc.add_segment(Segment("seg1", "back-end", protocol, members))
    return doc


def _servers_and_switches(doc: FabricDocument, servers: int, leaves: int, spines: int, model: str) -> list[str]:
    """Add the servers, leaves and spines of `build_fabric`; their ids, in that order."""
    for i in range(1, servers + 1):
        doc.add_node(server_node(CAT, "hgx-h100", f"srv{i}", label=f"服务器 {i}"))
    for i in range(1, leaves + 1):
        doc.add_node(switch_node(CAT, model, f"leaf{i}", "leaf", speed_gbps=400))
    for i in range(1, spines + 1):
        doc.add_node(switch_node(CAT, model, f"spine{i}", "spine", speed_gbps=400))
    return list(doc.nodes)


def two_tier(switch_model: str = "qm9700", protocol: str = "ib", servers_per_leaf: int = 2) -> FabricDocument:
    """2 leaves x 2 spines, 8-NIC servers, 1:1 (each leaf: 8*servers_per_leaf down, as many up)."""
    doc = FabricDocument(name="two-tier")
    speed = 400.0
    leaves = [doc.add_node(switch_node(CAT, switch_model, f"leaf{i}", "leaf", speed_gbps=speed)) for i in range(2)]
    spines = [doc.add_node(switch_node(CAT, switch_model, f"spine{i}", "spine", speed_gbps=speed)) for i in range(2)]
    servers = []
    n = 0
    for li, leaf in enumerate(leaves):
        port = 1
        for s in range(servers_per_leaf):
            srv = doc.add_node(server_node(CAT, "hgx-h100", f"srv{li}{s}", frontend_nics=0))
            servers.append(srv.id)
            for nic in range(1, 9):
                n += 1
                doc.add_link(Link(f"L{n}", Endpoint(srv.id, f"be{nic}"), Endpoint(leaf.id, f"p{port}"), speed,
                                  length_m=SERVER_CABLE_M))
                port += 1
        uplinks = 8 * servers_per_leaf
        for u in range(uplinks):
            spine = spines[u % 2]
            n += 1
            sp_port = 1 + li * uplinks // 2 + u // 2
            doc.add_link(Link(f"L{n}", Endpoint(leaf.id, f"p{port}"), Endpoint(spine.id, f"p{sp_port}"), speed,
                              cable="aoc", length_m=SPINE_CABLE_M))
            port += 1
    doc.add_segment(Segment("seg", "Back-end", protocol, servers + [x.id for x in leaves + spines]))
    return doc


def make_design(leaves: int = 2, servers_per_leaf: int = 4, spines: int = 2, leaves_per_pod: int = 0,
                hybrid: bool = True, name: str = "Test fabric") -> FabricDocument:
    """A leaf-spine with 8×400G back-end NICs per server, a 100G front-end, and (hybrid) an IB half and a RoCE half."""
    doc = FabricDocument(name=name)
    half = leaves // 2 if hybrid else leaves
    seg_ib = Segment("seg-ib", "训练 IB", "ib")
    seg_roce = Segment("seg-roce", "RoCE pool", "rocev2")
    fe = doc.add_node(switch_node(CAT, "7060cx-64", "fe1", "frontend", speed_gbps=100, label="FE-1"))
    fe_port = iter(range(1, 10_000))

    def link(a: str, pa: str, b: str, pb: str, speed: float, plane: str, cable: str = "dac",
             length: float = 2.0) -> None:
        doc.add_link(Link(doc.new_id("l"), Endpoint(a, pa), Endpoint(b, pb), speed, cable, length, plane))

    spine_models = []
    for s in range(spines):
        # a spine belongs to the IB half when the whole design is IB-led; hybrid designs get one spine set each
        spine_models.append(("qm9700" if (not hybrid or s < spines // 2) else "sn5600", s))
    spine_ids = []
    for model, s in spine_models:
        node = switch_node(CAT, model, f"spine{s + 1}", "spine", speed_gbps=400, label=f"Spine {s + 1}")
        doc.add_node(node)
        spine_ids.append(node.id)
    spine_port = {sid: iter(range(1, 10_000)) for sid in spine_ids}
    for lf in range(leaves):
        is_ib = lf < half
        model = "qm9700" if is_ib else "sn5600"
        pod = (lf // leaves_per_pod + 1) if leaves_per_pod else None
        leaf = doc.add_node(switch_node(CAT, model, f"leaf{lf + 1}", "leaf", speed_gbps=400,
                                        label=f"Leaf {lf + 1}", pod=pod))
        seg = seg_ib if is_ib else seg_roce
        seg.nodes.append(leaf.id)
        port = iter(range(1, 10_000))
        for sv in range(servers_per_leaf):
            sid = f"srv{lf * servers_per_leaf + sv + 1}"
            doc.add_node(server_node(CAT, "hgx-h100", sid, label=f"GPU node {lf * servers_per_leaf + sv + 1}",
                                     pod=pod))
            seg.nodes.append(sid)
            for n in range(1, 9):
                link(sid, f"be{n}", leaf.id, f"p{next(port)}", 400, "backend")
            link(sid, "fe1", fe.id, f"p{next(fe_port)}", 100, "frontend", "aoc", 10)
        my_spines = [sid for sid in spine_ids if (doc.nodes[sid].model == "qm9700") == is_ib] if hybrid else spine_ids
        uplinks = servers_per_leaf * 8
        for k in range(uplinks):
            sid = my_spines[k % len(my_spines)]
            link(leaf.id, f"p{next(port)}", sid, f"p{next(spine_port[sid])}", 400, "backend", "optics", 30)
    for sid in spine_ids:
        (seg_ib if doc.nodes[sid].model == "qm9700" else seg_roce).nodes.append(sid)
    doc.add_segment(seg_ib)
    if hybrid:
        doc.add_segment(seg_roce)
    return doc


def compare_results(t_ib: float = 0.010, t_roce: float = 0.013) -> dict:
    """A comparison in the result JSON shape that `compare --json` prints (hand-written figures)."""
    def result(t: float, p99: float, util: float, pfc: float) -> dict:
        return {"schema": "fabric-designer.result/1", "completion_time_s": t, "algbw_gbps": 2560 / t / 1e3,
                "busbw_gbps": 4800 / t / 1e3, "goodput_gbps": 3000.0 / t / 1e3, "throughput_fraction": 0.01 / t,
                "latency_us": {"p50": p99 / 3, "p99": p99, "p999": p99 * 1.6, "max": p99 * 2.2},
                "link_utilization": {"mean": util, "max": min(1.0, util * 1.4)}, "pfc_pause_fraction": pfc,
                "ecn_mark_fraction": 0.0, "credit_stall_fraction": 0.0, "dropped_bytes": 0,
                "step_time_s": None, "gpu_utilization": None, "segments": {}, "sim_wall_time_s": 0.1}
    return {"ib": result(t_ib, 4.0, 0.82, 0.0), "rocev2": result(t_roce, 11.0, 0.64, 0.03)}


# a small run result of the simulate --json shape, for proposals built without running the engine
RESULT = {"completion_time_s": 1e-5, "goodput_gbps": 10.0, "latency_us": {"p50": 2, "p99": 3, "p999": 4, "max": 5},
          "link_utilization": {"mean": 0.1, "max": 0.2}, "pfc_pause_fraction": 0.0, "ecn_mark_fraction": 0.0,
          "credit_stall_fraction": 0.0, "dropped_bytes": 0, "workloads": [{"spec": "pingpong:8B"}]}


def sections_without_acceptance() -> set[str]:
    """The proposal's default sections but the acceptance test plan, which simulates nccl-tests and ib_write_lat
    on the design (most of a small proposal's cost): for tests of escaping, atomic writes and layout, whose
    subject is elsewhere. tests/test_reliability_escaping.py and tests/test_report_proposal.py keep it."""
    from designer.report.options import DEFAULT_SECTIONS

    return set(DEFAULT_SECTIONS) - {"acceptance"}
