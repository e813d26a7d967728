"""Device labels by the design's naming rule (build settings `label_rule`), e.g. "{rack}-U{u:02d} {name}".

Fields: name (the device's label, else its id), id, rack (A03), row (1-based), u (lowest U), role (leaf, spine,
server, ...), kind, pod, index (1-based within the device's role, in document order). A rule that gives two
devices the same label gets the device id appended to the later ones, so that labels stay unique.
"""

from __future__ import annotations

from designer.model.document import FabricDocument
from designer.model.rack_layout import RackLayout


def device_labels(doc: FabricDocument, layout: RackLayout) -> dict[str, str]:
    """The printed label of every node."""
    mounts = layout.node_mounts()
    rows = {r.name: r.row for r in layout.racks}
    counters: dict[str, int] = {}
    seen: set[str] = set()
    out: dict[str, str] = {}
    for nid, node in doc.nodes.items():
        role = node.role or node.kind
        counters[role] = counters.get(role, 0) + 1
        m = mounts.get(nid)
        fields = {"name": node.label or nid, "id": nid, "rack": m.rack if m else "-", "u": m.u if m else 0,
                  "row": rows.get(m.rack, -1) + 1 if m else 0, "role": role, "kind": node.kind,
                  "pod": node.pod or 0, "index": counters[role]}
        text = render_label(doc.build.label_rule, fields)
        if text in seen:
            text = f"{text} ({nid})"
        seen.add(text)
        out[nid] = text
    return out


def render_label(rule: str, fields: dict[str, object]) -> str:
    """The rule filled in; a rule that does not format (checked when it is set) falls back to the name."""
    try:
        return rule.format(**fields)
    except (KeyError, ValueError, IndexError, AttributeError):
        return str(fields["name"])
