"""Export a document as a networkx graph / GraphML file."""

from __future__ import annotations

import os

import networkx as nx

from designer.model.document import FabricDocument


def to_networkx(doc: FabricDocument) -> nx.MultiGraph:
    """Nodes with their kind, model, role, label and GPUs; one edge per link with its attributes."""
    g = nx.MultiGraph(name=doc.name)
    for n in doc.nodes.values():
        seg = doc.segment_of(n.id)
        g.add_node(n.id, kind=n.kind, model=n.model, role=n.role or "", label=n.label,
                   gpus=n.gpus, x=n.x, y=n.y, segment=seg.id if seg else "",
                   protocol=seg.protocol if seg else "")
    for link in doc.links.values():
        g.add_edge(link.a.node, link.b.node, key=link.id, id=link.id, a_port=link.a.port,
                   b_port=link.b.port, speed_gbps=link.speed_gbps, cable=link.cable,
                   length_m=link.length_m, plane=link.plane)
    return g


def write_graphml(doc: FabricDocument, path: str | os.PathLike[str]) -> None:
    nx.write_graphml(to_networkx(doc), os.fspath(path))
