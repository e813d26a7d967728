"""What a design-rule check reports (`Finding`) and the indexed view of a document the rules share."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from designer.catalog.loader import Catalog
from designer.i18n.findings import Names, Params, Phrase, Term, json_params, render_message
from designer.model.document import FabricDocument
from designer.model.links import Link
from designer.model.nodes import Node, Port
from designer.model.segments import Segment
from designer.topology.physical.schedule import Schedule, build_schedule

__all__ = ["MODEL_SECTIONS", "SEVERITIES", "CheckContext", "Finding", "Names", "Phrase", "Term", "finding",
           "finding_of"]


SEVERITIES = ("error", "warning", "info")
MODEL_SECTIONS = {"switch": "switches", "server": "servers", "gateway": "gateways", "storage": "storage"}


@dataclass(frozen=True)
class Finding:
    """One problem (or figure) found in a design, with the ids of the nodes and links involved.

    `message` is the English text; `msg_id` and `params` render it in any language
    (`designer.i18n.render_finding`).
    """

    rule: str
    severity: str  # "error" | "warning" | "info"
    message: str
    nodes: tuple[str, ...] = ()
    links: tuple[str, ...] = ()
    value: float | None = None
    msg_id: str | None = None
    params: tuple[tuple[str, object], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready form (for `check --json` and the GUI's problems dock)."""
        return {"rule": self.rule, "severity": self.severity, "message": self.message,
                "nodes": list(self.nodes), "links": list(self.links), "value": self.value,
                "msg_id": self.msg_id, "params": json_params(self.params)}


def finding(rule: str, severity: str, msg_id: str, *, nodes: tuple[str, ...] = (), links: tuple[str, ...] = (),
            value: float | None = None, **params: object) -> Finding:
    """A `Finding` whose English message is the template `msg_id` rendered with `params` (so they never drift)."""
    return finding_of(rule, severity, msg_id, tuple(params.items()), nodes=nodes, links=links, value=value)


def finding_of(rule: str, severity: str, msg_id: str, params: Params, *, nodes: tuple[str, ...] = (),
               links: tuple[str, ...] = (), value: float | None = None) -> Finding:
    """`finding` with the parameters as (name, value) pairs, in the order they are given."""
    return Finding(rule, severity, render_message(msg_id, params, "en"), nodes=tuple(nodes), links=tuple(links),
                   value=value, msg_id=msg_id, params=params)


class CheckContext:
    """A document indexed once (ports, links per node, segment per node) so that every rule is linear."""

    def __init__(self, doc: FabricDocument, catalog: Catalog, schedule: Schedule | None = None):
        self.doc = doc
        self.catalog = catalog
        self.port_maps: dict[str, dict[str, Port]] = {nid: n.port_map() for nid, n in doc.nodes.items()}
        self.links_by_node: dict[str, list[Link]] = {nid: [] for nid in doc.nodes}
        for link in doc.links.values():
            for nid in {link.a.node, link.b.node}:
                if nid in self.links_by_node:
                    self.links_by_node[nid].append(link)
        self.segment_of: dict[str, Segment] = {}
        for seg in doc.segments.values():
            for nid in seg.nodes:
                self.segment_of.setdefault(nid, seg)
        self._schedule: Schedule | None = schedule

    @property
    def schedule(self) -> Schedule:
        """The design's cables and optics as its gear takes them (built once, for the cabling rules)."""
        if self._schedule is None:
            self._schedule = build_schedule(self.doc, self.catalog, None, self.doc.build.fibre)
        return self._schedule

    def name(self, node_id: str) -> str:
        """How a message names a node: its label and id, or the id alone."""
        node = self.doc.nodes.get(node_id)
        if node is None or not node.label or node.label == node_id:
            return f"'{node_id}'"
        return f"'{node.label}' ({node_id})"

    def port(self, node_id: str, port_name: str) -> Port | None:
        return self.port_maps.get(node_id, {}).get(port_name)

    def known_port(self, node_id: str, port_name: str) -> Port:
        """A port that exists (rules run on a link only once both its ports are found)."""
        return self.port_maps[node_id][port_name]

    def medium(self, node_id: str, port: Port) -> str:
        """'ib' or 'ethernet': a vpi NIC port speaks its node's segment protocol (Ethernet outside any segment)."""
        if port.medium != "vpi":
            return port.medium
        seg = self.segment_of.get(node_id)
        return "ib" if seg is not None and seg.protocol == "ib" else "ethernet"

    def model_known(self, node: Node) -> bool:
        section = MODEL_SECTIONS.get(node.kind)
        return section is not None and node.model in getattr(self.catalog, section)

    def backend_links(self, node_id: str) -> list[Link]:
        return [link for link in self.links_by_node.get(node_id, []) if link.plane == "backend"]

    def servers(self) -> list[Node]:
        return [n for n in self.doc.nodes.values() if n.kind == "server"]
