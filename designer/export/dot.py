"""Graphviz DOT text of a design (no Graphviz needed to write it): tiers as ranks, planes as line styles.

Nodes keep their document position as `pos` (points, y upwards as Graphviz wants) so that `neato -n` draws the
user's layout, while `dot` ranks spines, leaves and servers in rows. Labels are UTF-8; Chinese needs a CJK font
where Graphviz runs.
"""

from __future__ import annotations

import os

from designer.export.output_file import write_text_atomically
from designer.export.text_fields import NOT_IN_DOT, refuse_unwritable_text
from designer.model.document import FabricDocument
from designer.model.nodes import Node

SHAPES = {"server": "box3d", "switch": "box", "gateway": "hexagon", "storage": "cylinder"}
# Rank order top to bottom: core, spine, leaf, then servers, gateways, storage; front-end switches in their own row.
RANKS = (("core", "switch"), ("spine", "switch"), ("leaf", "switch"), ("frontend", "switch"),
         (None, "gateway"), (None, "server"), (None, "storage"))
PLANE_STYLES = {"backend": 'style=solid, color="#1f5fa8"', "frontend": 'style=dashed, color="#7a7a7a"'}


def quote(text: str) -> str:
    """A DOT double-quoted string in which every text has its own spelling: a backslash doubled, a quote, a line
    feed and a carriage return escaped (\\", \\n, \\r). Distinct ids stay distinct nodes (a CR is not an LF), and
    in labels Graphviz shows \\n and \\r as line breaks and \\\\ as a backslash."""
    escaped = text.replace("\\", "\\\\").replace('"', '\\"')
    return '"' + escaped.replace("\n", "\\n").replace("\r", "\\r") + '"'


def node_label(node: Node) -> str:
    """The text shown in a node: its label (or id) and model."""
    head = node.label or node.id
    return f"{head}\n{node.model}" if node.model else head


def to_dot(doc: FabricDocument) -> str:
    """The design as an undirected DOT graph: every node and every link (one edge per cable)."""
    lines = [f"graph {quote(doc.name)} {{", '  charset="UTF-8";', "  rankdir=TB;",
             '  node [fontname="Noto Sans CJK SC, WenQuanYi Micro Hei, sans-serif", fontsize=10];']
    segment_of = {nid: seg for seg in reversed(list(doc.segments.values())) for nid in seg.nodes}
    for n in doc.nodes.values():
        seg = segment_of.get(n.id)
        attrs = [f"label={quote(node_label(n))}", f"shape={SHAPES.get(n.kind, 'ellipse')}",
                 f"kind={quote(n.kind)}", f"model={quote(n.model)}",
                 # Document y grows downwards, Graphviz y upwards; both in points.
                 f'pos="{n.x:g},{0.0 - n.y:g}"']
        if n.role:
            attrs.append(f"role={quote(n.role)}")
        if seg is not None:
            attrs.append(f"segment={quote(seg.id)}")
            attrs.append(f"protocol={quote(seg.protocol)}")
        lines.append(f"  {quote(n.id)} [{', '.join(attrs)}];")
    for role, kind in RANKS:
        members = [n.id for n in doc.nodes.values() if n.kind == kind and (role is None or n.role == role)]
        if members:
            lines.append("  { rank=same; " + " ".join(quote(m) for m in members) + " }")
    for link in doc.links.values():
        attrs = [f"id={quote(link.id)}", f"taillabel={quote(link.a.port)}", f"headlabel={quote(link.b.port)}",
                 f"plane={quote(link.plane)}", f'speed_gbps="{link.speed_gbps:g}"', f"cable={quote(link.cable)}",
                 f'length_m="{link.length_m:g}"', PLANE_STYLES.get(link.plane, "style=solid")]
        lines.append(f"  {quote(link.a.node)} -- {quote(link.b.node)} [{', '.join(attrs)}];")
    lines.append("}")
    return "\n".join(lines) + "\n"


def write_dot(doc: FabricDocument, path: str | os.PathLike[str]) -> None:
    """Write the DOT text to `path` (UTF-8), atomically; ExportError naming the field of a control character."""
    refuse_unwritable_text(doc, path, NOT_IN_DOT, "dot")
    write_text_atomically(path, to_dot(doc))
