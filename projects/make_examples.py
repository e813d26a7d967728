"""Regenerate the example projects in this folder: `python projects/make_examples.py`.

Each example comes from the topology generators with fixed options, so running this again gives
byte-identical files; the tests check that the files here are what this script writes.
"""

from __future__ import annotations

import sys
from pathlib import Path

from designer.model.document import FabricDocument
from designer.model.fileformat import save
from designer.topology import generate
from designer.topology.two_site import TwoSiteOptions, generate_two_site

HERE = Path(__file__).resolve().parent


def small_rocev2_pod() -> FabricDocument:
    """8 HGX servers, RoCEv2 leaf-spine: two leaves of four servers, two spines (asked for: one SN5600 would hold
    the 64 NICs, but the pod is the start of a fabric meant to grow, and it shows traffic crossing a spine)."""
    doc = generate("leaf-spine", gpus=64, backend="rocev2", name="Small RoCEv2 pod (8 servers)", two_tiers=True)
    doc.notes += " Starting point for RoCEv2 tuning: PFC, ECN and DCQCN settings live on the back-end segment."
    return doc


def ib_fat_tree_256() -> FabricDocument:
    """256 GPUs on a non-blocking 2-tier InfiniBand NDR fat-tree, with the Ethernet front-end."""
    return generate("fat-tree", gpus=256, backend="ib", name="256-GPU InfiniBand fat-tree")


def hybrid_ib_rocev2() -> FabricDocument:
    """An IB training pod and a RoCEv2 inference pod joined by gateways, one shared Ethernet front-end."""
    doc = generate("leaf-spine", gpus=128, backend="hybrid", name="混合集群: IB 训练 + RoCEv2 推理")
    train, infer = sorted(doc.segments.values(), key=lambda s: s.id)
    train.name, infer.name = "训练集群 (IB)", "推理集群 (RoCEv2)"
    for seg, word in ((train, "训练"), (infer, "推理")):
        servers = [n for n in seg.nodes if doc.nodes[n].kind == "server"]
        for i, node_id in enumerate(servers, 1):
            doc.nodes[node_id].label = f"{word}节点 {i:02d}"
    for i, node in enumerate((n for n in doc.nodes.values() if n.kind == "gateway"), 1):
        node.label = f"IB-以太网网关 {i}"
    doc.notes += " 训练集群 (training pod) runs InfiniBand; 推理集群 (inference pod) runs RoCEv2."
    return doc


def rail_optimized_1024() -> FabricDocument:
    """1,024 GPUs, RoCEv2, rail-optimized: NIC i of every server of a group on rail-leaf i."""
    return generate("rail-optimized", gpus=1024, backend="rocev2", name="1,024-GPU rail-optimized RoCEv2")


def two_site_100km() -> FabricDocument:
    """Two 32-GPU RoCEv2 sites 100 km apart, joined by four 400G long-haul links through deep-buffer DCI routers
    with 400ZR optics: the start of a cross-site study (`train:..:dp_across_sites=hier`, docs/multi-site.md)."""
    return generate_two_site(TwoSiteOptions(gpus_per_site=32, distance_km=100.0, dci_gbps=400.0, dci_links=4,
                                            backend="rocev2", frontend=True,
                                            name="Two sites 100 km apart (2 x 32 GPUs, RoCEv2)"))


def nvl72_two_racks() -> FabricDocument:
    """Two GB200 NVL72 racks (144 GPUs) on an InfiniBand leaf-spine: 72-GPU NVLink domains, one 400G NIC per GPU
    (docs/scale-up.md)."""
    return generate("leaf-spine", gpus=144, backend="ib", server_model="gb200-nvl72",
                    name="Two GB200 NVL72 racks on InfiniBand (144 GPUs)")


EXAMPLES = {
    "small-rocev2-pod.json": small_rocev2_pod,
    "ib-fat-tree-256.json": ib_fat_tree_256,
    "hybrid-ib-rocev2.json": hybrid_ib_rocev2,
    "rail-optimized-1024.json": rail_optimized_1024,
    "two-site-100km.json": two_site_100km,
    "nvl72-two-racks.json": nvl72_two_racks,
}


def main(folder: Path = HERE) -> int:
    for file_name, make in EXAMPLES.items():
        doc = make()
        save(doc, folder / file_name)
        print(f"{file_name}: {doc.gpu_count()} GPUs, {len(doc.nodes)} nodes, {len(doc.links)} links")
    return 0


if __name__ == "__main__":
    sys.exit(main())
