"""A containerlab topology (YAML) of the Ethernet parts of a design, so that the design can be emulated.

Included: the links that run Ethernet (front-end plane, RoCEv2 back-end, a gateway's Ethernet side; see
ethernet_parts) and the nodes they join. InfiniBand cannot be emulated in containers and is left out.

Each switch becomes a network-OS container (`arista_ceos` for Arista models, otherwise `sonic-vs`, the SONiC
virtual switch that stands in for Spectrum / Cisco / white-box Ethernet switches); servers, storage and gateways
become `linux` containers. The images are set once per kind under `topology.kinds` for the user to change.
Interfaces are named eth1..ethN after the port's place on its node (eth0 is containerlab's management port);
each node's `labels` keep the design's id, label, model, role and the mapping from ethN to the design's port name.
The YAML is written by hand: every text value is a JSON string, which YAML reads as a double-quoted scalar.
"""

from __future__ import annotations

import json
import os
import re

from designer.catalog.loader import Catalog, load_catalog
from designer.export.ethernet_parts import ethernet_part
from designer.export.output_file import ExportError, write_text_atomically
from designer.export.text_fields import NOT_IN_UTF8, refuse_unwritable_text
from designer.i18n.message import Message
from designer.model.document import FabricDocument
from designer.model.nodes import Node

DEFAULT_IMAGES = {"sonic-vs": "docker-sonic-vs:latest", "arista_ceos": "ceos:latest", "linux": "alpine:latest"}
_PLAIN_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*")
ARISTA_KIND = "arista_ceos"
SWITCH_KIND = "sonic-vs"
HOST_KIND = "linux"


def lab_name(doc: FabricDocument) -> str:
    """The lab name: the design name reduced to letters, digits and dashes (containerlab prefixes containers
    with it), or "fabric" when nothing is left (for example a name only in Chinese)."""
    name = re.sub(r"[^a-z0-9]+", "-", doc.name.lower()).strip("-")
    return name[:40].strip("-") or "fabric"


def node_kind(node: Node, catalog: Catalog) -> str:
    """The containerlab kind that emulates a node."""
    if node.kind != "switch":
        return HOST_KIND
    model = catalog.switches.get(node.model)
    if model is not None and model.vendor.lower().startswith("arista"):
        return ARISTA_KIND
    return SWITCH_KIND


def container_names(node_ids: list[str]) -> dict[str, str]:
    """Design node id -> containerlab node name: the id itself when it is plain ASCII letters, digits, '-', '_'
    or '.', else a cleaned form made unique with a number (containerlab puts the name in container and
    interface references such as "leaf-1:eth3")."""
    out: dict[str, str] = {}
    taken = {nid for nid in node_ids if _PLAIN_NAME.fullmatch(nid)}
    for nid in node_ids:
        if nid in taken:
            out[nid] = nid
            continue
        base = re.sub(r"[^A-Za-z0-9_.-]+", "-", nid).strip("-.") or "node"
        candidate, i = base, 1
        while candidate in taken:
            i += 1
            candidate = f"{base}-{i}"
        taken.add(candidate)
        out[nid] = candidate
    return out


def interface_names(node: Node) -> dict[str, str]:
    """Design port name -> containerlab interface (eth1.. in the node's port order)."""
    return {p.name: f"eth{i}" for i, p in enumerate(node.ports(), start=1)}


def to_containerlab(doc: FabricDocument, catalog: Catalog | None = None) -> str:
    """The containerlab topology YAML text; ExportError when the design has no Ethernet part."""
    cat = catalog if catalog is not None else load_catalog()
    part = ethernet_part(doc)
    if not part.node_ids:
        raise ExportError(Message("error.export.no_ethernet"))
    clab = container_names(part.node_ids)
    names = {nid: interface_names(doc.nodes[nid]) for nid in part.node_ids}
    kinds = {nid: node_kind(doc.nodes[nid], cat) for nid in part.node_ids}
    used_ports: dict[str, set[str]] = {nid: set() for nid in part.node_ids}
    for link in part.links:
        used_ports[link.a.node].add(link.a.port)
        used_ports[link.b.node].add(link.b.port)

    out = [f"# containerlab topology of the Ethernet parts of {_q(doc.name)}, written by Fabric Designer.",
           "# InfiniBand segments are left out; see each node's labels for the design's names.",
           f"name: {_q(lab_name(doc))}", "topology:", "  kinds:"]
    for kind in sorted(set(kinds.values())):
        out += [f"    {_q(kind)}:", f"      image: {_q(DEFAULT_IMAGES[kind])}"]
    out.append("  nodes:")
    for nid in part.node_ids:
        n = doc.nodes[nid]
        out += [f"    {_q(clab[nid])}:", f"      kind: {_q(kinds[nid])}", "      labels:",
                f"        fd-id: {_q(nid)}", f"        fd-label: {_q(n.label)}", f"        fd-kind: {_q(n.kind)}",
                f"        fd-model: {_q(n.model)}"]
        if n.role:
            out.append(f"        fd-role: {_q(n.role)}")
        ports = [f"{names[nid][p]}={p}" for p in names[nid] if p in used_ports[nid]]
        out.append(f"        fd-ports: {_q(' '.join(ports))}")
    out.append("  links:" if part.links else "  links: []")
    for link in part.links:
        a = f"{clab[link.a.node]}:{names[link.a.node][link.a.port]}"
        b = f"{clab[link.b.node]}:{names[link.b.node][link.b.port]}"
        out.append(f"    - endpoints: [{_q(a)}, {_q(b)}]")
    return "\n".join(out) + "\n"


def write_containerlab(doc: FabricDocument, path: str | os.PathLike[str], catalog: Catalog | None = None) -> int:
    """Write the topology YAML to `path`; returns how many links it holds."""
    refuse_unwritable_text(doc, path, NOT_IN_UTF8, "containerlab")
    text = to_containerlab(doc, catalog)
    write_text_atomically(path, text)
    return text.count("- endpoints:")


# characters a YAML reader refuses, or reads as a line break, when they stand raw in a double-quoted scalar:
# DEL, C1 controls (NEL among them), the line and paragraph separators, the byte-order mark, non-characters
_NOT_RAW_IN_YAML = re.compile("[\x7f-\x9f\u2028\u2029\ufeff\ufffe\uffff]")


def _q(text: str) -> str:
    """`text` as a YAML double-quoted scalar (JSON string syntax, which YAML reads): Chinese and other text raw,
    every character YAML would not read back as itself escaped as \\uXXXX."""
    return _NOT_RAW_IN_YAML.sub(lambda m: f"\\u{ord(m.group()):04x}", json.dumps(text, ensure_ascii=False))
