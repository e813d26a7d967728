"""Fabrics of published comparisons that the catalog does not sell: built from a catalog file of their own
(resources/validation/), loaded beside the product's catalog for that design only."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from designer.catalog.loader import Catalog, load_catalog
from designer.model.document import FabricDocument
from designer.topology import generate

HOSTS_100G = Path(__file__).resolve().parents[3] / "resources" / "validation" / "hosts-100g.json"


def hosts_100g_catalog() -> Catalog:
    """The product's catalog plus single-NIC 100G hosts and a 16-port 100G switch."""
    base = load_catalog()
    cat = Catalog(**{section: dict(getattr(base, section)) for section in vars(base)})
    cat.merge_file(HOSTS_100G)
    return cat


@cache
def hosts_100g_fat_tree(hosts: int) -> FabricDocument:
    """`hosts` hosts of one 100G NIC each in a 3-tier fat tree of 16-port switches (1,024 hosts for k = 16), the
    fabric of the packet-level simulator's permutation benchmark. RoCEv2 with PFC; one queue pair unless a workload
    asks for more."""
    cat = hosts_100g_catalog()
    doc = generate("fat-tree-3", gpus=hosts, gpus_per_server=1, server_model="host-100g",
                   switch_model="k16-100g", link_gbps=100, backend="rocev2", frontend=False, catalog=cat,
                   preset="plain")
    with doc.batch():
        for node in list(doc.nodes.values()):
            if node.kind == "server":
                doc.update_node(node.id, nic_model="nic-100g")
    return doc
