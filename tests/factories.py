"""Small hand-built documents for tests that must not depend on the generators."""

from designer.catalog import load_catalog
from designer.catalog.instantiate import server_node, switch_node
from designer.model import Endpoint, FabricDocument, Link, Segment


def two_server_doc(protocol: str = "rocev2") -> FabricDocument:
    """Two 8-GPU servers on one leaf: 16 back-end links, one segment."""
    cat = load_catalog()
    doc = FabricDocument(name="two servers")
    leaf_model = "qm9700" if protocol == "ib" else "sn5600"
    doc.add_node(switch_node(cat, leaf_model, "leaf-1", "leaf", speed_gbps=400, label="叶交换机 1"))
    for s in (1, 2):
        doc.add_node(server_node(cat, "hgx-h100", f"srv-{s}", x=100.0 * s, y=200.0))
        for nic in range(1, 9):
            port = (s - 1) * 8 + nic
            doc.add_link(Link(f"L{port}", Endpoint(f"srv-{s}", f"be{nic}"), Endpoint("leaf-1", f"p{port}"), 400.0,
                              "dac", 2.0, "backend"))
    doc.add_segment(Segment("backend", "Back-end", protocol, ["leaf-1", "srv-1", "srv-2"]))
    return doc


# a small run result of the simulate --json shape, for proposals built without running the engine
RESULT = {"completion_time_s": 1e-5, "goodput_gbps": 10.0, "latency_us": {"p50": 2, "p99": 3, "p999": 4, "max": 5},
          "link_utilization": {"mean": 0.1, "max": 0.2}, "pfc_pause_fraction": 0.0, "ecn_mark_fraction": 0.0,
          "credit_stall_fraction": 0.0, "dropped_bytes": 0, "workloads": [{"spec": "pingpong:8B"}]}
