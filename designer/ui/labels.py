"""Elements named as the user named them: cables by their ends' labels, never by internal ids."""

from __future__ import annotations

from designer.model.document import FabricDocument


def node_name(doc: FabricDocument, node_id: str) -> str:
    """A node's label (its id when it has none, or when it is not in the document)."""
    node = doc.nodes.get(node_id)
    return node.display_name if node is not None else node_id


def cable_name(doc: FabricDocument, link_id: str) -> str:
    """A cable as a user names it: "leaf-03 → spine-01", its ends by their labels (the id if unknown)."""
    link = doc.links.get(link_id)
    if link is None:
        return link_id
    return f"{node_name(doc, link.a.node)} → {node_name(doc, link.b.node)}"


def switch_entry(model_name: str, ports: int, speed_gbps: float) -> str:
    """A switch's palette entry: its port configuration first, "128×400G — Spectrum-4 SN5600", so that the
    variants of one model differ where a narrow palette still shows them."""
    return f"{ports}×{speed_gbps:g}G — {model_name}"
